"""Words: the sentence of every log event and a readable label for every action in
context. Rendered only when someone reads them (events are int tuples on the hot
path). Private events (events.PRIVATE) name their card; a view shows them only to
their seat."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, assert_never

from initiative.games.event_records import by_group
from initiative.games.ti import events as ev
from initiative.games.ti.actions import MAX_CARDS, PILES, Kind, TIAction
from initiative.games.ti.frames import ANSWER, ENEMY_MOVE, VOTE, Frame
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
    """The seat's one name, ``Kestrel (Player 1)`` (`SeatSetup.label`; ``seat N``,
    counted from 1, for a number the setup has no seat for)."""
    return setup.seats[seat].label if 0 <= seat < setup.num_seats else f"seat {seat + 1}"


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


TurnEvent = (ev.FirstPlayer | ev.TurnStart | ev.Special | ev.Moved | ev.Tripped | ev.DrawStop
             | ev.ForcedPass | ev.TurnEnd | ev.Proposed | ev.Entered | ev.Erased | ev.Voted
             | ev.Blocked | ev.Won | ev.Lost | ev.SecretGained)
"""Events of turns, seats and the mission's end (`_turn_sentence`)."""
BoardEvent = (ev.Defeated | ev.Revealed | ev.Story | ev.Gassed | ev.CounterOn | ev.TrapGone
              | ev.Removed | ev.Collected | ev.Window | ev.Unlocked | ev.Disarmed
              | ev.CounterOff | ev.EnemyMoved | ev.EnemyStays)
"""Events of rooms, tokens, doors, windows and enemies (`_board_sentence`)."""
CardEvent = (ev.Played | ev.Paid | ev.Tucked | ev.LostCard | ev.Burned | ev.Regrouped
             | ev.Looked | ev.Saw | ev.PutBack | ev.Drew | ev.Got | ev.TimeDrawn | ev.Peril)
"""Events of cards (`_card_sentence`)."""


def describe(setup: TISetup, event: ev.Event) -> str:
    """The sentence of one event."""
    return _SENTENCE[event[0]](setup, ev.read(event))


def _turn_sentence(setup: TISetup, record: TurnEvent) -> str:
    match record:
        case ev.FirstPlayer(seat=seat):
            return f"{seat_name(setup, seat)} volunteers to go first."
        case ev.TurnStart(turn=turn, seat=seat):
            return f"Turn {turn}: {seat_name(setup, seat)} to play."
        case ev.Special(seat=seat):
            return f"{seat_name(setup, seat)} uses a special action."
        case ev.Moved(seat=seat, room=room):
            return f"{seat_name(setup, seat)} moves to {room_name(setup, room)}."
        case ev.Tripped(seat=seat, room=room):
            return (f"A laser tripwire ends {seat_name(setup, seat)}'s run in "
                    f"{room_name(setup, room)}.")
        case ev.DrawStop(seat=seat, hand_size=size):
            return f"{seat_name(setup, seat)} stops drawing at {size} cards."
        case ev.ForcedPass(seat=seat):
            return f"{seat_name(setup, seat)} cannot act and passes."
        case ev.TurnEnd(seat=seat):
            return f"{seat_name(setup, seat)} ends the turn."
        case ev.Proposed(seat=seat):
            return f"{seat_name(setup, seat)} proposes to solve the mission."
        case ev.Entered(seat=seat, symbol=index):
            return f"{seat_name(setup, seat)} enters {symbol(setup, index)}."
        case ev.Erased(seat=seat, symbol=index):
            return f"{seat_name(setup, seat)} takes back {symbol(setup, index)}."
        case ev.Voted(seat=seat, yes=yes):
            return f"{seat_name(setup, seat)} votes {'yes' if yes else 'no'}."
        case ev.Blocked(seat=seat):
            return f"{seat_name(setup, seat)} objects: no solve this time."
        case ev.Won():
            return "The answer is right: the mission is won!"
        case ev.Lost(reason=reason):
            return f"The mission is lost: {REASON_TEXT[ev.REASONS[reason]]}."
        case ev.SecretGained():
            return _secret(setup, record)
    assert_never(record)


