"""The store factory: which backend a TAROT_DB target names, opened and migrated. It imports
both backends, which import only the shared types (bot/store.py): no import circle. The `bot`
package imports this module, so `Store.open` works wherever `bot.store` is imported."""

from __future__ import annotations

from pathlib import Path

from bot.store import Store, database_target, is_postgres_url, register_factory
from bot.store_postgres import PostgresStore
from bot.store_sqlite import SqliteStore


async def open_store(target: str | Path) -> Store:
    """A SQLite file path or a postgresql:// URL, migrated to the current schema."""
    target = database_target(target) if isinstance(target, str) else target
    if is_postgres_url(target):
        return await PostgresStore.connect(str(target))
    return await SqliteStore.connect(Path(target))


register_factory(open_store)
