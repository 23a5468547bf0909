"""The shared bearer token, compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
from typing import Optional


class BearerAuth:
    def __init__(self, token: str) -> None:
        # Comparing digests keeps even the token's length out of the timing.
        self._digest = hashlib.sha256(token.encode("utf-8")).digest()

    def allows(self, header: Optional[str]) -> bool:
        scheme, _, given = (header or "").partition(" ")
        candidate = hashlib.sha256(given.strip().encode("utf-8")).digest()
        matches = hmac.compare_digest(candidate, self._digest)
        return scheme.lower() == "bearer" and bool(given.strip()) and matches
