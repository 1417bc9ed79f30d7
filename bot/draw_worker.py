"""One worker process of the drawing pool (bot/drawing.py). Started by its file path, not as
`bot.draw_worker`, so it imports neither the `bot` package nor discord: only renders/ (and the
games/ and Pillow they use). It reads requests from stdin and writes answers to stdout, one at a
time, each a length-prefixed pickle:
    request  (job, module, function, args, kwargs)  → answer (job, True, png bytes)
                                                   or (job, False, "what failed")
Every answer carries its request's job number (the pool checks it). Before reading its first
request the worker draws one image of every kind (renders/warm.py) and says so in a first
answer, `(WARMED, True, [the kinds drawn])` (none when started with `--cold`); the rest of the
card sprites it fills one card at a time while no request waits. What the warm-up and the fills
leave is frozen for the garbage collector (`settle`). A function outside renders/
is refused.
`(job, "", "modules", (), {})` answers the names of the modules this process has imported
(what the pool's test checks)."""

from __future__ import annotations

import contextlib
import gc
import importlib
import os
import pickle
import select
import struct
import sys
import traceback
from collections.abc import Callable, Iterable
from typing import Any, BinaryIO

HEADER = struct.Struct("!I")

WARMED = 0  # the job number of the warm-up's report (the pool numbers its jobs from 1)
COLD = "--cold"  # the argument that skips the warm-up (the report then names no kind)
NICE = "--nice="  # the argument's prefix that gives the worker's niceness above the bot's (NICENESS if none)
NICENESS = 2  # below the bot's own process (relative to it): two thirds of its share of a busy core


def niceness(argv: list[str]) -> int:
    """The niceness asked on the command line (`--nice=N`), else NICENESS."""
    asked = [arg.removeprefix(NICE) for arg in argv if arg.startswith(NICE)]
    return int(asked[-1]) if asked and asked[-1].lstrip("-").isdigit() else NICENESS


def yield_to_the_bot(steps: int = NICENESS) -> None:
    """Drawing gives way to the bot's own process, yet keeps a fair share of a busy machine.
    A niceness `steps` above the bot's (NICENESS, 2, by default; TAROT_DRAW_NICENESS): when a
    click and a drawing want the same core, the bot's process runs first (the scheduler wakes
    it ahead of a lower-weight task) and gets half as much again as the drawing's share. Not
    SCHED_IDLE: that loses to every process on the machine, so with other work about (load 4-5
    on 2 cores) a burst's pictures came 3x later than at low load. Not 5 (three times less than
    the bot's): beside two busy loops a burst's pictures came 1.6x later than at 2, for clicks'
    acks no sooner (bench/README.md, issue 31: the workers' priority)."""
    if steps > 0:
        with contextlib.suppress(AttributeError, OSError):
            os.nice(steps)


def read_exactly(stream: BinaryIO, size: int) -> bytes | None:
    """`size` bytes from an unbuffered stream (None at its end: the pool closed our stdin)."""
    data = bytearray()
    while len(data) < size:
        chunk = stream.read(size - len(data))
        if not chunk:
            return None
        data += chunk
    return bytes(data)


def read_frame(stream: BinaryIO) -> Any | None:
    header = read_exactly(stream, HEADER.size)
    if header is None:
        return None  # time to go
    (length,) = HEADER.unpack(header)
    body = read_exactly(stream, length)
    return None if body is None else pickle.loads(body)


def write_frame(stream: BinaryIO, value: Any) -> None:
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(HEADER.pack(len(data)) + data)
    stream.flush()


def answer(module: str, function: str, args: tuple, kwargs: dict) -> tuple[bool, Any]:
    if not module and function == "modules":
        return True, sorted(sys.modules)
    if module != "renders" and not module.startswith("renders."):
        return False, f"{module}.{function} is not a drawing function (renders/ only)"
    try:
        return True, getattr(importlib.import_module(module), function)(*args, **kwargs)
    except Exception:
        return False, traceback.format_exc(limit=5)


def warm() -> tuple[list[str], list[Callable[[], object]]]:
    """The kinds of image drawn once before the first job, and the sprite fills left for
    between jobs (none of either if the warm-up cannot load)."""
    try:
        warming = importlib.import_module("renders.warm")
        return warming.warm_every_kind(), warming.sprite_fills()
    except Exception:
        traceback.print_exc(file=sys.stderr)
        return [], []


def asked(inbox: BinaryIO) -> bool:
    """Whether a request is waiting (the stream is unbuffered: its pipe says it all)."""
    return bool(select.select([inbox], [], [], 0)[0])


def settle() -> None:
    """What the warm-up or the sprite fills left (caches, mostly) lives as long as the worker:
    it is moved out of the garbage collector's sight, after collecting what is garbage, so that a
    full collection in the middle of a picture no longer walks it (those collections doubled a
    picture's p99 CPU: 16 ms against 8)."""
    gc.collect()
    gc.freeze()


def serve(inbox: BinaryIO, outbox: BinaryIO, chores: Iterable[Callable[[], object]] = ()) -> None:
    """Requests answered in turn; while none waits, the next chore is done (one card's sprites:
    a request that comes meanwhile waits a few milliseconds at most), and once they are all
    done, what they filled is settled."""
    left = iter(chores)
    filling = True
    while True:
        if filling and not asked(inbox):
            chore = next(left, None)
            if chore is None:
                filling = False
                settle()
                continue
            try:
                chore()
            except Exception:
                traceback.print_exc(file=sys.stderr)
                left = iter(())
            continue
        request = read_frame(inbox)
        if request is None:
            return
        job, module, function, args, kwargs = request
        write_frame(outbox, (job, *answer(module, function, args, kwargs)))


if __name__ == "__main__":
    yield_to_the_bot(niceness(sys.argv[1:]))
    answers = sys.stdout.buffer
    sys.stdout = sys.stderr  # a stray print must not break the answers' framing
    warmed, fills = ([], []) if COLD in sys.argv[1:] else warm()
    settle()
    write_frame(answers, (WARMED, True, warmed))
    serve(sys.stdin.buffer.raw, answers, fills)
