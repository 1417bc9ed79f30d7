"""Retention (bot/retention.py), on both backends: finished hands' action-log rows and revealed
deals older than the retention are deleted in batches; the hand in play and recent hands are
kept whole, and the table plays on and restarts exactly after pruning."""

from __future__ import annotations

import contextlib
import json
import random

from bot.retention import DAY, Retention
from bot.store import unpacked_state
from bot.verify import verify
from games.base import IllegalAction
from tests.bot.helpers import GUILD, Clock, close_service, open_service, open_table, random_move

KEEP = 30 * DAY


async def play_hands(service, table, rng: random.Random, hands: int) -> None:
    """Random moves until `hands` more of the table's deals are revealed (hands finished)."""
    store = service.store
    start = len(await revealed(store, table.id))
    for _ in range(20_000):
        assert table.status == "active", "the table ended before its hands were played"
        player, move = random_move(table, rng)
        try:
            await service.act(table, player, move)
        except IllegalAction:
            continue
        if len(await revealed(store, table.id)) >= start + hands:
            return
    raise AssertionError("the hands did not finish")


async def revealed(store, table_id: int) -> list[tuple[str, str, int, float]]:
    rows = await store.fetchall(
        "SELECT commitment, seed, version, revealed_at FROM deals WHERE table_id=? AND seed IS NOT NULL "
        "ORDER BY version", (table_id,))
    return [tuple(row) for row in rows]


async def log_rows(store, table_id: int) -> list[tuple[int, float]]:
    rows = await store.fetchall("SELECT version, at FROM actions WHERE table_id=? ORDER BY version", (table_id,))
    return [(row[0], row[1]) for row in rows]


async def in_play_from(store, table_id: int) -> int:
    row = await store.fetchone("SELECT MIN(version) FROM deals WHERE table_id=? AND seed IS NULL", (table_id,))
    return row[0]


async def test_old_finished_hands_go_the_hand_in_play_and_recent_ones_stay(db_path):
    clock = Clock()
    service, _ = await open_service(db_path, clock)
    table = await open_table(service, "poker", [101, 102, 103])
    rng = random.Random(5)
    await play_hands(service, table, rng, 3)  # old hands, played 40 days before the pruning
    old_deals = await revealed(service.store, table.id)
    old_versions = table.version
    clock.now += 40 * DAY
    await play_hands(service, table, rng, 2)  # recent hands
    clock.now += DAY
    for _ in range(3):  # a few moves of the hand now in play
        player, move = random_move(table, rng)
        with contextlib.suppress(IllegalAction):
            await service.act(table, player, move)
    before_log = await log_rows(service.store, table.id)
    before_deals = await revealed(service.store, table.id)
    in_play = await in_play_from(service.store, table.id)
    assert in_play is not None and in_play > old_versions
    state_before = unpacked_state((await service.store.table_row(table.id))["state"])

    deleted = await Retention(service.store, KEEP, clock, batch=7, pause=0).prune()  # several batches

    after_log = await log_rows(service.store, table.id)
    cutoff = clock.now - KEEP
    assert after_log == [(v, at) for v, at in before_log if at >= cutoff], "only rows older than the retention go"
    assert [v for v, _ in after_log][0] == old_versions + 1 and len(after_log) < len(before_log)
    assert all(v in [x for x, _ in after_log] for v, _ in before_log if v >= in_play), "the hand in play is whole"
    after_deals = await revealed(service.store, table.id)
    assert after_deals == [d for d in before_deals if d not in old_deals] and len(after_deals) >= 2
    assert await in_play_from(service.store, table.id) == in_play, "the deal in play is kept"
    assert deleted == (len(before_log) - len(after_log)) + (len(before_deals) - len(after_deals))
    assert await service.store.deals_on_record([d[0] for d in before_deals]) == {d[0] for d in after_deals}
    assert unpacked_state((await service.store.table_row(table.id))["state"]) == state_before
    assert await Retention(service.store, KEEP, clock).prune() == 0, "nothing more to prune"

    # /verify: a pruned hand's seed is past retention; a kept one still checks
    try:
        await verify(service.store, GUILD, old_deals[0][1], keep_days=30)
    except IllegalAction as refusal:
        assert "past retention" in refusal.reason and "30 days (TAROT_KEEP_DAYS)" in refusal.reason
    else:
        raise AssertionError("a pruned seed was verified")
    assert (await verify(service.store, GUILD, after_deals[0][1], keep_days=30)).matches

    # the table plays on, and a restart finds it exactly as it was
    await play_hands(service, table, rng, 1)
    version, state = table.version, table.state_json()
    await close_service(service)
    service, _ = await open_service(db_path, clock)
    again = service.table_in(10)
    assert again.version == version and json.loads(again.state_json()) == json.loads(state)
    await close_service(service)


