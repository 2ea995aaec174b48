"""`initiative campaign new|list|continue|show|export|import`: campaign mode (IB 7) in the
terminal, saved in the store after every choice and every battle action (`campaign
book`, the bookkeeping of a printed-game campaign, is campaign_book.py).

Between battles the party sheet is shown (HP, Injuries, XP, Advancements, Sigils,
tokens) with the choices and what each does; each battle opens with its rolled battle
modifiers and what they do (IB 7.9.1); battles are played on the usual screen.
`--auto` lets bots make every choice and play every battle (a demonstration, or a way
to test content unattended): the `normal` bot plays the party's battles, the choices
between battles are drawn at random among the legal ones; each decision is drawn from
the campaign seed and the number of stored events, so a stopped and resumed campaign
plays as an uninterrupted one.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from initiative.cli.common import DbOption, fail, open_store
from initiative.cli.console_io import console_reader
from initiative.cli.ib.campaign_book import book_app
from initiative.cli.parts import OptionError
from initiative.engine.errors import InitiativeError
from initiative.engine.rng import SplitMix64
from initiative.games.ib.campaign.model import Campaign
from initiative.games.ib.campaign.rules import battle_modifiers, choices, offered
from initiative.games.ib.content import Content, core_content
from initiative.games.ib.text.describe import log_sentences
from initiative.timing.flag_types import parse_flag_value

campaign_app = typer.Typer(no_args_is_help=True,
                           help="Campaign mode (IB 7): a party through 6-10 battles, saved; "
                                "`book`: the party sheet of a printed-game campaign.")
campaign_app.add_typer(book_app, name="book")


AUTO_SALT = 0xA070
"""Mixed into the campaign seed for the `--auto` decisions (apart from the battles' dice)."""

AUTO_BOT = "normal"
"""The bot that plays an `--auto` campaign's battles (the heuristic: random play loses
nearly every first battle of the balanced content)."""


@campaign_app.command("new")
def new(
    name: Annotated[str, typer.Option(help="The campaign's name.")] = "Campaign",
    team: Annotated[str, typer.Option(help="A shipped team key or a team file.")] = "tideguard",
    story: Annotated[str | None, typer.Option(help="A story campaign (see --help of list).")
                     ] = None,
    battles: Annotated[int, typer.Option(min=6, max=10, help="Generic campaign length.")] = 6,
    owned: Annotated[list[str] | None, typer.Option(
        help="Generic campaign: a Challenge Card you own (repeatable; default: all).")] = None,
    seed: Annotated[int | None, typer.Option(min=0, help="Campaign seed.")] = None,
    rule: Annotated[list[str] | None, typer.Option(
        metavar="FLAG=VALUE", help="Battle house rule (see `initiative rules`).")] = None,
    campaign_rule: Annotated[list[str] | None, typer.Option(
        metavar="FLAG=VALUE", help="Campaign house rule (AMB-101..117).")] = None,
    auto: Annotated[bool, typer.Option(help="Bots choose and play everything.")] = False,
    db: DbOption = None,
) -> None:
    """Start a campaign (a story, or a generic one built by IB 7.11's curve) and play it."""
    import secrets

    from initiative.cli.ib.options import parse_rules
    from initiative.games.ib.campaign.generic import generic_plan
    from initiative.games.ib.campaign.plans import story as story_plan
    from initiative.games.ib.campaign.rules import CampaignRules, new_campaign
    from initiative.games.ib.campaign.session import CampaignSession
    from initiative.games.ib.deckbuilding import load_team_file
    from initiative.games.ib.formats import shipped_team

    content = core_content()
    seed = secrets.randbelow(1 << 32) if seed is None else seed
    try:
        config = parse_rules(rule or [], None)
        flags = {k.strip(): parse_flag_value(v) for k, _, v in
                 (item.partition("=") for item in campaign_rule or [])}
        rules = CampaignRules.from_dict(flags, "--campaign-rule")
        plan = story_plan(story, content) if story else generic_plan(
            content, battles, seed, owned or None)
        party = load_team_file(team) if team.endswith((".yaml", ".yml")) \
            else shipped_team(content, team)
        campaign = new_campaign(name, party, plan, content, seed, rules,
                                config.to_dict(only_changed=True))
        store = open_store(db)
        session = CampaignSession.start(store, campaign, content)
    except (InitiativeError, OptionError) as exc:
        raise fail(str(exc)) from None
    console = Console(highlight=False)
    console.print(f"Campaign {session.id[:8]} ({plan.name}, seed {seed}) saved in "
                  f"{store.url}.", markup=False)
    _play(session, console, auto)


@campaign_app.command("list")
def list_(db: DbOption = None) -> None:
    """Saved campaigns, newest first."""
    store = open_store(db)
    table = Table(box=None, header_style="bold")
    for column in ("id", "name", "plan", "stage", "battles fought", "updated"):
        table.add_column(column)
    for info in store.records("campaign"):
        s = info.summary
        table.add_row(info.id[:8], info.name, str(s.get("plan", "")), str(s.get("stage", "")),
                      str(s.get("fought", "")), info.updated.strftime("%Y-%m-%d %H:%M"))
    Console(highlight=False).print(table)


@campaign_app.command("continue")
def continue_(
    record: Annotated[str, typer.Argument(help="The campaign id (or its first 6+ letters).")],
    auto: Annotated[bool, typer.Option(help="Bots choose and play everything.")] = False,
    db: DbOption = None,
) -> None:
    """Resume a campaign exactly where it stopped."""
    session = _open(record, db)
    _play(session, Console(highlight=False), auto)


@campaign_app.command("show")
def show(record: Annotated[str, typer.Argument(help="The campaign id.")],
         db: DbOption = None) -> None:
    """The party sheet and the campaign's history."""
    session = _open(record, db)
    console = Console(highlight=False)
    console.print(party_sheet(session.campaign, session.content))
    console.print(history_table(session.campaign, session.content))


@campaign_app.command("export")
def export(record: Annotated[str, typer.Argument(help="The campaign id.")],
           file: Annotated[Path, typer.Argument(help="The JSON file to write.")],
           db: DbOption = None) -> None:
    """Write the whole campaign, or a campaign book, (events and snapshots) to a JSON
    file."""
    store = open_store(db)
    try:
        path = store.export_file(record, file)
    except InitiativeError as exc:
        raise fail(str(exc)) from None
    print(f"exported to {path}")


@campaign_app.command("import")
def import_(file: Annotated[Path, typer.Argument(help="A file written by export.")],
            db: DbOption = None) -> None:
    """Read a campaign (or a campaign book) exported earlier (a new id is given)."""
    from initiative.games.ib.campaign.book import KIND as BOOK
    from initiative.games.ib.campaign.book import load_book

    store = open_store(db)
    try:
        record = store.import_file(file)
        if store.info(record).kind == BOOK:  # it must also replay
            load_book(store, record)
        else:
            _open(record, db, store)
    except InitiativeError as exc:
        raise fail(str(exc)) from None
    print(f"imported as {record[:8]}")


def _open(record: str, db: str | None, store: Any = None) -> Any:
    from initiative.games.ib.campaign.session import CampaignSession

    try:
        return CampaignSession.open(store or open_store(db), record, core_content())
    except InitiativeError as exc:
        raise fail(str(exc)) from None


# --- the loop ------------------------------------------------------------------------------


def _play(session: Any, console: Console, auto: bool) -> None:
    """Choices and battles until the campaign ends or the player quits (all saved); with
    `auto`, a progress bar of the battles on a terminal (cli/progress.py)."""
    from initiative.cli.progress import Progress

    with Progress(enabled=None if auto else False) as shown:
        battles = shown.task("campaign", most_battles(session.campaign), "battles")
        _loop(session, console, auto, lambda: battles.update(
            done=session.campaign.fought, total=most_battles(session.campaign)))


def _loop(session: Any, console: Console, auto: bool, step: Callable[[], None]) -> None:
    """The campaign's choices and battles (see `_play`); `step()` before each."""
    read = console_reader(console)
    while session.campaign.stage not in ("won", "lost"):
        step()
        if session.battle is not None:
            if not _battle(session, console, read, auto):
                console.print("Stopped; `initiative campaign continue "
                              f"{session.id[:8]}` resumes.")
                return
            continue
        console.print(party_sheet(session.campaign, session.content))
        if auto:  # every legal choice, as the stored --auto campaigns drew them
            legal = choices(session.campaign, session.content)
            choice = legal[auto_rng(session).below(len(legal))]
        else:
            legal = offered(session.campaign, session.content)
            for n, c in enumerate(legal, 1):
                console.print(f"{n:>3}. {describe(c, session.campaign, session.content)}",
                              markup=False)
            answer = read("Your choice (number, q to stop): ")
            if answer is None or answer.strip().lower() in ("q", "quit"):
                console.print(f"Saved; `initiative campaign continue {session.id[:8]}` "
                              "resumes.")
                return
            if not answer.strip().isdigit() or not 1 <= int(answer) <= len(legal):
                console.print(Text(f"Type a number from 1 to {len(legal)}.", style="bold red"))
                continue
            choice = legal[int(answer) - 1]
        console.print(f"-> {describe(choice, session.campaign, session.content)}",
                      markup=False)
        session.choose(choice)
    console.print(party_sheet(session.campaign, session.content))
    won = session.campaign.stage == "won"
    console.print(Text("The campaign is won!" if won else "The campaign is lost.",
                       style="bold green" if won else "bold red"))


def most_battles(c: Campaign) -> int:
    """The most battles a campaign may have fought at its end: those fought and those of
    the longest way through its plan from where it stands (the battle being prepared or
    fought counts; a lost battle fought again, AMB-109, adds one when it comes)."""
    if c.stage in ("won", "lost"):
        return c.fought
    longest: dict[str, int] = {}

    def through(battle: str) -> int:
        if battle not in longest:
            longest[battle] = 1  # a plan that loops back counts each battle once
            longest[battle] = 1 + max(map(through, c.plan.after(battle)), default=0)
        return longest[battle]

    ahead = through(c.battle)
    return c.fought + (ahead if c.stage in ("prepare", "battle") else ahead - 1)


def auto_rng(session: Any) -> SplitMix64:
    """The generator for the next decision `--auto` makes, a function of stored data only
    (the campaign seed and how many events the record holds), so a campaign stopped after
    any step and resumed decides exactly as one played uninterrupted."""
    return SplitMix64(SplitMix64(session.campaign.seed ^ AUTO_SALT).next64() ^ session.head)


def _battle(session: Any, console: Console, read: Any, auto: bool) -> bool:
    """Fight the current battle; False if the player stopped (everything is saved)."""
    from initiative.bots import make_bot
    from initiative.cli.ib import render
    from initiative.cli.ib.play import ask_human
    from initiative.games.ib.setup import IBGame

    plan = session.campaign.plan.battle(session.campaign.battle)
    console.print(Text(battle_heading(session.campaign.fought + 1, plan.name), style="bold"))
    for line in modifier_lines(session.campaign):
        console.print(f"  {line}", markup=False, highlight=False)
    log_start = 0
    fought = session.campaign.fought
    while session.campaign.fought == fought and session.battle is not None:
        battle = session.battle
        view = battle.view(battle.current_seat())
        if auto:  # the party plays as well as the `normal` bot, so battles can be won
            bot = make_bot(AUTO_BOT, IBGame(battle.match), auto_rng(session).next64())
            action = bot.choose(view)
        else:
            action = ask_human(battle, view, console, read, log_start)
            log_start = len(view.log)
            if action is None:
                return False
        session.act(action)
    final = session.finished.view(0)
    for sentence in log_sentences(final, session.finished.match, log_start):
        console.print(f"  {sentence}", markup=False, highlight=False)
    console.print(render.result_text(final, session.finished.match))
    return True


# --- what the player sees between battles ---------------------------------------------------


def battle_heading(number: int, name: str) -> str:
    """`Battle 2: The Walking Bell`; a generic campaign's battle, already named
    `Battle 2: Aberrants`, is not numbered twice."""
    prefix = f"Battle {number}:"
    return name if name.startswith(prefix) else f"{prefix} {name}"


def party_sheet(c: Campaign, content: Content) -> Table:
    """IB 7.1: the party's persistent state, and where the campaign stands."""
    title = (f"{c.name} ({c.plan.name}): battle {c.fought + (c.stage == 'prepare')}, "
             f"{c.stage}; Flux Surge tokens {c.flux}; deck {len(c.deck)} cards")
    table = Table(title=title, box=None, header_style="bold", title_justify="left")
    for column in ("Character", "HP", "Injuries", "XP", "Advancements", "Sigils", "Charge"):
        table.add_column(column)
    for m in c.party:
        spec = content.characters[m.character]
        advances = ", ".join(filter(None, [f"+{2 * m.hp_advances} max HP" if m.hp_advances
                                           else "", f"+{m.damage_advances} damage"
                                           if m.damage_advances else ""])) or "-"
        sigils = ", ".join(content.cards[content.card_index[k]].name for k in m.sigils) or "-"
        table.add_row(spec.name, f"{m.hp}/{m.max_hp(content)}", str(m.injuries), f"{m.xp}/3",
                      advances, sigils, str(m.charge))
    for mod in battle_modifiers(c) if c.stage == "battle" else []:
        table.caption = ((table.caption + "; ") if table.caption else "") + \
            f"{mod.name}: {mod.text}"
    return table


def history_table(c: Campaign, content: Content) -> Table | Text:
    """The battles fought so far (IB 7.2, AMB-109), one row each: the result, Elite or
    not (IB 7.7), who sat out (IB 7.6), the rolled modifiers (IB 7.9.1), the party's
    Characters defeated and the activations played."""
    if not c.history:
        return Text("History: no battle fought yet.")
    table = Table(title="History", box=None, header_style="bold", title_justify="left")
    for column in ("#", "Battle", "Result", "Elite", "Sat out", "Modifiers (2d6)", "Defeated",
                   "Activations"):
        table.add_column(column)

    def name(key: str) -> str:
        spec = content.characters.get(key)
        return spec.name if spec else key

    for n, fought in enumerate(c.history, 1):
        rolled = battle_modifiers(c.model_copy(update={"modifiers": fought.modifiers}))
        rolls = [f"{m.name} ({m.roll})" for m in rolled]
        table.add_row(str(n), _battle_name(c, fought.battle), "won" if fought.won else "lost",
                      "yes" if fought.elite else "no",
                      name(fought.rehab) if fought.rehab else "-", ", ".join(rolls) or "-",
                      ", ".join(map(name, fought.defeated)) or "-", str(fought.activations))
    return table


def _battle_name(c: Campaign, battle: str) -> str:
    """A battle's name in the plan (its id if the plan no longer has it)."""
    try:
        return c.plan.battle(battle).name
    except KeyError:
        return battle


def modifier_lines(c: Campaign) -> list[str]:
    """IB 7.9.1: this battle's two rolled modifiers (2d6 on the instant table, 2d6 on the
    persistent one) and what each does; none before the second battle."""
    if not c.modifiers:
        return ["No battle modifiers: they are rolled from the second battle on (IB 7.9.1)."]
    return [f"{kind} battle modifier (2d6 = {mod.roll}): {mod.name}. {mod.text}"
            for kind, mod in zip(("Instant", "Persistent"), battle_modifiers(c), strict=True)]


def describe(choice: dict[str, Any], c: Campaign, content: Content) -> str:
    """A choice and its effect, in words."""
    def name(key: str) -> str:
        return content.characters[key].name

    kind = choice["type"]
    if kind == "prepare":
        parts = [f"{name(choice['rehab'])} sits out (heals to full, loses 1 Injury, no XP; "
                 "2 tokens on victory)" if choice["rehab"] else "all four fight"]
        parts.append("Elite: every Challenge Card +2 HP and +1 damage; 2 rewards and 2 XP "
                     "on victory" if choice["elite"] else "normal")
        return "; ".join(parts)
    if kind == "reward":
        if choice["choice"] == "heal":
            return f"reward: heal {name(choice['character'])} 5 HP"
        if choice["choice"] == "sigil":
            card = content.cards[content.card_index[choice["card"]]].name
            return f"reward: install {card} on {name(choice['character'])} (from the deck)"
        return "reward: gain 1 Flux Surge token"
    if kind == "advance":
        what = "+2 max HP" if choice["option"] == "hp" else "+1 to all damage it deals"
        return f"advancement for {name(choice['character'])}: {what}"
    branch = next(b for b in c.plan.battle(c.battle).next if b.battle == choice["battle"])
    return f"the story goes on: {branch.label}"
