"""Predictable deals for tests: the seeds "<seed>:1", "<seed>:2", … instead of the operating
system's, until the test ends (tests/conftest.py puts the secret source back after each test)."""

from __future__ import annotations

from games import fairness


def predict(seed: object) -> fairness.Predictable:
    """From now on (in this test), deals take their seeds from `Predictable(seed)`."""
    source = fairness.Predictable(seed)
    fairness.set_source(source)
    return source
