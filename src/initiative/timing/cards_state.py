"""The data of a table's card-initiative rounds, its copies and what reads it.

FaithRPG-compatible card initiative (seed 004). Rule ids FA-n / FA-An refer to
../shared/OTHER-RULINGS.md section 5; readings of unclear points come from
:class:`~initiative.timing.cards_rules.CardRoundRules`.

:class:`CardRoundBase` is the base of :class:`~initiative.timing.cards.CardRoundState`:
its slots and their types, the setup of a table (decks and hands, FA-A12), copying and
the JSON form, the read-only queries (slots, order, card limits FA-18) and the low-level
card moves every command uses (draw, reshuffle, discard, the log). The errors, the GM
and spectator names and the round statuses are defined here too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final, Self

from initiative.engine.errors import IllegalActionError
from initiative.engine.rng import SplitMix64
from initiative.timing.cards_content import Card, Character, sample_40
from initiative.timing.cards_rules import CardRoundRules

__all__ = [
    "ACTED",
    "ACTING",
    "FORFEITED",
    "GM",
    "PASSED",
    "PENDING",
    "SPECTATOR_VIEWER",
    "WAITING",
    "CardLimitError",
    "CardRoundBase",
    "CardRoundError",
]

GM: Final = "GM"
"""The game master: owner of the NPC deck and hand, slot of the shared NPC card."""
SPECTATOR_VIEWER: Final = "@spectator"
RESERVED_NAMES: Final = frozenset({GM.lower(), SPECTATOR_VIEWER[1:]})
"""Names no character may take, in any capitalisation: commands name the game master's
slot and the spectators' view by them."""

# Statuses of participants within a round.
PENDING: Final = "pending"  # in the queue, has not had its turn
WAITING: Final = "waiting"  # attached to another character (chain wait, FA-A3)
ACTING: Final = "acting"
ACTED: Final = "acted"
PASSED: Final = "passed"
FORFEITED: Final = "forfeited"
_NOT_YET: Final = (PENDING, WAITING)
_DONE: Final = (ACTING, ACTED, PASSED, FORFEITED)

_SLOTS: Final = (
    "rules", "roster", "rng", "decks", "hands", "discards", "phase", "round",
    "participants", "commitments", "kept", "revealed", "values", "totals", "queue",
    "waiting_on", "status", "acting", "action", "locked", "ties", "waited",
    "declarations", "played", "bonus", "damage", "regen", "log", "elapsed_rounds",
    "affected", "confronted", "hand_size", "announced",
)  # fmt: skip


class CardRoundError(IllegalActionError, ValueError):
    """A command that is not legal now; the message names what is wrong. State unchanged."""


class CardLimitError(CardRoundError):
    """FA-18: playing these cards would exceed the character's Attribute limit."""


