"""Where each turn of a table stands in its game's log, every game alike: what marks a
page's log since its seat's last decision, and names a stand-in bot's turns (issue 25).

`Table.turn_log` keeps the log's length when each turn began, for the turns applied
since the table was opened; the turns before (a table read back from the store) are
found here once, by replaying the game turn by turn from its seed. What the turns say
(each seat's last decision, the stand-ins' turns and notices) is kept per table and
moved on by the turns added since it was last asked for (a turn taken back starts it
again), so a seat's frame reads it without going over every turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from weakref import WeakKeyDictionary

from initiative.server.table import Table, Turn

STAND_IN = "stand-in"
"""`Turn.by` of a turn a stand-in bot played for a person away."""
PLAYER = "player"
AWAY, BACK = "away", "back"
"""The kinds of the notices on stand-ins: one took a person's seat over, the person
played it again."""


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


@dataclass(frozen=True)
class StandInTurn:
    """A turn a stand-in bot played: its number, the action it starts at, the log
    position of its first line (`logged`: it wrote one) and the seat it played."""

    turn: int
    start: int
    at: int
    logged: bool
    seat: int


@dataclass(frozen=True)
class StandInNotice:
    """Where a stand-in took the seat of the person at `seat` over (AWAY), or the person
    played it again (BACK): before the log position `at`, at turn `turn` (its first
    action `start`)."""

    turn: int
    start: int
    at: int
    seat: int
    kind: str


@dataclass
class TurnMarks:
    """What a table's turns say, up to turn `done` (the last of them: `last`)."""

    done: int = 0
    last: Turn | None = None
    decided: dict[int, int] = field(default_factory=dict)
    """Each link's seat -> the number of its person's last turn."""
    standing: set[int] = field(default_factory=set)
    """The link seats a stand-in plays now."""
    turns: list[StandInTurn] = field(default_factory=list)
    notices: list[StandInNotice] = field(default_factory=list)
    words: tuple[list[tuple[int, str]], dict[int, str]] | None = None
    """`stand_ins` of the live table, once asked for (until the next turn)."""

    def add(self, table: Table, number: int, turn: Turn) -> None:
        """Move on by turn `number`."""
        self.done, self.last, self.words = number + 1, turn, None
        if turn.seat < 0:
            return
        link = table.link_seat(turn.seat)
        if turn.by == STAND_IN:
            at = log_at(table, number)
            if link not in self.standing:
                self.standing.add(link)
                self.notices.append(StandInNotice(number, turn.start, at, link, AWAY))
            self.turns.append(StandInTurn(number, turn.start, at,
                                          log_at(table, number + 1) > at, turn.seat))
        elif turn.by == PLAYER:
            self.decided[link] = number
            if link in self.standing:
                self.standing.discard(link)
                self.notices.append(StandInNotice(number, turn.start, log_at(table, number),
                                                  link, BACK))


_MARKS: WeakKeyDictionary[Table, TurnMarks] = WeakKeyDictionary()


def marks(table: Table) -> TurnMarks:
    """The table's turn marks, moved on by the turns added since they were last asked
    for; started again when a turn they had read was taken back."""
    turns = table.data.turns
    found = _MARKS.get(table)
    if found is None or found.done > len(turns) or (
            found.done and turns[found.done - 1] is not found.last):
        found = _MARKS[table] = TurnMarks()
    for number in range(found.done, len(turns)):
        found.add(table, number, turns[number])
    return found


def since_at(table: Table, seat: int) -> int | None:
    """Where the last decision of the person at `seat` (its link: a SHARED seat's
    partner counts) began in the log; None for spectators and before their first."""
    if seat < 0:
        return None
    number = marks(table).decided.get(seat)
    return None if number is None else log_at(table, number)


def notice_text(table: Table, notice: StandInNotice) -> str:
    """A stand-in notice as the log says it (the person's name, nothing hidden)."""
    person = table.seat_name(notice.seat)
    if notice.kind == AWAY:
        return f"{person} is away: a stand-in bot plays their seat until they come back."
    return f"{person} is back and plays their own seat again."


def suffix(table: Table, turn: StandInTurn) -> str:
    """What ends the first line of a stand-in's turn."""
    return f" (stand-in bot for {table.seat_name(turn.seat)})"


def stand_ins(table: Table, step: int | None = None
              ) -> tuple[list[tuple[int, str]], dict[int, str]]:
    """The log's words on stand-ins: a notice where a stand-in bot took a person's seat
    over and where the person played it again ((position, sentence) pairs), and the
    first line of each stand-in turn ending "(stand-in bot for NAME)" (read only: the
    live table's are kept until its next turn). `step`: only the turns begun within the
    first `step` actions (a replay's step)."""
    found = marks(table)
    if step is None and found.words is not None:
        return found.words
    shown = (lambda start: True) if step is None else (lambda start: start < step)
    words = ([(n.at, notice_text(table, n)) for n in found.notices if shown(n.start)],
             {t.at: suffix(table, t) for t in found.turns if t.logged and shown(t.start)})
    if step is None:
        found.words = words
    return words
