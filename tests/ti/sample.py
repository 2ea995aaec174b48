"""A small hand-built content for the rules tests (OTHER-RULINGS 3c's sample, with
original names): the Office board, the missions EYE and VAULT-2, a test-only DRILL
mission (the Shade, master tokens, a wall token), four characters and two enemies.

`sample_setup(...)` builds a TISetup; `sample_game(...)` a TIGame."""

from __future__ import annotations

from string import ascii_uppercase, digits
from typing import Any

from initiative.games.ti.actions import GATHER, RUN
from initiative.games.ti.flags import ti_rules
from initiative.games.ti.game import TIGame
from initiative.games.ti.setup import SeatSetup, TISetup
from initiative.games.ti.specs import (
    Board,
    Character,
    Door,
    Enemy,
    EnemyAbility,
    Feature,
    Glyph,
    Mission,
    Placement,
    ResourceCard,
    Room,
    Secret,
    Stack,
    Story,
    TIContent,
    TokenSpec,
    Window,
)

SUITS = ("circle", "square", "triangle")
R1, R2, R3, R4, R5, R6 = range(6)

OFFICE = Board(
    "office", "Office",
    rooms=(Room("r1", "Lobby", 0, 0), Room("r2", "Archive", 1, 0),
           Room("r3", "Server Room", 2, 0), Room("r4", "Entrance Hall", 0, 1),
           Room("r5", "Corridor", 1, 1), Room("r6", "Vault Office", 2, 1)),
    passages=((R1, R2), (R1, R4), (R2, R5), (R3, R6), (R4, R5), (R5, R6)),
    cols=3, rows=2)

GLYPHS = {"alpha": Glyph("alpha", "Lantern", "L"), "beta": Glyph("beta", "Compass", "C"),
          "gamma": Glyph("gamma", "Anchor", "A"), "omega": Glyph("omega", "Crown", "W")}

CARDS = (
    *(ResourceCard(f"{suit}-{v}", suit, v) for suit in SUITS for v in range(1, 13)),
    ResourceCard("time-a", None, 0, 1), ResourceCard("time-b", None, 0, 1),
    ResourceCard("time-c", None, 0, 1), ResourceCard("time-x2", None, 0, 2))

CHARACTERS = {
    "sprinter": Character("sprinter", "Sprinter", "move_2", "Move up to 2 rooms."),
    "analyst": Character("analyst", "Analyst", "reveal_here",
                         "Reveal the top token in your room, even in a safe."),
    "tinkerer": Character("tinkerer", "Tinkerer", "disarm_nearby",
                          "Discard a camera or alarm in a nearby room."),
    "lookout": Character("lookout", "Lookout", "arrange_top_3",
                         "Look at the top 3 deck cards and put them back in any order."),
}

ENEMIES = {
    "watchdog": Enemy("watchdog", "Watchdog", ("square",), 10, (
        EnemyAbility("spiral", "move_toward", "nearest_player", rooms=1,
                     text="Moves 1 room toward the nearest player."),
        EnemyAbility("crescent", "discard_random_here", count=1,
                     text="Each player in its room discards a random card."))),
    "shade": Enemy("shade", "Shade", SUITS, 9, (
        EnemyAbility("spiral", "move_toward", "nearest_stack", rooms=2,
                     text="Moves 2 rooms toward the nearest clue stack."),
        EnemyAbility("crescent", "burn_deck", count=1,
                     text="Burns the top card of the deck."))),
}

SECRETS = {"secret-a": Secret("secret-a", "The Night Shift", "A guard sleeps at noon."),
           "secret-b": Secret("secret-b", "The Second Key", "The vault has a twin.")}

ALPHA_NUM = tuple(ascii_uppercase) + tuple(digits)
OFFICE_FEATURES = (Feature("entrance", R4), Feature("laser_tripwire", R5),
                   Feature("safe", R6))


def t(kind: Any, glyph: str | None = None, icon: Any = None, pile: int | None = None,
      blue: bool = False, story: str | None = None) -> TokenSpec:
    return TokenSpec(kind, glyph, icon, pile, blue, story)


