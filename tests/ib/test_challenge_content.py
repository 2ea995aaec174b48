"""The Challenge Card and encounter schema (IB 6.1-6.2, content gap C-08): every mistake
is refused with the file, the entry and the field named."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from initiative.engine.errors import ContentError
from initiative.games.ib.content import load_content_text

HIT = {"target": "enemy", "damage": 1}


def cc(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"key": "t_x", "name": "X", "tier": "aberrant", "initiative": 1,
                            "speed": 3, "hp": 6,
                            "actions": [{"roll": "1-6", "name": "Hit", "effects": [HIT]}]}
    return base | changes


def load(challenges: list[dict[str, Any]], **more: Any) -> Any:
    return load_content_text(yaml.safe_dump({"challenges": challenges, **more}), "t.yaml")


def test_a_valid_card_compiles_its_table_phases_and_on_death() -> None:
    content = load([cc(on_death=[{"target": "all_enemies", "damage": 1}], phases=[
        {"name": "Two", "at_hp": 3, "speed": 2,
         "actions": [{"roll": "1-6", "name": "Bite", "effects": [HIT]}]}])])
    spec = content.challenges["t_x"]
    assert [m.name for m in spec.moves] == ["Hit", "Bite"]
    assert spec.phases[0].table == (0,) * 6 and spec.phases[1].table == (1,) * 6
    assert spec.phases[1].speed == 2 and spec.abilities[-1].trigger == "defeat"


@pytest.mark.parametrize("changes,message", [
    ({"actions": [{"roll": "1-5", "name": "Hit", "effects": [HIT]}]}, r"missing \[6\]"),
    ({"actions": [{"roll": "1-6", "name": "A", "effects": [HIT]},
                  {"roll": "6", "name": "B", "effects": [HIT]}]}, r"twice \[6\]"),
    ({"actions": [{"roll": "0-6", "name": "A", "effects": [HIT]}]}, "roll must be a face"),
    ({"break_art": {"name": "B", "kind": "basic", "effects": [HIT]}}, "break_art.kind"),
    ({"phases": [{"name": "P", "at_hp": 6, "actions": [
        {"roll": "1-6", "name": "A", "effects": [HIT]}]}]}, "falling HP thresholds"),
    ({"actions": [{"roll": "1-6", "name": "A", "effects": [{"target": "self", "draw": 1}]}]},
     "does not draw"),
    ({"actions": [{"roll": "1-6", "name": "A", "effects": [
        {"target": "self", "summon": "t_pal"}]}]}, "use spawn"),
    ({"on_death": [{"target": "self", "heal": 1}, {"target": "enemy", "damage": 1}]},
     r"on_death\[1\].target: 'enemy' picks one unit"),
    ({"phases": [{"name": "P", "at_hp": 3, "on_enter": [{"target": "ally", "heal": 1}],
                  "actions": [{"roll": "1-6", "name": "A", "effects": [HIT]}]}]},
     r"on_enter\[0\].target: 'ally' picks one unit"),
    ({"tier": "boss"}, "tier"),
    ({"trigger": {"name": "T", "when": {}, "effects": [HIT]}}, "at least one condition"),
])
def test_a_bad_challenge_card_is_refused_naming_the_field(changes: dict[str, Any],
                                                          message: str) -> None:
    with pytest.raises(ContentError, match=message) as raised:
        load([cc(**changes)])
    assert "t.yaml (entry 't_x')" in str(raised.value)


def test_spawns_name_a_challenge_card_and_only_ccs_spawn() -> None:
    spawner = cc(actions=[{"roll": "1-6", "name": "Call",
                           "effects": [{"target": "self", "spawn": "t_none"}]}])
    with pytest.raises(ContentError, match="'t_none' is not a challenge"):
        load([spawner])
    card = {"key": "t_c", "name": "C", "kind": "event",
            "effects": [{"target": "self", "spawn": "t_x"}]}
    with pytest.raises(ContentError, match="only Challenge Cards spawn"):
        load([cc()], cards=[card])


def test_encounters_name_known_challenge_cards_and_characters() -> None:
    with pytest.raises(ContentError, match="unknown challenge 't_y'"):
        load([cc()], encounters=[{"key": "e", "name": "E", "challengers": ["t_y"]}])
    with pytest.raises(ContentError, match="unknown character 'nobody'"):
        load([cc()], encounters=[{"key": "e", "name": "E", "rivals": ["nobody"]}])
    with pytest.raises(ContentError, match="at least one Challenge Card or Rival"):
        load([cc()], encounters=[{"key": "e", "name": "E"}])
