"""Reading a person's answer at a prompt of The Initiative: a menu number, a move text
(`play run 14`, `move 2`), a symbol at the answer step (`E`), or a question that spends
no decision (`help`, `card NAME`, `room NAME`, `map`, `log`). Everything reads the
asking seat's view dict only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from initiative.cli.menu_choice import PROMPT as PROMPT
from initiative.cli.menu_choice import QUIT_WORDS as QUIT_WORDS
from initiative.cli.menu_choice import ChoiceError as ChoiceError
from initiative.cli.menu_choice import menu_entry, not_a_choice, not_legal, spoken
from initiative.cli.ti import screen as ti_screen
from initiative.games.ti.actions import Kind, TIAction, act, action_text, from_index, parse
from initiative.games.ti.board_text import card_text, link_mark, token_code

HELP = """Answer with:
  NUMBER        the numbered choice (e.g. 2)
  move text     a move by its ids: `play run 14` (card 14 of your hand on RUN),
                `move 2` (to room 2), `end`, `special`, `solve`, `yes`, `no`
  SYMBOL        at the answer step: the symbol itself (e.g. E); `erase` takes the
                last one back, `announce` gives the complete answer
  help          this text
  card NAME     a character, an enemy, a glyph, a secret, or a card by id (`card 14`)
  room NAME     a room (number, key or name): passages, tokens, people, enemies
                (when `room N` is a choice, INTEL's room, it is that choice)
  map           the board with the key to its codes, and your screen again
  log           everything that happened so far
  q             quit (a record, if asked for, is still saved)
A turn: 1 or 2 actions, each a card played higher than a pile's top (`play PILE CARD`)
or the special action (`special`, then two `discard CARD`); `end` after one; `tuck
ENEMY CARD` puts a card of its suit under an enemy in your room once a turn. `solve`
proposes an answer: enter one symbol per position (`erase` takes the last one back),
`announce` it, then everyone else votes yes or no."""
TOKEN_NAMES: Mapping[str, str] = {
    "glyph": "glyph", "keypad": "keypad (collect it to unlock a door)",
    "computer": "computer access (collect it to discard a trap or feature)",
    "camera": "security camera (a card off the deck at the end of a turn here)",
    "gas": "gas", "counter_intel": "counter intel (blocks its action pile)",
    "alarm": "alarm (GATHER/INTEL here must use your highest card)",
    "master_camera": "master security camera (collectable; a camera while here)",
    "master_alarm": "master alarm (collectable; an alarm while here)",
    "blank": "blank token", "entrance": "entrance",
    "laser_tripwire": "laser tripwire (a RUN entering here stops)",
    "safe": "safe (INTEL cannot reveal here)"}


def symbol_choice(answer: str, view: Mapping[str, Any]) -> TIAction | None:
    """At the answer step, the SYMBOL action for a typed symbol (an exact match first,
    then one ignoring case); None if `answer` is not one of the mission's symbols, or
    the answer is complete (then a number is a menu choice)."""
    pending = view.get("pending") or {}
    if pending.get("kind") != "answer" or not any(
            str(e["kind"]).lower() == "symbol" for e in view.get("legal") or ()):
        return None
    alphabet = [str(s) for s in view["mission"]["alphabet"]]
    for i, symbol in enumerate(alphabet):
        if symbol == answer:
            return act(Kind.SYMBOL, i)
    folded = [i for i, s in enumerate(alphabet) if s.lower() == answer.lower()]
    return act(Kind.SYMBOL, folded[0]) if len(folded) == 1 else None


def parse_choice(text: str, view: Mapping[str, Any]) -> TIAction:
    """The action an answer names: a symbol at the answer step, a number in the menu or
    a move text."""
    legal: Sequence[Mapping[str, Any]] = view.get("legal") or []
    legal_actions = [from_index(int(e["index"])) for e in legal]
    answer = spoken(text, len(legal))
    symbol = symbol_choice(answer, view)
    if symbol is not None:
        if symbol in legal_actions:
            return symbol
        raise ChoiceError(f"{answer!r} cannot be entered now.")
    entry = menu_entry(answer, legal)
    if entry is not None:
        return from_index(int(entry["index"]))
    try:
        action = parse(answer)
    except (ValueError, IndexError) as exc:
        raise not_a_choice(answer, exc, legal) from None
    if action in legal_actions:
        return action
    raise not_legal(action_text(action), legal)


def _find(wanted: str, names: Sequence[tuple[str, ...]]) -> list[int]:
    """Indices whose names (key, name, ...) match `wanted` exactly, else by their start."""
    w = wanted.strip().lower()
    exact = [i for i, keys in enumerate(names) if w in (k.lower() for k in keys)]
    return exact or [i for i, keys in enumerate(names)
                     if any(k.lower().startswith(w) for k in keys)]


def room_answer(view: Mapping[str, Any], name: str) -> str:
    """`room NAME`: one room by number, key or name (or their start): its passages and
    what lies there."""
    rooms = view["board"]["rooms"]
    wanted = name.strip()
    if not wanted:
        return "Which room? e.g. `room " + str(rooms[0]["name"]) + "`; rooms: " \
            + ", ".join(f"{i} {r['name']}" for i, r in enumerate(rooms)) + "."
    found = _find(wanted, [(str(i), str(r["key"]), str(r["name"]))
                           for i, r in enumerate(rooms)])
    if len(found) != 1:
        said = "matches several rooms" if found else "names no room"
        return f"{wanted!r} {said}; rooms: " + ", ".join(
            f"{i} {r['name']}" for i, r in enumerate(rooms)) + "."
    i = found[0]
    here = view["rooms"][i]
    exits = []
    for link in view["board"]["links"]:
        a, b = int(link["a"]), int(link["b"])
        if i in (a, b):
            other = rooms[b if a == i else a]["name"]
            mark = link_mark(link)
            how = {"#": "closed by a wall token", "": "passage"}.get(
                mark, f"door {link.get('door')}, {'locked' if link.get('locked') else 'open'}")
            exits.append(f"{other} ({how})")
    enemies = view["enemies"]
    lines = [f"{i} {rooms[i]['name']} ({rooms[i]['key']}):",
             "  Passages: " + (", ".join(exits) or "none"),
             f"  Face-down tokens: {here['stack']}"]
    for token in [*here["face_up"], *here["features"]]:
        kind = str(token["kind"])
        what = TOKEN_NAMES.get(kind, kind)
        if kind == "glyph":
            glyph = view["glyphs"].get(token.get("glyph"), {})
            what = f"glyph {glyph.get('name', token.get('glyph'))}" + (
                "" if token.get("on_mission", True) else " (not on the mission)")
        if kind == "counter_intel" and token.get("pile"):
            what += f" on {str(token['pile']).upper()}"
        extra = [w for w, on in (("blue", token.get("blue")),
                                 (str(token.get("icon")), token.get("icon"))) if on]
        lines.append(f"  Token {token['id']} [{token_code(token, view)}]: {what}"
                     + (f" ({', '.join(extra)})" if extra else ""))
    people = [ti_screen.seat_name(view, int(s)) for s in here["characters"]]
    lines.append("  People: " + (", ".join(people) or "nobody"))
    lines.append("  Enemies: " + (", ".join(str(enemies[e]["name"])
                                            for e in here["enemies"]) or "none"))
    return "\n".join(lines)


def _card_entries(view: Mapping[str, Any]) -> list[tuple[tuple[str, ...], str]]:
    """Every card-like thing a seat can look up: (names, description)."""
    out: list[tuple[tuple[str, ...], str]] = []
    for c in view["characters"]:
        out.append(((str(c["key"]), str(c["name"])),
                    f"{c['name']} ({c['key']}), played by "
                    f"{ti_screen.seat_name(view, int(c['seat']))}: special action "
                    f"(discard 2 cards): {c['text']}"))
    for e in view["enemies"]:
        abilities = "; ".join(f"{a['icon']}: {str(a['text']).rstrip('.')}"
                              for a in e["abilities"])
        tucked = ", ".join(card_text(c) for c in e["tucked"]) or "nothing"
        out.append(((str(e["key"]), str(e["name"])),
                    f"{e['name']} ({e['key']}): enemy of suit {'/'.join(e['suits'])}, "
                    f"strength {e['strength']}{', defeated' if e['defeated'] else ''}; "
                    f"{abilities or 'no abilities'}; tucked under it: {tucked}"))
    for key, glyph in view["glyphs"].items():
        on = "on this mission" if key in view["mission"]["glyphs"] else \
            "not on this mission (may be removed when revealed)"
        out.append(((str(key), str(glyph["name"]), str(glyph["mark"])),
                    f"Glyph {glyph['name']} ({key}), drawn {glyph['mark']}: {on}"))
    for s in view.get("secrets") or ():
        out.append(((str(s["key"]), str(s["title"])), f"Secret {s['title']}: {s['text']}"))
    return out


def _visible_cards(view: Mapping[str, Any]) -> dict[int, Mapping[str, Any]]:
    """Resource cards this seat can see, by id: its hand, the piles, the discard, the
    cards under enemies and a looked-at deck top."""
    seen = [*view["hand"], *view["discard"], *(view.get("deck_top") or ())]
    for pile in view["piles"]:
        seen += pile["cards"]
    for e in view["enemies"]:
        seen += e["tucked"]
    return {int(c["id"]): c for c in seen}


def card_answer(view: Mapping[str, Any], name: str) -> str:
    """`card NAME`: a character, enemy, glyph or secret by key or name (or their start),
    or a resource card this seat can see by id."""
    wanted = name.strip()
    entries = _card_entries(view)
    if not wanted:
        return "Which card? e.g. `card " + (entries[0][0][0] if entries else "14") + "`."
    if wanted.isdigit():
        card = _visible_cards(view).get(int(wanted))
        if card is None:
            return f"No card {wanted} is in sight (your hand, the piles, the discard)."
        time = f", {card['time']} time" if card.get("time") else ""
        return f"Card {wanted} ({card['key']}): {card_text(card)}{time}"
    found = _find(wanted, [names for names, _ in entries])
    if len(found) != 1:
        said = "matches several cards" if found else "names nothing"
        listed = ", ".join(names[0] for names, _ in entries)
        return f"{wanted!r} {said}; you can look up: {listed}, or a card id."
    return entries[found[0]][1]


def log_answer(view: Mapping[str, Any]) -> str:
    return "\n".join(["-- The whole log --", *ti_screen.log_lines(view)])


def question(text: str, view: Mapping[str, Any], log_start: int) -> str | None:
    """The answer to a question that spends no decision; None if `text` is a choice
    (a legal move text wins: `room 3` picks INTEL's room when that is a choice, and
    describes room 3 otherwise)."""
    said = " ".join(text.split()).lower()
    if any(said == str(e["text"]).lower() for e in view.get("legal") or ()):
        return None
    word, _, rest = text.strip().partition(" ")
    word = word.lower()
    if word in ("help", "?"):
        return HELP
    if word == "card":
        return card_answer(view, rest)
    if word == "room":
        return room_answer(view, rest)
    if word == "log":
        return log_answer(view)
    if word == "map":
        return "\n".join([ti_screen.board_text(view, legend=True),
                          ti_screen.screen(view, log_start)])
    return None

