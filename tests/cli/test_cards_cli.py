"""`initiative cards list|show|lint`: output and exit codes (show: 1 unknown name; lint:
1 on errors, 0 with warnings only, 2 unreadable file), Challenge Cards and encounters
included."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from initiative.cli.main import app
from initiative.games.ib.content import core_content
from tests.cli.helpers import run_cli

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = str(ROOT / "examples" / "content" / "example_cards.yaml")
RUNNER = CliRunner()

BAD = """\
cards:
  - {key: fog, name: Fog, kind: event, effects: [{target: enemy}]}
  - {key: kiln, name: Kiln Sigil, kind: sigil, sigil_type: fire,
     tiers: [[{target: enemy, damage: 1}]]}
  - {key: lamp, name: Lamp, kind: support, hp: 3, abilities: [
      {trigger: time_collapse, whose: enemy, effects: [{target: self, heal: 1}]}]}
"""


def cards(*args: str) -> tuple[int, list[str], str]:
    result = RUNNER.invoke(app, ["cards", *args])
    return result.exit_code, result.stdout.splitlines(), result.stderr


def test_list_has_one_line_per_character_keystone_card_challenge_and_encounter() -> None:
    code, lines, _ = cards("list")
    content = core_content()
    assert code == 0
    assert len(lines) == (len(content.characters) + len(content.keystones)
                          + len(content.cards) + len(content.challenges)
                          + len(content.encounters))
    kinds = [line.split()[0] for line in lines]
    # Challenge Cards and encounters come last, each in a group of its own.
    n_cc, n_enc = len(content.challenges), len(content.encounters)
    assert kinds[-n_cc - n_enc:] == ["challenge"] * n_cc + ["encounter"] * n_enc
    assert "challenge" not in kinds[:-n_cc - n_enc]
    assert " ".join(lines[0].split()) == ("character wren Wren Aldous, Tide Archivist (3 pt, "
                                          "initiative 3, speed 4, 12 HP, water/arcane)")
    assert ("technique  searing_mark       Searing Mark (discard 2): Deal 3 damage to an enemy "
            "and Burn it.") in lines
    assert "plain      rope_coil          Rope Coil" in lines


def test_list_filters_by_kind_and_reads_other_content() -> None:
    code, lines, _ = cards("list", "--kind", "event")
    assert code == 0 and lines and all(line.startswith("event ") for line in lines)
    code, lines, _ = cards("list", "--kind", "sigil", "--content", EXAMPLE)
    assert code == 0
    assert ("sigil      tailwind_sigil     Tailwind Sigil (wind sigil): 1: self: move up 1; "
            "2: ally: move up 2 [signature of Vesk Oduya]") in lines
    code, lines, _ = cards("list", "--kind", "support", "--content", EXAMPLE)
    assert code == 0
    assert ("support    bo_lamplighter     Bo the Lamplighter (free, 4 HP): On play: draw 1. "
            "Once per round, when an ally is defeated, draw 1.") in lines
    code, _, err = cards("list", "--kind", "spell")
    assert code == 2 and "--kind: 'spell' is not one of character, keystone" in err
    assert err.strip().endswith("sigil, challenge, encounter")


def test_show_a_card_by_name_in_any_case() -> None:
    code, lines, _ = cards("show", "sEaRiNg MaRk")
    assert code == 0
    assert lines == [
        "Searing Mark (searing_mark)",
        "  kind: technique (playable)",
        "  cost: discard 2",
        "  text: Deal 3 damage to an enemy and Burn it.",
        "  effects:",
        "    1. enemy: 3 damage, burn",
        "  signature of: none",
    ]


def test_show_a_character_with_its_attacks_and_signature_cards() -> None:
    code, lines, _ = cards("show", "aurel", "--content", EXAMPLE)
    assert code == 0
    assert lines == [
        "Aurel Quill, Glass Scholar (aurel)",
        "  kind: character",
        "  points 2, initiative 2, speed 3, 10 HP",
        "  affinities: arcane, water",
        "  Basic Attack (free, +1 Charge): enemy: 1 damage, +1 Charge",
        "  Advanced Attack (1 Charge): enemy: 2 damage, seal",
        "  Break Art (3 Charge): all allies: heal 3; enemy: 3 damage",
        "  signature cards: Marginalia (marginalia)",
    ]


def test_show_a_sigil_with_its_type_and_tiers() -> None:
    code, lines, _ = cards("show", "Cinder Sigil")
    assert code == 0
    assert lines == [
        "Cinder Sigil (cinder_sigil)",
        "  kind: sigil (playable: installed as the action, then used by tier)",
        "  type: fire",
        "  text: 1: deal 1 damage. 2: deal 2 damage and Burn. 3: deal 2 damage to every enemy.",
        "  tiers:",
        "    Discard 1: enemy: 1 damage",
        "    Discard 2: enemy: 2 damage, burn",
        "    Discard 3: all enemies: 2 damage",
        "  signature of: none",
    ]


def test_show_support_and_signature_cards() -> None:
    code, lines, _ = cards("show", "rusk_old_hound", "--content", EXAMPLE)
    assert code == 0
    assert lines[1:] == [
        "  kind: support (playable: enters play as the action and stays until defeated)",
        "  cost: free",
        "  text: Allies take 1 less damage. When Rusk takes damage, the dealer gains Weaken.",
        "  effects: none", "  hp: 7", "  abilities:",
        "    (static, allies): damage taken -1",
        "    (damage taken): trigger unit: weaken",
        "  signature of: none"]
    code, lines, _ = cards("show", "tailwind_sigil", "--content", EXAMPLE)
    assert code == 0
    assert lines[2:] == ["  type: wind", "  text: -", "  tiers:",
                         "    Discard 1: self: move up 1", "    Discard 2: ally: move up 2",
                         "  signature of: Vesk Oduya (vesk)"]  # a printed tier count of 2


def test_show_bulwark_sentry_says_its_reduction_stops_at_1() -> None:
    """The printed text and the compiled passive agree: a 1-damage hit stays 1."""
    code, lines, _ = cards("show", "bulwark_sentry")
    assert code == 0
    assert "  text: On play: an ally without Guard gains Guard. Passive: each hit of 2 or " \
        "more damage on your units deals 1 less." in lines
    assert "    (static, allies): damage taken -1 (a reduction never below 1)" in lines


def test_show_every_entry_sharing_a_name() -> None:
    code, lines, _ = cards("show", "Sela Marchetti")
    assert code == 0
    assert "Sela Marchetti, Windrunner (sela)" in lines
    assert "Sela Marchetti, Storm Courier (sela_courier)" in lines


def test_show_an_unknown_name_lists_close_matches_and_exits_1() -> None:
    code, lines, err = cards("show", "searing mrak")
    assert code == 1 and lines == []
    assert err.strip() == ("error: no card, Character, Keystone, Challenge Card or encounter "
                           "is called 'searing mrak'; close matches: Searing Mark "
                           "(searing_mark)")
    code, _, err = cards("show", "zzzz")
    assert code == 1 and "see `initiative cards list`" in err
    code, lines, err = cards("show", "hour mitte")  # Challenge Cards are suggested too
    assert code == 1 and lines == []
    assert err.strip().endswith("close matches: Hour Mite (hour_mite)")


# --- Challenge Cards and encounters -------------------------------------------------


def test_list_challenge_cards_with_tier_stats_and_text() -> None:
    code, lines, _ = cards("list", "--kind", "challenge")
    assert code == 0
    assert len(lines) == len(core_content().challenges)
    assert all(line.startswith("challenge  ") for line in lines)
    assert ("challenge  hour_mite          Hour Mite (aberrant, initiative 2, speed 3, 5 HP): "
            "A tick-sized gnawer of stray seconds whose small bites add up fast in a swarm."
            ) in lines
    clockheart = next(line for line in lines if " stopped_clockheart " in line)
    assert "The Stopped Clockheart (icon, initiative 6, speed 5, 22 HP, 3 phases): " in clockheart


def test_list_encounters_with_difficulty_challenge_cards_and_rivals() -> None:
    code, lines, _ = cards("list", "--kind", "encounter")
    assert code == 0
    assert len(lines) == len(core_content().encounters)
    assert all(line.startswith("encounter  ") for line in lines)
    assert ("encounter  heart_of_the_rift  Heart of the Rift (difficulty 5): "
            "The Stopped Clockheart, Hour Mite, Gloam Hound x2") in lines
    assert ("encounter  the_severing       The Severing (difficulty 4): High Severer, "
            "Mire Leech, Splinter Crawler, Pendulum Colossus; rivals: Dara Quell") in lines


def test_show_a_challenge_card_with_its_table_trigger_and_break_art() -> None:
    code, lines, _ = cards("show", "GLOAM HOUND")
    assert code == 0
    assert lines == [
        "Gloam Hound (gloam_hound)",
        "  kind: challenge card, tier aberrant",
        "  initiative 4, speed 4, 8 HP",
        "  text: A shadow-hound that builds up to a tearing pounce and snaps wildly when "
        "cornered.",
        "  targets: enemy = the player Character with the lowest HP, never a Support; ties: "
        "the lowest Initiative, then the soonest to act",
        "  targets: ally = the next other Challenge Card on the track (itself if alone)",
        "  passives: none",
        "  on death: none",
        "  d6 table:",
        "    1-2  Bite (basic): enemy: 4 damage",
        "    3-4  Hamstring (advanced): enemy: 3 damage, weaken",
        "    5    Lope (basic): self: move up 1; enemy: 3 damage",
        "    6    Baying Call (ability): all allies: move up 1",
        "  trigger when it has 3 HP or less: Cornered Snap (basic): enemy: 5 damage",
        "  Break Art (3 Charge): Tearing Pounce: enemy: 6 damage",
    ]
    code, lines, _ = cards("show", "hour_mite")
    assert code == 0
    assert "    1-3  Nibble (basic): enemy: 3 damage" in lines
    assert lines[-2:] == ["  trigger: none", "  Break Art: none (no Charge at the End window)"]


def test_show_a_challenge_card_with_phases_passives_on_death_and_spawns() -> None:
    code, lines, _ = cards("show", "The Stopped Clockheart")
    assert code == 0
    assert lines[:3] == ["The Stopped Clockheart (stopped_clockheart)",
                         "  kind: challenge card, tier icon", "  initiative 6, speed 5, 22 HP"]
    assert lines[6:10] == ["  passives:", "    (damage taken, once per round): self: +1 Charge",
                           "    (round end): all enemies: 1 damage",
                           "  on death: all allies: 3 damage"]
    assert "    6    Shed a Mite (ability): self: +1 Charge, spawn Hour Mite" in lines
    assert "  Break Art (3 Charge): Midnight Toll: all enemies: 4 damage" in lines
    second = lines.index("  phase 2, Unwinding: at 14 HP or less, speed 4")
    third = lines.index("  phase 3, Zero Hour: at 7 HP or less, speed 3")
    assert second < third
    assert lines[second + 1] == ("    on enter: all enemies: move back 2; self: guard, "
                                 "spawn Hour Mite")
    assert lines[second + 2:second + 4] == ["    d6 table:",
                                            "      1-2  Spring Lash (basic): enemy: 5 damage"]
    assert "    trigger: none" in lines[second:third]
    assert lines[third + 1] == ("    on enter: self: cleanse all statuses, move up 9, "
                                "spawn Hour Mite")
    assert ("    trigger when an enemy on the track has 3 HP or less: Stop the Heart (basic): "
            "enemy: 5 damage") in lines[third:]
    assert "    Break Art (3 Charge): Toll of Zero: all enemies: 5 damage" in lines[third:]
    assert lines[-1] == "  spawns: Hour Mite (hour_mite); at most 2 of each at once"
    code, lines, _ = cards("show", "chancery_censor")
    assert code == 0
    assert lines[4].startswith("  targets: enemy = the player Character with the most "
                               "Charge (then the lowest HP), never a Support")
    assert ("  trigger when it has 7 HP or less and it has no guard: Audit (basic): "
            "self: guard; enemy: 2 damage") in lines


def test_show_an_encounter_with_its_challenge_cards_and_rivals() -> None:
    code, lines, _ = cards("show", "heart of the rift")
    assert code == 0
    assert lines == [
        "Heart of the Rift (heart_of_the_rift)",
        "  kind: encounter, difficulty 5",
        "  text: At the Rift's core the Stopped Clockheart grinds on, guarded by a mite and "
        "two hounds.",
        "  challenge cards: The Stopped Clockheart (stopped_clockheart, icon), "
        "Hour Mite (hour_mite, aberrant), Gloam Hound (gloam_hound, aberrant) x2",
        "  rivals: none",
        "  spawns: Hour Mite (hour_mite), 2 unit slots kept for each",
        "  units: 6 of the 10 (IB 7.8.1), 4 left for the players' Characters",
    ]
    code, lines, _ = cards("show", "the_severing")
    assert code == 0
    assert lines[3:] == [
        "  challenge cards: High Severer (high_severer, aspect), Mire Leech (mire_leech, "
        "aberrant), Splinter Crawler (splinter_crawler, aberrant), Pendulum Colossus "
        "(pendulum_colossus, construct)",
        "  rivals: Dara Quell (dara); each Rival gets a random Keystone",
        "  units: 5 of the 10 (IB 7.8.1), 5 left for the players' Characters",
    ]


WAX = """\
characters:
  - {key: odo, name: Odo Reed, points: 2, initiative: 3, speed: 4, hp: 10,
     affinities: [fire, earth], basic: [{target: enemy, damage: 1}],
     advanced: [{target: enemy, damage: 2}], break_art: [{target: all_enemies, damage: 2}]}
