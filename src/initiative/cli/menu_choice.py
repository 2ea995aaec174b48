"""What the prompts of the hex game and The Initiative share (cli/hex_prompt.py,
cli/ti_prompt.py): the prompt and the quit words, and a menu answer read against the
`legal` entries of the asking seat's view (a number in the menu or an entry's move
text, any case)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

PROMPT = "Your choice (number or move text, help, q to quit): "
QUIT_WORDS = frozenset({"q", "quit", "exit"})


class ChoiceError(ValueError):
    """An answer that names no legal action; the message says why and what to do."""


def spoken(text: str, n: int) -> str:
    """The answer with its spaces folded; ChoiceError if it is empty (`n` choices)."""
    answer = " ".join(text.split())
    if not answer:
        raise ChoiceError(f"Please enter a number from 1 to {n} or a move text.")
    return answer


def menu_entry(answer: str, legal: Sequence[Mapping[str, Any]]
               ) -> Mapping[str, Any] | None:
    """The legal entry the answer's number or move text names; None if it is neither
    (ChoiceError for a number outside the menu)."""
    n = len(legal)
    if answer.lstrip("+-").isdigit():
        number = int(answer)
        if not 1 <= number <= n:
            raise ChoiceError(f"There is no choice {number}: enter a number from 1 to {n}.")
        return legal[number - 1]
    for entry in legal:
        if answer.lower() == str(entry["text"]).lower():
            return entry
    return None


def not_a_choice(answer: str, why: Exception, legal: Sequence[Mapping[str, Any]]
                 ) -> ChoiceError:
    """The error for an answer that does not parse as a move text."""
    texts = ", ".join(str(e["text"]) for e in legal)
    return ChoiceError(f"{answer!r} is not a choice: {why}. Enter a number from 1 to "
                       f"{len(legal)} or one of: {texts} (help for more).")


def not_legal(text: str, legal: Sequence[Mapping[str, Any]]) -> ChoiceError:
    """The error for a move text that parses but is not legal now."""
    texts = ", ".join(str(e["text"]) for e in legal)
    return ChoiceError(f"{text!r} is not legal now; legal: {texts}.")
