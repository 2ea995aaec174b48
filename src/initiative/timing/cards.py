"""Card initiative rounds (FaithRPG-compatible, seed 004): a pure game-master model.

One round: every participant commits a face-down card from hand or deck top, the GM
one card for all NPCs (FA-2..FA-5); simultaneous reveal (FA-6); totals card value +
Initiative (FA-7); order highest first, PCs before NPCs on equal totals, ties ordered
by the GM or the players (FA-8..FA-11); turns of one action, the card discarded at the
start of the turn (FA-12..FA-14); confronting costs a turn not yet taken (FA-15..17);
the per-Attribute card limit (FA-18); waiting and the all-wait (FA-19, FA-20); the
maintenance phase and new rounds (FA-21..FA-23). Rule ids FA-n / FA-An refer to
../shared/OTHER-RULINGS.md section 5; readings of unclear points come from
:class:`CardRoundRules`.

The state is plain data (lists, dicts, frozen cards) with a cheap :meth:`clone` and a
JSON form (:meth:`to_dict` / :meth:`from_dict`). Commands (``cards_commands``) go
through :meth:`CardRoundState.apply`: an invalid one raises :class:`CardRoundError`
(a ``ValueError``) and changes nothing. Every change is logged with its cause;
:meth:`CardRoundState.view` is the only door to hidden information.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Final

from initiative.engine.contract import GAME_MASTER, SPECTATOR
from initiative.engine.errors import IllegalActionError
from initiative.engine.rng import SplitMix64
from initiative.timing import cards_commands as C
from initiative.timing.cards_content import Card, Character, sample_40
from initiative.timing.cards_rules import CardRoundRules

__all__ = [
    "GM",
    "SPECTATOR_VIEWER",
    "CardLimitError",
    "CardRoundError",
    "CardRoundState",
]

GM: Final = "GM"
"""The game master: owner of the NPC deck and hand, slot of the shared NPC card."""
SPECTATOR_VIEWER: Final = "@spectator"

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
)  # fmt: skip


class CardRoundError(IllegalActionError, ValueError):
    """A command that is not legal now; the message names what is wrong. State unchanged."""


class CardLimitError(CardRoundError):
    """FA-18: playing these cards would exceed the character's Attribute limit."""


