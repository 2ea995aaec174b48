"""Tests of Lantern race, the toy game under `toy_game/` that proves a game plugs in by
name with no file outside its own folder (issue 24; docs/new-game.md)."""
