"""`initiative cards`: list, show and lint the content (Characters, Keystones, cards,
Challenge Cards and encounters); `lint --game NAME` lints any game's content
(cli/lint.py).

Exit codes: `show` 1 for an unknown name; `lint` 1 if any file has an error (warnings
alone exit 0); 2 when a file or option cannot be read.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Annotated

import typer

from initiative.cli.common import fail
from initiative.cli.ib.packs import ContentPackOption, pack_content
from initiative.cli.lint import lint_files
from initiative.games.ib.actions import MAX_UNITS, Kind
from initiative.games.ib.challenge_cards import (
    ChallengeSpec,
    EncounterSpec,
    Move,
    Phase,
)
from initiative.games.ib.content import (
    CARD_KINDS,
    AbilitySpec,
    CardSpec,
    CharacterSpec,
    Clause,
    Content,
    KeystoneSpec,
)
from initiative.games.ib.match import SPAWN_RESERVE
from initiative.games.ib.text.describe import (
    ATTACKS,
    COSTS,
    ability_text,
    clause_text,
    when_text,
)

cards_app = typer.Typer(
    no_args_is_help=True,
    help="List, show and lint cards, Characters, Keystones, Challenge Cards and encounters "
         "(see docs/content.md).",
)

KINDS = ("character", "keystone", *CARD_KINDS, "challenge", "encounter")
Entry = CharacterSpec | KeystoneSpec | CardSpec | ChallengeSpec | EncounterSpec

ContentOption = Annotated[Path | None, typer.Option(
    "--content", help="Content file to read (default: the shipped core content).")]




def kind_of(entry: Entry) -> str:
    if isinstance(entry, CharacterSpec):
        return "character"
    if isinstance(entry, KeystoneSpec):
        return "keystone"
    if isinstance(entry, ChallengeSpec):
        return "challenge"
    if isinstance(entry, EncounterSpec):
        return "encounter"
    return entry.kind


def entries(content: Content) -> Iterator[Entry]:
    """Characters, Keystones, cards, Challenge Cards, then encounters, each in file order."""
    yield from content.characters.values()
    yield from content.keystones.values()
    yield from content.cards
    yield from content.challenges.values()
    yield from content.encounters.values()


def clauses_text(clauses: tuple[Clause, ...]) -> str:
    return "; ".join(clause_text(c) for c in clauses)


def cost_text(card: CardSpec) -> str:
    return f"discard {card.cost}" if card.cost else "free"


def summary(entry: Entry, content: Content) -> str:
    """The rest of a `cards list` line after kind and key."""
    if isinstance(entry, CharacterSpec):
        title = f", {entry.title}" if entry.title else ""
        return (f"{entry.name}{title} ({entry.points} pt, initiative {entry.initiative}, "
                f"speed {entry.speed}, {entry.hp} HP, {'/'.join(entry.affinities)})")
    if isinstance(entry, KeystoneSpec):
        return entry.name + (f": {entry.text}" if entry.text else "")
    if isinstance(entry, ChallengeSpec):
        phases = f", {len(entry.phases)} phases" if len(entry.phases) > 1 else ""
        return (f"{entry.name} ({entry.tier}, initiative {entry.initiative}, speed "
                f"{entry.speed}, {entry.hp} HP{phases}): "
                + (entry.text or ", ".join(f"{faces} {entry.moves[move].name}"
                                           for faces, move in table_rows(entry.phases[0]))))
    if isinstance(entry, EncounterSpec):
        rivals = "; rivals: " + ", ".join(_character_name(content, key) for key in
                                          entry.rivals) if entry.rivals else ""
        ccs = ", ".join(f"{name}{f' x{n}' if n > 1 else ''}"
                        for name, n in _counted(_cc_name(content, key)
                                                for key in entry.challengers).items())
        return f"{entry.name} (difficulty {entry.difficulty}): {ccs or '-'}{rivals}"
    line = entry.name
    if entry.kind == "support":
        line += f" ({cost_text(entry)}, {entry.hp} HP): " + (entry.text or "; ".join(
            [clauses_text(entry.effects), *map(ability_text, entry.abilities)]))
    elif entry.playable:
        line += f" ({cost_text(entry)}): {entry.text or clauses_text(entry.effects)}"
    elif entry.kind == "sigil":
        line += f" ({entry.sigil_type} sigil): " + (entry.text or "; ".join(
            f"{n}: {clauses_text(tier)}" for n, tier in enumerate(entry.tiers, 1)))
    if entry.signature is not None:
        line += f" [signature of {_character_name(content, entry.signature)}]"
    return line


def _character_name(content: Content, key: str) -> str:
    spec = content.characters.get(key)
    return key if spec is None else spec.name


def _cc_name(content: Content, key: str) -> str:
    spec = content.challenges.get(key)
    return key if spec is None else spec.name


def _counted(names: Iterable[str]) -> dict[str, int]:
    """Each name with how often it comes, in order of first appearance."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return counts