def _copy_nested(d: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    return {k: dict(v) for k, v in d.items()}


class CardRoundState:
    """A table's card-initiative situation: roster, decks, the current round, the log.

    Phases: ``idle`` (between rounds), ``commit``, ``turns``, ``maintenance``.
    """

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

    # ------------------------------------------------------------------ setup

    @classmethod
    def new(
        cls,
        roster: Iterable[Character],
        rules: CardRoundRules | None = None,
        seed: int = 0,
        hand_size: int = 3,
        decks: Mapping[str, Sequence[Card]] | None = None,
    ) -> CardRoundState:
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
        if not name or name == GM or name.startswith("@"):
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

    # ------------------------------------------------------------------ copying

    def clone(self) -> CardRoundState:
        """Independent copy: lists and dicts copied, cards/characters/rules shared."""
        s = CardRoundState.__new__(CardRoundState)
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
        return s

    def _restore(self, other: CardRoundState) -> None:
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
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> CardRoundState:
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

    # ------------------------------------------------------------------ commands

    def apply(self, cmd: C.Command) -> None:
        """Apply one command; on any error the state is restored and the error raised."""
        handler = _HANDLERS.get(type(cmd))
        if handler is None:
            raise CardRoundError(f"unknown command {cmd!r}")
        snapshot = self.clone()
        try:
            handler(self, cmd)
        except Exception:
            self._restore(snapshot)
            raise

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

    def _cmd_draw(self, cmd: C.Draw) -> None:
        if cmd.owner not in self.hands:
            raise CardRoundError(f"{cmd.owner!r} owns no deck")
        if cmd.n < 1:
            raise CardRoundError(f"draw needs n >= 1, got {cmd.n}")
        drawn = self._draw(cmd.owner, cmd.n)
        labels = ", ".join(c.label() for c in drawn)
        self._log(
            f"{cmd.owner} draws {cmd.n} card(s)",
            f"{cmd.owner} draws {labels}",
            (cmd.owner, GM),
        )

    # -- round start and commitments -------------------------------------------------

    def _cmd_begin(self, cmd: C.BeginRound) -> None:
        self._need_phase("idle")
        names = list(cmd.participants)
        for n in names:
            self.character(n)
        if len(set(names)) != len(names):
            raise CardRoundError(f"a participant is listed twice: {names}")
        need = max(1, self.rules.min_participants_for_round)
        if len(names) < need:
            raise CardRoundError(
                f"a round needs {need} or more characters wanting to act (FA-1, FA-A13); "
                f"got {len(names)}: a lone actor just acts"
            )
        index = {c.name: i for i, c in enumerate(self.roster)}
        names.sort(key=index.__getitem__)
        kept_before, held = self.kept, self.commitments
        self._clear_round()
        self.round += 1
        self.phase = "commit"
        self.participants = names
        self.status = dict.fromkeys(names, PENDING)
        if self.rules.attribute_limit_scope == "round":
            for n in self.played:
                self.played[n] = {}
                self.bonus[n] = {}
        self._log(f"Round {self.round} begins (FA-1, FA-23): {', '.join(names)}")
        needed = self.needed_slots()
        self.commitments = {s: held[s] for s in kept_before}
        self.kept = kept_before
        for slot in kept_before:
            if slot in needed:
                card = held[slot][0]
                self._log(f"{slot} keeps {card.label()} face up from the all-wait (FA-20, FA-A4)")
            else:
                self._discard_slot(slot, "as its character sits this round out")
        self.kept = [s for s in kept_before if s in needed]

    def _cmd_commit(self, cmd: C.Commit) -> None:
        self._need_phase("commit")
        slot = cmd.slot
        if slot not in self.needed_slots():
            raise CardRoundError(
                f"{slot!r} has no initiative card to commit this round "
                f"(slots: {', '.join(self.needed_slots())})"
            )
        if slot in self.commitments:
            raise CardRoundError(f"{slot} has already committed an initiative card (FA-2)")
        owner = self.owner_of_slot(slot)
        if cmd.source == "hand":
            hand = self.hands[owner]
            if not 0 <= cmd.index < len(hand):
                raise CardRoundError(
                    f"{owner}'s hand has {len(hand)} card(s); no card at index {cmd.index}"
                )
            card = hand.pop(cmd.index)
            self.commitments[slot] = (card, "hand")
            self._log(
                f"{slot} commits a card face down from hand (FA-2, FA-3)",
                f"{slot} commits {card.label()} face down from hand (FA-2, FA-3)",
                (owner, GM),
            )
        elif cmd.source == "deck":
            if not self.decks[owner]:
                self._reshuffle(owner)
            card = self.decks[owner].pop(0)
            self.commitments[slot] = (card, "deck")
            self._log(f"{slot} commits the top card of {owner}'s deck, unseen (FA-3, FA-A14)")
        else:
            raise CardRoundError(f"source must be 'hand' or 'deck', got {cmd.source!r}")

    def _cmd_reveal(self, cmd: C.Reveal) -> None:
        self._need_phase("commit")
        missing = [s for s in self.needed_slots() if s not in self.commitments]
        if missing:
            raise CardRoundError(f"cannot reveal: no card committed yet by {', '.join(missing)}")
        self.revealed = True
        self.values = {s: c.value for s, (c, _) in self.commitments.items()}
        parts = [f"{s} {self.commitments[s][0].label()}" for s in self.needed_slots()]
        self._log("Reveal (FA-6): " + "; ".join(parts))
        tags = [f"{s}'s {c.effect}" for s, (c, _) in self.commitments.items() if c.effect]
        if tags:
            self._log(f"Initiative cards trigger no effects (FA-4): {', '.join(tags)} ignored")
        for n in self.participants:
            self.totals[n] = self.values[self.slot_of(n)] + self.character(n).initiative
        index = {c.name: i for i, c in enumerate(self.roster)}
        self.queue = sorted(self.participants, key=lambda n: (*self._rank(n), index[n]))
        self.kept = []
        self.phase = "turns"
        shown = ", ".join(
            f"{n} {self.values[self.slot_of(n)]}+{self.character(n).initiative}={self.totals[n]}"
            for n in self.queue
        )
        self._log(f"Totals (FA-7): {shown} -> order (FA-8, FA-9): {self.order_text()}")
        groups: dict[tuple[int, str], list[str]] = {}
        for n in self.queue:
            groups.setdefault((self.totals[n], self.character(n).side), []).append(n)
        for (total, side), members in groups.items():
            if len(members) > 1:
                self.ties.append([side, total, members, ""])
                who = (
                    "players agree or the GM decides (FA-11)"
                    if side == "pc"
                    else ("the GM chooses (FA-10)")
                )
                self._log(
                    f"Tie at {total} between {', '.join(members)}: {who}; "
                    f"roster order until then (FA-A8)"
                )

    def _rank(self, name: str) -> tuple[int, int]:
        return (-self.totals[name], 0 if self.character(name).side == "pc" else 1)

    # -- ties ---------------------------------------------------------------------------

    def _open_tie(self, name: str) -> list[Any] | None:
        for t in self.ties:
            if not t[3] and name in t[2]:
                return t
        return None

    def _cmd_declare(self, cmd: C.DeclareToGM) -> None:
        self._need_phase("turns")
        tie = self._open_tie(cmd.who)
        if self.locked or tie is None or tie[0] != "pc":
            raise CardRoundError(f"{cmd.who} is not in an open tie between player characters")
        self.declarations[cmd.who] = cmd.action
        self._log(
            f"{cmd.who} tells the GM an intended action in secret (FA-11)",
            f"{cmd.who} tells the GM in secret: {cmd.action} (FA-11)",
            (cmd.who, GM),
        )

    def _cmd_order_tie(self, cmd: C.OrderTie) -> None:
        self._need_phase("turns")
        if self.locked:
            raise CardRoundError("ties can only be ordered before the first turn of the round")
        names = list(cmd.names)
        tie = next((t for t in self.ties if sorted(t[2]) == sorted(names)), None)
        if tie is None or len(set(names)) != len(names):
            groups = "; ".join(", ".join(t[2]) for t in self.ties) or "none"
            raise CardRoundError(f"{names} is not a tie group (tie groups: {groups})")
        if cmd.by == "players":
            if tie[0] != "pc":
                raise CardRoundError("the GM, not the players, orders tied NPCs (FA-10)")
            why = "the players agree (FA-11)"
        elif cmd.by == "gm":
            silent = [n for n in names if tie[0] == "pc" and n not in self.declarations]
            if silent:
                raise CardRoundError(
                    f"the GM rules a PC tie only after each tied player declares in secret "
                    f"(FA-11); missing: {', '.join(silent)}"
                )
            why = "the GM decides (FA-10)" if tie[0] == "npc" else "the GM rules (FA-11)"
        else:
            raise CardRoundError(f"by must be 'players' or 'gm', got {cmd.by!r}")
        spots = sorted(self.queue.index(n) for n in names)
        for spot, n in zip(spots, names, strict=True):
            self.queue[spot] = n
        tie[2] = names
        tie[3] = cmd.by
        self._log(f"Tie at {tie[1]} ordered, {why}: {' > '.join(names)} -> {self.order_text()}")

    def _begin_turns(self, who: str) -> None:
        """Checks shared by act / wait / pass: phase, whose turn, ties settled."""
        self._need_phase("turns")
        if self.acting is not None:
            raise CardRoundError(f"{self.acting} is still acting; end that turn first (FA-14)")
        if not self.queue or self.queue[0] != who:
            nxt = self.queue[0] if self.queue else "nobody"
            state = self.status.get(who, "not taking part")
            raise CardRoundError(f"it is not {who}'s turn ({who}: {state}; up next: {nxt})")
        if self.locked:
            return
        open_ties = [t for t in self.ties if not t[3]]
        if open_ties and self.rules.unresolved_tie_fallback == "require_decision":
            names = "; ".join(", ".join(t[2]) for t in open_ties)
            raise CardRoundError(f"order the tie(s) first (FA-A8 require_decision): {names}")
        for t in open_ties:
            t[3] = "roster_order"
            self._log(f"Tie at {t[1]} left open: roster order stands (FA-A8): {' > '.join(t[2])}")
        self.locked = True

    # -- turns --------------------------------------------------------------------------

    def _count_cards(self, who: str, attribute: str | None, cards: int, extra: int = 0) -> str:
        if cards < 0:
            raise CardRoundError(f"cards must be >= 0, got {cards}")
        if attribute is None:
            if cards:
                raise CardRoundError("name the Attribute the cards are played for (FA-18)")
            return ""
        limit = self.card_limit(who, attribute)
        used = self.played[who].get(attribute, 0)
        total = used + cards + extra
        if total > limit:
            raise CardLimitError(
                f"{who} would play {total} card(s) for {attribute} this "
                f"{self.rules.attribute_limit_scope}, above the limit {limit} (FA-18)"
            )
        self.played[who][attribute] = total
        return f"; {attribute} cards {total}/{limit} (FA-18)"

    def _cmd_act(self, cmd: C.Act) -> None:
        who = cmd.who
        self._begin_turns(who)
        slot = self.slot_of(who)
        uses_card = slot in self.commitments
        extra = 1 if uses_card and self.rules.initiative_card_counts_toward_limit else 0
        note = self._count_cards(who, cmd.attribute, cmd.cards, extra if cmd.attribute else 0)
        self.queue.pop(0)
        self.status[who] = ACTING
        self.acting, self.action = who, cmd.action
        what = f": {cmd.action}" if cmd.action else ""
        self._log(f"{who} takes its turn (FA-12){what}{note}")
        if slot != GM:
            self._discard_slot(slot, "at the start of its turn (FA-13)")
        elif self.rules.gm_card_discard == "first_npc_turn":
            self._discard_slot(GM, "at the first NPC turn (FA-13, FA-A2)")

    def _cmd_end_turn(self, cmd: C.EndTurn) -> None:
        self._need_phase("turns")
        who = self.acting
        if who is None:
            raise CardRoundError("nobody is acting; there is no turn to end")
        self.acting, self.action = None, ""
        self._finish(who, ACTED, f"{who}'s turn ends (FA-14)")

    def _finish(self, who: str, how: str, why: str) -> None:
        """A turn is over (acted, passed or forfeited): release its waiters (FA-A3),
        settle the GM card (FA-A2), end the turn sequence when nobody is left (FA-14)."""
        self.status[who] = how
        self.waiting_on.pop(who, None)
        if who in self.queue:
            self.queue.remove(who)
        released = [w for w, t in self.waiting_on.items() if t == who]
        for w in released:
            del self.waiting_on[w]
            self.status[w] = PENDING
        self.queue[:0] = released
        if released:
            why += f"; {', '.join(released)} stop(s) waiting (FA-19, FA-A3)"
        self._log(f"{why} -> {self.order_text()}")
        if how != ACTED and self.rules.forfeit_card_discard == "immediately":
            slot = self.slot_of(who)
            if slot != GM:
                self._discard_slot(slot, f"on {how} (FA-A6)")
        self._settle_gm_card()
        if self.acting is None and not self.queue:
            self.phase = "maintenance"
            self._log(f"Every character has had its turn (FA-14): round {self.round} maintenance")

    def _settle_gm_card(self) -> None:
        if GM not in self.commitments or not self.revealed:
            return
        npcs = [n for n in self.participants if self.character(n).side == "npc"]
        if all(self.status[n] in (ACTED, PASSED, FORFEITED) for n in npcs):
            if self.rules.gm_card_discard == "last_npc_turn" or (
                self.rules.forfeit_card_discard == "immediately"
            ):
                self._discard_slot(GM, "no NPC has a turn left (FA-A2, FA-A6)")

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

    def _cmd_pass(self, cmd: C.Pass) -> None:
        if not self.rules.allow_pass:
            raise CardRoundError("passing is off (allow_pass=False, FA-A5): act or wait")
        self._begin_turns(cmd.who)
        if self.slot_of(cmd.who) == GM and self.rules.gm_card_discard == "first_npc_turn":
            self._discard_slot(GM, "at the first NPC turn (FA-13, FA-A2)")
        self._finish(cmd.who, PASSED, f"{cmd.who} passes: turn over, no action (FA-A5)")

    def _cmd_wait(self, cmd: C.Wait) -> None:
        who = cmd.who
        self._begin_turns(who)
        nobody_done = not any(s in _DONE for s in self.status.values())
        chain = self.rules.wait_model == "chain"
        if len(self.queue) == 1 or (
            not chain and nobody_done and set(self.queue) <= {*self.waited, who}
        ):
            if not nobody_done:
                raise CardRoundError(
                    f"{who} has nobody left to wait on (FA-19, FA-A3): act or pass"
                )
            self._all_wait(who)
            return
        target = self.queue[1]
        if chain:
            t: str | None = target
            while t is not None:  # refuse cycles (cannot happen from the queue head)
                if t == who:
                    raise CardRoundError(f"{who} waiting on {target} would make a cycle")
                t = self.waiting_on.get(t)
            self.queue.pop(0)
            self.waiting_on[who] = target
            self.status[who] = WAITING
        else:
            self.queue[0], self.queue[1] = target, who
            if who not in self.waited:
                self.waited.append(who)
        self._log(f"{who} waits (card kept) -> acts after {target} (FA-19): {self.order_text()}")

    def _all_wait(self, last: str) -> None:
        """FA-20, FA-A4: everybody waits; the round ends with no actions."""
        reuse = self.rules.all_wait_cards == "reuse"
        self._log(
            f"{last} waits too: every character waits (FA-20); round {self.round} ends "
            f"with no actions; cards "
            + ("stay face up for the next round (FA-A4 reuse)" if reuse else "return to hand")
        )
        if reuse:
            self.kept = list(self.commitments)
        else:
            for slot, (card, _) in self.commitments.items():
                self.hands[self.owner_of_slot(slot)].append(card)
            self.commitments = {}
            self.kept = []
        commitments, kept = self.commitments, self.kept
        self._clear_round()
        self.commitments, self.kept = commitments, kept
        if self.rules.maintenance_after_all_wait:
            self.phase = "maintenance"
        else:
            self.phase = "idle"
            self.elapsed_rounds += 1
            self._log("No maintenance after an all-wait (maintenance_after_all_wait=False)")

    def _cmd_confront(self, cmd: C.Confront) -> None:
        self._need_phase("turns")
        who, actor = cmd.who, self.acting
        self.character(who)
        if actor is None:
            raise CardRoundError("nobody is acting: there is no action to confront (FA-15)")
        if who == actor:
            raise CardRoundError(f"{who} cannot confront its own action")
        joined = who in self.status
        if not joined and not self.rules.non_participants_may_confront:
            raise CardRoundError(
                f"{who} committed no card this round and may not confront "
                "(non_participants_may_confront=False, FA-A9)"
            )
        note = self._count_cards(who, cmd.attribute, cmd.cards)
        base = f"{who} confronts {actor}'s action (FA-15){note}"
        if joined and self.status[who] in _NOT_YET:
            self._finish(who, FORFEITED, f"{base}: loses its turn this round (FA-16)")
        else:
            why = "already had its turn" if joined else "took no part in the round (FA-A9)"
            self._log(f"{base}: no turn lost, {why} (FA-17)")

    # -- stat changes, effects, maintenance, newcomers ---------------------------------

    def _cmd_set_init(self, cmd: C.SetInitiative) -> None:
        who = cmd.who
        old = self.character(who)
        i = self.roster.index(old)
        self.roster[i] = replace(old, initiative=cmd.value)
        cause = f" ({cmd.cause})" if cmd.cause else ""
        msg = f"{who}'s Initiative {old.initiative} -> {cmd.value}{cause}"
        if who not in self.totals:
            self._log(msg)
        elif not self.rules.reorder_on_stat_change or self.status[who] != PENDING:
            self._log(f"{msg}; total stays {self.totals[who]} this round (FA-A10)")
        else:
            self.totals[who] = self.values[self.slot_of(who)] + cmd.value
            self.queue.remove(who)
            key = self._rank(who)
            at = next((j for j, n in enumerate(self.queue) if self._rank(n) > key), None)
            self.queue.insert(len(self.queue) if at is None else at, who)
            self._log(
                f"{msg}; total now {self.totals[who]}, reordered "
                f"(reorder_on_stat_change, FA-A10) -> {self.order_text()}"
            )

    def _cmd_bonus(self, cmd: C.GrantLimitBonus) -> None:
        self.card_limit(cmd.who, cmd.attribute)
        if cmd.amount == 0:
            raise CardRoundError("a limit bonus of 0 changes nothing")
        b = self.bonus[cmd.who]
        b[cmd.attribute] = b.get(cmd.attribute, 0) + cmd.amount
        self._log(
            f"{cmd.who}'s {cmd.attribute} card limit {cmd.amount:+d} ({cmd.cause}) this "
            f"{self.rules.attribute_limit_scope} -> {self.card_limit(cmd.who, cmd.attribute)} "
            "(FA-18)"
        )

    def _cmd_damage(self, cmd: C.RecordDamage) -> None:
        self.character(cmd.who)
        if cmd.amount <= 0:
            raise CardRoundError(f"damage must be positive, got {cmd.amount}")
        self.damage[cmd.who] += cmd.amount
        cause = f" ({cmd.cause})" if cmd.cause else ""
        self._log(f"{cmd.who} takes {cmd.amount} damage{cause}: {self.damage[cmd.who]} total")

    def _cmd_effect(self, cmd: C.AddEffect) -> None:
        self.character(cmd.who)
        if cmd.effect != "regeneration":
            raise CardRoundError(f"unknown maintenance effect {cmd.effect!r}")
        if cmd.who in self.regen:
            raise CardRoundError(f"{cmd.who} already has regeneration")
        self.regen.append(cmd.who)
        self._log(f"{cmd.who} gains regeneration (recovers 1 damage each maintenance)")

    def _maintain(self, why: str) -> None:
        self._log(why)
        for n in self.regen:
            if self.damage[n] > 0:
                self.damage[n] -= 1
                self._log(f"{n} recovers 1 damage (regeneration): {self.damage[n]} left")

    def _cmd_maintenance(self, cmd: C.RunMaintenance) -> None:
        self._need_phase("maintenance")
        self._maintain(f"Maintenance phase of round {self.round} (FA-21)")
        for slot in [s for s in self.commitments if s not in self.kept]:
            self._discard_slot(slot, "at the end of the round (FA-A6)")
        self.elapsed_rounds += 1
        lo, hi = 3 * self.elapsed_rounds, 5 * self.elapsed_rounds
        self.phase = "idle"
        self._log(f"Round {self.round} over: about {lo}-{hi} s have passed (FA-1)")

    def _cmd_outside(self, cmd: C.MaintenanceOutside) -> None:
        self._need_phase("idle")
        if cmd.times < 1:
            raise CardRoundError(f"times must be >= 1, got {cmd.times}")
        for k in range(cmd.times):
            self._maintain(f"GM runs maintenance outside initiative, {k + 1}/{cmd.times} (FA-22)")

    def _cmd_add(self, cmd: C.AddCharacter) -> None:
        self._add_character(cmd.character, cmd.deck, 0)
        name = cmd.character.name
        if self.phase == "commit" and self.rules.newcomers_join == "before_reveal":
            self.participants.append(name)
            self.status[name] = PENDING
            self._log(f"{name} joins the struggle and this round before the reveal (FA-A11)")
        elif self.phase == "idle":
            self._log(f"{name} joins the struggle (FA-23)")
        else:
            self._log(f"{name} joins the struggle from the next round (FA-A11)")

    def _cmd_end_conflict(self, cmd: C.EndConflict) -> None:
        self._need_phase("idle")
        for slot in self.kept[:]:
            self._discard_slot(slot, "as the conflict ends")
        self.kept = []
        for n in self.played:
            self.played[n] = {}
            self.bonus[n] = {}
        self._log("The conflict ends: no more simultaneous actions (FA-23)")

    # ------------------------------------------------------------------ views

    def view(self, viewer: str | int) -> dict[str, Any]:
        """What ``viewer`` may see: a PC name (its player), ``"GM"`` / GAME_MASTER, or
        ``"@spectator"`` / SPECTATOR. Face-down cards are shown only to the committing
        player and the GM, deck-top commitments to nobody (FA-A14); hands only to their
        owner (and the GM); deck order and the RNG to nobody."""
        if viewer == GAME_MASTER:
            viewer = GM
        elif viewer == SPECTATOR:
            viewer = SPECTATOR_VIEWER
        if not isinstance(viewer, str) or (
            viewer not in (GM, SPECTATOR_VIEWER) and self.character(viewer).side != "pc"
        ):
            raise CardRoundError(f"{viewer!r} is not a viewer (a player character, GM, spectator)")
        gm = viewer == GM
        commits: list[dict[str, Any]] = []
        for slot in self.needed_slots() if self.phase in ("commit", "turns") else []:
            entry: dict[str, Any] = {"slot": slot, "committed": slot in self.commitments}
            if slot in self.commitments:
                card, src = self.commitments[slot]
                entry["source"] = src
                owner = self.owner_of_slot(slot)
                face_up = self.revealed or slot in self.kept
                if face_up or (src == "hand" and (gm or viewer == owner)):
                    entry["card"] = card.to_list()
            commits.append(entry)
        hands = {
            o: [c.to_list() for c in h] if gm or o == viewer else len(h)
            for o, h in self.hands.items()
        }
        decls = {k: v for k, v in self.declarations.items() if gm or k == viewer}
        log = [p if q is None or viewer not in a else q for _, p, q, a in self.log]
        return {
            "viewer": viewer,
            "round": self.round,
            "phase": self.phase,
            "rules": self.rules.to_dict(),
            "roster": [c.to_dict() for c in self.roster],
            "participants": self.participants[:],
            "status": dict(self.status),
            "totals": dict(self.totals),
            "queue": self.queue[:],
            "waiting_on": dict(self.waiting_on),
            "acting": self.acting,
            "action": self.action,
            "ties": [[t[0], t[1], t[2][:], t[3]] for t in self.ties],
            "commitments": commits,
            "hands": hands,
            "deck_counts": {o: len(d) for o, d in self.decks.items()},
            "discards": {o: [c.to_list() for c in d] for o, d in self.discards.items()},
            "declarations": decls,
            "played": _copy_nested(self.played),
            "bonus": _copy_nested(self.bonus),
            "damage": dict(self.damage),
            "regeneration": self.regen[:],
            "elapsed_seconds": [3 * self.elapsed_rounds, 5 * self.elapsed_rounds],
            "log": log,
        }


_HANDLERS: Final[dict[type, Any]] = {
    C.BeginRound: CardRoundState._cmd_begin,
    C.Commit: CardRoundState._cmd_commit,
    C.Reveal: CardRoundState._cmd_reveal,
    C.DeclareToGM: CardRoundState._cmd_declare,
    C.OrderTie: CardRoundState._cmd_order_tie,
    C.Act: CardRoundState._cmd_act,
    C.EndTurn: CardRoundState._cmd_end_turn,
    C.Wait: CardRoundState._cmd_wait,
    C.Pass: CardRoundState._cmd_pass,
    C.Confront: CardRoundState._cmd_confront,
    C.SetInitiative: CardRoundState._cmd_set_init,
    C.GrantLimitBonus: CardRoundState._cmd_bonus,
    C.RecordDamage: CardRoundState._cmd_damage,
    C.AddEffect: CardRoundState._cmd_effect,
    C.RunMaintenance: CardRoundState._cmd_maintenance,
    C.MaintenanceOutside: CardRoundState._cmd_outside,
    C.AddCharacter: CardRoundState._cmd_add,
    C.Draw: CardRoundState._cmd_draw,
    C.EndConflict: CardRoundState._cmd_end_conflict,
}
