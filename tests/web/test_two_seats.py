"""Two people at one table, each in their own browser, play a loaded position to the end
of the game through the UI only; no WebSocket frame one seat receives names a card the
other seat holds hidden (its hand, its deck) at that moment (issue 7 item 7, security).
"""

from __future__ import annotations

import json
import time
from typing import Any

from playwright.sync_api import Browser, expect

from initiative.games.ib.text import describe as text
from initiative.store import Store
from tests.web.support import (
    RESULT,
    Server,
    bot_line,
    build_match,
    capture_frames,
    card_names,
    frame_text,
    leaked_names,
    needs_chromium,
    open_seat,
    play_line,
    replay,
    secret_names,
)

SEED = 7
TAIL = 12
"""Decisions the browsers play (the rest is the loaded position)."""

# Seat 2's team: Ashfall's Characters with a deck of cards that the Lone Warden (seat 1)
# does not play (no supply card: a competitive deck holds none, IB 2.0.1), so no card
# name is in both decklists and a name in a frame tells which seat's card it is.
DISJOINT_TEAM = """\
name: Ashen Remnant
characters:
  - {character: ilse, keystone: arcane_lens}
  - {character: corvin, keystone: thorn_ward}
  - {character: pim, keystone: gale_feather}
  - {character: marta, keystone: ember_core}
deck:
  quick_jab: 2
  searing_mark: 2
  rally_strike: 2
  cataclysm_edge: 2
  clear_mind: 2
  sanctuary_bell: 2
  time_slip: 2
  rune_sigil: 2
  blaze_sigil: 2
  zephyr_sigil: 2
  quake_sigil: 2
  muffling_blow: 2
  undercut_sweep: 2
  glass_vision: 1
  undertow_sigil: 2
  gust_sigil: 2
  prism_sigil: 1
"""
BODY: dict[str, Any] = {
    "mode": "1v1", "name": "Leak check",
    "seat0_name": "Warden", "seat0_team": "lone_warden", "seat0_controller": "human",
    "seat1_name": "Remnant", "seat1_team": "ashfall", "seat1_upload": DISJOINT_TEAM,
    "seat1_controller": "human", "seed": SEED,
}


@needs_chromium
def test_two_seats_play_to_the_end_and_no_frame_leaks(server: Server, browser: Browser
                                                      ) -> None:
    started = time.monotonic()
    match = build_match(BODY)
    names = [card_names(match, match.decklists[s]) for s in (0, 1)]
    assert names[0] and names[1]
    assert not names[0] & names[1], "the decklists must share no card name"
    line = bot_line(match, SEED)
    cut = max(0, len(line) - TAIL)
    tail = line[cut:]
    assert {seat for seat, _ in tail} == {0, 1}, "both seats decide in the tail"
    prefix = [index for _, index in line[:cut]]
    created = server.create({**BODY, "prefix": prefix})

    contexts = [browser.new_context() for _ in range(2)]
    try:
        pages = {seat: contexts[seat].new_page() for seat in (0, 1)}
        frames = {seat: capture_frames(pages[seat]) for seat in (0, 1)}
        for seat in (0, 1):
            open_seat(pages[seat], server.url(created, seat))
        play_line(pages, tail)
        final = replay(match, SEED, [i for _, i in line])
        assert final.is_terminal()
        for seat in (0, 1):
            result = text.result(final.view(seat), match).sentence
            expect(pages[seat].locator(RESULT)).to_have_text(result)
    finally:
        for context in contexts:
            context.close()

    # Which actions each stored event (seq) had played: the table's own record.
    store = Store(str(server.db))
    try:
        events = store.events(created["id"])
    finally:
        store.close()
    played_at = {0: len(prefix)}
    count = len(prefix)
    for seq, event in events:
        if event["type"] == "act":
            count += len(event["actions"])
        assert event["type"] in ("act", "claim"), event
        played_at[seq] = count
    assert count == len(line)

    indices = [i for _, i in line]
    states: dict[int, Any] = {}
    checked = {0: 0, 1: 0}
    for seat in (0, 1):
        other = 1 - seat
        renders = [json.loads(f) for f in frames[seat]]
        renders = [r for r in renders if r.get("type") == "render"]
        assert len(renders) >= len(tail) // 2, "too few frames captured"
        for frame in renders:
            played = played_at[frame["seq"]]
            if played not in states:
                states[played] = replay(match, SEED, indices[:played])
            state = states[played]
            leaked = leaked_names(match, state, seat, frame)
            assert not leaked, (f"seat {seat + 1} received another seat's hidden cards "
                                f"{sorted(leaked)} (frame seq {frame['seq']})")
            # Not vacuous: the renderer writes card names as they are (this seat's own
            # hand is in its frame, found by the same search).
            own = card_names(match, state.hands[seat])
            shown = frame_text(frame)
            assert {name for name in own if name in shown} == own, "own hand not shown"
            hidden = secret_names(match, state, other)
            checked[seat] += bool(hidden & card_names(match, state.hands[other]))
    # Not vacuous either: many frames came while the other seat held hidden cards.
    assert min(checked.values()) >= 5, f"too few frames with a hidden hand to check: {checked}"
    assert time.monotonic() - started < 90


def test_the_leak_check_finds_a_planted_card() -> None:
    """The check above is not blind: a hidden card name planted anywhere in a frame (text,
    an attribute, HTML-escaped) is found, and the seat's own cards are not reported."""
    match = build_match(BODY)
    line = bot_line(match, SEED)
    state = replay(match, SEED, [i for _, i in line[:len(line) - TAIL]])
    theirs = sorted(card_names(match, state.hands[1]) & secret_names(match, state, 1))
    mine = sorted(card_names(match, state.hands[0]))
    assert theirs and mine
    clean = {"type": "render", "regions": {"hand": "".join(f"<li>{n}</li>" for n in mine)}}
    assert not leaked_names(match, state, 0, clean)
    for planted in (f"<p>{theirs[0]}</p>", f'<button title="{theirs[0]}">x</button>',
                    "<p>" + theirs[0].replace(" ", "&#32;") + "</p>"):
        frame = {**clean, "regions": {**clean["regions"], "log": planted}}
        assert leaked_names(match, state, 0, frame) == {theirs[0]}
