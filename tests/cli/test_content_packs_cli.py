"""Content packs at the terminal (docs/content-packs.md): `initiative lint --game
initiative_break FOLDER`, `initiative play --content-pack FOLDER` (and
$INITIATIVE_CONTENT_PATH), `cards` and `deck` reading a pack; a pack folder outside the
repository, as a player keeps one."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from tests.cli.helpers import CLI, ENV, run_cli

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "packs" / "dusk-road"
PROMPT = r"Your choice \(number or move text, help, q to quit\): "


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    folder = tmp_path / "my-ib-cards"
    shutil.copytree(EXAMPLE, folder)
    return folder


def test_lint_of_a_clean_pack_folder_says_ok(pack: Path) -> None:
    for command in (["lint", "--game", "initiative_break", str(pack)],
                    ["cards", "lint", str(pack)]):
        linted = run_cli(command, cwd=pack.parent)
        assert linted.returncode == 0, linted.stdout + linted.stderr
        assert linted.stdout.splitlines() == [f"{pack} (content pack): ok"]


def test_lint_errors_name_file_entry_field_and_line(pack: Path) -> None:
    characters = pack / "characters.yaml"
    characters.write_text(characters.read_text("utf-8").replace("speed: 5", "speed: 12"),
                          "utf-8")
    teams = pack / "teams.yaml"
    teams.write_text(teams.read_text("utf-8").replace("paper_heron: 1", "paper_heron: 1\n"
                                                      "      paper_crane: 2"), "utf-8")
    linted = run_cli(["lint", "--game", "initiative_break", str(pack)])
    assert linted.returncode == 1
    assert linted.stdout.splitlines() == [
        f"error: {characters} (entry 'kestrel'), field characters[0].speed: Input should "
        "be less than or equal to 9 (line 9)",
        f"{pack} (content pack): 1 error(s), 0 warning(s)"]
    characters.write_text(characters.read_text("utf-8").replace("speed: 12", "speed: 5"),
                          "utf-8")
    linted = run_cli(["lint", "--game", "initiative_break", str(pack)])
    assert linted.returncode == 1
    assert f"error: {teams} (deck 'dusk_road_kit'), field cards.paper_crane: unknown card " \
           "(line 16)" in linted.stdout.splitlines()


def test_play_with_a_pack_plays_its_team_to_the_end(pack: Path) -> None:
    played = run_cli(["play", "--content-pack", str(pack), "--team", "dusk_road", "--watch",
                      "--seed", "4", "--max-activations", "12"])
    assert played.returncode == 0, played.stderr
    text = " ".join(played.stdout.split())
    assert text.startswith(f"Content pack {pack} adds characters: Kestrel Vane; cards: "
                           "Falling Star Cut, Paper Heron; keystones: Wick Shard; "
                           "challenges: Gutter Wisp; teams: Dusk Road.")
    assert "Player 1 (team 1): kestrel, brask, sela, odo," in text
    assert "Kestrel Vane (Player 1)" in text
    assert played.stdout.rstrip().splitlines()[-1].startswith("Result: ")


def test_the_environment_variable_names_the_pack(pack: Path) -> None:
    env = {**ENV, "INITIATIVE_CONTENT_PATH": str(pack)}
    played = subprocess.run([*CLI, "play", "--mode", "solo", "--team", "dusk_road",
                             "--encounter", "lamps_gone_out", "--watch", "--seed", "2",
                             "--max-activations", "6"],
                            capture_output=True, text=True, env=env, timeout=60)
    assert played.returncode == 0, played.stderr
    assert "against Challenge Cards: Gutter Wisp, Gutter Wisp, Hour Mite" in \
        " ".join(played.stdout.split())
    listed = subprocess.run([*CLI, "cards", "list", "--kind", "character"],
                            capture_output=True, text=True, env=env, timeout=60)
    assert "kestrel" in listed.stdout and "Kestrel Vane, Dusk Courier" in listed.stdout


def test_a_broken_pack_stops_play_with_the_place_of_the_problem(pack: Path) -> None:
    teams = pack / "teams.yaml"
    teams.write_text(teams.read_text("utf-8").replace("[kestrel, brask", "[kestral, brask"),
                     "utf-8")
    played = run_cli(["play", "--content-pack", str(pack), "--team", "dusk_road", "--watch"])
    assert played.returncode == 2
    assert "Traceback" not in played.stderr
    assert played.stderr.strip() == (f"error: {teams} (team 'dusk_road'), field characters: "
                                     "unknown character 'kestral' (line 6)")
    missing = run_cli(["play", "--content-pack", str(pack / "nope"), "--watch"])
    assert missing.returncode == 2
    assert "no such content pack" in missing.stderr


def test_cards_and_deck_read_a_pack(pack: Path, tmp_path: Path) -> None:
    shown = run_cli(["cards", "show", "Falling Star Cut", "--content-pack", str(pack)])
    assert shown.returncode == 0, shown.stderr
    assert "Deal 3 damage to an enemy; it Moves Back 1." in shown.stdout
    team = tmp_path / "my_team.yaml"
    team.write_text("name: Lamp Pair\ncharacters:\n  - {character: kestrel, keystone: "
                    "wick_shard}\n  - {character: sela, keystone: gale_feather}\n"
                    "deck:\n  falling_star_cut: 2\n  riptide_lunge: 2\n  paper_heron: 1\n",
                    "utf-8")
    checked = run_cli(["deck", "show", str(team), "--format", "duel", "--content-pack",
                       str(pack)])
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "Kestrel Vane" in checked.stdout
    both = run_cli(["cards", "list", "--content", str(pack / "cards.yaml"),
                    "--content-pack", str(pack)])
    assert both.returncode == 2 and "give one of them" in both.stderr


def test_a_person_plays_a_pack_character_at_the_terminal(pack: Path) -> None:
    """A real terminal: the pack's Character is on the screen and answers the prompt."""
    env = {k: v for k, v in ENV.items() if k not in ("NO_COLOR", "COLUMNS")}
    env["TERM"] = "xterm-256color"
    child = pexpect.spawn(sys.executable, ["-m", "initiative.cli.main", "play",
                                           "--content-pack", str(pack), "--team", "dusk_road",
                                           "--seed", "3", "--max-activations", "20"],
                          env=env, encoding="utf-8", timeout=30, dimensions=(60, 160),
                          cwd=os.fspath(pack.parent))
    child.expect("Content pack")
    child.expect("Kestrel Vane")
    seen = ""
    for _ in range(6):
        child.expect(PROMPT)
        seen += child.before
        child.sendline("1")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect("Game abandoned.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Kestrel Vane" in seen and "Traceback" not in seen


def test_replay_of_a_pack_game_reads_the_packs_of_the_environment(pack: Path,
                                                                   tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    played = run_cli(["play", "--content-pack", str(pack), "--team", "dusk_road", "--watch",
                      "--seed", "5", "--max-activations", "6", "--record", str(record)])
    assert played.returncode == 0, played.stderr
    bare = run_cli(["replay", str(record)])
    assert bare.returncode == 1 and "unknown character 'kestrel'" in bare.stderr
    assert "cards or characters changed since" in bare.stderr
    replayed = subprocess.run([*CLI, "replay", str(record)], capture_output=True, text=True,
                              env={**ENV, "INITIATIVE_CONTENT_PATH": str(pack)}, timeout=60)
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout.rstrip().splitlines()[-1] == "Result: draw after 6 activations."
    assert "Kestrel Vane" in replayed.stdout


def test_lint_takes_files_and_pack_folders_together_and_other_games_no_folders(
        pack: Path) -> None:
    example = ROOT / "examples" / "content" / "example_cards.yaml"
    linted = run_cli(["lint", str(pack), str(example)])
    assert linted.returncode == 0, linted.stdout + linted.stderr
    assert linted.stdout.splitlines() == [f"{example}: ok", f"{pack} (content pack): ok"]
    hex_lint = run_cli(["lint", "--game", "hex_skirmish", str(pack)])
    assert hex_lint.returncode == 2
    assert hex_lint.stderr.strip() == (f"error: {pack}: a folder; --game hex_skirmish reads "
                                       "content files only")
