"""Hard computer players think off the event loop (bot/thinking.py): in worker processes, from the
state's dict, and what they decide is what the game decides in place."""

from __future__ import annotations

import asyncio
import dataclasses
import os
from concurrent.futures import ProcessPoolExecutor

from bot.tables import build_options
from bot.thinking import Thinking
from games import french_tarot as ft
from tests.bot.helpers import GUILD, close_service, open_service
from tests.seeds import predict

ALICE = 1
PATIENCE = 180.0  # seconds: the workers start cold, on a machine that may be busy


async def until(condition, what: str) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + PATIENCE
    while not condition():
        assert loop.time() < deadline, f"still waiting for {what}"
        await asyncio.sleep(0.05)


async def test_a_hard_table_s_computers_search_in_worker_processes_and_play_on(sqlite_path):
    predict(3)
    service, _ = await open_service(sqlite_path)
    service.config = dataclasses.replace(service.config, think_workers=1)
    service.thinking = Thinking(1)
    service.computer_pause = 0
    options = build_options("tarot", {"players": 3, "bots": 2, "timer": 0, "level": "hard"})
    table = await service.create(GUILD, 10, "tarot", options, ALICE, None)
    await service.start(table, ALICE)
    while ALICE in table.module.pending(table.state):
        await service.act(table, ALICE, {"type": "bid", "contract": "pass"})
    after_alice = table.version
    await until(lambda: table.version >= after_alice + 2, "the two computers' moves")
    assert service.thinking.searched >= 2
    assert isinstance(service.thinking._executor, ProcessPoolExecutor)
    await close_service(service)


async def test_a_decision_made_in_a_worker_is_the_one_made_in_place_below_the_bot_s_priority():
    predict(5)
    state = ft.new(ft.Options(players=4, hands=1), [ft.SeatSpec(-n) for n in range(1, 5)])
    player = ft.pending(state)[0]
    thinking = Thinking(1)
    try:
        made = await thinking.decide("tarot", ft, state, player, "hard")
        workers_niceness = await asyncio.wrap_future(thinking._start().submit(os.nice, 0))
    finally:
        thinking.close()
    assert made == ft.computer_action(state, player, "hard")
    assert workers_niceness > os.nice(0), "a worker thinks below the bot's priority: clicks come first"


async def test_easy_and_normal_decisions_are_made_in_place_without_workers():
    predict(6)
    state = ft.new(ft.Options(players=4, hands=1), [ft.SeatSpec(-n) for n in range(1, 5)])
    player = ft.pending(state)[0]
    thinking = Thinking(1)
    for level in ("easy", "normal"):
        assert await thinking.decide("tarot", ft, state, player, level) == ft.computer_action(state, player, level)
    assert thinking._executor is None and thinking.searched == 0
