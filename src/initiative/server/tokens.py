"""Secret links: each human seat and the spectators of a table get an unguessable token
(192 random bits, URL-safe). Only a token's SHA-256 is stored, so a copy of the
database does not hand out seats; tokens are compared in constant time. A table's
creator key derives every link of the table (`derive`), so the creator can open the page
of links again with it alone (server/handoff.py)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

TOKEN_BYTES = 24


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def matches(token: str, stored_digest: str) -> bool:
    return hmac.compare_digest(digest(token), stored_digest)


def derive(secret: str, label: str) -> str:
    """A token derived from `secret` for `label` (HMAC-SHA256, one-way: the derived
    token tells nothing of `secret` or of another label's token)."""
    mac = hmac.new(secret.encode("utf-8", "replace"), label.encode("utf-8"),
                   hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:TOKEN_BYTES]).decode("ascii").rstrip("=")
