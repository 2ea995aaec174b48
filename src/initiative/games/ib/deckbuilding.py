"""Deck building (IB 2.1.4, 2.2, 2.7, 6.9, 8.1-8.3): team files and the checks they pass.

A team file is a hand-written YAML document: a team name, the Characters one player
controls with the Keystone each carries, and a deck given as card key -> copies (see
docs/deckbuilding.md). `load_team_text`/`load_team_file` check its shape and name file,
entry and field on error; `validate_team` then lists every rule the team breaks, never
stopping at the first; `validate_side` adds the checks that span several players who
share one team (co-op parties, 2v2 duels).
"""

from __future__ import annotations

import os
from collections.abc import Hashable, Iterator
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import Field, ValidationError

from initiative.engine.data_text import LimitedLoader
from initiative.engine.errors import ConfigError, ContentError
from initiative.games.ib.clauses import _Strict
from initiative.games.ib.config import RulesConfig, check_flags, parse_flag_value
from initiative.games.ib.content import _format_validation, read_yaml_mapping
from initiative.games.ib.match import SeatSetup
from initiative.games.ib.specs import Content

DeckFormat = Literal["standard", "duel", "coop"]
FORMATS: tuple[DeckFormat, ...] = ("standard", "duel", "coop")
"""standard: 1v1 with 4 Characters (IB 2.7); duel: competitive multiplayer (IB 8.2, 8.3);
coop: players sharing a party against Challenge Cards (IB 6.9, 8.1)."""

STANDARD_TEAM = 4  # IB-2.0.1
STANDARD_DECK = (32, 40)  # IB-2.7.1
STANDARD_POINT_CAP = 12  # IB-2.7.6
SCALED_DECK_MAXIMUM = {1: 15, 2: 20, 3: 30, 4: 40}  # IB-8.2.3, IB-8.1.2
POINT_CAP = {1: 4, 2: 7, 3: 9, 4: 12}  # IB-8.3.1
COPY_LIMIT = {"technique": 2, "sigil": 2, "event": 2, "support": 1, "plain": 2}  # IB-2.7.3-4
DECK_KINDS = ("technique", "sigil", "event", "support")
"""IB-2.0.1, IB 2.7: the card types a deck is built from. A supply card (kind `plain`,
no play) is none of them: a competitive deck may not hold one (`validate_team`)."""
SIGNATURE_COPY_LIMIT = 1  # IB-2.7.5
MAX_TRACK_CHARACTERS = 10  # IB-8.2.2
COOP_PARTY_SIZE = 4  # IB-6.9.1: the party's four Characters are split between players
UNKNOWN = "content"
"""The rule id of a Violation for a key the content does not define."""


# --- house rules of deck construction ----------------------------------------------


@dataclass(frozen=True, slots=True)
class DeckRules:
    """The deck-construction flags of IB-RULINGS.md section K (first value = default).

    They live here rather than in `RulesConfig` because only deck building reads them.
    """

    signature_requires_character: bool = False  # AMB-95
    coop_point_cap: Literal["party", "per_player"] = "party"  # AMB-97
    scaled_deck_minimum: Literal["proportional", "exact", "none"] = "proportional"  # AMB-98
    coop_deck_size: Literal["table", "ten_per_character"] = "table"  # AMB-99

    def with_flags(self, data: dict[str, Any], where: str = "rules") -> DeckRules:
        """A copy with the given flags changed; every flag and value is validated."""
        check_flags(DeckRules, data, where, "deck-building")
        return replace(self, **data)


DECK_FLAGS = frozenset(f.name for f in fields(DeckRules))


def rules_from_items(items: list[str], where: str = "--rule") -> tuple[RulesConfig, DeckRules]:
    """`flag=value` texts as a RulesConfig and DeckRules (each flag goes where it lives)."""
    game: dict[str, Any] = {}
    deck: dict[str, Any] = {}
    for item in items:
        name, sep, value = item.partition("=")
        name = name.strip()
        if not sep or not name:
            raise ConfigError(f"{where} expects flag=value, got {item!r}")
        (deck if name in DECK_FLAGS else game)[name] = parse_flag_value(value)
    return RulesConfig().with_flags(game, where), DeckRules().with_flags(deck, where)


# --- the team file -------------------------------------------------------------------


class _MemberModel(_Strict):
    character: str = Field(min_length=1)
    keystone: str | None = Field(None, min_length=1)


Copies = Annotated[int, Field(strict=True, ge=1, le=99)]


class _TeamFileModel(_Strict):
    name: str = Field(min_length=1)
    controls: int | None = Field(None, strict=True, ge=1, le=4)
    characters: tuple[_MemberModel, ...]
    deck: dict[str, Copies]


