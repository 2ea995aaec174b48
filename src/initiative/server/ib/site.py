"""Initiative Break at the web table (its `web` part): the create form and its setup
(server/ib/setup.py: every mode, seats with shipped teams or uploaded team files, house
rules), the match pinned in the table's data, what meets chance or reveals hidden
answers, drafts built step by step on a determinized copy with their preview
(server/ib/drafts.py), and the page (server/ib/render.py, templates ib/...)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from functools import cached_property
from typing import Any, ClassVar

from initiative.bots import LEVELS, bot_lines, default_bot
from initiative.engine.errors import ContentError
from initiative.engine.rng import Seed
from initiative.games.ib.actions import ACTIONS
from initiative.games.ib.content import Content, core_content
from initiative.games.ib.match import Match
from initiative.games.ib.record import record_game
from initiative.games.ib.setup import IBGame, new_game
from initiative.games.ib.state import IBState
from initiative.games.ib.text import guide
from initiative.games.ib.view import IBView
from initiative.server.ib import render
from initiative.server.ib.drafts import DraftState, closes_hidden_answers, draft_state
from initiative.server.ib.setup import (
    MODE_NAMES,
    TableSetup,
    mode_seating,
    offered_teams,
    parse_setup,
)
from initiative.server.ib.tutorial import asks_tutorial, tutorial_plan
from initiative.server.parts import Rendered, SeatPage, SetupError, Templates, WebGame

GAME = "initiative_break"


class IBWeb(WebGame[TableSetup, IBGame, IBState, IBView]):
    name: ClassVar[str] = GAME
    templates: ClassVar[Templates] = Templates("ib/new.html", "ib/table.html",
                                               "ib/how_to_play.html")
    regions: ClassVar[tuple[str, ...]] = render.REGIONS

    @cached_property
    def content(self) -> Content:
        return core_content()

    def parse(self, form: Mapping[str, str]) -> TableSetup:
        if asks_tutorial(form):  # the lobby's guided first game
            return tutorial_plan()
        return parse_setup(form, self.content)

    def read_plan(self, data: Mapping[str, Any]) -> TableSetup:
        return TableSetup.from_dict(data)

    def form_values(self) -> dict[str, Any]:
        content = self.content
        return {"modes": list(MODE_NAMES.items()), "default_bot": default_bot(GAME),
                "levels": [(name, about) for name, about in bot_lines(GAME) if name in LEVELS],
                "teams": offered_teams(content), "seating": mode_seating(content),
                "encounters": [(k, e.name) for k, e in sorted(content.encounters.items())]}

    def build(self, plan: TableSetup, seed: Seed) -> IBGame:
        """The match of the setup (Rivals drawn from the seed, IB 6.8); SetupError lists
        every problem, deck rules per seat included."""
        return IBGame(plan.build(self.content, seed))

    def pinned(self, game: IBGame) -> dict[str, Any]:
        """The match as built: a table goes on with the cards it started with."""
        data: dict[str, Any] = game.match.to_dict()
        return data

    def rebuild(self, plan: TableSetup, seed: Seed, pinned: dict[str, Any] | None,
                where: str) -> IBGame:
        if pinned is None:
            return self.build(plan, seed)
        try:
            return IBGame(Match.from_dict(pinned, self.content, f"{where}: match"))
        except ContentError as exc:
            raise SetupError([str(exc)]) from None

    def first_state(self, game: IBGame, seed: Seed) -> IBState:
        return new_game(game.match, seed)

    def secrets_mark(self, state: IBState) -> Hashable:
        """Dice, shuffles and Challenge Card rolls draw from the generator; a draw takes
        a hidden card from a deck."""
        return state.rng.state, sum(len(d) for d in state.decks)

    def reveals_answers(self, state: IBState, seat: int) -> bool:
        """Whether `seat`'s answer now is the last one of a mulligan (IB 2.8.2, AMB-88)
        or Initiative Break window (IB 3.7) that other seats answered already: their
        hidden answers are revealed by it (`drafts.closes_hidden_answers`)."""
        return closes_hidden_answers(state, seat)

    def team_of(self, game: IBGame, seat: int) -> int:
        return game.match.seat_team[seat]

    def lobby_detail(self, plan: TableSetup, state: IBState) -> str:
        return f"{MODE_NAMES.get(plan.mode, plan.mode)}, round {state.track.round}"

    def record(self, game: IBGame, seed: Seed, state: IBState, actions: Sequence[int]
               ) -> dict[str, Any]:
        record = record_game(game.match, seed, [ACTIONS[i] for i in actions], with_log=True)
        data: dict[str, Any] = record.to_dict()
        return data

    def log_length(self, state: IBState) -> int:
        return state.log_len

    def draft(self, state: IBState, seat: int, indices: tuple[int, ...]) -> DraftState:
        return draft_state(state, seat, tuple(ACTIONS[i] for i in indices))

    def render(self, page: SeatPage[IBView]) -> Rendered:
        return render.render(page)

    def json_state(self, public: Match, view: IBView, log_from: int) -> dict[str, Any]:
        return render.json_state(public, view, log_from)

    def guide_values(self) -> dict[str, Any]:
        return {"topics": guide.TOPICS, "flags_note": guide.FLAGS_NOTE}
