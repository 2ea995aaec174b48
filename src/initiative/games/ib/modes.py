"""Every mode of play as one description: solo and co-op against Challenge Cards (IB
6.3, 6.9, 8.1), player-vs-player formats (IB 8.2) and mixed matches with neutral CCs
(IB 8.4). `GameSetup` is what a command line or a setup file says; `build_match`
checks every rule of the mode at once and builds the `Match`.

A setup file is YAML::

    mode: coop                # solo | coop | a format of formats.FORMATS (1v1, 2v2, ...)
    players: [tideguard, my_team.yaml]   # shipped team keys or team files, seat order
    encounter: ember_den      # optional: a shipped encounter
    challengers: [ash_crawler]           # optional: more CCs
    rivals: [odo]             # optional: Characters fielded as Rivals (IB 6.8)
    rules: {cc_restricted_roll: reroll}  # optional house rules

A format with CCs is a mixed match: the CCs are neutral (IB 8.4.1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from initiative.engine.errors import ContentError
from initiative.engine.rng import Seed, SplitMix64, derived_seed
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.content import core_content, read_yaml_mapping
from initiative.games.ib.deckbuilding import (
    MAX_TRACK_CHARACTERS,
    DeckFormat,
    DeckRules,
    TeamFile,
    load_team_file,
    validate_side,
    validate_team,
)
from initiative.games.ib.formats import (
    FORMATS,
    distinct_names,
    format_seats,
    player_seat,
    shipped_team,
)
from initiative.games.ib.match import ChallengerSetup, Match, fixture_match
from initiative.games.ib.specs import Content

MODES = ("solo", "coop")
"""The modes against Challenge Cards; every format of FORMATS is a mode too."""
SOLO_PARTY = 4  # IB 6.3.1
RIVAL_SALT = 0x5249_5641_4C53
"""Rival Keystones are drawn from the game seed mixed with this, so they do not share
the stream that shuffles the decks."""


@dataclass(frozen=True)
class GameSetup:
    mode: str
    players: tuple[str | TeamFile, ...]
    """Shipped team keys, team file paths or loaded team files, in seat order."""
    encounter: str | None = None
    challengers: tuple[str, ...] = ()
    rivals: tuple[str, ...] = ()
    rules: dict[str, Any] = field(default_factory=dict)


def load_setup_file(path: str | Path) -> GameSetup:
    """Read a setup file (see the module docstring); errors name the file and field."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ContentError(f"{path}: cannot read the setup file ({exc.strerror})") from None
    data = read_yaml_mapping(text, str(path), "mode, players and encounter")
    known = {"mode", "players", "encounter", "challengers", "rivals", "rules"}
    for key in data:
        if key not in known:
            raise ContentError(f"{path}, field {key}: unknown (known: {', '.join(sorted(known))})")

    def names(key: str) -> tuple[str, ...]:
        value = data.get(key) or []
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ContentError(f"{path}, field {key}: expected a list of names")
        return tuple(value)

    mode, encounter, rules = data.get("mode"), data.get("encounter"), data.get("rules") or {}
    if not isinstance(mode, str):
        raise ContentError(f"{path}, field mode: expected one of "
                           f"{', '.join((*MODES, *FORMATS))}")
    if encounter is not None and not isinstance(encounter, str):
        raise ContentError(f"{path}, field encounter: expected an encounter key")
    if not isinstance(rules, dict):
        raise ContentError(f"{path}, field rules: expected a mapping of flag: value")
    base = path.parent
    players = tuple(str(base / p) if p.endswith((".yaml", ".yml")) else p
                    for p in names("players"))
    return GameSetup(mode, players, encounter, names("challengers"), names("rivals"), rules)


def build_match(setup: GameSetup, content: Content, config: RulesConfig | None = None,
                seed: Seed = 0, deck_rules: DeckRules | None = None) -> Match:
    """The match `setup` describes; ContentError lists every violation at once. `seed`
    draws the Rivals' Keystones (IB 6.8.2)."""
    config = config or RulesConfig()
    if setup.rules:
        config = config.with_flags(setup.rules, "setup.rules")
    if setup.mode not in MODES and setup.mode not in FORMATS:
        raise ContentError(f"unknown mode {setup.mode!r} (known: "
                           f"{', '.join((*MODES, *FORMATS))})")
    players = [p if isinstance(p, TeamFile) else load_team_file(p)
               if p.endswith((".yaml", ".yml")) else shipped_team(content, p)
               for p in setup.players]
    challengers, rivals = _opponents(setup, content)
    others = len(challengers) + len(rivals)
    if setup.mode in FORMATS:  # PvP, with neutral CCs if any (IB 8.4)
        problems, seats = format_seats(setup.mode, players, content, config, deck_rules,
                                       others)
    else:
        if not others:
            raise ContentError(f"{setup.mode}: name an encounter or Challenge Cards to play "
                               "against (IB 6.3.3)")
        problems = _party_problems(setup.mode, players, content, config, deck_rules, others)
        seats = distinct_names(tuple(player_seat(p, 0) for p in players))
    fielded = {key for p in players for key in p.character_keys}
    problems += [f"IB-6.8.1: Rival {key} is a Character a player fields; Rivals are "
                 "unused Characters" for key in rivals if key in fielded]
    if problems:
        raise ContentError(f"{setup.mode}: " + "; ".join(problems))
    ccs = tuple(ChallengerSetup(key) for key in challengers)
    ccs += tuple(ChallengerSetup(key, True, k)
                 for key, k in zip(rivals, rival_keystones(content, len(rivals), seed),
                                   strict=True))
    return Match(content, config, seats, ccs, neutral=setup.mode in FORMATS and bool(ccs))


