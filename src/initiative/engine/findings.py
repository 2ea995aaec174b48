"""What a content linter reports, whichever game's content it reads: one finding per
problem, an error (the rules cannot play it) or a warning (legal, probably a slip)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Level = Literal["error", "warning"]


@dataclass(frozen=True)
class Finding:
    """One problem: `message` starts with the file (and entry, and field)."""

    level: Level
    message: str

    @property
    def is_error(self) -> bool:
        return self.level == "error"

    def __str__(self) -> str:
        return f"{self.level}: {self.message}"
