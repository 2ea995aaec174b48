"""A seat's legal actions as a page of a game played one decision at a time offers them
(server/hex_render.py, server/ti_render.py): read from the view's `legal` list, with the
game's action kind (from the action number) so a renderer can place each one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

K = TypeVar("K")


@dataclass(frozen=True)
class Choice(Generic[K]):
    """One legal action as the page offers it."""

    index: int
    kind: K
    arg: int
    text: str
    label: str

    @property
    def word(self) -> str:
        """The action's word (`play`, `move`, `face`, ...): its CSS class."""
        return self.text.split(" ")[0]


def choices_of(view: dict[str, Any], kind_of: Callable[[int], K]) -> list[Choice[K]]:
    """The view's legal actions (none when the seat does not decide now); `kind_of`: an
    action number's kind in the game."""
    return [Choice(int(a["index"]), kind_of(int(a["index"])), int(a["arg"]),
                   str(a["text"]), str(a["label"])) for a in view.get("legal") or []]
