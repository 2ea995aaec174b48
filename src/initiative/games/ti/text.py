"""Words: the sentence of every log event and a readable label for every action in
context. Rendered only when someone reads them (events are int tuples on the hot
path). Private events (events.PRIVATE) name their card; a view shows them only to
their seat."""

from __future__ import annotations

from collections.abc import Callable

from initiative.games.ti import events as ev
from initiative.games.ti.actions import MAX_CARDS, PILES, Kind, TIAction
from initiative.games.ti.frames import ENEMY_MOVE, VOTE, Frame
from initiative.games.ti.setup import TISetup
from initiative.games.ti.specs import Feature

KIND_NAMES = {
    "glyph": "glyph", "keypad": "keypad", "computer": "computer access",
    "camera": "security camera", "gas": "gas", "counter_intel": "counter intel",
    "alarm": "alarm", "master_camera": "master security camera",
    "master_alarm": "master alarm", "blank": "blank", "entrance": "entrance",
    "laser_tripwire": "laser tripwire", "safe": "safe"}
REASON_TEXT = {"wrong_answer": "the answer was wrong", "time": "time ran out",
               "stall": "nobody could act or draw"}


def seat_name(setup: TISetup, seat: int) -> str:
    return setup.seats[seat].name if 0 <= seat < setup.num_seats else f"seat {seat}"


def card_name(setup: TISetup, card: int) -> str:
    """E.g. `circle 7`, or `time card (x2)` for the double time card (TI-51)."""
    c = setup.content.cards[card]
    if c.time:
        return "time card" + (f" (x{c.time})" if c.time > 1 else "")
    return f"{c.suit} {c.value}" if c.suit else f"{c.key} {c.value}"


def room_name(setup: TISetup, room: int) -> str:
    return "the " + setup.board.rooms[room].name


def pile_name(pile: int) -> str:
    return PILES[pile].upper()


def token_name(setup: TISetup, token: int) -> str:
    """E.g. `the lantern glyph token (spiral)`, `the security camera`."""
    clues = setup.clue_tokens
    if token >= len(clues):
        face: Feature = setup.features[token - len(clues)]
        return f"the {KIND_NAMES[face.kind]}"
    spec = clues[token]
    if spec.kind == "glyph" and spec.glyph is not None:
        glyph = setup.content.glyphs.get(spec.glyph)
        text = f"the {glyph.name if glyph else spec.glyph} glyph token"
    elif spec.kind == "counter_intel" and spec.pile is not None:
        text = f"the counter intel token ({pile_name(spec.pile)})"
    else:
        text = f"the {KIND_NAMES[spec.kind]} token"
    if spec.blue:
        text = text.replace("the ", "the blue ", 1)
    return text + (f" ({spec.icon})" if spec.icon else "")


def enemy_name(setup: TISetup, enemy: int) -> str:
    """The enemy's name as a sentence goes on ("the Night Warden"): a name that already
    starts with an article keeps it, lower-cased."""
    name = setup.content.enemies[setup.mission.enemies[enemy].enemy].name
    head, _, rest = name.partition(" ")
    if head.lower() in ("the", "a", "an") and rest:
        return f"{head.lower()} {rest}"
    return f"the {name}"


def opening(text: str) -> str:
    """`text` with its first letter capitalised and the rest untouched."""
    return text[:1].upper() + text[1:]


def symbol(setup: TISetup, index: int) -> str:
    alphabet = setup.mission.alphabet
    return alphabet[index] if 0 <= index < len(alphabet) else "?"


def door_name(setup: TISetup, door: int) -> str:
    d = setup.mission.doors[door]
    return f"the door between {room_name(setup, d.a)} and {room_name(setup, d.b)}"


def describe(setup: TISetup, event: ev.Event) -> str:
    """The sentence of one event."""
    code, *f = event
    name = seat_name(setup, f[0]) if f and code in _SEAT_FIRST else ""
    render = _SENTENCES.get(code)
    if render is None:
        raise ValueError(f"no sentence for event {event!r}")
    return render(setup, name, f)


_SEAT_FIRST = frozenset({
    ev.FIRST_PLAYER, ev.PLAYED, ev.SPECIAL, ev.PAID, ev.TUCKED, ev.MOVED, ev.TRIPPED,
    ev.LOST_CARD, ev.COLLECTED, ev.LOOKED, ev.SAW, ev.PUT_BACK, ev.DREW, ev.GOT,
    ev.TIME_DRAWN, ev.FORCED_PASS, ev.TURN_END, ev.DRAW_STOP, ev.PROPOSED, ev.ENTERED,
    ev.VOTED, ev.BLOCKED})



