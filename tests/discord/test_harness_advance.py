"""The tests' own harness (tests/conftest.py `fallback_advances_done`): an advance of simulated
time that a bot timer's real-time fallback started, and the test's `advance_time` right after it,
do not wait for each other until their deadlines."""

from __future__ import annotations

import asyncio
import contextvars


async def test_an_advance_begun_by_a_fallback_then_the_tests_own_both_finish(simcord_env):
    env = simcord_env
    env.settle_timeout = 3.0  # the fallback's advance's bound (the test's own is far longer)
    loop = asyncio.get_running_loop()
    # as SimCord's `run_real` leaves it when a fallback fires outside an advance: a task not yet started
    fallback = env._real_advance_task = env._runtime.create_task(
        env._advance_to(env._virtual_time, loop.time() + env.settle_timeout), context=contextvars.Context())
    before = env.now()
    await env.advance_time(0.5)
    assert fallback.done() and fallback.exception() is None
    assert (env.now() - before).total_seconds() == 0.5
