"""Ending a table mid-round settles the round whose cards are out (issue 10, item 3): no free way
out of a losing hand. Refunds stay for bets no card was dealt to."""

from __future__ import annotations

import asyncio
import json

import pytest

from bot.store import unpacked_state
from bot.tables import build_options
from games import blackjack
from games.base import Event, IllegalAction
from tests.bot.helpers import GUILD, chips_everywhere, close_service, open_service, open_table
from tests.bot.test_service import COMMIT_FAILURES, commits_fail, replay, stored_seeds
from tests.seeds import predict

ALICE, BOB, CAROL = 101, 102, 103


def record_events(service) -> list[Event]:
    seen: list[Event] = []

    async def listener(table, events, origin) -> None:
        seen.extend(events)

    service.listeners.append(listener)
    return seen


def nets(events: list[Event], player: int) -> int:
    """What `player` won or lost in the rounds settled among `events`."""
    return sum(r["net"] for e in events if e.kind == "settled"
               for r in e.data.get("results", []) if r.get("player") == player)


async def test_ending_blackjack_whenever_the_dealer_looks_strong_no_longer_pays(db_path):
    """The attack of the issue: a host alone at blackjack bets, looks at the dealer's up card and
    ends the table when it is strong, else plays on (stands). Every ended round must cost what
    its settlement says, so the wallet follows the settlements exactly — never the refunds."""
    service, economy = await open_service(db_path)
    predict(2026)
    seen = record_events(service)
    ended_rounds = ended_net = 0
    for _ in range(120):
        before = await economy.wallet(GUILD, ALICE)
        seen.clear()
        table = await open_table(service, "blackjack", [ALICE], min_bet=10, max_bet=50)
        await service.act(table, ALICE, {"type": "bet", "amount": 20})
        if table.state.phase == "playing" and blackjack.card_value(table.state.dealer[0]) >= 9:
            version = table.version
            await service.end(table, ALICE, may_manage=False)
            ended_rounds += 1
            ended_net += nets(seen, ALICE)
            log = await service.store.action_log(table.id)
            assert [entry[1:] for entry in log[version:]] == [(ALICE, {"type": "stand"})], \
                "the round is finished by the timer's default move, logged like any other"
        else:
            while table.state.phase == "playing":
                await service.act(table, ALICE, {"type": "stand"})
            await service.end(table, ALICE, may_manage=False)
        settled = [e for e in seen if e.kind == "settled"]
        assert len(settled) == 1, "each round, ended or not, is settled once"
        assert await economy.wallet(GUILD, ALICE) - before == nets(seen, ALICE)
        total, granted = await chips_everywhere(service, economy)
        assert total == granted
    assert ended_rounds >= 20
    assert ended_net != 0, "refunding the ended rounds would have made them cost nothing"
    wallets, house, _ = await economy.ledger(GUILD)
    assert house == 1000 - wallets, "what the attacker lost the house won, and the reverse"
    await close_service(service)


async def test_a_bet_made_before_the_deal_is_still_refunded(db_path):
    service, economy = await open_service(db_path)
    table = await open_table(service, "blackjack", [ALICE, BOB])
    await service.act(table, ALICE, {"type": "bet", "amount": 50})  # Bob has not bet: no card is out
    assert table.module.round_to_settle(table.state) is None
    version = table.version
    assert await service.end(table, BOB, may_manage=True) == {ALICE: 200, BOB: 200}
    assert len(await service.store.action_log(table.id)) == version, "nothing is played"
    assert await economy.wallet(GUILD, ALICE) == 1000
    await close_service(service)


async def test_baccarat_bets_in_the_window_go_back(db_path):
    service, economy = await open_service(db_path)
    table = await open_table(service, "baccarat", [ALICE, BOB])
    await service.act(table, ALICE, {"type": "bet", "on": "banker", "amount": 40})
    assert await service.end(table, ALICE, may_manage=False) == {ALICE: 200, BOB: 200}
    assert await economy.wallet(GUILD, ALICE) == await economy.wallet(GUILD, BOB) == 1000
    await close_service(service)


async def test_ending_blackjack_after_the_deal_settles_every_seat(db_path):
    service, economy = await open_service(db_path)
    seen = record_events(service)
    table = await open_table(service, "blackjack", [ALICE, BOB, CAROL])
    for player in (ALICE, BOB, CAROL):
        await service.act(table, player, {"type": "bet", "amount": 30})
    assert table.state.phase == "playing"
    hands = {s.player: len(s.hands[0].cards) for s in table.state.seats}
    refunds = await service.end(table, CAROL, may_manage=True)
    settled = next(e for e in seen if e.kind == "settled")
    assert {r["player"] for r in settled.data["results"]} == {ALICE, BOB, CAROL}
    for player in (ALICE, BOB, CAROL):
        assert refunds[player] == 200 + nets(seen, player)
        assert await economy.wallet(GUILD, player) == 1000 + nets(seen, player)
    assert all(len(h["cards"]) == hands[h["player"]] for h in [
        {"player": s["player"], "cards": s["hands"][0]["cards"]} for s in table.state.history[-1]["seats"]]), \
        "standing draws no card"
    await close_service(service)


