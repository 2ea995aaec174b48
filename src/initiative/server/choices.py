"""A seat's legal actions as a page of a game played one decision at a time offers them
(server/hex_render.py, server/ti_render.py): read from the view's `legal` list, with the
game's action kind (from the action number) so a renderer can place each one."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from initiative.games.view_records import LegalEntry

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


def choices_of(legal: Sequence[LegalEntry], kind_of: Callable[[int], K]) -> list[Choice[K]]:
    """A view's legal actions (none when the seat does not decide now); `kind_of`: an
    action number's kind in the game."""
    return [Choice(a["index"], kind_of(a["index"]), a["arg"], a["text"], a["label"])
            for a in legal]


def json_state(data: Mapping[str, Any]) -> dict[str, Any]:
    """A JSON client's state of a view whose data lists its legal actions (`legal`
    entries, games/view_records.py): the data, and those actions by index and text."""
    legal: Sequence[LegalEntry] = data.get("legal") or ()
    return {"view": data, "legal": [{"index": a["index"], "text": a["text"]} for a in legal]}
