"""Original sample content for tick initiative (section 2d): a roster of two player
characters and two NPCs, and effect templates for the timers a table tracks most. Names,
numbers and wording are our own."""

from __future__ import annotations

from dataclasses import dataclass

from initiative.timing.ticks_rules import CharacterSheet, Duration

__all__ = ["EFFECT_TEMPLATES", "EffectTemplate", "sample_roster"]


def sample_roster() -> list[CharacterSheet]:
    """Ryo and Sela (PCs; Sela with a 10-mote pool), Brute and Scout (NPCs)."""
    return [
        CharacterSheet("Ryo", True, stamina=3, wits=3, awareness=2),
        CharacterSheet("Sela", True, stamina=2, wits=2, awareness=3, stealth=2, mote_max=10),
        CharacterSheet("Brute", False, stamina=4, wits=1, awareness=1),
        CharacterSheet("Scout", False, stamina=2, wits=3, awareness=3),
    ]


@dataclass(frozen=True, slots=True)
class EffectTemplate:
    """A ready-made timed effect: its label, how long it lasts (EX-19 "one turn", EX-24
    "until the end of your next turn", or until the GM removes it), whether its timer
    runs on the source's turns rather than the affected character's (EX-A15), and an
    Initiative change at the affected character's start of turn (EX-22, step 4)."""

    label: str
    duration: Duration
    anchor_on_source: bool = False
    start_initiative: int = 0
    text: str = ""


EFFECT_TEMPLATES: dict[str, EffectTemplate] = {
    "hounded": EffectTemplate(
        "Hounded", "one_turn", anchor_on_source=True,
        text="beset by the source's pressing blows until the source's next turn starts"),
    "dazzled": EffectTemplate(
        "Dazzled", "one_turn", text="a flash in the eyes; gone when its next turn starts"),
    "steadied": EffectTemplate(
        "Steadied", "until_end_of_next_turn", start_initiative=1,
        text="+1i at the start of its next turn, then it ends"),
    "bleeding": EffectTemplate(
        "Bleeding", "until_end_of_next_turn", start_initiative=-1,
        text="-1i at the start of its next turn, then it ends"),
    "smoke": EffectTemplate(
        "Smoke cover", "until_end_of_next_turn", text="hidden until its next turn ends"),
    "warded": EffectTemplate(
        "Warded", "until_removed", text="a lasting protection; the GM removes it"),
}
"""Effect templates by key (``effect NAME KEY`` in the console)."""