def _secret(setup: TISetup, f: list[int]) -> str:
    key = list(setup.content.secrets)[f[0]]
    secret = setup.content.secrets[key]
    when = "from the mission's back" if f[1] == ev.AT_SETUP else "from the mission's face"
    return f"Secret gained {when}: {secret.title}."


def _lost(f: list[int]) -> str:
    reason = ev.REASONS[f[0]]
    return f"The mission is lost: {REASON_TEXT[reason]}."


STORY = "Story: "
"""How a revealed token's story sentence starts (TI-16)."""


def _story(setup: TISetup, token: int) -> str:
    story = setup.clue_tokens[token].story
    return f"{STORY}{story}" if story else "A token with no story is revealed."


def story_told(sentence: str) -> str | None:
    """The story text a STORY event's sentence shows (TI-16), None if it shows none."""
    return sentence.removeprefix(STORY) if sentence.startswith(STORY) else None


def _tucked(setup: TISetup, name: str, f: list[int]) -> str:
    return f"{name} tucks {card_name(setup, f[2])} under {enemy_name(setup, f[1])}."


_SENTENCES: dict[int, Callable[[TISetup, str, list[int]], str]] = {
    ev.FIRST_PLAYER: lambda s, n, f: f"{n} volunteers to go first.",
    ev.TURN_START: lambda s, n, f: f"Turn {f[0]}: {seat_name(s, f[1])} to play.",
    ev.PLAYED: lambda s, n, f: f"{n} plays {card_name(s, f[2])} on {pile_name(f[1])}.",
    ev.SPECIAL: lambda s, n, f: f"{n} uses a special action.",
    ev.PAID: lambda s, n, f: f"{n} discards {card_name(s, f[1])} for the special action.",
    ev.TUCKED: _tucked,
    ev.DEFEATED: lambda s, n, f: f"{opening(enemy_name(s, f[0]))} is defeated.",
    ev.MOVED: lambda s, n, f: f"{n} moves to {room_name(s, f[1])}.",
    ev.TRIPPED: lambda s, n, f: f"A laser tripwire ends {n}'s run in {room_name(s, f[1])}.",
    ev.REVEALED: lambda s, n, f: f"Revealed in {room_name(s, f[1])}: {token_name(s, f[0])}.",
    ev.STORY: lambda s, n, f: _story(s, f[0]),
    ev.GASSED: lambda s, n, f: f"Gas fills {room_name(s, f[1])}.",
    ev.LOST_CARD: lambda s, n, f: f"{n} loses {card_name(s, f[1])} at random.",
    ev.COUNTER_ON: lambda s, n, f: f"Counter intel blocks {pile_name(f[1])}.",
    ev.TRAP_GONE: lambda s, n, f: f"{opening(token_name(s, f[0]))} is discarded.",
    ev.REMOVED: lambda s, n, f: f"{opening(token_name(s, f[0]))} is removed "
                                "(not on the mission).",
    ev.COLLECTED: lambda s, n, f: f"{n} collects {token_name(s, f[1])}.",
    ev.WINDOW: lambda s, n, f: f"Console window {f[0] + 1} opens.",
    ev.UNLOCKED: lambda s, n, f: f"{opening(door_name(s, f[0]))} is unlocked.",
    ev.DISARMED: lambda s, n, f: f"{opening(token_name(s, f[0]))} is discarded.",
    ev.COUNTER_OFF: lambda s, n, f: f"{pile_name(f[1])} is no longer blocked by "
                                    "counter intel.",
    ev.ENEMY_MOVED: lambda s, n, f: f"{opening(enemy_name(s, f[0]))} moves to "
                                    f"{room_name(s, f[1])}.",
    ev.ENEMY_STAYS: lambda s, n, f: f"{opening(enemy_name(s, f[0]))} stays put.",
    ev.BURNED: lambda s, n, f: ("A security camera" if f[1] == ev.BY_CAMERA else
                                "An enemy") + f" burns {card_name(s, f[0])} from the deck.",
    ev.REGROUPED: lambda s, n, f: f"REGROUP clears {pile_name(f[0])} ({f[1]} cards "
                                  "to the discard pile).",
    ev.LOOKED: lambda s, n, f: f"{n} looks at the top {f[1]} cards of the deck.",
    ev.SAW: lambda s, n, f: f"{n} sees " + ", ".join(card_name(s, c) for c in f[1:]) + ".",
    ev.PUT_BACK: lambda s, n, f: f"{n} puts {card_name(s, f[1])} back on the deck.",
    ev.DREW: lambda s, n, f: f"{n} draws a card.",
    ev.GOT: lambda s, n, f: f"{n} drew {card_name(s, f[1])} (only {n} sees this).",
    ev.TIME_DRAWN: lambda s, n, f: f"{n} draws {card_name(s, f[1])}; it goes to the "
                                   "discard pile.",
    ev.PERIL: lambda s, n, f: f"The deck ran out: In Peril! {f[0]} cards reshuffled.",
    ev.FORCED_PASS: lambda s, n, f: f"{n} cannot act and passes.",
    ev.TURN_END: lambda s, n, f: f"{n} ends the turn.",
    ev.DRAW_STOP: lambda s, n, f: f"{n} stops drawing at {f[1]} cards.",
    ev.PROPOSED: lambda s, n, f: f"{n} proposes to solve the mission.",
    ev.ENTERED: lambda s, n, f: f"{n} enters {symbol(s, f[1])}.",
    ev.VOTED: lambda s, n, f: f"{n} votes {'yes' if f[1] else 'no'}.",
    ev.BLOCKED: lambda s, n, f: f"{n} objects: no solve this time.",
    ev.WON: lambda s, n, f: "The answer is right: the mission is won!",
    ev.LOST: lambda s, n, f: _lost(f),
    ev.SECRET: lambda s, n, f: _secret(s, f),
}


