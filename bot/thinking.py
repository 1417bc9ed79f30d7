"""Where the computer players think (issue 29): off the event loop.

An `easy` or `normal` decision is a rule of thumb that costs well under a millisecond, made in
place. A `hard` decision searches for up to its budget (about a quarter second of one core), so it
runs in worker processes: the state crosses as its exact `to_dict`, and the worker rebuilds it and
asks the game's own `computer_action`. The same view gives the same decision wherever it is made
(the search seeds its randomness from the view), so a process or a thread makes no difference to
what is played. With no worker processes (`workers=0`, or where processes cannot be started) the
search runs in a thread, still off the loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from types import ModuleType
from typing import Any

from games.base import Action

log = logging.getLogger(__name__)

SEARCHING_LEVELS = frozenset({"hard"})
NICENESS = 10  # the workers' priority below the bot's own process: with every core busy, clicks come first


def below_the_bot() -> None:
    """A worker's start: a lower priority than the bot's process (not SCHED_IDLE, as the drawing
    workers: a computer's move is play people wait for, so it keeps a fair share of a busy machine)."""
    with contextlib.suppress(AttributeError, OSError):
        os.nice(NICENESS)


def decide_in_worker(game: str, data: dict[str, Any], player: int, level: str) -> Action:
    """In a worker: the game's state rebuilt from its dict, and its computer's move."""
    from games.registry import GAMES

    module = GAMES[game]
    return module.computer_action(module.from_dict(data), player, level)


class Thinking:
    """The computer players' decisions, made where they do not hold up anyone's click."""

    def __init__(self, workers: int) -> None:
        self.workers = max(0, workers)
        self._executor: Executor | None = None
        self.searched = 0  # hard decisions made off the loop, for tests and benchmarks

    async def decide(self, game: str, module: ModuleType, state: Any, player: int, level: str) -> Action:
        if level not in SEARCHING_LEVELS:
            return module.computer_action(state, player, level)
        loop = asyncio.get_running_loop()
        data = module.to_dict(state)  # taken now: the state may move on while the worker thinks
        try:
            action = await loop.run_in_executor(self._start(), decide_in_worker, game, data, player, level)
        except BrokenProcessPool:  # a worker died (killed, out of memory): a new pool for the next one
            log.warning("a computer players' worker died; starting new ones")
            self.close()
            action = await loop.run_in_executor(self._start(), decide_in_worker, game, data, player, level)
        self.searched += 1
        return action

    def _start(self) -> Executor:
        if self._executor is None:
            self._executor = self._new_executor()
        return self._executor

    def _new_executor(self) -> Executor:
        if self.workers:
            try:  # spawned, not forked: the bot's process holds threads and open connections
                return ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                           initializer=below_the_bot)
            except (OSError, NotImplementedError) as failure:
                log.warning("computer players think in a thread: no worker process could start (%s)", failure)
        return ThreadPoolExecutor(1, thread_name_prefix="thinking")

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
