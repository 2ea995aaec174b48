"""`initiative deck validate|show` (IB 2.7, 8.2, 8.3): output and exit codes (0 legal,
1 illegal, 2 unreadable)."""

from __future__ import annotations

from pathlib import Path

from tests.cli.helpers import run_cli

ROOT = Path(__file__).resolve().parents[2]
CONTENT = str(ROOT / "examples" / "content" / "example_cards.yaml")
COMPANY = str(ROOT / "examples" / "content" / "teams" / "lantern_company.yaml")
PAIR = str(ROOT / "examples" / "content" / "teams" / "cinder_pair.yaml")

BROKEN = """\
name: Broken
characters:
  - {character: tamsin, keystone: cinder_crown}
  - {character: aurel, keystone: cinder_crown}
  - {character: hollin}
  - {character: nobody, keystone: gale_spur}
deck:
  rising_cut: 3
  orla_field_medic: 2
  flashpoint: 2
  hollin: 1
  no_such_card: 2
"""


def _write(tmp_path: Path, text: str, name: str = "team.yaml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_legal_team_exits_0_with_a_summary() -> None:
    done = run_cli(["deck", "validate", COMPANY, "--content", CONTENT])
    assert done.returncode == 0, done.stderr
    assert "(Lantern Company): legal for standard play" in done.stdout
    assert "4 Character(s), 12/12 points, 37 cards (32-40)" in done.stdout


def test_an_illegal_team_lists_every_violation_and_exits_1(tmp_path: Path) -> None:
    done = run_cli(["deck", "validate", _write(tmp_path, BROKEN), "--content", CONTENT])
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    expected = [
        "content   nobody:", "IB-2.2.2  cinder_crown:", "IB-2.2.1  hollin:",
        "IB-2.7.3  rising_cut:", "IB-2.7.4  orla_field_medic:", "IB-2.7.5  flashpoint:",
        "IB-2.7.2  hollin:", "content   no_such_card:", "IB-2.7.1  (team):",
    ]
    for start in expected:
        assert any(line.strip().startswith(start) for line in lines), start
    assert lines[-1].endswith("(Broken): 9 violation(s) for standard play")
    assert "Traceback" not in done.stderr


def test_rule_flags_change_the_verdict(tmp_path: Path) -> None:
    text = Path(PAIR).read_text(encoding="utf-8")
    text = text.replace("flashpoint: 1", "marginalia: 1")  # Aurel's card, Aurel absent
    path = _write(tmp_path, text)
    assert run_cli(["deck", "validate", path, "--content", CONTENT, "--format", "duel"]
                   ).returncode == 0
    done = run_cli(["deck", "validate", path, "--content", CONTENT, "--format", "duel",
                    "--rule", "signature_requires_character=true"])
    assert done.returncode == 1
    assert "IB-2.7.5  marginalia: signature card of aurel" in done.stdout
    exact = run_cli(["deck", "validate", path, "--content", CONTENT, "--format", "duel",
                     "--rule", "scaled_deck_minimum=exact"])
    assert exact.returncode == 1 and "allows 20 to 20" in exact.stdout


def test_several_files_are_also_checked_as_one_side() -> None:
    done = run_cli(["deck", "validate", PAIR, PAIR, "--content", CONTENT, "--format", "duel"])
    assert done.returncode == 1
    assert "IB-2.1.4  nerys:" in done.stdout and "IB-2.2.2  hollow_bell:" in done.stdout
    assert "side (Cinder Pair, Cinder Pair): 4 violation(s) for duel play" in done.stdout


def test_unreadable_input_exits_2_without_a_traceback(tmp_path: Path) -> None:
    bad_field = _write(tmp_path, "name: T\ncharacters: [{character: x, keystone: 3}]\n"
                                 "deck: {a: 1}\n", "bad.yaml")
    cases = [
        (["deck", "validate", str(tmp_path / "missing.yaml")], "missing.yaml: cannot read"),
        (["deck", "validate", bad_field], "bad.yaml (entry 'x'), field characters[0].keystone"),
        (["deck", "validate", COMPANY, "--content", str(tmp_path / "nope.yaml")],
         "nope.yaml: cannot read"),
        (["deck", "validate", COMPANY, "--rule", "coop_deck_size=huge"], "coop_deck_size"),
        (["deck", "validate", COMPANY, "--rule", "nonsense"], "expects flag=value"),
        (["deck", "validate", COMPANY, "--format", "melee"], "--format: 'melee'"),
        (["deck", "show", str(tmp_path / "missing.yaml")], "cannot read"),
    ]
    for args, message in cases:
        done = run_cli(args)
        assert done.returncode == 2, args
        assert done.stderr.startswith("error: ") and message in done.stderr, done.stderr
        assert "Traceback" not in done.stderr and not done.stdout


def test_unknown_keys_under_the_core_content_hint_at_content() -> None:
    done = run_cli(["deck", "validate", COMPANY])
    assert done.returncode == 1
    assert "content   tamsin: unknown Character" in done.stdout
    assert "--content FILE" in done.stdout.splitlines()[-1]


def test_show_lists_team_points_and_deck() -> None:
    done = run_cli(["deck", "show", PAIR, "--content", CONTENT, "--format", "duel"])
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith("Cinder Pair (")
    assert "2 Character(s), 4/7 points, 18 cards (16-20)" in out
    assert "nerys" in out and "Nerys Calder, Ember Duelist, 3 pt; Keystone hollow_bell" in out
    assert "2 x ember_volley" in out and "Ember Volley (technique)" in out
    assert "1 x flashpoint" in out and "signature of nerys" in out
    assert out.rstrip().endswith("Legal.")


def test_show_reports_but_does_not_fail_on_an_illegal_team(tmp_path: Path) -> None:
    done = run_cli(["deck", "show", _write(tmp_path, BROKEN), "--content", CONTENT])
    assert done.returncode == 0
    assert "? unknown" in done.stdout and "? not a card of this content" in done.stdout
    assert "9 violation(s)" in done.stdout


def test_a_supply_card_is_refused_for_competitive_play_only(tmp_path: Path) -> None:
    """IB 2.0.1: the shipped Tideguard with a Quick Jab swapped for an Ink Vial."""
    text = (ROOT / "examples" / "teams" / "tideguard.yaml").read_text(encoding="utf-8")
    assert "  quick_jab: 2\n" in text
    inked = _write(tmp_path, text.replace("  quick_jab: 2\n", "  quick_jab: 1\n  ink_vial: 1\n"))
    done = run_cli(["deck", "validate", inked])
    assert done.returncode == 1, done.stderr
    assert any(line.strip().startswith("IB-2.0.1  ink_vial: Ink Vial is a supply card with "
                                       "no play") for line in done.stdout.splitlines())
    done = run_cli(["deck", "validate", inked, "--format", "coop"])
    assert done.returncode == 0, done.stdout
    done = run_cli(["deck", "validate", str(ROOT / "examples" / "teams" / "tideguard.yaml")])
    assert done.returncode == 0, done.stdout
