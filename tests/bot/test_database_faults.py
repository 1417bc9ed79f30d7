"""Issue 27, item 1: PostgreSQL connections cut while moves commit. Four tables are played with
random legal moves while another connection terminates every other backend of the database every
0.3 s. Every move ends within the bound (committed once, or refused as the database not
answering), and once the killing stops every table takes moves again, with every chip kept and
every log replaying to its stored state."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import threading
import time
from collections.abc import AsyncIterator, Coroutine
from typing import Any

import asyncpg

from bot.store import unpacked_state
from bot.tables import Table, TableService
from bot.tables.model import MOVE_SECONDS, NO_ANSWER
from games.base import IllegalAction
from tests.bot.helpers import close_service, open_service, open_table
from tests.bot.test_crash import whole

GAMES_PLAYED = {"blackjack": 3, "baccarat": 3, "poker": 3, "rummy": 2}
KILL_EVERY = 0.3
KILLING_SECONDS = 8.0
KILL_OTHERS = ("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
               "WHERE datname = current_database() AND pid <> pg_backend_pid()")
PACE = 0.02  # between two moves at a table: chips last the test's rounds
MARGIN = 5.0  # beyond the bound: the event loop of a busy machine
SCENARIO_SECONDS = 240  # the whole test, on a busy machine (it takes about 20 s)


@contextlib.asynccontextmanager
async def killing(url: str) -> AsyncIterator[list[int]]:
    """Every other backend of the database terminated every KILL_EVERY s, from a connection of
    its own, until the block ends; yields the count of backends terminated so far."""
    killed = [0]
    conn = await asyncpg.connect(url)

    async def kill() -> None:
        while True:
            killed[0] += len(await conn.fetch(KILL_OTHERS))
            await asyncio.sleep(KILL_EVERY)

    task = asyncio.create_task(kill())
    try:
        yield killed
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        await conn.close()


class Outcomes:
    def __init__(self) -> None:
        self.committed = 0
        self.refused = 0
        self.longest = 0.0
        self.hanging: list[str] = []  # the games whose move never ended
        self.failed: list[str] = []  # moves that ended otherwise than committed or refused so


async def one_move(service: TableService, table: Table, rng: random.Random, outcomes: Outcomes) -> bool:
    """A random legal move; whether it was committed. Anything but a commit or the database's
    refusal fails the test, and so does a move that outlasts the bound."""
    async with table.lock:  # a consistent view to choose the move from
        chosen = gentle_move(table, rng)
    assert chosen is not None, f"the {table.game} table waits on nobody: {table.state_json()}"
    player, move = chosen
    began = time.monotonic()
    moving = asyncio.ensure_future(service.act(table, player, move))
    await asyncio.wait([moving], timeout=MOVE_SECONDS + MARGIN)  # (a hanging move is left as it is)
    if not moving.done():
        outcomes.hanging.append(table.game)
        raise Hanging(table.game)
    outcomes.longest = max(outcomes.longest, time.monotonic() - began)
    try:
        moving.result()
    except Exception as error:
        if not isinstance(error, IllegalAction) or error.reason != NO_ANSWER:
            outcomes.failed.append(f"{table.game}: {type(error).__name__}: {error}")
        outcomes.refused += 1
        return False
    outcomes.committed += 1
    return True


def busted_out(table: Table) -> bool:
    """A poker table whose other player lost every chip (calls can cost a whole stack): it deals
    no more, rightly, so it waits on nobody."""
    return table.game == "poker" and table.state.hand is None and sum(s.stack > 0 for s in table.state.seats) < 2


def gentle_move(table: Table, rng: random.Random) -> tuple[int, dict] | None:
    """A random legal move of a player the game waits on, that keeps the game going for long:
    no all-in, no bet on a tie, bets and raises at their least (None: the game waits on nobody)."""
    waiting = table.module.pending(table.state)
    if not waiting:
        return None
    player = rng.choice(waiting)
    moves = [m for m in table.module.legal_actions(table.state, player)
             if m["type"] not in ("join", "leave", "sitout", "sitin", "allin") and m.get("on") != "tie"]
    move = {k: v for k, v in rng.choice(moves).items() if k != "max"}
    if "min" in move:
        move["amount"] = move.pop("min")
    return player, move


class Hanging(Exception):
    """A move that did not end (its table's lock is held for ever)."""


async def play_until(service: TableService, table: Table, seed: int, stop: asyncio.Event,
                     outcomes: Outcomes) -> None:
    rng = random.Random(seed)
    with contextlib.suppress(Hanging):
        while not stop.is_set() and table.active and not busted_out(table):
            await one_move(service, table, rng, outcomes)
            await asyncio.sleep(PACE)


def test_every_move_ends_while_connections_are_cut_and_nothing_is_lost(postgres_url):
    run_apart(cut_while_playing(postgres_url), SCENARIO_SECONDS)


def run_apart(scenario: Coroutine[Any, Any, None], seconds: float) -> None:
    """Runs `scenario` on an event loop of its own, in a thread, and reports how it ended: a move
    that never ends would hold up the test's own loop for ever (its waiter absorbs cancellation),
    so a thread left hanging is reported instead."""
    ended: list[BaseException | None] = []

    async def run() -> None:
        try:
            await scenario
        except BaseException as error:
            ended.append(error)
            raise
        ended.append(None)

    threading.Thread(target=asyncio.run, args=(run(),), daemon=True).start()
    deadline = time.monotonic() + seconds
    while not ended and time.monotonic() < deadline:
        time.sleep(0.05)
    assert ended, f"the scenario did not end within {seconds} s"
    if ended[0] is not None:
        raise ended[0]


async def cut_while_playing(postgres_url: str) -> None:
    service, _ = await open_service(postgres_url, claim=True)
    outcomes, stop = Outcomes(), asyncio.Event()
    try:
        tables = []
        for channel, (game, seats) in enumerate(GAMES_PLAYED.items(), start=10):
            tables.append(await open_table(service, game, [101 + n for n in range(seats)], channel=channel))
        async with killing(postgres_url) as killed:
            players = [asyncio.create_task(play_until(service, table, n, stop, outcomes))
                       for n, table in enumerate(tables)]
            await asyncio.sleep(KILLING_SECONDS)
            stop.set()
            await asyncio.gather(*players)
        print(f"\n{outcomes.committed} moves committed, {outcomes.refused} refused, {killed[0]} backends "
              f"terminated; longest move {outcomes.longest:.2f} s (bound {MOVE_SECONDS} s)")
        assert outcomes.hanging == [], f"moves that never ended, at the {outcomes.hanging} tables"
        assert outcomes.failed == [], outcomes.failed
        assert outcomes.refused > 0, "the killer cut no move"
        assert outcomes.committed > 0

        rng = random.Random(7)
        for table in tables:  # the killing over, every table takes moves again
            if table.active and not busted_out(table):
                assert await one_move(service, table, rng, outcomes), f"the {table.game} table takes no move"
        for table in tables:  # the copies in memory are what is stored
            row = await service.store.table_row(table.id)
            assert (table.version, table.status) == (row["version"], row["status"])
            assert json.loads(table.state_json()) == json.loads(unpacked_state(row["state"]))
    finally:
        if not outcomes.hanging:  # else its connection is never given back: the pool cannot close
            await close_service(service)
    await whole(postgres_url, [table.id for table in tables])
