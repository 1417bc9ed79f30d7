"""The drawing pool: table and hand images render in worker processes, one per core, so the
event loop never waits on the GIL for Pillow. A job sends the function's name and its arguments
(the view, names and style — never a table's state); a worker (bot/draw_worker.py, which imports
only renders/ and games/) answers the PNG bytes. Where processes cannot be started (or with
`workers=0`, as in tests) the same jobs run in threads."""

from __future__ import annotations

import asyncio
import itertools
import logging
import os
import pickle
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.draw_worker import HEADER

log = logging.getLogger(__name__)

WORKER = Path(__file__).with_name("draw_worker.py")
PROJECT_ROOT = WORKER.parents[1]


def machine_cores() -> int:
    """The cores this process may run on (its affinity, not the machine's count)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


class DrawingFailed(RuntimeError):
    """A worker could not draw: the error it reported."""


class Worker:
    """One worker process and the one job it runs at a time."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process

    @classmethod
    async def start(cls) -> Worker:
        paths = os.pathsep.join([str(PROJECT_ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-P", str(WORKER), stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": paths})
        return cls(process)

    async def run(self, request: tuple) -> tuple[bool, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        data = pickle.dumps(request, protocol=pickle.HIGHEST_PROTOCOL)
        self.process.stdin.write(HEADER.pack(len(data)) + data)
        await self.process.stdin.drain()
        (length,) = HEADER.unpack(await self.process.stdout.readexactly(HEADER.size))
        _, ok, result = pickle.loads(await self.process.stdout.readexactly(length))
        return ok, result

    async def stop(self) -> None:
        if self.process.returncode is not None:
            return
        if self.process.stdin is not None:
            self.process.stdin.close()  # the worker's loop ends at the end of its input
        try:
            await asyncio.wait_for(self.process.wait(), 2.0)
        except TimeoutError:
            self.process.kill()
            await self.process.wait()


class DrawingPool:
    """`await pool.draw(render_table, view, names, style)`: the function must live in renders/.
    A job takes an idle worker (waiting for one while all are busy); nothing runs between jobs."""

    def __init__(self, workers: int) -> None:
        self.size = workers
        self.workers: list[Worker] = []
        self._idle: asyncio.Queue[Worker] = asyncio.Queue()
        self._broken = False  # a worker died: draw in threads from then on
        self._numbers = itertools.count(1)
        self.drawn = 0  # images the worker processes have drawn

    @property
    def processes(self) -> bool:
        """Whether jobs run in worker processes (else in threads)."""
        return bool(self.workers) and not self._broken

    async def start(self) -> None:
        if self.size <= 0:
            return
        try:
            self.workers = list(await asyncio.gather(*(Worker.start() for _ in range(self.size))))
        except (OSError, NotImplementedError) as error:
            log.warning("drawing in threads: worker processes could not start (%s)", error)
            return
        for worker in self.workers:
            self._idle.put_nowait(worker)
        log.info("drawing pool: %d worker processes", len(self.workers))

    async def draw(self, function: Callable[..., bytes], *args: Any, **kwargs: Any) -> bytes:
        if not self.processes:
            return await asyncio.to_thread(function, *args, **kwargs)
        worker = await self._idle.get()
        try:
            ok, result = await worker.run((next(self._numbers), function.__module__, function.__name__, args, kwargs))
        except (asyncio.IncompleteReadError, ConnectionError, BrokenPipeError) as error:
            log.error("a drawing worker stopped (%s): drawing in threads from now on", error)
            self._broken = True
            return await asyncio.to_thread(function, *args, **kwargs)
        finally:
            self._idle.put_nowait(worker)
        if not ok:
            raise DrawingFailed(result)
        self.drawn += 1
        return result

    async def modules_of_a_worker(self) -> list[str]:
        """The modules a worker process has imported (what its test checks)."""
        worker = await self._idle.get()
        try:
            _, names = await worker.run((0, "", "modules", (), {}))
        finally:
            self._idle.put_nowait(worker)
        return names

    async def close(self) -> None:
        self._broken = True  # jobs after this (a late table edit) draw in threads
        await asyncio.gather(*(worker.stop() for worker in self.workers), return_exceptions=True)


THREADS = DrawingPool(0)
current: DrawingPool = THREADS  # the running bot's pool (renders reach it through cogs.common.render)


def use(pool: DrawingPool | None) -> None:
    global current
    current = pool or THREADS
