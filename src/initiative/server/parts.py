"""`WebGame`: what the web table needs of one game, its `web` part (games/registry.py
`Parts.web`). The table (server/table.py), the hub (server/hub.py), the socket
(server/ws.py) and the routes (server/routes.py) are written once for every game; a
game says only what is its own:

- setup: the create form's fields and how they become a plan (`parse`), the plan read
  back from the store (`read_plan`), the game and its first state from plan and seed;
- play: what changes when chance is met or hidden information comes out (`secrets_mark`,
  `reveals_answers`: undo and multi-step turns stop there), the teams (team chat),
  what the lobby says of a table, the game record;
- pages: its templates, how one seat's page is drawn from that seat's view alone
  (`render`), what a JSON client gets (`json_state`), its how-to-play page; optionally
  drafts (`draft`: a compound choice built step by step before it is confirmed).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from initiative.engine.contract import SPECTATOR
from initiative.engine.rng import Seed

HUMAN = "human"
"""A seat's controller when a person plays it from a secret link."""
OPEN = "open"
"""A seat's controller when anyone from the lobby may take it (listed until taken)."""
SHARED = "solo"
"""A seat's controller when the link of the seat before it plays it too (one person
running two seats, e.g. The Initiative's solo player with two characters, TI-A17): the
seat has no link of its own and that link's page follows whichever of them decides."""
PEOPLE = (HUMAN, OPEN, SHARED)
"""Controllers that are not bots."""


