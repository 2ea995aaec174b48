"""An original sample roster for tick initiative (section 2d's roster shape, our own
names and numbers): two player characters and two NPCs."""

from __future__ import annotations

from initiative.timing.ticks_rules import CharacterSheet

__all__ = ["sample_roster"]


def sample_roster() -> list[CharacterSheet]:
    """Ryo and Sela (PCs; Sela with a 10-mote pool), Brute and Scout (NPCs)."""
    return [
        CharacterSheet("Ryo", True, stamina=3, wits=3, awareness=2),
        CharacterSheet("Sela", True, stamina=2, wits=2, awareness=3, stealth=2, mote_max=10),
        CharacterSheet("Brute", False, stamina=4, wits=1, awareness=1),
        CharacterSheet("Scout", False, stamina=2, wits=3, awareness=3),
    ]
