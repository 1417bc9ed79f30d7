"""The drawing pool (issue 22, item 2) with real worker processes: images drawn there are the
images drawn here, byte for byte; the workers import renders/ and games/ only; a function
outside renders/ is refused; a worker that dies, or processes that cannot start, leave the
drawing to threads."""

from __future__ import annotations

import asyncio
import os
import signal
import sys

import pytest

from bot import drawing
from bot.drawing import DrawingFailed, DrawingPool, machine_cores
from renders.baccarat import render_baccarat
from renders.blackjack import render_blackjack
from renders.hand import render_hand
from tests.renders.samples import NAMES, bac_settled, bj_playing

FORBIDDEN = ("discord", "bot", "cogs", "aiosqlite", "asyncpg", "simcord", "tests")


async def started(workers: int) -> DrawingPool:
    pool = DrawingPool(workers)
    await pool.start()
    return pool


async def test_worker_processes_draw_the_same_images_importing_only_renders_and_games():
    pool = await started(2)
    try:
        assert pool.processes and len(pool.workers) == 2
        view, hand = bj_playing(), ["13", "KW", None]
        jobs = [pool.draw(render_blackjack, view, NAMES, "rws") for _ in range(3)]
        jobs += [pool.draw(render_baccarat, bac_settled(), NAMES, "marseille"),
                 pool.draw(render_hand, hand, "rws", caption="Your hand")]
        drawn = await asyncio.gather(*jobs)
        assert drawn[:3] == [render_blackjack(view, NAMES, "rws")] * 3
        assert drawn[3] == render_baccarat(bac_settled(), NAMES, "marseille")
        assert drawn[4] == render_hand(hand, "rws", caption="Your hand")
        for worker in pool.workers:
            names = await worker.run((0, "", "modules", (), {}))  # each worker, idle now
            assert names[0] is True
            roots = {name.split(".")[0] for name in names[1]}
            assert not roots & set(FORBIDDEN), f"a worker imported {roots & set(FORBIDDEN)}"
        roots = {name.split(".")[0] for name in await pool.modules_of_a_worker()}
        assert "renders" in roots or "games" in roots
    finally:
        await pool.close()
    assert all(worker.process.returncode is not None for worker in pool.workers)


async def test_only_functions_of_renders_are_run_and_failures_come_back_as_errors():
    pool = await started(1)
    try:
        with pytest.raises(DrawingFailed, match="renders/ only"):
            await pool.draw(os.getcwd)
        with pytest.raises(DrawingFailed, match="KeyError"):
            await pool.draw(render_blackjack, {}, NAMES, "rws")  # a broken view fails in the worker
        assert await pool.draw(render_hand, ["1"]) == render_hand(["1"]), "the worker still serves"
    finally:
        await pool.close()


async def test_a_worker_that_dies_leaves_the_drawing_to_threads():
    pool = await started(1)
    try:
        os.kill(pool.workers[0].process.pid, signal.SIGKILL)
        await pool.workers[0].process.wait()
        assert await pool.draw(render_hand, ["2C"]) == render_hand(["2C"])
        assert not pool.processes, "the pool draws in threads from now on"
        assert await pool.draw(render_hand, ["3C"]) == render_hand(["3C"])
    finally:
        await pool.close()


async def test_where_processes_cannot_start_the_pool_draws_in_threads(monkeypatch):
    monkeypatch.setattr(sys, "executable", "/nonexistent/python3")
    pool = await started(2)
    try:
        assert not pool.processes
        assert await pool.draw(render_hand, ["4C"]) == render_hand(["4C"])
    finally:
        await pool.close()


def test_the_pool_is_sized_to_the_cores_this_process_may_use():
    assert machine_cores() == len(os.sched_getaffinity(0))
    assert drawing.THREADS.size == 0 and not drawing.THREADS.processes, "with no bot's pool: threads"


async def test_the_workers_give_way_to_the_bot_when_every_core_is_busy():
    """A drawing never stands between a click and its ack: the workers run under Linux's
    SCHED_IDLE, which any normal task (the bot's event loop) preempts at once."""
    pool = await started(2)
    try:
        drawn = await asyncio.gather(*(pool.draw(render_hand, ["5C"]) for _ in pool.workers))  # one each: all up
        assert drawn == [render_hand(["5C"])] * len(pool.workers)
        for worker in pool.workers:
            assert os.sched_getscheduler(worker.process.pid) == os.SCHED_IDLE
        assert os.sched_getscheduler(0) == os.SCHED_OTHER  # the bot itself keeps its priority
    finally:
        await pool.close()