async def test_an_ended_table_is_pruned_whole_and_a_zero_retention_keeps_everything(db_path):
    clock = Clock()
    service, _ = await open_service(db_path, clock)
    table = await open_table(service, "poker", [101, 102])
    still_open = await open_table(service, "poker", [103, 104], channel=11)
    await play_hands(service, table, random.Random(2), 2)
    await service.end(table, 101, True)
    clock.now += 31 * DAY
    assert await Retention(service.store, 0, clock).prune() == 0
    assert await log_rows(service.store, table.id)
    await Retention(service.store, KEEP, clock).prune()
    assert await log_rows(service.store, table.id) == []
    assert await revealed(service.store, table.id) == []
    assert await service.store.table_row(table.id) is None, "a table closed that long ago goes too"
    assert await service.store.table_row(still_open.id) is not None, "an open table's row never goes"
    assert await in_play_from(service.store, still_open.id) is not None
    await close_service(service)


async def test_the_sqlite_file_is_incremental_and_gives_pages_back(sqlite_path):
    clock = Clock()
    service, _ = await open_service(sqlite_path, clock)
    assert (await service.store.fetchone("PRAGMA auto_vacuum"))[0] == 2
    for channel in range(10, 14):  # enough rows to fill pages
        table = await open_table(service, "poker", [101, 102, 103], channel=channel)
        await play_hands(service, table, random.Random(5), 5)
        await service.end(table, 101, True)
    pages = (await service.store.fetchone("PRAGMA page_count"))[0]
    clock.now += 31 * DAY
    await Retention(service.store, KEEP, clock).prune()
    assert (await service.store.fetchone("PRAGMA freelist_count"))[0] == 0
    assert (await service.store.fetchone("PRAGMA page_count"))[0] < pages
    await close_service(service)


async def test_a_file_made_before_retention_is_made_incremental_once(sqlite_path):
    import sqlite3

    with sqlite3.connect(sqlite_path) as conn:
        conn.execute("CREATE TABLE made_before (x)")  # a file whose auto_vacuum is still NONE
    with contextlib.closing(sqlite3.connect(sqlite_path)) as conn:
        assert conn.execute("PRAGMA auto_vacuum").fetchone()[0] == 0
    service, _ = await open_service(sqlite_path)
    assert (await service.store.fetchone("PRAGMA auto_vacuum"))[0] == 2
    await close_service(service)


def test_the_retention_setting_is_read_and_checked(monkeypatch, tmp_path):
    import pytest

    from bot.config import load_config

    none = tmp_path / "no.env"
    monkeypatch.delenv("TAROT_KEEP_DAYS", raising=False)
    assert load_config(none).keep_days == 30
    for raw, days in (("7", 7), ("0.5", 0.5), ("0", 0)):
        monkeypatch.setenv("TAROT_KEEP_DAYS", raw)
        assert load_config(none).keep_days == days
    for raw in ("thirty", "-1", "nan", "inf"):
        monkeypatch.setenv("TAROT_KEEP_DAYS", raw)
        with pytest.raises(SystemExit, match="TAROT_KEEP_DAYS"):
            load_config(none)


async def test_rounds_run_at_start_and_after_moves_at_most_every_so_often(sqlite_path):
    clock = Clock()
    service, _ = await open_service(sqlite_path, clock)
    table = await open_table(service, "poker", [101, 102, 103])
    await play_hands(service, table, random.Random(5), 2)
    retention = Retention(service.store, KEEP, clock, every=3_600)
    service.listeners.append(retention.after_move)
    retention.start()
    await retention._task
    assert len(await log_rows(service.store, table.id)) > 0, "nothing was old enough"
    clock.now += 40 * DAY
    old = len(await log_rows(service.store, table.id))
    await play_hands(service, table, random.Random(6), 1)  # a move makes a round due: it prunes
    await retention._task
    first_prune = retention._task
    assert len([at for _, at in await log_rows(service.store, table.id) if at < clock.now - KEEP]) < old
    await play_hands(service, table, random.Random(7), 1)
    assert retention._task is first_prune, "no second round within the hour"
    clock.now += 3_600
    await play_hands(service, table, random.Random(8), 1)
    assert retention._task is not first_prune
    await retention.stop()
    await close_service(service)