challenges:
  - key: wick_sprite
    name: Wick Sprite
    tier: aberrant
    initiative: 2
    speed: 4
    hp: 3
    actions: [{roll: "1-6", name: Singe, effects: [{target: enemy, damage: 1}]}]
  - key: tallow_colossus
    name: Tallow Colossus
    tier: icon
    initiative: 6
    speed: 5
    hp: 20
    targeting: highest_hp
    targets_supports: true
    abilities:
      - {static: {scope: self, damage_taken: -1}}
      - trigger: damage_taken
        limit: once_per_round
        effects: [{target: trigger_unit, apply: [burn]}, {target: self, spawn: wick_sprite}]
    on_death: [{target: all_enemies, damage: 1}]
    actions:
      - {roll: "1-3", name: Wax Fist, effects: [{target: enemy, damage: 2}]}
      - {roll: "4-6", name: Relight, kind: ability, effects: [{target: ally, heal: 2}]}
    trigger:
      name: Last Light
      when: {self_hp_at_most: 9, self_has_status: burn, self_lacks_status: guard,
             enemy_hp_at_most: 2, alone: false, round_at_least: 3}
      effects: [{target: self, spawn: wick_sprite}]
    phases:
      - name: Guttering
        at_hp: 10
        actions: [{roll: "1-6", name: Drip, effects: [{target: enemy, damage: 1}]}]
