"""The choices the searching bots make at fixed positions of each game, and the record
of them (`data/search_choices.json`) that a faster search must still make.

Positions come from random games (seeded), every few decisions with a real choice;
at each, the tree search (`ismcts@N`), the lookahead bot (`heuristic`) and, in
Initiative Break, the playout bot (`expert`, smaller: `PLAYOUT`), seeded from the
position, choose from the current seat's view; the search's root statistics (each
action's visits and total reward, exactly) are recorded too.
`python -m tests.bots.choices_kit` rewrites the record from the code as it is (only
when a change is meant to change a choice)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from initiative.bots.hex.rollout import HexRolloutBot
from initiative.bots.ib.heuristic import Evaluate, PublicDealer
from initiative.bots.ismcts import ISMCTSBot
from initiative.bots.make import make_bot
from initiative.bots.playout import PlayoutBot, PlayoutSettings
from initiative.bots.ti.rollout import TIRolloutBot
from initiative.engine.rng import SplitMix64
from initiative.games import load_game

RECORD = Path(__file__).resolve().parent / "data" / "search_choices.json"
SETUPS: dict[str, tuple[str, dict[str, Any]]] = {
    "ib": ("initiative_break", {}),
    "ib_supports": ("initiative_break", {"teams": ["lanternwatch", "ashfall"]}),
    "ib_open": ("initiative_break", {"rules": {"open_decklists": True}}),
    "ib_windows": ("initiative_break", {"rules": {"ib_windows": "every_step"}}),
    "hex": ("hex_skirmish", {}),
    "hex_4": ("hex_skirmish", {"players": 4}),
    "ti": ("the_initiative", {}),
}
"""Setup name -> (game, parameters): both deck-list cases of IB (unknown lists draw
from the card pool), Supports in play, a window after each step, hex with 4 players
(fallen players in the line), The Initiative."""
SEEDS = range(4)
EVERY = 7
"""A position every this many decisions with two or more legal actions."""
PER_GAME = 6
"""Positions taken from each random game."""
BOTS = ("ismcts@30", "heuristic")
IB_BOTS = (*BOTS, "playout")
PLAYOUT = PlayoutSettings(worlds=2, keep=3)
"""The `expert` level's playout bot with fewer worlds and candidates (same code)."""
HEX_BOTS = ("ismcts@4", "heuristic")
"""The skirmish game's search weighs worlds, not iterations (bots/hex/rollout.py)."""


def positions(game: Any, seed: int) -> Iterator[tuple[int, Any]]:
    """(index, view of the seat to move) at `PER_GAME` positions of a random game."""
    state, rng = game.new_initial_state(seed), SplitMix64(seed + 100)
    found = choices = 0
    while not state.is_terminal() and found < PER_GAME:
        legal = state.legal_actions()
        if len(legal) > 1:
            choices += 1
            if choices % EVERY == 1:
                yield found, state.view(state.current_seat())
                found += 1
        state.apply(legal[rng.below(len(legal))])


def root(bot: Any, view: Any) -> str:
    """The root statistics of a search of `view` by `bot` (a fresh one: the search
    draws its seed as `choose` would): (action, visits, total) per child. The
    Initiative's look ahead (`TIRolloutBot`): (candidate, mean score) where it weighs
    (none elsewhere); the skirmish game's search: (plan, total score) per plan."""
    if isinstance(bot, HexRolloutBot):
        return repr([(repr(plan), score) for plan, score in bot.scores(view)])
    if isinstance(bot, TIRolloutBot):
        return repr([(repr(a), score) for a, score in bot.scores(view, bot.policy.choose(view))])
    assert isinstance(bot, ISMCTSBot)
    tree = bot.search(view)
    return repr(sorted((repr(a), n.visits, n.total) for a, n in tree.children.items()))


def choices(setup: str) -> dict[str, list[str]]:
    """Bot name (and `root`) -> the actions (repr) chosen at each position of `setup`,
    and the search's root statistics there."""
    name, params = SETUPS[setup]
    game = load_game(name, **params)
    bots = {"hex_skirmish": HEX_BOTS, "initiative_break": IB_BOTS}.get(name, BOTS)
    out: dict[str, list[str]] = {key: [] for key in (*bots, "root")}
    for seed in SEEDS:
        for index, view in positions(game, seed):
            for bot in bots:
                bot_seed = 1000 * seed + index
                out[bot].append(repr(bot_named(bot, game, bot_seed).choose(view)))
                if bot.startswith("ismcts"):
                    out["root"].append(root(make_bot(bot, game, bot_seed), view))
    return out


def bot_named(name: str, game: Any, seed: int) -> Any:
    """`make_bot`, and `playout`: Initiative Break's playout bot with `PLAYOUT`."""
    if name == "playout":
        return PlayoutBot(PublicDealer(game.public), Evaluate(), seed, PLAYOUT)
    return make_bot(name, game, seed)


def recorded() -> dict[str, dict[str, list[str]]]:
    loaded: dict[str, dict[str, list[str]]] = json.loads(RECORD.read_text())
    return loaded


def main() -> None:
    record = {setup: choices(setup) for setup in SETUPS}
    RECORD.parent.mkdir(exist_ok=True)
    RECORD.write_text(json.dumps(record, indent=1) + "\n")
    print(f"wrote {RECORD}: {sum(len(v) for r in record.values() for v in r.values())} "
          "choices", file=sys.stderr)


if __name__ == "__main__":
    main()
