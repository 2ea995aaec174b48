"""The hex skirmish game in the lab: how a seed of a `HexMatchup` is played, and its
result row.

Game i of a run is played from seed `first_seed + i` and its bots are seeded from it,
so a row depends only on its seed. The row is read from the game's public event log
(games/hex/events.py), the way the flagship's rows are read from its events: what the
table saw happen.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from initiative.bots import play_out
from initiative.games.hex import events
from initiative.games.hex.state import HexState
from initiative.lab.adapter import GAME_COLUMN, LabAdapter, Row, json_text, seat_players
from initiative.lab.hex.matchup import GAME, HexMatchup

__all__ = ["ADAPTER", "HEX_COLUMNS", "hex_row", "outcome", "play_hex"]

LAST_STANDING: Final = "last_standing"
ROUND_LIMIT: Final = "round_limit"
NO_CARD_PLAYED: Final = "no_card_played"

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
- ended: last_standing (HX-A5), round_limit (the `round_limit` flag) or
  no_card_played (nobody could play a card in a round, nor ever again: the `stall_end`
  flag)
- eliminations: the seats in the order they fell (HX-A5)
- damage_dealt / damage_taken {seat: health removed}
- cards_played {seat: cards played on its turns (HX-12)}; move_plays / attack_plays
  {seat: {card key: times its Move / Attack section was used}}; reactions {seat: {card
  key: times its Reaction section was used (HX-30)}}"""
HEX_INTS = ("seed", "players", "winner", "first_seat", "rounds", "turns")


def play_hex(matchup: HexMatchup, seed: int, param: str = "", value: Any = "", *,
             log: bool = False) -> Row:
    """One game from `seed`, played by the matchup's bots; its result row. Without `log`
    the game stores only the events the row counts (`COUNTED`; no bot reads the log):
    the same row."""
    game = matchup.game(seed)
    state = game.new_initial_state(seed)
    if not log:
        state.drop_log(keep=COUNTED)
    players = seat_players(matchup.bots, game, seed)
    play_out(state, players.bots)
    return hex_row(state, players.names, seed, param, value)


COUNTED = frozenset((events.PLAY, events.REACTED, events.PASSED, events.TARGETS,
                     events.DAMAGED, events.ELIMINATED, events.SPECIAL, events.LINE,
                     events.REVEAL))
"""The event codes a row counts."""


@dataclass
class _Tally:
    """The figures of a game's public event log (games/hex/events.py), per seat."""

    seats: int
    health: list[int]
    first_seat: int = -1
    turns: int = 0
    attacker: int = events.NOBODY
    eliminated: list[int] = field(default_factory=list)
    special: Counter[int] = field(default_factory=Counter)
    dealt: Counter[int] = field(default_factory=Counter)
    taken: Counter[int] = field(default_factory=Counter)
    cards: Counter[int] = field(default_factory=Counter)
    uses: tuple[dict[int, Counter[str]], ...] = field(default_factory=lambda: ({}, {}, {}))
    """Per section (events.SECTION_NAMES): seat -> card key -> uses."""

    def read(self, log: Iterable[events.Event], keys: Sequence[str]) -> None:
        """Tally `log` (only the events a row counts are read as records); `keys[card
        id]` is a card's key."""
        for event in log:
            if event[0] in COUNTED:
                self.count(events.read(event), keys)

    def count(self, event: events.EventRecord, keys: Sequence[str]) -> None:
        match event:
            case events.Play(seat=seat, card=card, section=section):  # HX-12
                self.turns += 1
                self.cards[seat] += 1
                self.use(section, seat, keys[card])
            case events.Reacted(seat=seat, card=card):  # HX-30
                self.use(events.REACTION_SECTION, seat, keys[card])
            case events.Passed():  # HX-A17
                self.turns += 1
            case events.Targets(attacker=attacker):  # HX-23 / HX-27
                self.attacker = attacker
            case events.Damaged(seat=seat, health=health):  # HX-A5 / HX-A6
                removed = self.health[seat] - health
                self.health[seat] = health
                self.taken[seat] += removed
                if self.attacker != events.NOBODY:
                    self.dealt[self.attacker] += removed
            case events.Eliminated(seat=seat):  # HX-A5
                self.eliminated.append(seat)
            case events.Special(seat=seat) if seat != events.NOBODY:  # HX-10
                self.special[seat] += 1
            case events.Line(cards=cards) if self.first_seat < 0:  # HX-9, all at start
                self.first_seat = cards[0]
            case events.Reveal(card=card) if self.first_seat < 0:  # HX-A1 one_per_turn
                self.first_seat = card

    def use(self, section: int, seat: int, key: str) -> None:
        self.uses[section].setdefault(seat, Counter())[key] += 1

    def by_seat(self, counts: Mapping[int, int]) -> dict[int, int]:
        return {seat: counts.get(seat, 0) for seat in range(self.seats)}

    def cards_of(self, section: int) -> dict[int, dict[str, int]]:
        found = self.uses[section]
        return {seat: dict(sorted(found.get(seat, Counter()).items()))
                for seat in range(self.seats)}


def ending(state: HexState) -> str:
    """How a finished game ended: the last character standing (HX-A5), the round limit
    (`round_limit`), or a round in which nobody played a card and nobody ever could again
    (`stall_end`)."""
    if sum(state.alive) <= 1:
        return LAST_STANDING
    limit = state.rules.round_limit
    return ROUND_LIMIT if limit is not None and state.round >= limit else NO_CARD_PLAYED


def hex_row(state: HexState, bot_names: Sequence[str], seed: int, param: str = "",
            value: Any = "") -> Row:
    """The row of a finished game (see `HEX_COLUMNS`)."""
    setup = state.setup
    n = setup.num_seats
    tally = _Tally(n, [state.rules.starting_health] * n)
    tally.read(state.events(), [card.key for card in setup.content.cards])
    return {
        GAME_COLUMN: GAME, "seed": seed, "param": param, "value": str(value),
        "board": setup.board.key, "players": n,
        "characters": json_text({s: seat.character.key for s, seat in enumerate(setup.seats)}),
        "bots": json_text(dict(enumerate(bot_names))),
        "winner": -1 if state.winner is None else state.winner,
        "first_seat": tally.first_seat, "rounds": state.round, "turns": tally.turns,
        "special_turns": json_text(tally.by_seat(tally.special)), "ended": ending(state),
        "eliminations": json_text(tally.eliminated),
        "damage_dealt": json_text(tally.by_seat(tally.dealt)),
        "damage_taken": json_text(tally.by_seat(tally.taken)),
        "cards_played": json_text(tally.by_seat(tally.cards)),
        "move_plays": json_text(tally.cards_of(events.MOVE_SECTION)),
        "attack_plays": json_text(tally.cards_of(events.ATTACK_SECTION)),
        "reactions": json_text(tally.cards_of(events.REACTION_SECTION)),
    }


def outcome(row: Row) -> str:
    """`seat N` for the winner, or `draw` (the closing line's count)."""
    return "draw" if row["winner"] < 0 else f"seat {row['winner']}"


ADAPTER = LabAdapter(GAME, HEX_COLUMNS, HEX_INTS, (), play_hex, outcome)
"""How the lab plays the hex skirmish game and files its rows."""