def _board_sentence(setup: TISetup, record: BoardEvent) -> str:
    match record:
        case ev.Defeated(enemy=enemy):
            return f"{opening(enemy_name(setup, enemy))} is defeated."
        case ev.Revealed(token=token, room=room):
            return f"Revealed in {room_name(setup, room)}: {token_name(setup, token)}."
        case ev.Story(token=token):
            return _story(setup, token)
        case ev.Gassed(room=room):
            return f"Gas fills {room_name(setup, room)}."
        case ev.CounterOn(pile=pile):
            return f"Counter intel blocks {pile_name(pile)}."
        case ev.TrapGone(token=token) | ev.Disarmed(token=token):
            return f"{opening(token_name(setup, token))} is discarded."
        case ev.Removed(token=token):
            return f"{opening(token_name(setup, token))} is removed (not on the mission)."
        case ev.Collected(seat=seat, token=token):
            return f"{seat_name(setup, seat)} collects {token_name(setup, token)}."
        case ev.Window(window=window):
            return f"Console window {window + 1} opens."
        case ev.Unlocked(door=door):
            return f"{opening(door_name(setup, door))} is unlocked."
        case ev.CounterOff(pile=pile):
            return f"{pile_name(pile)} is no longer blocked by counter intel."
        case ev.EnemyMoved(enemy=enemy, room=room):
            return f"{opening(enemy_name(setup, enemy))} moves to {room_name(setup, room)}."
        case ev.EnemyStays(enemy=enemy):
            return f"{opening(enemy_name(setup, enemy))} stays put."
    assert_never(record)


def _card_sentence(setup: TISetup, record: CardEvent) -> str:
    match record:
        case ev.Played(seat=seat, pile=pile, card=card):
            return (f"{seat_name(setup, seat)} plays {card_name(setup, card)} on "
                    f"{pile_name(pile)}.")
        case ev.Paid(seat=seat, card=card):
            return (f"{seat_name(setup, seat)} discards {card_name(setup, card)} for the "
                    "special action.")
        case ev.Tucked(seat=seat, enemy=enemy, card=card):
            return (f"{seat_name(setup, seat)} tucks {card_name(setup, card)} under "
                    f"{enemy_name(setup, enemy)}.")
        case ev.LostCard(seat=seat, card=card):
            return f"{seat_name(setup, seat)} loses {card_name(setup, card)} at random."
        case ev.Burned(card=card, cause=cause):
            who = "A security camera" if cause == ev.BY_CAMERA else "An enemy"
            return f"{who} burns {card_name(setup, card)} from the deck."
        case ev.Regrouped(pile=pile, cards=count):
            return f"REGROUP clears {pile_name(pile)} ({count} cards to the discard pile)."
        case ev.Looked(seat=seat, looked=count):
            return f"{seat_name(setup, seat)} looks at the top {count} cards of the deck."
        case ev.Saw(seat=seat, cards=cards):
            seen = ", ".join(card_name(setup, c) for c in cards)
            return f"{seat_name(setup, seat)} sees {seen}."
        case ev.PutBack(seat=seat, card=card):
            return f"{seat_name(setup, seat)} puts {card_name(setup, card)} back on the deck."
        case ev.Drew(seat=seat):
            return f"{seat_name(setup, seat)} draws a card."
        case ev.Got(seat=seat, card=card):
            name = seat_name(setup, seat)
            return f"{name} drew {card_name(setup, card)} (only {name} sees this)."
        case ev.TimeDrawn(seat=seat, card=card):
            return (f"{seat_name(setup, seat)} draws {card_name(setup, card)}; it goes to "
                    "the discard pile.")
        case ev.Peril(cards=count):
            return f"The deck ran out: In Peril! {count} cards reshuffled."
    assert_never(record)


_SENTENCE: dict[int, Callable[[TISetup, Any], str]] = by_group(ev.SCHEMAS, (
    (TurnEvent, _turn_sentence), (BoardEvent, _board_sentence), (CardEvent, _card_sentence)))
"""Code -> the function giving its event's sentence."""


def _secret(setup: TISetup, record: ev.SecretGained) -> str:
    secret = setup.content.secrets[list(setup.content.secrets)[record.secret]]
    when = ("from the mission's back" if record.when == ev.AT_SETUP
            else "from the mission's face")
    return f"Secret gained {when}: {secret.title}."


STORY = "Story: "
"""How a revealed token's story sentence starts (TI-16)."""


def _story(setup: TISetup, token: int) -> str:
    story = setup.clue_tokens[token].story
    return f"{STORY}{story}" if story else "A token with no story is revealed."


def story_told(sentence: str) -> str | None:
    """The story text a STORY event's sentence shows (TI-16), None if it shows none."""
    return sentence.removeprefix(STORY) if sentence.startswith(STORY) else None


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
    return _solve_label(setup, k, frame)


def _solve_label(setup: TISetup, k: Kind, frame: Frame | None) -> str:
    """ERASE, ANNOUNCE, YES, NO: each names the answer it is about (TI-54, TI-56)."""
    items = frame.items if frame is not None and frame.tag in (ANSWER, VOTE) else ()
    answer = " ".join(symbol(setup, i) for i in items)
    if k is Kind.ERASE:
        return f"Take back {symbol(setup, items[-1])}" if items else "Take back a symbol"
    if k is Kind.ANNOUNCE:
        return f"Announce the answer {answer}" if answer else "Announce the answer"
    word = "yes" if k is Kind.YES else "no"
    return (f"Vote {word} on the proposal to solve with {answer}" if answer
            else f"Vote {word} on the proposal to solve")
