"""The view cache: each event described once per setup, the setup used least recently
forgotten first."""

from __future__ import annotations

from initiative.engine.view_cache import ViewCache


class Setup:
    """A setup whose identity is the cache's key."""

    def __init__(self, name: str) -> None:
        self.name = name


def make_cache(size: int) -> tuple[ViewCache[Setup, int, str], list[str], list[str]]:
    statics: list[str] = []
    described: list[str] = []

    def static(setup: Setup) -> str:
        statics.append(setup.name)
        return f"static {setup.name}"

    def describe(setup: Setup, event: int) -> str:
        described.append(f"{setup.name}:{event}")
        return f"{setup.name} event {event}"

    return ViewCache(static, describe, size=size), statics, described


def test_each_event_is_described_once_per_setup() -> None:
    cache, statics, described = make_cache(4)
    setup = Setup("a")
    for _ in range(3):
        parts, sentences = cache.parts(setup)
        lines = cache.log(setup, [1, 2, 1], sentences)
    assert parts == "static a"
    assert [line["text"] for line in lines] == ["a event 1", "a event 2", "a event 1"]
    assert statics == ["a"]
    assert described == ["a:1", "a:2"]


def test_the_setup_used_least_recently_is_forgotten_first() -> None:
    cache, statics, _ = make_cache(2)
    a, b, c = Setup("a"), Setup("b"), Setup("c")
    cache.parts(a)
    cache.parts(b)
    cache.parts(a)  # a is now the most recent
    cache.parts(c)  # forgets b, keeps a
    cache.parts(a)
    assert statics == ["a", "b", "c"]
    cache.parts(b)
    assert statics == ["a", "b", "c", "b"]
