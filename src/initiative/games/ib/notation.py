"""Positions: a complete Initiative Break situation as YAML/JSON (the game's "FEN").

`position_to_dict` / `dump_position` write a state; `load_position` reads one back into
a playable `IBState`, validating every field first and raising `NotationError` that
names the exact place (``position.units.wren.hp: 25 exceeds max HP 12``). A position
holds hidden information (hands, deck order, the RNG state): it is a game-master and
debugging format, never something to send to a seat. The format is described with a
full example in docs/notation.md.

Loading takes the position as given (R8: no Time Collapse check). If the top of the
decision stack is an automatic step, the loaded state is advanced to the next decision
(`flow.advance`), exactly as play would continue from it; with `advance=False` a
position between two activations (an empty stack) stays paused there (stepping.py).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields
from typing import Any, NoReturn

import yaml

from initiative.engine.chance import ExplicitChance
from initiative.engine.data_text import load_yaml
from initiative.engine.errors import InitiativeError, NotationError
from initiative.engine.rng import GameRng, make_rng, parse_seed, rng_from_data
from initiative.games.ib import chance, flow
from initiative.games.ib import frames as fr
from initiative.games.ib import statuses as st
from initiative.games.ib.actions import MAX_HAND, Kind
from initiative.games.ib.attacks import INSTALLED, cards_in_play, clauses_of
from initiative.games.ib.match import Match, UnitStart
from initiative.games.ib.specs import CLEANSE_ONE, Content
from initiative.games.ib.state import IBState
from initiative.timing.track import InitiativeTrack

FORMAT = "initiative-position/1"
RM_MARK = "|"
"""The Round Marker's entry in `track`."""
PENDING_TEXT = "?"
"""A clause target still to be chosen (`null` means the clause has no target)."""
ATTACK_NAMES = {int(Kind.BASIC): "basic", int(Kind.ADVANCED): "advanced",
                int(Kind.KEYSTONE): "keystone",
                int(Kind.BREAK_ART): "break_art"}
PART_NAMES = ("start", "cleanse", "rest")

"""Where an ACTION frame stands inside its current clause (frame item `sub`)."""

_SETUP_KEYS = ("seats", "rules", "challengers", "neutral", "starts")
_SETUP_SEAT_KEYS = ("name", "team", "characters", "deck", "keystones", "flux")
_START_KEYS = tuple(f.name for f in fields(UnitStart))
"""`setup.starts.<label>`: how a unit started the battle (UnitStart; IB 7.1, 7.3.4, 7.7)."""
_TOP_KEYS = ("format", "setup", "track", "time_collapse", "round", "passed", "units", "seats",
             "stack", "activations", "result", "rng", "seed")
_UNIT_KEYS = ("hp", "charge", "statuses", "pending", "used", "sigils", "defeated")
_SUPPORT_KEYS = ("in_play", "summoned", "hp", "statuses", "used")
OWNER_MARK = "@"
"""`key@Seat` names an installed Sigil that came from another seat's deck (AMB-44)."""
_SEAT_KEYS = ("hand", "discard", "deck")
_SEAT_FIELDS = (*_SEAT_KEYS, "flux", "summoned")


# --- small readers: each names the place of a bad value -------------------------


def _fail(path: str, message: str) -> NoReturn:
    raise NotationError(f"{path}: {message}")


def _mapping(value: Any, path: str, known: Sequence[str]) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        _fail(path, f"expected a mapping, got {value!r}")
    for key in value:
        if key not in known:
            _fail(path, f"unknown field {key!r} (known: {', '.join(known)})")
    return dict(value)


