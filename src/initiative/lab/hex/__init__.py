"""The hex skirmish game in the balance lab: its matchup (`matchup.HexMatchup`), how a
seed is played and filed (`rows`), its options of `initiative simulate` (`options`) and
its report (`report`), declared together as the game's lab part `LAB`
(games/hex/entry.py)."""

from initiative.lab.hex.matchup import HexMatchup
from initiative.lab.hex.options import OPTIONS, matchup_of
from initiative.lab.hex.report import REPORT
from initiative.lab.hex.rows import ADAPTER
from initiative.lab.parts import LabGame

__all__ = ["LAB", "HexMatchup"]

LAB = LabGame(ADAPTER, OPTIONS, matchup_of, REPORT)
"""The hex skirmish game's part of the lab (values typed on the command line read as
its flags read them: `none` is no value)."""
