"""The hex skirmish game's web table (its `web` part, named in games/hex/entry.py):
`SITE`, a `WebGame` (server/parts.py) over the form and plan (`setup`), the page
(`render`, the Dice panel from `dice`) and the how-to-play page (`guide`)."""

from initiative.server.hex.site import HexWeb

SITE = HexWeb()
