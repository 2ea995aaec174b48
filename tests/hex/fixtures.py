"""Small hand-built skirmish content for the rules tests (no YAML): two Style cards, a
handful of Action cards, a radius-3 board with two walls, and setups for 2 to 4 seats.

Card ids are positions in `CARDS`; `ids(...)` turns keys into ids."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from initiative.engine.chance import DRAW, ROLL, ExplicitChance, Outcome
from initiative.engine.rng import SplitMix64
from initiative.games.hex.actions import action_text, parse
from initiative.games.hex.flags import HexRules, hex_rules
from initiative.games.hex.frames import Frame
from initiative.games.hex.geometry import Hex, hexagon
from initiative.games.hex.setup import HexSetup, SeatSetup
from initiative.games.hex.specs import (
    ActionCard,
    AttackSection,
    Board,
    Character,
    HexContent,
    MoveSection,
    ReactionSection,
    Start,
    StyleCard,
    StyleHex,
)
from initiative.games.hex.state import HexState
from initiative.timing.stacked_decks import well_formed

CARDS = (
    ActionCard("step", "Step", MoveSection(1), AttackSection(1), ReactionSection(shields=1)),
    ActionCard("lunge", "Lunge", MoveSection(2, displace=True), AttackSection(2, push=True),
               ReactionSection(steps=1)),
    ActionCard("sweep", "Sweep", MoveSection(0), AttackSection(2, barrage=True),
               ReactionSection(shields=2)),
    ActionCard("feint", "Feint", MoveSection(1, power=1), AttackSection(1, fumble=True),
               ReactionSection(power=1)),
    ActionCard("rally", "Rally", MoveSection(0, power=1), AttackSection(3, power=-1),
               ReactionSection(steps=0)),
    ActionCard("dash", "Dash", MoveSection(3), AttackSection(1),
               ReactionSection(steps=2, displace=True)),
    ActionCard("drain", "Drain", MoveSection(1, power=-1), AttackSection(1),
               ReactionSection(shields=1, power=-1)),
    ActionCard("whirl", "Whirl", MoveSection(1),
               AttackSection(1, barrage=True, fumble=True, push=True),
               ReactionSection(shields=1, steps=1)),
)
KEYS = tuple(c.key for c in CARDS)

BRAWLER = StyleCard("brawler", "Brawler", (
    StyleHex(Hex(0, -1), 3), StyleHex(Hex(1, -1), 4), StyleHex(Hex(-1, 0), 4)))
"""Front 3+, front-right 4+, front-left 4+."""
LANCER = StyleCard("lancer", "Lancer", (StyleHex(Hex(0, -1), 4), StyleHex(Hex(0, -2), 3)))
"""Front 4+, two ahead 3+."""

WALLS = frozenset({Hex(2, -1), Hex(-2, 1)})
BOARD = Board("ring", "Ring", frozenset(hexagon(3)), WALLS, {
    2: (Start(Hex(0, 2), 0), Start(Hex(0, -2), 3)),
    3: (Start(Hex(0, 2), 0), Start(Hex(0, -2), 3), Start(Hex(3, -3), 4)),
    4: (Start(Hex(0, 2), 0), Start(Hex(0, -2), 3), Start(Hex(3, -3), 4),
        Start(Hex(-3, 3), 1)),
})

DECK = ("step", "lunge", "sweep", "feint", "rally", "dash", "step", "lunge")
CHARACTERS = {
    "ann": Character("ann", "Ann", "brawler", DECK),
    "bo": Character("bo", "Bo", "lancer", DECK),
}
CONTENT = HexContent(boards={"ring": BOARD}, styles={"brawler": BRAWLER, "lancer": LANCER},
                     cards=CARDS, characters=CHARACTERS, default_board="ring")
NAMES = ("Red", "Blue", "Green", "Gold")


def ids(*keys: str) -> list[int]:
    return [KEYS.index(k) for k in keys]


def make_setup(players: int = 2, rules: HexRules | None = None, board: Board = BOARD,
               deck: tuple[str, ...] = DECK, styles: tuple[StyleCard, ...] = (),
               **flags: Any) -> HexSetup:
    """A setup for `players` seats on `board` (alternating Ann the Brawler and Bo the
    Lancer, or the given Style cards by seat), every deck `deck`, with `rules` or the
    given house-rule flags."""
    rules = rules if rules is not None else hex_rules(flags)
    seats = []
    for s in range(players):
        key = "ann" if s % 2 == 0 else "bo"
        style = styles[s] if styles else (BRAWLER if s % 2 == 0 else LANCER)
        character = replace(CHARACTERS[key], deck=deck, style=style.key)
        seats.append(SeatSetup(NAMES[s], character, style, board.starts[players][s]))
    return HexSetup(CONTENT, board, tuple(seats), rules)


def open_board(walls: frozenset[Hex] = frozenset(), radius: int = 3) -> Board:
    return replace(BOARD, hexes=frozenset(hexagon(radius)), walls=walls)


def position(setup: HexSetup, *, hexes: list[Hex | None], facing: list[int],
             hands: list[list[str]], stack: list[Frame], **parts: Any) -> HexState:
    """A mid-turn state built from parts (state.py's documented constructor), the line
    [0, 1, ..., 0, 1, ..., Special] at its first card: dice are chance nodes (forced
    with `roll`), decks (each seat's whole deck unless given) are dealt from a
    generator."""
    n = setup.num_seats
    rng = ExplicitChance(kinds=frozenset({ROLL}), generator=SplitMix64(1))
    parts.setdefault("line", [s for s in range(n)] * 2 + [-1])
    parts.setdefault("at", 0)
    parts.setdefault("revealed", 2 * n + 1)
    parts.setdefault("phase", "resolution")
    parts.setdefault("decks", [list(setup.deck_ids(s)) for s in range(n)])
    state = HexState(setup, rng, hexes=hexes, facing=facing,
                     hands=[ids(*h) for h in hands], stack=stack, **parts)
    state.settle()
    return state


def run(state: HexState, *moves: str | Outcome) -> HexState:
    """Apply each move: an action's text (`actions.parse`) or a chance outcome."""
    for move in moves:
        state.apply(parse(move) if isinstance(move, str) else move)
    return state


def legal_texts(state: HexState) -> list[str]:
    return [action_text(a) for a in state.legal_actions()]


def roll(face: int) -> Outcome:
    return Outcome(ROLL, face)


def draw(card: str) -> Outcome:
    return Outcome(DRAW, KEYS.index(card))


def seat_card(seat: int) -> Outcome:
    """An initiative card dealt (the line's draws are DRAW outcomes over seats)."""
    return Outcome(DRAW, seat)


def check_invariants(state: HexState) -> None:
    """The properties every state keeps: no two units share a hex, no unit on a wall or
    off the board, cards conserved over deck, hand and discard, hands of at most 4, no
    negative Power, and a well-formed initiative line (HX-5..HX-9)."""
    setup = state.setup
    board = setup.board
    on_board = [h for h, up in zip(state.hexes, state.alive, strict=True) if up]
    assert len(set(on_board)) == len(on_board)  # no two units share a hex
    assert all(h is not None and h in board.hexes and h not in board.walls for h in on_board)
    assert all(h is None for h, up in zip(state.hexes, state.alive, strict=True) if not up)
    for seat in range(setup.num_seats):  # card conservation over deck, hand and discard
        held = Counter(state.decks[seat] + state.hands[seat] + state.discards[seat])
        assert held == Counter(setup.deck_ids(seat))
        assert len(state.hands[seat]) <= 4
    assert all(p >= 0 for p in state.power)
    if state.line:  # each half holds the round's players once, the Special card last
        half = (len(state.line) - 1) // 2
        players = sorted(state.line[:half])
        assert well_formed(state.line, players)
        assert {s for s, up in enumerate(state.alive) if up} <= set(players)