def table_rows(phase: Phase) -> list[tuple[str, int]]:
    """A d6 table as (faces, move index) rows: `("1-3", 0)`, `("6", 2)`."""
    rows: list[tuple[int, int, int]] = []  # first face, last face, move
    for face, move in enumerate(phase.table, 1):
        if rows and rows[-1][2] == move and rows[-1][1] == face - 1:
            rows[-1] = (rows[-1][0], face, move)
        else:
            rows.append((face, face, move))
    return [(f"{low}-{high}" if high > low else str(low), move) for low, high, move in rows]


@cards_app.command("list")
def list_(
    kind: Annotated[str | None, typer.Option(
        "--kind", help=f"Only this kind: {', '.join(KINDS)}.")] = None,
    content: ContentOption = None,
    content_pack: ContentPackOption = None,
) -> None:
    """One line per Character, Keystone, card, Challenge Card and encounter: kind, key
    and what it does."""
    if kind is not None and kind not in KINDS:
        raise fail(f"--kind: {kind!r} is not one of {', '.join(KINDS)}")
    data = pack_content(content_pack, content)
    for entry in entries(data):
        if kind is None or kind_of(entry) == kind:
            typer.echo(f"{kind_of(entry):<10} {entry.key:<18} {summary(entry, data)}")


def find(content: Content, query: str) -> list[Entry]:
    """Entries whose key or name is `query`, ignoring case."""
    wanted = query.strip().casefold()
    return [e for e in entries(content)
            if wanted in (e.key.casefold(), e.name.casefold())]


def close_matches(content: Content, query: str) -> list[str]:
    """`Name (key)` of the entries whose key or name looks like `query` (difflib)."""
    labels: dict[str, list[Entry]] = {}
    for entry in entries(content):
        for label in {entry.key.casefold(), entry.name.casefold()}:
            labels.setdefault(label, []).append(entry)
    found = difflib.get_close_matches(query.strip().casefold(), list(labels), n=5, cutoff=0.6)
    near = [f"{e.name} ({e.key})" for label in found for e in labels[label]]
    return list(dict.fromkeys(near))


def describe(entry: Entry, content: Content) -> list[str]:
    """Every line `cards show` prints for one entry."""
    if isinstance(entry, CharacterSpec):
        return _describe_character(entry, content)
    if isinstance(entry, KeystoneSpec):
        return _describe_keystone(entry)
    if isinstance(entry, ChallengeSpec):
        return _describe_challenge(entry, content)
    if isinstance(entry, EncounterSpec):
        return _describe_encounter(entry, content)
    return _describe_card(entry, content)


def _describe_character(spec: CharacterSpec, content: Content) -> list[str]:
    title = f", {spec.title}" if spec.title else ""
    attacks = {Kind.BASIC: spec.basic, Kind.ADVANCED: spec.advanced,
               Kind.BREAK_ART: spec.break_art}
    signature = [f"{c.name} ({c.key})" for c in content.cards if c.signature == spec.key]
    return [
        f"{spec.name}{title} ({spec.key})",
        "  kind: character",
        f"  points {spec.points}, initiative {spec.initiative}, speed {spec.speed}, "
        f"{spec.hp} HP",
        f"  affinities: {', '.join(spec.affinities)}",
        *(f"  {ATTACKS[kind]} ({COSTS[kind]}): {clauses_text(clauses)}"
          for kind, clauses in attacks.items()),
        f"  signature cards: {', '.join(signature) or 'none'}",
    ]


