"""A process applying moves is killed with SIGKILL at random moments; the database it leaves
must hold exactly what its committed action log replays to, with every chip accounted for."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from bot import records
from bot.store import unpacked_state
from tests.bot.helpers import chips_everywhere, close_service, open_service, records_rows
from tests.bot.test_service import replay, stored_seeds

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
        service, economy = await open_service(db_path)
        table = service.table_in(10)
        assert table is not None
        row = await service.store.table_row(table.id)
        log = await service.store.action_log(table.id)
        assert [v for v, _, _ in log] == list(range(1, row["version"] + 1))
        replayed = replay(table.module, row, log, await stored_seeds(service.store, table.module, row))
        assert table.module.to_dict(replayed) == json.loads(unpacked_state(row["state"]))
        total, granted = await chips_everywhere(service, economy)
        assert total == granted
        rounds_recorded.append(await every_finished_round_counted_once(service.store))
        versions.append(row["version"])
        await close_service(service)
    assert versions == sorted(versions) and versions[-1] > 0
    assert rounds_recorded[-1] > 0, "the worker finished no round before its last kill"