def _int(value: Any, path: str, lo: int, hi: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        _fail(path, f"expected a whole number, got {value!r}")
    if not lo <= value <= hi:
        _fail(path, f"{value} is outside {lo}..{hi}")
    return value


def _bool(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        _fail(path, f"expected true or false, got {value!r}")
    return value


def _list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        _fail(path, f"expected a list, got {value!r}")
    return value


def _name(value: Any, path: str, names: Sequence[str]) -> int:
    """Index of `value` in `names` (frame steps, stages, kinds)."""
    if value not in names:
        _fail(path, f"{value!r} is not one of {', '.join(names)}")
    return names.index(value)


class _Names:
    """Unit labels and seat names of a match, both ways."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.labels = match.labels
        self.seats = seat_names(match)
        self.unit_of = {label: u for u, label in enumerate(self.labels)}

    def unit(self, value: Any, path: str, supports: bool = False) -> int:
        """A Character's label (or, with `supports`, a Support slot's too)."""
        n = self.match.num_characters
        unit = self.unit_of.get(value, -1)
        if unit < 0 or (unit >= n and not supports):
            what = "a Support Character, not a unit" if unit >= n else "unknown unit"
            known = ", ".join(self.labels[:n] if not supports else self.labels)
            _fail(path, f"{what} {value!r} (units: {known})")
        return unit

    def seat(self, value: Any, path: str) -> int:
        if value not in self.seats:
            _fail(path, f"unknown seat {value!r} (seats: {', '.join(self.seats)})")
        return self.seats.index(value)

    def seat_list(self, value: Any, path: str) -> tuple[int, ...]:
        out = tuple(self.seat(v, f"{path}[{i}]") for i, v in enumerate(_list(value, path)))
        if len(set(out)) != len(out):
            _fail(path, "a seat is listed twice")
        return out


def seat_names(match: Match) -> tuple[str, ...]:
    """The seats' names, which positions use as keys (so they must be unique)."""
    names = tuple(seat.name for seat in match.seats)
    for name in names:
        if names.count(name) > 1:
            raise NotationError(f"position.setup.seats: seat name {name!r} is used twice; "
                                "positions refer to seats by name")
    return names


# --- results and pending moves as text -----------------------------------------


def result_to_data(result: int | None) -> int | str | None:
    """`None` (in progress), ``"draw"``, or the winning team number."""
    return "draw" if result == -1 else result


def result_from_data(value: Any, path: str, match: Match) -> int | None:
    if value is None:
        return None
    if value == "draw":
        return -1
    teams_known = {*match.seat_team, *([match.cc_team] if match.challengers else [])}
    if not isinstance(value, int) or isinstance(value, bool) or value not in teams_known:
        teams = ", ".join(map(str, sorted(teams_known)))
        _fail(path, f"expected null, draw or a team number ({teams}), got {value!r}")
    return value


def move_to_text(amount: int) -> str:
    """A deferred move as text: -1 is ``"up 1"``, 2 is ``"back 2"`` (IB 3.4.6)."""
    return f"up {-amount}" if amount < 0 else f"back {amount}"


def move_from_text(text: Any, path: str) -> int:
    words = str(text).split()
    if len(words) != 2 or words[0] not in ("up", "back") or not words[1].isdigit() \
            or not 1 <= int(words[1]) <= 99:
        _fail(path, f"expected 'up N' or 'back N' (N 1..99), got {text!r}")
    amount = int(words[1])
    return -amount if words[0] == "up" else amount


# --- writing ----------------------------------------------------------------------


def position_to_dict(state: IBState) -> dict[str, Any]:
    """The whole situation as plain data (see docs/notation.md)."""
    match = state.match
    names = _Names(match)
    labels = match.labels
    track = state.track
    line: list[str] = [labels[u] for u in track.order]
    if track.rm is not None:
        line.insert(track.rm, RM_MARK)
    data: dict[str, Any] = {"format": FORMAT, "setup": match.to_dict(), "track": line}
    if track.rm is None:
        data["time_collapse"] = True
    data["round"] = track.round
    if match.config.out_of_round_rule == "passed_by_rm":
        data["passed"] = [labels[u] for u in track.order if track.passed >> u & 1]
    data["units"] = {labels[u]: _unit_to_data(state, u) for u in range(len(match.units))}
    data["units"].update({labels[u]: _support_to_data(state, u)  # IB 2.5: Supports in play
                          for u in range(match.num_characters, len(state.hp))
                          if state.on_track(u)})
    cards = match.content.cards
    data["seats"] = {
        name: {zone: [cards[c].key for c in pile] for zone, pile in
               (("hand", state.hands[s]), ("discard", state.discards[s]),
                ("deck", state.decks[s]))} | ({"flux": state.flux[s]} if state.flux[s] else {})
        | ({"summoned": summoned} if (summoned := _summoned_to_data(state, s)) else {})
        for s, name in enumerate(names.seats)
    }
    data["stack"] = [_frame_to_data(frame, names) for frame in state.stack]
    data["activations"] = state.activations
    data["result"] = result_to_data(state.result)
    data["rng"] = state.rng.to_data()
    return data


def _unit_to_data(state: IBState, u: int) -> dict[str, Any]:
    entry: dict[str, Any] = {"hp": state.hp[u], "charge": state.charge[u]}
    if state.status[u]:
        entry["statuses"] = st.names(state.status[u])
    if state.pending[u]:
        entry["pending"] = [move_to_text(a) for a in state.pending[u]]
    if state.used[u]:
        entry["used"] = state.used[u]
    if state.sigils[u]:
        cards, seats = state.match.content.cards, seat_names(state.match)
        entry["sigils"] = [cards[c].key if owner == state.match.unit_seat[u]
                           else f"{cards[c].key}{OWNER_MARK}{seats[owner]}"
                           for c, owner in state.sigils[u]]
    if not state.on_track(u):
        entry["defeated"] = True
    return entry


def _support_to_data(state: IBState, u: int) -> dict[str, Any]:
    entry: dict[str, Any] = {"in_play": True, "hp": state.hp[u]}
    if (state.summoned >> u) & 1:
        entry["summoned"] = True
    if state.status[u]:
        entry["statuses"] = st.names(state.status[u])
    if state.used[u]:
        entry["used"] = state.used[u]
    return entry


def _summoned_to_data(state: IBState, seat: int) -> list[str]:
    """The Supports `seat` has summoned this game (each at most once, IB 2.5.4)."""
    match = state.match
    n = match.num_characters
    return [match.content.cards[card].key for i, card in enumerate(match.support_cards)
            if match.unit_seat[n + i] == seat and (state.ever_summoned >> (n + i)) & 1]


def _frame_to_data(frame: fr.Frame, names: _Names) -> dict[str, Any]:
    labels, seats = names.labels, names.seats
    out: dict[str, Any] = {"frame": fr.TAG_NAMES[frame.tag]}
    if frame.tag == fr.MULLIGAN:
        out["to_ask"] = [seats[s] for s in frame.to_ask]
        out["takers"] = [seats[s] for s in frame.takers]
    elif frame.tag == fr.ACTIVATION:
        flags = frame.flags
        out["unit"] = labels[frame.unit]
        out["step"] = fr.STEP_NAMES[frame.step]
        out["flags"] = [name for name, bit in fr.FLAG_NAMES if flags & bit]
        if flags & fr.DISCARD_MASK:
            out["discards"] = (flags & fr.DISCARD_MASK) // fr.DISCARD_UNIT
    elif frame.tag == fr.ACTION:
        kind, card, owed, recipient = frame.kind, frame.card, frame.owed, frame.recipient
        out["unit"] = labels[frame.unit]
        if kind == fr.K_CHALLENGE:  # a Challenge Card's move, by its index on the card
            out["move"] = card
        elif card >= 0:
            out["card"] = names.match.content.cards[card].key
            if kind == Kind.INSTALL:
                out["sigil"] = "install"
                out["recipient"] = labels[recipient] if recipient >= 0 else None
                out["installed"] = owed == INSTALLED
            elif owed == INSTALLED:  # a Support already in play, its on-play resolving
                out["entered"] = True
            else:
                out["owed"] = owed
                if kind == Kind.SIGIL:
                    out["sigil"] = "use"
                    out["tier"] = frame.tier
        else:
            out["attack"] = ATTACK_NAMES[kind]
        out["targets"] = [None if t == fr.NO_TARGET else PENDING_TEXT if t == fr.PENDING
                          else labels[t] for t in frame.targets]
        out["stage"] = fr.STAGE_NAMES[frame.stage]
        out.update({"via_ib": bool(frame.via_ib), "clause": frame.clause,
                    "part": PART_NAMES[frame.sub]})
    elif frame.tag == fr.WINDOW:
        out["kind"] = fr.WINDOW_NAMES[frame.kind]
        out["to_ask"] = [seats[s] for s in frame.to_ask]
        out["declared"] = [[seats[s], labels[u]] for s, u in frame.declared]
    elif frame.tag == fr.BREAK:
        out.update({"unit": labels[frame.unit], "stage": fr.BREAK_STAGE_NAMES[frame.stage],
                    "was_out_of_round": bool(frame.was_oor)})
    return out


class _Dumper(yaml.SafeDumper):
    """Block style for the outline, flow style for short leaves (one frame per line)."""


def _represent_list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    flow = all(not isinstance(v, dict) for v in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


def _represent_dict(dumper: yaml.SafeDumper, data: dict[str, Any]) -> yaml.Node:
    flow = all(not isinstance(v, dict) for v in data.values()) and \
        len(json.dumps(data)) <= 90
    return dumper.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=flow)


_Dumper.add_representer(list, _represent_list)
_Dumper.add_representer(dict, _represent_dict)


def dump_position(state: IBState) -> str:
    """The position as YAML text."""
    return yaml.dump(position_to_dict(state), Dumper=_Dumper, sort_keys=False, width=92,
                     allow_unicode=True)


def canonical_json(state: IBState) -> str:
    """The position as compact JSON with sorted keys (stable text for hashing)."""
    return canonical_text(position_to_dict(state))


def canonical_text(data: dict[str, Any]) -> str:
    """Position data as `canonical_json` writes it."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


# --- reading ----------------------------------------------------------------------


def load_position(source: str | Mapping[str, Any], content: Content | None = None, *,
                  explicit_chance: bool = False, advance: bool = True) -> IBState:
    """Read a position (YAML/JSON text or plain data) into a playable state.

    Every field is validated before a state is built; errors are `NotationError`s naming
    the place. The loaded state is advanced to its next decision if the top of the stack
    is automatic (no other rule runs: R8). With `explicit_chance` the state has explicit
    chance nodes (games/ib/chance.py; `rng`/`seed` are not read, an omitted deck stays
    unordered) and may stop at one on the way, so a position can force every outcome.
    With `advance=False` a position between two activations (`stack: []`) is kept paused
    there (`stepping.resume` runs it on); any other position must then be at a decision
    already. The two do not combine (a paused explicit state would have no chance node
    to stop at): asking for both is a NotationError."""
    if explicit_chance and not advance:
        raise NotationError("load_position: explicit_chance and advance=False do not combine; "
                            "load with advance=False, then make chance explicit "
                            "(games/ib/chance.explicit) after resuming")
    if isinstance(source, str):
        try:
            source = load_yaml(source)
        except yaml.YAMLError as exc:
            raise NotationError(f"position: not valid YAML/JSON: {exc}") from None
    top = _mapping(source, "position", _TOP_KEYS)
    if top.get("format", FORMAT) != FORMAT:
        _fail("position.format", f"expected {FORMAT!r}, got {top['format']!r}")
    match = _read_match(top.get("setup"), content)
    names = _Names(match)
    rng = ExplicitChance() if explicit_chance else _read_rng(top)
    state = IBState(match, rng)  # each reader below fills in its part
    _read_units(state, top.get("units") or {}, names)
    state.track = _read_track(top, state, names)
    state.stack = _read_stack(top.get("stack"), state, names)
    _read_seats(state, top.get("seats") or {}, names)
    state.activations = _int(top.get("activations", 0), "position.activations", 0, 10**9)
    state.result = result_from_data(top.get("result"), "position.result", match)
    if explicit_chance:
        return chance.run_explicit(state, _reach_decision)
    if advance:
        _reach_decision(state)
    else:
        _check_paused(state)
    return state


def _read_match(raw: Any, content: Content | None) -> Match:
    setup = _mapping(raw, "position.setup", _SETUP_KEYS)
    seats = _list(setup.get("seats"), "position.setup.seats")
    filled = []
    for i, seat in enumerate(seats):  # the team defaults to the seat's number
        path = f"position.setup.seats[{i}]"
        seat_map = _mapping(seat, path, _SETUP_SEAT_KEYS)
        if "flux" in seat_map:  # Flux Surge tokens brought to the battle (IB 7.4)
            _int(seat_map["flux"], f"{path}.flux", 0, 99)
        filled.append({"team": i, **seat_map})
    if "starts" in setup:
        _check_starts(setup["starts"])
    try:
        return Match.from_dict({**setup, "seats": filled}, content, "position.setup")
    except InitiativeError as exc:
        message = str(exc)
        prefix = "" if message.startswith("position.") else "position.setup: "
        raise NotationError(prefix + message) from None


def _check_starts(raw: Any) -> None:
    """`setup.starts`: per unit label, how it started the battle (Match.starts): a
    campaign's HP, Charge and Sigils (IB 7.1), its Advancement damage bonus (IB 7.3.4),
    Elite (IB 7.7.1: +2 maximum HP, +1 damage) or instant modifiers (IB 7.9). The shape
    is checked here; the Match checks the values against the units."""
    if not isinstance(raw, Mapping):
        _fail("position.setup.starts", f"expected a mapping, got {raw!r}")
    for label, start in raw.items():
        path = f"position.setup.starts.{label}"
        entry = _mapping(start, path, _START_KEYS)
        _int(entry.get("max_hp", 0), f"{path}.max_hp", -99, 99)
        if entry.get("hp") is not None:
            _int(entry["hp"], f"{path}.hp", 1, 999)
        _int(entry.get("charge", 0), f"{path}.charge", 0, 3)
        _int(entry.get("damage_bonus", 0), f"{path}.damage_bonus", 0, 99)
        for field in ("statuses", "sigils"):
            for i, value in enumerate(_list(entry.get(field, []), f"{path}.{field}")):
                if not isinstance(value, str):
                    _fail(f"{path}.{field}[{i}]", f"expected a name, got {value!r}")


def _read_rng(top: dict[str, Any]) -> GameRng:
    """The generator: `rng` as written (its state), or a `seed` to start one."""
    if "rng" in top and "seed" in top:
        _fail("position", "give either rng or seed, not both")
    try:
        if "rng" in top:
            return rng_from_data(top["rng"], "position.rng")
        return make_rng(parse_seed(top.get("seed", 0), "position.seed"))
    except ValueError as exc:
        raise NotationError(str(exc)) from None


def _read_units(state: IBState, raw: Any, names: _Names) -> None:
    """Per-unit facts; units not listed are at full HP with nothing on them."""
    match = names.match
    units = _mapping(raw, "position.units", names.labels)
    config = match.config
    stacking = config.status_stacking == "stack"
    state.hp, state.charge, state.status, state.pending, state.used = [], [], [], [], []
    state.sigils = []
    state.off = 0
    state.summoned = 0
    state.ever_summoned = 0
    state.queue = ()
    for u in range(match.num_characters):
        path = f"position.units.{names.labels[u]}"
        entry = _mapping(units.get(names.labels[u]) or {}, path, _UNIT_KEYS)
        defeated = _bool(entry.get("defeated", False), f"{path}.defeated")
        top = match.max_hp[u]  # printed HP changed by setup.starts (IB 7.1, 7.7.1)
        hp = _int(entry.get("hp", 0 if defeated else top), f"{path}.hp", 0, 999)
        if hp > top and config.heal_cap == "max_hp":
            _fail(f"{path}.hp", f"{hp} exceeds max HP {top}")
        if hp == 0 and not defeated:
            _fail(f"{path}.hp", "0 HP on a unit still on the track (mark it defeated: true)")
        try:
            bits = st.parse(_list(entry.get("statuses", []), f"{path}.statuses"),
                            f"{path}.statuses")
        except ValueError as exc:
            raise NotationError(str(exc)) from None
        if not stacking and any(st.count(bits, s) > 1 for s in range(len(st.NAMES))):
            _fail(f"{path}.statuses", "a status counts more than once, but "
                  "status_stacking is none (AMB-54)")
        pending = tuple(move_from_text(m, f"{path}.pending[{i}]") for i, m in
                        enumerate(_list(entry.get("pending", []), f"{path}.pending")))
        used = _int(entry.get("used", 0), f"{path}.used", 0, 2**31)
        if defeated and (pending or used):
            _fail(path, "a defeated unit keeps no pending moves or usages (R7)")
        state.hp.append(hp)
        state.charge.append(_int(entry.get("charge", 0), f"{path}.charge", 0, 3))
        state.status.append(bits)
        state.pending.append(pending)
        state.used.append(used)
        state.sigils.append(_read_sigils(entry.get("sigils", []), f"{path}.sigils", u, names))
        state.off |= defeated << u
    for u in range(match.num_characters, len(match.max_hp)):
        _read_support(state, u, units.get(names.labels[u]) or {}, names)


def _read_support(state: IBState, u: int, raw: Any, names: _Names) -> None:
    """A Support slot (IB 2.5): out of play unless `in_play: true`."""
    path = f"position.units.{names.labels[u]}"
    entry = _mapping(raw, path, _SUPPORT_KEYS)
    in_play = _bool(entry.get("in_play", False), f"{path}.in_play")
    if not in_play and set(entry) - {"in_play"}:
        _fail(path, "a Support out of play has no hp, statuses or usages (add in_play: true)")
    top = names.match.max_hp[u]
    hp = _int(entry.get("hp", top if in_play else 0), f"{path}.hp", 0, 999)
    if in_play and hp == 0:
        _fail(f"{path}.hp", "0 HP on a Support in play (it would be discarded, IB 2.5.3)")
    if hp > top and names.match.config.heal_cap == "max_hp":
        _fail(f"{path}.hp", f"{hp} exceeds max HP {top}")
    try:
        bits = st.parse(_list(entry.get("statuses", []), f"{path}.statuses"), f"{path}.statuses")
    except ValueError as exc:
        raise NotationError(str(exc)) from None
    state.hp.append(hp)
    state.charge.append(0)
    state.status.append(bits)
    state.pending.append(())
    state.used.append(_int(entry.get("used", 0), f"{path}.used", 0, 2**31))
    state.sigils.append(())
    state.off |= (not in_play) << u
    summoned = _bool(entry.get("summoned", False), f"{path}.summoned") << u
    state.summoned |= summoned
    state.ever_summoned |= summoned


def _read_sigils(raw: Any, path: str, unit: int, names: _Names) -> tuple[tuple[int, int], ...]:
    """Installed Sigils (IB 4.5): card keys, `key@Seat` when another seat owns the card."""
    match = names.match
    content = match.content
    out = []
    for i, value in enumerate(_list(raw, path)):
        key, _, seat = str(value).partition(OWNER_MARK)
        if key not in content.card_index or content.cards[content.card_index[key]].kind != "sigil":
            _fail(f"{path}[{i}]", f"{key!r} is not a Sigil card")
        card = content.card_index[key]
        if content.cards[card].sigil_type not in match.units[unit].affinities:
            _fail(f"{path}[{i}]", f"a {content.cards[card].sigil_type} Sigil cannot sit on "
                  f"this Character (IB 4.5.5)")
        owner = names.seat(seat, f"{path}[{i}]") if seat else match.unit_seat[unit]
        out.append((card, owner))
    if len(out) > 2:
        _fail(path, f"{len(out)} Sigils; at most 2 are installed (IB 2.3.5)")
    return tuple(out)


def _read_track(top: dict[str, Any], state: IBState, names: _Names) -> InitiativeTrack:
    path = "position.track"
    line = _list(top.get("track"), path)
    collapse = _bool(top.get("time_collapse", False), "position.time_collapse")
    marks = [i for i, v in enumerate(line) if v == RM_MARK]
    if collapse and marks:
        _fail(path, "no Round Marker '|' during Time Collapse (IB 3.6.2)")
    if not collapse and len(marks) != 1:
        _fail(path, "needs exactly one Round Marker '|' (or time_collapse: true)")
    order = [names.unit(v, f"{path}[{i}]") for i, v in enumerate(line) if v != RM_MARK]
    living = [u for u in state.living_units() if u < names.match.num_characters]
    if sorted(order) != living:
        problems = [f"{names.labels[u]} is missing" for u in living if u not in order]
        problems += [f"{names.labels[u]} is defeated" for u in set(order) if u not in living]
        problems += [f"{names.labels[u]} appears twice" for u in set(order)
                     if order.count(u) > 1]
        _fail(path, "not a permutation of the living units: " + "; ".join(sorted(problems)))
    rnd = _int(top.get("round", 1), "position.round", 1, 10**9)
    passed = 0
    for i, label in enumerate(_list(top.get("passed", []), "position.passed")):
        unit = names.unit(label, f"position.passed[{i}]")
        if unit not in order:
            _fail(f"position.passed[{i}]", f"{label} is not on the track")
        passed |= 1 << unit
    if collapse and passed:
        _fail("position.passed", "no unit is out of round during Time Collapse (IB 3.6.2)")
    return InitiativeTrack(order, names.match.track_rules, rm=None if collapse else marks[0],
                           round=rnd, passed=passed)


def _read_seats(state: IBState, raw: Any, names: _Names) -> None:
    """Hands, discards and decks; an omitted deck is the rest of the decklist, shuffled."""
    match = names.match
    seats = _mapping(raw, "position.seats", names.seats)
    index = match.content.card_index
    state.hands, state.discards, state.decks = [], [], []
    state.flux = []
    for s, name in enumerate(names.seats):
        path = f"position.seats.{name}"
        entry = _mapping(seats.get(name) or {}, path, _SEAT_FIELDS)
        state.flux.append(_int(entry.get("flux", 0), f"{path}.flux", 0, 99))  # IB 7.4
        _read_summoned(state, s, entry.get("summoned", []), f"{path}.summoned")
        piles = {}
        for zone in _SEAT_KEYS:
            keys = _list(entry.get(zone, []), f"{path}.{zone}")
            for i, key in enumerate(keys):
                if key not in index:
                    _fail(f"{path}.{zone}[{i}]", f"unknown card {key!r}")
            piles[zone] = [index[k] for k in keys]
        if len(piles["hand"]) > MAX_HAND:
            _fail(f"{path}.hand", f"{len(piles['hand'])} cards; a hand holds at most "
                  f"{MAX_HAND} (IB 2.8.3)")
        decklist = Counter(match.decklists[s])
        held = Counter(piles["hand"]) + Counter(piles["discard"])
        held.update(card for owner, card in cards_in_play(state.stack, match.unit_seat)
                    if owner == s)  # a card in play still belongs to the seat
        held.update(card for installed in state.sigils for card, owner in installed
                    if owner == s)
        n = match.num_characters
        held.update(card for i, card in enumerate(match.support_cards)  # Supports in play
                    if match.unit_seat[n + i] == s and state.on_track(n + i)
                    and not (state.summoned >> (n + i)) & 1)
        if "deck" in entry:
            _same_cards(held + Counter(piles["deck"]), decklist, path, match)
        else:
            _same_cards(held, decklist, path, match, subset=True)
            deck = list((decklist - held).elements())
            state.rng.shuffle(deck)
            piles["deck"] = deck
        state.hands.append(piles["hand"])
        state.discards.append(piles["discard"])
        state.decks.append(piles["deck"])


def _read_summoned(state: IBState, seat: int, raw: Any, path: str) -> None:
    """The Supports the seat has summoned this game (a summoned Support in play is one
    of them whether listed or not): a summon brings each at most once (IB 2.5.4)."""
    match = state.match
    index = match.content.card_index
    for i, key in enumerate(_list(raw, path)):
        unit = match.support_slot.get((seat, index.get(str(key), -1)))
        if unit is None:
            _fail(f"{path}[{i}]", f"{key!r} is not a Support Character of this seat")
        state.ever_summoned |= 1 << unit


def _same_cards(found: Counter[int], decklist: Counter[int], path: str, match: Match,
                subset: bool = False) -> None:
    """Cards are conserved: hand + discard (+ deck) is (part of) the seat's decklist."""
    extra = found - decklist
    missing = Counter() if subset else decklist - found
    if extra or missing:
        key = match.content.cards
        parts = [f"{n} more {key[c].key} than the decklist holds" for c, n in extra.items()]
        parts += [f"{n} {key[c].key} missing" for c, n in missing.items()]
        zones = "hand and discard" if subset else "hand, discard and deck"
        _fail(path, f"{zones} do not match the decklist: " + "; ".join(parts))


# --- the decision stack -------------------------------------------------------------

_FrameReader = Callable[[dict[str, Any], str, IBState, _Names], fr.Frame]


def _read_stack(raw: Any, state: IBState, names: _Names) -> list[fr.Frame]:
    path = "position.stack"
    items = _list(raw if raw is not None else [], path)
    stack: list[fr.Frame] = []
    for i, item in enumerate(items):
        where = f"{path}[{i}]"
        if not isinstance(item, Mapping) or item.get("frame") not in _READERS:
            _fail(where, f"expected a frame with 'frame' one of {', '.join(_READERS)}")
        reader, known = _READERS[item["frame"]]
        frame = reader(_mapping(item, where, ("frame", *known)), where, state, names)
        if frame.tag in (fr.MULLIGAN, fr.NEXT, fr.ACTIVATION) and i > 0:
            _fail(where, f"a {item['frame']} frame can only be the bottom of the stack")
        if frame.tag == fr.MULLIGAN and len(items) > 1:
            _fail(path, "the mulligan frame stands alone (IB 2.9 step 7)")
        if frame.tag == fr.ACTION:
            _check_action_place(frame, stack, where)
        stack.append(frame)
    return stack


def _check_action_place(frame: fr.ActionFrame, below: list[fr.Frame], where: str) -> None:
    """An attack belongs to its unit's activation (which may have ended meanwhile and
    then abandons it), or sits directly on that unit's Initiative Break."""
    unit = frame.unit
    if frame.via_ib:
        top = below[-1] if below else None
        if top is None or top.tag != fr.BREAK or top.unit != unit or top.stage != fr.B_RETURN:
            _fail(where, "an Initiative Break's attack sits directly on that unit's break "
                  "frame at stage return")
    elif not below or below[0].tag != fr.ACTIVATION or below[0].unit != unit:
        _fail(where, "an attack (not via_ib) belongs to the activation of its unit")


def _frame_mulligan(f: dict[str, Any], where: str, state: IBState, names: _Names) -> fr.Frame:
    to_ask = names.seat_list(f.get("to_ask", list(names.seats)), f"{where}.to_ask")
    takers = names.seat_list(f.get("takers", []), f"{where}.takers")
    if set(to_ask) & set(takers):
        _fail(f"{where}.takers", "a seat still to answer cannot have answered already")
    return fr.MulliganFrame(to_ask, takers)


def _frame_next(f: dict[str, Any], where: str, state: IBState, names: _Names) -> fr.Frame:
    return fr.NEXT_FRAME


def _frame_activation(f: dict[str, Any], where: str, state: IBState,
                      names: _Names) -> fr.Frame:
    unit = names.unit(f.get("unit"), f"{where}.unit")
    step = _name(f.get("step"), f"{where}.step", fr.STEP_NAMES)
    flags = 0
    flag_names = [name for name, _ in fr.FLAG_NAMES]
    for i, name in enumerate(_list(f.get("flags", []), f"{where}.flags")):
        flags |= fr.FLAG_NAMES[_name(name, f"{where}.flags[{i}]", flag_names)][1]
    flags += fr.DISCARD_UNIT * _int(f.get("discards", 0), f"{where}.discards", 0, MAX_HAND)
    if flags & fr.F_ENDED:
        if step not in (fr.ST_RM, fr.ST_DONE):
            _fail(f"{where}.step", "an ended activation is at step rm or done")
    elif not state.on_track(unit):
        _fail(f"{where}.unit", f"{names.labels[unit]} is defeated; its activation must "
              "carry the flag ended")
    if flags & fr.F_STUNNED and step == fr.ST_ACTION:
        _fail(f"{where}.step", "a Stunned activation has no Action step (IB 5.2.7)")
    return fr.ActivationFrame(unit, step, flags)


def _frame_action(f: dict[str, Any], where: str, state: IBState, names: _Names) -> fr.Frame:
    unit = names.unit(f.get("unit"), f"{where}.unit")
    card, owed, tier, recipient = -1, 0, 0, -1
    if sum(k in f for k in ("card", "attack", "move")) > 1:
        _fail(where, "an action frame names one of an attack, a card or a move")
    if "card" in f:
        kind, card, owed, tier, recipient = _card_action(f, where, state, names, unit)
    elif "move" in f:
        cc = state.match.cc_specs[unit]
        if cc is None:
            _fail(f"{where}.move", f"{names.labels[unit]} is not a Challenge Card")
        kind, card = fr.K_CHALLENGE, _int(f["move"], f"{where}.move", 0, len(cc.moves) - 1)
    else:
        kind = list(ATTACK_NAMES)[_name(f.get("attack"), f"{where}.attack",
                                        list(ATTACK_NAMES.values()))]
    clauses = clauses_of(state, unit, kind, card, tier)
    default_stage = ("cost" if owed > 0 else "tier" if kind == Kind.SIGIL and not tier
                     else "recipient" if kind == Kind.INSTALL and recipient < 0 else "target")
    stage = _name(f.get("stage", default_stage), f"{where}.stage", fr.STAGE_NAMES)
    if (stage == fr.AS_TIER) != (kind == Kind.SIGIL and not tier):
        _fail(f"{where}.stage", "stage tier goes with a Sigil use whose tier is not chosen")
    if (stage == fr.AS_RECIPIENT) != (kind == Kind.INSTALL and recipient < 0):
        _fail(f"{where}.stage", "stage recipient goes with an install whose recipient is "
              "not chosen")
    if (stage == fr.AS_COST) != (owed > 0):
        _fail(f"{where}.owed", "stage cost goes with a discard cost still owed, and only "
              "with it")
    via_ib = _bool(f.get("via_ib", False), f"{where}.via_ib")
    if via_ib and kind != Kind.BREAK_ART:
        _fail(f"{where}.attack", "an Initiative Break performs the Break Art (IB 3.7.6)")
    choosing = stage in (fr.AS_TARGET, fr.AS_RETARGET, fr.AS_COST, fr.AS_TIER,
                         fr.AS_RECIPIENT, fr.AS_REPLACE)
    if "targets" in f:
        raw = _list(f["targets"], f"{where}.targets")
        if len(raw) != len(clauses):
            _fail(f"{where}.targets", f"one entry per clause: {len(clauses)} expected, "
                  f"got {len(raw)}")
        targets = []
        for i, (value, spec) in enumerate(zip(raw, clauses, strict=True)):
            at = f"{where}.targets[{i}]"
            if value is None:
                targets.append(fr.NO_TARGET)
            elif not spec.chooses:
                _fail(at, f"clause {i} targets {spec.target}; write null")
            elif value == PENDING_TEXT:
                if not choosing:
                    _fail(at, "a target still to choose needs stage target or retarget")
                targets.append(fr.PENDING)
            else:
                targets.append(names.unit(value, at, supports=True))
    elif choosing:
        targets = [fr.PENDING if c.chooses else fr.NO_TARGET for c in clauses]
    else:
        _fail(f"{where}.targets", "required once targets are chosen (stage past target)")
    clause = _int(f.get("clause", 0), f"{where}.clause", 0, len(clauses))
    sub = _name(f.get("part", "start"), f"{where}.part", PART_NAMES)
    if (sub == 1) != (stage == fr.AS_CLEANSE):
        _fail(f"{where}.part", "part cleanse goes with stage cleanse, and only with it")
    if sub == 2 and stage != fr.AS_RESOLVE:
        _fail(f"{where}.part", "part rest needs stage resolve")
    if (sub or stage == fr.AS_CLEANSE) and (clause == len(clauses) or
                                            clauses[clause].cleanse != CLEANSE_ONE):
        _fail(f"{where}.clause", f"clause {clause} has no Cleanse of the player's choice")
    return fr.ActionFrame(unit, kind, tuple(targets), stage, via_ib, clause, sub, card,
                          owed, tier, recipient, clauses)


def _card_action(f: dict[str, Any], where: str, state: IBState, names: _Names,
                 unit: int) -> tuple[int, int, int, int, int]:
    """(kind, card, owed, tier, recipient) of a played card, an install or a Sigil use."""
    mode = f.get("sigil")
    content = state.match.content
    if mode is None:
        card = _card(f["card"], f"{where}.card", state)
        if _bool(f.get("entered", False), f"{where}.entered"):  # IB 4.7.1
            slot = state.match.support_slot.get((state.match.unit_seat[unit], card))
            if slot is None or not state.on_track(slot) or "owed" in f:
                _fail(f"{where}.entered", "only a Support now in play has entered (and it "
                      "owes nothing)")
            return int(Kind.PLAY), card, INSTALLED, 0, -1
        owed = _int(f.get("owed", 0), f"{where}.owed", 0, content.cards[card].cost)
        return int(Kind.PLAY), card, owed, 0, -1
    key = f["card"]
    if key not in content.card_index or content.cards[content.card_index[key]].kind != "sigil":
        _fail(f"{where}.card", f"{key!r} is not a Sigil card")
    card = content.card_index[key]
    if mode == "install":
        raw = f.get("recipient")
        recipient = -1 if raw is None else names.unit(raw, f"{where}.recipient")
        installed = _bool(f.get("installed", False), f"{where}.installed")
        if installed and (recipient < 0 or card not in
                          [c for c, _ in state.sigils[recipient]]):
            _fail(f"{where}.installed", "the Sigil is not on its recipient")
        return int(Kind.INSTALL), card, INSTALLED if installed else 0, 0, recipient
    if mode != "use":
        _fail(f"{where}.sigil", f"expected install or use, got {mode!r}")
    if card not in [c for c, _ in state.sigils[unit]]:
        _fail(f"{where}.card", f"{key!r} is not installed on this unit")
    tier = _int(f.get("tier", 0), f"{where}.tier", 0, len(content.cards[card].tiers))
    owed = _int(f.get("owed", 0), f"{where}.owed", 0, tier)
    return int(Kind.SIGIL), card, owed, tier, -1


def _card(value: Any, path: str, state: IBState) -> int:
    """A card in play: a known Technique or Event key."""
    content = state.match.content
    if value not in content.card_index:
        _fail(path, f"unknown card {value!r}")
    card = content.card_index[value]
    if not content.cards[card].playable:
        _fail(path, f"{value!r} is a {content.cards[card].kind} card; only Techniques and "
              "Events are played as an action")
    return card


def _frame_window(f: dict[str, Any], where: str, state: IBState, names: _Names) -> fr.Frame:
    kind = _name(f.get("kind"), f"{where}.kind", fr.WINDOW_NAMES)
    to_ask = names.seat_list(f.get("to_ask", []), f"{where}.to_ask")
    declared = []
    for i, pair in enumerate(_list(f.get("declared", []), f"{where}.declared")):
        at = f"{where}.declared[{i}]"
        if not isinstance(pair, list) or len(pair) != 2:
            _fail(at, f"expected [seat, unit], got {pair!r}")
        seat, unit = names.seat(pair[0], at), names.unit(pair[1], at)
        if names.match.unit_seat[unit] != seat:
            _fail(at, f"{pair[1]} is not controlled by {pair[0]}")
        if seat in to_ask:
            _fail(at, f"{pair[0]} has answered and cannot still be in to_ask")
        declared.append((seat, unit))
    return fr.WindowFrame(kind, to_ask, tuple(declared))


def _frame_break(f: dict[str, Any], where: str, state: IBState, names: _Names) -> fr.Frame:
    unit = names.unit(f.get("unit"), f"{where}.unit")
    stage = _name(f.get("stage", "waiting"), f"{where}.stage", fr.BREAK_STAGE_NAMES)
    was_oor = _bool(f.get("was_out_of_round", False), f"{where}.was_out_of_round")
    return fr.BreakFrame(unit, stage, was_oor)


_READERS: dict[str, tuple[_FrameReader, tuple[str, ...]]] = {
    "mulligan": (_frame_mulligan, ("to_ask", "takers")),
    "next": (_frame_next, ()),
    "activation": (_frame_activation, ("unit", "step", "flags", "discards")),
    "action": (_frame_action, ("unit", "attack", "card", "move", "owed", "entered", "sigil",
                               "tier",
                               "recipient", "installed", "targets", "stage",
                               "via_ib", "clause", "part")),
    "window": (_frame_window, ("kind", "to_ask", "declared")),
    "break": (_frame_break, ("unit", "stage", "was_out_of_round")),
}


def _check_paused(state: IBState) -> None:
    """`advance=False`: the position is between two activations or at a decision; a
    clone is run on to make sure the game can continue from it."""
    trial = state.clone()
    _reach_decision(trial)
    if state.stack and (trial.stack != state.stack or trial.events()):
        _fail("position.stack", "the top frame is an automatic step; with advance=False a "
              "position is between two activations (stack: []) or at a decision")


def _reach_decision(state: IBState) -> None:
    """Run automatic steps to the next decision; a stack that cannot go on is an error."""
    if state.result is not None:
        return
    try:
        flow.advance(state)
        if state.result is None and not state.legal_actions():
            raise NotationError("no legal action at the decision on top")
    except (InitiativeError, LookupError, AssertionError, TypeError, ValueError) as exc:
        raise NotationError(f"position.stack: the game cannot continue from this "
                            f"stack ({exc})") from None
