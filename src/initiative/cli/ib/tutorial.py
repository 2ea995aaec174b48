"""`initiative play --tutorial`: a guided first game of Initiative Break at the terminal.
A fixed deal (games/ib/text/tutorial.py: seed, teams, the random bot) and, under each
screen, the hint of games/ib/text/tutorial.py (the web table's tutorial shows the same)."""

from __future__ import annotations

from rich.text import Text

from initiative.cli.game_command import Values
from initiative.cli.ib.play import play
from initiative.cli.parts import OptionError, PlayRequest
from initiative.games import load_game_as
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.match import Match
from initiative.games.ib.setup import IBGame
from initiative.games.ib.text import tutorial
from initiative.games.ib.view import IBView

SEATS = ("Player", "Bot")
"""The tutorial's seat names: the player's Characters read `Sela Marchetti (Player)`."""
ALONE = ("format", "mode", "setup", "encounter", "challenge", "rival")
"""The game's own options that set up another game: none goes with --tutorial."""
INTRO = (
    f"{tutorial.TITLE}: your starter team ({tutorial.TEAMS[0]}) against the bot "
    f"({tutorial.TEAMS[1]}), always the same deal (seed {tutorial.SEED}). Under each "
    "screen a Hint says what the decision is about and suggests a choice; type its "
    "number (or any other), `help` for the rules, `quit` to stop.")


def hint_line(view: IBView, match: Match) -> Text | None:
    """The tutorial's hint for the decision of `view`, as the terminal shows it."""
    said = tutorial.hint(view, match)
    if said is None:
        return None
    number = view.legal.index(said.action) + 1
    line = Text("Hint: ", style="bold magenta")
    line.append(f"{said.about} Suggested: {number}. {said.suggestion}")
    return line


def play_tutorial(request: PlayRequest, own: Values, rules: RulesConfig) -> int:
    """Play the tutorial game at seat 0 under `rules` against `--bot` (OptionError for
    options it cannot take)."""
    taken = [f"--{name}" for name in ALONE if own.get(name)]
    if request.watch or request.humans or request.seat:
        taken.append("--watch/--human/--seat")
    if taken:
        raise OptionError(f"--tutorial plays a fixed first game: leave out "
                          f"{', '.join(taken)}")
    match = load_game_as(IBGame, "initiative_break", teams=tutorial.TEAMS,
                         seat_names=SEATS, rules=rules).match
    request.console.print(INTRO, markup=False, highlight=False)
    return play(match, tutorial.SEED, 0, request.console, request.read, request.record,
                request.bot, coach=hint_line)
