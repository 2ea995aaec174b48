"""Positions of The Initiative: any situation of a game as plain JSON data.

`position_of(state)` writes a state; `load_position(data)` reads one back into a
playable `TIState`, checking every field first and raising `NotationError` that names
the place and what is wrong (``position.hands[1][0]: unknown card 'circle-13'``). A
position holds hidden information (every hand, the deck, the tan tokens nobody has
seen, the generator's state): it is a game-master and debugging format, never
something to send to a seat (seats get views). docs/notation.md section 5 describes
every field with an example.

The parts, under ``"format": "ti-position/1"``:

- `setup`: the load_game parameters (`TISetup.to_params`), `content` among them for a
  game on a custom mission or board (a content file's path, or the document inline);
- `turn`, `first`, `active`, `actions_taken`, `tucked` (enemies tucked under this turn,
  TI-44, TI-A6), `proposals` (TI-A15), `passes` (forced passes in a row with no draw
  possible, TI-A14), `dealt` (false before the opening deal);
- `cards`: `hands` (per seat, by card key), `deck` (the remainder as held: under
  sampled chance the last card is drawn first; under explicit chance unordered),
  `deck_top` (cards whose order is known, top first, TI/Lookout) and `top_seer` (the
  seat that knows it), `looked` (cards the Lookout holds while putting them back),
  `discard` (bottom..top), `piles` (per action pile: `cards` bottom..top and
  `counter_intel` tokens, TI-30, TI-A12), `peril` (TI-47), `reshuffles` (TI-A5,
  TI-A13);
- `tokens`: `stacks` (per mission stack: `tan`, the face-down tan tokens left, and
  `extras`, the face-down extra tokens left), `tan_pool` (the tan tokens nobody has
  seen: a reveal draws from it), `rooms` (per room, the face-up tokens and features
  lying there), `gone` (collected, removed, discarded) and `collected` (in order);
- `board`: `characters` (each seat's room), `enemies` (`room`, or null once defeated,
  and the `tucked` cards), `doors_locked`, `windows_open`, `secrets` (gained, TI-25);
- `stack`: the decision stack, bottom first (games/ti/frames.py: `frame` names the tag;
  `seat` and every field that differs from its default);
- `result`: null, or `won`, `reason` (solved, wrong_answer, time, stall) and `entered`
  (the symbols of the solve, or null);
- `rng`: the generator's state (a number, or a keyed stream's text), or "explicit";
- `chance` (explicit chance only, at a chance node): the step being resolved (an action
  index, or "settle" for the opening deal) and the outcomes chosen so far.

Loaded with `explicit_chance=True`, a state draws deck cards, reveals stack tokens and
picks gas discards through chance nodes (engine/chance.py), so a test forces them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from initiative.engine.chance import ExplicitChance
from initiative.engine.errors import InitiativeError, NotationError
from initiative.engine.notation import (
    canonical_text,
    fail,
    listing,
    mapping,
    pretty_json,
    short,
)
from initiative.engine.positions import parse_position, play_on, read_rng, resume_chance, rng_data
from initiative.games.ti import actions, tokens
from initiative.games.ti.actions import PILES
from initiative.games.ti.frames import (
    TAG_NAMES,
    Frame,
)
from initiative.games.ti.game import TIGame
from initiative.games.ti.loader import load_the_initiative
from initiative.games.ti.positions import (
    FRAME_DEFAULTS,
    Reader,
    check_conservation,
    check_frames,
    read_board,
    read_cards,
    read_frame,
    read_result,
    read_tokens,
    read_turn,
)
from initiative.games.ti.state import TIState

FORMAT = "ti-position/1"

_TOP_KEYS = ("format", "setup", "turn", "first", "active", "actions_taken", "tucked",
             "proposals", "passes", "dealt", "cards", "tokens", "board", "stack", "result",
             "rng", "chance")



# --- writing --------------------------------------------------------------------------


def _seat_or_none(seat: int) -> int | None:
    return None if seat < 0 else seat


def position_of(state: TIState) -> dict[str, Any]:
    """The whole situation as plain JSON data (see the module docstring)."""
    setup = state.setup
    keys = [card.key for card in setup.content.cards]

    def named(cards: list[int]) -> list[str]:
        return [keys[c] for c in cards]

    data: dict[str, Any] = {
        "format": FORMAT,
        "setup": setup.to_params(),
        "turn": state.turn,
        "first": state.first,
        "active": state.active,
        "actions_taken": state.actions_taken,
        "tucked": [e for e in range(len(setup.mission.enemies)) if state.tucks >> e & 1],
        "proposals": state.proposals,
        "passes": state.passes,
        "dealt": state.dealt,
        "cards": {
            "hands": [named(hand) for hand in state.hands],
            "deck": named(state.deck),
            "deck_top": named(state.deck_top),
            "top_seer": _seat_or_none(state.top_seer),
            "looked": named(state.looked),
            "discard": named(state.discard),
            "piles": {PILES[p]: {"cards": named(state.piles[p]),
                                 "counter_intel": list(state.counter[p])}
                      for p in range(len(PILES))},
            "peril": state.peril,
            "reshuffles": state.reshuffles,
        },
        "tokens": {
            "stacks": [{"tan": state.tan_left[s], "extras": list(state.extras[s])}
                       for s in range(len(setup.mission.stacks))],
            "tan_pool": list(state.tan_pool),
            "rooms": [tokens.in_room(state, r) for r in range(len(setup.board.rooms))],
            "gone": [t for t, at in enumerate(state.where) if at == tokens.GONE],
            "collected": list(state.collected),
        },
        "board": {
            "characters": list(state.pos),
            "enemies": [{"room": _seat_or_none(room), "tucked": named(state.tucked[e])}
                        for e, room in enumerate(state.enemy_room)],
            "doors_locked": list(state.locked),
            "windows_open": list(state.opened),
            "secrets": list(state.secrets),
        },
        "stack": [frame_to_data(frame) for frame in state.stack],
        "result": None if not state.over else {
            "won": state.won, "reason": "solved" if state.won else state.loss_reason,
            "entered": None if state.entered is None else list(state.entered)},
    }
    data.update(rng_data(state.rng, actions.index))
    return data


def frame_to_data(frame: Frame) -> dict[str, Any]:
    """One frame: its tag's name, its seat and every field not at its default."""
    out: dict[str, Any] = {"frame": TAG_NAMES[frame.tag], "seat": frame.seat}
    for name, default in FRAME_DEFAULTS.items():
        value = getattr(frame, name)
        if value != default:
            out[name] = list(value) if isinstance(value, tuple) else value
    return out


