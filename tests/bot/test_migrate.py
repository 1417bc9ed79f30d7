"""Moving house: a SQLite database with a table of every game mid-hand is copied into an empty
PostgreSQL database; the bot there finishes every hand, and not a chip is lost."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest

from bot.migrate import MigrationRefused, ledger_of, migrate
from bot.store import DATA_TABLES, Store
from bot.tables import build_options
from games.registry import GAMES
from tests.bot.helpers import chips_everywhere, close_service, open_service, open_table, play_randomly
from tests.bot.test_service import replay

PLAYERS = [101, 102, 103, 104]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def hand_number(table) -> int:
    return int((table.view(None) or {}).get("round", 1))


def hand_over(table, hand: int) -> bool:
    """The hand that was under way is over: the next one began, the game ended, or it waits on
    nobody (a poker table whose other players are out of chips)."""
    return table.status == "ended" or hand_number(table) > hand or not table.module.pending(table.state)


async def tables_of_every_game_mid_hand(path) -> dict[int, tuple[str, int, int]]:
    """One table per game, each a few moves into a hand: channel -> (game, version, hand)."""
    service, _ = await open_service(path)
    rng = random.Random(13)
    opened = {}
    for channel, game in enumerate(GAMES, start=100):
        table = await open_table(service, game, players_for(game), channel=channel)
        await play_randomly(service, table, rng, 3)
        assert table.active, f"{game} ended before the migration"
        opened[channel] = (game, table.version, hand_number(table))
    await close_service(service)
    return opened


def players_for(game: str) -> list[int]:
    """As many players as the game needs, at least two."""
    module, options = GAMES[game], build_options(game, {"timer": 0})
    low = module.seat_range(options)[0] if hasattr(module, "seat_range") else module.MIN_SEATS
    return PLAYERS[:max(2, low)]


async def test_every_game_mid_hand_moves_house_and_finishes_its_hand(sqlite_path, postgres):
    opened = await tables_of_every_game_mid_hand(sqlite_path)
    source = await Store.open(sqlite_path)
    before = await ledger_of(source)
    await source.close()

    url = postgres.empty_database()
    report = await migrate(sqlite_path, url)
    assert report.target == before
    assert all(before.rows[name] > 0 for name in ("wallets", "grants", "tables", "actions"))

    service, economy = await open_service(url)
    assert service.store.backend == "postgresql"
    rng = random.Random(5)
    for channel, (game, version, hand) in opened.items():
        table = service.table_in(channel)
        assert table is not None and table.game == game and table.version == version
        row = await service.store.table_row(table.id)
        seeds = table.module.dealt_seeds(table.state) if hasattr(table.module, "dealt_seeds") else None
        assert table.module.to_dict(replay(table.module, row, await service.store.action_log(table.id), seeds)) \
            == table.module.to_dict(table.state)
        for _ in range(3000):
            if hand_over(table, hand):
                break
            await play_randomly(service, table, rng, 1)
        assert hand_over(table, hand), f"{game}: the hand did not finish"
    total, granted = await chips_everywhere(service, economy)
    assert total == granted == before.granted
    # new rows get new ids after the copied ones
    fresh = await open_table(service, "blackjack", PLAYERS[:2], channel=999)
    assert fresh.id > max(t.id for t in service.by_id.values() if t.id != fresh.id)
    await close_service(service)


async def test_migrating_into_a_database_that_holds_rows_is_refused(sqlite_path, postgres_url):
    await tables_of_every_game_mid_hand(sqlite_path)
    service, _ = await open_service(postgres_url)
    await open_table(service, "blackjack", PLAYERS[:2])
    counts = await service.store.row_counts()
    await close_service(service)
    with pytest.raises(MigrationRefused, match="not empty"):
        await migrate(sqlite_path, postgres_url)
    target = await Store.open(postgres_url)
    assert await target.row_counts() == counts  # nothing was copied
    await target.close()


async def test_migrating_from_a_missing_file_is_refused(tmp_path, postgres_url):
    with pytest.raises(MigrationRefused, match="no SQLite database"):
        await migrate(tmp_path / "nothing.sqlite3", postgres_url)


def run_bot(*args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, env={**os.environ, "PYTHONPATH": ROOT, **env})


async def test_the_migrate_command_copies_and_refuses_a_second_time(sqlite_path, postgres):
    await tables_of_every_game_mid_hand(sqlite_path)
    url = postgres.empty_database()
    first = run_bot("migrate", "--from", str(sqlite_path), "--to", url)
    assert first.returncode == 0, first.stderr
    assert "copied and verified" in first.stdout
    for name in DATA_TABLES:
        assert name in first.stdout
    second = run_bot("migrate", "--from", str(sqlite_path), "--to", url)
    assert second.returncode == 2
    assert "not empty" in second.stderr


def test_a_wrong_or_unreachable_database_url_stops_the_bot_at_start_up(tmp_path):
    unreachable = run_bot(DISCORD_TOKEN="x" * 59, TAROT_DB="postgresql://tarot@127.0.0.1:1/tarot")
    assert unreachable.returncode == 2
    assert "cannot connect to the PostgreSQL database postgresql://tarot@127.0.0.1:1/tarot" in unreachable.stderr
    assert "TAROT_DB" in unreachable.stderr
    secret = run_bot(DISCORD_TOKEN="x" * 59, TAROT_DB="postgresql://tarot:hunter2@127.0.0.1:1/tarot")
    assert secret.returncode == 2 and "hunter2" not in secret.stderr


def test_a_database_url_naming_no_database_stops_the_bot(postgres):
    from tests.postgres import with_database

    wrong = run_bot(DISCORD_TOKEN="x" * 59, TAROT_DB=with_database(postgres.admin_url, "no_such_database"))
    assert wrong.returncode == 2
    assert "no_such_database" in wrong.stderr and "does not exist" in wrong.stderr


@pytest.mark.parametrize(("ids", "count", "message"), [
    ("0-8", "8", "TAROT_SHARD_IDS names shard 8, but with TAROT_SHARD_COUNT=8 the shards are 0 to 7"),
    ("3", "", "TAROT_SHARD_IDS needs TAROT_SHARD_COUNT"),
    ("a-b", "4", "must be shard numbers or ranges"),
    ("5-2", "8", "runs backwards"),
])
def test_shard_ids_outside_the_count_are_refused_at_start_up(ids, count, message):
    refused = run_bot(DISCORD_TOKEN="x" * 59, TAROT_SHARD_IDS=ids, TAROT_SHARD_COUNT=count,
                      TAROT_DB="postgresql://tarot@127.0.0.1:1/tarot")
    assert refused.returncode != 0
    assert message in refused.stderr


def test_shard_ids_on_a_sqlite_file_are_refused(tmp_path):
    refused = run_bot(DISCORD_TOKEN="x" * 59, TAROT_SHARD_IDS="0-1", TAROT_SHARD_COUNT="4",
                      TAROT_DB=str(tmp_path / "tarot.sqlite3"))
    assert refused.returncode != 0
    assert "must share a PostgreSQL database" in refused.stderr
    assert not (tmp_path / "tarot.sqlite3").exists()
