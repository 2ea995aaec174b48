"""What one seat of the hex skirmish game sees at a prompt of `initiative play`.

Everything here reads one seat's view dict (`HexView.to_dict()`, docs/hex.md) and
nothing else, so a screen can hold only what that seat may know: its own hand, the
public line, tokens, health and dice. Plain text (no styles), so a transcript, a pipe
and a terminal read the same.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from initiative.games.hex.board_text import choice_marks, render_board
from initiative.games.hex.geometry import FACING_NAMES

REACH_KINDS = frozenset({"turn", "target", "order"})
"""Decisions where the deciding unit's Style-card reach is drawn on the map."""


def _sign(n: int) -> str:
    return f"power {n:+d}"


def card_text(key: str, card: Mapping[str, Any]) -> str:
    """A card's name, key and three sections in a line."""
    return f"{card['name']} ({key}): {card_sections(card)}"


def card_sections(card: Mapping[str, Any]) -> str:
    """A card's three sections (HX-14) in a line:
    `Move 2, displace | Attack 2 dice, push | Reaction 1 shield, move 1`."""
    move, attack, react = card["move"], card["attack"], card["reaction"]
    top = [f"Move {move['steps']}"] + (["displace"] if move["displace"] else []) \
        + ([_sign(move["power"])] if move["power"] else [])
    dice = attack["dice"]
    mid = [f"Attack {dice} {'die' if dice == 1 else 'dice'}"] + [
        word for word in ("barrage", "fumble", "push") if attack[word]] \
        + ([_sign(attack["power"])] if attack["power"] else [])
    low: list[str] = []
    if react["shields"]:
        low.append(f"{react['shields']} shield{'s' if react['shields'] != 1 else ''}")
    if react["steps"] is not None:
        low.append(f"move {react['steps']}" + (" with displace" if react["displace"] else ""))
    if react["power"]:
        low.append(_sign(react["power"]))
    return f"{', '.join(top)} | {', '.join(mid)} | Reaction {', '.join(low) or 'none'}"


def seat_name(view: Mapping[str, Any], seat: int) -> str:
    """The seat's one name, as every front end shows it (`SeatSetup.label`)."""
    return str(view["seat_names"][seat])


def line_text(view: Mapping[str, Any]) -> str:
    """The initiative line (HX-9): who acts in order, `>` on the card being resolved,
    `?` on a card not revealed yet (HX-A1 one_per_turn)."""
    line = view["line"]
    parts = []
    for i, who in enumerate(line["cards"]):
        name = "?" if who is None else "special" if who == "special" \
            else view["seat_names"][int(who)]
        parts.append(f"{'>' if i == line['at'] else ''}{i + 1}.{name}")
    return "Initiative line: " + (" ".join(parts) if parts else "(not dealt yet)")


def unit_lines(view: Mapping[str, Any]) -> list[str]:
    """Each unit in two lines: where it stands and faces, health and Power tokens; then
    its player's card counts and public discard pile."""
    out = []
    for u in view["units"]:
        s = int(u["seat"])
        where = (f"at {u['hex'][0]},{u['hex'][1]} facing {FACING_NAMES[int(u['facing'])]}"
                 if u["alive"] and u["hex"] is not None else "eliminated")
        style = view["styles"][u["style"]]["name"]
        names = [view["cards"][k]["name"] for k in view["discards"][s]]
        out += [f"  {s + 1} {seat_name(view, s)}, Style {style}: {where}, "
                f"health {u['health']}/{u['max_health']}, power {u['power']}",
                f"      hand {view['hand_counts'][s]}, deck {view['deck_counts'][s]}, "
                f"discard {len(names)}" + (f" ({', '.join(names)})" if names else "")]
    return out


def dice_lines(view: Mapping[str, Any]) -> list[str]:
    """The dice of the attack being resolved (public once rolled) and the hits."""
    pending = view.get("pending") or {}
    rolls: Mapping[str, list[int]] = pending.get("rolls") or {}
    hits: Mapping[str, int] = pending.get("hits") or {}
    out = []
    for key in sorted(set(rolls) | set(hits), key=int):
        faces = " ".join(map(str, rolls.get(key, []))) or "-"
        n = hits.get(key, 0)
        out.append(f"  against {seat_name(view, int(key))}: rolled {faces}, "
                   f"{n} hit{'' if n == 1 else 's'}")
    return out


def hand_lines(view: Mapping[str, Any]) -> list[str]:
    """This seat's own hand, slot by slot (the number `move N` / `attack N` names)."""
    me = int(view["seat"])
    if me < 0:
        return []
    hand = view["hand"]
    head = f"{seat_name(view, me)}'s hand:" + ("" if hand else " empty")
    out = [head]
    for i, key in enumerate(hand):
        card = view["cards"][key]
        out += [f"  slot {i}: {card['name']} ({key})", f"      {card_sections(card)}"]
    return out


def log_lines(view: Mapping[str, Any], start: int) -> list[str]:
    return [f"  {entry['text']}" for entry in view["log"][start:]]


def menu_lines(view: Mapping[str, Any]) -> list[str]:
    """The numbered legal actions: `  3. step NE  - Move one hex north-east`."""
    legal = view.get("legal") or []
    width = max((len(e["text"]) for e in legal), default=0)
    return [f"  {n:>2}. {e['text']:<{width}}  - {e['label']}"
            for n, e in enumerate(legal, start=1)]


def decision_title(view: Mapping[str, Any]) -> str:
    """`Corvell (Player 1) decides: move (Lunge, move; 2 steps left)`."""
    pending = view.get("pending") or {}
    kind = pending.get("kind", "turn")
    card = pending.get("card")
    about = [f"{view['cards'][card]['name']}, {pending.get('section')}"] \
        if card in view["cards"] else []
    left = pending.get("steps_left")
    if kind == "move" and left:
        about.append(f"{left} step{'s' if left != 1 else ''} left")
    return f"{seat_name(view, int(view['seat']))} decides: {kind}" \
        + (f" ({'; '.join(about)})" if about else "")


def board_text(view: Mapping[str, Any], reach: int | None = None) -> str:
    """The map with the choices marked; the reach of `reach`'s unit, or by default of
    the deciding unit at a turn, target or order decision."""
    pending = view.get("pending") or {}
    if reach is None and pending.get("kind") in REACH_KINDS and view.get("legal"):
        unit = pending.get("unit")
        reach = int(unit) if unit is not None else int(pending.get("seat", view["seat"]))
    return render_board(view, marks=choice_marks(view), reach=reach)


def screen(view: Mapping[str, Any], log_start: int) -> str:
    """The whole prompt screen of the deciding seat."""
    news = log_lines(view, log_start)
    parts: list[str] = []
    if news:
        parts += ["-- Since your last decision --" if log_start else "-- The game so far --",
                  *news]
    parts += [f"== Round {view['round']}, {view['phase']} phase ==", board_text(view),
              line_text(view), "Units:", *unit_lines(view)]
    dice = dice_lines(view)
    if dice:
        parts += ["Dice:", *dice]
    parts += hand_lines(view)
    if view.get("legal"):
        parts += ["", decision_title(view), *menu_lines(view)]
    return "\n".join(parts)


def result_text(view: Mapping[str, Any]) -> str:
    winner = view.get("winner")
    if winner is None:
        return "The game ends with no winner." if view.get("over") else "The game is not over."
    return f"{seat_name(view, int(winner))} wins."
