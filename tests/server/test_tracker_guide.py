"""The GM trackers' how-to pages (issue 26): one per system at
`/trackers/how-to-play/{system}`, the tracker page's header links to its own system's
(not a card game's rules), and every rule id a step cites is a rule of that system
(OTHER-RULINGS: EX-* for tick initiative, FA-* for card rounds; IB-RULINGS: IB x.y.z
and AMB-* for the Initiative Break companion)."""

from __future__ import annotations

import re
from pathlib import Path

from initiative.server.tracker_parts import guides
from tests.server.test_trackers import create, running

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
RULINGS = SHARED / "OTHER-RULINGS.md"
IB_RULINGS = SHARED / "IB-RULINGS.md"
PREFIX = {"exalted": ("EX-",), "faith": ("FA-",), "ib": ("IB ", "AMB-")}
GUIDES = guides()


def guide_link(page: str) -> str:
    found = re.search(r'<a class="guide-link" href="([^"]+)"', page)
    assert found, "no How to play link in the header"
    return found.group(1)


def test_each_tracker_page_links_its_own_guide(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        for system in ("exalted", "faith", "ib"):
            gm = create(client, system)["gm"]
            assert guide_link(client.get(gm).text) == f"/trackers/how-to-play/{system}"
            page = client.get(f"/trackers/how-to-play/{system}")
            assert page.status_code == 200 and GUIDES[system].title in page.text
            for step in GUIDES[system].steps:
                assert step.title in page.text
        assert guide_link(client.get("/trackers/new").text) == "/trackers/how-to-play"
        index = client.get("/trackers/how-to-play").text
        assert 'href="/trackers/how-to-play/exalted"' in index
        assert 'href="/trackers/how-to-play/faith"' in index
        assert 'href="/trackers/how-to-play/ib"' in index
        assert client.get("/trackers/how-to-play/dnd").status_code == 404


def test_every_cited_rule_is_a_rule_of_its_system() -> None:
    known = set(re.findall(r"^\| ((?:EX|FA)-A?\d+) \|", RULINGS.read_text(), re.M)) \
        if RULINGS.exists() else set()
    if IB_RULINGS.exists():  # written IB-3.7.5 there, IB 3.7.5 in code (as the log cites)
        text = IB_RULINGS.read_text()
        rules = {r.replace("-", " ", 1) for r in re.findall(r"\bIB-\d+(?:\.\d+)+", text)}
        known |= rules | {r.rsplit(".", 1)[0] for r in rules}  # a rule, or its section
        known |= set(re.findall(r"\*\*(AMB-\d+)", text))
    for system, guide in GUIDES.items():
        cited = [rule for step in guide.steps for rule, _ in step.rules]
        assert cited and all(r.startswith(PREFIX[system]) for r in cited), system
        if known:
            assert set(cited) <= known, set(cited) - known