class SetupError(ValueError):
    """A table request that cannot be played; `problems` lists every one, each naming
    the field (and seat) it is about."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


class SeatPlan(Protocol):
    """One seat of a plan: its shown name and who plays it (HUMAN, OPEN, SHARED or a
    bot name)."""

    @property
    def name(self) -> str: ...

    @property
    def controller(self) -> str: ...


class TablePlan(Protocol):
    """What a table is made of, as the create form chose it (a game's own dataclass)."""

    @property
    def name(self) -> str: ...

    @property
    def seats(self) -> Sequence[SeatPlan]: ...

    def to_dict(self) -> dict[str, Any]:
        """JSON data `WebGame.read_plan` reads back."""
        ...


class DraftLike(Protocol):
    """Where a seat's draft stands (a game's own draft type): the steps so far (action
    numbers), what may come next, and whether it can be confirmed."""

    @property
    def indices(self) -> tuple[int, ...]: ...

    @property
    def next_indices(self) -> frozenset[int]: ...

    @property
    def ready(self) -> bool: ...


@dataclass(frozen=True)
class Templates:
    """A game's page templates (names in the template folders, web/templates/...)."""

    form: str
    """The create form (extends new_base.html)."""
    table: str
    """The table page: its regions' layout (extends table_base.html); also the replay's."""
    guide: str
    """The how-to-play page."""


@dataclass(frozen=True)
class Notice:
    """A table happening every seat is told of in its log, before game log entry `at`
    (who took back a turn; nothing hidden)."""

    seat: int
    at: int
    kind: str = "undo"


@dataclass(frozen=True)
class ChatLine:
    """A line of the table chat as one seat may read it."""

    name: str
    text: str
    team: bool
    """Written to the reader's team only."""


@dataclass(frozen=True)
class Links:
    """The table's links of one page (its token in them): the finished game's record and
    replay, the rematch once started; "" where there is none."""

    record: str = ""
    replay: str = ""
    rematch: str = ""
    new_table: str = ""


V = TypeVar("V")


@dataclass(frozen=True)
class SeatPage(Generic[V]):
    """Everything a game's renderer draws one page from: the seat's view and the
    table's public facts. Never the state: only what `seat` may know."""

    table_id: str
    table_name: str
    seat: int
    """The link's seat, or SPECTATOR."""
    acting: int
    """The seat this page shows and plays now (a SHARED seat's deciding partner)."""
    view: V
    public: Any
    """The game's public description (what every seat knows; bots are built from it)."""
    names: tuple[str, ...]
    """Every seat's shown name."""
    decider: int
    """The seat that decides now (or CHANCE / TERMINAL)."""
    controller: str
    """Who plays the deciding seat now: HUMAN, or a bot's name (a stand-in included)."""
    finished: bool
    links: Links = field(default_factory=Links)
    draft: Any = None
    """The seat's draft (the game's own type) while it builds one, else None."""
    can_undo: bool = False
    notices: tuple[str, ...] = ()
    notice_at: tuple[int, ...] = ()
    """The notices' sentences and where each stands in the log (log positions)."""
    since_at: int | None = None
    """The log position where the seat's last decision began (its lines from there on
    are marked on the page); None for a spectator or a seat that has not decided."""
    suffixes: Mapping[int, str] = field(default_factory=dict)
    """Log positions whose line ends with a word on who played it (a stand-in bot)."""
    replay: bool = False
    """A step of the finished game's replay: nothing to choose."""
    guided: bool = False
    """A tutorial table (its plan's `guided`): the game's page shows a hint at each of the
    seat's decisions."""

    @property
    def mine(self) -> bool:
        """Whether this page's seat decides now."""
        return self.acting >= 0 and self.decider == self.acting and not self.finished

    @property
    def watching(self) -> bool:
        return self.seat == SPECTATOR


@dataclass(frozen=True)
class Rendered:
    """A drawn page: its regions (element id -> HTML), the sentence announced to screen
    readers when it changes, and whether the seat decides now."""

    regions: dict[str, str]
    announce: str
    your_turn: bool


P = TypeVar("P", bound=TablePlan)
G = TypeVar("G")
S = TypeVar("S")


class WebGame(ABC, Generic[P, G, S, V]):
    """One game's web table part: `P` its plans, `G` its game, `S` its states, `V` its
    views. Subclass it and name the instance in the game's entry (`Parts.web`)."""

    name: ClassVar[str]
    """The game's registry name."""
    templates: ClassVar[Templates]
    regions: ClassVar[tuple[str, ...]]
    """The element ids of the page's game regions (what `render` fills)."""
    stand_in: ClassVar[str] = "normal"
    """The bot that plays a seat whose player has been away too long."""
    template_folder: ClassVar[Path | None] = None
    """A folder of the game's own templates, named `<slug>/NAME` in `templates` (games
    in this package keep theirs in web/templates/<slug>/)."""
    static_folder: ClassVar[Path | None] = None
    """A folder of the game's own static files (styles, scripts, images), served at
    /<slug>/static/NAME (games in this package keep theirs in web/static/)."""

    # --- setup -------------------------------------------------------------------------

    @abstractmethod
    def parse(self, form: Mapping[str, str]) -> P:
        """The plan of the create form's (or the JSON API's) fields; SetupError lists
        every problem."""

    @abstractmethod
    def read_plan(self, data: Mapping[str, Any]) -> P:
        """The plan as `plan.to_dict()` wrote it."""

    @abstractmethod
    def form_values(self) -> dict[str, Any]:
        """The create form template's values besides the form and its problems."""

    @abstractmethod
    def build(self, plan: P, seed: Seed) -> G:
        """The game of a plan (the seed for games that draw from it at set-up);
        SetupError names what cannot be built."""

    def pinned(self, game: G) -> dict[str, Any] | None:
        """Data stored with the table that pins its game (e.g. its content), read back
        by `rebuild`; None when the plan alone rebuilds it."""
        return None

    def rebuild(self, plan: P, seed: Seed, pinned: dict[str, Any] | None, where: str) -> G:
        """The stored table's game (`where` names the table in errors)."""
        return self.build(plan, seed)

    @abstractmethod
    def first_state(self, game: G, seed: Seed) -> S:
        """The game's first state from the table's seed."""

    # --- play --------------------------------------------------------------------------

    @abstractmethod
    def secrets_mark(self, state: S) -> Hashable:
        """A value that changes whenever chance is met (a draw, a shuffle, a roll) or
        hidden information comes out: a turn stops there, and cannot be taken back."""

    def reveals_answers(self, state: S, seat: int) -> bool:
        """Whether `seat`'s decision now closes a question other seats answered in secret
        (their answers come out with it)."""
        return False

    def team_of(self, game: G, seat: int) -> int:
        """The team of a seat (team chat reaches its team)."""
        return seat

    @abstractmethod
    def lobby_detail(self, plan: P, state: S) -> str:
        """What the lobby says of a table besides its game and seats ("Duel, round 3")."""

    @abstractmethod
    def record(self, game: G, seed: Seed, state: S, actions: Sequence[int]
               ) -> dict[str, Any]:
        """The finished game's record (JSON data; `initiative replay` reads it): the
        game, its seed and the action numbers played."""

    @abstractmethod
    def log_length(self, state: S) -> int:
        """Entries in the game's log now (where a notice stands)."""

    def draft(self, state: S, seat: int, indices: tuple[int, ...]) -> DraftLike | None:
        """`seat`'s draft of the steps `indices` (ValueError names a step that is not
        legal), or None when the game takes each choice at once."""
        return None

    # --- pages -------------------------------------------------------------------------

    @abstractmethod
    def render(self, page: SeatPage[V]) -> Rendered:
        """One seat's page regions, drawn from `page` alone."""

    def log_places(self, view: V, positions: Sequence[int]) -> list[int]:
        """Where in the seat's log (its view's `log`) each log position of the table
        (`log_length`'s count) falls: the same, unless the seat's log holds entries of
        its own that the table's positions do not count."""
        return list(positions)

    @abstractmethod
    def json_state(self, public: Any, view: V, log_from: int) -> dict[str, Any]:
        """What a JSON client of the seat gets besides the table's facts: "view" (the
        view's data; its log may start at entry `log_from`) and "legal" (the seat's legal
        actions now, each {"index", "text"}). `public`: the game's public description."""

    @abstractmethod
    def guide_values(self) -> dict[str, Any]:
        """The how-to-play page's values."""
