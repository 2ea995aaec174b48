"""Positions for the rules tests: a TIState built from parts on the sample content,
dealt and with seat 0 to start (`dealt=True, first=0`), run to its first decision.

Chance stays sampled but predictable: the deck deals from its end (`deck`: top card
last) and reveals take the end of the tan pool (`reveals`: the next token first)."""

from __future__ import annotations

from typing import Any

from initiative.engine.rng import SplitMix64
from initiative.games.ti import tokens
from initiative.games.ti.actions import parse
from initiative.games.ti.state import TIState
from tests.ti.sample import CONTENT, sample_setup

TIME_CARDS = ("time-a", "time-b", "time-c", "time-x2")


def card(key: str) -> int:
    return CONTENT.card_id(key)


def cards(*keys: str) -> list[int]:
    return [card(k) for k in keys]


def position(mission: str = "eye", seats: int = 2, *, rules: dict[str, Any] | None = None,
             characters: tuple[str, ...] | None = None,
             hands: dict[int, list[str]] | None = None, deck: list[str] | None = None,
             discard: list[str] | None = None, piles: dict[int, list[str]] | None = None,
             reveals: tuple[int, ...] = (), face_up: dict[int, int] | None = None,
             gone: tuple[int, ...] = (), players: int = 0, secrets: tuple[str, ...] = (),
             seed: int = 0, **parts: Any) -> TIState:
    """A position (see the module docstring). Cards not named in a hand, pile or the
    discard pile make up the deck unless `deck` is given; `discard` defaults to the
    time cards."""
    setup = sample_setup(mission, seats, characters=characters, rules=rules,
                         players=players, secrets=secrets)
    hand_ids = [cards(*(hands or {}).get(s, [])) for s in range(seats)]
    for hand in hand_ids:
        hand.sort()
    pile_ids = [cards(*(piles or {}).get(p, [])) for p in range(4)]
    discard_ids = cards(*(TIME_CARDS if discard is None else discard))
    used = {c for group in (*hand_ids, *pile_ids, discard_ids) for c in group}
    if deck is None:
        deck_ids = [c for c in range(len(CONTENT.cards)) if c not in used
                    and not CONTENT.cards[c].time]
        deck_ids.reverse()  # the lowest card on top
    else:
        deck_ids = cards(*deck)
    where = [tokens.DOWN] * len(setup.clue_tokens) + [f.room for f in setup.features]
    for t, room in (face_up or {}).items():
        where[t] = room
    for t in gone:
        where[t] = tokens.GONE
    down = [t for t in range(setup.num_tan) if where[t] == tokens.DOWN]
    pool = [t for t in down if t not in reveals] + list(reversed(reveals))
    tan_left = list(parts.pop("tan_left", [s.tan for s in setup.mission.stacks]))
    extra = sum(tan_left) - len(pool)
    for i in range(len(tan_left)):  # tokens taken out of the stacks leave them smaller
        while extra > 0 and tan_left[i] > 0:
            tan_left[i] -= 1
            extra -= 1
    state = TIState(setup, SplitMix64(seed), hands=hand_ids, piles=pile_ids,
                    discard=discard_ids, deck=deck_ids, where=where, tan_pool=pool,
                    tan_left=tan_left, dealt=True, first=0, **parts)
    state.settle()
    return state


def do(state: TIState, *moves: str) -> None:
    """Apply move texts in order (actions.parse)."""
    for move in moves:
        state.apply(parse(move))


def legal_texts(state: TIState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def kinds(state: TIState) -> set[str]:
    return {str(a).split()[0] for a in state.legal_actions()}
