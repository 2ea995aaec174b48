"""Game records (record.py): writing, reading, replaying and catching every mismatch."""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml

from initiative.engine.errors import IllegalActionError, NotationError
from initiative.engine.rng import SplitMix64
from initiative.games.content_files import CONTENT_PATH_ENV
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.content import content_hash, core_content, load_content_text
from initiative.games.ib.match import Match, fixture_match
from initiative.games.ib.movetext import format_action
from initiative.games.ib.notation import canonical_json
from initiative.games.ib.record import (
    FORMAT,
    ContentChangedWarning,
    GameRecord,
    Recorder,
    main,
    play_random,
    position_hash,
    record_game,
    rendered_log,
    replay,
)
from initiative.games.ib.setup import new_game
from initiative.games.ib.specs import Content
from tests.ib.scenario import RULES_CHARACTERS, rules_content


def finished(seed: int = 5, match: Match | None = None) -> GameRecord:
    match = match or fixture_match()
    moves = play_random(new_game(match, seed), SplitMix64(seed + 100))
    return record_game(match, seed, moves)


def test_a_record_replays_to_the_same_final_position() -> None:
    match = fixture_match()
    state = new_game(match, 5)
    moves = play_random(state, SplitMix64(105))
    record = record_game(match, 5, moves)
    assert record.result == state.result is not None
    assert record.final_hash == position_hash(state)
    assert len(record.actions) == len(moves)
    again = replay(record)
    assert canonical_json(again) == canonical_json(state)
    assert list(again.events()) == list(state.events())


def test_json_round_trip_and_files(tmp_path: Path) -> None:
    record = finished()
    data = json.loads(record.to_json())
    assert data["format"] == FORMAT == "initiative-record/2"
    assert data["setup"] == fixture_match().to_dict()
    assert "log" not in data and "agreed_order" not in data
    assert GameRecord.from_json(record.to_json()) == record
    path = tmp_path / "game.json"
    record.save(path)
    assert GameRecord.load(path) == record
    replay(GameRecord.load(path))


def test_move_texts_and_actions_record_alike() -> None:
    record = finished(seed=8)
    assert record_game(fixture_match(), 8, record.actions) == record


def test_recorder_notes_each_move_and_can_keep_the_log() -> None:
    recorder = Recorder(fixture_match(), 2)
    recorder.apply_text("keep")
    first = recorder.state.legal_actions()[1]
    text = format_action(recorder.state, first)
    recorder.apply(first)
    assert recorder.moves == ["keep", text] == ["keep", "mulligan"]
    record = recorder.record(with_log=True)
    assert record.result is None  # unfinished games record too
    assert record.log == rendered_log(recorder.state)
    assert replay(record).log_len == recorder.state.log_len
    with pytest.raises(IllegalActionError):
        recorder.apply(first)  # the mulligan window is over
    assert recorder.moves == ["keep", "mulligan"]
    with pytest.raises(NotationError, match=r"not legal now"):
        recorder.apply_text("keep")


def test_replay_reports_an_illegal_move_with_its_number() -> None:
    record = finished()
    record.actions[3] = "breakart"
    with pytest.raises(NotationError, match=r"record move 4: move 'breakart' is not legal now"):
        replay(record)
    with pytest.raises(NotationError, match=r"move 2: "):
        record_game(fixture_match(), 1, ["keep", "fly"])


def test_replay_checks_result_hash_and_log() -> None:
    record = finished()
    wrong = GameRecord(**{**record.__dict__, "result": 1 - (record.result or 0)})
    with pytest.raises(NotationError, match=r"record: the replay ends with result"):
        replay(wrong)
    wrong = GameRecord(**{**record.__dict__, "final_hash": "0" * 64})
    with pytest.raises(NotationError, match=r"final position hash .* differs from the stored"):
        replay(wrong)
    log = rendered_log(replay(record))
    wrong = GameRecord(**{**record.__dict__, "log": [*log[:9], "Nothing happens.", *log[10:]]})
    with pytest.raises(NotationError, match=r"record.log\[9\]: the replay says"):
        replay(wrong)
    wrong = GameRecord(**{**record.__dict__, "log": log[:-1]})
    with pytest.raises(NotationError, match=r"the replay has .* sentences"):
        replay(wrong)
    unfinished = GameRecord(**{**record.__dict__, "actions": record.actions[:-1]})
    with pytest.raises(NotationError, match=r"result None, the record says"):
        replay(unfinished)


