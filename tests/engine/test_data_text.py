"""Depth-limited JSON and YAML (engine/data_text.py): hostile nesting and alias bombs are
ordinary, quick errors; the project's own files still load."""

from __future__ import annotations

import json
from importlib.resources import files

import pytest
import yaml

from initiative.engine.data_text import (
    MAX_DEPTH,
    MAX_NODES,
    NestingError,
    json_depth,
    load_yaml,
    loads_json,
)


def nested_json(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 2_000, 200_000])
def test_json_deeper_than_the_limit_is_a_value_error(depth: int) -> None:
    with pytest.raises(NestingError, match=f"nested deeper than {MAX_DEPTH}"):
        loads_json(nested_json(depth))
    with pytest.raises(ValueError):  # what callers catch
        loads_json(nested_json(depth).encode())


def test_json_up_to_the_limit_and_bad_json() -> None:
    assert json_depth(loads_json(nested_json(MAX_DEPTH))) == MAX_DEPTH
    assert loads_json('{"a": [1, {"b": null}]}') == {"a": [1, {"b": None}]}
    assert json_depth({"a": [1, {"b": None}]}) == 3 and json_depth(5) == 0
    with pytest.raises(json.JSONDecodeError):
        loads_json("{nope")


@pytest.mark.parametrize("text", [
    "[" * 5_000,
    "- " * 5_000 + "x",
    "a: " + "{b: " * 3_000 + "1" + "}" * 3_000,
    "a:\n" + "".join(" " * i + "b:\n" for i in range(1, 100)),
])
def test_deep_yaml_is_a_yaml_error(text: str) -> None:
    with pytest.raises(yaml.YAMLError, match=f"nested deeper than {MAX_DEPTH} levels"):
        load_yaml(text)


def test_alias_bombs_and_cycles_are_refused_but_plain_aliases_load() -> None:
    levels = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    for prev, name in zip("abcdefgh", "bcdefghi", strict=True):
        levels.append(f"{name}: &{name} [{', '.join([f'*{prev}'] * 10)}]")
    with pytest.raises(yaml.YAMLError, match=f"more than {MAX_NODES} values"):
        load_yaml("\n".join(levels))  # 10^9 values once expanded
    with pytest.raises(yaml.YAMLError, match="refers to the collection it is in"):
        load_yaml("a: &a [1, *a]")
    deep_alias = "\n".join(["l0: &l0 [1]"] + [f"l{i}: &l{i} [*l{i - 1}]"
                                                for i in range(1, MAX_DEPTH + 2)])
    with pytest.raises(yaml.YAMLError, match="once its aliases are expanded"):
        load_yaml(deep_alias)
    assert load_yaml("a: &x {k: 1}\nb: *x\n") == {"a": {"k": 1}, "b": {"k": 1}}


def test_the_shipped_content_loads_unchanged() -> None:
    for name in ("core.yaml", "campaigns.yaml"):
        text = (files("initiative.games.ib") / "data" / name).read_text(encoding="utf-8")
        assert load_yaml(text) == yaml.safe_load(text)