async def test_ending_poker_mid_hand_plays_the_hand_out_by_check_or_fold(db_path):
    service, economy = await open_service(db_path)
    seen = record_events(service)
    table = await open_table(service, "poker", [ALICE, BOB, CAROL])
    hand = table.state.hand_no
    first = table.module.pending(table.state)[0]
    await service.act(table, first, {"type": "call"})
    version = table.version
    refunds = await service.end(table, ALICE, may_manage=False)
    log = await service.store.action_log(table.id)
    assert len(log) > version and all(a["type"] in ("check", "fold") for _, _, a in log[version:])
    settled = [e for e in seen if e.kind == "settled"]
    assert [e.data["round"] for e in settled] == [hand], "the hand in play is settled, no other"
    assert any(nets(seen, p) for p in (ALICE, BOB, CAROL)), "the blinds are won or lost, not refunded"
    for player in (ALICE, BOB, CAROL):
        assert refunds[player] == 200 + nets(seen, player)
        assert await economy.wallet(GUILD, player) == 1000 + nets(seen, player)
    await close_service(service)


async def test_ending_loc_mid_hand_plays_the_five_plays_out(db_path):
    service, economy = await open_service(db_path)
    seen = record_events(service)
    table = await open_table(service, "loc", [ALICE, BOB, CAROL], bet=10)
    assert table.module.round_to_settle(table.state) == 1
    await service.act(table, ALICE, {"type": "discard", "card": table.module.default_action(table.state, ALICE)["card"]})
    refunds = await service.end(table, BOB, may_manage=True)
    settled = [e for e in seen if e.kind == "settled"]
    assert [e.data["round"] for e in settled] == [1], "hand 1 is played to its end, and no other"
    reveals = [e for e in seen if e.kind == "revealed"]
    assert len(reveals) == 5
    for player in (ALICE, BOB, CAROL):
        assert await economy.wallet(GUILD, player) == 800 + refunds[player]
    assert sum(refunds.values()) == 600
    await close_service(service)


async def test_ending_a_chipless_game_stops_it_where_it_is(db_path):
    service, _ = await open_service(db_path)
    options = build_options("tarot", {"players": 3, "bots": 2, "timer": 0})
    table = await service.create(GUILD, 10, "tarot", options, ALICE, None)
    await service.start(table, ALICE)
    version = table.version
    assert await service.end(table, ALICE, may_manage=False) == {}
    assert len(await service.store.action_log(table.id)) == version
    await close_service(service)


@pytest.mark.parametrize("game, players", [("blackjack", [ALICE, BOB]), ("poker", [ALICE, BOB]),
                                           ("loc", [ALICE, BOB, CAROL])])
async def test_the_played_out_moves_replay_to_the_stored_state(db_path, game, players):
    service, _ = await open_service(db_path)
    table = await open_table(service, game, players)
    if game == "blackjack":
        for player in players:
            await service.act(table, player, {"type": "bet", "amount": 10})
    await service.end(table, ALICE, may_manage=True)
    row = await service.store.table_row(table.id)
    assert row["status"] == "ended" and row["version"] == table.version > 0
    seeds = await stored_seeds(service.store, table.module, row)
    replayed = replay(table.module, row, await service.store.action_log(table.id), seeds)
    assert table.module.to_dict(replayed) == json.loads(unpacked_state(row["state"]))
    await close_service(service)


async def test_an_end_whose_commit_fails_leaves_the_round_as_it_was(db_path):
    service, economy = await open_service(db_path)
    table = await open_table(service, "blackjack", [ALICE])
    await service.act(table, ALICE, {"type": "bet", "amount": 10})
    while table.state.phase != "playing":
        await service.act(table, ALICE, {"type": "bet", "amount": 10})
    before = (table.state_json(), table.version, await economy.ledger(GUILD))
    with commits_fail(service), pytest.raises(COMMIT_FAILURES):
        await service.end(table, ALICE, may_manage=False)
    assert table.active and service.table_in(10) is table
    assert (table.state_json(), table.version, await economy.ledger(GUILD)) == before
    await service.end(table, ALICE, may_manage=False)
    assert table.status == "ended"
    await close_service(service)


async def test_simultaneous_creates_respect_the_server_limit(db_path):
    """14 creates at once in 14 channels of one server: the limit (10) holds, the others are
    refused with the reason, and no chip moves for them."""
    service, economy = await open_service(db_path)
    limit = service.config.max_tables_per_guild
    options = build_options("baccarat", {})
    results = await asyncio.gather(*(service.create(GUILD, 100 + n, "baccarat", options, 500 + n, 50)
                                     for n in range(limit + 4)), return_exceptions=True)
    opened = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(opened) == limit and len(refused) == 4
    assert all(isinstance(r, IllegalAction) and "the most it may have" in r.reason for r in refused)
    rows = await service.store.fetchall("SELECT COUNT(*) FROM tables WHERE status != 'ended'")
    assert rows[0][0] == limit
    total, granted = await chips_everywhere(service, economy)
    assert total == granted
    await close_service(service)


async def test_simultaneous_creates_in_one_channel_open_one_table(db_path):
    service, _ = await open_service(db_path)
    options = build_options("blackjack", {})
    results = await asyncio.gather(*(service.create(GUILD, 10, "blackjack", options, player, 100)
                                     for player in (ALICE, BOB, CAROL)), return_exceptions=True)
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(refused) == 2
    assert all(isinstance(r, IllegalAction) and "already has a table" in r.reason for r in refused)
    await close_service(service)


async def test_the_store_refuses_a_table_another_process_opened(db_path):
    """Two services on one database (two processes): the checks run again in the write."""
    first, _ = await open_service(db_path)
    second, economy = await open_service(db_path)
    await first.create(GUILD, 10, "blackjack", build_options("blackjack", {}), ALICE, 100)
    with pytest.raises(IllegalAction, match="already has a table"):
        await second.create(GUILD, 10, "poker", build_options("poker", {}), BOB, 100)
    assert await economy.wallet(GUILD, BOB) in (None, 1000)
    await close_service(second)
    await close_service(first)
