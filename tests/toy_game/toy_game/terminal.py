"""Lantern race at the terminal: its `terminal` part (initiative.cli.parts
`TerminalGame`) for `initiative play --game toy` and `initiative bench --game toy`.

The loop is the terminal's shared host (initiative.cli.play_host): it holds the state
and gives each player only its own view, a bot its `ToyView`, a person the screen drawn
here from that view's dict. People sharing the keyboard (`--human 1 --human 2`) get a
cleared screen and a handoff before each other's turn, so nobody sees another's hand.
An answer is a menu number or a move text (`walk`, `roll`, `play 1`); `help` and `path`
answer without spending the turn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import click
from rich.console import Console
from toy_game.actions import ToyAction, from_index, parse
from toy_game.flags import ToyRules
from toy_game.game import NAME, ToyGame
from toy_game.record import record_of
from toy_game.state import ToyState

from initiative.bots import make_bot
from initiative.cli import play_host
from initiative.cli.console_io import Reader
from initiative.cli.game_command import GameOptions, Values
from initiative.cli.menu_choice import menu_entry, not_a_choice, not_legal, spoken
from initiative.cli.parts import OptionError, PlayRequest, TerminalGame
from initiative.engine.errors import InitiativeError
from initiative.engine.rng import SplitMix64
from initiative.games import load_game_as

HANDOFF = "Pass the keyboard to {name} (seat {seat}), then press Enter: "
HELP = """Answer with:
  NUMBER      the numbered choice (e.g. 2)
  move text   walk, roll or play SLOT (e.g. play 0)
  help        this text
  path        the path again
  q           quit (a record, if asked for, is still saved)
Walk goes 1 step; a roll goes its face, but a 1 stumbles back; a card goes its steps,
or a gust blows the other lantern back. First to the end of the path wins."""
WIDTH = 40
"""Characters of the drawn path at most."""


class Screens:
    """What the terminal shows, drawn from a seat's view dict only (play_host.Screens)."""

    def board_text(self, view: Mapping[str, Any]) -> str:
        """The path: each lantern's place on it."""
        goal = int(view["goal"])
        scale = min(1.0, WIDTH / goal)
        lines = [f"The path ({goal} steps):"]
        for seat, (name, at) in enumerate(zip(view["seat_names"], view["positions"],
                                              strict=True)):
            done = round(at * scale)
            lines.append(f"  {name:>8} [{'#' * done}{'.' * (round(goal * scale) - done)}] "
                         f"{at} (seat {seat + 1}, {view['hand_counts'][seat]} cards)")
        lines.append(f"  deck {view['deck_count']} cards; discard: "
                     f"{', '.join(view['discard']) or 'none'}")
        return "\n".join(lines)

    def log_lines(self, view: Mapping[str, Any], start: int) -> list[str]:
        return [f"  {entry['text']}" for entry in view["log"][start:]]

    def result_text(self, view: Mapping[str, Any]) -> str:
        winner = view["winner"]
        if winner is None:
            return "The game ends in a draw."
        return f"{view['seat_names'][winner]} wins."

    def screen(self, view: Mapping[str, Any], log_start: int) -> str:
        """A decision's screen: what happened since, the path, the hand, the choices."""
        name = view["seat_names"][view["seat"]]
        lines = ["", f"Round {view['round']}", *self.log_lines(view, log_start),
                 self.board_text(view), f"{name}'s hand (seat {view['seat'] + 1}):",
                 *(f"  slot {card['slot']}: {card['name']} ({card['text']})"
                   for card in view["hand"] or ()),
                 f"{name} decides:",
                 *(f"  {n}. {entry['text']} - {entry['label']}"
                   for n, entry in enumerate(view["legal"], 1))]
        return "\n".join(lines)


SCREENS = Screens()


@dataclass
class Table(play_host.Table):
    """One game of Lantern race at the terminal."""

    screens: ClassVar[play_host.Screens] = SCREENS

    def handoff(self, seat: int, view: Mapping[str, Any]) -> bool:
        """Clear the screen and wait for `seat`'s player; False if they quit instead."""
        if len(self.humans) < 2 or seat == self.last:
            return True
        self.console.clear()
        self.last = seat
        return self.read(HANDOFF.format(name=view["seat_names"][seat], seat=seat + 1)) \
            is not None

    def question(self, text: str, view: Mapping[str, Any], log_start: int) -> str | None:
        word = text.strip().lower()
        if word in ("help", "?"):
            return HELP
        if word == "path":
            return SCREENS.board_text(view)
        return None

    def choice(self, text: str, view: Mapping[str, Any]) -> ToyAction:
        legal: Sequence[Mapping[str, Any]] = view["legal"]
        answer = spoken(text, len(legal))
        found = menu_entry(answer, legal)
        if found is not None:
            return from_index(int(found["index"]))
        try:
            action = parse(answer)
        except ValueError as exc:
            raise not_a_choice(answer, exc, legal) from None
        raise not_legal(str(action), legal)


def run(game: ToyGame, seed: int, humans: Sequence[int], bot: str, console: Console,
        read: Reader, record: Path | None) -> int:
    """Play one game: `humans` at this keyboard, the bot `bot` at the other seats; the
    record saved (even after a quit, Ctrl-C or a crash) if asked for. The exit code."""
    state = game.new_initial_state(seed)
    seeds = SplitMix64(seed)
    bots = {seat: make_bot(bot, game, seeds.next64())
            for seat in range(game.num_seats) if seat not in humans}
    table = Table(console, read, list(humans))
    stopped = play_host.play_out(state, humans, bots, table.ask, console,
                                 lambda: record is None
                                 or save_record(state, game, seed, record, console))
    table.finish(state.view(play_host.final_viewer(humans)).to_dict(), stopped)
    return 0 if record is None else save_record(state, game, seed, record, console)


def save_record(state: ToyState, game: ToyGame, seed: int, path: Path,
                console: Console) -> int:
    return play_host.save_record(
        lambda to: record_of(state, game, seed, with_log=True).save(to), path, console)


PLAY_OPTIONS = GameOptions((
    click.Option(["--names"], metavar="A+B", help="The two seats' names, joined by +."),
    click.Option(["--first"], type=click.IntRange(0, 1), default=0, show_default=True,
                 help="The seat that takes the first turn of every round."),
))
"""Lantern race's own options of `initiative play` (the house rules come by --rule)."""


def play(request: PlayRequest, own: Values) -> int:
    """`initiative play --game toy`: check the options, say who plays, play."""
    try:
        params: dict[str, Any] = {"first": own["first"], "rules": play_host.rule_flags(
            request.rules, ToyRules.names(), nulls=True)}
        if own["names"]:
            params["seat_names"] = own["names"]
        game = load_game_as(ToyGame, NAME, **params)
    except InitiativeError as exc:
        raise OptionError(str(exc)) from None
    here = request.seats_here()
    play_host.check_seats(here, game.num_seats, request.record)
    request.console.print("\n".join([
        f"Lantern race, seed {request.seed}: {game.setup.rules.goal} steps to the end.",
        *(f"  seat {seat}: {name}, " + ("played here" if seat in here
                                        else f"{request.bot} bot")
          for seat, name in enumerate(game.setup.names))]), markup=False, highlight=False)
    return run(game, request.seed, here, request.bot, request.console, request.read,
               request.record)


TERMINAL = TerminalGame(
    play=play, play_options=PLAY_OPTIONS,
    about="Lantern race, the toy game of docs/new-game.md: --names and --first set the "
          "table up; house rules by --rule (initiative rules --game toy).")
"""`initiative play --game toy`; `initiative bench --game toy` plays the default game."""
