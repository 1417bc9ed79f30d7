"""Moving house: copy a SQLite database (every table, log, wallet, grant and result) into an
empty PostgreSQL database in one transaction, then verify the copy — the same rows in every table
and the same chips (wallets, house, granted, and at the open tables)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bot.store import DATA_TABLES, Store, packed_state
from bot.store_postgres import PostgresStore
from bot.store_sqlite import SqliteStore

BATCH = 5_000


class MigrationRefused(Exception):
    """The copy was not made (or did not verify); the message says why."""


@dataclass(frozen=True)
class Ledger:
    rows: dict[str, int]
    wallets: int
    house: int
    granted: int
    at_tables: int

    @property
    def chips(self) -> int:
        return self.wallets + self.house + self.at_tables


@dataclass(frozen=True)
class MigrationReport:
    source: Ledger
    target: Ledger

    def __str__(self) -> str:
        rows = ", ".join(f"{name} {count}" for name, count in self.target.rows.items())
        return (f"copied and verified: {rows}; chips {self.target.chips} "
                f"(wallets {self.target.wallets}, house {self.target.house}, at open tables "
                f"{self.target.at_tables}; granted {self.target.granted})")


async def ledger_of(store: Store) -> Ledger:
    from bot.tables import Table  # the table model knows how to count a game's chips

    wallets, house, granted = await store.chip_sums()
    at_tables = sum(Table(row).chips_at_table() for row in await store.open_tables())
    return Ledger(await store.row_counts(), wallets, house, granted, at_tables)


async def migrate(source_path: Path, target_url: str) -> MigrationReport:
    if not source_path.is_file():
        raise MigrationRefused(f"there is no SQLite database at {source_path}")
    source = await SqliteStore.connect(source_path)  # brought to the current schema first
    try:
        target = await PostgresStore.connect(target_url)
        try:
            return await _copy_and_verify(source, target)
        finally:
            await target.close()
    finally:
        await source.close()


def states_packed(name: str, columns: list[str], rows: list[tuple]) -> list[tuple]:
    """The rows of `name`, a state written as text (before states were packed) packed, as
    PostgreSQL's state column holds bytes."""
    if name != "tables":
        return rows
    at = columns.index("state")
    return [(*row[:at], packed_state(row[at]) if isinstance(row[at], str) else row[at], *row[at + 1:]) for row in rows]


async def _copy_and_verify(source: SqliteStore, target: PostgresStore) -> MigrationReport:
    if await source.schema_version() != await target.schema_version():
        raise MigrationRefused("the two databases are at different schema versions; update the bot first")
    before = await ledger_of(source)
    async with target.pool.acquire() as conn, conn.transaction():
        await conn.execute(f"LOCK TABLE {', '.join(DATA_TABLES)} IN EXCLUSIVE MODE")
        for name in DATA_TABLES:
            if await conn.fetchval(f"SELECT EXISTS (SELECT 1 FROM {name})"):
                raise MigrationRefused(f"the PostgreSQL database is not empty (its {name} table has rows); "
                                       "migrate into a new, empty database")
        for name in DATA_TABLES:
            columns = await source.columns_of(name)
            async for batch in source.batches(name, columns, BATCH):
                await conn.copy_records_to_table(name, records=states_packed(name, columns, batch), columns=columns)
        await target.advance_identities(conn)
        after = await ledger_of(target.within(conn))
        if after != before:  # raising here rolls the whole copy back
            raise MigrationRefused(f"the copy does not match the original: {before} != {after}")
    return MigrationReport(before, after)
