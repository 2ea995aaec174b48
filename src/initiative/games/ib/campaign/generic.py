"""Generic campaigns (IB 7.10.2, 7.11): 6 to 10 battles built from the Challenge Cards a
player owns, following the suggested difficulty curve of `data/campaigns.yaml`.

How a battle is built, deterministically from the seed (one SplitMix64 for the whole
campaign, drawn in a fixed order):

1. The curve step of the battle gives a [low, high] count for each tier (a campaign of
   N < 10 battles uses the first N steps). A count is drawn in each range, strongest
   tier first. A tier the step asks for (low > 0) with no owned card is an error: the
   rules let players customise their battles (IB 7.11.1), which this builder leaves to
   them.
2. The cards of a tier are dealt from the owned cards of that tier, shuffled, reshuffled
   when all have been dealt; so a key repeats only once every owned card of its tier is
   in the battle (several copies of an Aberrant are fine).
3. A battle has 3 to 6 Challenge Cards (IB 7.8.1): if the draws give fewer than 3, the
   weakest tiers are raised within their ranges.
4. The party, the cards and SPAWN_RESERVE slots for every kind of CC they can spawn
   (spawns of spawns included) must fit the 10 units of the track (IB 7.8.1). While they
   do not, a card is taken off a tier drawn above its low count (weakest tier first);
   then, as the one documented departure from the curve, Aberrants are dropped below
   their count, never below 3 cards in all. A battle that still does not fit is an error
   naming it.
"""

from __future__ import annotations

from collections.abc import Sequence

from initiative.engine.errors import ContentError
from initiative.engine.rng import SplitMix64
from initiative.games.ib.actions import MAX_UNITS
from initiative.games.ib.campaign.model import BattlePlan, CampaignPlan
from initiative.games.ib.campaign.plans import CurveStep, campaign_data
from initiative.games.ib.match import SPAWN_RESERVE
from initiative.games.ib.specs import Content

MIN_BATTLES, MAX_BATTLES = 6, 10  # IB 7.11.1
MIN_CCS, MAX_CCS = 3, 6  # IB 7.8.1
TIERS = ("icon", "aspect", "construct", "aberrant")
"""Strongest first (AMB-124): the order counts are drawn and cards are listed in."""
_WORD = {"icon": ("Icon", "Icons"), "aspect": ("Aspect", "Aspects"),
         "construct": ("Construct", "Constructs"), "aberrant": ("Aberrant", "Aberrants")}


def generic_plan(content: Content, battles: int, seed: int, owned: Sequence[str] | None = None,
                 party_size: int = 4, *, curve: Sequence[CurveStep] | None = None
                 ) -> CampaignPlan:
    """A generic campaign of `battles` battles (6-10) from the CCs in `owned` (keys of
    `content`'s Challenge Cards; default: all of them) for a party of `party_size`
    Characters (IB 7.8: 4, or 3 under Rehabilitation). `curve` replaces the shipped
    suggested curve (IB 7.11.1). Same arguments, same plan."""
    if isinstance(battles, bool) or not MIN_BATTLES <= battles <= MAX_BATTLES:
        raise ContentError(f"a generic campaign has {MIN_BATTLES} to {MAX_BATTLES} battles "
                           f"(IB 7.11.1), not {battles}")
    if isinstance(party_size, bool) or not 1 <= party_size <= 4:
        raise ContentError(f"a campaign party has 1 to 4 Characters (IB 7.8.1), "
                           f"not {party_size}")
    steps = tuple(curve) if curve is not None else campaign_data().curve
    if len(steps) < battles:
        raise ContentError(f"the difficulty curve has {len(steps)} steps, too few for "
                           f"{battles} battles")
    pools = _pools(content, owned)
    rng = SplitMix64(seed)
    plans = [_battle(content, n, steps[n - 1], pools, rng, party_size, n == battles)
             for n in range(1, battles + 1)]
    return CampaignPlan(
        key=f"generic_{seed}", name=f"Generic campaign ({battles} battles, seed {seed})",
        text=f"{battles} battles along the suggested difficulty curve (IB 7.11), drawn "
             f"from {sum(map(len, pools.values()))} owned Challenge Cards.",
        battles=plans)


def _pools(content: Content, owned: Sequence[str] | None) -> dict[str, list[str]]:
    """The owned CC keys of each tier, in content order (so `owned`'s order is moot)."""
    if isinstance(owned, str):
        raise ContentError("owned: expected a list of Challenge Card keys, not one string")
    chosen = set(content.challenges) if owned is None else set(owned)
    unknown = sorted(chosen - set(content.challenges))
    if unknown:
        raise ContentError(f"owned: unknown Challenge Card {', '.join(map(repr, unknown))} "
                           f"(known: {', '.join(sorted(content.challenges))})")
    pools: dict[str, list[str]] = {tier: [] for tier in TIERS}
    for key, spec in content.challenges.items():
        if key in chosen and spec.tier in pools:
            pools[spec.tier].append(key)
    return pools


