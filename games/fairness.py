"""Fair deals: every deal takes a fresh secret seed, shown first as its SHA-256 commitment and
revealed only once the deal is spent (DESIGN.md, "State, persistence, restarts")."""

from __future__ import annotations

import hashlib
import random
import secrets


def fresh_seed() -> str:
    """A new secret seed from the operating system's randomness."""
    return secrets.token_hex(16)


def commitment(seed: str) -> str:
    """What the table shows before the deal: the seed's SHA-256, in hex."""
    return hashlib.sha256(seed.encode()).hexdigest()


def rng(seed: str) -> random.Random:
    """The deal's shuffler, reproducible from the seed alone."""
    return random.Random(seed)
