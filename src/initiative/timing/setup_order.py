"""Starting order of the Initiative Track (IB 2.9 step 4, IB 6.3 step 5, AMB-91, AMB-92).

Lowest Initiative goes leftmost; ties go to lower Speed, then lower HP (AMB-91: both
ascending). A tie left after HP is settled by the players' agreement (IB 2.9) or by the
letters of the name (IB 6.3); AMB-92 picks which via ``setup_final_tiebreak``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from initiative.timing.track_rules import TrackRules

__all__ = ["SetupEntry", "SetupTieError", "setup_order"]

_DEFAULT_RULES = TrackRules()


@dataclass(frozen=True, slots=True)
class SetupEntry:
    """One unit's setup figures; ``hp`` is its HP at the start of the battle (AMB-93)."""

    unit: int
    initiative: int
    speed: int
    hp: int
    name: str
    title: str = ""


class SetupTieError(ValueError):
    """Units tied on Initiative, Speed and HP with no agreed order (IB 2.9, AMB-92)."""

    def __init__(self, tied: Sequence[SetupEntry]) -> None:
        self.units = tuple(e.unit for e in tied)
        labels = ", ".join(_label(e) for e in tied)
        super().__init__(
            f"setup tie on Initiative, Speed and HP needs an agreed order for: {labels}"
        )


def _label(e: SetupEntry) -> str:
    return f"{e.name}, {e.title} (unit {e.unit})" if e.title else f"{e.name} (unit {e.unit})"


def _figures(e: SetupEntry) -> tuple[int, int, int]:
    return (e.initiative, e.speed, e.hp)


def _name_key(e: SetupEntry) -> tuple[str, str, int]:
    return (e.name.casefold(), e.title.casefold(), e.unit)


def setup_order(
    entries: Iterable[SetupEntry],
    rules: TrackRules = _DEFAULT_RULES,
    agreed: Sequence[int] | None = None,
) -> list[int]:
    """Unit ids from left to right for the start of a battle.

    A tie remaining after HP: under ``setup_final_tiebreak="name"``, case-insensitive
    name, then title, then unit id (IB 6.3, AMB-92), unless ``agreed`` lists every unit
    of that tie, whose relative order then wins (AMB-92: players may agree). Under
    ``"agreement_required"`` (IB 2.9) ``agreed`` must list every tied unit, else
    :class:`SetupTieError`.
    """
    items = sorted(entries, key=_figures)
    seen: set[int] = set()
    for e in items:
        if e.unit in seen:
            raise ValueError(f"unit {e.unit} appears twice in the setup entries")
        seen.add(e.unit)
    rank: dict[int, int] = {}
    if agreed is not None:
        for pos, unit in enumerate(agreed):
            rank.setdefault(unit, pos)
    required = rules.setup_final_tiebreak == "agreement_required"
    out: list[int] = []
    start = 0
    while start < len(items):
        key = _figures(items[start])
        end = start + 1
        while end < len(items) and _figures(items[end]) == key:
            end += 1
        group = items[start:end]
        if len(group) > 1:
            if all(e.unit in rank for e in group):
                group.sort(key=lambda e: rank[e.unit])
            elif required:
                raise SetupTieError(sorted(group, key=_name_key))
            else:
                group.sort(key=_name_key)
        out.extend(e.unit for e in group)
        start = end
    return out
