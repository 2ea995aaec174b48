"""The skirmish game's bots' evaluation (`evaluate`) and its one-ply lookahead bot
(`HexHeuristicBot`).

`evaluate(state, seat)` scores a position for one seat with readable terms, each the
seat's own minus the mean over its living enemies where it is a quantity both sides
have (weights in `HexWeights`):
- health and being alive (HX-A5), hits already rolled but not yet dealt (HX-A6:
  damage comes after the reactions) counted as damage;
- Power tokens (HX-22, HX-A3), and a bonus for holding strictly the most, which the
  Special Initiative card turns into an extra turn (HX-10);
- threat: the chance of a hit per die on each enemy standing in the seat's Style-card
  hexes (HX-23, HX-26), and exposure, the same for the enemies' Style cards on the
  seat's unit;
- the back: an enemy on the hex directly behind the seat's unit (its attacks from
  there allow no reaction, HX-31, HX-A14) costs, standing behind an enemy pays;
- facing the nearest enemy, and closing in on it.
A finished game is worth +/- `win` (a draw 0).

`HexHeuristicBot` is `lookahead.LookaheadBot` on worlds dealt from the view on the
public setup (`HexDealer`, `games/hex/determinize.py`), so it never sees the state.
"""
