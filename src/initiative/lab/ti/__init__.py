"""The Initiative in the balance lab: its matchup (`matchup.TIMatchup`), how a seed is
played and filed (`rows`), its options of `initiative simulate` (`options`) and its
report (`report`), declared together as the game's lab part `LAB`
(games/ti/entry.py)."""

from initiative.lab.parts import LabGame
from initiative.lab.ti.matchup import TIMatchup
from initiative.lab.ti.options import OPTIONS, matchup_of
from initiative.lab.ti.report import REPORT
from initiative.lab.ti.rows import ADAPTER

__all__ = ["LAB", "TIMatchup"]

LAB = LabGame(ADAPTER, OPTIONS, matchup_of, REPORT)
"""The Initiative's part of the lab (values typed on the command line read as its flags
read them: `none` is no value)."""