def _describe_keystone(spec: KeystoneSpec) -> list[str]:
    lines = [f"{spec.name} ({spec.key})", "  kind: keystone"]
    if spec.text:
        lines.append(f"  text: {spec.text}")
    if spec.ability:
        lines.append(f"  ability: {clauses_text(spec.ability)}")
    if spec.passive:
        lines.append(f"  passive {ability_text(spec.passive)}")
    return lines


def _describe_card(card: CardSpec, content: Content) -> list[str]:
    play = ("playable: enters play as the action and stays until defeated"
            if card.kind == "support" else "playable" if card.playable else
            "a supply: no effect, drawn, held and discarded" if card.kind == "plain" else
            "playable: installed as the action, then used by tier")
    owner = ("none" if card.signature is None else
             f"{_character_name(content, card.signature)} ({card.signature})")
    lines = [f"{card.name} ({card.key})", f"  kind: {card.kind} ({play})"]
    if card.kind == "sigil":  # IB 4.5: no cost to install; tier N costs N discards (AMB-46)
        lines += [f"  type: {card.sigil_type}", f"  text: {card.text or '-'}", "  tiers:"]
        lines.extend(f"    Discard {n}: {clauses_text(tier)}"
                     for n, tier in enumerate(card.tiers, 1))
    else:
        lines += [f"  cost: {cost_text(card)}", f"  text: {card.text or '-'}",
                  "  effects:" + ("" if card.effects else " none")]
        lines.extend(f"    {n}. {clause_text(c)}" for n, c in enumerate(card.effects, 1))
    if card.kind == "support":  # IB 2.5.1: on-play effect (above), passive and HP
        lines.append(f"  hp: {card.hp}")
        lines.append("  abilities:" + ("" if card.abilities else " none"))
        lines.extend(f"    {ability_text(a)}" for a in card.abilities)
    lines.append(f"  signature of: {owner}")
    return lines


TARGETING = {
    "lowest_hp": "with the lowest HP",
    "highest_hp": "with the highest HP",
    "most_charge": "with the most Charge (then the lowest HP)",
}
"""What a CC's `enemy` clause picks (IB 6.5.1); ties as IB 6.5.2 (flag AMB-68)."""


def _is_on_death(ability: AbilitySpec) -> bool:
    """How `on_death` is compiled: a `defeat` ability of the CC's own (IB 6.7.1)."""
    return (ability.trigger, ability.whose, ability.limit) == ("defeat", "self", "none")




def move_text(move: Move) -> str:
    """`Hand Sweep (basic): enemy: 2 damage`."""
    return f"{move.name} ({move.kind.replace('_', ' ')}): {clauses_text(move.effects)}"


def _behaviour(spec: ChallengeSpec, phase: Phase, indent: str) -> list[str]:
    """One phase's d6 table, trigger and Break Art."""
    lines = [f"{indent}d6 table:"]
    lines.extend(f"{indent}  {faces:<5}{move_text(spec.moves[move])}"
                 for faces, move in table_rows(phase))
    if phase.when is not None:
        lines.append(f"{indent}trigger when {when_text(phase.when)}: "
                     f"{move_text(spec.moves[phase.trigger])}")
    else:
        lines.append(f"{indent}trigger: none")
    if phase.break_art >= 0:
        art = spec.moves[phase.break_art]
        lines.append(f"{indent}{ATTACKS[Kind.BREAK_ART]} ({COSTS[Kind.BREAK_ART]}): "
                     f"{art.name}: {clauses_text(art.effects)}")
    else:
        lines.append(f"{indent}Break Art: none (no Charge at the End window)")
    return lines


