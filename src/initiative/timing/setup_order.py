"""Starting order of the Initiative Track (IB 2.9 step 4, IB 6.3 step 5, AMB-91, AMB-92).

Lowest Initiative goes leftmost; ties go to lower Speed, then lower HP (AMB-91: both
ascending). A tie left after HP is settled by the players' agreement (IB 2.9) or by the
letters of the name (IB 6.3); AMB-92 picks which via ``setup_final_tiebreak``. Copies of
one Character on two sides tie on the name and title too: ``setup_copy_tiebreak`` orders
them by a public draw (``draw``, the default) or by unit number (``unit``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from initiative.timing.track_rules import TrackRules

__all__ = ["Below", "Setup", "SetupEntry", "SetupTieError", "arrange", "setup_order"]

_DEFAULT_RULES = TrackRules()


@dataclass(frozen=True, slots=True)
class SetupEntry:
    """One unit's setup figures; ``hp`` is its HP at the start of the battle (AMB-93).
    ``side`` is the unit's side (its team), None for a unit the game controls (a
    Challenge Card, a Rival) or when sides do not matter: only copies on two sides are
    drawn (``setup_copy_tiebreak``)."""

    unit: int
    initiative: int
    speed: int
    hp: int
    name: str
    title: str = ""
    side: int | None = None


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


Below = Callable[[int], int]
"""A uniform choice in [0, n): a chance source's ``below`` (engine.chance)."""


@dataclass(frozen=True, slots=True)
class Setup:
    """The starting order, and each public draw that settled copies in it."""

    order: list[int]
    """Unit ids from left to right."""
    draws: tuple[tuple[int, ...], ...] = ()
    """Each run of copies a draw ordered, in the order drawn (leftmost first)."""


def setup_order(
    entries: Iterable[SetupEntry],
    rules: TrackRules = _DEFAULT_RULES,
    agreed: Sequence[int] | None = None,
    below: Below | None = None,
) -> list[int]:
    """Unit ids from left to right for the start of a battle (:func:`arrange`)."""
    return arrange(entries, rules, agreed, below).order


def arrange(
    entries: Iterable[SetupEntry],
    rules: TrackRules = _DEFAULT_RULES,
    agreed: Sequence[int] | None = None,
    below: Below | None = None,
) -> Setup:
    """The starting order of a battle.

    A tie remaining after HP: under ``setup_final_tiebreak="name"``, case-insensitive
    name, then title (IB 6.3, AMB-92), unless ``agreed`` lists every unit of that tie,
    whose relative order then wins (AMB-92: players may agree). Under
    ``"agreement_required"`` (IB 2.9) ``agreed`` must list every tied unit, else
    :class:`SetupTieError`. Units equal in name and title as well are copies: on two or
    more sides, under ``setup_copy_tiebreak="draw"`` a public draw orders them (a
    uniform order, one ``below`` call a place but the last: ``below`` is called only
    for such a tie, and one is needed then); otherwise, and always for units of one
    side or the game's, the unit number decides.
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
    drawn = rules.setup_copy_tiebreak == "draw"
    out: list[int] = []
    draws: list[tuple[int, ...]] = []
    for group in _runs(items, _figures):
        if len(group) > 1:
            if all(e.unit in rank for e in group):
                group.sort(key=lambda e: rank[e.unit])
            elif required:
                raise SetupTieError(sorted(group, key=_name_key))
            else:
                group.sort(key=_name_key)
                if drawn:
                    group = _draw_copies(group, below, draws)
        out.extend(e.unit for e in group)
    return Setup(out, tuple(draws))


def _runs(items: list[SetupEntry],
          key: Callable[[SetupEntry], tuple[object, ...]]) -> list[list[SetupEntry]]:
    """`items` (sorted by `key`) cut into runs of equal `key`."""
    runs: list[list[SetupEntry]] = []
    for e in items:
        if runs and key(runs[-1][0]) == key(e):
            runs[-1].append(e)
        else:
            runs.append([e])
    return runs


def _copy_key(e: SetupEntry) -> tuple[str, str]:
    return (e.name.casefold(), e.title.casefold())


def _draw_copies(group: list[SetupEntry], below: Below | None,
                 draws: list[tuple[int, ...]]) -> list[SetupEntry]:
    """`group` (in name order) with each run of copies on two or more sides put in a
    drawn order (a Fisher-Yates shuffle, front to back), noted in `draws`."""
    out: list[SetupEntry] = []
    for run in _runs(group, _copy_key):
        sides = {e.side for e in run}
        if len(run) > 1 and None not in sides and len(sides) > 1:
            if below is None:
                raise ValueError("copies on two sides tie at setup and "
                                 "setup_copy_tiebreak is 'draw': a draw needs a chance source")
            for i in range(len(run) - 1):
                j = i + below(len(run) - i)
                run[i], run[j] = run[j], run[i]
            draws.append(tuple(e.unit for e in run))
        out.extend(run)
    return out
