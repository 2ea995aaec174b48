"""The content linter: every problem in a content file, checked against what the
engine reads (docs/content.md).

Schema errors come from content.py's own loading, with the same messages (file, entry,
field). A file that passes the schema is then checked as a whole, every problem listed
rather than the first: clauses that do nothing or that the engine cannot resolve as
written are errors, as are unknown or duplicate keys and abilities whose targets can
never exist; unused cards, odd deck sizes and repeated names are warnings.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path

import yaml
from pydantic import ValidationError

from initiative.engine.data_text import load_yaml
from initiative.engine.errors import ContentError
from initiative.engine.findings import Finding
from initiative.games.ib.content import (
    CORE_WHERE,
    ClauseModel,
    ContentFile,
    build_content,
    clause_groups,
    core_text,
    load_content_text,
)
from initiative.games.ib.deckbuilding import STANDARD_DECK, STANDARD_TEAM
from initiative.games.ib.lines import Lines
from initiative.games.ib.packs import read_packs
from initiative.games.parts import ContentLinter, Source

MULTI_TARGETS = ("all_enemies", "all_allies")


def lint_content(text: str, where: str) -> list[Finding]:
    """Every finding for one YAML content document (`where` names it in messages).

    Schema errors alone if the schema refuses the file; otherwise the findings of each
    check in turn: keys, Character attacks, Keystone effects, cards, decks, teams, names."""
    try:
        load_content_text(text, where)
        refused = ""
    except ContentError as exc:
        refused = str(exc)
    try:
        model = ContentFile.model_validate(load_yaml(text))
    except (yaml.YAMLError, ValidationError) as exc:  # the loader says it best
        return [Finding("error", line) for line in (refused or str(exc)).splitlines()]
    lines = Lines({where: text})
    found = [Finding(f.level, lines.annotate(f.message)) for f in lint_model(model, where)]
    if refused and not any(f.is_error for f in found):
        found.append(Finding("error", refused))  # never pass what loading rejects
    return found


def lint_model(model: ContentFile, where: str, unused_cards: bool = True) -> list[Finding]:
    """The checks of a schema-checked content file (or of content packs merged with the
    shipped content, games/ib/packs.py), `where` naming it: keys, attacks, Keystone
    effects, cards (with `unused_cards`, a warning for each card no deck uses), decks,
    teams, names."""
    return list(_checks(model, where, unused_cards))


def _checks(model: ContentFile, where: str, unused_cards: bool) -> Iterator[Finding]:
    yield from _duplicate_keys(model, where)
    for at, clauses in clause_groups(model):
        entry, _, field = at.partition(", field ")
        yield from _clauses(clauses, f"{where} ({entry}), field {field}")
    yield from _abilities(model, where)
    yield from _cards(model, where, unused_cards)
    yield from _decks(model, where)
    yield from _teams(model, where)
    yield from _duplicate_names(model, where)


def _duplicate_keys(model: ContentFile, where: str) -> Iterator[Finding]:
    sections: dict[str, list[str]] = {
        "character": [c.key for c in model.characters],
        "keystone": [k.key for k in model.keystones],
        "card": [c.key for c in model.cards],
        "deck": [d.key for d in model.decks],
        "team": [t.key for t in model.teams],
    }
    for what, keys in sections.items():
        for key, n in Counter(keys).items():
            if n > 1:
                yield Finding("error", f"{where}: {what} key {key!r} is defined {n} times")


def _does_nothing(clause: ClauseModel) -> bool:
    return not (clause.damage or clause.heal or clause.apply or clause.cleanse != "none"
                or clause.move_up or clause.move_back or clause.charge or clause.draw
                or clause.discard or clause.remove_sigils or clause.summon or clause.spawn
                or clause.call)


NO_UNIT_TRIGGERS = ("round_end", "time_collapse")


def _abilities(model: ContentFile, where: str) -> Iterator[Finding]:
    """Triggers with no unit to point at, and `whose` that cannot matter."""
    owners = [(f"character {c.key!r}", c.abilities) for c in model.characters]
    owners += [(f"keystone {k.key!r}", (k.passive,)) for k in model.keystones if k.passive]
    owners += [(f"card {c.key!r}", c.abilities) for c in model.cards]
    for entry, abilities in owners:
        for n, ability in enumerate(abilities):
            at = f"{where} ({entry}), field " + ("passive" if entry[0] == "k" else
                                                 f"abilities[{n}]")
            if entry.startswith("card") and ability.whose == "self" and ability.trigger in (
                    "start_of_activation", "end_of_activation", "install"):
                yield Finding("warning", f"{at}: a Support never activates or takes a "
                                         f"Sigil, so its own {ability.trigger} never comes "
                                         "(use whose: ally)")
            if ability.trigger in NO_UNIT_TRIGGERS:
                if any(c.target == "trigger_unit" for c in ability.effects):
                    yield Finding("error", f"{at}: {ability.trigger} concerns no unit, so "
                                           "trigger_unit targets nothing")
                if ability.whose != "self":
                    yield Finding("warning", f"{at}.whose: {ability.trigger} fires for "
                                             "everyone; whose is ignored")


def _clauses(clauses: tuple[ClauseModel, ...], where: str) -> Iterator[Finding]:
    """What the attack resolver (attacks.py) would do with each clause."""
    target = ""
    for i, clause in enumerate(clauses):
        at = f"{where}[{i}]"
        if clause.target == "same":
            if i == 0:
                yield Finding("error", f"{at}.target: 'same' needs an earlier clause to "
                                       "take its targets from")
        else:
            target = clause.target
        if _does_nothing(clause):
            yield Finding("error", f"{at}: the clause does nothing (no damage, heal, "
                                   "status, cleanse, move, charge or draw)")
        if clause.cleanse == "one" and target in MULTI_TARGETS:
            yield Finding("error", f"{at}.cleanse: 'one' asks for a choice on a single "
                                   f"unit; the engine cleanses only the first of "
                                   f"{target} (name the status, or use 'all')")


def _cards(model: ContentFile, where: str, unused: bool) -> Iterator[Finding]:
    characters = {c.key for c in model.characters}
    used = {key for deck in model.decks for key in deck.cards}
    for card in model.cards:
        at = f"{where} (card {card.key!r})"
        if card.signature is not None and card.signature not in characters:
            yield Finding("error", f"{at}, field signature: unknown character "
                                   f"{card.signature!r}")
        if unused and model.decks and card.key not in used:
            yield Finding("warning", f"{at}: no deck of this file uses it")


def _decks(model: ContentFile, where: str) -> Iterator[Finding]:
    cards = {c.key for c in model.cards}
    full_teams = {t.deck for t in model.teams if len(t.characters) == STANDARD_TEAM}
    low, high = STANDARD_DECK
    for deck in model.decks:
        at = f"{where} (deck {deck.key!r})"
        for key, copies in deck.cards.items():
            if key not in cards:
                yield Finding("error", f"{at}, field cards.{key}: unknown card")
            if not 1 <= copies <= 2:
                yield Finding("error", f"{at}, field cards.{key}: {copies} copies; a deck "
                                       "holds 1 or 2 of a card (IB 2.7)")
        size = sum(deck.cards.values())
        if deck.key in full_teams and not low <= size <= high:
            yield Finding("warning", f"{at}: {size} cards; a {STANDARD_TEAM}-Character "
                                     f"team plays {low} to {high} (IB 2.7.1)")


def _teams(model: ContentFile, where: str) -> Iterator[Finding]:
    characters = {c.key for c in model.characters}
    decks = {d.key for d in model.decks}
    keystones = {k.key for k in model.keystones}
    for team in model.teams:
        at = f"{where} (team {team.key!r})"
        for key in team.characters:
            if key not in characters:
                yield Finding("error", f"{at}, field characters: unknown character {key!r}")
        if team.deck not in decks:
            yield Finding("error", f"{at}, field deck: unknown deck {team.deck!r}")
        if team.keystones and len(team.keystones) != len(team.characters):
            yield Finding("error", f"{at}, field keystones: one per Character, in the same "
                                   "order (IB 2.2.1)")
        for key in team.keystones:
            if key not in keystones:
                yield Finding("error", f"{at}, field keystones: unknown keystone {key!r}")


def _duplicate_names(model: ContentFile, where: str) -> Iterator[Finding]:
    """Same name (and, for Characters, title) under two keys: players cannot tell them
    apart, and `initiative cards show NAME` finds both."""
    groups: dict[str, dict[str, list[str]]] = {
        "characters": {}, "keystones": {}, "cards": {}}
    for c in model.characters:
        label = f"{c.name}, {c.title}" if c.title else c.name
        groups["characters"].setdefault(label.casefold(), []).append(c.key)
    for k in model.keystones:
        groups["keystones"].setdefault(k.name.casefold(), []).append(k.key)
    for card in model.cards:
        groups["cards"].setdefault(card.name.casefold(), []).append(card.key)
    for what, names in groups.items():
        for keys in names.values():
            if len(keys) > 1:
                yield Finding("warning", f"{where}: {what} {', '.join(map(repr, keys))} "
                                         "share one name")


def lint_pack(paths: Sequence[Path | str]) -> list[Finding]:
    """Every finding for content packs: the schema errors of each file; else the
    linter's checks of the merged content (docs/content.md) for the packs' own entries,
    each replaced shipped entry as a warning, and anything compiling refuses."""
    try:
        pack = read_packs(paths)
    except ContentError as exc:
        return [Finding("error", line) for line in str(exc).splitlines()]
    found = [Finding(f.level, pack.lines.annotate(f.message))
             for f in lint_model(pack.model, pack.name, unused_cards=False)]
    found = [f for f in found if f.is_error or not f.message.startswith(CORE_WHERE)]
    found += [Finding("warning", pack.lines.annotate(
        f"{r.where} ({r.kind} {r.key!r}): replaces the shipped {r.kind} {r.key!r} "
        "(meant? a new key adds one instead)")) for r in pack.replaced]
    if not any(f.is_error for f in found):
        try:
            build_content(pack.model, pack.name)
        except ContentError as exc:
            found.append(Finding("error", pack.lines.annotate(str(exc))))
    return found


def _lint_each(sources: Sequence[Source]) -> list[Finding]:
    return [finding for text, where in sources for finding in lint_content(text, where)]


LINTER = ContentLinter(lint=_lint_each, shipped=lambda: [Source(core_text(), CORE_WHERE)],
                       one_by_one=True, lint_folder=lint_pack)
"""How `initiative cards lint` checks Initiative Break content (the game's `lint`
part): each file on its own."""