def label(setup: TISetup, action: TIAction, frame: Frame | None = None) -> str:
    """A readable sentence for `action` taken at `frame` (the top of the stack)."""
    k, arg = action.kind, action.arg
    if k is Kind.PLAY or k is Kind.TUCK:
        head, card = divmod(arg, MAX_CARDS)
        if k is Kind.PLAY:
            return f"Play {card_name(setup, card)} on {pile_name(head)}"
        return f"Tuck {card_name(setup, card)} under {enemy_name(setup, head)}"
    simple = {Kind.SPECIAL: "Use the special action (discard 2 cards)",
              Kind.END: "End the turn", Kind.REVEAL: "Reveal the next token",
              Kind.STOP: "Stop", Kind.DRAW: "Draw a card", Kind.PASS: "Pass the turn",
              Kind.SOLVE: "Propose to solve the mission"}
    if k in simple:
        return simple[k]
    if k is Kind.FIRST:
        return f"{seat_name(setup, arg)} goes first"
    if k is Kind.MOVE:
        return f"Move to {room_name(setup, arg)}"
    if k is Kind.ROOM:
        return f"Reveal tokens in {room_name(setup, arg)}"
    if k is Kind.COLLECT:
        return f"Collect {token_name(setup, arg)}"
    if k is Kind.REMOVE:
        return f"Remove {token_name(setup, arg)}"
    if k is Kind.DISARM:
        return f"Discard {token_name(setup, arg)}"
    if k is Kind.PILE:  # TI-A2
        if setup.rules.regroup_effect == "clear_other_pile":
            return f"Regroup {pile_name(arg)}: clear its cards and counter intel"
        return f"Regroup {pile_name(arg)}: discard its counter intel"
    if k is Kind.DOOR:
        return f"Unlock {door_name(setup, arg)}"
    if k is Kind.DISCARD:
        return f"Discard {card_name(setup, arg)}"
    if k is Kind.ARRANGE:
        return f"Put {card_name(setup, arg)} back next"
    if k is Kind.SYMBOL:
        return f"Enter {symbol(setup, arg)}"
    if k is Kind.ENEMY_TO:
        who = enemy_name(setup, frame.enemy) if frame is not None and \
            frame.tag == ENEMY_MOVE else "the enemy"
        return f"Move {who} to {room_name(setup, arg)}"
    answer = " ".join(symbol(setup, i) for i in frame.items) \
        if frame is not None and frame.tag == VOTE else ""
    word = "yes" if k is Kind.YES else "no"
    return f"Vote {word}: solve with {answer}" if answer else f"Vote {word}"
