"""The Initiative Break table companion on the web (issue 26 item 2), with clicks only:
the GM creates a companion tracker, adds three units by their printed stats (IB 2.2),
starts (IB 2.9.4), plays two activations (IB 3.1.2, attacks IB 4.1.1 with damage IB
5.2, Movement IB 3.3.1, the Round Marker's step IB 3.5.2) and the round's end (IB
3.5.4), the page's track, Round Marker and HP checked against the stored console after
each step; then a player's page enters an attack for its own unit and offers nothing
for the other side's units. Screenshots at 1280 and 360 px go to SHOTS."""

from __future__ import annotations

from playwright.sync_api import Browser, Locator, Page, expect

from initiative.games.ib import statuses as st
from initiative.store import Store
from initiative.trackers import any_system
from initiative.trackers.command_catalogue import catalogue
from initiative.trackers.ib_companion import IBCompanionConsole
from tests.web.support import Server, horizontal_overflow, needs_chromium
from tests.web.test_tracker_gm_page import click, main_button, row

pytestmark = needs_chromium
SHOTS = "/tmp/webgm"
UNITS = (("Kaede", "heroes", 10, 3, 2, "Ann"), ("Ember", "foes", 8, 4, 5, ""),
         ("Ash", "foes", 6, 2, 1, ""))
"""name, side, HP, Speed, Initiative, player: the track starts Ash > Kaede > Ember |."""


def stored(server: Server, tracker_id: str) -> IBCompanionConsole:
    with Store(f"sqlite:///{server.db}") as store:
        console = any_system.open_tracker(store, tracker_id).console
    assert isinstance(console, IBCompanionConsole)
    return console


def console_track(console: IBCompanionConsole) -> list[str]:
    """The stored track left to right, "|" where the Round Marker stands."""
    c = console.companion
    track = c.started().track
    names = [c.name(u) for u in track.order]
    if track.rm is not None:
        names.insert(track.rm, "|")
    return names


def page_track(page: Page) -> list[str]:
    """The page's track left to right, "|" for its Round Marker row."""
    rows = page.locator("#order table.ib-track tbody tr.unit, "
                        "#order table.ib-track tbody tr.round-marker")
    return ["|" if "round-marker" in (rows.nth(i).get_attribute("class") or "")
            else str(rows.nth(i).get_attribute("data-unit")) for i in range(rows.count())]


def agrees(page: Page, server: Server, tracker_id: str) -> IBCompanionConsole:
    """The page shows the stored console's track, Round Marker, round, and each unit's HP,
    Charge and statuses."""
    console = stored(server, tracker_id)
    state = console.companion.started()
    expect(page.locator("#status")).to_contain_text(f"Round {state.track.round}")
    assert page_track(page) == console_track(console)
    for u in state.track.order:
        name = console.companion.name(u)
        unit = page.locator(f'#order tr.unit[data-unit="{name}"]')
        expect(unit.locator("td.hp")).to_have_text(f"{state.hp[u]}/{state.match.units[u].hp}")
        expect(unit.locator("td.charge")).to_have_text(str(state.charge[u]))
        expect(unit.locator("td.statuses")).to_have_text(", ".join(st.names(state.status[u])))
    return console


def hp(console: IBCompanionConsole, name: str) -> int:
    return console.companion.started().hp[console.companion.unit(name)]


def attack(page: Page, who: Locator, target: str, amount: int) -> None:
    """The acting unit's Attack form (on its row): a Basic Attack on `target`."""
    form = who.locator('form[data-verb="attack"]').first
    form.locator('select[name="a:kind"]').select_option("basic")
    form.locator('select[name="a:TARGET"]').select_option(target)
    form.locator('input[name="a:N"]').fill(str(amount))
    click(page, form.get_by_role("button", name="Attack"))


