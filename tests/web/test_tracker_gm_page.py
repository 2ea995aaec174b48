"""The GM tracker page run with clicks only (issue 26): for each system, two full rounds
from the sample roster through buttons and forms (no typed command), the page's table
checked against the stored tracker after each round; every catalogue command has a
control on the page; controls are enabled only when their command would be taken, with
the console's reason as the tooltip; the newest answer stays in view; the header's
How to play opens the tracker's own guide; the create form marks its required Name."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from initiative.store import Store
from initiative.trackers import any_system
from initiative.trackers.command_catalogue import catalogue
from tests.web.support import Server, horizontal_overflow, needs_chromium

pytestmark = needs_chromium
SHOTS = "/tmp/webgm"


def create(page: Page, server: Server, system_label: str, name: str) -> str:
    """Create a tracker with the sample roster through the form; open the GM page."""
    page.goto(server.base + "/trackers/new")
    page.get_by_label(system_label).check()
    page.get_by_label("Name").fill(name)
    page.get_by_role("button", name="Create the tracker").click()
    page.locator("a.gm-link").click()
    expect(page.locator("#connection")).to_have_text("Connected")
    return page.url.split("/trackers/")[1].split("?")[0]


def stored(server: Server, tracker_id: str) -> Any:
    with Store(f"sqlite:///{server.db}") as store:
        return any_system.open_tracker(store, tracker_id).console


def click(page: Page, button: Locator) -> None:
    """Click an enabled control and wait until the page shows the answer to it."""
    expect(button).to_be_enabled()
    seq = page.locator("#tracker").get_attribute("data-seq")
    button.click()
    expect(page.locator("#tracker")).not_to_have_attribute("data-seq", seq or "")
    expect(page.locator("#command-error")).to_be_empty()


def newest_in_view(page: Page) -> None:
    """The console shows its newest line, and the box above the buttons the answer."""
    assert page.locator(".transcript").evaluate(
        "t => t.scrollTop + t.clientHeight >= t.scrollHeight - 2")
    newest = page.locator(".transcript").inner_text().splitlines()[-1]
    expect(page.locator("#last-answer")).to_contain_text(newest)


def main_button(page: Page, label: str) -> Locator:
    return page.locator("#controls .main-buttons").get_by_role("button", name=label, exact=True)


def row(page: Page, name: str) -> Locator:
    """The actions row under character `name`'s row of the order table."""
    return page.locator("#order tr.row-actions").filter(
        has=page.locator(f'[aria-label="{name}: actions"]'))


def shown_initiative(page: Page) -> dict[str, str]:
    cells = page.locator("#order table.order tbody tr:not(.row-actions)")
    out = {}
    for i in range(cells.count()):
        name = cells.nth(i).locator("th").inner_text().split()[0]
        out[name] = cells.nth(i).locator("td").first.inner_text().strip()
    return out


# --- tick initiative ----------------------------------------------------------------------


def exalted_round(page: Page, server: Server, tracker_id: str, round_no: int) -> None:
    """Play the rest of the round with Next: each press closes the turn under way or lets
    the announced character pass, and announces who is up (EX-14); past the last turn the
    next round begins (EX-A16). Then check the table against the stored tracker."""
    for _ in range(20):
        if stored(server, tracker_id).tracker.round > round_no:
            break
        click(page, main_button(page, "Next"))
    else:
        pytest.fail("the round did not end")
    tracker = stored(server, tracker_id).tracker
    assert tracker.round == round_no + 1 and tracker.phase == "combat"
    assert any(e.text.startswith(f"Round {round_no} ends") for e in tracker.log)
    shown = shown_initiative(page)
    assert shown == {n: str(f.initiative) for n, f in tracker.fighters.items()}
    expect(page.locator("#status")).to_contain_text(f"Round {round_no + 1}")


