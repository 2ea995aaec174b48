"""Who a GM tracker's link lets in (`Access`) and the error a refused page request
raises (`TrackerError`): shared by the tracker hub, its pages and each system's web
part (:mod:`initiative.server.tracker_parts`)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Access", "TrackerError"]


class TrackerError(ValueError):
    """A request a page may not make, or a command the console refused."""


@dataclass(frozen=True)
class Access:
    """What a link opens: `role` "gm", "players", "spectator" or "pc" (`name`: the
    player character, or the player, its link is for)."""

    role: str
    token: str
    name: str = ""

    @property
    def viewer(self) -> str:
        """The model's viewer name: "GM", the PC's name, or "@spectator"."""
        return "GM" if self.role == "gm" else self.name if self.role == "pc" else "@spectator"

    @property
    def by(self) -> str:
        return "gm" if self.role == "gm" else self.name
