"""Predictable deals for tests: the seeds SHA-256("<seed>:1"), SHA-256("<seed>:2"), … (64 hex digits,
as real ones) instead of the operating system's, until the test ends (tests/conftest.py puts the
secret source back after each test). A table's dealer takes the first when the table starts (the
first deal's seed), the next one each time it deals."""

from __future__ import annotations

from games import fairness

CLIENT_SEED = "5eed5eed5eed5eed"  # every person's client seed once a test predicts its deals


def predict(seed: object) -> fairness.Predictable:
    """From now on (in this test), deals take their server seeds from `Predictable(seed)` and
    every person's client seed is CLIENT_SEED (at a Discord table as in the rules alone)."""
    source = fairness.Predictable(seed)
    fairness.set_source(source)
    fairness.set_same_client_seed(CLIENT_SEED)
    return source


def predicted(seed: object, number: int) -> str:
    """The `number`th seed `predict(seed)` gives (1: the first)."""
    source = fairness.Predictable(seed)
    source.count = number - 1
    return source()
