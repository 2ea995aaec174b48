"""Reading a person's answer at a hex skirmish prompt: a menu number or a move text
(`step NE`, `target 1`), or a question that spends no decision (`help`, `card NAME`,
`reach SEAT`, `map`). Everything reads the asking seat's view dict only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from initiative.cli.hex import screen as hex_screen
from initiative.cli.menu_choice import PROMPT as PROMPT
from initiative.cli.menu_choice import QUIT_WORDS as QUIT_WORDS
from initiative.cli.menu_choice import ChoiceError as ChoiceError
from initiative.cli.menu_choice import menu_entry, not_a_choice, not_legal, spoken
from initiative.games.hex.actions import HexAction, action_text, from_index, parse

HELP = """Answer with:
  NUMBER          the numbered choice (e.g. 2)
  move text       the choice's text as listed (e.g. `step NE`, `target 1`, `move 0`)
  help            this text
  card NAME       a card's three sections (any card of the game, by name or key)
  reach SEAT      the map with that seat's Style-card reach (3+ / 4+ hit there)
  map             the map and your screen again
  q               quit (a record, if asked for, is still saved)
A turn: play a card from your hand for its Move (`move SLOT`) or its Attack
(`attack SLOT`) section, then steps, facing, targets and pushes one at a time. A
target may react with a card's Reaction section (`react SLOT`) or `decline`."""


def parse_choice(text: str, legal: Sequence[Mapping[str, Any]]) -> HexAction:
    """The action an answer names: its number in the menu or its move text."""
    answer = spoken(text, len(legal))
    entry = menu_entry(answer, legal)
    if entry is not None:
        return from_index(int(entry["index"]))
    try:
        action = parse(answer)
    except ValueError as exc:
        raise not_a_choice(answer, exc, legal) from None
    raise not_legal(action_text(action), legal)


def card_answer(view: Mapping[str, Any], name: str) -> str:
    """`card NAME`: the card's three sections, by key or name (or their start)."""
    cards: Mapping[str, Mapping[str, Any]] = view["cards"]
    wanted = name.strip().lower()
    if not wanted:
        return "Which card? e.g. `card " + next(iter(cards), "NAME") + "`."
    exact = [k for k, c in cards.items() if wanted in (k.lower(), str(c["name"]).lower())]
    found = exact or [k for k, c in cards.items()
                      if k.lower().startswith(wanted) or str(c["name"]).lower()
                      .startswith(wanted)]
    if len(found) != 1:
        listed = ", ".join(f"{c['name']} ({k})" for k, c in cards.items())
        said = "matches several cards" if found else "names no card"
        return f"{name.strip()!r} {said}; cards: {listed}."
    return hex_screen.card_text(found[0], cards[found[0]])


def reach_answer(view: Mapping[str, Any], seat: str) -> str:
    """`reach SEAT`: the map with that seat's Style-card reach."""
    seats = len(view["seat_names"])
    if not seat.strip().isdigit() or not 1 <= int(seat) <= seats:  # from 1, as shown
        return f"reach needs a seat number from 1 to {seats}, got {seat.strip()!r}."
    return hex_screen.board_text(view, reach=int(seat) - 1)


def question(text: str, view: Mapping[str, Any], log_start: int) -> str | None:
    """The answer to a question that spends no decision; None if `text` is a choice."""
    word, _, rest = text.strip().partition(" ")
    word = word.lower()
    if word in ("help", "?"):
        return HELP
    if word == "card":
        return card_answer(view, rest)
    if word == "reach":
        return reach_answer(view, rest)
    if word == "map":
        return hex_screen.screen(view, log_start)
    return None
