"""A database of the version before provably fair deals (schema 3: a `seed` per table, every deal
`Random(f"{table seed}:{n}")`) opened by this version: its tables load, the hand in play keeps
its cards exactly, its deal is labelled as not verifiable (old scheme), and the next hand (the
next round's shoe) takes a fresh secret seed committed as usual; chips are conserved.

`data/old_seed_states.json` holds states saved mid-hand by that version's own code (commit
abc3203^, `games/` run as it was: each game played from `new(options, seats, seed)` by legal
moves until one hand was settled and the next under way)."""

from __future__ import annotations

import json
from pathlib import Path

import aiosqlite
import pytest

from bot.store import unpacked_state
from bot.store_sqlite import MIGRATIONS
from games import fairness, legacy
from games.cards import codes
from games.registry import GAMES
from tests.bot.helpers import GUILD, chips_everywhere, close_service, open_service

OLD = json.loads((Path(__file__).parent / "data" / "old_seed_states.json").read_text())
OLD_SCHEMA = 3  # migration 4 dropped tables.seed
GRANT = 1000


async def old_database(path: Path, games: list[str]) -> dict[str, int]:
    """A schema-3 database with one open table per game (channel 10, 11, …) mid-hand, wallets
    and the house balanced as that version left them. Returns each game's table id."""
    ids = {}
    async with aiosqlite.connect(str(path)) as conn:
        for number, script in enumerate(MIGRATIONS[:OLD_SCHEMA], start=1):
            await conn.executescript(f"BEGIN; {script}; PRAGMA user_version = {number}; COMMIT;")
        players: dict[int, int] = {}
        house = 0
        for channel, game in enumerate(games, start=10):
            saved = OLD[game]
            seats = saved["seats"]
            for seat in seats:
                players[seat["player"]] = players.get(seat["player"], GRANT) - seat["stack"]
            house += sum(seat["stack"] for seat in seats) - saved["chips"]  # what the house won
            cursor = await conn.execute(
                "INSERT INTO tables (guild_id, channel_id, game, options, host_id, status, lobby, start_seats, "
                "state, version, seed, extra, created_at) VALUES (?, ?, ?, ?, ?, 'active', '[]', ?, ?, 7, ?, ?, ?)",
                (GUILD, channel, game, json.dumps(saved["options"]), seats[0]["player"], json.dumps(seats),
                 json.dumps(saved["state"]), saved["table_seed"], json.dumps({"computers": 0}), 1_700_000_000.0))
            ids[game] = cursor.lastrowid
        for player, chips in players.items():
            await conn.execute("INSERT INTO wallets (guild_id, user_id, chips) VALUES (?, ?, ?)", (GUILD, player, chips))
            await conn.execute("INSERT INTO grants (guild_id, user_id, amount, kind, at) VALUES (?, ?, ?, 'start', 0)",
                               (GUILD, player, GRANT))
        await conn.execute("INSERT INTO house (guild_id, chips) VALUES (?, ?)", (GUILD, house))
        await conn.commit()
    return ids


def next_move(table, player: int) -> dict:
    """A bet where the game waits for one (the house games' betting window), a check or a call
    (so a poker hand goes on to its board), else the timer's move."""
    module = table.module
    legal = module.legal_actions(table.state, player)
    bets = [a for a in legal if a["type"] == "bet"]
    if bets:
        move = {k: v for k, v in bets[0].items() if k not in ("min", "max")}
        return {**move, "amount": bets[0].get("min", 10)}
    staying = [a for a in legal if a["type"] in ("check", "call")]
    return dict(staying[0]) if staying else module.default_action(table.state, player)


def cards_to_come(game: str) -> list[str]:
    """The cards the old version would have dealt next in the hand in play, top first."""
    state = OLD[game]["state"]
    return state["shoe"]["cards"] if game in legacy.HOUSE else state["hand"]["deck"]


