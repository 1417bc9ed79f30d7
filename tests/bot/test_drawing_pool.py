"""The drawing pool (issue 22, item 2) with real worker processes: images drawn there are the
images drawn here, byte for byte; the workers import renders/ and games/ only; a function
outside renders/ is refused; processes that cannot start leave the drawing to threads.
Issue 27, item 4: a stopped, dead or cancelled worker is replaced and no draw waits for ever
or receives another job's image. Issue 31: every worker, and every replacement, draws every
kind of image once before its first job."""

from __future__ import annotations

import asyncio
import contextlib
import os
import pickle
import signal
import sys
from collections.abc import Callable

import pytest

from bot import drawing
from bot.draw_worker import HEADER, NICENESS
from bot.drawing import DrawingFailed, DrawingPool, machine_cores
from renders.arcanoid import render_arcanoid, render_round
from renders.baccarat import render_baccarat
from renders.blackjack import render_blackjack
from renders.count import render_pile
from renders.french_tarot import render_tarot
from renders.hand import render_hand
from renders.loc import render_loc
from renders.poker import render_poker
from renders.records import render_profile
from renders.rummy import render_rummy, render_rummy_hand
from tests.renders.samples import NAMES, bac_settled, bj_playing

FORBIDDEN = ("discord", "bot", "cogs", "aiosqlite", "asyncpg", "simcord", "tests")


EVERY_KIND = [render_blackjack, render_baccarat, render_poker, render_tarot, render_rummy, render_loc,
              render_arcanoid, render_hand, render_rummy_hand, render_pile, render_round, render_profile]
MARGIN = 60.0  # seconds: what a busy machine may add to a bound (the point is that draws end)


async def started(workers: int, deadline: float = drawing.DEADLINE, warm: bool = False) -> DrawingPool:
    """A pool whose workers take jobs at once, cold (the warm-up's own tests ask for it)."""
    pool = DrawingPool(workers, deadline, warm)
    await pool.start()
    return pool


async def eventually(check: Callable[[], bool], seconds: float = MARGIN) -> None:
    async with asyncio.timeout(seconds):
        while not check():
            await asyncio.sleep(0.01)


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
        for number, worker in enumerate(pool.workers, 1000):
            names = await worker.run(number, "", "modules", (), {})  # each worker, idle now
            assert names[0] is True
            roots = {name.split(".")[0] for name in names[1]}
            assert not roots & set(FORBIDDEN), f"a worker imported {roots & set(FORBIDDEN)}"
        roots = {name.split(".")[0] for name in await pool.modules_of_a_worker()}
        assert "renders" in roots or "games" in roots
    finally:
        await pool.close()
    assert all(worker.returncode is not None for worker in pool.workers)


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


async def test_a_worker_that_dies_is_replaced_and_its_image_drawn_in_a_thread():
    pool = await started(1)
    try:
        await pool.ready()
        dead = pool.workers[0]
        os.kill(dead.pid, signal.SIGKILL)
        await dead.wait()
        assert await pool.draw(render_hand, ["2C"]) == render_hand(["2C"])
        await pool.ready()
        assert pool.processes and pool.workers[0] is not dead and pool.replaced == 1
        drawn = pool.drawn
        assert await pool.draw(render_hand, ["3C"]) == render_hand(["3C"])
        assert pool.drawn == drawn + 1, "drawn by the replacement"
    finally:
        await pool.close()


async def test_where_no_worker_can_be_replaced_the_pool_draws_in_threads(monkeypatch):
    pool = await started(1)
    try:
        await pool.ready()
        busy = [asyncio.create_task(pool.draw(render_hand, [code])) for code in ("6C", "7C", "8C")]
        await eventually(lambda: not pool._idle)  # the first draw holds the worker, two wait
        monkeypatch.setattr(sys, "executable", "/nonexistent/python3")
        os.kill(pool.workers[0].pid, signal.SIGKILL)
        drawn = await asyncio.wait_for(asyncio.gather(*busy), MARGIN)
        assert drawn == [render_hand([code]) for code in ("6C", "7C", "8C")]
        await eventually(lambda: not pool.processes)
        assert await pool.draw(render_hand, ["9C"]) == render_hand(["9C"])
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


