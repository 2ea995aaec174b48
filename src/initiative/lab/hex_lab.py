"""The hex skirmish game in the lab: its matchup, how a seed is played, its result row.

A `HexMatchup` names the players, the board, a character per seat (`random`: drawn
afresh from each game's seed), a bot per seat and house rules. Game i of a run is played
from seed `first_seed + i` and its bots are seeded from it, so a row depends only on its
seed. The row is read from what the seats see: the active seat's view at the start of
each turn (its hand names the card, the public line says whether the Special Initiative
card gave the turn, HX-10), each reactor's view when it reacts (HX-30), and the units'
public health between turns (the damage of an attack lands before the next turn).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Final

from initiative.bots import RandomBot
from initiative.bots.play import ask
from initiative.engine.contract import SPECTATOR, Bot
from initiative.engine.errors import ConfigError
from initiative.engine.rng import SplitMix64
from initiative.games import load_game
from initiative.games.hex.actions import HexAction, Kind
from initiative.games.hex.game import HexGame
from initiative.games.hex.state import HexState
from initiative.lab.adapter import GAME_COLUMN, LabAdapter, Row, json_text

__all__ = ["HEX_COLUMNS", "HEX_LAB", "HexMatchup", "hex_row", "play_hex"]

GAME: Final = "hex_skirmish"
RANDOM: Final = "random"
"""A character named this is drawn for its seat from the seed of each game."""
DRAW_SALT: Final = 0x4E8C
BOT_SALT: Final = 0xB075
LAST_STANDING: Final = "last_standing"
ROUND_LIMIT: Final = "round_limit"

HEX_COLUMNS = (GAME_COLUMN, "seed", "param", "value", "board", "players", "characters",
               "bots", "winner", "first_seat", "rounds", "turns", "special_turns", "ended",
               "eliminations", "damage_dealt", "damage_taken", "cards_played", "move_plays",
               "attack_plays", "reactions")
"""The columns of a hex result row (JSON objects are keyed by seat):
- game ("hex_skirmish"), seed; param/value: a swept parameter ("" if none)
- board (key), players (count), characters {seat: character key}, bots {seat: bot name}
- winner: the winning seat, -1 on a draw; first_seat: the first active player of
  round 1 (HX-11)
- rounds; turns (turns taken, skipped ones not counted, HX-13); special_turns {seat:
  turns the Special Initiative card gave it (HX-10)}
