"""Character and deck content as data (IB 2.1, 2.7): YAML files checked by a schema.

A character's three attacks are lists of clauses (IB 3.8): each clause picks its own
targets (or reuses the previous clause's with `same`) and then deals damage, heals,
applies or cleanses statuses, moves units and grants Charge, in that order. Errors name
the file, the entry and the field.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import (
    Field,
    ValidationError,
    field_validator,
    model_validator,
)

from initiative.engine.data_text import LimitedLoader
from initiative.engine.errors import ContentError
from initiative.games.ib.challenge_cards import (
    ChallengeModel,
    EncounterModel,
    challenge_clause_groups,
    compile_challenge,
)
from initiative.games.ib.clauses import (  # re-exported: the content vocabulary
    TRIGGERS,
    AbilityModel,
    ClauseModel,
    ConditionModel,
    Limit,
    StaticModel,
    TargetKind,
    Trigger,
    Whose,
    _compile_ability,
    _compile_clause,
    _no_trigger_unit,
    _Strict,
)
from initiative.games.ib.lines import Lines
from initiative.games.ib.specs import (  # re-exported: the compiled content
    CHOSEN_TARGETS,
    CLEANSE_ALL,
    CLEANSE_NONE,
    CLEANSE_ONE,
    PLAYABLE_KINDS,
    AbilitySpec,
    ChallengeSpec,
    Clause,
    Condition,
    Content,
    EncounterSpec,
)
from initiative.games.ib.specs import (
    CardSpec as CardSpec,
)
from initiative.games.ib.specs import (
    CharacterSpec as CharacterSpec,
)
from initiative.games.ib.specs import (
    KeystoneSpec as KeystoneSpec,
)

__all__ = [
    "CHOSEN_TARGETS", "CLEANSE_ALL", "CLEANSE_NONE", "CLEANSE_ONE", "TRIGGERS", "AbilityModel",
    "AbilitySpec", "ChallengeSpec", "Clause", "ClauseModel", "Condition", "ConditionModel",
    "Content", "EncounterSpec", "Limit", "StaticModel", "TargetKind", "Trigger", "Whose",
    "build_content", "core_content", "load_content_file", "load_content_text",
    "parse_content_model",
]

AFFINITIES = ("fire", "water", "earth", "arcane", "wind")


class CharacterModel(_Strict):
    """A Character card (IB 2.1): stats, two Sigil affinities and three attacks."""

    key: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str = Field(min_length=1)
    title: str = ""
    points: int = Field(ge=1, le=5)
    initiative: int = Field(ge=0, le=20)
    speed: int = Field(ge=1, le=9)
    hp: int = Field(ge=1, le=99)
    affinities: tuple[str, str]
    basic: tuple[ClauseModel, ...] = Field(min_length=1)
    advanced: tuple[ClauseModel, ...] = Field(min_length=1)
    break_art: tuple[ClauseModel, ...] = Field(min_length=1)
    abilities: tuple[AbilityModel, ...] = Field((), max_length=4)

    @model_validator(mode="after")
    def _check(self) -> CharacterModel:
        for attack in ("basic", "advanced", "break_art"):
            _no_trigger_unit(getattr(self, attack), attack)
        return self

    @field_validator("affinities")
    @classmethod
    def _known_affinities(cls, value: tuple[str, str]) -> tuple[str, str]:
        for name in value:
            if name not in AFFINITIES:
                raise ValueError(f"unknown Sigil type {name!r} (known: {', '.join(AFFINITIES)})")
        if value[0] == value[1]:
            raise ValueError("a Character prints two different Sigil types (IB 2.1)")
        return value


CardKind = Literal["plain", "technique", "event", "support", "sigil"]
CARD_KINDS: tuple[str, ...] = ("plain", "technique", "event", "support", "sigil")
"""Kinds played from hand as the action (IB 4.4, 4.7, 4.8)."""


class CardModel(_Strict):
    """A deck card (IB 2.3-2.7). `plain` cards are supplies with no play effect (the
    core engine's test decks); `signature` names the Character a signature card
    belongs to (IB 2.7.5). A `support` (IB 2.5, 4.7) has `hp`, its on-play `effects`
    and its passive `abilities`."""

    key: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str = Field(min_length=1)
    kind: CardKind = "plain"
    signature: str | None = None
    text: str = ""
    cost: int = Field(0, ge=0, le=4)
    effects: tuple[ClauseModel, ...] = ()
    sigil_type: str | None = None
    tiers: tuple[tuple[ClauseModel, ...], ...] = Field((), max_length=3)
    hp: int = Field(0, ge=0, le=99)
    abilities: tuple[AbilityModel, ...] = Field((), max_length=4)

    @model_validator(mode="after")
    def _playable_kinds_have_effects(self) -> CardModel:
        """IB 2.4 / 2.6: Techniques and Events resolve effects; plain cards have none."""
        if self.kind == "support":
            self._check_support()
        elif self.hp or self.abilities:
            raise ValueError("only a support has hp and abilities")
        elif self.kind in PLAYABLE_KINDS and not self.effects:
            raise ValueError(f"a {self.kind} needs at least one effect")
        _no_trigger_unit(self.effects, "effects")
        for n, tier in enumerate(self.tiers):
            _no_trigger_unit(tier, f"tiers[{n}]")
        if self.kind == "plain" and (self.effects or self.cost):
            raise ValueError("a plain card has no cost and no effects")
        if self.effects and self.effects[0].target == "same":
            raise ValueError("effects[0].target: 'same' needs an earlier effect")
        if self.kind == "sigil":
            self._check_sigil()
        elif self.sigil_type is not None or self.tiers:
            raise ValueError("only a sigil has a sigil_type and tiers")
        return self

    def _check_support(self) -> None:
        """IB 2.5.1: an on-play effect, a passive and HP (AMB-49: no printed cost
        means none)."""
        if self.hp < 1:
            raise ValueError("a support needs hp (1 or more)")
        if not self.effects and not self.abilities:
            raise ValueError("a support needs an on-play effect or an ability")

    def _check_sigil(self) -> None:
        """IB 2.3 / 4.5: a Sigil has a type and tiers "Discard 1..3" (AMB-46)."""
        if self.sigil_type not in AFFINITIES:
            raise ValueError(f"a sigil needs sigil_type, one of {', '.join(AFFINITIES)}")
        if not self.tiers:
            raise ValueError("a sigil needs tiers: [[effects of Discard 1], ...]")
        for n, tier in enumerate(self.tiers):
            if not tier:
                raise ValueError(f"tiers[{n}]: the Discard {n + 1} tier has no effect")
            if tier[0].target == "same":
                raise ValueError(f"tiers[{n}][0].target: 'same' needs an earlier effect")
        if self.effects or self.cost:
            raise ValueError("a sigil's effects are its tiers; it has no cost or effects")


class KeystoneModel(_Strict):
    """A Keystone (IB 2.2): assigned to one Character; never part of a deck. Its
    `ability` is used as the Character's action (IB 4.6); `passive` is optional."""

    key: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str = Field(min_length=1)
    text: str = ""
    ability: tuple[ClauseModel, ...] = ()
    passive: AbilityModel | None = None

    @model_validator(mode="after")
    def _check(self) -> KeystoneModel:
        _no_trigger_unit(self.ability, "ability")
        return self


class DeckModel(_Strict):
    key: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    cards: dict[str, int]


class TeamModel(_Strict):
    key: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    characters: tuple[str, ...] = Field(min_length=1, max_length=4)
    keystones: tuple[str, ...] = ()
    deck: str


class ContentFile(_Strict):
    characters: tuple[CharacterModel, ...] = ()
    keystones: tuple[KeystoneModel, ...] = ()
    cards: tuple[CardModel, ...] = ()
    decks: tuple[DeckModel, ...] = ()
    teams: tuple[TeamModel, ...] = ()
    challenges: tuple[ChallengeModel, ...] = ()
    encounters: tuple[EncounterModel, ...] = ()


def content_hash(content_or_text: Content | str) -> str:
    """The fingerprint of compiled content, or of a YAML content document."""
    if isinstance(content_or_text, str):
        return load_content_text(content_or_text, "<content>").fingerprint()
    return content_or_text.fingerprint()



def _compile_keystone(model: KeystoneModel) -> KeystoneSpec:
    return KeystoneSpec(
        key=model.key,
        name=model.name,
        text=model.text,
        ability=tuple(_compile_clause(c) for c in model.ability),
        passive=_compile_ability(model.passive) if model.passive else None,
    )


def _compile_character(model: CharacterModel) -> CharacterSpec:
    return CharacterSpec(
        key=model.key,
        name=model.name,
        title=model.title,
        points=model.points,
        initiative=model.initiative,
        speed=model.speed,
        hp=model.hp,
        affinities=model.affinities,
        basic=tuple(_compile_clause(c) for c in model.basic),
        advanced=tuple(_compile_clause(c) for c in model.advanced),
        break_art=tuple(_compile_clause(c) for c in model.break_art),
        abilities=tuple(_compile_ability(a) for a in model.abilities),
    )


def _check_same_targets(model: CharacterModel, where: str) -> None:
    for attack in ("basic", "advanced", "break_art"):
        clauses: tuple[ClauseModel, ...] = getattr(model, attack)
        if clauses[0].target == "same":
            raise ContentError(
                f"{where}: character {model.key!r}, field {attack}[0].target: "
                "'same' needs an earlier clause to take its targets from"
            )


def _format_validation(error: ValidationError, where: str, data: Any) -> str:
    lines = []
    for item in error.errors():
        loc = list(item["loc"])
        entry = ""
        if len(loc) >= 2 and isinstance(loc[1], int) and isinstance(data, dict):
            section = data.get(str(loc[0]))
            if isinstance(section, list) and loc[1] < len(section):
                raw = section[loc[1]]
                if isinstance(raw, dict) and "key" in raw:
                    entry = f" (entry {raw['key']!r})"
        path = ".".join(f"[{p}]" if isinstance(p, int) else str(p) for p in loc)
        path = path.replace(".[", "[")
        lines.append(f"{where}{entry}, field {path}: {item['msg']}")
    return "\n".join(lines)


def read_yaml_mapping(text: str, where: str, expected: str,
                      loader: type[LimitedLoader] = LimitedLoader) -> dict[str, Any]:
    """One YAML document that must be a mapping; ContentError names the file and says
    what was `expected` otherwise. YAML errors name the file too."""
    stream = io.StringIO(text)
    stream.name = where
    try:
        data = yaml.load(stream, Loader=loader)
    except yaml.YAMLError as exc:
        raise ContentError(f"{where}: not valid YAML: {exc}") from None
    if not isinstance(data, dict):
        raise ContentError(f"{where}: expected a mapping with {expected}")
    return data


def load_content_text(text: str, where: str) -> Content:
    """Parse and validate one YAML content document; ContentError names every problem
    (file, entry, field and line)."""
    model = parse_content_model(text, where)
    try:
        return build_content(model, where)
    except ContentError as exc:
        raise ContentError(Lines({where: text}).annotate(str(exc))) from None


def parse_content_model(text: str, where: str) -> ContentFile:
    """One YAML content document checked by the schema alone (keys it names in other
    entries are not looked up); ContentError names the file, entry, field and line of
    every problem."""
    data = read_yaml_mapping(text, where, "characters/cards/decks/teams")
    try:
        return ContentFile.model_validate(data)
    except ValidationError as exc:
        raise ContentError(Lines({where: text}).annotate(
            _format_validation(exc, where, data))) from None


def build_content(model: ContentFile, where: str) -> Content:
    """Compiled content from a schema-checked file (or several merged into one,
    games/ib/packs.py): every key an entry names must be defined; ContentError names
    the first that is not (`where`, the entry and the field)."""
    return _build(model, where)


def _unique(keys: list[str], what: str, where: str) -> None:
    seen: set[str] = set()
    for key in keys:
        if key in seen:
            raise ContentError(f"{where}: {what} key {key!r} is defined twice")
        seen.add(key)


def _build(model: ContentFile, where: str) -> Content:
    _unique([c.key for c in model.characters], "character", where)
    _unique([c.key for c in model.cards], "card", where)
    _unique([d.key for d in model.decks], "deck", where)
    _unique([t.key for t in model.teams], "team", where)
    for character in model.characters:
        _check_same_targets(character, where)
    _unique([k.key for k in model.keystones], "keystone", where)
    _unique([c.key for c in model.challenges], "challenge", where)
    _unique([e.key for e in model.encounters], "encounter", where)
    _check_spawns(model, where)
    for card in model.cards:
        if card.signature is not None and card.signature not in {c.key for c in model.characters}:
            raise ContentError(
                f"{where} (card {card.key!r}), field signature: unknown character "
                f"{card.signature!r}"
            )
    cards = tuple(
        CardSpec(c.key, c.name, c.kind, c.signature, c.text, c.cost,
                 tuple(_compile_clause(e) for e in c.effects), c.sigil_type or "",
                 tuple(tuple(_compile_clause(e) for e in tier) for tier in c.tiers),
                 c.hp, tuple(_compile_ability(a) for a in c.abilities))
        for c in model.cards
    )
    card_index = {c.key: i for i, c in enumerate(cards)}
    _check_summons(model, {c.key for c in model.cards if c.kind == "support"}, where)
    decks: dict[str, tuple[str, ...]] = {}
    for deck in model.decks:
        expanded: list[str] = []
        for key, copies in deck.cards.items():
            if key not in card_index:
                raise ContentError(f"{where} (deck {deck.key!r}), field cards.{key}: unknown card")
            if not 1 <= copies <= 2:
                raise ContentError(
                    f"{where} (deck {deck.key!r}), field cards.{key}: "
                    f"{copies} copies; a deck holds 1 or 2 of a card (IB 2.7)"
                )
            expanded.extend([key] * copies)
        decks[deck.key] = tuple(expanded)
    characters = {c.key: _compile_character(c) for c in model.characters}
    teams: dict[str, tuple[str, tuple[str, ...], str]] = {}
    for team in model.teams:
        for key in team.characters:
            if key not in characters:
                raise ContentError(
                    f"{where} (team {team.key!r}), field characters: unknown character {key!r}"
                )
        if team.deck not in decks:
            raise ContentError(f"{where} (team {team.key!r}), field deck: unknown deck")
        teams[team.key] = (team.name, team.characters, team.deck)
    keystones = {k.key: _compile_keystone(k) for k in model.keystones}
    team_keystones = {}
    for team in model.teams:
        if not team.keystones:
            continue
        if len(team.keystones) != len(team.characters):
            raise ContentError(f"{where} (team {team.key!r}), field keystones: one per "
                               "Character, in the same order (IB 2.2.1)")
        for key in team.keystones:
            if key not in keystones:
                raise ContentError(
                    f"{where} (team {team.key!r}), field keystones: unknown keystone {key!r}")
        team_keystones[team.key] = team.keystones
    challenges = {c.key: compile_challenge(c) for c in model.challenges}
    return Content(characters, cards, card_index, decks, teams, keystones, team_keystones,
                   challenges, _encounters(model, characters, challenges, where), where)


def _encounters(model: ContentFile, characters: dict[str, CharacterSpec],
                challenges: dict[str, ChallengeSpec], where: str) -> dict[str, EncounterSpec]:
    """Encounters name known CCs and Characters (their Rivals, IB 6.8.1)."""
    out = {}
    for e in model.encounters:
        at = f"{where} (encounter {e.key!r})"
        for key in e.challengers:
            if key not in challenges:
                raise ContentError(f"{at}, field challengers: unknown challenge {key!r} "
                                   f"(known: {', '.join(sorted(challenges)) or 'none'})")
        for key in e.rivals:
            if key not in characters:
                raise ContentError(f"{at}, field rivals: unknown character {key!r}")
        if len(e.rivals) != len(set(e.rivals)):
            raise ContentError(f"{at}, field rivals: a Character is fielded once (IB 2.1.4)")
        out[e.key] = EncounterSpec(e.key, e.name, e.difficulty, e.text, e.challengers,
                                   e.rivals)
    return out


def clause_groups(model: ContentFile) -> Iterator[tuple[str, tuple[ClauseModel, ...]]]:
    """Every clause list of a content file (an attack, effects, a tier, an ability's
    effects) with where it sits: "character 'x', field basic"."""
    def abilities(items: tuple[AbilityModel, ...], at: str
                  ) -> Iterator[tuple[str, tuple[ClauseModel, ...]]]:
        for n, ability in enumerate(items):
            if ability.effects:
                yield f"{at}[{n}].effects", ability.effects

    for c in model.characters:
        at = f"character {c.key!r}, field "
        for attack in ("basic", "advanced", "break_art"):
            yield at + attack, getattr(c, attack)
        yield from abilities(c.abilities, at + "abilities")
    for k in model.keystones:
        at = f"keystone {k.key!r}, field "
        yield at + "ability", k.ability
        if k.passive is not None:
            yield at + "passive.effects", k.passive.effects
    for card in model.cards:
        at = f"card {card.key!r}, field "
        yield at + "effects", card.effects
        for n, tier in enumerate(card.tiers):
            yield f"{at}tiers[{n}]", tier
        yield from abilities(card.abilities, at + "abilities")
    for challenge in model.challenges:
        yield from challenge_clause_groups(challenge)


def clauses_of_model(model: ContentFile) -> Iterator[tuple[str, ClauseModel]]:
    """Every clause of a content file with where it sits."""
    for at, clauses in clause_groups(model):
        for i, clause in enumerate(clauses):
            yield f"{at}[{i}]", clause


def _check_summons(model: ContentFile, supports: set[str], where: str) -> None:
    """`summon` names a Support Character card of the same content."""
    for at, clause in clauses_of_model(model):
        if clause.summon is not None and clause.summon not in supports:
            raise ContentError(f"{where} ({at}).summon: {clause.summon!r} is not a support "
                               f"card (supports: {', '.join(sorted(supports)) or 'none'})")


def _check_spawns(model: ContentFile, where: str) -> None:
    """`spawn` names a Challenge Card of the same content, and only CCs spawn."""
    known = {c.key for c in model.challenges}
    for at, clause in clauses_of_model(model):
        if clause.spawn is None:
            continue
        if not at.startswith("challenge "):
            raise ContentError(f"{where} ({at}).spawn: only Challenge Cards spawn (IB 6.0.1)")
        if clause.spawn not in known:
            raise ContentError(f"{where} ({at}).spawn: {clause.spawn!r} is not a challenge "
                               f"(challenges: {', '.join(sorted(known)) or 'none'})")


def load_content_file(path: Path | str) -> Content:
    path = Path(path)
    return load_content_text(path.read_text(encoding="utf-8"), str(path))


CORE_WHERE = "initiative/games/ib/data/core.yaml"
"""The name messages give the shipped content file."""


def core_text() -> str:
    """The text of the shipped content file."""
    return resources.files("initiative.games.ib").joinpath("data/core.yaml").read_text("utf-8")


@cache
def core_content() -> Content:
    """The original sample content shipped with the core engine."""
    return load_content_text(core_text(), CORE_WHERE)
