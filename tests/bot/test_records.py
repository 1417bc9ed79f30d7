"""Players' records written with the moves that end rounds: every finished round counted once,
on both backends, the same as a replay of the action log finds (bot/records.py rebuild)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from bot import records
from bot.store import dumps, packed_state
from games.base import IllegalAction
from games.registry import GAMES
from tests.bot.helpers import (
    GUILD,
    close_service,
    open_service,
    open_table,
    play_randomly,
    random_move,
    records_rows,
)
from tests.seeds import predict

ROOT = Path(__file__).resolve().parents[2]
ALICE, BOB, CAROL = 101, 102, 103
PLAYERS = {"blackjack": [ALICE, BOB], "baccarat": [ALICE, BOB], "poker": [ALICE, BOB, CAROL],
           "loc": [ALICE, BOB, CAROL], "tarot": [ALICE, BOB, CAROL, 104], "rummy": [ALICE, BOB],
           "arcanoid": [ALICE, BOB, CAROL]}


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_random_play_records_what_a_replay_of_the_log_finds(db_path, game):
    service, _ = await open_service(db_path)
    table = await open_table(service, game, PLAYERS[game])
    rng = random.Random(24)
    await play_randomly(service, table, rng, 400)
    live = await records_rows(service.store)
    played = sum(row[3] for row in live["records"])
    report = await records.rebuild(service.store)
    assert report.stopped == []
    assert report.rounds == played
    assert await records_rows(service.store) == live
    if game not in ("rummy", "arcanoid"):  # whole games: 400 random moves may not finish one
        assert played > 0, "random play finished no round"
    await close_service(service)


async def test_a_first_deal_annulled_for_a_petit_sec_is_on_record_and_the_log_replays(db_path):
    service, _ = await open_service(db_path)
    predict(113)  # this seed's first tarot deal holds a petit sec: it is annulled and dealt again at the start
    table = await open_table(service, "tarot", PLAYERS["tarot"])
    assert table.state.annulled, "the first deal was annulled"
    revealed = await service.store.fetchall("SELECT label FROM deals WHERE table_id=? AND seed IS NOT NULL",
                                            (table.id,))
    assert ("hand 1",) in [tuple(row) for row in revealed], "the annulled deal's seed is revealed for /verify"
    await play_randomly(service, table, random.Random(24), 120)
    report = await records.rebuild(service.store)
    assert report.stopped == []
    await close_service(service)


async def test_records_survive_a_restart_and_computers_have_none(db_path):
    service, _ = await open_service(db_path)
    service.computer_pause = 0
    table = await open_table(service, "poker", [ALICE, BOB], bots=1)
    rng = random.Random(3)
    for _ in range(400):
        player, move = random_move(table, rng)
        if player < 0:
            await asyncio.sleep(0.01)  # the computer's own move comes
            continue
        with contextlib.suppress(IllegalAction):
            await service.act(table, player, move)
    before = await records_rows(service.store)
    assert {row[1] for row in before["records"]} == {ALICE, BOB}, "members only: the computer has no record"
    assert sum(row[3] for row in before["records"]) > 0
    await close_service(service)
    service, _ = await open_service(db_path)
    assert await records_rows(service.store) == before
    mine = await records.profile(service.store, GUILD, ALICE)
    assert [(g.game, g.played) for g in mine.games] == [(r[2], r[3]) for r in before["records"] if r[1] == ALICE]
    await close_service(service)


def run_bot(*args: str, database: object) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT), "TAROT_DB": str(database)})


async def test_the_rebuild_command_makes_the_records_of_a_database_from_before_them(db_path):
    service, _ = await open_service(db_path)
    table = await open_table(service, "blackjack", [ALICE, BOB])
    await play_randomly(service, table, random.Random(11), 150)
    recorded = await records_rows(service.store)
    async with service.store.transaction() as tx:  # as migration 8 leaves an older database: no records
        for name in records.RECORDS_TABLES:
            await tx.execute(f"DELETE FROM {name}")
    await close_service(service)

    rebuilt = run_bot("rebuild-records", database=db_path)
    assert rebuilt.returncode == 0, rebuilt.stderr
    rounds = sum(row[3] for row in recorded["records"])
    assert rounds > 0 and f"rebuilt the records of {rounds} rounds from 1 table" in rebuilt.stdout
    again = run_bot("rebuild-records", database=db_path)
    assert again.returncode == 2 and "--replace" in again.stdout
    assert run_bot("rebuild-records", "--replace", database=db_path).returncode == 0
    service, _ = await open_service(db_path)
    assert await records_rows(service.store) == recorded
    await close_service(service)


async def test_streaks_best_win_pushes_and_figures_add_up_in_the_store(db_path):
    from games.records import Figure, Line, Tally

    service, _ = await open_service(db_path)
    store = service.store
    outcomes = [("won", 30), ("won", 5), ("push", 0), ("won", 12), ("lost", -40), ("won", 8)]
    for day, (outcome, net) in enumerate(outcomes):
        found = Tally([Line(ALICE, net, outcome)], [Figure(ALICE, "blackjacks"), Figure(ALICE, "best meld", net, f"n{net}")])
        async with store.transaction() as tx:
            await records.write_tally(tx, GUILD, "blackjack", found, 1_700_000_000 + day * records.DAY)
    (mine,) = (await records.profile(store, GUILD, ALICE, today=records.day_of(1_700_000_000) + 5)).games
    assert (mine.played, mine.won, mine.lost, mine.pushed, mine.net) == (6, 4, 1, 1, 15)
    assert (mine.best_win, mine.streak, mine.best_streak) == (30, 1, 3), "a push neither ends nor extends a streak"
    assert mine.figures == {"blackjacks": (6, ""), "best meld": (30, "n30")}
    days = records.day_of(1_700_000_000)
    week = await records.leaderboard(store, GUILD, "blackjack", "day", "net", days + 5)
    assert [(s.player, s.played, s.net) for s in week] == [(ALICE, 1, 8)], "today only"
    assert (await records.profile(store, GUILD, BOB)).empty and (await records.profile(store, GUILD + 1, ALICE)).empty
    await close_service(service)


async def test_a_table_whose_log_does_not_replay_to_its_state_is_left_out_of_a_rebuild(db_path):
    predict(31)  # known deals; on these a pass for the first bet replayed to the same state (the
    # round was a tie: a bet on the player is pushed), so the altered bet is one no stack covers
    service, _ = await open_service(db_path)
    kept = await open_table(service, "baccarat", [ALICE, BOB], channel=10)
    altered = await open_table(service, "baccarat", [ALICE, BOB], channel=11)
    pruned = await open_table(service, "baccarat", [ALICE, BOB], channel=12)
    changed = await open_table(service, "baccarat", [ALICE, BOB], channel=13)
    for table in (kept, altered, pruned, changed):
        await play_randomly(service, table, random.Random(table.id), 60)
    bets = [v for v, _, a in await service.store.action_log(altered.id) if a["type"] == "bet"]
    async with service.store.transaction() as tx:
        await tx.execute("UPDATE actions SET action=? WHERE table_id=? AND version=?",
                         ('{"type":"bet","on":"player","amount":1000000000}', altered.id, bets[0]))
        await tx.execute("DELETE FROM actions WHERE table_id=? AND version=1", (pruned.id,))
        state = json.loads(changed.state_json())
        state["house_net"] += 1  # a state no replay of its log reaches
        await tx.execute("UPDATE tables SET state=? WHERE id=?", (packed_state(dumps(state)), changed.id))
    report = await records.rebuild(service.store)
    assert len(report.stopped) == 3 and report.stopped[0].startswith(f"table {altered.id}: the replay ")
    assert report.stopped[1:] == [f"table {pruned.id}: its first moves were pruned; not counted",
                                  f"table {changed.id}: the replay does not reach the stored state; not counted"]
    only_kept = await records_rows(service.store)
    async with service.store.transaction() as tx:
        await tx.execute("DELETE FROM tables WHERE id IN (?, ?, ?)", (altered.id, pruned.id, changed.id))
    assert (await records.rebuild(service.store)).stopped == []
    assert await records_rows(service.store) == only_kept and only_kept["records"]
    await close_service(service)


async def test_records_outlive_the_retention_of_the_log_and_of_closed_tables(db_path):
    from bot.retention import Retention
    from tests.bot.helpers import Clock

    clock = Clock()
    service, _ = await open_service(db_path, clock)
    table = await open_table(service, "blackjack", [ALICE, BOB])
    await play_randomly(service, table, random.Random(8), 120)
    await service.end(table, ALICE, may_manage=True)
    recorded = await records_rows(service.store)
    assert recorded["records"]
    clock.now += 40 * records.DAY
    deleted = await Retention(service.store, 30 * records.DAY, clock).prune()
    assert deleted > 0 and not await service.store.action_log(table.id), "the log and the table are gone"
    assert await records_rows(service.store) == recorded
    await close_service(service)
