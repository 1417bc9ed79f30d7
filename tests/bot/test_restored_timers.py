"""No thundering timers (issue 22, item 6): a restored turn keeps the time it had left (plus a
short grace), the restored deadlines are spread so no second holds too many, and expired timers
yield to people's moves."""

from __future__ import annotations

import asyncio
import math
from collections import Counter

import bot.timers
from bot.tables import build_options
from bot.timers import RESTART_GRACE, TimeoutQueue, spread_deadlines, time_left
from tests.bot.helpers import Clock, close_service, open_service

TABLES = 24
PER_SECOND = 5


def test_spread_deadlines_never_earlier_never_crowded():
    wanted = [100.2] * 40 + [103.5] * 3 + [50.0 + n * 1.5 for n in range(12)]
    given = spread_deadlines(wanted, per_second=5)
    assert all(g >= w for g, w in zip(given, wanted, strict=True)), "no turn loses time"
    assert max(Counter(math.floor(g) for g in given).values()) <= 5
    assert given[-12:] == wanted[-12:], "deadlines already apart stay as they were"
    assert max(given) <= 100 + 40 / 5 + 1, "a crowded second spills into the next ones, no further"


def test_time_left_is_what_the_turn_had_when_the_bot_stopped():
    assert time_left(1_000.0, 970.0, 60) == 30
    assert time_left(1_000.0, 1_010.0, 60) == 0, "a deadline already past when it stopped: only the grace"
    assert time_left(1_000.0, None, 60) == 60, "not known when it stopped: the full length, as before"


async def open_timed_tables(service, clock: Clock) -> list:
    tables = []
    for n in range(TABLES):
        options = build_options("blackjack", {"timer": 60})
        table = await service.create(1_000 + n, 10 + n, "blackjack", options, 100 + n, 200)
        await service.join(table, 500 + n, 200)
        await service.start(table, 100 + n)
        tables.append(table)
        clock.now += 2  # the turns started two seconds apart
    return tables


async def test_a_restart_resumes_each_turn_with_its_time_left_spread_over_the_seconds(db_path, monkeypatch):
    monkeypatch.setattr(bot.timers, "RESTORED_PER_SECOND", PER_SECOND)
    clock = Clock()
    service, _ = await open_service(db_path, clock)
    tables = await open_timed_tables(service, clock)
    await service.act(tables[0], 100, {"type": "bet", "amount": 10})  # the same wait: its clock runs on
    left = {t.id: t.deadline - clock.now for t in tables}  # what each turn has left as the bot stops
    assert min(left.values()) == 12 and max(left.values()) == 58
    await close_service(service)

    clock.now += 3_600  # down an hour: no turn loses a second of it
    service, _ = await open_service(db_path, clock)
    restored = {t.id: t for t in (service.table_by_id(table.id) for table in tables)}
    deadlines = [restored[i].deadline for i in left]
    for table_id, had in left.items():
        assert restored[table_id].deadline >= clock.now + RESTART_GRACE + had
    assert min(deadlines) == clock.now + RESTART_GRACE + min(left.values()), "as much as it had, no more"
    per_second = Counter(math.floor(d) for d in deadlines)
    assert max(per_second.values()) <= PER_SECOND, per_second
    assert sorted(deadlines)[-1] <= clock.now + RESTART_GRACE + 60 + TABLES / PER_SECOND + 1
    assert len(service._restored_timers) == len({math.ceil(d) for d in deadlines}), "one timer a second"
    await close_service(service)


async def test_expired_timers_wait_while_people_move_and_run_a_few_at_once():
    made: list[int] = []
    running = peak = 0

    async def run(table, deadline):
        nonlocal running, peak
        running += 1
        peak = max(peak, running)
        await asyncio.sleep(0.01)
        made.append(table.id)
        running -= 1

    queue = TimeoutQueue(run, workers=3)
    table = type("T", (), {})

    with queue.person_moves():
        for n in range(12):
            expired = table()
            expired.id = n
            queue.expired(expired, 0.0)
        await asyncio.sleep(bot.timers.YIELD_LIMIT / 5)
        assert made == [] and len(queue) == 12, "no timeout is made while a person's move is under way"
    for _ in range(200):
        if len(made) == 12:
            break
        await asyncio.sleep(0.01)
    assert sorted(made) == list(range(12)) and peak <= 3, "all made, at most three at once"


async def test_a_timeout_goes_anyway_when_people_never_stop():
    made: list[int] = []

    async def run(table, deadline):
        made.append(table.id)

    queue = TimeoutQueue(run, workers=1)
    expired = type("T", (), {"id": 7})()
    with queue.person_moves():
        queue.expired(expired, 0.0)
        await asyncio.sleep(bot.timers.YIELD_LIMIT * 4)
        assert made == [7], "a timeout is delayed by people, never starved"
