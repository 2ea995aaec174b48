"""IB 7: the campaign rules between battles, and how a campaign sets up its next battle.

A campaign moves on by choices (`choices` lists the legal ones, `choose` applies one)
and by the end of a battle (`finish_battle`). Inside a battle the campaign acts only
through the battle's setup and rules (`battle_match`): persistent HP, Charge, Sigils,
damage bonuses and Flux Surge tokens (IB 7.1, 7.3.4, 7.4), Elite modifiers (IB 7.7),
and the rolled battle modifiers (IB 7.9).

Choices are plain dicts (JSON), e.g. ``{"type": "prepare", "rehab": None, "elite":
False}``, ``{"type": "reward", "choice": "heal", "character": "wren"}``,
``{"type": "advance", "character": "wren", "option": "damage"}``,
``{"type": "branch", "battle": "b3"}``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass
from typing import Any, Literal

from initiative.engine.errors import ContentError, IllegalActionError
from initiative.engine.rng import SplitMix64
from initiative.games.ib.campaign.model import BattleResult, Campaign, CampaignPlan, Member
from initiative.games.ib.campaign.plans import Modifier, StartChange, modifier
from initiative.games.ib.config import RulesConfig, check_flags
from initiative.games.ib.deckbuilding import TeamFile, validate_team
from initiative.games.ib.match import ChallengerSetup, Match, SeatSetup, UnitStart
from initiative.games.ib.modes import rival_keystones
from initiative.games.ib.specs import Content
from initiative.games.ib.state import IBState

Choice = dict[str, Any]
HEAL_REWARD = 5  # IB 7.3.1
RECOVERY = 4  # IB 7.2.1
XP_FOR_ADVANCEMENT = 3  # IB 7.3.3
PARTY_SEAT = "Party"
"""The one seat of a campaign battle, as the table names it (not the campaign's name)."""


@dataclass(frozen=True)
class CampaignRules:
    """The campaign flags of IB-RULINGS.md section L (first value = default)."""

    half_hp_rounding: Literal["down", "up"] = "down"  # AMB-101
    defeated_recover_4: bool = False  # AMB-102
    flux_token_per_victory: Literal["auto", "reward_only"] = "auto"  # AMB-104
    xp_overflow: Literal["lost", "carry"] = "lost"  # AMB-106
    advancement_hp_heals: bool = False  # AMB-107
    campaign_loss: Literal["campaign_over", "retry_battle"] = "campaign_over"  # AMB-109
    reward_heal_defeated: bool = True  # AMB-117

    @classmethod
    def from_dict(cls, data: dict[str, Any], where: str = "campaign rules") -> CampaignRules:
        check_flags(cls, data, where, "campaign")
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        """The flags that differ from the defaults."""
        default = asdict(CampaignRules())
        return {k: v for k, v in asdict(self).items() if v != default[k]}


class CampaignError(IllegalActionError):
    """A choice that is not legal now; the message lists the legal ones."""


# --- starting a campaign -------------------------------------------------------------


def new_campaign(name: str, team: TeamFile, plan: CampaignPlan, content: Content, seed: int,
                 rules: CampaignRules | None = None,
                 battle_rules: dict[str, Any] | None = None) -> Campaign:
    """IB 7.1.1: four Characters with fixed Keystones and a legal standard deck."""
    config = RulesConfig().with_flags(battle_rules or {}, "battle rules")
    problems = [str(v) for v in validate_team(team, content, config, competitive=False)]
    if problems:
        raise ContentError(f"{team.where}: " + "; ".join(problems))
    party = [Member(character=m.character, keystone=m.keystone,
                    hp=content.characters[m.character].hp) for m in team.characters]
    return Campaign(name=name, seed=seed, plan=plan, rules=(rules or CampaignRules()).to_dict(),
                    battle_rules=config.to_dict(only_changed=True), party=party,
                    deck=list(team.cards()), battle=plan.battles[0].id)


def rules_of(campaign: Campaign) -> CampaignRules:
    return CampaignRules.from_dict(campaign.rules)


# --- choices ---------------------------------------------------------------------------


def choices(campaign: Campaign, content: Content) -> list[Choice]:
    """Every legal choice now (empty during a battle and once the campaign is over)."""
    stage = campaign.stage
    if stage == "prepare":
        sitters: list[str | None] = [None]
        if campaign.fought >= 1:  # IB 7.6.1 / AMB-108: from the second battle on
            sitters += [m.character for m in campaign.party]
        return [{"type": "prepare", "rehab": r, "elite": e} for r in sitters
                for e in (False, True)]
    if stage == "reward":
        return _rewards(campaign, content)
    if stage == "advance":
        who = campaign.advances[0]
        return [{"type": "advance", "character": who, "option": o} for o in ("hp", "damage")]
    if stage == "branch":
        return [{"type": "branch", "battle": b}
                for b in campaign.plan.after(campaign.battle)]
    return []


def offered(campaign: Campaign, content: Content) -> list[Choice]:
    """The legal choices worth offering a person: all but a heal reward (IB 7.3.1) for
    a Character at full HP, which would gain nothing (still legal, as the rules word
    it: a bot or a replayed record may take it)."""
    full = {m.character for m in campaign.party if m.hp >= m.max_hp(content)}
    return [c for c in choices(campaign, content)
            if not (c["type"] == "reward" and c["choice"] == "heal"
                    and c["character"] in full)]


def _rewards(campaign: Campaign, content: Content) -> list[Choice]:
    """IB 7.3.1: heal one Character 5, install a Sigil from the deck, or a token."""
    last = campaign.history[-1]
    heal = [m.character for m in campaign.party
            if rules_of(campaign).reward_heal_defeated or m.character not in last.defeated]
    out: list[Choice] = [{"type": "reward", "choice": "heal", "character": k} for k in heal]
    for member in campaign.party:
        spec = content.characters[member.character]
        for key in sorted(set(campaign.deck)):
            card = content.cards[content.card_index[key]]
            if card.kind == "sigil" and card.sigil_type in spec.affinities:  # IB 4.5.2
                out.append({"type": "reward", "choice": "sigil",
                            "character": member.character, "card": key})
    out.append({"type": "reward", "choice": "flux"})
    return out


def choose(campaign: Campaign, choice: Choice, content: Content) -> Campaign:
    """Apply one legal choice; the campaign given is left as it was."""
    legal = choices(campaign, content)
    if choice not in legal:
        shown = "; ".join(map(str, legal[:12])) + (" ..." if len(legal) > 12 else "")
        raise CampaignError(f"{choice} is not a legal choice at stage {campaign.stage!r} "
                            f"(legal: {shown or 'none'})")
    c = campaign.model_copy(deep=True)
    kind = choice["type"]
    if kind == "prepare":
        _prepare(c, choice["rehab"], choice["elite"], content)
    elif kind == "reward":
        _reward(c, choice, content)
    elif kind == "advance":
        _advance(c, choice["character"], choice["option"], content)
    else:
        c.battle, c.stage = choice["battle"], "prepare"
    return c


def _prepare(c: Campaign, rehab: str | None, elite: bool, content: Content) -> None:
    """IB 7.6.2 / AMB-108: the sitting Character loses 1 Injury, heals to its new maximum
    and keeps no Charge. IB 7.7: Elite. IB 7.9.1: modifiers from the second battle on."""
    c.rehab, c.elite, c.stage = rehab, elite, "battle"
    if rehab is not None:
        member = c.member(rehab)
        member.injuries = max(0, member.injuries - 1)
        member.hp = member.max_hp(content)
        member.charge = 0
    c.modifiers = []
    if c.fought >= 1:  # 2d6 on each table (IB 7.9.1)
        rng = _rng(c, 1)
        c.modifiers = [rng.roll(6) + rng.roll(6), rng.roll(6) + rng.roll(6)]


def _reward(c: Campaign, choice: Choice, content: Content) -> None:
    what = choice["choice"]
    if what == "heal":  # AMB-117: capped at the (new) maximum
        member = c.member(choice["character"])
        member.hp = min(member.max_hp(content), member.hp + HEAL_REWARD)
    elif what == "sigil":  # AMB-111: the type and one-per-type rules apply
        member = c.member(choice["character"])
        card = content.cards[content.card_index[choice["card"]]]
        kinds = {content.cards[content.card_index[k]].sigil_type: k for k in member.sigils}
        one_per_type = RulesConfig().with_flags(c.battle_rules).sigil_one_per_type  # AMB-43
        replaced = (kinds.get(card.sigil_type) if one_per_type else None) or (
            member.sigils[0] if len(member.sigils) >= 2 else None)
        if replaced is not None:  # IB 4.5.5: the replaced Sigil returns to the deck
            member.sigils.remove(replaced)
            c.deck.append(replaced)
        c.deck.remove(card.key)
        member.sigils.append(card.key)
    else:
        c.flux += 1
    c.rewards_left -= 1
    if c.rewards_left == 0:
        _after_rewards(c, content)


def _after_rewards(c: Campaign, content: Content) -> None:
    """AMB-103: XP and Advancements after the rewards (IB 7.3.2-7.3.3)."""
    last = c.history[-1]
    gain = 2 if last.elite else 1
    rules = rules_of(c)
    for member in c.party:
        if member.character in last.defeated or member.character == last.rehab:
            continue
        member.xp += gain
        while member.xp >= XP_FOR_ADVANCEMENT:
            c.advances.append(member.character)
            member.xp = member.xp - XP_FOR_ADVANCEMENT if rules.xp_overflow == "carry" else 0
    if c.advances:
        c.stage = "advance"
    else:
        _end_of_victory(c)


def _advance(c: Campaign, character: str, option: str, content: Content) -> None:
    """IB 7.3.4: +2 max HP (healing too only under `advancement_hp_heals`, AMB-107) or
    +1 to all damage the Character deals."""
    member = c.member(character)
    if option == "hp":
        member.hp_advances += 1
        if rules_of(c).advancement_hp_heals:
            member.hp += 2
    else:
        member.damage_advances += 1
    c.advances.pop(0)
    if not c.advances:
        _end_of_victory(c)


def _end_of_victory(c: Campaign) -> None:
    """AMB-104 / AMB-113: the automatic token (2 after a Rehabilitation), then the next
    battle, a fork of the story, or the campaign won."""
    last = c.history[-1]
    if rules_of(c).flux_token_per_victory == "auto":
        c.flux += 2 if last.rehab else 1
    following = c.plan.after(c.battle)
    if not following:
        c.stage = "won"
    elif len(following) == 1:
        c.battle, c.stage = following[0], "prepare"
    else:
        c.stage = "branch"


# --- the battle -----------------------------------------------------------------------------


def _rng(c: Campaign, purpose: int) -> SplitMix64:
    """The campaign's dice for one purpose of one battle (deterministic by seed)."""
    return SplitMix64(c.seed * 1_000_003 + c.fought * 7 + purpose)


def battle_seed(c: Campaign) -> int:
    return _rng(c, 2).next64()


def battle_match(c: Campaign, content: Content) -> Match:
    """The Match of the battle being fought: the fighting Characters with their
    persistent state, the battle's CCs (Elite and modified), and the battle's rules."""
    if c.stage != "battle":
        raise CampaignError(f"no battle is being fought (stage {c.stage!r})")
    plan = c.plan.battle(c.battle)
    mods = battle_modifiers(c)
    flags = dict(c.battle_rules)
    for mod in mods:
        flags.update(mod.rules)
    config = RulesConfig().with_flags(flags, "battle rules")
    fighters = [m for m in c.party if m.character != c.rehab]
    party_change = _sum_changes([m.party for m in mods])
    starts = [(m.character, _member_start(m, party_change, content)) for m in fighters]
    seat = SeatSetup(PARTY_SEAT, 0, tuple(m.character for m in fighters), tuple(c.deck),
                     tuple(m.keystone or "" for m in fighters)
                     if all(m.keystone for m in fighters) else (),
                     flux=c.flux + sum(m.flux for m in mods))
    keys = rival_keystones(content, len(plan.rivals), battle_seed(c))
    ccs = tuple(ChallengerSetup(k) for k in plan.challengers) + tuple(
        ChallengerSetup(k, True, ks) for k, ks in zip(plan.rivals, keys, strict=True))
    bare = Match(content, config, (seat,), ccs, starts=tuple(starts))
    change = _sum_changes([m.challengers for m in mods])
    if not c.elite and change == StartChange():
        return bare
    for u in range(bare.num_characters):
        if bare.is_challenge(u):
            reserve = bool((bare.reserve_mask >> u) & 1)
            starts.append((bare.labels[u], _cc_start(c.elite, change, bare.max_hp[u], reserve)))
    return Match(content, config, (seat,), ccs, starts=tuple(starts))


def battle_modifiers(c: Campaign) -> list[Modifier]:
    """The rolled modifiers of this battle: instant, then persistent (IB 7.9.1)."""
    return [modifier(table, roll) for table, roll in zip(("instant", "persistent"),
                                                         c.modifiers, strict=False)]


def _sum_changes(changes: list[StartChange]) -> StartChange:
    return StartChange(hp=sum(x.hp for x in changes), max_hp=sum(x.max_hp for x in changes),
                       charge=min(3, max((x.charge for x in changes), default=0)),
                       statuses=tuple(s for x in changes for s in x.statuses))


def _member_start(member: Member, change: StartChange, content: Content) -> UnitStart:
    """IB 7.1: current HP (no full heal), carried Charge, Sigils, Injuries and
    Advancements; plus the instant modifiers of this battle (IB 7.9)."""
    top = member.max_hp(content) + change.max_hp
    base = content.characters[member.character].hp
    hp = max(1, min(top, member.hp + change.hp))
    return UnitStart(max_hp=top - base, hp=hp, charge=max(member.charge, change.charge),
                     statuses=change.statuses, sigils=tuple(member.sigils),
                     damage_bonus=member.damage_advances)


def _cc_start(elite: bool, change: StartChange, printed: int, reserve: bool) -> UnitStart:
    """IB 7.7.1 / AMB-79: Elite is +2 HP (maximum and current) and +1 to every damage
    instance the CC deals; modifiers change the maximum, the HP it starts with (below
    its maximum), its Charge or statuses. A CC kept for spawning takes only the
    maximum and the damage bonus (it joins later, at full HP)."""
    top = printed + (2 if elite else 0) + change.max_hp
    bonus = 1 if elite else 0
    if reserve:
        return UnitStart(max_hp=top - printed, damage_bonus=bonus)
    hp = max(1, min(top, top + change.hp)) if change.hp else None
    return UnitStart(max_hp=top - printed, hp=hp, charge=change.charge,
                     statuses=change.statuses, damage_bonus=bonus)


def finish_battle(c: Campaign, state: IBState, content: Content) -> Campaign:
    """The battle is over: record it and apply IB 7.2 (victory) or AMB-109 (defeat)."""
    if not state.is_terminal():
        raise CampaignError("the battle is not over")
    match = state.match
    won = state.result == 0
    units = {match.labels[u]: u for u in match.seat_units[0]}
    defeated = [k for k, u in units.items() if not state.on_track(u)]
    out = c.model_copy(deep=True)
    out.history.append(BattleResult(battle=c.battle, won=won, elite=c.elite, rehab=c.rehab,
                                    modifiers=c.modifiers, defeated=defeated,
                                    activations=state.activations))
    out.fought += 1
    if not won:  # AMB-109: over, or the same battle again as it was set up
        out.stage = "lost" if rules_of(c).campaign_loss == "campaign_over" else "battle"
        return out
    _recover(out, state, units, defeated, content)
    spent = match.seats[0].flux - state.flux[0]  # a modifier's tokens go first (IB 7.9)
    extra = match.seats[0].flux - c.flux
    out.flux = c.flux - max(0, spent - extra)
    out.rewards_left = 2 if c.elite else 1  # IB 7.7.2: one extra reward
    out.stage = "reward"
    return out


def _recover(c: Campaign, state: IBState, units: dict[str, int], defeated: list[str],
             content: Content) -> None:
    """IB 7.2 in the order of AMB-103: statuses go, Supports return to the deck (the
    whole deck comes back, installed Sigils aside: AMB-110); survivors recover 4 HP and
    carry 1 Charge if they had any (IB 7.1.2); the defeated take an Injury and start
    next time at half HP (IB 7.2.2, AMB-101, AMB-102) with no Charge (AMB-114)."""
    rules = rules_of(c)
    match = state.match
    cards = match.content.cards
    installed: Counter[str] = Counter()
    for member in c.party:
        u = units.get(member.character)
        if u is None:  # sitting out: its Sigils were never in this battle's deck list
            continue
        member.sigils = [cards[card].key for card, seat in state.sigils[u] if seat == 0]
        installed.update(member.sigils)
        top = member.max_hp(content)
        if member.character in defeated:
            member.injuries += 1
            top = member.max_hp(content)
            half = (top + 1) // 2 if rules.half_hp_rounding == "up" else top // 2
            member.hp = max(1, half)
            if rules.defeated_recover_4:
                member.hp = min(top, member.hp + RECOVERY)
            member.charge = 0
        else:
            member.hp = min(top, state.hp[u] + RECOVERY)
            member.charge = 1 if state.charge[u] >= 1 else 0
    deck = Counter(cards[card].key for card in match.decklists[0])
    deck.subtract(installed)
    c.deck = sorted(deck.elements())
