"""Errors with messages that say what is wrong and where."""

from __future__ import annotations


class InitiativeError(Exception):
    """Base of every error this project raises on bad input."""


class IllegalActionError(InitiativeError):
    """An action that is not legal now; the state is unchanged."""


def not_legal_now(action: object, seat: int, count: int) -> IllegalActionError:
    """The error for an action the deciding `seat` may not take now: it names the
    action, the seat and how many actions are legal, never the list (legal actions can
    name the cards of a hidden hand, and a front end may show the text to anyone)."""
    plural = "" if count == 1 else "s"
    return IllegalActionError(f"{action!s} is not legal now for seat {seat} "
                              f"({count} legal action{plural})")


class ContentError(InitiativeError):
    """A content file (characters, decks) is invalid; the message names file, entry, field."""


class NotationError(InitiativeError):
    """A position, record or move text cannot be read; the message names the place."""


class ConfigError(InitiativeError):
    """An unknown house-rule flag or a value it does not accept."""


class GameParamError(ConfigError):
    """`load_game` was given a game name it does not know, a parameter the game does not
    take, or a value the parameter does not accept; the message lists the valid ones."""