@pytest.mark.parametrize(("text", "message"), [
    ("[1]", "record: expected a JSON object"),
    ("{", "record: not valid JSON"),
    ('{"format": "pgn"}', "record.format: expected 'initiative-record/2' (or an older "
                          "'initiative-record/1'), got 'pgn'"),
    ('{"format": "initiative-record/3"}', "record.format: expected 'initiative-record/2'"),
    ('{"format": "initiative-record/2", "moves": []}', "record: unknown field 'moves'"),
    ('{"format": "initiative-record/1", "seed": -2}', "record.seed: expected a whole number"),
    ('{"format": "initiative-record/2", "seed": 1, "actions": [1]}',
     "record.actions: expected a list of strings"),
    ('{"format": "initiative-record/1", "seed": 1, "setup": {"seats": []}}',
     "a game needs two seats, or a seat and Challenge Cards"),
])
def test_bad_record_files(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message.replace("[", r"\[").replace("(", r"\(")
                       .replace(")", r"\)")):
        GameRecord.from_json(text)


def test_bad_result_in_a_record() -> None:
    data = finished().to_dict()
    data["result"] = 9
    with pytest.raises(NotationError, match=r"record\.result: expected null, draw or a team"):
        GameRecord.from_dict(data)


def test_agreed_setup_order_is_recorded_and_replayed() -> None:
    """sela and dara tie on Initiative, Speed and HP (as the rules tests' Characters
    have them), and so do the two wrens; under agreement_required (AMB-92) the players'
    agreed order is part of the record."""
    config = RulesConfig().with_flags({"setup_final_tiebreak": "agreement_required"})
    match = fixture_match("fixture_vanguard", "fixture_tempest", config, rules_content())
    with pytest.raises(NotationError, match=r"record\.agreed_order: setup tie"):
        record_game(match, 1, [])
    for agreed in (["dara", "sela", "wren2", "wren"], ["sela", "dara", "wren", "wren2"]):
        record = record_game(match, 1, ["keep", "keep"], agreed_order=agreed)
        assert record.agreed_order == agreed
        state = replay(GameRecord.from_json(record.to_json()), rules_content())
        labels = [match.labels[u] for u in state.track.order]
        assert labels.index(agreed[0]) < labels.index(agreed[1])
        assert labels.index(agreed[2]) < labels.index(agreed[3])
    with pytest.raises(NotationError, match=r"record\.agreed_order: unknown unit 'kaede'"):
        record_game(match, 1, [], agreed_order=["kaede"])


