"""Shared fixtures: a bot built on a database in a temporary folder, for SimCord."""

from __future__ import annotations

import pytest

from bot import create_bot
from games import fairness


@pytest.fixture(autouse=True)
def secret_seeds():
    """Every test starts and ends with deals seeded from the operating system (a test may make
    them predictable with tests.seeds.predict)."""
    fairness.set_source(fairness.secret_seed)
    yield
    fairness.set_source(fairness.secret_seed)


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "tarot.sqlite3"


@pytest.fixture
def simcord_bot(db_path):
    return create_bot(db_path=db_path, shard_count=1)