def _describe_challenge(spec: ChallengeSpec, content: Content) -> list[str]:
    enemy = (f"the player Character or Support {TARGETING[spec.targeting]}"
             if spec.targets_supports else
             f"the player Character {TARGETING[spec.targeting]}, never a Support")
    passives = [a for a in spec.abilities if not _is_on_death(a)]
    on_death = [a for a in spec.abilities if _is_on_death(a)]
    lines = [
        f"{spec.name} ({spec.key})",
        f"  kind: challenge card, tier {spec.tier}",
        f"  initiative {spec.initiative}, speed {spec.speed}, {spec.hp} HP",
        f"  text: {spec.text or '-'}",
        f"  targets: enemy = {enemy}; ties: the lowest "
        "Initiative, then the soonest to act",
        "  targets: ally = the next other Challenge Card on the track (itself if alone)",
        "  passives:" + ("" if passives else " none"),
        *(f"    {ability_text(a)}" for a in passives),
        "  on death: " + ("; ".join(clauses_text(a.effects) for a in on_death) or "none"),
        *_behaviour(spec, spec.phases[0], "  "),
    ]
    for n, phase in enumerate(spec.phases[1:], 2):
        lines.append(f"  phase {n}, {phase.name}: at {phase.at_hp} HP or less, "
                     f"speed {phase.speed}")
        lines.append("    on enter: " + (clauses_text(phase.on_enter) or "nothing"))
        lines.extend(_behaviour(spec, phase, "    "))
    if spec.spawns:
        lines.append("  spawns: " + ", ".join(f"{_cc_name(content, key)} ({key})"
                                              for key in spec.spawns)
                     + f"; at most {SPAWN_RESERVE} of each at once")
    return lines


def _spawnable(content: Content, keys: tuple[str, ...]) -> list[str]:
    """Every CC that the given ones can spawn, spawns of spawns included."""
    found: list[str] = []
    todo = [s for key in keys if key in content.challenges
            for s in content.challenges[key].spawns]
    while todo:
        key = todo.pop(0)
        if key not in found and key in content.challenges:
            found.append(key)
            todo += content.challenges[key].spawns
    return found


def _describe_encounter(spec: EncounterSpec, content: Content) -> list[str]:
    ccs = [f"{_cc_name(content, key)} ({key}, "
           f"{content.challenges[key].tier if key in content.challenges else '?'})"
           + (f" x{n}" if n > 1 else "")
           for key, n in _counted(spec.challengers).items()]
    rivals = [f"{_character_name(content, key)} ({key})" for key in spec.rivals]
    spawns = _spawnable(content, spec.challengers)
    kept = SPAWN_RESERVE * len(spawns)
    used = len(spec.challengers) + len(spec.rivals) + kept
    lines = [
        f"{spec.name} ({spec.key})",
        f"  kind: encounter, difficulty {spec.difficulty}",
        f"  text: {spec.text or '-'}",
        "  challenge cards: " + (", ".join(ccs) or "none"),
        "  rivals: " + (", ".join(rivals) + "; each Rival gets a random Keystone"
                        if rivals else "none"),
    ]
    if spawns:
        lines.append("  spawns: " + ", ".join(f"{_cc_name(content, key)} ({key})"
                                              for key in spawns)
                     + f", {SPAWN_RESERVE} unit slots kept for each")
    left = (f"{MAX_UNITS - used} left for the players' Characters" if used < MAX_UNITS
            else "none left for the players: it cannot be played")
    lines.append(f"  units: {used} of the {MAX_UNITS} (IB 7.8.1), {left}")
    return lines


@cards_app.command()
def show(
    name: Annotated[str, typer.Argument(metavar="NAME", help="A key or a name (any case).")],
    content: ContentOption = None,
    content_pack: ContentPackOption = None,
) -> None:
    """Everything about one card, Character, Keystone, Challenge Card or encounter (all
    of them if a name is shared)."""
    data = pack_content(content_pack, content)
    found = find(data, name)
    if not found:
        near = close_matches(data, name)
        hint = f"; close matches: {', '.join(near)}" if near else \
            "; see `initiative cards list`"
        raise fail(f"no card, Character, Keystone, Challenge Card or encounter is called "
                    f"{name!r}{hint}", 1)
    for n, entry in enumerate(found):
        if n:
            typer.echo("")
        for line in describe(entry, data):
            typer.echo(line)


@cards_app.command()
def lint(
    files: Annotated[list[Path] | None, typer.Argument(
        metavar="[PATH]...", help="Content files, or content pack folders (default: the "
        "game's shipped content).")
    ] = None,
    game: Annotated[str, typer.Option(
        "--game", help="Whose content: initiative_break (each file on its own, a folder "
                       "as a content pack with the shipped content), "
                       "hex_skirmish (the files read as one set; docs/hex-content.md), "
                       "the_initiative (over the shipped content; as `mission validate`) or "
                       "any other registered game with a linter.",
    )] = "initiative_break",
) -> None:
    """Check content files against the schema and what the engine plays; exit 1 on errors."""
    lint_files(game, files or [])
