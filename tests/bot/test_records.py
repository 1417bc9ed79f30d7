"""Players' records written with the moves that end rounds: every finished round counted once,
on both backends, the same as a replay of the action log finds (bot/records.py rebuild)."""

from __future__ import annotations

import asyncio
import contextlib
import random

import pytest

from bot import records
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