EYE = Mission(
    "eye", 1, "The Vault Word", "Which three-letter word opens the vault?", "office",
    stacks=(Stack(R1, 3), Stack(R2, 2), Stack(R3, 3), Stack(R5, 2), Stack(R6, 3)),
    tan_pool=(t("glyph", "alpha"), t("glyph", "alpha", "spiral"), t("glyph", "beta"),
              t("glyph", "beta", "crescent", story="A torn note mentions the vault."),
              t("glyph", "gamma"), t("glyph", "gamma"), t("camera"), t("camera"),
              t("gas"), t("counter_intel", pile=GATHER), t("alarm"), t("keypad"),
              t("computer")),
    features=OFFICE_FEATURES, doors=(Door(R2, R3),), walls=(),
    windows=(Window("alpha", ("E",)), Window("beta", ("Y",)), Window("alpha", ("E",))),
    answer_area=None, alphabet=ALPHA_NUM,
    story=Story("The office is quiet tonight.", "The vault swings open.",
                "The alarm wails."), difficulty=1)

VAULT_2 = Mission(
    "vault-2", 2, "The Vault Code", "What is the vault code?", "office",
    stacks=(Stack(R1, 2), Stack(R2, 3), Stack(R3, 2, (t("glyph", "omega", blue=True),)),
            Stack(R5, 2), Stack(R6, 3)),
    tan_pool=(t("glyph", "gamma"), t("glyph", "gamma", "crescent"),
              t("glyph", "alpha", "spiral"), t("glyph", "alpha", "crescent"),
              t("glyph", "beta", "spiral"), t("camera"), t("gas"),
              t("counter_intel", pile=RUN), t("alarm"), t("keypad"), t("computer"),
              t("blank", icon="spiral")),
    features=OFFICE_FEATURES, doors=(Door(R2, R3),), walls=(),
    windows=(Window("gamma", ("X",)), Window("alpha", ("4",)),
             Window("omega", ("2", "7"))),
    answer_area=(1, 2), alphabet=ALPHA_NUM, enemies=(Placement("watchdog", R6),),
    back_secret="secret-a", face_secret="secret-b",
    story=Story("The code changes at dawn.", "The code holds.", "The code was wrong."),
    difficulty=2)

DRILL = Mission(
    "drill", 3, "The Drill", "Which letter is drawn on the wall?", "office",
    stacks=(Stack(R1, 2), Stack(R2, 2), Stack(R3, 2), Stack(R5, 2), Stack(R6, 2)),
    tan_pool=(t("glyph", "alpha", "spiral"), t("glyph", "alpha", "crescent"),
              t("master_camera"), t("master_alarm"), t("counter_intel", pile=RUN),
              t("counter_intel", pile=RUN), t("gas", icon="crescent"),
              t("glyph", "beta", "spiral"), t("keypad"), t("computer")),
    features=(*OFFICE_FEATURES, Feature("camera", R1), Feature("alarm", R2)),
    doors=(Door(R2, R3),), walls=((R5, R6),),
    windows=(Window("alpha", ("Q",)),), answer_area=None, alphabet=ALPHA_NUM,
    enemies=(Placement("shade", R3), Placement("watchdog", R1)), difficulty=3)

CONTENT = TIContent(
    cards=CARDS, glyphs=GLYPHS, boards={"office": OFFICE}, characters=CHARACTERS,
    enemies=ENEMIES, secrets=SECRETS,
    missions={"eye": EYE, "vault-2": VAULT_2, "drill": DRILL},
    campaign=("eye", "vault-2"))

NAMES = ("Ada", "Bo", "Cy", "Di")
ORDER = ("sprinter", "analyst", "tinkerer", "lookout")


def sample_setup(mission: str = "eye", seats: int = 2,
                 characters: tuple[str, ...] | None = None,
                 rules: dict[str, Any] | None = None, players: int = 0,
                 secrets: tuple[str, ...] = ()) -> TISetup:
    chosen = characters or ORDER[:seats]
    return TISetup(CONTENT, CONTENT.missions[mission],
                   tuple(SeatSetup(NAMES[i], CHARACTERS[key]) for i, key in enumerate(chosen)),
                   rules=ti_rules(rules), players=players, secrets=secrets)


def sample_game(mission: str = "eye", seats: int = 2, *, explicit_chance: bool = False,
                **kw: Any) -> TIGame:
    return TIGame(sample_setup(mission, seats, **kw), explicit_chance=explicit_chance)