def _deal(pool: list[str], n: int, rng: SplitMix64) -> list[str]:
    """`n` keys from `pool`: a shuffled pass, then another, so repeats come last."""
    dealt: list[str] = []
    while len(dealt) < n:
        deck = list(pool)
        rng.shuffle(deck)
        dealt += deck
    return dealt[:n]


def spawn_kinds(content: Content, keys: Sequence[str]) -> list[str]:
    """Every kind of CC that the CCs `keys` can spawn, spawns of spawns included (each
    keeps SPAWN_RESERVE unit slots when the match is set up)."""
    found: list[str] = []
    todo = [s for key in keys for s in content.challenges[key].spawns]
    while todo:
        key = todo.pop(0)
        if key in found:
            continue
        found.append(key)
        spec = content.challenges.get(key)
        if spec is not None:
            todo += spec.spawns
    return found


def _battle(content: Content, n: int, step: CurveStep, pools: dict[str, list[str]],
            rng: SplitMix64, party_size: int, last: bool) -> BattlePlan:
    where = f"generic campaign, battle {n}"
    fields = step.model_dump(by_alias=True)  # by its YAML names, whatever the attributes
    ranges: dict[str, tuple[int, int]] = {tier: tuple(fields[tier]) for tier in TIERS}
    for tier, (low, high) in ranges.items():
        if low > high or low < 0:
            raise ContentError(f"{where}: the curve's {tier} range {low}-{high} is not a range")
        if low and not pools[tier]:
            raise ContentError(
                f"{where}: step {n} of the suggested curve (IB 7.11.1) needs {low} "
                f"{_WORD[tier][low > 1]} but none of the owned Challenge Cards is one; "
                "the rules let players rearrange or customise battles, so own one or "
                "build this battle by hand")
    counts = {tier: 0 if not pools[tier] else low + rng.below(high - low + 1)
              for tier, (low, high) in ranges.items()}
    dealt = {tier: _deal(pools[tier], ranges[tier][1], rng) if pools[tier] else []
             for tier in TIERS}

    def keys() -> list[str]:
        return [key for tier in TIERS for key in dealt[tier][:counts[tier]]]

    def units() -> int:
        chosen = keys()
        return party_size + len(chosen) + SPAWN_RESERVE * len(spawn_kinds(content, chosen))

    for tier in reversed(TIERS):  # too few cards: raise the weakest tiers within range
        while sum(counts.values()) < MIN_CCS and counts[tier] < len(dealt[tier]):
            counts[tier] += 1
    if sum(counts.values()) < MIN_CCS:
        raise ContentError(f"{where}: the curve allows at most {sum(counts.values())} "
                           f"Challenge Cards here; a battle has {MIN_CCS} to {MAX_CCS} "
                           "(IB 7.8.1)")
    dropped = 0
    while sum(counts.values()) > MAX_CCS or units() > MAX_UNITS:
        total = sum(counts.values())
        slack = [t for t in reversed(TIERS) if counts[t] > ranges[t][0]]
        if total > MIN_CCS and slack:
            counts[slack[0]] -= 1
        elif total > MIN_CCS and counts["aberrant"]:
            counts["aberrant"] -= 1
            dropped += 1
        else:
            raise ContentError(
                f"{where}: {party_size} Characters, {total} Challenge Cards and "
                f"{SPAWN_RESERVE} slots for each kind they can spawn make {units()} units; "
                f"the track holds {MAX_UNITS} and a battle has at least {MIN_CCS} cards "
                "(IB 7.8.1)")
    chosen = keys()
    names = [content.challenges[k].name for k in chosen]
    text = "Face " + _and([f"{name} x{names.count(name)}" if names.count(name) > 1 else name
                           for name in dict.fromkeys(names)]) + "."
    if dropped:
        text += (f" {dropped} {_WORD['aberrant'][dropped > 1]} fewer than the curve "
                 f"suggests, to keep the track within {MAX_UNITS} units (IB 7.8.1).")
    title = _and([_WORD[t][counts[t] > 1] for t in TIERS if counts[t]])
    return BattlePlan(id=f"battle_{n}", name=f"Battle {n}: {title}", text=text,
                      challengers=chosen, last=last)


def _and(words: Sequence[str]) -> str:
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"
