"""Where each turn of a table stands in its game's log, every game alike: what marks a
page's log since its seat's last decision, and names a stand-in bot's turns (issue 25).

`Table.turn_log` keeps the log's length when each turn began, for the turns applied
since the table was opened; the turns before (a table read back from the store) are
found here once, by replaying the game turn by turn from its seed.
"""

from __future__ import annotations

from initiative.server.table import Table

STAND_IN = "stand-in"
"""`Turn.by` of a turn a stand-in bot played for a person away."""
PLAYER = "player"


def log_at(table: Table, turn: int) -> int:
    """The log's length when turn number `turn` began (the end of the log for the
    turn after the last)."""
    if turn >= len(table.data.turns):
        return table.site.log_length(table.state)
    if turn not in table.turn_log:
        _replay(table)
    return table.turn_log[turn]


def _replay(table: Table) -> None:
    state = table.site.first_state(table.game, table.data.seed)
    actions = table.data.actions
    for number, turn in enumerate(table.data.turns):
        table.turn_log[number] = table.site.log_length(state)
        for index in actions[turn.start:turn.start + turn.count]:
            state.apply(table.game.action_from_index(index))


def since_at(table: Table, seat: int) -> int | None:
    """Where the last decision of the person at `seat` (its link: a SHARED seat's
    partner counts) began in the log; None for spectators and before their first."""
    if seat < 0:
        return None
    turns = table.data.turns
    for number in range(len(turns) - 1, -1, -1):
        turn = turns[number]
        if turn.by == PLAYER and turn.seat >= 0 and table.link_seat(turn.seat) == seat:
            return log_at(table, number)
    return None


def stand_ins(table: Table) -> tuple[list[tuple[int, str]], dict[int, str]]:
    """The log's words on stand-ins: a notice where a stand-in bot took a person's seat
    over and where the person played it again ((position, sentence) pairs), and the
    first line of each stand-in turn ending "(stand-in bot for NAME)"."""
    turns = table.data.turns
    if not any(t.by == STAND_IN for t in turns):
        return [], {}
    notices: list[tuple[int, str]] = []
    suffixes: dict[int, str] = {}
    standing: set[int] = set()
    for number, turn in enumerate(turns):
        if turn.seat < 0:
            continue
        link = table.link_seat(turn.seat)
        person = table.seat_name(link)
        if turn.by == STAND_IN:
            at = log_at(table, number)
            if link not in standing:
                standing.add(link)
                notices.append((at, f"{person} is away: a stand-in bot plays their seat "
                                    "until they come back."))
            if log_at(table, number + 1) > at:
                suffixes[at] = f" (stand-in bot for {table.seat_name(turn.seat)})"
        elif turn.by == PLAYER and link in standing:
            standing.discard(link)
            notices.append((log_at(table, number), f"{person} is back and plays their "
                                                   "own seat again."))
    return notices, suffixes
