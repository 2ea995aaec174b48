"""Initiative Break in the balance lab: its matchup (`matchup.Matchup`: shipped or
drafted teams, modes, encounters, content overrides), how a seed is played and filed
(`rows`), its options of `initiative simulate` (`options`) and its report (`report`),
declared together as the game's lab part `LAB` (games/ib/entry.py)."""

from initiative.games.ib.config import parse_flag_value
from initiative.lab.ib.matchup import Matchup
from initiative.lab.ib.options import OPTIONS, matchup_of
from initiative.lab.ib.report import REPORT
from initiative.lab.ib.rows import ADAPTER
from initiative.lab.parts import LabGame

__all__ = ["LAB", "Matchup"]

LAB = LabGame(ADAPTER, OPTIONS, matchup_of, REPORT, parse_flag_value)
"""Initiative Break's part of the lab."""
