"""Secret links: each human seat and the spectators of a table get an unguessable token
(192 random bits, URL-safe). Only a token's SHA-256 is stored, so a copy of the
database does not hand out seats; tokens are compared in constant time."""

from __future__ import annotations

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
