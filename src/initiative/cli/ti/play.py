"""`initiative play --game the_initiative`: the cooperative deduction game at a terminal.

The loop is the host: it holds the state and gives each player only its own view (a
bot its `TIView`, a person the screen drawn from that view's dict by `ti_screen`).
Several people may share the keyboard (hotseat): before a different person's decision
the screen is cleared and the game waits for Enter, so nobody sees another's hand; a
solve's votes pass the keyboard round every human seat in turn (TI-56). An answer is a
menu number, a move text (`play run 14`) or, at the answer step, a symbol; `help`,
`card NAME`, `room NAME`, `map` and `log` answer without spending the decision.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import click
from rich.console import Console

from initiative.bots import AnyBot, make_bot
from initiative.cli import play_host
from initiative.cli.console_io import Reader
from initiative.cli.game_command import GameOptions, Values
from initiative.cli.parts import OptionError, PlayRequest
from initiative.cli.play_host import Screens, check_seats, final_viewer, play_out
from initiative.cli.ti import screen as ti_screen
from initiative.cli.ti.prompt import QUIT_WORDS, parse_choice, question
from initiative.engine.errors import InitiativeError
from initiative.engine.rng import SplitMix64
from initiative.games import load_game_as
from initiative.games.ti import campaign as ti_campaign
from initiative.games.ti.actions import TIAction
from initiative.games.ti.flags import TIRules
from initiative.games.ti.game import TIGame
from initiative.games.ti.record import record_of
from initiative.games.ti.state import TIState
from initiative.store import Store

HANDOFF = "Pass the keyboard to {name}{why}."
READY = "Press Enter when ready (q to quit): "
WHY: Mapping[str, str] = {"vote": " to vote on the proposed answer",
                          "first": " to choose who goes first"}
"""Why the keyboard is passed, for the decisions that are not a turn of one's own."""


@dataclass
class Table(play_host.Table):
    """One game of The Initiative at the terminal."""

    screens: ClassVar[Screens] = ti_screen
    one_person: bool = False
    """Every human seat is the same person (a solo player's two characters, TI-A17)."""

    def handoff(self, seat: int, view: Mapping[str, Any]) -> bool:
        """Clear the screen (and a terminal's scrollback) and wait for `seat`'s player;
        False if they quit instead."""
        if len(self.humans) < 2 or self.one_person or seat == self.last:
            return True
        self.clear()
        self.last = seat
        why = WHY.get(str((view.get("pending") or {}).get("kind")), "")
        self.say(HANDOFF.format(name=view["seat_names"][seat], why=why))
        text = self.read(READY)
        return text is not None and text.strip().lower() not in QUIT_WORDS

    def question(self, text: str, view: Mapping[str, Any], log_start: int) -> str | None:
        return question(text, view, log_start)

    def choice(self, text: str, view: Mapping[str, Any]) -> TIAction:
        return parse_choice(text, view)

    def clear(self) -> None:
        """Clear the screen and a terminal's scrollback."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\x1b[3J")
            self.console.file.flush()

    def finish(self, final: Mapping[str, Any], stopped: bool) -> None:
        """The end, in hotseat over a cleared screen (the last person's hand is not
        left showing)."""
        if len(self.humans) > 1 and not self.one_person:
            self.clear()
        super().finish(final, stopped)


def rule_flags(items: Sequence[str]) -> dict[str, Any]:
    """`--rule flag=value` items as a dict (the loader checks names and values)."""
    return play_host.rule_flags(items, TIRules.names())


def opening(game: TIGame, seed: int, humans: Sequence[int], bot_name: str) -> str:
    """The first lines: seed, mission and board, who plays each seat, the question and
    the mission's opening story (TI-16)."""
    setup = game.setup
    mission = setup.mission
    lines = [f"The Initiative, seed {seed}, mission {mission.number} {mission.name}",
             f"On the board {setup.board.name}:", *(
                 f"  seat {i + 1}: {s.label}"
                 + (", played here" if i in humans else f", {bot_name} bot")
                 for i, s in enumerate(setup.seats))]
    lines += ti_screen.wrap(f"Question: {mission.question}")
    if mission.story.intro:
        lines += ti_screen.wrap(mission.story.intro, "")
    return "\n".join(lines)


def make_bots(game: TIGame, bot_name: str, humans: Sequence[int], seed: int
              ) -> dict[int, AnyBot]:
    """The bot `bot_name` at every seat no person plays, each with its own seed."""
    seeds = SplitMix64(seed)
    return {seat: make_bot(bot_name, game, seeds.next64())
            for seat in range(game.num_seats) if seat not in humans}


