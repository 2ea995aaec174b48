"""Whether a bot's input (a view, a bot) can reach a game state: the bots' helpers
check that no bot ever holds the state it could read hidden information from."""

from __future__ import annotations

import gc


def reaches(root: object, kind: type) -> bool:
    """Whether any object reachable from `root` (following the garbage collector's
    references) is an instance of `kind`."""
    seen: set[int] = set()
    todo: list[object] = [root]
    while todo:
        item = todo.pop()
        if id(item) in seen or isinstance(item, type):
            continue
        seen.add(id(item))
        if isinstance(item, kind):
            return True
        todo.extend(gc.get_referents(item))
    return False
