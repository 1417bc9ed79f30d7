"""A process applying moves is killed with SIGKILL at random moments; the database it leaves
must hold exactly what its committed action log replays to, with every chip accounted for."""

from __future__ import annotations

import os
import random
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

from bot import records
from tests.bot.helpers import chips_everywhere, close_service, open_service, records_rows
from tests.bot.test_service import replays_to_stored

ROOT = Path(__file__).resolve().parents[2]


def run_and_kill(db_path: Path, seed: int, after: float) -> None:
    worker = subprocess.Popen(
        [sys.executable, "-m", "tests.bot.crash_worker", str(db_path), str(seed)],
        cwd=ROOT, stdout=subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert worker.stdout is not None
    assert worker.stdout.readline().strip() == b"ready"
    time.sleep(after)
    worker.send_signal(signal.SIGKILL)
    worker.wait()


async def every_finished_round_counted_once(store) -> int:
    """The players' records hold each round the committed log finished, once: the same as
    rebuilding them from a replay of that log."""
    recorded = await records_rows(store)
    rebuilt = await records.rebuild(store)
    assert rebuilt.stopped == []
    assert sum(row[3] for row in recorded["records"]) == rebuilt.rounds
    assert await records_rows(store) == recorded
    return rebuilt.rounds


async def test_sigkill_at_random_moments_loses_nothing(db_path):
    rng = random.Random(2026)
    versions, rounds_recorded = [], []
    for round_number in range(4):
        run_and_kill(db_path, round_number, rng.uniform(0.05, 0.4))
        version, rounds = await whole(db_path)
        versions.append(version)
        rounds_recorded.append(rounds)
    assert versions == sorted(versions) and versions[-1] > 0
    assert rounds_recorded[-1] > 0, "the worker finished no round before its last kill"


def start_worker(db: str, seed: int, claim: bool) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.bot.crash_worker", db, str(seed), *(["claim"] if claim else [])],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def says_it_waits(worker: subprocess.Popen, seconds: float) -> bool:
    """Whether the worker logs (its warnings go to stderr) that it waits for the shards."""
    assert worker.stderr is not None
    readable, _, _ = select.select([worker.stderr], [], [], seconds)
    return bool(readable) and b"waiting up to" in worker.stderr.readline()


def ready_within(worker: subprocess.Popen, seconds: float) -> bool:
    """Whether the worker says it is ready (it owns the shards and restored) within `seconds`."""
    assert worker.stdout is not None
    readable, _, _ = select.select([worker.stdout], [], [], seconds)
    if not readable:
        return False
    assert worker.stdout.readline().strip() == b"ready", "the worker died"
    return True


def kill(worker: subprocess.Popen) -> None:
    worker.send_signal(signal.SIGKILL)
    worker.wait()


async def whole(db: str, table_ids: list[int] | None = None) -> tuple[int, int]:
    """Each table's log (by default, the table's in channel 10) replays to its stored state, every
    chip is accounted for and every finished round recorded once; the first table's version and
    the rounds recorded."""
    service, economy = await open_service(db)
    try:
        if table_ids is None:
            table = service.table_in(10)
            assert table is not None
            table_ids = [table.id]
        versions = [await replays_to_stored(service.store, table_id) for table_id in table_ids]
        total, granted = await chips_everywhere(service, economy)
        assert total == granted
        return versions[0], await every_finished_round_counted_once(service.store)
    finally:
        await close_service(service)


async def test_two_processes_for_one_shard_the_second_waits_and_every_chip_is_kept(postgres_url):
    """Issue 21, item 1: each round starts two processes for the same shards (as overlapping
    TAROT_SHARD_IDS or a rolling deploy would). The second waits for the first's shards; the
    first is killed at a random moment, the second takes over, and is killed in turn."""
    rng = random.Random(2028)
    versions = []
    for round_number in range(3):
        first = start_worker(postgres_url, round_number, claim=True)
        assert ready_within(first, 30)
        second = start_worker(postgres_url, 100 + round_number, claim=True)
        try:
            assert says_it_waits(second, 30), "the second process did not wait for the first's shards"
            assert not ready_within(second, rng.uniform(0.1, 0.5)), "the second process did not wait"
            kill(first)
            assert ready_within(second, 30), "the second process did not take the shards over"
            time.sleep(rng.uniform(0.1, 0.4))
        finally:
            kill(first)
            kill(second)
        versions.append((await whole(postgres_url))[0])
    assert versions == sorted(versions) and versions[-1] > 0


async def test_two_owners_playing_at_once_keep_every_chip(postgres_url):
    """Without the shard claim (two owners, as before it), the version checks alone: both play on
    one table at once and are killed at random moments; nothing is lost in any round."""
    rng = random.Random(2029)
    for round_number in range(3):
        first = start_worker(postgres_url, round_number, claim=False)
        assert ready_within(first, 30)  # the table exists before the second looks for it
        second = start_worker(postgres_url, 100 + round_number, claim=False)
        try:
            assert ready_within(second, 30)
            time.sleep(rng.uniform(0.2, 0.6))
        finally:
            kill(first)
            kill(second)
        await whole(postgres_url)