async def test_the_workers_give_way_to_the_bot_yet_keep_a_share_of_a_busy_machine():
    """A drawing never stands between a click and its ack, and a busy machine does not starve
    the pictures: the workers run as normal tasks (not SCHED_IDLE, which loses to every process
    on the machine), NICENESS above the bot's own process."""
    pool = await started(2)
    try:
        drawn = await asyncio.gather(*(pool.draw(render_hand, ["5C"]) for _ in pool.workers))  # one each: all up
        assert drawn == [render_hand(["5C"])] * len(pool.workers)
        mine = os.getpriority(os.PRIO_PROCESS, 0)
        for worker in pool.workers:
            assert os.sched_getscheduler(worker.pid) == os.SCHED_OTHER
            assert os.getpriority(os.PRIO_PROCESS, worker.pid) == min(19, mine + NICENESS) > mine
        assert os.sched_getscheduler(0) == os.SCHED_OTHER  # the bot itself keeps its priority
    finally:
        await pool.close()


async def test_the_workers_niceness_is_a_setting(monkeypatch, tmp_path):
    """TAROT_DRAW_NICENESS (default NICENESS) reaches the bot's pool, and the pool's workers
    lower themselves by it: 0 keeps them at the bot's own priority."""
    from bot.config import load_config

    monkeypatch.delenv("TAROT_DRAW_NICENESS", raising=False)
    assert load_config(tmp_path / "no.env").draw_niceness == NICENESS
    monkeypatch.setenv("TAROT_DRAW_NICENESS", "2")
    assert load_config(tmp_path / "no.env").draw_niceness == 2
    mine = os.getpriority(os.PRIO_PROCESS, 0)
    for niceness in (2, 0):
        pool = DrawingPool(1, warm=False, niceness=niceness)
        await pool.start()
        try:
            assert await pool.draw(render_hand, ["5C"]) == render_hand(["5C"])  # up, and lowered
            assert os.getpriority(os.PRIO_PROCESS, pool.workers[0].pid) == min(19, mine + niceness)
        finally:
            await pool.close()


async def test_jobs_waiting_their_turn_while_the_workers_answer_are_not_drawn_in_threads(monkeypatch):
    """A storm of pictures (a restart's timeouts on a busy machine) queues behind the workers
    for longer than WAITS deadlines: while the workers keep answering, every job waits its turn
    for one (drawn in a thread, it would hold the bot's loop through the GIL). Only a job that
    waited that long with no worker coming free is drawn in a thread (the test above)."""
    monkeypatch.setattr(drawing, "WAITS", 0.05)  # 1.5 s of patience
    pool = await started(1, deadline=30.0)
    patience = pool.deadline * drawing.WAITS
    try:
        await pool.ready()
        loop = asyncio.get_running_loop()
        count, asked, took = 50, 0, 0.0
        while took <= 2 * patience:  # until the queue's last jobs waited well past the patience
            many = [f"job {asked + n}" for n in range(count)]
            began = loop.time()
            drawn = await asyncio.gather(*(pool.draw(render_hand, ["5C"], "rws", caption) for caption in many))
            took, asked, count = loop.time() - began, asked + count, count * 4
            assert pool.gave_up == 0, "no job was drawn in a thread"
            assert [drawn[0], drawn[-1]] == [render_hand(["5C"], "rws", many[0]), render_hand(["5C"], "rws", many[-1])]
        assert pool.drawn == asked, "every one drawn by the worker"
    finally:
        await pool.close()


async def test_stopped_workers_are_replaced_and_every_draw_ends_within_its_deadline():
    """SIGSTOP both workers: today's pool waited for ever. Each draw now ends within two
    deadlines (one waiting for a worker, one drawing) and a margin, with its own image; the
    stopped workers are killed and replaced."""
    pool = await started(2, deadline=1.0)
    try:
        await pool.ready()
        stopped = list(pool.workers)
        for worker in stopped:
            os.kill(worker.pid, signal.SIGSTOP)
        hands = [["10"], ["11"], ["12"]]
        drawn = await asyncio.wait_for(asyncio.gather(*(pool.draw(render_hand, hand) for hand in hands)),
                                       2 * pool.deadline + MARGIN)
        assert drawn == [render_hand(hand) for hand in hands]
        assert all(worker.returncode is not None for worker in stopped), "killed"
        await pool.ready()
        assert pool.processes and not set(pool.workers) & set(stopped)
        assert await pool.draw(render_hand, ["13"]) == render_hand(["13"])
    finally:
        await pool.close()