def shots(page: Page, name: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    page.screenshot(path=f"{SHOTS}/{name}-1280.png", full_page=True)
    page.set_viewport_size({"width": 360, "height": 740})
    page.screenshot(path=f"{SHOTS}/{name}-360.png", full_page=True)
    size = horizontal_overflow(page)
    assert size["scroll"] <= size["inner"], f"{name} scrolls sideways: {size}"
    page.set_viewport_size({"width": 1280, "height": 900})


def test_a_companion_battle_with_clicks_only_and_a_players_attack(
        browser: Browser, server: Server) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(server.base + "/trackers/new")
        page.get_by_label("Initiative Break table companion (printed cards)").check()
        page.get_by_label("Name").fill("Printed duel")
        page.get_by_label("Start with the sample roster").uncheck()  # our own units
        page.get_by_role("button", name="Create the tracker").click()
        page.locator("a.gm-link").click()
        expect(page.locator("#connection")).to_have_text("Connected")
        tracker_id = page.url.split("/trackers/")[1].split("?")[0]
        expect(page.locator('a.guide-link')).to_have_attribute(
            "href", "/trackers/how-to-play/ib")
        expect(main_button(page, "Start battle")).to_be_disabled()  # nobody yet

        add = page.locator("#controls .quick-forms #quick-f-add-all")  # before the start
        for name, side, hp_, speed, init, controller in UNITS:  # IB 2.2: printed stats
            add.locator('[name="a:NAME"]').fill(name)
            add.locator('[name="a:side"]').fill(side)
            add.locator('[name="a:HP"]').fill(str(hp_))
            add.locator('[name="a:speed"]').fill(str(speed))
            add.locator('[name="a:initiative"]').fill(str(init))
            add.locator('[name="a:player"]').fill(controller)
            click(page, add.get_by_role("button", name="Add unit"))
            expect(page.locator(f'#order tr.unit[data-unit="{name}"]')).to_be_visible()
        shots(page, "ib-setup")
        for command in catalogue("ib").commands:  # a control for each, none for files
            controls = page.locator(f'#tracker [data-verb="{command.verb}"]')
            if command.web:
                assert controls.count() > 0, f"no control for {command.verb!r}"
            else:
                expect(controls).to_have_count(0)
        page.locator("#controls .more-commands > summary").click()  # stays open

        click(page, main_button(page, "Start battle"))  # IB 2.9.4-2.9.5
        expect(add).to_have_count(0)  # units are added before the start
        expect(page.locator("#controls details.more-commands")).to_have_attribute("open", "")
        console = agrees(page, server, tracker_id)
        assert console_track(console) == ["Ash", "Kaede", "Ember", "|"]
        expect(page.locator("#status")).to_contain_text("Up (not started): Ash")

        # Activation 1: Ash attacks Kaede for 3, then Next ends it (Movement, RM step).
        click(page, main_button(page, "Begin activation"))  # IB 3.1.2
        expect(page.locator("#status")).to_contain_text("Acting: Ash")
        attack(page, row(page, "Ash"), "Kaede", 3)  # IB 4.1.1, IB 5.2
        console = agrees(page, server, tracker_id)
        assert hp(console, "Kaede") == 7
        expect(page.locator('#order tr.unit[data-unit="Ash"] td.charge')).to_have_text("1")
        click(page, main_button(page, "Next"))  # IB 3.3.1, IB 3.5.2
        agrees(page, server, tracker_id)
        expect(page.locator("#status")).to_contain_text("Up (not started): Kaede")

        # Activation 2: Kaede attacks Ember for 2; its end brings the round's end.
        click(page, main_button(page, "Begin activation"))
        attack(page, row(page, "Kaede"), "Ember", 2)
        assert hp(stored(server, tracker_id), "Ember") == 6
        apply = page.locator("#controls #f-apply-all")  # IB 5.1, under More commands
        apply.locator('[name="a:STATUS"]').select_option("weaken")
        apply.locator('[name="a:TARGET"]').select_option("Ember")
        click(page, apply.get_by_role("button", name="Apply status"))
        agrees(page, server, tracker_id)
        expect(page.locator('#order tr.unit[data-unit="Ember"] td.statuses')).to_have_text(
            "weaken")
        click(page, main_button(page, "End activation"))
        console = agrees(page, server, tracker_id)
        assert console.companion.started().track.round == 2  # IB 3.5.4
        expect(page.locator("#log")).to_contain_text("[IB 3.5.4]")
        expect(page.locator("#log")).to_contain_text("[IB 3.5.2]")
        shots(page, "ib-gm-round2")

        # Ann's page: her unit's actions only (she controls Kaede).
        ann_link = page.locator('#links a.tracker-link[data-key="pc:Ann"]')
        player = context.new_page()
        player.goto(str(ann_link.get_attribute("href")))
        expect(player.locator("#connection")).to_have_text("Connected")
        assert page_track(player) == console_track(stored(server, tracker_id))
        mine = player.locator("#mine")
        expect(mine.locator(".own-unit")).to_have_count(1)
        expect(mine.locator('.own-unit[data-unit="Kaede"]')).to_be_visible()
        for _ in range(6):  # the GM moves on until Kaede is up
            if "Up (not started): Kaede" in player.locator("#status").inner_text():
                break
            click(page, main_button(page, "Next"))
            expect(player.locator("#tracker")).to_have_attribute(
                "data-seq", str(page.locator("#tracker").get_attribute("data-seq")))
        expect(player.locator("#status")).to_contain_text("Your unit is up")
        expect(page.locator("#status")).not_to_contain_text("Your unit")  # the GM's
        before = hp(stored(server, tracker_id), "Ember")
        click(player, mine.get_by_role("button", name="Begin activation"))
        attack(player, mine.locator('.own-unit[data-unit="Kaede"]'), "Ember", 1)
        console = agrees(player, server, tracker_id)
        assert hp(console, "Ember") == before - 1 - 2  # Weaken: +2 damage (IB 5.2.6)
        expect(player.locator("#status")).to_contain_text("Your unit is acting")
        expect(page.locator("#console .transcript")).to_contain_text(
            "[Ann] > attack Kaede basic on Ember for 1")
        expect(mine.locator('form[id^="mine-quick-"][data-verb="attack"]')).to_have_count(0)
        shots(player, "ib-player")
    finally:
        context.close()


def test_the_companion_guide_page(browser: Browser, server: Server) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(server.base + "/trackers/how-to-play/ib")
        expect(page.get_by_role("heading", level=1)).to_have_text(
            "Running the Initiative Break companion")
        page.locator("details.rules").first.locator("summary").click()
        expect(page.locator("details.rules").first).to_contain_text("IB 2.2")
        shots(page, "ib-guide")
    finally:
        context.close()