def test_command_line_writes_and_replays_golden_records(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--make-golden", str(tmp_path)]) == 0
    written = sorted(tmp_path.glob("*.json"))
    assert len(written) >= 3
    assert main(["--replay", *map(str, written)]) == 0
    out = capsys.readouterr().out
    assert out.count(": ok, ") == len(written)


# --- the content hash ---------------------------------------------------------------


def core_text() -> str:
    return resources.files("initiative.games.ib").joinpath("data/core.yaml").read_text("utf-8")


def changed_content(edit: Callable[[dict[str, Any]], None]) -> Content:
    """The core content with `edit` applied to its YAML data."""
    data = yaml.safe_load(core_text())
    edit(data)
    return load_content_text(yaml.safe_dump(data, sort_keys=False), "changed.yaml")


def _retitle_an_event(data: dict[str, Any]) -> None:
    """Not in the supply decks that fixture_vanguard and fixture_harrow play."""
    event = next(c for c in data["cards"] if c.get("kind") == "event")
    event["text"] = "Something else entirely."


def _weaker_brask(data: dict[str, Any]) -> None:
    brask = next(c for c in data["characters"] if c["key"] == "brask")
    brask["hp"] -= 1


def _rename_pim(data: dict[str, Any]) -> None:
    for entry in (*data["characters"], *data["teams"]):
        if entry.get("key") == "pim":
            entry["key"] = "pip"
        if "characters" in entry:
            entry["characters"] = ["pip" if c == "pim" else c for c in entry["characters"]]


def test_content_hash_is_stable_and_changes_with_any_card() -> None:
    core = core_content()
    assert content_hash(core) == core.fingerprint() == content_hash(core_text())
    assert len(core.fingerprint()) == 64
    assert load_content_text(core_text(), "again.yaml").fingerprint() == core.fingerprint()
    assert changed_content(_retitle_an_event).fingerprint() != core.fingerprint()
    assert changed_content(_weaker_brask).fingerprint() != core.fingerprint()


def test_records_carry_the_content_hash() -> None:
    record = finished()
    assert record.content_hash == core_content().fingerprint()
    data = json.loads(record.to_json())
    assert data["content_hash"] == record.content_hash
    assert GameRecord.from_json(record.to_json()) == record
    assert Recorder(fixture_match(), 1).record().content_hash == record.content_hash


def test_old_records_without_a_content_hash_replay_silently() -> None:
    data = finished().to_dict()
    del data["content_hash"]
    old = GameRecord.from_dict(data)
    assert old.content_hash == ""
    assert "content_hash" not in old.to_dict()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        replay(old, changed_content(_retitle_an_event))


def test_other_content_that_still_fits_replays_with_a_warning() -> None:
    record = finished()
    other = changed_content(_retitle_an_event)
    expected = (f"record was played with content {record.content_hash[:12]}, this content is "
                f"{other.fingerprint()[:12]}: cards or characters changed since; "
                "the replay still matches")
    with pytest.warns(ContentChangedWarning) as caught:
        state = replay(record, other)
    assert [str(w.message) for w in caught] == [expected]
    assert position_hash(state) == record.final_hash
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        replay(record)  # the same content: no warning


def test_other_content_that_breaks_the_replay_says_the_content_changed() -> None:
    record = finished()
    other = changed_content(_weaker_brask)
    changed = (rf"\(record was played with content {record.content_hash[:12]}, this content "
               rf"is {other.fingerprint()[:12]}: cards or characters changed since\)$")
    with pytest.raises(NotationError, match=changed):
        replay(record, other)
    with pytest.raises(NotationError, match=r"unknown character 'pim'.*changed since"):
        GameRecord.from_json(record.to_json(), changed_content(_rename_pim))


def test_a_content_hash_must_be_text() -> None:
    data = finished().to_dict()
    data["content_hash"] = 7
    with pytest.raises(NotationError, match=r"record\.content_hash: expected a hex string"):
        GameRecord.from_dict(data)


def test_command_line_replay_prints_the_content_warning(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = finished()
    record.content_hash = "f" * 64
    record.save(tmp_path / "old.json")
    assert main(["--replay", str(tmp_path / "old.json")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"{tmp_path / 'old.json'}: warning: record was played with "
                               "content ffffffffffff, this content is ")
    assert lines[1].startswith(f"{tmp_path / 'old.json'}: ok, ")


# --- records from before setup_copy_tiebreak (initiative-record/1) ----------------------

RECORD_1 = Path(__file__).parent / "data" / "record_1_copies.json"
"""tests/golden/fixtures_tempest_vs_harrow.json as the code of commit 14d458b wrote it
(format /1, before setup_copy_tiebreak): its two Pim Osgoods, one a side, were ordered
by unit number at setup."""


def test_a_record_1_with_copies_replays_exactly_as_it_was_played() -> None:
    text = RECORD_1.read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["format"] == "initiative-record/1" and data["setup"]["rules"] == {}
    record = GameRecord.from_dict(data)
    assert record.unwritten == {"setup_copy_tiebreak": "unit"}  # AMB-92 as it was played
    assert record.match().config.setup_copy_tiebreak == "unit"
    # played with the Characters before the good-player pass (scenario.rules_content)
    state = replay(record, rules_content())  # every sentence of its log, result, hash
    assert state.result == record.result is not None
    assert position_hash(state, record.unwritten) == data["final_hash"]
    assert not any("Copies of" in line for line in rendered_log(state))
    assert record.to_json() == text  # written back as it was read
    # read as /2 (the flag's default, a draw) the same moves make another game
    with pytest.raises(NotationError):
        replay(GameRecord.from_dict({**data, "format": FORMAT}))


def test_a_record_1_that_names_the_flag_keeps_it() -> None:
    data = json.loads(RECORD_1.read_text(encoding="utf-8"))
    data["setup"]["rules"] = {"setup_copy_tiebreak": "draw", "status_stacking": "stack"}
    named = GameRecord.from_dict(data)
    assert named.unwritten == {} and named.match().config.setup_copy_tiebreak == "draw"
    data["setup"].pop("rules")
    assert GameRecord.from_dict(data).match().config.setup_copy_tiebreak == "unit"


def test_a_record_2_reads_its_rules_as_they_are() -> None:
    read = GameRecord.from_dict(finished().to_dict())
    assert read.format == FORMAT and read.unwritten == {}
    assert read.match().config.setup_copy_tiebreak == "draw"


def test_initiative_replay_tells_a_record_1_by_its_tag(monkeypatch: pytest.MonkeyPatch) -> None:
    from initiative.cli.replay import replay_file

    # played with the Characters before the good-player pass: they load as a content pack
    monkeypatch.setenv(CONTENT_PATH_ENV, str(RULES_CHARACTERS.parent))
    lines = replay_file(RECORD_1)
    replayed = lines.index("92 moves replayed.")
    assert lines[replayed + 1] == "Result: Team 2 (South) wins after 36 activations."
    # content changed since (the Challenge Cards this duel does not field): a warning only
    assert all("still matches" in line for line in lines[replayed + 2:])
