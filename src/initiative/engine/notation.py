"""What every game's position notation shares: readers of plain data that name the
place of a bad value (``position.units[1].hex: ...``), chance outcomes as text
(``kind:value``), JSON for people and for hashing, and random play through chance
nodes (the golden records and property tests drive games with it).

Game-neutral: games/hex/notation.py and games/ti/notation.py build on these."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, NoReturn, Protocol

from initiative.engine.chance import KINDS, Outcome
from initiative.engine.errors import NotationError
from initiative.engine.rng import SplitMix64

# --- small readers: each names the place of a bad value ------------------------------


def fail(path: str, message: str) -> NoReturn:
    """NotationError `path: message`."""
    raise NotationError(f"{path}: {message}")


def short(value: Any) -> str:
    """`repr(value)`, cut to 60 characters for an error message."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def mapping(value: Any, path: str, known: Sequence[str],
            required: Sequence[str] = ()) -> dict[str, Any]:
    """A mapping with only `known` fields and every `required` one."""
    if not isinstance(value, Mapping):
        fail(path, f"expected a mapping, got {short(value)}")
    for key in value:
        if key not in known:
            fail(path, f"unknown field {key!r} (known: {', '.join(known)})")
    for key in required:
        if key not in value:
            fail(path, f"missing field {key!r}")
    return dict(value)


def integer(value: Any, path: str, lo: int, hi: int) -> int:
    """A whole number in lo..hi (booleans are not numbers here)."""
    if not isinstance(value, int) or isinstance(value, bool):
        fail(path, f"expected a whole number, got {short(value)}")
    if not lo <= value <= hi:
        fail(path, f"{value} is outside {lo}..{hi}")
    return value


def boolean(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        fail(path, f"expected true or false, got {short(value)}")
    return value


def listing(value: Any, path: str, length: int | None = None) -> list[Any]:
    """A list (of exactly `length` entries, if given)."""
    if not isinstance(value, list):
        fail(path, f"expected a list, got {short(value)}")
    if length is not None and len(value) != length:
        fail(path, f"expected {length} entries, got {len(value)}")
    return value


def word(value: Any, path: str, words: Sequence[str]) -> str:
    """One of `words`."""
    if not isinstance(value, str) or value not in words:
        fail(path, f"{short(value)} is not one of {', '.join(words)}")
    return value


def outcome_from_text(value: Any, path: str) -> Outcome:
    """A chance outcome written ``kind:value`` (``roll:4``, ``draw:7``, ``pick:0``)."""
    if isinstance(value, str):
        kind, colon, number = value.partition(":")
        if colon and kind in KINDS and number.isdigit():
            return Outcome(kind, int(number))
    fail(path, f"expected a chance outcome 'kind:value' (kinds: {', '.join(sorted(KINDS))}), "
         f"got {short(value)}")


def outcome_text(outcome: Outcome) -> str:
    return f"{outcome.kind}:{outcome.value}"


# --- JSON text ------------------------------------------------------------------------

WIDTH = 88
"""The widest line `pretty_json` writes when it can."""


def pretty_json(value: Any) -> str:
    """JSON text for people: what fits on a line stays on one, a long list of plain
    values fills lines, everything else is indented by two."""
    return _pretty(value, 0) + "\n"


def _pretty(value: Any, indent: int, lead: int = 0) -> str:
    """`value` as JSON starting `lead` characters into a line indented `indent`."""
    flat = json.dumps(value)
    if indent + lead + len(flat) <= WIDTH or not isinstance(value, (dict, list)) or not value:
        return flat
    inner = indent + 2
    pad = " " * inner
    if isinstance(value, dict):
        items = []
        for k, v in value.items():
            key = json.dumps(k) + ": "
            items.append(pad + key + _pretty(v, inner, len(key)))
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    if not any(isinstance(v, (dict, list)) for v in value):
        lines, line = [], ""
        for v in value:
            item = json.dumps(v)
            if line and inner + len(line) + len(item) + 2 > WIDTH:
                lines.append(pad + line + ",")
                line = ""
            line = f"{line}, {item}" if line else item
        lines.append(pad + line)
        return "[\n" + "\n".join(lines) + "\n" + " " * indent + "]"
    items = [pad + _pretty(v, inner) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def canonical_text(data: Any) -> str:
    """Compact JSON with sorted keys: stable text to hash a position by."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


# --- random play ----------------------------------------------------------------------


def sample_outcome(outcomes: Sequence[tuple[Outcome, Any]], rng: SplitMix64) -> Outcome:
    """An outcome drawn by its (exact fraction) probability."""
    denominator = 1
    for _, p in outcomes:
        denominator = denominator * p.denominator // _gcd(denominator, p.denominator)
    pick = rng.below(denominator)
    for outcome, p in outcomes:
        pick -= p.numerator * (denominator // p.denominator)
        if pick < 0:
            return outcome
    raise ValueError("chance outcomes do not sum to 1")


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


class RandomPlayable(Protocol):
    """A state random play can drive: legal actions, chance nodes, apply."""

    def is_terminal(self) -> bool: ...

    def chance_outcomes(self) -> Sequence[tuple[Outcome, Any]]: ...

    def legal_actions(self, seat: int | None = None) -> Sequence[Any]: ...

    def apply(self, action: Any) -> None: ...


def random_step(state: RandomPlayable, rng: SplitMix64) -> None:
    """One random step: at a chance node an outcome drawn by its probability, else a
    uniformly random legal action."""
    outcomes = state.chance_outcomes()
    if outcomes:
        state.apply(sample_outcome(outcomes, rng))
    else:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])


def play_random(state: RandomPlayable, rng: SplitMix64, max_steps: int = 5000) -> int:
    """Random steps (`random_step`) until the game ends or `max_steps` were applied;
    how many were applied."""
    for taken in range(max_steps):
        if state.is_terminal():
            return taken
        random_step(state, rng)
    return max_steps
