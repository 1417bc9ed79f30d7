"""The drawing pool: table and hand images render in worker processes, one per core, so the
event loop never waits on the GIL for Pillow. A job sends the function's name and its arguments
(the view, names and style — never a table's state); a worker (bot/draw_worker.py, which imports
only renders/ and games/) answers the PNG bytes. Where processes cannot be started (or with
`workers=0`, as in tests) the same jobs run in threads.

No image waits for ever and none reaches the wrong job: a worker has `deadline` seconds for a
job, else it is killed and replaced and the job is drawn in a thread; a job that finds no
worker free within `WAITS` deadlines, while no worker came free either, is drawn in a thread (a
job waiting its turn behind others while the workers answer keeps waiting: in a thread, it
would hold the bot's event loop through the GIL, and clicks come first); a worker whose job
was cancelled is killed and replaced (its answer must never reach the next job); every answer
carries its job's number and one that is not the awaited job's is discarded. A new worker (at
start-up or as a replacement) first draws every kind of image once (renders/warm.py) and joins
the free workers only once it has said so. The pictures the workers drew lately are kept by
their inputs (`Memo`, bounded): the same inputs asked again are answered at once, without a
worker."""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import logging
import os
import pickle
import subprocess
import sys
from collections import OrderedDict, deque
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from bot.draw_worker import COLD, HEADER, NICE, NICENESS, WARMED

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


DEADLINE = 5.0  # seconds a worker may spend on one job: a table image takes 10-30 ms warm, 0.5 s cold,
# and ten times that on a loaded 2-core machine at idle priority; past 5 s the worker is stuck or stopped
WAITS = 3  # a job waits this many deadlines with no worker coming free, then draws in a thread
WARM_LIMIT = 120.0  # seconds a new worker may take to warm up (at idle priority) before it is replaced


MEMO_IMAGES = 256  # the latest pictures the workers drew, kept by their inputs (at most this many)
MEMO_BYTES = 8 * 1024 * 1024  # and at most this many bytes of PNG (a table picture is 10-40 KB)


class Memo:
    """The latest pictures drawn, by the hash of their inputs (the function and its pickled
    arguments), the least recently used forgotten first past `images` or `size` bytes: a
    drawing is a pure function of its inputs, so the same inputs are the same picture (a poker
    player's hand sent again after a bet that changed neither their cards nor the board)."""

    def __init__(self, images: int = MEMO_IMAGES, size: int = MEMO_BYTES) -> None:
        self.images, self.size = images, size
        self._pictures: OrderedDict[bytes, bytes] = OrderedDict()
        self._bytes = 0
        self.reused = 0  # pictures answered from the memo

    @staticmethod
    def key(module: str, function: str, args: tuple, kwargs: dict) -> bytes:
        request = pickle.dumps((module, function, args, kwargs), protocol=pickle.HIGHEST_PROTOCOL)
        return hashlib.blake2b(request, digest_size=16).digest()

    def get(self, key: bytes) -> bytes | None:
        picture = self._pictures.get(key)
        if picture is not None:
            self._pictures.move_to_end(key)
            self.reused += 1
        return picture

    def put(self, key: bytes, picture: bytes) -> None:
        if key in self._pictures or len(picture) > self.size:
            return
        self._pictures[key] = picture
        self._bytes += len(picture)
        while len(self._pictures) > self.images or self._bytes > self.size:
            self._bytes -= len(self._pictures.popitem(last=False)[1])


