"""Same games on both builds (issue 27): `python benchmarks/parity.py [games] [seed]`.

Plays `games` random games of each registered game (random legal choices by
`SplitMix64`, game g seeded `seed + g`, as the bench plays them) and prints one line per
game: its name and a SHA-256 of every game's actions, events, returns and a clone's
legal actions at each decision. Run it on the pure and the compiled build
(scripts/test-compiled) and compare the lines: equal lines, the same games bit for bit.
"""

from __future__ import annotations

import hashlib
import sys

from initiative.engine.build import build_kind
from initiative.engine.rng import SplitMix64
from initiative.games import load_game

GAMES = ("initiative_break", "hex_skirmish", "the_initiative")


def digest(name: str, games: int, seed: int) -> str:
    """The SHA-256 of `games` random games of `name` (see the module docstring)."""
    game = load_game(name)
    rng = SplitMix64(seed)
    h = hashlib.sha256()
    for g in range(games):
        state = game.new_initial_state(seed + g)
        while not state.is_terminal():
            legal = state.legal_actions()
            if rng.below(8) == 0:  # a clone decides alike
                h.update(repr(list(state.clone().legal_actions())).encode())
            action = legal[rng.below(len(legal))]
            h.update(repr(action).encode())
            state.apply(action)
        h.update(repr(list(state.events())).encode())
        h.update(repr(state.returns()).encode())
    return h.hexdigest()


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 20
    seed = int(argv[1]) if len(argv) > 1 else 1
    print(f"build: {build_kind()}", file=sys.stderr)
    for name in GAMES:
        print(f"{name}: {digest(name, games, seed)}")


if __name__ == "__main__":
    main(sys.argv[1:])
