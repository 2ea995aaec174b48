"""Every file of examples/ loads through every front end that takes it (issue 25 item 8):
people copy these files to start their own, and one that fails (examples/teams/
tideguard.yaml was a team of the example content, refused on the web with 29 errors)
teaches them nothing.

- examples/teams/*.yaml, teams of the shipped cards: `initiative play --team FILE`,
  `initiative deck validate FILE`, and a seat's team file uploaded on the web form
  (/new, the server's test client, as the browser posts it);
- examples/setups/*.yaml: `initiative play --setup FILE`;
- examples/content/*.yaml, content files: `initiative lint FILE` (and `cards lint`);
- examples/content/teams/*.yaml, teams of the example content: `initiative deck validate
  FILE --content examples/content/example_cards.yaml` (the web and `play` take the
  shipped cards only).
- examples/packs/*/, content packs (folders of content files a player keeps anywhere,
  docs/content-packs.md): `initiative lint --game initiative_break FOLDER` (and `cards
  lint`), `initiative cards list --content-pack FOLDER`, and `initiative play
  --content-pack FOLDER` with each team and each encounter the pack adds.

A file in none of these folders fails the test, so a new example gets its check."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from initiative.games.ib.content import core_content
from initiative.games.ib.deckbuilding import load_team_file
from initiative.games.ib.packs import load_content_pack
from initiative.server.app import create_app
from initiative.server.hub import Options
from tests.cli.helpers import run_cli

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
TEAMS = sorted((EXAMPLES / "teams").glob("*.yaml"))
SETUPS = sorted((EXAMPLES / "setups").glob("*.yaml"))
CONTENT = sorted((EXAMPLES / "content").glob("*.yaml"))
CONTENT_TEAMS = sorted((EXAMPLES / "content" / "teams").glob("*.yaml"))
EXAMPLE_CARDS = EXAMPLES / "content" / "example_cards.yaml"
PACKS = sorted(p for p in (EXAMPLES / "packs").iterdir() if p.is_dir())
PACK_FILES = {p for pack in PACKS for p in pack.rglob("*") if p.is_file()}


def name(path: Path) -> str:
    return str(path.relative_to(EXAMPLES))


def test_every_example_file_has_its_front_ends() -> None:
    every = {p for p in EXAMPLES.rglob("*") if p.is_file()}
    checked = {*TEAMS, *SETUPS, *CONTENT, *CONTENT_TEAMS, *PACK_FILES}
    assert every == checked, sorted(name(p) for p in every - checked)
    assert TEAMS and SETUPS and CONTENT and CONTENT_TEAMS and PACKS
    assert all(p.suffix == ".yaml" for p in PACK_FILES)  # each one read by the pack


@pytest.mark.parametrize("path", TEAMS, ids=name)
def test_a_shipped_cards_team_plays_at_the_terminal(path: Path) -> None:
    played = run_cli(["play", "--team", str(path), "--watch", "--seed", "1",
                      "--max-activations", "4"], cwd=ROOT)
    assert played.returncode == 0, played.stderr
    team = load_team_file(path)
    seated = ", ".join(m.character for m in team.characters)  # the first seat's Characters
    assert f"): {seated}," in " ".join(played.stdout.split()), played.stdout[:500]
    assert played.stdout.rstrip().splitlines()[-1].startswith("Result: ")
    checked = run_cli(["deck", "validate", str(path), "--format",
                       "duel" if team.declared_controls else "standard"], cwd=ROOT)
    assert checked.returncode == 0 and "legal" in checked.stdout, checked.stdout


@pytest.mark.parametrize("path", SETUPS, ids=name)
def test_a_setup_plays_at_the_terminal(path: Path) -> None:
    played = run_cli(["play", "--setup", str(path), "--watch", "--seed", "1",
                      "--max-activations", "4"], cwd=ROOT)
    assert played.returncode == 0, played.stderr
    assert played.stdout.rstrip().splitlines()[-1].startswith("Result: ")


@pytest.mark.parametrize("path", CONTENT, ids=name)
def test_a_content_file_lints_clean(path: Path) -> None:
    for command in (["lint", str(path)], ["cards", "lint", str(path)]):
        linted = run_cli(command, cwd=ROOT)
        assert linted.returncode == 0, linted.stdout + linted.stderr
        assert "0 error(s)" in linted.stdout or ": ok" in linted.stdout, linted.stdout


@pytest.mark.parametrize("path", CONTENT_TEAMS, ids=name)
def test_an_example_content_team_is_legal_on_its_content(path: Path) -> None:
    team = load_team_file(path)
    checked = run_cli(["deck", "validate", str(path), "--content", str(EXAMPLE_CARDS),
                       "--format", "duel" if team.declared_controls else "standard"],
                      cwd=ROOT)
    assert checked.returncode == 0 and "legal" in checked.stdout, checked.stdout


@pytest.mark.parametrize("pack", PACKS, ids=name)
def test_a_content_pack_lints_clean_and_lists_its_cards(pack: Path) -> None:
    for command in (["lint", "--game", "initiative_break", str(pack)],
                    ["cards", "lint", str(pack)]):
        linted = run_cli(command, cwd=ROOT)
        assert linted.returncode == 0, linted.stdout + linted.stderr
        assert linted.stdout.splitlines() == [f"{pack} (content pack): ok"]
    listed = run_cli(["cards", "list", "--content-pack", str(pack)], cwd=ROOT)
    assert listed.returncode == 0, listed.stderr
    content = load_content_pack(pack)
    for key in set(content.characters) - set(core_content().characters):
        assert f"character  {key}" in listed.stdout


@pytest.mark.parametrize("pack", PACKS, ids=name)
def test_a_content_pack_plays_its_teams_and_encounters(pack: Path) -> None:
    content, core = load_content_pack(pack), core_content()
    teams = [key for key in content.teams if key not in core.teams]
    encounters = [key for key in content.encounters if key not in core.encounters]
    assert teams, "an example pack offers a team to play"
    games = [["--team", key] for key in teams]
    games += [["--mode", "solo", "--team", teams[0], "--encounter", key] for key in encounters]
    for options in games:
        played = run_cli(["play", "--content-pack", str(pack), *options, "--watch",
                          "--seed", "1", "--max-activations", "4"], cwd=ROOT)
        assert played.returncode == 0, played.stderr
        assert played.stdout.startswith(f"Content pack {pack} adds "), played.stdout[:300]
        assert played.stdout.rstrip().splitlines()[-1].startswith("Result: ")


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    url = f"sqlite:///{tmp_path_factory.mktemp('examples') / 'web.db'}"
    with TestClient(create_app(url=url, options=Options(bot_delay=0.0))) as opened:
        yield opened


@pytest.mark.parametrize("path", TEAMS, ids=name)
def test_a_shipped_cards_team_uploads_on_the_web(client: TestClient, path: Path) -> None:
    """The create form with the file chosen for the first seat: the table is created
    (the redirect to its page of links) and its seat plays the file's team."""
    team = load_team_file(path)
    answer = client.post(
        "/new", data={"mode": "1v1", "name": f"Upload {path.stem}", "seat0_name": "Ann",
                      "seat0_controller": "human", "seat1_controller": "normal"},
        files={"seat0_file": (path.name, path.read_bytes(), "application/x-yaml")},
        follow_redirects=False)
    assert answer.status_code == 303, answer.text[-3000:]
    page = client.get(answer.headers["location"])
    assert page.status_code == 200
    link = re.search(r'<a href="([^"]+)" class="seat-link"', page.text)
    assert link is not None
    seat = client.get(link.group(1))
    assert seat.status_code == 200
    shown = html.unescape(seat.text)
    for member in team.characters:
        assert core_content().characters[member.character].name in shown, member
