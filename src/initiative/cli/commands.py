"""Subcommands of `initiative` named by "module:attribute" (games/registry.py `Command`):
every registered game's own (`Parts.commands`: IB's `deck`, TI's `mission`, ...) and the
lab's (`simulate`, `report`, listed in cli/main.py). Each is listed by name and help, so
`initiative --help` imports none of them; its module loads when it runs."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, get_type_hints

import typer
from typer.core import TyperCommand, TyperGroup
from typer.main import get_command

from initiative.cli.game_command import FORWARD
from initiative.games.registry import Command, entries, resolve

if TYPE_CHECKING:
    from typer import _click  # typer's own click, under its commands and contexts


class Stub(TyperCommand):
    """A subcommand listed by name and help (under `panel` in `--help`, e.g. its game's
    title); `load` imports the real one."""

    def __init__(self, command: Command, panel: str | None = None) -> None:
        super().__init__(command.name, help=command.help, rich_help_panel=panel)
        self.target = command.target

    def load(self) -> _click.Command:
        """The command its target names: a `typer.Typer` or a typer command function
        (one that takes the context forwards its arguments to a command of its own,
        cli/game_command.py)."""
        found = resolve(self.target)
        if not isinstance(found, typer.Typer):
            single = typer.Typer(add_completion=False)
            settings = FORWARD if _takes_context(found) else None
            single.command(self.name, context_settings=settings)(found)
            found = single
        return get_command(found)


def _takes_context(function: Callable[..., Any]) -> bool:
    """Whether a typer command function takes the context (as typer reads it)."""
    return any(isinstance(hint, type) and issubclass(hint, typer.Context)
               for hint in get_type_hints(function).values())


class LazyCommands(TyperGroup):
    """A typer group that also lists the `lazy` commands and every registered game's
    (under the game's title), each a `Stub` until it runs; a command declared by name
    in the group is not replaced."""

    lazy: ClassVar[tuple[Command, ...]] = ()

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        stubs = [*map(Stub, self.lazy), *(Stub(command, game.title) for game in entries()
                                          for command in game.parts.commands)]
        for stub in stubs:
            self.commands.setdefault(str(stub.name), stub)

    def resolve_command(self, ctx: _click.Context, args: list[str]
                        ) -> tuple[str | None, _click.Command | None, list[str]]:
        name, command, rest = super().resolve_command(ctx, args)
        if isinstance(command, Stub):
            command = command.load()
        return name, command, rest