@dataclass(frozen=True, slots=True)
class TeamMember:
    """One Character a player controls and the Keystone given to it (IB 2.2.1)."""

    character: str
    keystone: str | None


@dataclass(frozen=True, slots=True)
class TeamFile:
    """A player's team as written: Characters with Keystones, and the deck's card counts."""

    name: str
    characters: tuple[TeamMember, ...]
    deck: tuple[tuple[str, int], ...]  # (card key, copies) in file order
    declared_controls: int | None = None
    where: str = "<team>"

    @property
    def controls(self) -> int:
        """Characters this player controls: the deck size and point cap follow it."""
        return len(self.characters)

    @property
    def character_keys(self) -> tuple[str, ...]:
        return tuple(m.character for m in self.characters)

    def cards(self) -> tuple[str, ...]:
        """The deck as a list of card keys, one per copy."""
        return tuple(key for key, copies in self.deck for _ in range(copies))

    def seat(self, team: int, name: str | None = None) -> SeatSetup:
        """This player as a `Match` seat on `team`."""
        return SeatSetup(name or self.name, team, self.character_keys, self.cards())


class _UniqueKeyLoader(LimitedLoader):
    """A safe loader that refuses a key written twice in one mapping (a hand-written deck
    listing a card twice would otherwise keep only the last count)."""

    def construct_mapping(self, node: yaml.MappingNode,
                          deep: bool = False) -> dict[Hashable, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if not isinstance(key, Hashable):
                continue  # the base class reports unhashable keys
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"{key!r} is written twice", key_node.start_mark)
            seen.add(key)
        return super().construct_mapping(node, deep)


def _entry_names(data: dict[Any, Any]) -> dict[str, Any]:
    """`data` as `_format_validation` reads it: character entries named by their key."""
    raw = data.get("characters")
    if not isinstance(raw, list):
        return {}
    return {"characters": [
        {"key": item["character"]}
        if isinstance(item, dict) and isinstance(item.get("character"), str) else {}
        for item in raw
    ]}


def load_team_text(text: str, where: str = "<team>") -> TeamFile:
    """Parse and shape-check one team file; ContentError names file, entry and field."""
    data = read_yaml_mapping(text, where, "name, characters and deck", _UniqueKeyLoader)
    try:
        model = _TeamFileModel.model_validate(data)
    except ValidationError as exc:
        raise ContentError(_format_validation(exc, where, _entry_names(data))) from None
    return TeamFile(
        name=model.name,
        characters=tuple(TeamMember(m.character, m.keystone) for m in model.characters),
        deck=tuple(model.deck.items()),
        declared_controls=model.controls,
        where=where,
    )


def load_team_file(path: str | os.PathLike[str]) -> TeamFile:
    """Read and shape-check a team file; ContentError (never OSError) if it cannot be read."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ContentError(f"{path}: cannot read the file ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise ContentError(f"{path}: not a UTF-8 text file") from None
    return load_team_text(text, str(path))


# --- violations ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule: its id (`IB-2.7.3`, or `content` for an unknown key), the key of
    the card, Character or Keystone concerned ("" for the team or deck as a whole), and
    what is wrong."""

    rule: str
    subject: str
    message: str

    def __str__(self) -> str:
        return f"{self.rule} {self.subject}: {self.message}" if self.subject \
            else f"{self.rule} {self.message}"


def _scaled(controls: int) -> int:
    """Characters controlled, clamped to the 1-4 the tables cover (IB-8.2.2)."""
    return min(max(controls, 1), 4)