async def test_a_draw_cancelled_mid_render_never_gives_its_image_to_the_next_job():
    """The worker holds the cancelled job (stopped mid-render, then let go): its answer must
    not reach the next job, which gets its own image (today it got the cancelled one's)."""
    pool = await started(1)
    try:
        await pool.ready()
        worker = pool.workers[0]
        os.kill(worker.pid, signal.SIGSTOP)
        cancelled = asyncio.create_task(pool.draw(render_blackjack, bj_playing(), NAMES, "rws"))
        await eventually(lambda: not pool._idle)  # the job was sent to the worker
        await asyncio.sleep(0)
        cancelled.cancel()
        with pytest.raises(asyncio.CancelledError):
            await cancelled
        with contextlib.suppress(ProcessLookupError):  # the pool may have ended it already
            os.kill(worker.pid, signal.SIGCONT)  # had it lived, it would answer the cancelled job now
        assert await pool.draw(render_hand, ["14"]) == render_hand(["14"])
        assert worker.returncode is not None and pool.replaced == 1
    finally:
        await pool.close()


async def test_an_answer_to_another_job_is_discarded():
    """A stray request on a worker's pipe (numbered as no job of the pool): its answer comes
    first and is thrown away; the job gets its own image."""
    pool = await started(1)
    try:
        worker = pool.workers[0]
        stray = pickle.dumps((999_999, "renders.hand", "render_hand", (["15"],), {}))
        worker.transport.get_pipe_transport(0).write(HEADER.pack(len(stray)) + stray)
        assert await pool.draw(render_hand, ["16"]) == render_hand(["16"])
        assert pool.replaced == 0, "the worker itself was fine"
    finally:
        await pool.close()


async def test_a_worker_and_its_replacement_draw_every_kind_before_their_first_job():
    """The warm-up (issue 31): a worker's first answer says what it drew, before any job."""
    pool = await started(1, warm=True)
    every_kind = sorted(f"{function.__module__}.{function.__name__}" for function in EVERY_KIND)
    try:
        first = pool.workers[0]
        assert first.warmed is None, "start-up did not wait for the warm-up"
        assert await pool.draw(render_hand, ["17"]) == render_hand(["17"])
        assert pool.drawn == 1 and sorted(first.warmed) == every_kind, "warmed before its first job"
        os.kill(first.pid, signal.SIGKILL)
        await first.wait()
        assert await pool.draw(render_hand, ["18"]) == render_hand(["18"])  # finds it dead: replaced
        await eventually(lambda: pool.workers and pool.workers[0] is not first)  # a busy machine starts it late
        replacement = pool.workers[0]
        assert replacement is not first and replacement.warmed is None
        assert await pool.draw(render_hand, ["19"]) == render_hand(["19"])
        assert pool.drawn == 2 and sorted(replacement.warmed) == every_kind, "warmed before its first job"
    finally:
        await pool.close()


async def test_a_job_that_finds_no_worker_free_within_its_waits_is_drawn_in_a_thread(monkeypatch):
    """The waits for a free worker share one timer: a job that waited WAITS deadlines is drawn in
    a thread while the worker still draws another; a job cancelled while it waits takes no worker."""
    monkeypatch.setattr(drawing, "WAITS", 0.05)  # 1.5 s of waiting, against 30 s for a held job
    pool = await started(1, deadline=30.0)
    try:
        await pool.ready()
        worker = pool.workers[0]
        os.kill(worker.pid, signal.SIGSTOP)
        held = asyncio.create_task(pool.draw(render_hand, ["1"]))
        await eventually(lambda: not pool._idle)
        gone = asyncio.create_task(pool.draw(render_hand, ["3"]))
        waits = asyncio.create_task(pool.draw(render_hand, ["4"]))
        await eventually(lambda: len(pool._waiting) == 2)
        gone.cancel()
        assert await asyncio.wait_for(waits, MARGIN) == render_hand(["4"]), "drawn in a thread"
        assert not held.done() and pool.drawn == 0
        os.kill(worker.pid, signal.SIGCONT)
        assert await held == render_hand(["1"])
        assert pool.drawn == 1 and pool.replaced == 0 and list(pool._idle) == [worker], "free again"
        assert pool.gave_up == 1
        assert gone.cancelled() and not pool._waiting and pool._sweep is None, "no timer outlives the waits"
    finally:
        await pool.close()