def position_json(state: TIState) -> str:
    """The position as JSON text for people."""
    return pretty_json(position_of(state))


def canonical_json(state: TIState) -> str:
    """The position as compact JSON with sorted keys (stable text for hashing)."""
    return canonical_text(position_of(state))


# --- reading --------------------------------------------------------------------------


def load_position(source: str | Mapping[str, Any], *, explicit_chance: bool = False
                  ) -> TIState:
    """Read a position (JSON text or plain data) into a playable state.

    Every field is checked before the state is built; a bad one is a `NotationError`
    naming it. The state is then run on to its next decision (`TIState.settle`): a
    position between two turns starts the next one, one not yet dealt deals. With
    `explicit_chance` the state's chance is explicit (`rng` is not read; a pending
    `chance` step is resumed with its chosen outcomes), so every later deck draw, stack
    reveal and random discard is a chance node."""
    data = parse_position(source)
    top = mapping(data, "position", _TOP_KEYS, ("setup", "cards", "tokens", "board"))
    if top.get("format", FORMAT) != FORMAT:
        fail("position.format", f"expected {FORMAT!r}, got {short(top['format'])}")
    game = _read_game(top["setup"], explicit_chance)
    read = Reader(game.setup)
    rng: Any = ExplicitChance() if explicit_chance else read_rng(top.get("rng"))
    parts: dict[str, Any] = {}
    parts.update(read_turn(top, read))
    parts.update(read_cards(top["cards"], read))
    parts.update(read_tokens(top["tokens"], read, parts["counter"]))
    parts.update(read_board(top["board"], read, parts))
    parts["stack"] = [read_frame(f, f"position.stack[{i}]", read)
                      for i, f in enumerate(listing(top.get("stack", []), "position.stack"))]
    check_frames(parts["stack"], parts["where"], game.setup)
    parts.update(read_result(top.get("result"), read))
    check_conservation(parts, read)
    if parts["over"] and top.get("chance") is not None:
        fail("position.chance", "a finished game has no chance node pending")
    chance = top.get("chance")
    if chance is not None and not explicit_chance:
        fail("position.chance", "a pending chance node loads only with explicit_chance")
    state = TIState(game.setup, rng, **parts)
    _play_on(state, chance)
    return state


_SETUP_KEYS = ("players", "mission", "characters", "seat_names", "rules", "secrets",
               "campaign", "content")
"""`setup` fields: `TISetup.to_params()`. `content` (a custom mission or board) is a
content file's path, or the content document itself inline (a mapping of its
sections), laid over the shipped content."""


def _read_game(raw: Any, explicit_chance: bool) -> TIGame:
    params = mapping(raw, "position.setup", _SETUP_KEYS)
    try:
        return load_the_initiative(**params, explicit_chance=explicit_chance)
    except InitiativeError as exc:
        raise NotationError(f"position.setup: {exc}") from None


def _play_on(state: TIState, chance: Any) -> None:
    """Run the loaded state on to its next decision, resuming a pending chance step."""
    def dealing() -> bool:
        return not state.dealt and state.current_seat() == -1

    play_on(state, None if chance is None else lambda: resume_chance(
        state, chance, actions.from_index, actions.NUM_ACTIONS, dealing))
