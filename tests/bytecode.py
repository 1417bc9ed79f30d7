"""Compiled code for the processes the tests start (bots, workers, sandboxes, pytest itself):
where the environment forbids writing bytecode (PYTHONDONTWRITEBYTECODE, as on the shared test
machine), every such process compiled the project's sources again at its start — a second or
more of a busy core each, for about a hundred processes in the suite. The session instead gives
its child processes a cache of its own in a temporary folder (PYTHONPYCACHEPREFIX): nothing is
written beside the sources, and each module is compiled once for all of them. The cache starts
with what the session already has: the installed packages' compiled files, copied, and the
project's modules, compiled."""

from __future__ import annotations

import importlib.util
import os
import py_compile
import shutil
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROJECT = ("bot", "cogs", "games", "renders", "tests")
PREFIX_VARIABLE, NO_WRITING = "PYTHONPYCACHEPREFIX", "PYTHONDONTWRITEBYTECODE"


def cached_under(prefix: Path, source: str) -> Path:
    """Where a child process with this prefix looks for the compiled `source`."""
    where = Path(os.path.abspath(source))  # as importlib's cache_from_source places it: no links resolved
    return prefix / where.relative_to(where.anchor).with_suffix(f".{sys.implementation.cache_tag}.pyc")


def matches(compiled: str, source: str) -> bool:
    """Whether `compiled` was compiled from `source` as it is (the timestamp header)."""
    try:
        header, stat = Path(compiled).read_bytes()[:16], os.stat(source)
    except OSError:
        return False
    return (len(header) == 16 and header[:4] == importlib.util.MAGIC_NUMBER and header[4:8] == bytes(4)
            and int.from_bytes(header[8:12], "little") == int(stat.st_mtime) & 0xFFFFFFFF
            and int.from_bytes(header[12:16], "little") == stat.st_size & 0xFFFFFFFF)


def fill(prefix: Path) -> None:
    """Copy the compiled files of the modules loaded so far; compile the project's."""
    for module in list(sys.modules.values()):
        source, compiled = getattr(module, "__file__", None), getattr(module, "__cached__", None)
        if source and compiled and source.endswith(".py") and matches(compiled, source):
            target = cached_under(prefix, source)
            target.parent.mkdir(parents=True, exist_ok=True)
            written = target.with_name(f"{target.name}.{os.getpid()}.part")
            shutil.copyfile(compiled, written)
            os.replace(written, target)  # whole or not there: a child may be reading it already
    for package in PROJECT:
        for source in (ROOT / package).rglob("*.py"):
            target = cached_under(prefix, str(source))
            if not target.exists():
                target.parent.mkdir(parents=True, exist_ok=True)
                try:  # written whole (py_compile writes atomically)
                    py_compile.compile(str(source), cfile=str(target), doraise=True)
                except py_compile.PyCompileError:
                    continue  # a child compiles (and reports) it itself


@contextmanager
def shared_with_child_processes(folder: Path) -> Iterator[None]:
    """While open: child processes write and read compiled code under `folder`, filled in the
    background meanwhile (a child that comes first compiles what it needs itself). Nothing
    changes where writing bytecode is allowed, or where a prefix is already chosen."""
    if not os.environ.get(NO_WRITING) or os.environ.get(PREFIX_VARIABLE):
        yield
        return
    filling = threading.Thread(target=fill, args=(folder,), name="bytecode for child processes", daemon=True)
    filling.start()
    os.environ[PREFIX_VARIABLE] = str(folder)
    no_writing = os.environ.pop(NO_WRITING)
    try:
        yield
    finally:
        os.environ.pop(PREFIX_VARIABLE, None)
        os.environ[NO_WRITING] = no_writing
        filling.join()
