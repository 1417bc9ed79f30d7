"""Fair deals: every deal takes a fresh secret seed, shown first as its SHA-256 commitment and
revealed only once the deal is spent (DESIGN.md, "State, persistence, restarts")."""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Callable


def secret_seed() -> str:
    """A new secret seed from the operating system's randomness."""
    return secrets.token_hex(16)


_source: Callable[[], str] = secret_seed


def fresh_seed() -> str:
    """The seed of a deal that starts now (secret until the deal is over)."""
    return _source()


def set_source(source: Callable[[], str]) -> Callable[[], str]:
    """Where `fresh_seed` takes seeds from (a replay, tests); returns the previous source."""
    global _source
    previous, _source = _source, source
    return previous


def commitment(seed: str) -> str:
    """What the table shows before the deal: the seed's SHA-256, in hex."""
    return hashlib.sha256(seed.encode()).hexdigest()


def rng(seed: str) -> random.Random:
    """The deal's shuffler, reproducible from the seed alone."""
    return random.Random(seed)
