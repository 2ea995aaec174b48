"""Move text: the short human spelling of an action (the game's "SAN").

One word, or a word and an argument, always lower case:

====================  ==============================================================
``keep``              keep the opening hand (IB 2.8.2)
``mulligan``          take the mulligan (IB 2.8.2)
``basic``             Basic Attack (IB 4.1)
``advanced``          Advanced Attack (IB 4.2)
``breakart``          Break Art as the action (IB 4.3 A)
``pass``              pass (IB 4.9)
``discard 2``         free discard of the second card in hand (1-based, IB 2.8.7)
``target wren``       choose a unit (by its label) for the current clause (IB 3.8)
``break wren``        declare an Initiative Break with that unit (IB 3.7)
``decline``           declare no Initiative Break in this window
``cleanse burn``      remove that status (a Cleanse of the player's choice, IB 5.2.8)
``flux draw``         spend a campaign token: ``draw``, ``heal_all``, ``heal_active`` (IB 7.4.2)
====================  ==============================================================

Unit labels are `Match.labels` (the character key, numbered on repeats: ``pim2``).
"""

from __future__ import annotations

from initiative.engine.errors import NotationError
from initiative.games.ib import statuses as st
from initiative.games.ib.actions import FLUX_OPTIONS, Action, Kind, word
from initiative.games.ib.state import IBState

_NUMBERED = (Kind.DISCARD, Kind.PLAY, Kind.INSTALL, Kind.SIGIL, Kind.TIER, Kind.REPLACE)
_ALIASES = {"break_art": "breakart", "break-art": "breakart"}


def format_action(state: IBState, action: Action) -> str:
    """The move text of `action` (labels come from the state's match)."""
    kind, arg = action.kind, action.arg
    text = word(kind)
    if kind in _NUMBERED:  # hand slot, Sigil slot or tier, counted from 1 for people
        return f"{text} {arg + 1}"
    if kind == Kind.TARGET or kind == Kind.BREAK:
        return f"{text} {state.match.labels[arg]}"
    if kind == Kind.TARGET_SUPPORT:  # a Support in play (IB 2.5.2), by its label
        return f"{text} {state.match.labels[arg + state.match.num_characters]}"
    if kind == Kind.CLEANSE:
        return f"{text} {st.NAMES[arg]}"
    if kind == Kind.FLUX:
        return f"{text} {FLUX_OPTIONS[arg]}"
    return text


def legal_moves(state: IBState) -> list[str]:
    """The move texts of every legal action now, in the engine's order."""
    return [format_action(state, a) for a in state.legal_actions()]


def parse_action(state: IBState, text: str) -> Action:
    """The legal action that `text` names; NotationError lists the legal moves otherwise."""
    if state.is_terminal():
        raise NotationError(f"move {text!r}: the game is over, no move is legal")
    words = text.strip().lower().split()
    if words:
        words[0] = _ALIASES.get(words[0], words[0])
    wanted = " ".join(words)
    for action in state.legal_actions():
        if format_action(state, action) == wanted:
            return action
    raise NotationError(
        f"move {text!r} is not legal now (legal: {', '.join(legal_moves(state))})"
    )
