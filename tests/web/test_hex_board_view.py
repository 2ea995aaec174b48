"""The hex board as people saw it (issue 25): a displacing step's highlight hid the
character standing in that hex, names were drawn over facing arrows, and at 360 px every
step meant scrolling past the board to the choices. In Chromium, at a position where a
step displaces another character (HX-21), at 1280 and 360 px: the token under the
highlight still shows its seat's colour, no name covers a facing wedge or a token, and
on a phone the choices are on the first screen and stay in sight while the board
scrolls under them. Screenshots go to tests/web/artifacts/ to be looked at."""

from __future__ import annotations

import functools
import random
import struct
import zlib
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from initiative.server.hex import SITE as HEX_WEB
from initiative.server.hex.render import context
from tests.web.action_support import ActionSite
from tests.web.support import ARTIFACTS, Server, needs_chromium, open_seat

pytestmark = needs_chromium
SITE = ActionSite("hex_skirmish")
SEAT_COLOURS = {0: (0x1F, 0x5F, 0xBF), 1: (0xB3, 0x26, 0x1E)}
"""hex.css: the token fill of seats 0 and 1."""
SIZES = {"desktop": {"viewport": {"width": 1280, "height": 900}},
         "phone": {"viewport": {"width": 360, "height": 740}, "is_mobile": True,
                   "has_touch": True}}


def body_of(seed: int) -> dict[str, Any]:
    return {"name": f"Displace {seed}", "players": 2, "seat0_name": "Ann",
            "seat1_name": "Bea", "seat0_controller": "human", "seat1_controller": "human",
            "seed": seed}


@functools.cache
def displacing_position(seeds: range = range(1, 60)) -> tuple[dict[str, Any], int]:
    """A table request (with its `prefix`) where seat 1 (index 0) may step into another
    character's hex (HX-21), and the seat standing there; found in seeded random games
    played offline as the server plays them."""
    for seed in seeds:
        body = body_of(seed)
        plan = HEX_WEB.parse({k: str(v) for k, v in body.items() if k != "seed"})
        game = HEX_WEB.build(plan, seed)
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        line: list[int] = []
        while not state.is_terminal() and len(line) < 400:
            if state.current_seat() == 0:
                view = state.view(0).to_dict()
                board = context(view)["board"]
                taken = [m for m in board["moves"] if m["occupied"]]
                if taken:
                    spot = (round(taken[0]["x"]), round(taken[0]["y"]))
                    there = next(u["seat"] for u in board["units"]
                                 if (round(u["x"]), round(u["y"])) == spot)
                    return {**body, "prefix": line}, there
            action = rng.choice(state.legal_actions())
            line.append(game.action_index(action))
            state.apply(action)
    raise AssertionError("no displacing step in the seeded games")


def png_pixel(png: bytes, x: int, y: int) -> tuple[int, int, int]:
    """The RGB of pixel (x, y) of an 8-bit RGB(A) PNG (what Chromium's screenshots are)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    at, data, width, channels = 8, b"", 0, 0
    while at < len(png):
        size, kind = struct.unpack(">I4s", png[at:at + 8])
        chunk = png[at + 8:at + 8 + size]
        if kind == b"IHDR":
            width, _, depth, colour = struct.unpack(">IIBB", chunk[:10])
            assert depth == 8 and colour in (2, 6), (depth, colour)
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            data += chunk
        at += 12 + size
    raw = zlib.decompress(data)
    stride = width * channels
    previous = bytearray(stride)
    for row in range(y + 1):
        start = row * (stride + 1)
        filt, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if filt == 1:
                line[i] = (line[i] + left) & 255
            elif filt == 2:
                line[i] = (line[i] + up) & 255
            elif filt == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif filt == 4:  # Paeth
                guess = left + up - corner
                pa, pb, pc = abs(guess - left), abs(guess - up), abs(guess - corner)
                near = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + near) & 255
        previous = line
    pixel = previous[x * channels:x * channels + 3]
    return pixel[0], pixel[1], pixel[2]


def token_colour(page: Page, seat: int) -> tuple[int, int, int]:
    """The colour drawn at the centre of seat `seat`'s token, a little off the health
    number."""
    token = page.locator(f'#hx-board [data-unit="{seat}"] circle.token')
    token.scroll_into_view_if_needed()
    box = token.bounding_box()
    assert box is not None
    x, y = int(box["x"] + box["width"] * 0.22), int(box["y"] + box["height"] * 0.5)
    return png_pixel(page.screenshot(clip={"x": x, "y": y, "width": 1, "height": 1}), 0, 0)


def covered(page: Page) -> list[str]:
    """Each name label or choice's word that covers a facing wedge, a token or a facing
    choice's arrow (SVG boxes)."""
    return list(page.evaluate("""() => {
        const box = e => e.getBBox();
        const meet = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width &&
                               a.y < b.y + b.height && b.y < a.y + a.height;
        const names = [...document.querySelectorAll('#hx-board .names text, #hx-board .move text')];
        const things = [...document.querySelectorAll(
            '#hx-board .unit .facing, #hx-board .unit .token, #hx-board .face .arrow')];
        const found = [];
        for (const n of names) for (const t of things)
            if (meet(box(n), box(t)))
                found.push(n.textContent + ' on ' + t.getAttribute('class') + ' of ' +
                           (t.closest('[data-unit]') || t).getAttribute('data-unit'));
        return found;
    }"""))


@pytest.mark.parametrize("size", list(SIZES))
def test_a_displacing_step_the_names_and_the_phone_layout(server: Server, browser: Browser,
                                                          size: str) -> None:
    body, occupant = displacing_position()
    created = SITE.create(server, body)
    context_ = browser.new_context(**SIZES[size])
    try:
        page = context_.new_page()
        open_seat(page, server.base + created["links"][0])
        highlight = page.locator("#hx-board .move.occupied")
        assert highlight.count() >= 1
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"hex-displace-{size}.png"), full_page=True)
        seen = token_colour(page, occupant)
        want = SEAT_COLOURS[occupant]
        assert all(abs(a - b) < 70 for a, b in zip(seen, want, strict=True)), (seen, want)
        assert covered(page) == []
        if size == "phone":
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(ARTIFACTS / f"hex-displace-{size}-top.png"))
            first = page.locator("#hx-actions [data-action]").first
            box = first.bounding_box()
            assert box is not None and box["y"] + box["height"] <= 740, box
            board = page.locator("#hx-board svg").bounding_box()
            assert board is not None
            page.evaluate(f"window.scrollTo(0, {board['y'] + board['height'] - 700})")
            box = first.bounding_box()  # still in sight with the board's foot on screen
            assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 740, box
            hand = page.locator("#hx-hand").bounding_box()  # the hand under the choices
            assert hand is not None
            page.evaluate(f"window.scrollBy(0, {hand['y']})")
            box = first.bounding_box()
            assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 740, box
            page.screenshot(path=str(ARTIFACTS / f"hex-displace-{size}-scrolled.png"))
    finally:
        context_.close()