@pytest.mark.parametrize("game", ["poker", "blackjack", "baccarat"])
async def test_an_old_table_mid_hand_plays_on_with_its_cards_then_deals_committed_seeds(sqlite_path, game):
    ids = await old_database(sqlite_path, [game])
    service, economy = await open_service(sqlite_path)
    table = service.table_by_id(ids[game])
    assert table is not None and table.active, "the old table loaded"
    module = table.module
    [in_play] = module.deals_in_play(table.state)
    assert fairness.is_old_scheme(in_play) and "not verifiable" in in_play.label
    total, granted = await chips_everywhere(service, economy)
    assert total == granted

    revealed, committed = [], []
    for _ in range(200):
        player = module.pending(table.state)[0]
        events = await service.act(table, player, next_move(table, player))
        revealed += [e.data for e in events if e.kind == "deal_revealed"]
        committed += [e.data for e in events if e.kind == "deal_committed"]
        if committed:
            break
    assert committed, "a fresh deal started"
    [old_deal] = [d for d in revealed if d["commitment"] == in_play.commitment]
    if OLD[game]["state"].get("phase") == "betting":  # saved between two coups: no card is due from it
        assert old_deal["cards"] == [], "the next coup is dealt from a fresh shoe"
    else:
        assert old_deal["cards"], "the hand in play dealt on after the upgrade"
    assert old_deal["cards"] == cards_to_come(game)[:len(old_deal["cards"])], \
        "the old hand's cards came exactly as the old version had them"
    assert await service.store.deal(in_play.commitment) is None, "the old deal is not put on record as verifiable"

    [fresh] = module.deals_in_play(table.state)
    assert not fairness.is_old_scheme(fresh) and "not verifiable" not in fresh.label
    assert committed[-1]["commitment"] == fresh.commitment
    on_record = await service.store.deal(fresh.commitment)
    assert on_record is not None and on_record["seed"] is None, "committed, its seed still secret"
    assert fresh.seed not in json.dumps(OLD[game]["state"]) and str(OLD[game]["table_seed"]) not in fresh.seed
    total, granted = await chips_everywhere(service, economy)
    assert total == granted, "chips conserved across the upgrade"
    await close_service(service)

    service, economy = await open_service(sqlite_path)  # stored in today's format from the first move
    assert not legacy.is_old(game, json.loads(unpacked_state((await service.store.table_row(ids[game]))["state"])))
    await close_service(service)


async def test_every_game_of_the_old_version_loads_and_ends_with_every_chip(sqlite_path):
    games = sorted(OLD)
    ids = await old_database(sqlite_path, games)
    service, economy = await open_service(sqlite_path)
    assert sorted(t.game for t in service.by_id.values()) == games, "no old table set aside"
    for game in games:
        table = service.table_by_id(ids[game])
        state = table.state
        old = OLD[game]["state"]
        records = old[legacy.RECORDS[game]]
        assert [r["hand"] for r in getattr(state, legacy.RECORDS[game])] == [r["hand"] for r in records]
        assert all("not verifiable" in r["deals"][0]["label"] for r in getattr(state, legacy.RECORDS[game]))
        assert [fairness.is_old_scheme(d) for d in table.module.deals_in_play(state)] == [True]
        if game == "poker":
            assert codes(state.hand.deck) == old["hand"]["deck"] and state.hand.deal.seed == f"{old['seed']}:{old['hand']['number']}"
    for game in games:
        await service.end(service.table_by_id(ids[game]), OLD[game]["seats"][0]["player"], may_manage=True)
    total, granted = await chips_everywhere(service, economy)
    assert total == granted
    await close_service(service)


def test_a_state_of_today_is_left_as_it_is():
    for game, module in GAMES.items():
        if game in OLD:
            today = module.to_dict(module.from_dict(legacy.upgrade(game, OLD[game]["state"])))
            assert not legacy.is_old(game, today) and legacy.upgrade(game, today) is today
