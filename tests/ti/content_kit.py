"""Broken copies of the shipped missions, for tests that break one field at a time and
check what the validator says (file and place)."""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources
from typing import Any

import yaml

from initiative.engine.findings import Finding
from initiative.games.ti.content import default_sources
from initiative.games.ti.validate import validate_sources

WHERE = "broken.yaml"
Change = Callable[[dict[str, Any]], object]


def shipped(section: str) -> list[dict[str, Any]]:
    """A section of the shipped data files, as plain YAML data (a fresh copy)."""
    data = resources.files("initiative.games.ti").joinpath("data")
    for item in sorted(data.iterdir(), key=lambda i: i.name):
        if item.name.endswith(".yaml"):
            loaded = yaml.safe_load(item.read_text("utf-8"))
            if section in loaded:
                found: list[dict[str, Any]] = loaded[section]
                return found
    raise KeyError(section)


def mission(key: str) -> dict[str, Any]:
    """A fresh copy of a shipped mission."""
    return next(m for m in shipped("missions") if m["key"] == key)


def validate(document: dict[str, Any]) -> list[Finding]:
    """The findings for `document` (written as YAML to WHERE) over the shipped content."""
    return validate_sources([(yaml.safe_dump(document, sort_keys=False), WHERE)],
                            base=default_sources())


def broken(key: str, change: Change) -> list[str]:
    """The messages for a copy of mission `key` changed by `change`."""
    copy = mission(key)
    change(copy)
    return [f.message for f in validate({"missions": [copy]})]
