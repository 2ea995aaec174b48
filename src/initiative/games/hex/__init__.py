"""The hex skirmish game: characters on a hex board, driven by initiative decks
(rules: ../shared/seeds/003_*, ids HX-1..HX-34 and HX-A1..HX-A21 in
../shared/OTHER-RULINGS.md section 4). docs/hex.md explains the package.

Layers, lowest first (a module imports only from its own layer or the ones before it):
1. data - `geometry`, `actions`, `flags`, `specs`.
"""
