"""Initiative Break in the lab: how a seed of a `Matchup` is played and the row of the
finished game.

Game i of a run is played from seed `first_seed + i`, its bots seeded from it too, so a
row depends only on its seed. A row is a flat dict of the columns in `COLUMNS`, read
from the game's event log after the game; the per-side figures are JSON objects keyed
by team number, so CSV and Parquet hold the same values.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from initiative.bots import play_out
from initiative.games.ib import events
from initiative.games.ib.match import Match
from initiative.games.ib.state import IBState
from initiative.lab.adapter import LabAdapter, Row, json_text, seat_players
from initiative.lab.ib.matchup import GAME, Matchup

__all__ = ["ADAPTER", "BOOLS", "COLUMNS", "INTS", "outcome", "play_one", "result_row"]

COLUMNS = ("seed", "format", "param", "value", "sides", "bots", "winner", "winner_team",
           "first_team", "rounds", "activations", "time_collapse", "collapse_round",
           "collapse_activation", "characters", "decks", "damage_dealt", "damage_taken",
           "cards_played", "plays", "deck_outs")
"""The columns of a result row:
- seed, format (1v1, a format, solo, coop); param/value: the swept parameter ("" if none)
- sides {team: name}, bots {team: bot names}; winner: a side's name, "challenge_cards"
  or "draw"; winner_team (-1 on a draw); first_team: the team of the first activation
- rounds, activations; time_collapse (bool), collapse_round and collapse_activation
  (-1 without one): when the Round Marker left the track (IB 3.8)
- characters {team: [character keys]}, decks {team: [distinct card keys]}
- damage_dealt / damage_taken {team: {unit key: amount}}
- cards_played (all sides), plays {team: {card key: times played}}; installing a
  Sigil (IB 4.5) counts as playing it
- deck_outs {team: seats of that team that had to draw from an empty deck (IB 2.8.6)}"""
INTS = ("seed", "winner_team", "first_team", "rounds", "activations", "collapse_round",
        "collapse_activation", "cards_played")
BOOLS = ("time_collapse",)


def play_one(matchup: Matchup, seed: int, param: str = "", value: Any = "", *,
             log: bool = False) -> dict[str, Any]:
    """One game from `seed`; its result row. Without `log` the game stores only the
    events the row counts (`COUNTED`; no bot reads the log: a dealt world's log plays
    no part): the same row."""
    game = matchup.game(seed)
    state = game.new_initial_state(seed)
    if not log:
        state.drop_log(keep=COUNTED)
    players = seat_players(matchup.bots, game, seed)
    play_out(state, players.bots)
    return result_row(matchup, seed, game.match, state, players.names, param, value)


COUNTED = frozenset((events.DAMAGE, events.PLAY, events.INSTALL, events.ACT_START,
                     events.ROUND, events.COLLAPSE, events.DECK_OUT))
"""The event codes a row counts."""


def result_row(matchup: Matchup, seed: int, match: Match, state: IBState,
               bot_names: Sequence[str], param: str = "", value: Any = "") -> dict[str, Any]:
    """The row of a finished game (see `COLUMNS`)."""
    team_of = match.unit_team
    key = [match.units[u].key if u < len(match.units) else match.labels[u]
           for u in range(len(match.labels))]
    dealt: dict[int, dict[str, int]] = {}
    taken: dict[int, dict[str, int]] = {}
    plays: dict[int, dict[str, int]] = {}
    decked: dict[int, int] = {}
    played = 0
    collapse_round = collapse = first_team = -1
    starts = 0
    round_now = 1
    for raw in state.events():
        if raw[0] not in COUNTED:
            continue
        match events.read(raw):
            case events.Damage(source=source, target=target, total=amount):
                if source >= 0:
                    _add(dealt, team_of[source], key[source], amount)
                _add(taken, team_of[target], key[target], amount)
            case events.Play(unit=unit, card=card) | events.Install(unit=unit, card=card):
                played += 1  # a Sigil is played by installing it
                _add(plays, team_of[unit], match.content.cards[card].key, 1)
            case events.ActStart(unit=unit):
                if first_team < 0:
                    first_team = team_of[unit]
                starts += 1
            case events.Round(round=number):
                round_now = number
            case events.Collapse() if collapse < 0:
                collapse, collapse_round = starts, round_now
            case events.DeckOut(seat=decked_seat):
                team = match.seats[decked_seat].team
                decked[team] = decked.get(team, 0) + 1
    result = state.result
    sides = {s.team: s.name for s in match.seats}
    if match.challengers:
        sides[match.cc_team] = "challenge_cards"
    characters: dict[int, list[str]] = {}
    decks: dict[int, set[str]] = {}
    bots: dict[int, list[str]] = {}
    for s, seat in enumerate(match.seats):
        characters.setdefault(seat.team, []).extend(seat.characters)
        decks.setdefault(seat.team, set()).update(seat.deck)
        bots.setdefault(seat.team, []).append(bot_names[s])
    return {
        "seed": seed, "format": matchup.name, "param": param, "value": str(value),
        "sides": json_text(sides), "bots": json_text(bots),
        "winner": "draw" if result is None or result < 0 else sides.get(result, str(result)),
        "winner_team": -1 if result is None or result < 0 else result,
        "first_team": first_team, "rounds": state.track.round,
        "activations": state.activations, "time_collapse": collapse >= 0,
        "collapse_round": collapse_round, "collapse_activation": collapse,
        "characters": json_text(characters),
        "decks": json_text({t: sorted(d) for t, d in decks.items()}),
        "damage_dealt": json_text(dealt), "damage_taken": json_text(taken),
        "cards_played": played, "plays": json_text(plays), "deck_outs": json_text(decked),
    }


def _add(table: dict[int, dict[str, int]], team: int, key: str, amount: int) -> None:
    side = table.setdefault(team, {})
    side[key] = side.get(key, 0) + amount


def outcome(row: Row) -> str:
    """The winning side's name, `challenge_cards` or `draw` (the closing line's count)."""
    return str(row["winner"])


ADAPTER = LabAdapter(GAME, COLUMNS, INTS, BOOLS, play_one, outcome)
"""How the lab plays Initiative Break and files its rows (no `game` column)."""
