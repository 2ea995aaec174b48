"""Hex skirmish positions: any situation of a game as plain JSON data (the game's "FEN").

`position_of(state)` writes a state; `load_position(data)` reads one back into a
playable `HexState`, checking every field first and raising `NotationError` that names
the place and what is wrong (``position.units[1].hex: [2, -1] is a wall``). A position
holds hidden information (every hand, every deck in order, the generator's state): it
is a game-master and debugging format, never something to send to a seat (seats get
views). docs/notation.md section 4 describes every field with an example.

The parts, under ``"format": "hex-position/1"``:

- `setup`: the load_game parameters of the game (`HexSetup.to_params`);
- `round`, `phase` (draw, initiative, resolution, over), `acted` (whether anyone has
  played a card this round: after a round in which nobody did, the game may be stuck,
  `rules.stall_end`);
- `units`: per seat, `hex` ([q, r] or null once eliminated), `facing` (0-5 clockwise
  from N), `health`, `power`, `alive`;
- `seats`: per seat, `hand` (card keys in slot order), `deck` (in order, the last card
  is drawn first) and `discard`;
- `line`: the initiative line, `cards` (seats and "special"), `at` (the card being
  resolved, -1 before the first) and `revealed` (how many cards are public, HX-A1);
- `stack`: the decision stack, bottom first (games/hex/frames.py, one mapping each);
- `winner`, `leaders` (the tied leaders of a drawn game);
- `rng`: the generator's state (a number, or a keyed stream's text), or "explicit";
- `chance` (explicit chance only, at a chance node): the step being resolved (an
  action index, or "settle" for the automatic rules) and the outcomes chosen so far.

With `explicit_chance=True` the loaded state draws, deals and rolls through chance
nodes (engine/chance.py), so a test forces every die and card; the decks are then
unordered and `rng` is not read.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from initiative.engine.chance import ExplicitChance
from initiative.engine.errors import InitiativeError, NotationError
from initiative.engine.notation import (
    boolean,
    canonical_text,
    fail,
    integer,
    listing,
    mapping,
    pretty_json,
    short,
    word,
)
from initiative.engine.positions import parse_position, play_on, read_rng, resume_chance, rng_data
from initiative.games.hex import actions
from initiative.games.hex.actions import MAX_HAND
from initiative.games.hex.frames import (
    ATTACK,
    FACE,
    FROM_FUMBLE,
    FROM_MOVE,
    FROM_REACTION,
    MOVE,
    NO_UNIT,
    TAG_NAMES,
    TURN,
    AttackFrame,
    FaceFrame,
    Frame,
    MoveFrame,
    TurnFrame,
)
from initiative.games.hex.game import HexGame
from initiative.games.hex.geometry import FACINGS, Hex
from initiative.games.hex.loader import load_hex_skirmish
from initiative.games.hex.setup import HexSetup
from initiative.games.hex.state import HexState
from initiative.timing.stacked_decks import SPECIAL as SPECIAL_CARD

FORMAT = "hex-position/1"
SPECIAL = "special"
"""The Special Initiative card in `line.cards` (HX-8, HX-10)."""
PHASES = ("draw", "initiative", "resolution", "over")
STAGES = ("target", "order", "roll", "push", "fumble", "react", "damage")
"""AttackFrame stages by name (frames.ST_*, in order)."""
SOURCES = {FROM_MOVE: "move", FROM_REACTION: "reaction", FROM_FUMBLE: "fumble"}
"""MoveFrame.section and FaceFrame.reason by name."""
SOURCE_OF = {name: value for value, name in SOURCES.items()}
_TOP_KEYS = ("format", "setup", "round", "phase", "acted", "units", "seats", "line", "stack",
             "winner", "leaders", "rng", "chance")
_UNIT_KEYS = ("hex", "facing", "health", "power", "alive")
_SEAT_KEYS = ("hand", "deck", "discard")
_LINE_KEYS = ("cards", "at", "revealed")
MAX_COUNT = 10**6
"""A bound on rounds and Power tokens read from a position."""


# --- writing --------------------------------------------------------------------------


def _hex(h: Hex | None) -> list[int] | None:
    return None if h is None else [h.q, h.r]


def _bits(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def position_of(state: HexState) -> dict[str, Any]:
    """The whole situation as plain JSON data (see the module docstring)."""
    setup = state.setup
    keys = [card.key for card in setup.content.cards]
    data: dict[str, Any] = {
        "format": FORMAT,
        "setup": setup.to_params(),
        "round": state.round,
        "phase": state.phase,
        "acted": state.acted,
        "units": [{"hex": _hex(state.hexes[s]), "facing": state.facing[s],
                   "health": state.health[s], "power": state.power[s],
                   "alive": state.alive[s]} for s in range(setup.num_seats)],
        "seats": [{"hand": [keys[c] for c in state.hands[s]],
                   "deck": [keys[c] for c in state.decks[s]],
                   "discard": [keys[c] for c in state.discards[s]]}
                  for s in range(setup.num_seats)],
        "line": {"cards": [SPECIAL if c == SPECIAL_CARD else c for c in state.line],
                 "at": state.at, "revealed": state.revealed},
        "stack": [frame_to_data(frame, keys) for frame in state.stack],
        "winner": state.winner,
        "leaders": list(state.leaders),
    }
    data.update(rng_data(state.rng, actions.index))
    return data


def frame_to_data(frame: Frame, keys: Sequence[str]) -> dict[str, Any]:
    """One frame of the decision stack as a mapping with named fields."""
    out: dict[str, Any] = {"frame": TAG_NAMES[frame.tag]}
    if frame.tag == TURN:
        out.update(seat=frame.seat, special=frame.special)
    elif frame.tag == MOVE:
        out.update(unit=frame.unit, card=keys[frame.card], section=SOURCES[frame.section],
                   left=frame.left, taken=frame.taken, displace=frame.displace,
                   displaced=frame.displaced, start=_hex(frame.start),
                   directions=_bits(frame.dirs),
                   waiting=None if frame.waiting == NO_UNIT else frame.waiting)
    elif frame.tag == FACE:
        out.update(unit=frame.unit, decider=frame.decider, reason=SOURCES[frame.reason],
                   card=keys[frame.card] if frame.card >= 0 else None)
    else:
        out.update(attacker=frame.attacker, card=keys[frame.card], stage=STAGES[frame.stage],
                   targets=list(frame.targets), rest=list(frame.rest),
                   needs=list(frame.needs), rolls=[list(r) for r in frame.rolls],
                   hits=list(frame.hits), at=frame.at, behind=_bits(frame.blocked),
                   owed=None if frame.owed == NO_UNIT else frame.owed)
    return out


def position_json(state: HexState) -> str:
    """The position as JSON text for people (`pretty_json`)."""
    return pretty_json(position_of(state))


def canonical_json(state: HexState) -> str:
    """The position as compact JSON with sorted keys (stable text for hashing)."""
    return canonical_text(position_of(state))


# --- reading --------------------------------------------------------------------------


class _Reader:
    """What reading one position needs: its setup, card keys and seat count."""

    def __init__(self, setup: HexSetup) -> None:
        self.setup = setup
        self.seats = setup.num_seats
        self.cards = {card.key: i for i, card in enumerate(setup.content.cards)}

    def seat(self, value: Any, path: str) -> int:
        return integer(value, path, 0, self.seats - 1)

    def seat_or_none(self, value: Any, path: str) -> int:
        """A seat, or null (NO_UNIT)."""
        return NO_UNIT if value is None else self.seat(value, path)

    def seat_list(self, value: Any, path: str) -> tuple[int, ...]:
        out = tuple(self.seat(v, f"{path}[{i}]") for i, v in enumerate(listing(value, path)))
        if len(set(out)) != len(out):
            fail(path, "a seat is listed twice")
        return out

    def card(self, value: Any, path: str) -> int:
        if not isinstance(value, str) or value not in self.cards:
            fail(path, f"unknown card {short(value)} (cards: {', '.join(self.cards)})")
        return self.cards[value]

    def cards_of(self, value: Any, path: str) -> list[int]:
        return [self.card(v, f"{path}[{i}]") for i, v in enumerate(listing(value, path))]

    def hex(self, value: Any, path: str) -> Hex:
        pair = listing(value, path, 2)
        return Hex(integer(pair[0], f"{path}[0]", -999, 999),
                   integer(pair[1], f"{path}[1]", -999, 999))

    def per_seat(self, value: Any, path: str, lo: int, hi: int) -> tuple[int, ...]:
        return tuple(integer(v, f"{path}[{i}]", lo, hi)
                     for i, v in enumerate(listing(value, path, self.seats)))

    def bits(self, value: Any, path: str, size: int) -> int:
        mask = 0
        for i, v in enumerate(listing(value, path)):
            bit = integer(v, f"{path}[{i}]", 0, size - 1)
            if mask >> bit & 1:
                fail(path, f"{bit} is listed twice")
            mask |= 1 << bit
        return mask


def load_position(source: str | Mapping[str, Any], *, explicit_chance: bool = False
                  ) -> HexState:
    """Read a position (JSON text or plain data) into a playable state.

    Every field is checked before the state is built; a bad one is a `NotationError`
    naming it. The state is then run on to its next decision (`HexState.settle`), as
    play would go on: a position between two turns plays the next initiative card, one
    with no line deals the round. With `explicit_chance` the state's chance is explicit
    (`rng` is not read; a pending `chance` step is resumed with its chosen outcomes)."""
    data = parse_position(source)
    top = mapping(data, "position", _TOP_KEYS, ("setup", "units", "seats"))
    if top.get("format", FORMAT) != FORMAT:
        fail("position.format", f"expected {FORMAT!r}, got {short(top['format'])}")
    game = _read_game(top["setup"], explicit_chance)
    setup = game.setup
    read = _Reader(setup)
    rng: Any = ExplicitChance() if explicit_chance else read_rng(top.get("rng"))
    units = _read_units(top["units"], read)
    hands, decks, discards = _read_seats(top["seats"], read)
    line, at, revealed = _read_line(top.get("line", {}), read, units.alive)
    phase = word(top.get("phase", "resolution" if line else "draw"), "position.phase", PHASES)
    over = phase == "over"
    stack = [_read_frame(f, f"position.stack[{i}]", read)
             for i, f in enumerate(listing(top.get("stack", []), "position.stack"))]
    winner, leaders = _read_result(top, read, over, units.alive)
    if over and stack:
        fail("position.stack", "a finished game has no decision pending")
    _check_owners(stack, units.alive)
    chance = top.get("chance")
    if chance is not None and not explicit_chance:
        fail("position.chance", "a pending chance node loads only with explicit_chance")
    state = HexState(setup, rng, hexes=units.hexes, facing=units.facing, health=units.health,
                     power=units.power, alive=units.alive, hands=hands, decks=decks,
                     discards=discards, line=line, at=at, revealed=revealed,
                     round=integer(top.get("round", 1), "position.round", 1, MAX_COUNT),
                     phase=phase, stack=stack, winner=winner, leaders=leaders, over=over,
                     acted=boolean(top.get("acted", True), "position.acted"))
    _play_on(state, chance)
    return state


def _read_game(raw: Any, explicit_chance: bool) -> HexGame:
    params = mapping(raw, "position.setup",
                     ("players", "board", "characters", "seat_names", "rules"))
    try:
        return load_hex_skirmish(**params, explicit_chance=explicit_chance)
    except InitiativeError as exc:
        raise NotationError(f"position.setup: {exc}") from None


class _Units(NamedTuple):
    """The per-seat unit facts read from `units`."""

    hexes: list[Hex | None]
    facing: list[int]
    health: list[int]
    power: list[int]
    alive: list[bool]


def _read_units(raw: Any, read: _Reader) -> _Units:
    """Per seat: hex, facing, health, power, alive; no two units on one hex, none on a
    wall or off the board (HX-17, HX-A8), health in 0..starting_health (HX-A5)."""
    setup = read.setup
    board = setup.board
    top = setup.rules.starting_health
    hexes: list[Hex | None] = []
    facing, health, power, alive = [], [], [], []
    where: dict[Hex, int] = {}
    for s, entry in enumerate(listing(raw, "position.units", read.seats)):
        path = f"position.units[{s}]"
        unit = mapping(entry, path, _UNIT_KEYS, _UNIT_KEYS)
        up = boolean(unit["alive"], f"{path}.alive")
        life = integer(unit["health"], f"{path}.health", 0, top)
        if up and life == 0:
            fail(f"{path}.health", "0 health on a living unit (HX-A5: it is eliminated)")
        h = None if unit["hex"] is None else read.hex(unit["hex"], f"{path}.hex")
        if up and h is None:
            fail(f"{path}.hex", "a living unit stands on a hex")
        if not up and h is not None:
            fail(f"{path}.hex", "an eliminated unit is off the board (null)")
        if h is not None:
            if h in board.walls:
                fail(f"{path}.hex", f"{[h.q, h.r]} is a wall (HX-A8)")
            if h not in board.hexes:
                fail(f"{path}.hex", f"{[h.q, h.r]} is off the board {board.key!r}")
            if h in where:
                fail(f"{path}.hex", f"{[h.q, h.r]} already holds seat {where[h]}'s unit "
                     "(HX-17: one unit per hex)")
            where[h] = s
        hexes.append(h)
        facing.append(integer(unit["facing"], f"{path}.facing", 0, FACINGS - 1))
        health.append(life)
        power.append(integer(unit["power"], f"{path}.power", 0, MAX_COUNT))
        alive.append(up)
    return _Units(hexes, facing, health, power, alive)


def _read_seats(raw: Any, read: _Reader) -> tuple[list[list[int]], ...]:
    """Per seat: hand, deck and discard, which together are the character's deck
    (card conservation, HX-2..HX-4, HX-12)."""
    hands, decks, discards = [], [], []
    cards = read.setup.content.cards
    for s, entry in enumerate(listing(raw, "position.seats", read.seats)):
        path = f"position.seats[{s}]"
        seat = mapping(entry, path, _SEAT_KEYS, _SEAT_KEYS)
        hand = read.cards_of(seat["hand"], f"{path}.hand")
        if len(hand) > MAX_HAND:
            fail(f"{path}.hand", f"{len(hand)} cards; a hand holds at most {MAX_HAND} (HX-4)")
        deck = read.cards_of(seat["deck"], f"{path}.deck")
        discard = read.cards_of(seat["discard"], f"{path}.discard")
        held = Counter(hand + deck + discard)
        want = Counter(read.setup.deck_ids(s))
        if held != want:
            missing = ", ".join(f"{n} {cards[c].key}" for c, n in (want - held).items())
            extra = ", ".join(f"{n} {cards[c].key}" for c, n in (held - want).items())
            character = read.setup.seats[s].character.key
            fail(path, f"hand + deck + discard is not {character!r}'s deck: "
                 f"missing {missing or 'none'}; extra {extra or 'none'}")
        hands.append(hand)
        decks.append(deck)
        discards.append(discard)
    return hands, decks, discards


def _read_line(raw: Any, read: _Reader, alive: list[bool]) -> tuple[list[int], int, int]:
    """The initiative line: two halves that each hold every seat dealt in once, then the
    Special card (HX-5..HX-9); every living seat is in it (HX-A5: the cards of a seat
    eliminated since the deal stay, skipped)."""
    line_map = mapping(raw, "position.line", _LINE_KEYS)
    path = "position.line.cards"
    line = []
    for i, v in enumerate(listing(line_map.get("cards", []), path)):
        if isinstance(v, str) and v != SPECIAL:
            fail(f"{path}[{i}]", f"{v!r} is neither a seat nor {SPECIAL!r}")
        line.append(SPECIAL_CARD if v == SPECIAL else read.seat(v, f"{path}[{i}]"))
    if line:
        half = (len(line) - 1) // 2
        dealt = sorted(line[:half])
        if len(line) % 2 == 0 or line[-1] != SPECIAL_CARD or SPECIAL_CARD in line[:-1]:
            fail(path, "the line is two halves of seats and then the Special card, once, "
                 "at the bottom (HX-7, HX-8)")
        if len(set(dealt)) != half or sorted(line[half:-1]) != dealt:
            fail(path, "each half holds one card of every seat dealt in (HX-5): "
                 f"{line[:half]} and {line[half:-1]}")
        missing = [s for s, up in enumerate(alive) if up and s not in dealt]
        if missing:
            fail(path, f"living seat {missing[0]} has no initiative cards (each living "
                 "player has two, HX-5)")
    at = integer(line_map.get("at", -1), "position.line.at", -1, len(line))
    revealed = integer(line_map.get("revealed", len(line)), "position.line.revealed", 0,
                       len(line))
    if line and revealed < min(at + 1, len(line)):
        fail("position.line.revealed", f"{revealed} cards revealed, but card {at} is being "
             "resolved (HX-A1: a card is revealed when it is reached)")
    if read.setup.rules.initiative_reveal == "all_at_start" and revealed != len(line):
        fail("position.line.revealed", "initiative_reveal is all_at_start (HX-A1): the "
             f"whole line ({len(line)} cards) is revealed")
    return line, at, revealed


def _read_result(top: dict[str, Any], read: _Reader, over: bool,
                 alive: list[bool]) -> tuple[int | None, tuple[int, ...]]:
    winner = top.get("winner")
    if winner is not None:
        winner = read.seat(winner, "position.winner")
    leaders = read.seat_list(top.get("leaders", []), "position.leaders")
    if not over:
        if winner is not None or leaders:
            fail("position.winner", "a game in progress has no winner or leaders "
                 "(phase over ends it)")
        if sum(alive) <= 1:
            fail("position.phase", "at most one character stands, so the game is over "
                 "(HX-A5)")
        return None, ()
    if winner is not None and leaders != (winner,):
        fail("position.leaders", f"the winner {winner} is the only leader")
    if winner is None and len(leaders) == 1:
        fail("position.winner", f"a single leader ({leaders[0]}) is the winner")
    dead = [s for s in leaders if not alive[s]]
    if dead:
        fail("position.leaders", f"seat {dead[0]} is eliminated and cannot lead (HX-A5)")
    return winner, leaders


def _read_frame(raw: Any, path: str, read: _Reader) -> Frame:
    if not isinstance(raw, Mapping):
        fail(path, f"expected a mapping, got {short(raw)}")
    tag = word(raw.get("frame"), f"{path}.frame", TAG_NAMES)
    return _FRAME_READERS[tag](raw, path, read)


def _turn(raw: Any, path: str, read: _Reader) -> Frame:
    f = mapping(raw, path, ("frame", "seat", "special"), ("seat",))
    return TurnFrame(read.seat(f["seat"], f"{path}.seat"),
                     boolean(f.get("special", False), f"{path}.special"))


def _move(raw: Any, path: str, read: _Reader) -> Frame:
    keys = ("frame", "unit", "card", "section", "left", "taken", "displace", "displaced",
            "start", "directions", "waiting")
    f = mapping(raw, path, keys, keys)
    section = word(f["section"], f"{path}.section", ("move", "reaction"))
    return MoveFrame(read.seat(f["unit"], f"{path}.unit"), read.card(f["card"], f"{path}.card"),
                     SOURCE_OF[section],
                     integer(f["left"], f"{path}.left", 0, 99),
                     integer(f["taken"], f"{path}.taken", 0, 99),
                     boolean(f["displace"], f"{path}.displace"),
                     integer(f["displaced"], f"{path}.displaced", 0, 99),
                     read.hex(f["start"], f"{path}.start"),
                     read.bits(f["directions"], f"{path}.directions", FACINGS),
                     read.seat_or_none(f["waiting"], f"{path}.waiting"))


def _face(raw: Any, path: str, read: _Reader) -> Frame:
    keys = ("frame", "unit", "decider", "reason", "card")
    f = mapping(raw, path, keys, keys[:-1])
    reason = word(f["reason"], f"{path}.reason", tuple(SOURCES.values()))
    card = f.get("card")
    return FaceFrame(read.seat(f["unit"], f"{path}.unit"),
                     read.seat(f["decider"], f"{path}.decider"),
                     SOURCE_OF[reason],
                     -1 if card is None else read.card(card, f"{path}.card"))


def _attack(raw: Any, path: str, read: _Reader) -> Frame:
    keys = ("frame", "attacker", "card", "stage", "targets", "rest", "needs", "rolls", "hits",
            "at", "behind", "owed")
    f = mapping(raw, path, keys, keys)
    sides = read.setup.rules.die_sides
    rolls = tuple(tuple(integer(face, f"{path}.rolls[{s}][{i}]", 1, sides)
                        for i, face in enumerate(listing(r, f"{path}.rolls[{s}]")))
                  for s, r in enumerate(listing(f["rolls"], f"{path}.rolls", read.seats)))
    targets = read.seat_list(f["targets"], f"{path}.targets")
    return AttackFrame(read.seat(f["attacker"], f"{path}.attacker"),
                       read.card(f["card"], f"{path}.card"),
                       STAGES.index(word(f["stage"], f"{path}.stage", STAGES)), targets,
                       read.seat_list(f["rest"], f"{path}.rest"),
                       read.per_seat(f["needs"], f"{path}.needs", 0, sides),
                       rolls, read.per_seat(f["hits"], f"{path}.hits", 0, 99),
                       integer(f["at"], f"{path}.at", 0, max(len(targets), 1)),
                       read.bits(f["behind"], f"{path}.behind", read.seats),
                       read.seat_or_none(f["owed"], f"{path}.owed"))


_FRAME_READERS: dict[str, Callable[[Any, str, _Reader], Frame]] = {
    "turn": _turn, "move": _move, "face": _face, "attack": _attack}


def _check_owners(stack: list[Frame], alive: list[bool]) -> None:
    """The unit whose turn, move, facing or attack a frame is stands on the board."""
    for i, frame in enumerate(stack):
        if frame.tag == TURN:
            owner, field = frame.seat, "seat"
        elif frame.tag == ATTACK:
            owner, field = frame.attacker, "attacker"
        else:
            owner, field = frame.unit, "unit"
        if not alive[owner]:
            fail(f"position.stack[{i}].{field}", f"seat {owner} is eliminated (HX-A5)")


def _play_on(state: HexState, chance: Any) -> None:
    """Run the loaded state on to its next decision, resuming a pending chance step."""
    play_on(state, None if chance is None else lambda: resume_chance(
        state, chance, actions.from_index, actions.NUM_ACTIONS))
