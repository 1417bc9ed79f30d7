"""One worker process of the drawing pool (bot/drawing.py). Started by its file path, not as
`bot.draw_worker`, so it imports neither the `bot` package nor discord: only renders/ (and the
games/ and Pillow they use). It reads requests from stdin and writes answers to stdout, one at a
time, each a length-prefixed pickle:
    request  (job, module, function, args, kwargs)  → answer (job, True, png bytes)
                                                   or (job, False, "what failed")
Every answer carries its request's job number (the pool checks it). Before reading its first
request the worker draws one image of every kind (renders/warm.py) and says so in a first
answer, `(WARMED, True, [the kinds drawn])` (none when started with `--cold`). A function
outside renders/ is refused.
`(job, "", "modules", (), {})` answers the names of the modules this process has imported
(what the pool's test checks)."""

from __future__ import annotations

import contextlib
import importlib
import os
import pickle
import struct
import sys
import traceback
from typing import Any, BinaryIO

HEADER = struct.Struct("!I")

WARMED = 0  # the job number of the warm-up's report (the pool numbers its jobs from 1)
COLD = "--cold"  # the argument that skips the warm-up (the report then names no kind)
NICENESS = 10  # where SCHED_IDLE is not offered: still below the bot's own process


def yield_to_the_bot() -> None:
    """Drawing gives way to the bot's own process: with every core busy, a click's ack and
    move run first (Linux's SCHED_IDLE: preempted at once by any normal task, yet never
    starved — it keeps a small share when the machine is saturated), else a lower priority."""
    with contextlib.suppress(AttributeError, OSError):
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
        return
    with contextlib.suppress(AttributeError, OSError):
        os.nice(NICENESS)


def read_frame(stream: BinaryIO) -> Any | None:
    header = stream.read(HEADER.size)
    if len(header) < HEADER.size:
        return None  # the pool closed our stdin: time to go
    (length,) = HEADER.unpack(header)
    return pickle.loads(stream.read(length))


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


def warm() -> list[str]:
    """The kinds of image drawn once before the first job (none if the warm-up cannot load)."""
    try:
        return importlib.import_module("renders.warm").warm_every_kind()
    except Exception:
        traceback.print_exc(file=sys.stderr)
        return []


def serve(inbox: BinaryIO, outbox: BinaryIO) -> None:
    while (request := read_frame(inbox)) is not None:
        job, module, function, args, kwargs = request
        write_frame(outbox, (job, *answer(module, function, args, kwargs)))


if __name__ == "__main__":
    yield_to_the_bot()
    answers = sys.stdout.buffer
    sys.stdout = sys.stderr  # a stray print must not break the answers' framing
    write_frame(answers, (WARMED, True, [] if COLD in sys.argv[1:] else warm()))
    serve(sys.stdin.buffer, answers)
