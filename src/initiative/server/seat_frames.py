"""What one seat's connections receive after a change, every game alike: HTML regions for
a browser, or JSON for an API client (bots, the load script). Both are built from that
seat's view only (the engine's `view(seat)`; spectators get SPECTATOR's) and its own
draft, so no frame for one seat can hold another seat's hand, deck order or face-down
card. A frame is built once per seat and sent to each of its connections (the hub hands
the frames built so far to every client's `update`).

The game draws its own regions (`WebGame.render`); the regions every table has are
drawn here: `chat` (the lines the seat may read) and `table-controls` (take back my
turn, rematch, replay, the record, a new table).
"""

from __future__ import annotations

import logging
from typing import Any

from initiative.engine.contract import SPECTATOR, TERMINAL
from initiative.games.registry import entry
from initiative.server import turn_log
from initiative.server.pages import env
from initiative.server.parts import HUMAN, Links, Rendered, SeatPage
from initiative.server.table import Table

log = logging.getLogger("initiative.server")
DRAFT_DROPPED = ("Your unfinished action could not be shown, so it was cleared: please "
                 "choose it again.")
SHARED_REGIONS = ("chat", "table-controls")
"""The element ids of the regions every table page has (drawn here)."""


def links(table: Table, token: str) -> Links:
    """A seat's links (its token in them): the record and the replay once the game is
    over, the rematch once started, a new table of the same game."""
    over = table.finished
    rematch = table.data.rematch
    return Links(record=f"/t/{table.id}/record?k={token}" if over else "",
                 replay=f"/t/{table.id}/replay?k={token}" if over else "",
                 rematch=f"/t/{rematch}?k={token}" if rematch else "",
                 new_table=f"/{entry(table.site.name).web_slug}/new")


def seat_page(table: Table, seat: int, token: str, controller: str = HUMAN
              ) -> SeatPage[Any]:
    """What the game's renderer gets for `seat` of the live table (SPECTATOR: public
    facts only)."""
    acting = table.acting_seat(seat)
    decider = table.state.current_seat()
    mine = acting >= 0 and decider == acting
    told, suffixes = turn_log.stand_ins(table)
    notes = sorted([*((n.at, table.notice_text(n)) for n in table.data.notices), *told],
                   key=lambda note: note[0])
    return SeatPage(
        table_id=table.id, table_name=table.plan.name, seat=seat, acting=acting,
        view=table.view(seat), public=table.game.public, names=table.names(),
        decider=decider, controller=controller, finished=decider == TERMINAL,
        links=links(table, token),
        draft=table.draft(acting) if mine else None, can_undo=table.can_undo(seat),
        notices=tuple(text for _, text in notes), notice_at=tuple(at for at, _ in notes),
        since_at=turn_log.since_at(table, seat), suffixes=suffixes,
        guided=bool(getattr(table.plan, "guided", False)))


def replay_page(table: Table, state: Any, step: int) -> SeatPage[Any]:
    """Step `step` (actions played) of the finished game's replay, as spectators see it
    (nothing to choose), its stand-in turns named as the live log names them."""
    decider: int = state.current_seat()
    told, suffixes = turn_log.stand_ins(table, step)
    return SeatPage(
        table_id=table.id, table_name=table.plan.name, seat=SPECTATOR, acting=SPECTATOR,
        view=state.view(SPECTATOR), public=table.game.public, names=table.names(),
        decider=decider,
        controller=HUMAN, finished=decider == TERMINAL, replay=True,
        notices=tuple(text for _, text in told), notice_at=tuple(at for at, _ in told),
        suffixes=suffixes)


def render(table: Table, page: SeatPage[Any], token: str) -> tuple[Rendered, str]:
    """The game's regions of `page` and a message for the seat ("" if none). A kept
    draft whose drawing fails is dropped (logged once, with the traceback), so the
    seat's next frame and every reconnect draw again instead of failing in a loop; a
    failure without a draft is raised."""
    try:
        return table.site.render(page), ""
    except Exception:
        if page.acting < 0 or not table.drafts.get(page.acting):
            raise
        log.exception("table %s seat %d: the draft %r could not be drawn; it was dropped",
                      table.id, page.acting, table.drafts[page.acting])
        table.cancel(page.acting)
    again = seat_page(table, page.seat, token, page.controller)
    return table.site.render(again), DRAFT_DROPPED


def shared_regions(table: Table, page: SeatPage[Any]) -> dict[str, str]:
    """The regions every table page has: the chat and the table's controls."""
    seat = page.seat
    return {
        "chat": env.get_template("_chat.html").render(chat=table.chat_for(seat)),
        "table-controls": env.get_template("_table_controls.html").render(
            page=page, title=entry(table.site.name).title,
            rematch_started=bool(table.data.rematch)),
    }


def page_frame(table: Table, seat: int, token: str, controller: str
               ) -> tuple[dict[str, Any], str]:
    """A browser's frame for `seat` (its regions and what is announced) and a message
    for the seat ("" if none)."""
    page = seat_page(table, seat, token, controller)
    rendered, problem = render(table, page, token)
    regions = {**rendered.regions, **shared_regions(table, page)}
    return {"type": "render", "regions": regions, "announce": rendered.announce,
            "your_turn": rendered.your_turn, "seq": table.head}, problem


def json_frame(table: Table, seat: int, log_from: int) -> dict[str, Any]:
    """An API client's frame for `seat`: the game's view data (its log from entry
    `log_from` where the game sends logs in parts) and the table's public facts, with
    what the seat's page marks in its log (positions in the seat's own `view.log`):
    `since_index`, the seat's last decision; `notices`; `by_stand_in`, the first line
    of each turn a stand-in bot played."""
    view = table.view(seat)
    stand_in = turn_log.marks(table)
    notices = sorted(
        [*((n.at, n.seat, n.kind, table.notice_text(n)) for n in table.data.notices),
         *((n.at, n.seat, n.kind, turn_log.notice_text(table, n))
           for n in stand_in.notices)], key=lambda note: note[0])
    played = [t for t in stand_in.turns if t.logged]
    since = turn_log.since_at(table, seat)
    places = table.site.log_places(view, [
        *(n[0] for n in notices), *(t.at for t in played), *(() if since is None else (since,))])
    notice_at, turn_at = places[:len(notices)], places[len(notices):len(notices) + len(played)]
    return {"type": "state", "seq": table.head, "seat": seat,
            **table.site.json_state(table.game.public, view, log_from),
            "can_undo": table.can_undo(seat),
            "notices": [{"seat": who, "at": at, "kind": kind, "text": text}
                        for at, (_, who, kind, text) in zip(notice_at, notices, strict=True)],
            "by_stand_in": [{"at": at, "seat": t.seat, "name": table.seat_name(t.seat)}
                            for at, t in zip(turn_at, played, strict=True)],
            "since_index": None if since is None else places[-1],
            "chat": [{"name": c.name, "text": c.text, "team": c.team}
                     for c in table.chat_for(seat)],
            "finished": table.finished, "rematch": table.data.rematch,
            "chosen_seed": table.data.chosen_seed}
