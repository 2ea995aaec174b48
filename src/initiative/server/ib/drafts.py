"""Actions built step by step before they are confirmed on the web table (issue 7:
card, discards, targets, then confirm; anything before the confirm can be taken back).

The drafts and their honest previews are front-end-neutral and live in
games/ib/preview.py, which the terminal reads too (issue 25); this module names them
for the table (server/ib/site.py, render.py).
"""

from initiative.games.ib.preview import (
    ANSWERS,
    MAX_PREVIEW_STEPS,
    PREVIEW_SEED,
    DraftState,
    Pending,
    Preview,
    closes_hidden_answers,
    draft_state,
    in_progress,
    played_copy,
    preview,
)

__all__ = ["ANSWERS", "MAX_PREVIEW_STEPS", "PREVIEW_SEED", "DraftState", "Pending",
           "Preview", "closes_hidden_answers", "draft_state", "in_progress", "played_copy",
           "preview"]