def test_two_rounds_of_tick_initiative_with_clicks_only(server: Server, browser: Browser
                                                         ) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        tracker_id = create(page, server, "Tick initiative (compatible with Exalted)",
                            "Clicks only")
        start = main_button(page, "Start combat")
        # EX-2: nobody has joined: Start combat is disabled, the reason its tooltip.
        expect(start).to_be_disabled()
        expect(start).to_have_attribute("title", "still to roll Join Battle: Ryo, Sela, "
                                        "Brute, Scout")
        page.screenshot(path=f"{SHOTS}/exalted-join-1280.png", full_page=True)
        click(page, main_button(page, "Roll Join Battle for NPCs only"))  # EX-8, EX-A13
        shown = shown_initiative(page)
        assert shown["Ryo"] == shown["Sela"] == "not joined"
        assert shown["Brute"].isdigit() and shown["Scout"].isdigit()
        expect(start).to_have_attribute("title", "still to roll Join Battle: Ryo, Sela")
        expect(main_button(page, "Roll Join Battle for NPCs only")).to_be_disabled()
        click(page, row(page, "Ryo").get_by_role("button", name="Roll Join Battle"))
        # Sela's player rolled at the table: 2 successes entered in her row's form (EX-8).
        form = row(page, "Sela").locator('form[data-verb="join"]')
        form.get_by_label("successes or roll").fill("2")
        click(page, form.get_by_role("button", name="Join Battle"))
        assert shown_initiative(page)["Sela"] == "5"
        click(page, start)
        expect(page.locator("#status")).to_contain_text("combat")

        # Round 1: whoever is up first delays (EX-17), then takes the held turn (EX-A8).
        first = page.locator("#status").inner_text().split("Up next:")[1].split()[0]
        before = stored(server, tracker_id).tracker.fighters[first].initiative
        click(page, row(page, first).get_by_role("button", name="Delay", exact=True))
        assert stored(server, tracker_id).tracker.fighters[first].initiative == before - 1
        expect(row(page, first).get_by_role("button", name="Take held turn")).to_be_enabled()
        click(page, row(page, first).get_by_role("button", name="Take held turn"))
        click(page, main_button(page, "End turn"))
        exalted_round(page, server, tracker_id, 1)
        newest_in_view(page)

        # Round 2: an Initiative adjustment by the row's form, a Crash and an Act by row
        # buttons.
        adjust = row(page, "Brute").locator('form[data-verb="adjust"]')
        adjust.get_by_label("+N or -N").fill("+3")
        adjust.get_by_label("cause").fill("a stunt")
        value = stored(server, tracker_id).tracker.fighters["Brute"].initiative
        click(page, adjust.get_by_role("button", name="Adjust Initiative"))
        assert shown_initiative(page)["Brute"] == str(value + 3)
        click(page, row(page, "Scout").get_by_role("button", name="Crash"))
        assert stored(server, tracker_id).tracker.fighters["Scout"].crashed  # EX-5, EX-A1
        expect(page.locator("#order")).to_contain_text("Crashed")
        up = page.locator("#status").inner_text().split("Up next:")[1].split()[0]
        click(page, row(page, up).get_by_role("button", name="Act", exact=True))
        expect(page.locator("#status")).to_contain_text(f"Acting: {up}")
        click(page, main_button(page, "End turn"))
        exalted_round(page, server, tracker_id, 2)
        page.screenshot(path=f"{SHOTS}/exalted-round2-1280.png", full_page=True)
        page.set_viewport_size({"width": 360, "height": 740})
        page.screenshot(path=f"{SHOTS}/exalted-round2-360.png", full_page=True)
        size = horizontal_overflow(page)
        assert size["scroll"] <= size["inner"], f"the GM page scrolls sideways: {size}"
        assert not page.get_by_role("textbox", name="Command").input_value()
    finally:
        context.close()


# --- card rounds --------------------------------------------------------------------------


def shown_totals(page: Page) -> dict[str, str]:
    cells = page.locator("#order table.order tbody tr:not(.row-actions)")
    out = {}
    for i in range(cells.count()):
        name = cells.nth(i).locator("th").inner_text().split()[0]
        out[name] = cells.nth(i).locator("td").nth(2).inner_text().strip()
    return out


