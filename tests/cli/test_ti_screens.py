"""Every screen of whole random games of The Initiative (each shipped mission, 1 to 4
players): drawn without error within 80 columns, every room named, the deciding seat's
own hand shown and no other seat's, and every legal choice listed (the answer step
lists its symbols)."""

from __future__ import annotations

import pytest

from initiative.bots import RandomBot
from initiative.cli.ti.prompt import parse_choice, room_answer
from initiative.cli.ti.screen import screen
from initiative.games import load_game
from initiative.games.ti.actions import Kind, from_index
from initiative.games.ti.content import default_content
from initiative.games.ti.game import TIGame

MISSIONS = default_content().campaign


@pytest.mark.parametrize(("mission", "players"),
                         [(m, p) for p in (1, 2, 3, 4) for m in MISSIONS][::2])
def test_every_screen_of_a_random_game_fits_and_shows_only_the_own_hand(
        mission: str, players: int) -> None:
    game: TIGame = load_game("the_initiative", mission=mission, players=players)
    state = game.new_initial_state(17 + players)
    bot = RandomBot(3)
    names = [s.label for s in game.setup.seats]
    kinds: set[str] = set()
    while not state.is_terminal():
        seat = state.current_seat()
        view = state.view(seat)
        data = view.to_dict()
        text = screen(data, 0)
        assert max(map(len, text.split("\n"))) <= 80
        for room in data["board"]["rooms"]:
            assert f" {room['name']}" in text
        assert f"{names[seat]}'s hand:" in text
        others = [n for i, n in enumerate(names) if i != seat and n != names[seat]]
        assert not any(f"{n}'s hand" in text for n in others)
        kind = data["pending"]["kind"]
        kinds.add(kind)
        action = bot.choose(view)
        legal = [from_index(int(e["index"])) for e in data["legal"]]
        if action.kind is Kind.SYMBOL:  # TI-A16: typed as the symbol itself
            symbol = data["mission"]["alphabet"][action.arg]
            listed = text.split("Type a symbol", 1)[1].split()[1:]
            assert symbol in [cell.rpartition(":")[2] for cell in listed]
            assert parse_choice(symbol, data) == action
        else:
            number = legal.index(action) + 1
            assert f"{number:>2}. " in text
            assert parse_choice(str(number), data) == action
        state.apply(action)
    assert "turn" in kinds
    assert room_answer(state.view(0).to_dict(), "0").startswith("0 ")