def check_duel(teams: Sequence[str], content: Content, config: RulesConfig) -> None:
    """ContentError listing every reason the shipped `teams` cannot play a standard 1v1:
    the checks `build_match` makes (IB 2.2.1: a Keystone on every Character; IB 2.9: the
    deck rules; IB 8.2: the format). The Keystone-less `fixture_` teams fail them."""
    problems, _ = format_seats("1v1", [shipped_team(content, key) for key in teams],
                               content, config)
    if problems:
        raise ContentError("1v1: " + "; ".join(problems))


def standard_match(team_a: str, team_b: str, config: RulesConfig | None = None,
                   content: Content | None = None,
                   names: tuple[str, str] = ("North", "South")) -> Match:
    """Standard 1v1 (IB 1.0.1) of two shipped teams, seated as North and South, once
    `check_duel` passes (ContentError otherwise)."""
    content = content or core_content()
    config = config or RulesConfig()
    check_duel((team_a, team_b), content, config)
    return fixture_match(team_a, team_b, config, content, names)


def _opponents(setup: GameSetup, content: Content) -> tuple[list[str], list[str]]:
    challengers, rivals = list(setup.challengers), list(setup.rivals)
    if setup.encounter is not None:
        if setup.encounter not in content.encounters:
            raise ContentError(f"unknown encounter {setup.encounter!r} (known: "
                               f"{', '.join(sorted(content.encounters)) or 'none'})")
        spec = content.encounters[setup.encounter]
        challengers = [*spec.challengers, *challengers]
        rivals = [*spec.rivals, *rivals]
    for key in challengers:
        if key not in content.challenges:
            raise ContentError(f"unknown challenge {key!r} (known: "
                               f"{', '.join(sorted(content.challenges)) or 'none'})")
    for key in rivals:
        content.character(key, "rival")
    return challengers, rivals


def _party_problems(mode: str, players: Sequence[TeamFile], content: Content,
                    config: RulesConfig, deck_rules: DeckRules | None, others: int) -> list[str]:
    """Solo: one player with a standard party of 4 (IB 6.3.1-6.3.2). Co-op: 2-4 players
    sharing a party, decks and points as IB 8.1.2 and AMB-97/99 say. Neither is
    competitive: a deck may hold supply cards (`validate_team`)."""
    if mode == "solo":
        if len(players) != 1:
            return [f"IB-6.3.1: solo is one player, not {len(players)}"]
        fmt: DeckFormat = "standard"
    else:
        if not 2 <= len(players) <= 4:
            return [f"IB-8.1.1: co-op is 2 to 4 players, not {len(players)}"]
        fmt = "coop"
    problems = [f"{p.name} ({p.where}): {v}" for p in players
                for v in validate_team(p, content, config, format=fmt, deck_rules=deck_rules,
                                       competitive=False)]
    if mode == "coop":
        problems += [str(v) for v in validate_side(list(players), content, config,
                                                     format="coop", deck_rules=deck_rules)]
    total = sum(p.controls for p in players) + others
    if total > MAX_TRACK_CHARACTERS:
        problems.append(f"IB-7.8.1: {total} units (Characters, Challenge Cards and Rivals); "
                        f"at most {MAX_TRACK_CHARACTERS} share the track")
    return problems


def rival_keystones(content: Content, count: int, seed: Seed) -> list[str]:
    """IB 6.8.2 / AMB-77: a uniformly random Keystone for each Rival, none on two Rivals
    (it may match a player's: they are on another team)."""
    pool = sorted(content.keystones)
    if count > len(pool):
        raise ContentError(f"{count} Rivals need as many Keystones; the content has "
                           f"{len(pool)} (AMB-77)")
    rng = SplitMix64(derived_seed(seed, RIVAL_SALT))
    rng.shuffle(pool)
    return pool[:count]
