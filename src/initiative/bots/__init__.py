"""Bots: players that choose an action from a per-seat view, never from the state.

Every bot is an engine-contract `Bot`, built from a game's public description
(`game.public`) by `make_bot(name, game, seed)`. The random bot plays every game; the
tree search (`ismcts`), the one-ply lookahead (`lookahead`) and the playout bot
(`playout`: the best candidates played out to the answer) are written once over
any game that can deal a world from a view (`search.Dealer`) and score a state, and
each game's own bots (its heuristic and evaluation) are its `bots` part, in the
package named for it (`bots.ib`, `bots.hex`, `bots.ti`; bots/parts.py). Nothing here
imports a game.
"""

from initiative.bots.ismcts import ISMCTSBot, SearchSettings
from initiative.bots.make import (
    BOTS,
    LEVELS,
    bot_lines,
    bot_names,
    default_bot,
    game_bots,
    is_bot_name,
    make_bot,
)
from initiative.bots.parts import AnyBot, GameBots
from initiative.bots.play import ask, play_out
from initiative.bots.playout import PlayoutBot, PlayoutSettings
from initiative.bots.random_bot import RandomBot
from initiative.engine.contract import Bot

__all__ = ["BOTS", "LEVELS", "AnyBot", "Bot", "GameBots", "ISMCTSBot", "PlayoutBot",
           "PlayoutSettings", "RandomBot", "SearchSettings", "ask", "bot_lines",
           "bot_names", "default_bot", "game_bots", "is_bot_name", "make_bot", "play_out"]
