"""What a game's views keep per setup: the parts of the view that never change in a
game (`static`) and the sentence of each event met so far, so a view renders each
distinct event once. A cache keyed by the setup's identity that forgets the setup used
least recently when full, shared by the hex game's and The Initiative's views."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import Generic, TypedDict, TypeVar

S = TypeVar("S")
E = TypeVar("E", bound=Hashable)
P = TypeVar("P")


class LogLine(TypedDict):
    """One line of a view's `log`."""

    text: str


class ViewCache(Generic[S, E, P]):
    """Per setup: `static(setup)` (the parts `P`) and the sentences `describe(setup,
    event)` gave."""

    def __init__(self, static: Callable[[S], P], describe: Callable[[S, E], str],
                 size: int = 512) -> None:
        self._static = static
        self._describe = describe
        self._size = size
        self._kept: OrderedDict[int, tuple[S, P, dict[E, str]]] = OrderedDict()

    def parts(self, setup: S) -> tuple[P, dict[E, str]]:
        """The static parts of `setup`'s views and the sentences met so far."""
        found = self._kept.get(id(setup))
        if found is not None and found[0] is setup:
            self._kept.move_to_end(id(setup))
            return found[1], found[2]
        self._kept.pop(id(setup), None)  # a setup gone whose id is reused
        if len(self._kept) >= self._size:
            self._kept.popitem(last=False)
        parts = self._static(setup)
        sentences: dict[E, str] = {}
        self._kept[id(setup)] = (setup, parts, sentences)
        return parts, sentences

    def sentences(self, setup: S, log: Sequence[E], known: dict[E, str]) -> list[str]:
        """Each event's sentence (`known`: the sentences of `setup` met so far, as
        `parts` gave them), each distinct event described once per setup."""
        out: list[str] = []
        for event in log:
            sentence = known.get(event)
            if sentence is None:
                sentence = known[event] = self._describe(setup, event)
            out.append(sentence)
        return out

    def log(self, setup: S, log: Sequence[E], known: dict[E, str]) -> list[LogLine]:
        """The view's `log`: each event's sentence as a line (one pass: a view's whole
        log is made for every frame)."""
        out: list[LogLine] = []
        for event in log:
            sentence = known.get(event)
            if sentence is None:
                sentence = known[event] = self._describe(setup, event)
            out.append({"text": sentence})
        return out
