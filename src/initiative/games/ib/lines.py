"""The line a content message points at: `cards.yaml (card 'ember_lance'), field cost:
...` gains ` (line 14)`, the line of that entry's `cost` in the file it was read from.

A message names its file, then an entry in one of two ways (or none, for an entry with
no key: `cards.yaml, field cards[1].key`): `(entry 'key'), field
cards[0].cost` (a schema error: the path runs from the top of the file) or `(card
'key'), field cost` (a later check: the path runs from that entry); `(card 'key',
field effects[0]).summon` and `card key 'key' is defined twice` are read too. The file's
YAML is composed (not loaded) only when a message needs a line, and the line is the
deepest node of the path that the file has: the entry's own line when the field is
missing."""

from __future__ import annotations

import re
from collections.abc import Mapping

import yaml

from initiative.engine.data_text import LimitedLoader

SECTIONS = {"character": "characters", "keystone": "keystones", "card": "cards",
            "deck": "decks", "team": "teams", "challenge": "challenges",
            "encounter": "encounters"}
"""The top-level list of each kind of entry."""
_ENTRY = re.compile(r"\((entry|" + "|".join(SECTIONS) + r") '([^']*)'"
                    r"|\b(" + "|".join(SECTIONS) + r") key '([^']*)'")
_PATH = r"([A-Za-z0-9_]+(?:\[\d+\]|\.[A-Za-z0-9_]+)*)"
_FIELD = re.compile(r"field " + _PATH + r"(?:\)\." + _PATH + ")?")
_LINE = re.compile(r"\(line \d+\)$")
_STEP = re.compile(r"\[(\d+)\]|\.?([A-Za-z0-9_]+)")
Step = int | str


def steps(path: str) -> list[Step]:
    """`cards[0].effects[1]` as ["cards", 0, "effects", 1]."""
    return [int(m.group(1)) if m.group(1) else m.group(2) for m in _STEP.finditer(path)]


class Lines:
    """The content files a set of messages may name, as {where: text}; `annotate`
    adds the line to each message that names an entry of one of them."""

    def __init__(self, sources: Mapping[str, str]) -> None:
        self.sources = dict(sources)
        self._trees: dict[str, yaml.Node | None] = {}

    def tree(self, where: str) -> yaml.Node | None:
        """The file's YAML node tree (None if it cannot be composed)."""
        if where not in self._trees:
            try:
                self._trees[where] = yaml.compose(self.sources[where], Loader=LimitedLoader)
            except yaml.YAMLError:
                self._trees[where] = None
        return self._trees[where]

    def entry(self, where: str, kind: str, key: str) -> yaml.Node | None:
        """The mapping of entry `key` in the file's list of `kind`s."""
        section = _child(self.tree(where), SECTIONS[kind])
        if not isinstance(section, yaml.SequenceNode):
            return None
        items: list[yaml.Node] = section.value
        return next((item for item in items if _scalar(_child(item, "key")) == key), None)

    def entry_line(self, where: str, kind: str, key: str) -> int | None:
        """The 1-based line where entry `key` of `kind` starts in the file."""
        return _line(self.entry(where, kind, key), [])

    def home(self, kind: str, key: str) -> str | None:
        """The last file (in the order given) that defines entry `key` of `kind`."""
        found = None
        for where in self.sources:
            if self.entry(where, kind, key) is not None:
                found = where
        return found

    def annotate(self, message: str) -> str:
        """Every line of `message` with ` (line N)` added where it names an entry of a
        known file; a message naming another file (a content pack's folder) names the
        entry's own file instead."""
        return "\n".join(self._one(line) for line in message.split("\n"))

    def _one(self, message: str) -> str:
        if _LINE.search(message):
            return message
        named = _ENTRY.search(message)
        if named is None:
            return self._no_entry(message)
        kind, key = (named.group(1), named.group(2)) if named.group(1) else (
            named.group(3), named.group(4))
        where = next((w for w in sorted(self.sources, key=len, reverse=True)
                      if message.startswith(w)), None)
        if where is None and kind != "entry":
            home = self.home(kind, key)
            if home is None:
                return message
            prefix = message[:named.start()].rstrip(" :")
            message, where = home + message[len(prefix):], home
            named = _ENTRY.search(message, len(home))
        if where is None or named is None:
            return message
        field = _FIELD.search(message, named.end())
        path = steps(field.group(1)) + steps(field.group(2) or "") if field else []
        start = _child(self.tree(where), None) if kind == "entry" else \
            self.entry(where, kind, key)
        line = _line(start, path)
        return message if line is None else f"{message} (line {line})"


    def _no_entry(self, message: str) -> str:
        """`file.yaml, field cards[1].key: ...` (an entry with no key): the path runs
        from the top of the file."""
        where = next((w for w in sorted(self.sources, key=len, reverse=True)
                      if message.startswith(f"{w}, field ")), None)
        field = _FIELD.match(message, len(where) + 2) if where is not None else None
        if where is None or field is None:
            return message
        line = _line(self.tree(where), steps(field.group(1)))
        return message if line is None else f"{message} (line {line})"


def _scalar(node: yaml.Node | None) -> str | None:
    return node.value if isinstance(node, yaml.ScalarNode) else None


def _child(node: yaml.Node | None, step: Step | None) -> yaml.Node | None:
    """The value at `step` under `node` (the node itself for None)."""
    if step is None or node is None:
        return node
    if isinstance(node, yaml.MappingNode) and isinstance(step, str):
        pairs: list[tuple[yaml.Node, yaml.Node]] = node.value
        found = next((value for key, value in pairs if _scalar(key) == step), None)
        if found is not None:
            return found
    if isinstance(node, yaml.SequenceNode) and isinstance(step, int) \
            and step < len(node.value):
        item: yaml.Node = node.value[step]
        return item
    return None


def _line(node: yaml.Node | None, path: list[Step]) -> int | None:
    """The 1-based line of the deepest node along `path` from `node` (a mapping key's
    own line for a field)."""
    if node is None:
        return None
    line = node.start_mark.line
    for step in path:
        if isinstance(node, yaml.MappingNode) and isinstance(step, str):
            pair = next(((k, v) for k, v in node.value if _scalar(k) == step), None)
            if pair is None:
                break
            line, node = pair[0].start_mark.line, pair[1]
        else:
            child = _child(node, step)
            if child is None:
                break
            line, node = child.start_mark.line, child
    return line + 1