def _copy_nested(d: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    return {k: dict(v) for k, v in d.items()}


class CardRoundBase:
    """The state of a :class:`~initiative.timing.cards.CardRoundState` and its queries.

    The slots live here (the mixins and the state class add none), so every attribute
    is declared once."""

    __slots__ = _SLOTS

    rules: CardRoundRules
    roster: list[Character]
    rng: SplitMix64
    decks: dict[str, list[Card]]
    hands: dict[str, list[Card]]
    discards: dict[str, list[Card]]
    phase: str
    round: int
    participants: list[str]
    commitments: dict[str, tuple[Card, str]]  # slot -> (card, "hand" | "deck")
    kept: list[str]  # slots whose card stays face up after an all-wait (FA-A4)
    revealed: bool
    values: dict[str, int]  # slot -> revealed card value (this round)
    totals: dict[str, int]
    queue: list[str]  # characters in order who have not had their turn (not waiting)
    waiting_on: dict[str, str]  # waiter -> the character it waits on (chain, FA-A3)
    status: dict[str, str]
    acting: str | None
    action: str
    locked: bool  # the order is locked once the first turn command is given
    ties: list[list[Any]]  # [side, total, [members], resolved_by or ""]
    waited: list[str]  # reinsert_after_next: who waited since the round began
    declarations: dict[str, str]  # FA-11 secret declarations to the GM
    played: dict[str, dict[str, int]]  # FA-18 cards played per Attribute
    bonus: dict[str, dict[str, int]]  # FA-18 limit bonuses from effects
    damage: dict[str, int]
    regen: list[str]
    log: list[tuple[int, str, str | None, tuple[str, ...]]]
    elapsed_rounds: int
    affected: list[str]  # FA-15: whom the action under way affects (as declared)
    confronted: list[str]  # FA-15: who has confronted the action under way
    hand_size: int  # the starting hand dealt to every deck owner (newcomers too)
    announced: str | None  # whom the GM's ``next`` named up (turn not begun), if still up

    # ------------------------------------------------------------------ setup

    @classmethod
    def new(
        cls,
        roster: Iterable[Character],
        rules: CardRoundRules | None = None,
        seed: int = 0,
        hand_size: int = 3,
        decks: Mapping[str, Sequence[Card]] | None = None,
    ) -> Self:
        """A table with no round running. Each PC and the GM own a deck: a seeded
        shuffle of ``sample_40`` (FA-A12) or, under ``deck_spec="custom"``, the given
        ``decks`` in order (top first). Every owner draws ``hand_size`` cards."""
        rules = rules or CardRoundRules()
        s = cls.__new__(cls)
        s.rules = rules
        s.roster = []
        s.rng = SplitMix64(seed)
        s.decks, s.hands, s.discards = {}, {}, {}
        s.phase, s.round, s.elapsed_rounds = "idle", 0, 0
        s._clear_round()
        s.kept = []
        s.played, s.bonus, s.damage, s.regen, s.log = {}, {}, {}, [], []
        if hand_size < 0:
            raise CardRoundError(f"hand_size must be >= 0, got {hand_size}")
        s.hand_size = hand_size
        s.announced = None
        s._add_owner(GM, decks, hand_size)
        for ch in roster:
            s._add_character(ch, None if decks is None else decks.get(ch.name), hand_size)
        return s

    def _add_owner(
        self, owner: str, decks: Mapping[str, Sequence[Card]] | None, hand_size: int
    ) -> None:
        self._set_deck(owner, None if decks is None else decks.get(owner))
        self._draw(owner, min(hand_size, len(self.decks[owner])))

    def _set_deck(self, owner: str, deck: Sequence[Card] | None) -> None:
        if deck is None:
            if self.rules.deck_spec == "custom":
                raise CardRoundError(f"deck_spec is 'custom' but no deck was given for {owner}")
            cards = sample_40()
            self.rng.shuffle(cards)
        else:
            cards = list(deck)
        self.decks[owner] = cards
        self.hands[owner] = []
        self.discards[owner] = []

    def _add_character(self, ch: Character, deck: Sequence[Card] | None, hand: int) -> None:
        name = ch.name
        if name.lower() in RESERVED_NAMES:
            raise CardRoundError(f"a character cannot be named {name!r}: the name is "
                                 "reserved (gm: the game master; spectator) in any "
                                 "capitalisation")
        if not name or name.startswith("@"):
            raise CardRoundError(f"invalid character name {name!r}")
        if any(c.name == name for c in self.roster):
            raise CardRoundError(f"a character named {name!r} is already on the roster")
        self.roster.append(ch)
        self.played[name] = {}
        self.bonus[name] = {}
        self.damage[name] = 0
        if ch.side == "pc":
            self._add_owner(name, None if deck is None else {name: deck}, hand)
        elif deck is not None:
            raise CardRoundError(f"NPC {name} uses the GM's deck; do not give it one")

    def _clear_round(self) -> None:
        self.participants, self.commitments, self.revealed = [], {}, False
        self.values, self.totals, self.queue, self.waiting_on = {}, {}, [], {}
        self.status, self.acting, self.action, self.locked = {}, None, "", False
        self.ties, self.waited, self.declarations = [], [], {}
        self.affected, self.confronted = [], []
        self.announced = None

    # ------------------------------------------------------------------ copying

    def clone(self) -> Self:
        """Independent copy: lists and dicts copied, cards/characters/rules shared."""
        cls = type(self)
        s = cls.__new__(cls)
        s.rules = self.rules
        s.roster = self.roster[:]
        s.rng = self.rng.clone()
        s.decks = {k: v[:] for k, v in self.decks.items()}
        s.hands = {k: v[:] for k, v in self.hands.items()}
        s.discards = {k: v[:] for k, v in self.discards.items()}
        s.phase, s.round, s.elapsed_rounds = self.phase, self.round, self.elapsed_rounds
        s.participants = self.participants[:]
        s.commitments = dict(self.commitments)
        s.kept = self.kept[:]
        s.revealed = self.revealed
        s.values, s.totals = dict(self.values), dict(self.totals)
        s.queue, s.waiting_on = self.queue[:], dict(self.waiting_on)
        s.status, s.acting, s.action = dict(self.status), self.acting, self.action
        s.locked = self.locked
        s.ties = [[t[0], t[1], t[2][:], t[3]] for t in self.ties]
        s.waited, s.declarations = self.waited[:], dict(self.declarations)
        s.played, s.bonus = _copy_nested(self.played), _copy_nested(self.bonus)
        s.damage, s.regen, s.log = dict(self.damage), self.regen[:], self.log[:]
        s.affected, s.confronted = self.affected[:], self.confronted[:]
        s.announced = self.announced
        s.hand_size = self.hand_size
        return s

    def _restore(self, other: CardRoundBase) -> None:
        for name in _SLOTS:
            setattr(self, name, getattr(other, name))

    def to_dict(self) -> dict[str, Any]:
        """The full state as JSON-ready data (hidden information included: store it,
        never send it to a seat; send :meth:`view`)."""

        def cards(z: dict[str, list[Card]]) -> dict[str, list[list[Any]]]:
            return {k: [c.to_list() for c in v] for k, v in z.items()}

        return {
            "rules": self.rules.to_dict(),
            "roster": [c.to_dict() for c in self.roster],
            "rng": self.rng.state,
            "decks": cards(self.decks),
            "hands": cards(self.hands),
            "discards": cards(self.discards),
            "phase": self.phase,
            "round": self.round,
            "participants": self.participants[:],
            "commitments": {k: [c.to_list(), src] for k, (c, src) in self.commitments.items()},
            "kept": self.kept[:],
            "revealed": self.revealed,
            "values": dict(self.values),
            "totals": dict(self.totals),
            "queue": self.queue[:],
            "waiting_on": dict(self.waiting_on),
            "status": dict(self.status),
            "acting": self.acting,
            "action": self.action,
            "locked": self.locked,
            "ties": [[t[0], t[1], t[2][:], t[3]] for t in self.ties],
            "waited": self.waited[:],
            "declarations": dict(self.declarations),
            "played": _copy_nested(self.played),
            "bonus": _copy_nested(self.bonus),
            "damage": dict(self.damage),
            "regen": self.regen[:],
            "log": [[r, p, q, list(a)] for r, p, q, a in self.log],
            "elapsed_rounds": self.elapsed_rounds,
            "affected": self.affected[:],
            "confronted": self.confronted[:],
            "hand_size": self.hand_size,
            "announced": self.announced,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Self:
        def cards(z: Mapping[str, Any]) -> dict[str, list[Card]]:
            return {k: [Card.from_list(c) for c in v] for k, v in z.items()}

        s = cls.__new__(cls)
        s.rules = CardRoundRules.from_dict(dict(d["rules"]))
        s.roster = [Character.from_dict(c) for c in d["roster"]]
        s.rng = SplitMix64(int(d["rng"]))
        s.decks, s.hands, s.discards = cards(d["decks"]), cards(d["hands"]), cards(d["discards"])
        s.phase, s.round = str(d["phase"]), int(d["round"])
        s.participants = list(d["participants"])
        s.commitments = {
            k: (Card.from_list(c), str(src)) for k, (c, src) in d["commitments"].items()
        }
        s.kept, s.revealed = list(d["kept"]), bool(d["revealed"])
        s.values, s.totals = dict(d["values"]), dict(d["totals"])
        s.queue, s.waiting_on = list(d["queue"]), dict(d["waiting_on"])
        s.status, s.acting, s.action = dict(d["status"]), d["acting"], str(d["action"])
        s.locked = bool(d["locked"])
        s.ties = [[t[0], int(t[1]), list(t[2]), t[3]] for t in d["ties"]]
        s.waited, s.declarations = list(d["waited"]), dict(d["declarations"])
        s.played = {k: dict(v) for k, v in d["played"].items()}
        s.bonus = {k: dict(v) for k, v in d["bonus"].items()}
        s.damage, s.regen = dict(d["damage"]), list(d["regen"])
        s.log = [(int(r), str(p), q, tuple(a)) for r, p, q, a in d["log"]]
        s.elapsed_rounds = int(d["elapsed_rounds"])
        # Saves made before FA-15 targets and newcomer hands were kept lack these keys.
        s.affected = list(d.get("affected", []))
        s.confronted = list(d.get("confronted", []))
        s.hand_size = int(d.get("hand_size", 3))
        announced = d.get("announced")  # saves made before 'next' announced lack it
        s.announced = None if announced is None else str(announced)
        return s

    # ------------------------------------------------------------------ queries

    def character(self, name: str) -> Character:
        for c in self.roster:
            if c.name == name:
                return c
        raise CardRoundError(f"no character named {name!r} on the roster")

    def slot_of(self, name: str) -> str:
        """The commitment slot a character's total uses (FA-5, FA-A1)."""
        ch = self.character(name)
        if ch.side == "npc" and self.rules.npc_initiative_card == "shared":
            return GM
        return name

    def owner_of_slot(self, slot: str) -> str:
        return slot if slot == GM or self.character(slot).side == "pc" else GM

    def needed_slots(self) -> list[str]:
        """Slots that must hold a card before the reveal, in participant order."""
        out: list[str] = []
        for name in self.participants:
            slot = self.slot_of(name)
            if slot not in out:
                out.append(slot)
        return out

    def up_next(self) -> str | None:
        """The character whose turn comes next (None while someone is acting)."""
        if self.phase != "turns" or self.acting is not None or not self.queue:
            return None
        return self.queue[0]

    def announced_up(self) -> str | None:
        """Who the GM's ``next`` announced, while that character is still up and has
        not begun (a wait, a pass or a turn begun ends the announcement)."""
        up = self.up_next()
        return up if up is not None and up == self.announced else None

    def table_order(self) -> list[str]:
        """The round's participants as the order tables list them (line ``order``, the
        full-screen view): those whose turn is over by total (FA-8, FA-9), then the
        queue still to act, each character followed by whoever waits on it (FA-19,
        FA-A3). Before the reveal (and after an all-wait) the roster order stands."""
        if not self.totals:
            return self.participants[:]
        index = {c.name: i for i, c in enumerate(self.roster)}
        queued = {*self.queue, *self.waiting_on}
        done = [n for n in self.participants if n not in queued]
        out = sorted(done, key=lambda n: (*self._rank(n), index[n]))

        def add(name: str) -> None:
            if name in out:
                return
            out.append(name)
            for waiter, target in self.waiting_on.items():
                if target == name:
                    add(waiter)

        for name in self.queue:
            add(name)
        return out + [n for n in self.participants if n not in out]

    def card_limit(self, name: str, attribute: str) -> int:
        """FA-18: the Attribute rating plus limit bonuses from effects."""
        rating = self.character(name).attribute(attribute)
        if rating is None:
            raise CardRoundError(f"{name} has no Attribute {attribute!r}")
        return rating + self.bonus[name].get(attribute, 0)

    def order_text(self) -> str:
        """Remaining order, e.g. ``"Orrin > Marek (Vessa waits on Orrin)"``."""
        text = " > ".join(self.queue) or "(nobody)"
        if self.waiting_on:
            text += " (" + ", ".join(f"{w} waits on {t}" for w, t in self.waiting_on.items()) + ")"
        return text

    def log_text(self) -> list[str]:
        """The GM's reading of the log (every explanation, secrets included)."""
        return [e[2] if e[2] is not None and GM in e[3] else e[1] for e in self.log]

    def _rank(self, name: str) -> tuple[int, int]:
        return (-self.totals[name], 0 if self.character(name).side == "pc" else 1)

    # ------------------------------------------------------------------ internals

    def _log(self, public: str, private: str | None = None, audience: Iterable[str] = ()) -> None:
        self.log.append((self.round, public, private, tuple(audience)))

    def _need_phase(self, *phases: str) -> None:
        if self.phase not in phases:
            raise CardRoundError(
                f"not allowed in phase {self.phase!r} (needs {' or '.join(phases)})"
            )

    def _draw(self, owner: str, n: int) -> list[Card]:
        deck = self.decks[owner]
        drawn: list[Card] = []
        for _ in range(n):
            if not deck:
                self._reshuffle(owner)
            drawn.append(deck.pop(0))
        self.hands[owner].extend(drawn)
        return drawn

    def _reshuffle(self, owner: str) -> None:
        deck, pile = self.decks[owner], self.discards[owner]
        if not pile:
            raise CardRoundError(f"{owner}'s deck and discard pile are both empty")
        self.rng.shuffle(pile)
        deck.extend(pile)
        pile.clear()
        self._log(f"{owner} shuffles the discard pile into a new deck")

    def _discard_slot(self, slot: str, why: str) -> None:
        if slot not in self.commitments:
            return
        card, _ = self.commitments.pop(slot)
        owner = self.owner_of_slot(slot)
        if self.revealed or slot in self.kept:
            self.discards[owner].append(card)
            self._log(f"{slot} discards initiative card {card.label()} {why}")
        else:  # never revealed: goes face down to the discard pile
            self.discards[owner].append(card)
            self._log(f"{slot} discards its face-down initiative card {why}")
