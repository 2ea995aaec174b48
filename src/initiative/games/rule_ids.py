"""Rule ids in texts, for every game: a person reads the words, and the ids a text
cites (`IB 3.7`, `AMB-34`, `HX-31`, `HX-A3`, `TI-8`, `TI-A2`) go to the details (a
tooltip, a dim rules line), from this one function (issue 25: the main text in words)."""

from __future__ import annotations

import re

RULE_ID = re.compile(
    r"\b(?:IB[- ]\d+(?:\.\d+)*|(?:AMB|HX|TI|EX|FA)-A?\d+)"
    r"(?:(?:, ?| and |\.\.)(?:(?:HX|TI)-A?\d+|\d+\.\d+(?:\.\d+)*))*")
"""A rule id as the texts cite it: `IB 3.7`, `IB-5.2.4`, `AMB-34`, `IB 4.5.6, 4.5.7`,
`HX-16`, `HX-A3`, `TI-A2`, `TI-26..TI-38`."""
_ASIDE = re.compile(r"\s*\(([^()]*)\)")


def split_rules(text: str) -> tuple[str, tuple[str, ...]]:
    """`text` in words only, and the rule ids its asides cited: a person reads the words
    and finds the ids in the details (a tooltip, `help`). `Answer the window first
    (break or decline, IB 3.7)` -> (`Answer the window first (break or decline)`,
    (`IB 3.7`,))."""
    found: list[str] = []

    def aside(match: re.Match[str]) -> str:
        inner = match.group(1)
        ids = RULE_ID.findall(inner)
        if not ids:
            return match.group(0)
        found.extend(ids)
        rest = RULE_ID.sub("", inner)
        rest = re.sub(r"\s*[,;]\s*(?=[,;]|$)", "", rest).strip(" ,;")
        return f" ({rest})" if rest else ""

    return _ASIDE.sub(aside, text), tuple(found)
