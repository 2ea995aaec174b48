"""`Matchup`: what the lab plays of Initiative Break, and the changes a parameter sweep
makes.

A matchup names the sides (shipped teams, or `random` for a team drafted afresh from
the seed of each game), the mode (1v1, a format, solo or co-op against an encounter),
a bot per seat, rule flags, and `overrides`: content or rule values changed for the
whole run (`character.wren.hp=14`, `card.quickstep.cost=1`, `rules.FLAG=value`).
Everything that varies between games comes from the game's seed.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, ClassVar, Final, TypeVar

from initiative.engine.errors import ConfigError, ContentError
from initiative.engine.rng import SplitMix64
from initiative.games import load_game_as
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.content import Content, core_content
from initiative.games.ib.deckbuilding import (
    COPY_LIMIT,
    DECK_KINDS,
    SIGNATURE_COPY_LIMIT,
    STANDARD_DECK,
    STANDARD_POINT_CAP,
    STANDARD_TEAM,
    TeamFile,
    TeamMember,
    validate_team,
)
from initiative.games.ib.match import Match
from initiative.games.ib.setup import IBGame

T = TypeVar("T")

GAME: Final = "initiative_break"

RANDOM_TEAM = "random"
"""A side named this is drafted per game: four Characters within the point cap, a
Keystone each and a legal 32-40 card deck (IB 2.0.1, 2.2, 2.7), all from the seed."""
DRAFT_SALT = 0xD2AF7
CHARACTER_FIELDS = ("hp", "initiative", "speed", "points")
CARD_FIELDS = ("cost", "hp")
CHALLENGE_FIELDS = ("hp", "initiative", "speed")


@dataclass(frozen=True)
class Matchup:
    """What to simulate, with a bot name per seat (cycled if fewer than the seats)."""

    game_name: ClassVar[str] = GAME
    teams: tuple[str, ...] = ("tideguard", "ashfall")
    mode: str | None = None
    encounter: str | None = None
    bots: tuple[str, ...] = ("random",)
    rules: dict[str, Any] = field(default_factory=dict)
    overrides: tuple[tuple[str, Any], ...] = ()

    def __post_init__(self) -> None:
        if self.mode is None and self.encounter is None and len(self.teams) != 2:
            named = ", ".join(self.teams) or "none"
            raise ConfigError(f"a 1v1 needs two teams, one per seat, not {len(self.teams)} "
                              f"({named}); name the same team twice for a mirror match")

    @property
    def name(self) -> str:
        """The format column of the results: 1v1, a format name, solo or coop."""
        return self.mode or ("solo" if self.encounter else "1v1")

    def game(self, seed: int) -> IBGame:
        """The game of seed `seed` (drafted sides and Rival Keystones come from it)."""
        content, config = _prepared(self.rules_items(), self.overrides)
        if RANDOM_TEAM in self.teams:
            if self.mode is not None or self.encounter is not None:
                raise ConfigError("a random team plays the standard 1v1 only")
            players = [draft_team(content, config, seed, i) if key == RANDOM_TEAM else key
                       for i, key in enumerate(self.teams)]
            return load_game_as(IBGame, GAME, teams=players, content=content, rules=config)
        if self.mode is None and self.encounter is None:
            return _standard(self.teams, self.rules_items(), self.overrides)
        return load_game_as(IBGame, GAME, mode=self.mode or "solo", teams=self.teams,
                         encounter=self.encounter, content=content, rules=config,
                         rival_seed=seed)

    def match(self, seed: int) -> Match:
        """The match of `game(seed)`."""
        return self.game(seed).match

    def rules_items(self) -> tuple[tuple[str, Any], ...]:
        return tuple(sorted(self.rules.items()))


@lru_cache(maxsize=32)
def _prepared(rules: tuple[tuple[str, Any], ...], overrides: tuple[tuple[str, Any], ...]
              ) -> tuple[Content, RulesConfig]:
    """The content and rules of a run, built once per process."""
    content = core_content()
    flags = dict(rules)
    for path, value in overrides:
        content, flags = apply_override(content, flags, path, value)
    return content, RulesConfig().with_flags(flags, "rules")


@lru_cache(maxsize=32)
def _standard(teams: tuple[str, ...], rules: tuple[tuple[str, Any], ...],
              overrides: tuple[tuple[str, Any], ...]) -> IBGame:
    """A 1v1 of shipped teams (the same game for every seed, so built once)."""
    content, config = _prepared(rules, overrides)
    return load_game_as(IBGame, GAME, teams=teams, content=content, rules=config)


def apply_override(content: Content, flags: dict[str, Any], path: str, value: Any
                   ) -> tuple[Content, dict[str, Any]]:
    """`content` and rule `flags` with one value changed. Paths:
    `character.KEY.FIELD` (or `character.FIELD` for every Character), `card.KEY.FIELD`,
    `challenge.KEY.FIELD` (a Challenge Card), `rules.FLAG` (or a bare flag name)."""
    parts = path.split(".")
    if (parts[0] == "rules" and len(parts) == 2) or len(parts) == 1:
        return content, {**flags, parts[-1]: value}
    if parts[0] == "character" and len(parts) in (2, 3):
        _check_field(path, parts[-1], CHARACTER_FIELDS, value)
        keys = [parts[1]] if len(parts) == 3 else list(content.characters)
        chars = _changed(content.characters, keys, parts[-1], value, path, "character")
        return replace(content, characters=chars), flags
    if parts[0] == "challenge" and len(parts) == 3:
        _check_field(path, parts[2], CHALLENGE_FIELDS, value)
        challenges = _changed(content.challenges, [parts[1]], parts[2], value, path,
                              "Challenge Card")
        return replace(content, challenges=challenges), flags
    if parts[0] == "card" and len(parts) == 3:
        key, fieldname = parts[1], parts[2]
        _check_field(path, fieldname, CARD_FIELDS, value)
        if key not in content.card_index:
            raise ConfigError(f"{path}: unknown card {key!r}")
        cards = list(content.cards)
        cards[content.card_index[key]] = replace(cards[content.card_index[key]],
                                                 **{fieldname: value})
        return replace(content, cards=tuple(cards)), flags
    raise ConfigError(f"{path}: expected character.KEY.FIELD, character.FIELD, card.KEY.FIELD, "
                      "challenge.KEY.FIELD or rules.FLAG")


def _changed(specs: dict[str, T], keys: list[str], fieldname: str, value: Any, path: str,
             what: str) -> dict[str, T]:
    """A copy of `specs` with `fieldname` set to `value` on each of `keys`."""
    out = dict(specs)
    for key in keys:
        if key not in out:
            raise ConfigError(f"{path}: unknown {what} {key!r} (known: {', '.join(sorted(out))})")
        out[key] = replace(out[key], **{fieldname: value})  # type: ignore[type-var]
    return out


def _check_field(path: str, name: str, known: tuple[str, ...], value: Any) -> None:
    if name not in known:
        raise ConfigError(f"{path}: cannot change {name!r} (can: {', '.join(known)})")
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ConfigError(f"{path}: expected a whole number >= 0, got {value!r}")


def draft_team(content: Content, config: RulesConfig, seed: int, side: int) -> TeamFile:
    """A random legal standard team for `side` of game `seed` (IB 2.0.1, 2.1.4, 2.2,
    2.7): Characters drawn until four fit the point cap, distinct Keystones, and a deck
    of 32-40 cards within the copy limits, signature cards only for its own Characters,
    and no supply card (a competitive deck holds only the card types of IB 2.0.1)."""
    rng = SplitMix64((seed * 0x9E3779B97F4A7C15 + side * 0x632BE5AB + DRAFT_SALT) & (2**64 - 1))
    for _ in range(1000):
        team = _draw_team(content, rng, side)
        if not validate_team(team, content, config):
            return team
    raise ContentError("the content cannot field a legal random standard team")


def _draw_team(content: Content, rng: SplitMix64, side: int) -> TeamFile:
    keys = sorted(content.characters)
    rng.shuffle(keys)
    chosen: list[str] = []
    names: set[str] = set()
    points = 0
    for key in keys:
        spec = content.characters[key]
        if spec.name in names or points + spec.points > STANDARD_POINT_CAP:
            continue
        chosen.append(key)
        names.add(spec.name)
        points += spec.points
        if len(chosen) == STANDARD_TEAM:
            break
    pool = sorted(content.keystones)
    rng.shuffle(pool)
    keystones = pool[:len(chosen)] if pool else [None] * len(chosen)
    size = STANDARD_DECK[0] + rng.below(STANDARD_DECK[1] - STANDARD_DECK[0] + 1)
    slots = [card.key for card in content.cards if card.kind in DECK_KINDS and
             (card.signature is None or card.signature in chosen)
             for _ in range(SIGNATURE_COPY_LIMIT if card.signature else COPY_LIMIT[card.kind])]
    rng.shuffle(slots)
    deck = Counter(sorted(slots[:size]))
    members = tuple(TeamMember(c, k) for c, k in zip(chosen, keystones, strict=True))
    return TeamFile(f"random {'AB'[side] if side < 2 else side}", members,
                    tuple(deck.items()), where=f"draft of side {side}")
