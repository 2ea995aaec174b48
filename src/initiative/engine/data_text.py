"""JSON and YAML text from outside (request bodies, socket frames, uploads, records,
positions, content files), read with a nesting limit.

Python's parsers recurse once per level: deep nesting raises RecursionError (JSON) or
spends seconds before it does (PyYAML), and code that walks the data afterwards may
recurse again. Everything read from a file or a client goes through here instead:
nesting deeper than MAX_DEPTH is refused with an ordinary error (a ValueError for JSON,
a `yaml.YAMLError` for YAML, so callers keep their own handlers), and so is YAML whose
aliases (`*name`) would expand a short text past MAX_NODES values or into a cycle, and a
YAML value its type cannot read (a whole number of more than 4,300 digits, a date that
is no date): a `yaml.YAMLError` naming the line, not the parser's own ValueError.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import yaml

MAX_DEPTH = 32
"""The deepest nesting of lists and mappings accepted (the project's files need < 10)."""
MAX_NODES = 1_000_000
"""The most values (scalars, lists, mappings) a YAML document may expand to."""


class NestingError(ValueError):
    """JSON nested deeper than MAX_DEPTH."""


def loads_json(text: str | bytes, parse_constant: Callable[[str], Any] | None = None) -> Any:
    """`json.loads` that refuses nesting deeper than MAX_DEPTH (NestingError), a number
    too long to read and other bad JSON (json.JSONDecodeError), all ValueErrors."""
    try:
        data = json.loads(text, parse_constant=parse_constant)
    except RecursionError:
        raise NestingError(f"JSON nested deeper than {MAX_DEPTH} levels") from None
    except json.JSONDecodeError:
        raise
    except ValueError as exc:  # Python's int refuses more than 4,300 digits
        raise ValueError(f"a number too long to read{_reason(exc)}") from None
    if json_depth(data) > MAX_DEPTH:
        raise NestingError(f"JSON nested deeper than {MAX_DEPTH} levels")
    return data


def json_depth(data: Any) -> int:
    """How deep lists and dicts nest in `data` (0 for a scalar); iterative, stops early
    past MAX_DEPTH."""
    deepest = 0
    pending: list[tuple[Any, int]] = [(data, 0)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        depth += 1
        deepest = max(deepest, depth)
        if deepest > MAX_DEPTH:
            return deepest
        pending.extend((child, depth) for child in children)
    return deepest


class LimitedLoader(yaml.SafeLoader):
    """PyYAML's safe loader, with at most MAX_DEPTH levels of nesting and MAX_NODES
    nodes once aliases are expanded (so `*name` cannot make a short text huge or
    circular); refused with a `yaml.composer.ComposerError`."""

    def __init__(self, stream: Any) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        if self._depth >= MAX_DEPTH:
            event: Any = self.peek_event()  # type: ignore[no-untyped-call]
            raise yaml.composer.ComposerError(
                None, None, f"nested deeper than {MAX_DEPTH} levels", event.start_mark)
        self._depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        """The value of `node`; a value its tag's constructor fails on (Python's int
        refuses more than 4,300 digits, a timestamp that is no date...) is a
        ConstructorError at the value, as any other bad YAML."""
        try:
            return super().construct_object(node, deep)
        except yaml.YAMLError:
            raise
        except (ValueError, TypeError, AttributeError, OverflowError) as exc:
            raise yaml.constructor.ConstructorError(
                None, None, f"cannot read {_shown(node)} as {node.tag.rsplit(':', 1)[-1]}"
                f"{_reason(exc)}", node.start_mark) from None

    def compose_document(self) -> yaml.Node | None:
        node = super().compose_document()
        if node is not None:
            _check_expanded(node)
        return node


def _shown(node: yaml.Node) -> str:
    """A scalar's text as an error shows it (long ones cut), or the kind of collection."""
    if not isinstance(node, yaml.ScalarNode):
        return "this collection"
    text = str(node.value)
    return repr(text) if len(text) <= 40 else f"{text[:20]!r}... ({len(text)} characters)"


def _reason(exc: Exception) -> str:
    """" (why)" from a constructor's ValueError, its first sentence (Python's int adds
    advice on its own limit that is no use to whoever wrote the file); "" for the
    others (their text is the parser's, not the reader's business)."""
    first = str(exc).split(";")[0] if isinstance(exc, ValueError | OverflowError) else ""
    return f" ({first})" if first else ""


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _check_expanded(root: yaml.Node) -> None:
    """Refuse a node graph that is circular, or nests deeper than MAX_DEPTH or holds
    more than MAX_NODES nodes once every alias is expanded (each node is measured once:
    linear in the text)."""
    measured: dict[int, tuple[int, int]] = {}  # id -> (depth, expanded size)
    open_: set[int] = set()  # the nodes whose children are being measured
    pending: list[tuple[yaml.Node, bool]] = [(root, False)]
    while pending:
        node, children_done = pending.pop()
        key = id(node)
        if key in measured:
            continue
        children = _children(node)
        if not children_done:
            if key in open_:
                raise yaml.composer.ComposerError(
                    None, None, "an alias refers to the collection it is in", node.start_mark)
            open_.add(key)
            pending.append((node, True))
            pending.extend((child, False) for child in children)
            continue
        open_.discard(key)
        depth = 1 + max((measured[id(c)][0] for c in children), default=0) \
            if isinstance(node, yaml.CollectionNode) else 0
        size = 1 + sum(measured[id(c)][1] for c in children)
        if depth > MAX_DEPTH or size > MAX_NODES:
            what = (f"nested deeper than {MAX_DEPTH} levels" if depth > MAX_DEPTH
                    else f"more than {MAX_NODES} values")
            raise yaml.composer.ComposerError(
                None, None, f"{what} once its aliases are expanded", node.start_mark)
        measured[key] = (depth, size)


def load_yaml(text: str) -> Any:
    """One YAML (or JSON) document read with `LimitedLoader`; yaml.YAMLError if bad."""
    return yaml.load(text, Loader=LimitedLoader)