encounters:
  - {key: the_wax_chapel, name: The Wax Chapel, rivals: [odo],
     challengers: [tallow_colossus, tallow_colossus, tallow_colossus, tallow_colossus]}
"""


def test_show_challenge_card_details_from_other_content(tmp_path: Path) -> None:
    wax = tmp_path / "wax.yaml"
    wax.write_text(WAX, encoding="utf-8")
    code, lines, _ = cards("list", "--kind", "challenge", "--content", str(wax))
    assert code == 0
    assert lines[0] == ("challenge  wick_sprite        Wick Sprite (aberrant, initiative 2, "
                        "speed 4, 3 HP): 1-6 Singe")  # no text: the table's moves
    code, lines, _ = cards("show", "tallow colossus", "--content", str(wax))
    assert code == 0
    assert lines[1] == "  kind: challenge card, tier icon"
    assert lines[3:13] == [
        "  text: -",
        "  targets: enemy = the player Character or Support with the highest HP; ties: "
        "the lowest Initiative, then the soonest to act",
        "  targets: ally = the next other Challenge Card on the track (itself if alone)",
        "  passives:",
        "    (static, self): damage taken -1",
        "    (damage taken, once per round): trigger unit: burn; self: spawn Wick Sprite",
        "  on death: all enemies: 1 damage",
        "  d6 table:",
        "    1-3  Wax Fist (basic): enemy: 2 damage",
        "    4-6  Relight (ability): ally: heal 2",
    ]
    assert lines[13] == (
        "  trigger when it has 9 HP or less and it has burn and it has no guard and an enemy "
        "on the track has 2 HP or less and another Challenge Card is on the track and it is "
        "round 3 or later: Last Light (basic): self: spawn Wick Sprite")
    assert lines[14:] == [
        "  Break Art: none (no Charge at the End window)",
        "  phase 2, Guttering: at 10 HP or less, speed 5",  # the card's Speed
        "    on enter: nothing",
        "    d6 table:",
        "      1-6  Drip (basic): enemy: 1 damage",
        "    trigger: none",
        "    Break Art: none (no Charge at the End window)",
        "  spawns: Wick Sprite (wick_sprite); at most 2 of each at once",
    ]
    code, lines, _ = cards("show", "the_wax_chapel", "--content", str(wax))
    assert code == 0
    assert lines[1:] == [
        "  kind: encounter, difficulty 1",
        "  text: -",
        "  challenge cards: Tallow Colossus (tallow_colossus, icon) x4",
        "  rivals: Odo Reed (odo); each Rival gets a random Keystone",
        "  spawns: Wick Sprite (wick_sprite), 2 unit slots kept for each",
        "  units: 7 of the 10 (IB 7.8.1), 3 left for the players' Characters",
    ]


def test_lint_the_shipped_content_by_default() -> None:
    done = run_cli(["cards", "lint"])
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1].startswith("initiative/games/ib/data/core.yaml: ")
    # Sigils are played now; only unused cards may warn (see test_lint.py's xfail).
    assert not any("not playable" in line for line in lines)
    assert all(line.endswith("no deck of this file uses it") for line in lines[:-1])


def test_lint_warnings_alone_exit_0(tmp_path: Path) -> None:
    code, lines, _ = cards("lint", EXAMPLE)
    assert code == 0
    assert lines == [f"{EXAMPLE}: ok"]  # Support cards are played now: nothing to warn
    odd = tmp_path / "odd.yaml"
    odd.write_text(BAD.replace("[{target: enemy}]", "[{target: enemy, damage: 1}]"), "utf-8")
    code, lines, _ = cards("lint", str(odd))
    assert code == 0
    assert lines == [f"warning: {odd} (card 'lamp'), field abilities[0].whose: time_collapse "
                     "fires for everyone; whose is ignored (line 6)",
                     f"{odd}: 0 error(s), 1 warning(s)"]


def test_lint_errors_exit_1_and_every_file_is_reported(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(BAD, encoding="utf-8")
    code, lines, _ = cards("lint", str(bad), EXAMPLE)
    assert code == 1
    assert lines[0].startswith(f"error: {bad} (card 'fog'), field effects[0]: the clause "
                               "does nothing")
    assert lines[1].startswith(f"warning: {bad} (card 'lamp'), field abilities[0].whose")
    assert lines[2] == f"{bad}: 1 error(s), 1 warning(s)"  # the Kiln Sigil is fine
    assert lines[-1] == f"{EXAMPLE}: ok"


def test_lint_an_unreadable_file_exits_2(tmp_path: Path) -> None:
    code, _, err = cards("lint", str(tmp_path / "missing.yaml"))
    assert code == 2 and "missing.yaml: cannot read the file" in err