class Worker(asyncio.SubprocessProtocol):
    """One worker process and the one job it runs at a time. Its answers are read as they
    arrive (no task waits on its pipe, so a warming worker holds up nothing): each settles the
    job of its number; the first, the warm-up's report, calls `on_warm`."""

    def __init__(self, on_warm: Callable[[Worker], None], on_exit: Callable[[Worker], None]) -> None:
        self.on_warm, self.on_exit = on_warm, on_exit
        self.warmed: list[str] | None = None  # the kinds of image it drew before its first job
        self.up = False  # warmed up and taking jobs (until it is replaced)
        self.replacing = False  # killed by the pool, a replacement on its way
        self.failed = False  # died while warming up
        self.transport: asyncio.SubprocessTransport | None = None
        self._received = bytearray()
        self._lost: ConnectionError | None = None  # why no answer can come any more
        self.warm_timer: asyncio.TimerHandle | None = None
        self._jobs: dict[int, asyncio.Future[tuple[bool, Any]]] = {}
        self._exited = asyncio.get_running_loop().create_future()

    @classmethod
    async def start(cls, warm: bool, niceness: int, on_warm: Callable[[Worker], None],
                    on_exit: Callable[[Worker], None]) -> Worker:
        paths = os.pathsep.join([str(PROJECT_ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])
        _, worker = await asyncio.get_running_loop().subprocess_exec(
            lambda: cls(on_warm, on_exit), sys.executable, "-P", str(WORKER), f"{NICE}{niceness}",
            *([] if warm else [COLD]),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=None, env={**os.environ, "PYTHONPATH": paths})
        return worker

    @property
    def pid(self) -> int:
        assert self.transport is not None
        return self.transport.get_pid()

    @property
    def returncode(self) -> int | None:
        return None if self.transport is None else self.transport.get_returncode()

    async def wait(self) -> None:
        await asyncio.shield(self._exited)

    async def run(self, job: int, module: str, function: str, args: tuple, kwargs: dict) -> tuple[bool, Any]:
        answer = asyncio.get_running_loop().create_future()
        self._jobs[job] = answer
        try:
            self.send((job, module, function, args, kwargs))
            return await answer
        finally:
            self._jobs.pop(job, None)

    def send(self, request: tuple) -> None:
        assert self.transport is not None
        if self._lost is not None:
            raise self._lost
        data = pickle.dumps(request, protocol=pickle.HIGHEST_PROTOCOL)
        stdin = self.transport.get_pipe_transport(0)
        if stdin is None or stdin.is_closing():
            raise ConnectionError("the worker's input is closed")
        stdin.write(HEADER.pack(len(data)) + data)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def pipe_data_received(self, fd: int, data: bytes) -> None:
        self._received += data
        while len(self._received) >= HEADER.size:
            (length,) = HEADER.unpack_from(self._received)
            if len(self._received) < HEADER.size + length:
                return
            frame = bytes(self._received[HEADER.size:HEADER.size + length])
            del self._received[:HEADER.size + length]
            self._answered(*pickle.loads(frame))

    def _answered(self, job: int, ok: bool, result: Any) -> None:
        if job == WARMED and self.warmed is None:
            self.warmed = result
            self.on_warm(self)
            return
        answer = self._jobs.get(job)
        if answer is None or answer.done():
            log.error("a drawing worker answered job %s, which no job awaits: that answer is discarded", job)
            return
        answer.set_result((ok, result))

    def pipe_connection_lost(self, fd: int, exc: Exception | None) -> None:
        if fd == 1:
            self._fail(ConnectionError("the drawing worker's output closed"))

    def process_exited(self) -> None:
        self._fail(ConnectionError(f"the drawing worker exited ({self.returncode})"))
        if self.warm_timer is not None:
            self.warm_timer.cancel()
        if not self._exited.done():
            self._exited.set_result(None)
            self.on_exit(self)
        if self.transport is not None:
            self.transport.close()

    def _fail(self, error: ConnectionError) -> None:
        self._lost = self._lost or error
        for answer in self._jobs.values():
            if not answer.done():
                answer.set_exception(error)

    def kill(self) -> None:
        if self.transport is not None and self.returncode is None:
            self.transport.kill()

    async def stop(self) -> None:
        if self.transport is None or self.returncode is not None:
            return
        stdin = self.transport.get_pipe_transport(0)
        if self.warmed is None or stdin is None:  # still warming up: nothing of it is worth waiting for
            self.kill()
        else:
            stdin.close()  # the worker's loop ends at the end of its input
        try:
            await asyncio.wait_for(self.wait(), 2.0)
        except TimeoutError:
            self.kill()
            await self.wait()


class DrawingPool:
    """`await pool.draw(render_table, view, names, style)`: the function must live in renders/.
    A job takes a free worker (waiting for one while all are busy or warming up); nothing runs
    between jobs. (A worker holding a second job in its pipe, so as not to wait for the loop
    between two, made a 200-click burst's pictures later at load 4-5: p50 1.64 s against 1.16 s.)"""

    def __init__(self, workers: int, deadline: float = DEADLINE, warm: bool = True, niceness: int = NICENESS) -> None:
        self.size = workers
        self.deadline = deadline
        self.warm = warm  # False: the workers take jobs at once, cold (tests of the pool's workings)
        self.niceness = niceness  # the workers' niceness above the bot's (bot/draw_worker.py)
        self.workers: list[Worker] = []  # a replacement takes the place of the worker it replaces
        self._idle: deque[Worker] = deque()  # the free workers
        self._waiting: deque[tuple[float, asyncio.Future[Worker | None]]] = deque()  # jobs waiting for a worker, since
        self._sweep: asyncio.TimerHandle | None = None  # one timer for every wait (see `_give_up_waits`)
        self._broken = False  # no worker left (or closed): draw in threads from then on
        self._numbers = itertools.count(WARMED + 1)
        self._changed = asyncio.Event()  # a worker came up, or left
        self._replacements: set[asyncio.Task] = set()
        self.drawn = 0  # images the worker processes have drawn
        self.memo = Memo()  # what they drew, by its inputs (not for jobs drawn in threads)
        self.replaced = 0  # workers killed and replaced (past their deadline, cancelled, dead)
        self.gave_up = 0  # jobs drawn in a thread after waiting WAITS deadlines with no worker coming free
        self._came_free = float("-inf")  # when a worker last came free (the loop's clock)

    @property
    def processes(self) -> bool:
        """Whether jobs run in worker processes (else in threads)."""
        return bool(self.workers) and not self._broken

    async def start(self) -> None:
        """The processes started: they warm up meanwhile and take jobs once warm (the bot goes on)."""
        if self.size <= 0:
            return
        try:
            self.workers = list(await asyncio.gather(*(self._new_worker() for _ in range(self.size))))
        except (OSError, NotImplementedError) as error:
            log.warning("drawing in threads: worker processes could not start (%s)", error)
            return
        for worker in [worker for worker in self.workers if worker.failed]:
            self._leave(worker)
        log.info("drawing pool: %d worker processes", len(self.workers))

    async def ready(self) -> None:
        """Until every worker has warmed up (what tests and benches wait for; the bot does not)."""
        while self.processes and not all(worker.up for worker in self.workers):
            self._changed.clear()
            await self._changed.wait()

    async def draw(self, function: Callable[..., bytes], *args: Any, **kwargs: Any) -> bytes:
        """The picture: the memo's if the workers drew these same inputs lately, else a worker's
        (or a thread's, when no worker can)."""
        if self.processes:
            key = Memo.key(function.__module__, function.__name__, args, kwargs)
            if (picture := self.memo.get(key)) is not None:
                return picture
            answered = await self._in_a_worker(function.__module__, function.__name__, args, kwargs)
            if answered is not None:
                ok, result = answered
                if not ok:
                    raise DrawingFailed(result)
                self.drawn += 1
                self.memo.put(key, result)
                return result
        return await asyncio.to_thread(function, *args, **kwargs)

    async def modules_of_a_worker(self) -> list[str]:
        """The modules a worker process has imported (what its test checks)."""
        answered = await self._in_a_worker("", "modules", (), {})
        if answered is None:
            raise DrawingFailed("no drawing worker answered")
        return answered[1]

    async def _in_a_worker(self, module: str, function: str, args: tuple, kwargs: dict) -> tuple[bool, Any] | None:
        """A free worker's answer to the job, or None when it is to be drawn in a thread: no
        worker came free in time, or the one drawing it passed its deadline or died."""
        worker = await self._free_worker()
        if worker is None:
            return None
        try:
            async with asyncio.timeout(self.deadline):
                answered = await worker.run(next(self._numbers), module, function, args, kwargs)
        except TimeoutError:
            log.warning("a drawing worker spent more than %g s on %s: replaced; drawn in a thread",
                        self.deadline, function)
        except ConnectionError as error:
            log.error("a drawing worker stopped (%s): replaced; drawn in a thread", error)
        except BaseException:
            self._replace(worker)  # cancelled mid-job: its answer must reach no other job
            raise
        else:
            self._freed(worker)
            return answered
        self._replace(worker)
        return None

    async def _free_worker(self) -> Worker | None:
        """A free worker, or None: no worker will come, or none came within WAITS deadlines."""
        if self._broken:
            return None
        if self._idle:
            return self._idle.popleft()
        loop = asyncio.get_running_loop()
        waiter: asyncio.Future[Worker | None] = loop.create_future()
        self._waiting.append((loop.time(), waiter))
        self._sweep_later()
        try:
            return await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled() and waiter.result() is not None:
                self._freed(waiter.result())  # handed a worker just as the job was cancelled: the next job's
            raise

    def _freed(self, worker: Worker) -> None:
        """A worker comes free: to the job waiting longest, else kept for the next (and the
        waits' timer, with no wait left, is put away)."""
        self._came_free = asyncio.get_running_loop().time()
        while self._waiting:
            _, waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_result(worker)
                break
        else:
            self._idle.append(worker)
        if not self._waiting and self._sweep is not None:
            self._sweep.cancel()
            self._sweep = None

    def _sweep_later(self) -> None:
        """The waits are bounded by one timer, set for the oldest, rather than one timer each: in
        a burst hundreds of pictures wait, and their timers cost the loop (SimCord's most of all)."""
        if self._sweep is None and self._waiting:
            self._sweep = asyncio.get_running_loop().call_at(self._patience_ends(self._waiting[0][0]),
                                                             self._give_up_waits)

    def _patience_ends(self, began: float) -> float:
        """When a job waiting since `began` is drawn in a thread: WAITS deadlines after it began
        waiting and after a worker last came free (the workers stuck, or starved of CPU). While
        they answer, a storm's pictures wait their turn (a restart storm at load 6-8 queued up to
        1,700 of them; drawn in threads, they would hold the loop through the GIL)."""
        return max(began, self._came_free) + self.deadline * WAITS

    def _give_up_waits(self) -> None:
        """The jobs whose patience ran out are drawn in threads."""
        self._sweep = None
        now = asyncio.get_running_loop().time()
        while self._waiting and (self._waiting[0][1].done() or self._patience_ends(self._waiting[0][0]) <= now):
            _, waiter = self._waiting.popleft()
            if not waiter.done():
                log.warning("no drawing worker came free in %g s: drawn in a thread", self.deadline * WAITS)
                self.gave_up += 1
                waiter.set_result(None)
        self._sweep_later()

    def _no_worker_will_come(self) -> None:
        self._broken = True
        while self._waiting:
            _, waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_result(None)

    async def _new_worker(self) -> Worker:
        worker = await Worker.start(self.warm, self.niceness, self._admit, self._exited)
        if worker.warmed is None:
            worker.warm_timer = asyncio.get_running_loop().call_later(WARM_LIMIT, self._warmed_in_time, worker)
        return worker

    def _admit(self, worker: Worker) -> None:
        """The worker joins the free ones: it has warmed up."""
        if worker.warm_timer is not None:
            worker.warm_timer.cancel()
        if not self._broken and not worker.replacing:
            worker.up = True
            self._freed(worker)
        self._changed.set()

    def _warmed_in_time(self, worker: Worker) -> None:
        if worker.warmed is None and worker.returncode is None and not self._broken:
            log.warning("a drawing worker took more than %g s to warm up: replaced", WARM_LIMIT)
            self._replace(worker)

    def _exited(self, worker: Worker) -> None:
        """A worker that dies while warming up leaves the pool (a replacement would die the same
        way); one that dies later is replaced when a job finds it dead."""
        if worker.warmed is None and not worker.replacing and not self._broken:
            log.error("a drawing worker died while warming up")
            worker.failed = True
            if worker in self.workers:
                self._leave(worker)

    def _replace(self, worker: Worker) -> None:
        worker.up = False
        worker.replacing = True
        worker.kill()
        if not self._broken:
            self.replaced += 1
            self._background(self._replacement(worker))

    async def _replacement(self, old: Worker) -> None:
        await old.wait()
        if self._broken:
            return
        try:
            new = await self._new_worker()
        except (OSError, NotImplementedError) as error:
            log.error("a drawing worker could not be replaced (%s)", error)
            self._leave(old)
            return
        if self._broken:
            new.kill()
            return
        self.workers[self.workers.index(old)] = new
        if new.failed:
            self._leave(new)

    def _leave(self, worker: Worker) -> None:
        """The pool goes on without this worker; with none left, it draws in threads."""
        self.workers.remove(worker)
        if not self.workers and not self._broken:
            log.error("no drawing worker left: drawing in threads from now on")
            self._no_worker_will_come()
        self._changed.set()

    def _background(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._replacements.add(task)
        task.add_done_callback(self._replacements.discard)

    async def close(self) -> None:
        self._no_worker_will_come()  # jobs after this (a late table edit) draw in threads
        if self._sweep is not None:
            self._sweep.cancel()
        self._changed.set()
        await asyncio.gather(*self._replacements, return_exceptions=True)
        await asyncio.gather(*(worker.stop() for worker in self.workers), return_exceptions=True)


THREADS = DrawingPool(0)
current: DrawingPool = THREADS  # the running bot's pool (renders reach it through cogs.common.render)


def use(pool: DrawingPool | None) -> None:
    global current
    current = pool or THREADS
