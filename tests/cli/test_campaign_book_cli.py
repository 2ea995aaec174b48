"""`initiative campaign book new|list|show|record|undo` (IB 7): the bookkeeping of a
printed-game campaign at the terminal, round trip through the store, clear errors."""

from __future__ import annotations

import sys
from pathlib import Path

import pexpect
from typer.testing import CliRunner

from initiative.cli.main import app
from tests.cli.helpers import ENV

RUNNER = CliRunner()
ROOT = Path(__file__).resolve().parents[2]


def book(*args: str) -> tuple[int, list[str], str]:
    result = RUNNER.invoke(app, ["campaign", "book", *args])
    return result.exit_code, result.stdout.splitlines(), result.stderr.strip()


def test_a_campaign_book_round_trip(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'books.db'}"
    code, out, err = book("new", "--name", "Tuesday group", "--member", "Rook=12",
                          "--member", "Vell Asher=10", "--flux", "1", "--db", db)
    assert code == 0, err
    assert out[0].startswith("Campaign book 'Tuesday group' (")
    assert out[0].endswith("): 0 session(s) recorded; Flux Surge tokens: 1")
    assert out[2].split() == ["Rook", "12/12", "0", "0/3", "-"]
    record_id = out[-1].split()[2].rstrip(";")

    code, out, err = book("record", "Tuesday group", "--session", "The flooded mill",
                          "--hp", "Rook=7", "--injury", "vell", "--xp", "all=2",
                          "--flux-gained", "1", "--db", db)
    assert code == 0, err
    assert out[:7] == [
        "Recorded 1. The flooded mill:",
        "  Vell Asher: +1 Injury (1), max HP 10 -> 9 (IB-7.5.2)",
        "  Rook: +2 XP (2/3) (IB-7.3.2)",
        "  Vell Asher: +2 XP (2/3) (IB-7.3.2)",
        "  Rook: HP 12 -> 7/12",
        "  Vell Asher: HP 10 -> 9, the new maximum",
        "  Flux Surge tokens +1 (2) (IB-7.4.1)"]

    code, out, err = book("record", record_id, "--xp", "Rook=1", "--advance", "Rook=hp",
                          "--flux-spent", "2", "--db", db)
    assert code == 0, err
    assert "  Rook: +1 XP (0/3), 1 Advancement due (IB-7.3.3)" in out
    assert "  Rook: Advancement +2 max HP, 12 -> 14 (IB-7.3.4; AMB-107: HP not raised)" in out
    assert out[-2].split() == ["Rook", "7/14", "0", "0/3", "+2", "max", "HP"]

    code, out, err = book("record", "Tuesday group", "--flux-spent", "1", "--db", db)
    assert code == 1
    assert err == ("error: 1 Flux Surge token(s) spent, but the party holds 0 (IB-7.4.2); "
                   "nothing was recorded")

    code, out, err = book("undo", "Tuesday group", "--db", db)
    assert code == 0, err
    assert out[0] == "Undone 2. Session 2."
    assert out[1].endswith("1 session(s) recorded; Flux Surge tokens: 2")

    code, out, err = book("show", record_id[:6], "--db", db)
    assert code == 0, err
    assert out[2].split() == ["Rook", "7/12", "0", "2/3", "-"]
    assert out[3].split() == ["Vell", "Asher", "9/9", "1", "2/3", "-"]
    assert out[4] == "History:"
    assert out[5].startswith("  1. The flooded mill [")
    assert any(line.startswith("  2. Session 2 [") and line.endswith("(undone)")
               for line in out)

    code, out, err = book("list", "--db", db)
    assert code == 0 and len(out) == 2
    assert out[1].split()[1:3] == ["1", "2"] and "Tuesday group (Rook, Vell Asher)" in out[1]

    exported = tmp_path / "book.json"
    result = RUNNER.invoke(app, ["campaign", "export", record_id, str(exported), "--db", db])
    assert result.exit_code == 0, result.stderr
    other = f"sqlite:///{tmp_path / 'other.db'}"
    result = RUNNER.invoke(app, ["campaign", "import", str(exported), "--db", other])
    assert result.exit_code == 0, result.stderr
    moved = book("show", "Tuesday group", "--db", other)[1]
    assert moved[2:] == book("show", "Tuesday group", "--db", db)[1][2:]


def test_bad_input_is_a_clear_error(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'books.db'}"
    assert book("new", "--name", "G", "--member", "Rook=12", "--db", db)[0] == 0
    cases = [
        (["new", "--name", "H", "--member", "Rook=lots", "--db", db], 2,
         "error: --member 'Rook=lots': the printed HP after '=' must be a whole number "
         "(NAME=HP)"),
        (["new", "--name", "H", "--member", "Nobody", "--db", db], 2,
         "error: --member 'Nobody': give NAME=HP"),
        (["record", "nope", "--hp", "Rook=3", "--db", db], 1,
         "error: no campaign book called 'nope' or with that id (books: 'G' ("),
        (["record", "G", "--hp", "Rook", "--db", db], 2, "error: --hp 'Rook': expected NAME=HP"),
        (["record", "G", "--hp", "Rook=13", "--db", db], 1,
         "error: Rook: HP 13 is above the maximum, 12"),
        (["record", "G", "--advance", "Rook=speed", "--db", db], 2,
         "error: --advance Rook=speed: hp (+2 max HP) or damage (+1 damage), IB-7.3.4"),
        (["record", "G", "--heal-injury", "Rook", "--db", db], 1,
         "error: Rook has no Injury to heal (Rehabilitation removes one, IB-7.6.2)"),
        (["record", "G", "--db", db], 1, "error: the entry changes nothing"),
        (["undo", "G", "--db", db], 1, "error: 'G': no entry to undo"),
    ]
    for args, exit_code, message in cases:
        code, _, err = book(*args)
        assert (code, err[:len(message)]) == (exit_code, message), args
        assert "Traceback" not in err


def test_a_party_member_from_a_content_pack_takes_its_printed_hp(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'books.db'}"
    code, out, err = book("new", "--name", "Dusk", "--member", "kestrel", "--member",
                          "Sela Marchetti", "--content-pack",
                          str(ROOT / "examples" / "packs" / "dusk-road"), "--db", db)
    assert code == 0, err
    assert out[2].split() == ["Kestrel", "Vane", "11/11", "0", "0/3", "-"]
    assert out[3].split()[:3] == ["Sela", "Marchetti", "10/10"]


def test_a_session_recorded_in_a_real_terminal(tmp_path: Path) -> None:
    """One pass as a person types it: open a book, write a session, read the sheet."""
    db = f"sqlite:///{tmp_path / 'books.db'}"
    env = {k: v for k, v in ENV.items() if k not in ("NO_COLOR", "COLUMNS")}
    env["TERM"] = "xterm-256color"

    def run(*args: str) -> str:
        child = pexpect.spawn(sys.executable, ["-m", "initiative.cli.main", "campaign",
                                               "book", *args, "--db", db],
                              env=env, encoding="utf-8", timeout=30, dimensions=(40, 120))
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0, child.before
        return str(child.before).replace("\r\n", "\n")

    assert "Maren" in run("new", "--name", "Sunday", "--member", "Maren=9")
    shown = run("record", "Sunday", "--defeated", "Maren", "--xp", "Maren=1")
    assert "Maren: defeated: +1 Injury (1), HP 4/8 (IB-7.2.2, AMB-101)" in shown
    sheet = run("show", "Sunday")
    assert "Campaign book 'Sunday'" in sheet and "History:" in sheet
    assert sheet.split("Maren", 1)[1].split()[:3] == ["4/8", "1", "1/3"]