def deck_size_bounds(format: DeckFormat, controls: int,
                     rules: DeckRules | None = None) -> tuple[int, int]:
    """Smallest and largest legal deck (IB-2.7.1; IB-8.2.3 and AMB-98; IB-8.1.2 or
    IB-6.9.1 by AMB-99)."""
    rules = rules or DeckRules()
    if format == "standard":
        return STANDARD_DECK
    n = _scaled(controls)
    if format == "coop" and rules.coop_deck_size == "ten_per_character":
        high = 10 * n
    else:
        high = SCALED_DECK_MAXIMUM[n]
    low = {"proportional": high * 4 // 5, "exact": high, "none": 0}[rules.scaled_deck_minimum]
    return low, high


def point_cap(format: DeckFormat, controls: int, rules: DeckRules | None = None) -> int | None:
    """The player's point cap (IB-2.7.6, IB-8.3.1); None when only the co-op party as a
    whole is capped (AMB-97 `party`, checked by `validate_side`)."""
    rules = rules or DeckRules()
    if format == "standard":
        return STANDARD_POINT_CAP
    if format == "coop" and rules.coop_point_cap == "party":
        return None
    return POINT_CAP[_scaled(controls)]


def team_points(team: TeamFile, content: Content) -> int:
    """The printed points of the team's known Characters (IB-2.1.5)."""
    return sum(content.characters[k].points for k in team.character_keys
               if k in content.characters)


def _identity(content: Content, key: str, config: RulesConfig) -> tuple[str, ...]:
    """What makes two Characters "the same" (IB-2.1.4, AMB-94 `character_unique_by`)."""
    spec = content.characters[key]
    return (spec.name, spec.title) if config.character_unique_by == "name_and_title" \
        else (spec.name,)


def _check_team_size(team: TeamFile, format: DeckFormat) -> Iterator[Violation]:
    n = team.controls
    if format == "standard" and n != STANDARD_TEAM:
        yield Violation("IB-2.0.1", "", f"standard play fields {STANDARD_TEAM} Characters; "
                        f"this team lists {n}")
    elif format != "standard" and not 1 <= n <= 4:
        yield Violation("IB-8.2.2", "", f"a player controls 1 to 4 Characters; this team "
                        f"lists {n}")
    if team.declared_controls is not None and team.declared_controls != n:
        yield Violation("IB-8.2.3", "", f"the file says controls: {team.declared_controls} "
                        f"but lists {n} Characters")


def _check_characters(team: TeamFile, content: Content,
                      config: RulesConfig) -> Iterator[Violation]:
    seen: dict[tuple[str, ...], str] = {}
    for key in team.character_keys:
        if key not in content.characters:
            yield Violation(UNKNOWN, key, "unknown Character (the content does not define it)")
            continue
        ident = _identity(content, key, config)
        if ident in seen:
            yield Violation("IB-2.1.4", key, f"{', '.join(ident)} is already on the team "
                            f"(as {seen[ident]}); Characters are unique "
                            f"(character_unique_by={config.character_unique_by})")
        else:
            seen[ident] = key


def _check_keystones(team: TeamFile, content: Content) -> Iterator[Violation]:
    """IB 2.2 / IB 2.9 step 2: each Character is assigned a Keystone (IB-2.2.1), none
    twice (IB-2.2.2). Content that defines no Keystone at all cannot give one, so every
    team on it breaks IB-2.2.1: one violation says so, naming the content file."""
    bare = [m.character for m in team.characters if m.keystone is None]
    if bare and not content.keystones:
        where = f" ({content.where})" if content.where else ""
        yield Violation("IB-2.2.1", "", f"the content{where} defines no Keystone, so "
                        f"{', '.join(bare)} cannot be given one; each Character is assigned "
                        "a Keystone before the battle (IB 2.2, IB 2.9 step 2): add a "
                        "`keystones:` list to the content file, then give each Character "
                        "of the team one")
    holder: dict[str, str] = {}
    for member in team.characters:
        keystone = member.keystone
        if keystone is None:
            if content.keystones:
                yield Violation("IB-2.2.1", member.character, "has no Keystone; give each "
                                "Character one")
            continue
        if keystone not in content.keystones:
            yield Violation(UNKNOWN, keystone, f"unknown Keystone (given to {member.character})")
        if keystone in holder:
            yield Violation("IB-2.2.2", keystone, f"given to both {holder[keystone]} and "
                            f"{member.character}; each Character needs its own Keystone")
        else:
            holder[keystone] = member.character


def _check_deck_entries(team: TeamFile, content: Content, rules: DeckRules,
                        competitive: bool) -> Iterator[Violation]:
    fielded = set(team.character_keys)
    for key, copies in team.deck:
        if key not in content.card_index:
            if key in content.characters or key in content.keystones:
                what = "a Character" if key in content.characters else "a Keystone"
                yield Violation("IB-2.7.2", key, f"is {what}; Characters and Keystones are "
                                "chosen apart from the deck, never put in it")
            else:
                yield Violation(UNKNOWN, key, "unknown card (the content does not define it)")
            continue
        card = content.cards[content.card_index[key]]
        if competitive and card.kind not in DECK_KINDS:
            yield Violation("IB-2.0.1", key, f"{card.name} is a supply card with no play; a "
                            "competitive deck holds only Techniques, Sigils, Events and "
                            "Support Characters (IB 2.0.1, 2.7)")
        if card.signature is not None:
            if copies > SIGNATURE_COPY_LIMIT:
                yield Violation("IB-2.7.5", key, f"{copies} copies of a signature card; "
                                f"at most {SIGNATURE_COPY_LIMIT}")
            if rules.signature_requires_character and card.signature not in fielded:
                yield Violation("IB-2.7.5", key, f"signature card of {card.signature}, who is "
                                "not on the team (signature_requires_character=true)")
        elif copies > COPY_LIMIT[card.kind]:
            rule = "IB-2.7.4" if card.kind == "support" else "IB-2.7.3"
            yield Violation(rule, key, f"{copies} copies of a {card.kind} card; at most "
                            f"{COPY_LIMIT[card.kind]}")


def _check_deck_size(team: TeamFile, content: Content, format: DeckFormat,
                     rules: DeckRules) -> Iterator[Violation]:
    size = sum(copies for key, copies in team.deck if key in content.card_index)
    low, high = deck_size_bounds(format, team.controls, rules)
    if low <= size <= high or (format != "standard" and not team.characters):
        return  # (a team of nobody has no scaled size; _check_team_size reports it)
    if format == "standard":
        rule, why = "IB-2.7.1", "standard play"
    else:
        rule = "IB-6.9.1" if format == "coop" and rules.coop_deck_size == "ten_per_character" \
            else "IB-8.2.3"
        why = f"{format} with {team.controls} Character(s)"
        if size < low:
            why += f", scaled_deck_minimum={rules.scaled_deck_minimum}"
    yield Violation(rule, "", f"the deck holds {size} cards; {why} allows {low} to {high}")


def _check_points(team: TeamFile, content: Content, format: DeckFormat,
                  rules: DeckRules) -> Iterator[Violation]:
    cap = point_cap(format, team.controls, rules)
    total = team_points(team, content)
    if cap is not None and total > cap:
        rule = "IB-2.7.6" if format == "standard" else "IB-8.3.1"
        yield Violation(rule, "", f"the Characters total {total} points; the cap for "
                        f"{team.controls} Character(s) is {cap}")


def validate_team(team: TeamFile, content: Content, config: RulesConfig | None = None, *,
                  format: DeckFormat = "standard", deck_rules: DeckRules | None = None,
                  competitive: bool | None = None) -> list[Violation]:
    """Every rule one player's team breaks (empty: legal), in file order per check.
    A `competitive` deck (default: standard and duel, player against player) holds no
    supply card (IB 2.0.1); solo and co-op decks may, as practice."""
    config = config or RulesConfig()
    rules = deck_rules or DeckRules()
    if competitive is None:
        competitive = format != "coop"
    return [
        *_check_team_size(team, format),
        *_check_characters(team, content, config),
        *_check_keystones(team, content),
        *_check_deck_entries(team, content, rules, competitive),
        *_check_deck_size(team, content, format, rules),
        *_check_points(team, content, format, rules),
    ]


def validate_side(teams: list[TeamFile], content: Content, config: RulesConfig | None = None,
                  *, format: DeckFormat = "duel",
                  deck_rules: DeckRules | None = None) -> list[Violation]:
    """The checks spanning the players of one side, on top of `validate_team` for each:
    unique Characters (IB-2.1.4) and Keystones (IB-2.2.2, AMB-97) across players, the
    co-op party's size (IB-6.9.1) and shared point cap (AMB-97), 10 Characters at most
    (IB-8.2.2)."""
    config = config or RulesConfig()
    rules = deck_rules or DeckRules()
    found: list[Violation] = []
    if format == "standard" and len(teams) > 1:
        found.append(Violation("IB-2.0.1", "", "standard play gives each side one player"))
    who: dict[tuple[str, ...], TeamFile] = {}
    holder: dict[str, TeamFile] = {}
    for team in teams:
        for member in team.characters:
            if member.character in content.characters:
                ident = _identity(content, member.character, config)
                first = who.setdefault(ident, team)
                if first is not team:
                    found.append(Violation("IB-2.1.4", member.character, f"{', '.join(ident)} "
                                           f"is fielded by both {first.name} and {team.name}"))
            if member.keystone is not None:
                owner = holder.setdefault(member.keystone, team)
                if owner is not team:
                    found.append(Violation("IB-2.2.2", member.keystone, f"carried by "
                                           f"Characters of both {owner.name} and {team.name}"))
    total = sum(team.controls for team in teams)
    if total > MAX_TRACK_CHARACTERS:
        found.append(Violation("IB-8.2.2", "", f"the side fields {total} Characters; at most "
                               f"{MAX_TRACK_CHARACTERS} share the track"))
    if format == "coop":
        if total > COOP_PARTY_SIZE:
            found.append(Violation("IB-6.9.1", "", f"a co-op party splits {COOP_PARTY_SIZE} "
                                   f"Characters between its players, not {total}"))
        if rules.coop_point_cap == "party":
            points = sum(team_points(team, content) for team in teams)
            cap = POINT_CAP[_scaled(total)]
            if points > cap:
                found.append(Violation("IB-8.3.1", "", f"the party's {total} Characters total "
                                       f"{points} points; its shared cap is {cap} "
                                       "(coop_point_cap=party)"))
    return found