def faith_commits(page: Page, hand_card: str) -> None:
    """Every PC commits on its row (Vessa her hand card `hand_card`, the others the deck
    top), the GM the shared NPC card from the GM's hand (FA-2, FA-3, FA-5)."""
    reveal = main_button(page, "Reveal")
    expect(reveal).to_be_disabled()
    expect(reveal).to_have_attribute("title", "cannot reveal: no card committed yet by "
                                     "Vessa, Orrin, Talwyn, Marek, GM")
    for name in ("Vessa", "Orrin", "Talwyn", "Marek"):
        form = row(page, name).locator('form[id^="quick-"][data-verb="commit"]')
        if name == "Vessa":
            form.get_by_label("card").select_option(index=1 + int(hand_card))
        click(page, form.get_by_role("button", name="Commit card"))
    expect(reveal).to_be_disabled()
    gm = page.locator('.gm-forms form[data-verb="commit"]')
    gm.get_by_label("card").select_option(index=1)
    click(page, gm.get_by_role("button", name="Commit card (GM)"))
    click(page, reveal)  # FA-6


def faith_turns(page: Page, server: Server, tracker_id: str, round_no: int) -> None:
    """Next and End turn until the turns are over (FA-14); then the table's totals are the
    stored round's (FA-7) and Maintenance ends the round (FA-21)."""
    for _ in range(30):
        if main_button(page, "Maintenance").is_enabled():
            break
        button = main_button(page, "Next")
        click(page, button if button.is_enabled() else main_button(page, "End turn"))
    else:
        pytest.fail("the turns did not end")
    state = stored(server, tracker_id).state
    assert state.round == round_no and state.phase == "maintenance"
    assert shown_totals(page) == {n: str(state.totals[n]) for n in state.participants}
    click(page, main_button(page, "Maintenance"))
    assert stored(server, tracker_id).state.phase == "idle"
    expect(page.locator("#status")).to_contain_text("idle")
    expect(main_button(page, "Start round")).to_be_enabled()


def test_two_card_rounds_with_clicks_only(server: Server, browser: Browser) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        tracker_id = create(page, server, "Card rounds (compatible with FaithRPG)",
                            "Card clicks")
        expect(main_button(page, "Reveal")).to_be_disabled()
        click(page, main_button(page, "Start round"))
        expect(page.locator("#status")).to_contain_text("commit")
        vessa_hand = stored(server, tracker_id).state.hands["Vessa"]
        faith_commits(page, "0")
        state = stored(server, tracker_id).state
        assert state.commitments["Vessa"][0] == vessa_hand[0]  # her chosen hand card
        expect(page.locator("#status")).to_contain_text("turns")
        page.screenshot(path=f"{SHOTS}/faith-turns-1280.png", full_page=True)
        # Whoever is up first waits for the next one (FA-19).
        first = state.queue[0]
        click(page, row(page, first).get_by_role("button", name="Wait", exact=True))
        assert stored(server, tracker_id).state.queue[0] != first
        faith_turns(page, server, tracker_id, 1)

        # Round 2: damage recorded by a row's form, a pass on a row (FA-A5).
        click(page, main_button(page, "Start round"))
        faith_commits(page, "0")
        orrin = row(page, "Orrin")
        orrin.locator("summary").click()
        damage = orrin.locator('form[data-verb="damage"]')
        damage.get_by_label("N").fill("2")
        click(page, damage.get_by_role("button", name="Record damage"))
        expect(page.locator("#order")).to_contain_text("damage 2")
        up = stored(server, tracker_id).state.queue[0]
        expect(row(page, up).get_by_role("button", name="Pass", exact=True)).to_be_enabled()
        later = stored(server, tracker_id).state.queue[1]
        expect(row(page, later).get_by_role("button", name="Pass", exact=True)).to_have_count(0)
        click(page, row(page, up).get_by_role("button", name="Pass", exact=True))  # FA-A5
        click(page, main_button(page, "Next"))  # FA-14: announces who is up
        announced = stored(server, tracker_id).state.announced
        assert announced
        click(page, row(page, announced).get_by_role("button", name="Begin turn"))  # FA-12
        # The last in the order confronts the action under way, losing its turn (FA-16).
        last = stored(server, tracker_id).state.queue[-1]
        confront = row(page, last).locator('form[id^="quick-"][data-verb="confront"]')
        click(page, confront.get_by_role("button", name="Confront"))
        assert last not in stored(server, tracker_id).state.queue
        faith_turns(page, server, tracker_id, 2)
        newest_in_view(page)
        page.screenshot(path=f"{SHOTS}/faith-round2-1280.png", full_page=True)
        page.set_viewport_size({"width": 360, "height": 740})
        page.screenshot(path=f"{SHOTS}/faith-round2-360.png", full_page=True)
        size = horizontal_overflow(page)
        assert size["scroll"] <= size["inner"], f"the GM page scrolls sideways: {size}"
        assert not page.get_by_role("textbox", name="Command").input_value()
    finally:
        context.close()