- ended: last_standing (HX-A5) or round_limit (the `round_limit` flag)
- eliminations: the seats in the order they fell (HX-A5)
- damage_dealt / damage_taken {seat: health removed}
- cards_played {seat: cards played on its turns (HX-12)}; move_plays / attack_plays
  {seat: {card key: times its Move / Attack section was used}}; reactions {seat: {card
  key: times its Reaction section was used (HX-30)}}"""
HEX_INTS = ("seed", "players", "winner", "first_seat", "rounds", "turns")


@dataclass(frozen=True)
class HexMatchup:
    """What to simulate: players, board (None: the content's default), a character key
    or `random` per seat (none: the loader's defaults), a bot per seat (cycled), rule
    flags, and `overrides` (`rules.FLAG` values a sweep changes)."""

    players: int = 2
    board: str | None = None
    characters: tuple[str, ...] = ()
    bots: tuple[str, ...] = ("random",)
    rules: dict[str, Any] = field(default_factory=dict)
    overrides: tuple[tuple[str, Any], ...] = ()

    def __post_init__(self) -> None:
        if self.characters and len(self.characters) != self.players:
            raise ConfigError(f"--characters: one per seat, {self.players} for "
                              f"{self.players} players, got {len(self.characters)}")

    @property
    def name(self) -> str:
        return GAME

    def all_rules(self) -> tuple[tuple[str, Any], ...]:
        """The rule flags with the overrides applied (`rules.FLAG` or a bare flag)."""
        flags = dict(self.rules)
        for path, value in self.overrides:
            head, dot, flag = path.partition(".")
            if dot and head != "rules":
                raise ConfigError(f"{path}: hex_skirmish runs change rules only "
                                  "(rules.FLAG or FLAG)")
            flags[flag if dot else path] = value
        return tuple(sorted(flags.items()))

    def game(self, seed: int) -> HexGame:
        """The game of seed `seed` (its `random` characters drawn from the seed)."""
        base = _game(self.players, self.board, None, self.all_rules())
        if not self.characters:
            return base
        return _game(self.players, self.board, draw_characters(base, self.characters, seed),
                     self.all_rules())


@lru_cache(maxsize=64)
def _game(players: int, board: str | None, characters: tuple[str, ...] | None,
          rules: tuple[tuple[str, Any], ...]) -> HexGame:
    """The game of these parameters, built once per process."""
    params: dict[str, Any] = {"players": players, "rules": dict(rules)}
    if board is not None:
        params["board"] = board
    if characters is not None:
        params["characters"] = list(characters)
    game: HexGame = load_game(GAME, **params)
    return game


def draw_characters(game: HexGame, wanted: Sequence[str], seed: int) -> tuple[str, ...]:
    """`wanted` with each `random` replaced by a character of `game`'s content drawn from
    `seed` (the same seed always draws the same ones)."""
    pool = sorted(game.setup.content.characters)
    rng = SplitMix64((seed * 0x9E3779B97F4A7C15 + DRAW_SALT) & (2**64 - 1))
    return tuple(pool[rng.below(len(pool))] if key == RANDOM else key for key in wanted)


@dataclass
class _Tally:
    """What a game's decisions showed, gathered while it is played."""

    seats: int
    first_seat: int = -1
    turns: int = 0
    health: list[int] | None = None
    attacker: int | None = None
    eliminated: list[int] = field(default_factory=list)
    special: Counter[int] = field(default_factory=Counter)
    dealt: Counter[int] = field(default_factory=Counter)
    taken: Counter[int] = field(default_factory=Counter)
    cards: Counter[int] = field(default_factory=Counter)
    plays: dict[Kind, dict[int, Counter[str]]] = field(default_factory=dict)

    def settle(self, units: Sequence[Mapping[str, Any]]) -> None:
        """Book the health lost since the last look (all of it the last attacker's doing:
        only attacks remove health, HX-A5) and the units that fell."""
        health = [0] * self.seats
        for unit in units:
            seat = int(unit["seat"])
            health[seat] = int(unit["health"]) if unit["alive"] else 0
            if not unit["alive"] and seat not in self.eliminated:
                self.eliminated.append(seat)
        if self.health is not None:
            for seat, (before, now) in enumerate(zip(self.health, health, strict=True)):
                if before > now:
                    self.taken[seat] += before - now
                    if self.attacker is not None:
                        self.dealt[self.attacker] += before - now
        self.health = health

    def play(self, kind: Kind, seat: int, card: str) -> None:
        self.plays.setdefault(kind, {}).setdefault(seat, Counter())[card] += 1

    def turn(self, seat: int, action: HexAction, view: Mapping[str, Any]) -> None:
        """A turn starts: `seat` plays `action` (a card or a pass) seeing `view`."""
        self.settle(view["units"])
        line = view["line"]
        if self.first_seat < 0:
            self.first_seat = int(line["cards"][0])
        self.turns += 1
        if 0 <= line["at"] < len(line["cards"]) and line["cards"][line["at"]] == "special":
            self.special[seat] += 1  # HX-10
        self.attacker = seat if action.kind == Kind.PLAY_ATTACK else None
        if action.kind in (Kind.PLAY_MOVE, Kind.PLAY_ATTACK):
            self.cards[seat] += 1
            self.play(action.kind, seat, view["hand"][action.arg])

    def by_seat(self, counts: Mapping[int, Any]) -> dict[int, Any]:
        return {seat: counts.get(seat, 0) for seat in range(self.seats)}

    def cards_of(self, kind: Kind) -> dict[int, dict[str, int]]:
        found = self.plays.get(kind, {})
        return {seat: dict(sorted(found.get(seat, Counter()).items()))
                for seat in range(self.seats)}


def hex_bot(name: str, game: HexGame, seed: int) -> Bot[Any, HexAction]:
    """The bot `name` for a seat of `game`."""
    if name == "random":
        return RandomBot(seed)
    raise ConfigError(f"unknown hex_skirmish bot {name!r} (known: random)")


TURN_KINDS = (Kind.PLAY_MOVE, Kind.PLAY_ATTACK, Kind.PASS)
"""The decisions that start a turn (HX-12, HX-A17)."""


def play_hex(matchup: HexMatchup, seed: int, param: str = "", value: Any = "") -> Row:
    """One game from `seed`, played by the matchup's bots; its result row."""
    game = matchup.game(seed)
    state = game.new_initial_state(seed)
    rng = SplitMix64(seed ^ BOT_SALT)
    names = [matchup.bots[s % len(matchup.bots)] for s in range(game.num_seats)]
    bots = [hex_bot(name, game, rng.next64()) for name in names]
    tally = _Tally(game.num_seats)
    while not state.is_terminal():
        seat = state.current_seat()
        action = ask(bots[seat], state, seat)
        if action.kind in TURN_KINDS:
            tally.turn(seat, action, state.view(seat).to_dict())
        elif action.kind == Kind.REACT:
            tally.play(Kind.REACT, seat, state.view(seat).to_dict()["hand"][action.arg])
        state.apply(action)
    return hex_row(game, state, tally, names, seed, param, value)


def hex_row(game: HexGame, state: HexState, tally: _Tally, bot_names: Sequence[str],
            seed: int, param: str = "", value: Any = "") -> Row:
    """The row of a finished game (see `HEX_COLUMNS`)."""
    final = state.view(SPECTATOR).to_dict()
    tally.settle(final["units"])
    standing = sum(1 for unit in final["units"] if unit["alive"])
    winner = state.winner
    setup = game.setup
    return {
        GAME_COLUMN: GAME, "seed": seed, "param": param, "value": str(value),
        "board": setup.board.key, "players": setup.num_seats,
        "characters": json_text({s: seat.character.key for s, seat in enumerate(setup.seats)}),
        "bots": json_text(dict(enumerate(bot_names))),
        "winner": -1 if winner is None else winner, "first_seat": tally.first_seat,
        "rounds": state.round, "turns": tally.turns,
        "special_turns": json_text(tally.by_seat(tally.special)),
        "ended": LAST_STANDING if winner is not None and standing == 1 else ROUND_LIMIT,
        "eliminations": json_text(tally.eliminated),
        "damage_dealt": json_text(tally.by_seat(tally.dealt)),
        "damage_taken": json_text(tally.by_seat(tally.taken)),
        "cards_played": json_text(tally.by_seat(tally.cards)),
        "move_plays": json_text(tally.cards_of(Kind.PLAY_MOVE)),
        "attack_plays": json_text(tally.cards_of(Kind.PLAY_ATTACK)),
        "reactions": json_text(tally.cards_of(Kind.REACT)),
    }


HEX_LAB = LabAdapter(GAME, HEX_COLUMNS, HEX_INTS, (), play_hex)
"""The lab adapter of the hex skirmish game."""
