"""Initiative Break's web table (its `web` part, named in games/ib/entry.py): `SITE`, a
`WebGame` (server/parts.py) over the create form and setup (`setup`), drafts with their
preview (`drafts`), the page (`render`, with `details` and `reasons`)."""

from initiative.server.ib.site import IBWeb

SITE = IBWeb()