def test_worthy_contest_and_begin_with_clicks_only(server: Server, browser: Browser) -> None:
    """EX-1: before Join Battle the GM declares Scout no worthy foe with its row's button
    (a player character's row has none); the contest form on Scout's row settles it with
    typed successes; after Start combat, Next announces who is up and Begin turn on that
    row starts the turn (EX-14, EX-19)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        tracker_id = create(page, server, "Tick initiative (compatible with Exalted)",
                            "Worthy clicks")
        expect(row(page, "Ryo").get_by_role("button", name="Not worthy")).to_have_count(0)
        expect(row(page, "Scout").locator('form[data-verb="contest"][id^="quick-"]')
               ).to_have_count(0)  # Scout is worthy: no contest yet
        click(page, row(page, "Scout").get_by_role("button", name="Not worthy", exact=True))
        assert not stored(server, tracker_id).tracker.fighters["Scout"].worthy
        assert shown_initiative(page)["Scout"] == "not worthy (EX-1)"
        expect(row(page, "Scout").get_by_role("button", name="Worthy", exact=True)
               ).to_be_enabled()
        expect(row(page, "Scout").get_by_role("button", name="Roll Join Battle")
               ).to_have_count(0)  # no Join Battle for a foe who is not worthy
        contest = row(page, "Scout").locator('form[data-verb="contest"][id^="quick-"]')
        contest.locator('[name="a:successes"]').fill("1")
        contest.locator('[name="a:against"]').select_option("Ryo")
        contest.locator('[name="a:their successes"]').fill("3")
        click(page, contest.get_by_role("button", name="Contest"))
        page.screenshot(path=f"{SHOTS}/exalted-worthy-1280.png", full_page=True)
        tracker = stored(server, tracker_id).tracker
        assert [(c.first.successes, c.second.successes, c.winner)
                for c in tracker.contests] == [(1, 3, "Ryo")]
        expect(page.locator("#last-answer")).to_contain_text("Ryo wins")

        click(page, main_button(page, "Roll Join Battle for all"))
        click(page, main_button(page, "Start combat"))
        click(page, main_button(page, "Next"))
        up = page.locator("#status").inner_text().split("Up next:")[1].split()[0]
        others = [n for n in ("Ryo", "Sela", "Brute") if n != up]
        for name in others:
            expect(row(page, name).get_by_role("button", name="Begin turn")).to_have_count(0)
        click(page, row(page, up).get_by_role("button", name="Begin turn"))
        expect(page.locator("#status")).to_contain_text(f"Acting: {up}")
        assert stored(server, tracker_id).tracker.turns  # EX-19: its turn is under way
        page.set_viewport_size({"width": 360, "height": 740})
        page.screenshot(path=f"{SHOTS}/exalted-begin-360.png", full_page=True)
        size = horizontal_overflow(page)
        assert size["scroll"] <= size["inner"], f"the GM page scrolls sideways: {size}"
    finally:
        context.close()


def test_begin_and_affects_with_clicks_only(server: Server, browser: Browser) -> None:
    """FA-14: Next announces who is up; Begin turn on that row starts its turn (FA-12,
    FA-13); Affects under More commands names whom the action affects, and only that
    character's row offers Confront (FA-15)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        tracker_id = create(page, server, "Card rounds (compatible with FaithRPG)",
                            "Affects clicks")
        click(page, main_button(page, "Start round"))
        faith_commits(page, "0")
        click(page, main_button(page, "Next"))
        state = stored(server, tracker_id).state
        up = state.announced
        assert up and state.acting is None  # announced, not begun
        later = [n for n in state.queue if n != up]
        expect(row(page, later[0]).get_by_role("button", name="Begin turn")).to_have_count(0)
        click(page, row(page, up).get_by_role("button", name="Begin turn"))
        assert stored(server, tracker_id).state.acting == up
        expect(page.locator("#status")).to_contain_text(f"Acting: {up}")
        page.locator("#controls details.more-commands > summary").click()
        affects = page.locator('#controls form[data-verb="affects"]')
        affects.locator('[name="a:NAMES"]').fill(later[0])
        page.screenshot(path=f"{SHOTS}/faith-affects-1280.png", full_page=True)
        click(page, affects.get_by_role("button", name="Affects"))
        assert stored(server, tracker_id).state.affected == [later[0]]
        confront = 'form[id^="quick-"][data-verb="confront"]'
        expect(row(page, later[0]).locator(confront)).to_have_count(1)
        if len(later) > 1:  # FA-15: not affected, so it may not confront
            expect(row(page, later[1]).locator(confront)).to_have_count(0)
        page.set_viewport_size({"width": 360, "height": 740})
        page.screenshot(path=f"{SHOTS}/faith-affects-360.png", full_page=True)
        size = horizontal_overflow(page)
        assert size["scroll"] <= size["inner"], f"the GM page scrolls sideways: {size}"
    finally:
        context.close()


