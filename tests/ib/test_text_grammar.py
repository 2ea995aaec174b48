"""Every sentence the shipped content makes reads as a sentence (issue 25: "Weaken: it
the next damage..."): each status's line (IB 5.2), the rules guide, every card's text
and details, every unit's details in every shipped encounter and in a duel, and the log
of every golden game are scanned for the marks of a sentence glued together wrong (a
pronoun before an article, a doubled word, two articles, a space before punctuation, a
template field left empty, an internal key)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from initiative.games.ib import statuses as st
from initiative.games.ib.content import core_content
from initiative.games.ib.match import Match
from initiative.games.ib.modes import GameSetup, build_match
from initiative.games.ib.setup import new_game
from initiative.games.ib.text import describe, details, guide

CONTENT = core_content()
GOLDEN = Path(__file__).resolve().parents[1] / "golden"
CODE = re.compile(r"`[^`]*`")
"""A flag or setting quoted in backticks: a name on purpose."""
PROBLEMS = (
    (re.compile(r"\b(it|they|he|she|you)\s+(the|a|an|it)\b", re.I), "a pronoun before an article"),
    (re.compile(r"\b([a-z]+)\s+\1\b", re.I), "a doubled word"),
    (re.compile(r"\b(a|an|the)\s+(a|an|the)\b", re.I), "two articles"),
    (re.compile(r"\s[,.;:)]"), "a space before punctuation"),
    (re.compile(r"\(\s*\)|\s{2,}|^\s|\s$"), "an empty aside or stray spaces"),
    (re.compile(r"\bNone\b|[{}]|\bnan\b"), "a template field left empty"),
    (re.compile(r"[a-z]_[a-z]"), "an internal key"),
)


def problems(sentence: str) -> list[str]:
    text = CODE.sub("`x`", sentence)
    return [f"{why}: {found[0]!r} in {sentence!r}" for pattern, why in PROBLEMS
            for found in [pattern.search(text)] if found]


def test_the_checks_catch_the_reported_sentence() -> None:
    assert problems("Weaken: it the next damage it takes is 2 more")
    assert problems("Battle 1: Battle 1: Aberrants") == []  # numbers: another test's
    assert problems("Weaken: the next damage it takes is 2 more; then Weaken ends") == []


def status_sentences() -> Iterator[str]:
    """Each status alone and every pair stacked (IB 5.2, AMB-54)."""
    for status in range(len(st.NAMES)):
        for rules in ({}, {"status_stacking": "stack"}):
            bits = st.add(st.add(0, status, True), status, True) \
                if rules else st.add(0, status, False)
            yield from details.status_lines(bits, rules)


def guide_sentences() -> Iterator[str]:
    for topic in guide.TOPICS:
        yield topic.title
        yield topic.summary
        yield from topic.paragraphs


def card_sentences() -> Iterator[str]:
    for card in range(len(CONTENT.cards)):
        yield describe.card_text(CONTENT, card)
        yield from details.card_details(CONTENT, card).plain().splitlines()


@cache
def matches() -> tuple[Match, ...]:
    """A duel of the starter teams and every shipped encounter played solo."""
    duel = build_match(GameSetup("1v1", ("tideguard", "ashfall")), CONTENT, None, 1)
    solos = tuple(build_match(GameSetup("solo", ("tideguard",), encounter=key), CONTENT,
                              None, 1) for key in sorted(CONTENT.encounters))
    return (duel, *solos)


def unit_sentences() -> Iterator[str]:
    for match in matches():
        view = new_game(match, 1).view(0)
        for entry in details.seat_details(view, match):
            yield from entry.plain().splitlines()


def log_sentences() -> Iterator[str]:
    for path in sorted(GOLDEN.glob("*.json")):
        yield from json.loads(path.read_text(encoding="utf-8"))["log"]


@pytest.mark.parametrize("source", [status_sentences, guide_sentences, card_sentences,
                                    unit_sentences, log_sentences],
                         ids=lambda f: f.__name__)
def test_every_shipped_sentence_reads_as_a_sentence(source: object) -> None:
    assert callable(source)
    sentences = [s.strip() for s in source()]
    assert sentences
    found = [p for s in sentences for p in problems(s)]
    assert found == [], "\n".join(found[:20])


def test_every_status_line_names_what_it_does() -> None:
    """IB 5.2: `Weaken: the next damage it takes is 2 more; then Weaken ends (IB-5.2.6)`."""
    lines = dict(line.split(": ", 1) for line in status_sentences()
                 if line.split(": ")[0] in {n.capitalize() for n in st.NAMES})
    assert len(lines) == len(st.NAMES)
    assert lines["Weaken"].startswith("the next damage it takes is 2 more")
    assert lines["Burn"].startswith("it takes 1 damage at the start of its next activation")
    assert all(text[0].islower() and "(IB-5.2." in text for text in lines.values())


def test_the_main_text_cites_no_rule_id() -> None:
    """A card as the hand shows it and every log line are words: rule ids belong to the
    details (tooltips, the details dialog, `help`)."""
    shown = [describe.card_text(CONTENT, c) for c in range(len(CONTENT.cards))]
    shown += list(log_sentences())
    cited = [s for s in shown if describe.RULE_ID.search(s)]
    assert cited == [], cited[:10]