def run(game: TIGame, seed: int, humans: Sequence[int], bot_name: str, console: Console,
        read: Reader, record_path: Path | None = None) -> tuple[int, TIState, bool]:
    """Play one game: the `humans` seats at this keyboard (none: every seat a bot, shown
    at the end as a spectator sees it), the bot `bot_name` at the others. The record,
    if asked for, is saved even when a player quits or the game stops on Ctrl-C or a
    crash. Returns the exit code (1: the record could not be written), the final state
    and whether the game was stopped before its end."""
    state = game.new_initial_state(seed)
    bots = make_bots(game, bot_name, humans, seed)
    table = Table(console, read, list(humans), one_person=game.setup.players == 1)
    stopped = play_out(state, humans, bots, table.ask, console, lambda: record_path is None
                       or save_record(state, game, seed, record_path, console))
    table.finish(state.view(final_viewer(humans)).to_dict(), stopped)
    code = 0 if record_path is None else save_record(state, game, seed, record_path,
                                                     console)
    return code, state, stopped


def save_record(state: TIState, game: TIGame, seed: int, path: Path,
                console: Console) -> int:
    """Write the game so far to `path`; the exit code (1: it could not be written)."""
    return play_host.save_record(lambda to: record_of(state, game, seed, with_log=True).save(to),
                                 path, console, soft_wrap=True)


def load(players: int | None, mission: str | None, characters: str | None,
         rules: Sequence[str], **extra: Any) -> TIGame:
    """The game the options describe; an InitiativeError says what is wrong."""
    params: dict[str, Any] = {"rules": rule_flags(rules), **extra}
    for key, value in (("players", players), ("mission", mission),
                       ("characters", characters)):
        if value is not None:
            params[key] = value
    game = load_game_as(TIGame, "the_initiative", **params)
    return game


PLAY_OPTIONS = GameOptions((
    click.Option(["--players"], type=int, help="Players, 1 to 4 (default 2)."),
    click.Option(["--mission"], help="The mission key (default: the campaign's first)."),
    click.Option(["--characters"], metavar="KEY+KEY",
                 help="One character key per seat, joined by + (e.g. a+b)."),
    click.Option(["--campaign"], help="Play this campaign's next mission (or --mission) "
                                      "and log the result (TI-25, TI-57)."),
))
"""The Initiative's own options of `initiative play`."""
BENCH_OPTIONS = GameOptions((
    click.Option(["--players"], type=int, default=2, show_default=True,
                 help="Players, 1 to 4 (the campaign's first mission)."),
))
"""Its own options of `initiative bench`."""


def play_command(request: PlayRequest, own: Values) -> int:
    """`initiative play --game the_initiative`: check the options, say who plays, play.
    With --campaign, the campaign's next mission (or --mission) is played and its end
    written in the campaign log (TI-25, TI-57). Bad options raise `OptionError` with the
    message for the user."""
    players, mission, characters, campaign = (own["players"], own["mission"],
                                              own["characters"], own["campaign"])
    store: Store | None = None
    campaign_id = ""
    try:
        if campaign is None:
            game = load(players, mission, characters, request.rules)
        else:
            store = Store()
            campaign_id = campaign_record(store, campaign)
            extra = {key: value for key, value in (("players", players),
                                                   ("characters", characters))
                     if value is not None}
            params = ti_campaign.start_game(store, campaign_id, mission,
                                            rules=rule_flags(request.rules), **extra)
            game = load_game_as(TIGame, "the_initiative", **params)
    except InitiativeError as exc:
        raise OptionError(f"--campaign {campaign}: {exc}" if campaign else str(exc)) \
            from None
    solo = game.setup.players == 1  # TI-A17: one person may run both characters
    here = request.seats_here(range(game.num_seats) if solo else ())
    check_seats(here, game.num_seats, request.record)
    console = request.console
    console.print(opening(game, request.seed, here, request.bot), markup=False,
                  highlight=False)
    code, state, _ = run(game, request.seed, here, request.bot, console, request.read,
                         request.record)
    if store is not None:
        try:
            log_result(store, campaign_id, game, state, console)
        except InitiativeError as exc:
            console.print(f"error: the campaign log could not be written: {exc}",
                          style="bold red", markup=False)
            return 1
    return code


def campaign_record(store: Store, name: str) -> str:
    """The store record of the campaign called `name` (or with that record id); a new
    campaign of that name if there is none."""
    found = ti_campaign.campaign_named(store.records(ti_campaign.KIND), name)
    return found if found is not None else ti_campaign.new_campaign(store, name).id


def log_result(store: Store, campaign_id: str, game: TIGame, state: TIState,
               console: Console) -> None:
    """Write a finished game's result in the campaign log (TI-57; an abandoned game
    writes nothing and may be started again) and show the log."""
    if state.is_terminal():
        won = bool(state.won)
        reason = "solved" if won else str(state.loss_reason)
        ti_campaign.record_result(store, campaign_id, game.setup.mission.key, won, reason)
    else:
        console.print("The mission stays open in the campaign: play it again with the "
                      "same --campaign.", markup=False, highlight=False)
    loaded = ti_campaign.load_campaign(store, campaign_id)
    for line in ti_campaign.log_lines(loaded, loaded.load_content()):
        console.print(line, markup=False, highlight=False)