# --- every command, the guide, the create form ----------------------------------------------


@pytest.mark.parametrize(("system", "label"), [
    ("exalted", "Tick initiative (compatible with Exalted)"),
    ("faith", "Card rounds (compatible with FaithRPG)")])
def test_every_catalogue_command_has_a_control_and_the_guide_is_the_trackers(
        server: Server, browser: Browser, system: str, label: str) -> None:
    """Each command a web page may run is a button or a form on the GM page (none for the
    file commands); How to play opens this system's tracker guide, not a game's rules."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        create(page, server, label, f"Every command {system}")
        for command in catalogue(system).commands:
            controls = page.locator(f'#tracker [data-verb="{command.verb}"]')
            if command.web:
                assert controls.count() > 0, f"no control for {command.verb!r}"
            else:
                expect(controls).to_have_count(0)
        with context.expect_page() as opened:
            page.get_by_role("link", name="How to play").click()
        guide = opened.value
        guide.wait_for_load_state()
        assert guide.url.endswith(f"/trackers/how-to-play/{system}")
        expect(guide.locator("h1")).to_have_text(
            "Running tick initiative" if system == "exalted" else "Running card rounds")
        guide.locator("details.rules").first.locator("summary").click()
        expect(guide.locator("details.rules").first).to_contain_text(
            "EX-6" if system == "exalted" else "FA-A12")
        guide.set_viewport_size({"width": 360, "height": 740})
        guide.screenshot(path=f"{SHOTS}/guide-{system}-360.png", full_page=True)
        size = horizontal_overflow(guide)
        assert size["scroll"] <= size["inner"], f"the guide scrolls sideways: {size}"
    finally:
        context.close()


def test_the_create_form_marks_name_required_and_pairs_radios_with_labels(
        server: Server, browser: Browser) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    try:
        page.goto(server.base + "/trackers/new")
        name = page.get_by_label("Name")
        expect(name).to_have_attribute("required", "")
        expect(page.locator('label[for="tracker-name"] .req')).to_have_text("*")
        page.get_by_label("Name").fill("")
        page.get_by_role("button", name="Create the tracker").click()
        assert page.url.endswith("/trackers/new")  # the browser asks for the Name first
        for key in ("exalted", "faith"):
            radio = page.locator(f"#system-{key}").bounding_box()
            text = page.locator(f'label[for="system-{key}"]').bounding_box()
            assert radio and text
            gap = text["x"] - (radio["x"] + radio["width"])
            assert 0 <= gap <= 16, f"{key}: the label is {gap}px from its radio button"
            assert abs((radio["y"] + radio["height"] / 2)
                       - (text["y"] + text["height"] / 2)) < 8
        page.screenshot(path=f"{SHOTS}/new-360.png", full_page=True)
        page.set_viewport_size({"width": 1280, "height": 800})
        page.screenshot(path=f"{SHOTS}/new-1280.png", full_page=True)
    finally:
        context.close()
