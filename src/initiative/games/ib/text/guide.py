"""How to play Initiative Break, in the project's own words, topic by topic.

The web table's "How to play" page shows every topic and the terminal game's `help
TOPIC` prints one. Each topic cites the rule ids of the register (IB-x.y.z) and, where
the rules are unclear, the house rule the engine follows by default (AMB-nn, with its
flag in `RulesConfig`; docs/rules-interpretations.md explains each reading).
"""

from __future__ import annotations

from dataclasses import dataclass

from initiative.games.ib.text.details import STATUS_TEXT, Details, Section


@dataclass(frozen=True, slots=True)
class Topic:
    key: str
    title: str
    rules: str
    """The rule ids the topic rests on."""
    summary: str
    """One line (the terminal's `help`)."""
    paragraphs: tuple[str, ...]


FLAGS_NOTE = (
    "These pages describe the default reading of every unclear rule. A table can be "
    "created with other house-rule flags (listed by the command initiative rules), and a flag can "
    "change a reading described here; each one is listed with its AMB id in "
    "docs/rules-interpretations.md.")

TOPICS: tuple[Topic, ...] = (
    Topic("track", "The Initiative Track", "IB-3.0.1, IB-3.1, IB-2.9.3-2.9.7",
          "one line of units; the leftmost acts, then moves right by its Speed", (
              "There is no board: the only battlefield is the Initiative Track, one line of "
              "every Character and Challenge Card in play (IB-1.0.2). At setup the units are "
              "lined up by Initiative, lowest on the left; ties go to lower Speed, then "
              "lower HP (IB-2.9.3, 2.9.4).",
              "The unit in the leftmost slot is the Active Character and is the one acting "
              "(IB-3.1.2). Sides do not take turns: whichever side's unit stands leftmost "
              "acts first, and the first Active Character is the leftmost unit after setup "
              "(IB-2.9.7). On the web table the track reads left to right; on a narrow "
              "screen it wraps, still in that order.",
              "After acting, the unit moves right past as many units as its Speed; the units "
              "it passes slide one slot left and the new leftmost unit acts (IB-3.1.3, "
              "3.3.1). A lower Speed brings a unit back sooner, so it acts more often "
              "(IB-3.1.4). A move never goes past the right end (IB-3.1.5).",
              "Move Up X shifts a unit X slots left, Move Back X shifts it X slots right "
              "(IB-3.4.1). Move Up never puts a unit into the leftmost slot (IB-3.4.3); a "
              "blocked move goes as far as it can (AMB-04, `move_limit_behavior`). A move "
              "on the Active Character waits until after its Speed move (IB-3.4.6).")),
    Topic("round", "The Round Marker and rounds", "IB-3.5, AMB-01-03, AMB-18",
          "the RM steps left after every activation; units past it are out of round", (
              "The Round Marker (RM) starts at the far right of the track (IB-3.5.1). After "
              "every activation the active unit makes its Speed move and then the RM moves "
              "one slot left (IB-3.5.2).",
              "A unit past the RM is out of round: it does not act again this round, and "
              "Move Up / Move Back no longer affect it, but it can be targeted as usual "
              "(IB-3.5.3). By default every unit right of the RM counts as out of round, "
              "however it got there (AMB-03, `out_of_round_rule`). A unit whose move would "
              "carry it past the RM goes to the end of the track instead (IB-3.5.5, AMB-02).",
              "When the RM reaches the far left the round ends: the RM returns to the far "
              "right, once-per-round effects refresh and the leftmost unit acts next "
              "(IB-3.5.4; AMB-18 settles when exactly). Defeated units shorten the RM's "
              "walk, so rounds get shorter as the battle goes on (IB-3.5.6).")),
    Topic("collapse", "Time Collapse", "IB-3.6, AMB-23-27",
          "when few units remain, the RM is removed and rounds stop", (
              "When the number of units left on the track is no more than the lowest Speed "
              "among them, the Round Marker is removed: this is Time Collapse (IB-3.6.1; who "
              "counts is AMB-23, `time_collapse_population`, checked also at setup, AMB-24).",
              "From then on there are no rounds and nobody is out of round (IB-3.6.2); units "
              "keep acting in track order (IB-3.6.4, AMB-26) until one side is gone "
              "(IB-3.6.5). Round-based effects may fire one last time and never refresh "
              "(IB-3.6.3, AMB-27). The table shows TIME COLLAPSE where the round number "
              "was.")),
    Topic("activation", "An activation, step by step", "IB-3.2, IB-2.8, IB-3.2.6",
          "status check, start window, draw, one action, end window, movement", (
              "Every activation runs six steps in order (IB-3.2.1): (1) Status Check: the "
              "unit's Burn and Stun resolve (IB-3.2.2); (2) start-of-activation abilities "
              "(IB-3.2.3); (3) Draw: its player draws 1 card when holding fewer than 5, and "
              "a player who must draw and cannot loses (IB-3.2.4, 2.8.5, 2.8.6); (4) Action: "
              "exactly one action (IB-3.2.5); (5) end-of-activation abilities (IB-3.2.7); "
              "(6) Movement: the Speed move, then the RM step (IB-3.2.8, 3.5.2).",
              "The actions (IB-3.2.6): Basic Attack (free, +1 Charge), Advanced Attack "
              "(1 Charge), Break Art (3 Charge), play a Technique or an Event (pay its "
              "discard cost), play a Support Character, install a Sigil, use an installed "
              "Sigil, use the Keystone ability, or Pass. During your own activation you may "
              "also discard one card for free (IB-2.8.7; AMB-15, "
              "`free_discards_per_activation`).",
              "Hands hold at most 5 cards and a draw beyond 5 does not happen (IB-2.8.3, "
              "2.8.4). Each player may take one mulligan of the opening 5 cards (IB-2.8.2).")),
    Topic("charge", "Charge, Break Arts and the Initiative Break",
          "IB-3.7, IB-4.1-4.3, AMB-29-34",
          "3 Charge buys a Break Art as the action, or an Initiative Break at any moment", (
              "A unit gains 1 Charge for each Basic Attack; cards and abilities can give "
              "more; Charge never goes above 3 (IB-3.7.1-3.7.3). An Advanced Attack first "
              "spends 1 Charge (IB-4.2.1).",
              "At 3 Charge the unit may use its Break Art as its action: it spends all 3 and "
              "then makes its usual Speed move (IB-3.7.4, 4.3.1).",
              "Or its player may declare an Initiative Break (IB) at almost any moment, even "
              "during another unit's turn (IB-3.7.5): the unit jumps to the far left, "
              "performs its Break Art, then goes to the end of the track and is out of round "
              "(IB-3.7.6; AMB-29, `ib_end_position`). An IB is not an activation: no draw, "
              "no start or end triggers, and the RM does not move (IB-3.7.7, AMB-21). The "
              "Charge is paid when the IB is declared (AMB-33). Declared by the acting "
              "unit itself, an IB ends that unit's own activation (AMB-34, "
              "`active_unit_ib`).",
              "The table offers the IB in windows: after an action is declared, after it "
              "resolves, and between activations (AMB-32, `ib_response_window`); a seat "
              "with no unit at 3 Charge is never asked. Several IBs resolve last declared "
              "first (IB-3.7.8); simultaneous ones by Speed (IB-3.7.9, AMB-31). An IB whose "
              "unit is defeated first is cancelled (IB-3.7.10).")),
    Topic("cards", "Cards: Techniques, Events, Supports", "IB-2.4-2.7, IB-4.4, IB-4.7, IB-4.8",
          "play a card as the action by discarding its cost", (
              "A Technique is played during your unit's activation as its action, by "
              "discarding as many other cards as its cost (IB-4.4.1). An Event resolves at "
              "once and is discarded; some are free (IB-4.8.1; when it may be played is "
              "AMB-48, `event_timing`).",
              "A Support Character is played as the action and stays in play off the track "
              "with its HP: it resolves its on-play effect, keeps its passive, can be "
              "attacked and is discarded at 0 HP (IB-4.7.1, 2.5).",
              "Cards with no effect of their own are supplies: they are there to be "
              "discarded for costs. Card texts are public; which cards a player holds is "
              "not.")),
    Topic("sigils", "Sigils and Keystones", "IB-2.2, IB-2.3, IB-4.5, IB-4.6, AMB-40-43",
          "install a Sigil on a matching Character; a Keystone adds an ability and a passive", (
              "Installing a Sigil is a whole action; it goes on the acting Character or an "
              "ally that prints the Sigil's type, and at once resolves its Discard 1 tier "
              "for free (IB-4.5.1-4.5.3). A Character holds at most 2 Sigils, one per "
              "printed type; to install beyond that, an installed one is discarded first "
              "(IB-4.5.5, AMB-43).",
              "An installed Sigil can be used once per activation, as the action (AMB-42): "
              "choose a tier, Discard 1, 2 or 3, and discard that many cards "
              "(IB-4.5.6, 4.5.7; AMB-40, `sigil_activation_cost`).",
              "Each Character carries one Keystone (IB-2.2.1): an always-on passive "
              "(IB-2.2.3) and an ability used as the action like a Sigil's (IB-4.6.2), "
              "costing 1 Charge by default (AMB-41, `keystone_ability_cost`).")),
    Topic("statuses", "Statuses", "IB-5.1, IB-5.2, IB-5.3, AMB-51-54",
          "Burn, Stun, Seal, Mute wait for the next activation; Guard, Weaken, Insight for "
          "damage", (
              "Attacks, cards and Challenge Cards can apply statuses to any Character or "
              "Challenge Card (IB-5.1.1, 5.1.2). A status goes away once it has triggered "
              "(IB-5.1.5). Burn, Stun, Seal and Mute act at the start of the unit's next "
              "activation; Guard, Weaken and Insight wait for damage (IB-5.1.4, 5.3). A "
              "second copy of a status has no effect by default (AMB-54, "
              "`status_stacking`); Weaken applies before Guard (AMB-51, `damage_order`).",
              *(f"{name.capitalize()}: {text}." for name, text in STATUS_TEXT.items()),
              "Cleanse removes the named status, or one of your choice when none is named; "
              "Cleanse All removes every status (IB-5.2.8). Heal restores HP up to the "
              "maximum (IB-5.2.9, AMB-59).")),
    Topic("challenges", "Challenge Cards and Rivals", "IB-6.1-6.8, AMB-67, AMB-72",
          "the game plays them: Break Art at 3 Charge, else trigger, else a d6 roll", (
              "Challenge Cards (CCs) are played by the game. They have Initiative, Speed and "
              "HP, sit on the track and follow the core rules unless their text says "
              "otherwise (IB-6.1). When one acts: at 3 Charge it uses its Break Art; else, "
              "if its trigger condition holds, the trigger's action; else it rolls a d6 on "
              "its table (IB-6.4.2, AMB-67 `cc_priority`). It targets the enemy Character "
              "with the lowest HP unless its card says otherwise (IB-6.5.1).",
              "Rivals are spare Characters played as CCs with a Keystone each; they roll a "
              "d6 for Basic Attack, Keystone ability, Advanced Attack or Break Art "
              "(IB-6.8, AMB-72). Open a CC's details on the table to read its table, "
              "trigger, Break Art and phases.")),
    Topic("winning", "How a game ends", "IB-6.7.2, IB-3.6.5, IB-2.8.6",
          "the last side with Characters wins", (
              "A side whose Characters are all defeated is out; the last side standing "
              "wins (IB-3.6.5). Against Challenge Cards the players win when every CC is "
              "defeated (IB-6.7.2). A player who must draw and cannot loses (IB-2.8.6).",)),
)


def topic(name: str) -> Topic | None:
    """A topic by key or title prefix (case-insensitive)."""
    wanted = name.strip().lower()
    for t in TOPICS:
        if wanted in (t.key, t.title.lower()) or t.title.lower().startswith(wanted):
            return t
    return None


def topic_details(t: Topic) -> Details:
    """A topic as a details entry (`rules-round`): the table explains its Round Marker
    and Time Collapse in the same dialog as its units and cards."""
    return Details(f"rules-{t.key}", t.title, f"Rules {t.rules}",
                   (Section("How it works", t.paragraphs),))
