"""The Initiative's web table (its `web` part, named in games/ti/entry.py): `SITE`, a
`WebGame` (server/parts.py) over the form and plan (`setup`), the page (`render`) and
the how-to-play page (`guide`)."""

from initiative.server.ti.site import TIWeb

SITE = TIWeb()
