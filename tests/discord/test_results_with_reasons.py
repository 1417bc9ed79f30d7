"""Issue 11, results with their reasons, as members read them in the channel: net chips, and
the rule that decided a coup, a blackjack hand or a showdown."""

from __future__ import annotations

import re
from typing import Any

from games import baccarat, blackjack, loc, poker
from games.base import SeatSpec
from games.cards import cards
from tests.discord.helpers import latest_with_buttons, make_world, open_table, table_message
from tests.seeds import predict


def _description(message: Any) -> str:
    return message.embeds[0].description or ""


def _coup(seed: int) -> baccarat.State:
    predict(seed)
    state = baccarat.new(baccarat.Options(timer=0), [SeatSpec(1, 1000)])
    baccarat.apply(state, 1, {"type": "bet", "on": "banker", "amount": 100})
    return state


def _seed_where(check: Any, play: Any) -> int:
    return next(seed for seed in range(1, 5000) if check(play(seed).last_round))


async def test_a_baccarat_coup_shows_the_net_gain_and_why_the_banker_won(simcord_env):
    def banker_by_major(last: dict) -> bool:
        return last["winner"] == "banker" and last["reason"].startswith("Banker wins: it holds a major")

    seed = _seed_where(banker_by_major, _coup)
    world = make_world(simcord_env, names=("alice",))
    (alice,) = world.members
    await open_table(world, "baccarat", seed=seed, timer=0)
    first = table_message(world)
    await alice.slash(world.channel, "baccarat bet", on="banker", amount=100)
    text = _description(await_fresh(world, first.id))
    assert "Banker wins: it holds a major and the other hand does not" in text
    assert "100 on Banker → +95 chips" in text, text
    assert "+195" not in text


def await_fresh(world: Any, message_id: int) -> Any:
    return next(m for m in world.channel.history() if m.id == message_id)


async def test_a_baccarat_coup_decided_by_reversals_says_so(simcord_env):
    def by_reversals(last: dict) -> bool:
        same_majors = baccarat.has_major(cards(last["player_cards"])) == baccarat.has_major(cards(last["banker_cards"]))
        return last["player_count"] == last["banker_count"] and last["winner"] != "tie" and same_majors

    seed = _seed_where(by_reversals, _coup)
    world = make_world(simcord_env, names=("alice",))
    (alice,) = world.members
    table = await open_table(world, "baccarat", seed=seed, timer=0)
    first = table_message(world)
    await alice.slash(world.channel, "baccarat bet", on="banker", amount=100)
    text = _description(await_fresh(world, first.id))
    assert "more reversed cards" in text, text
    net = "+95 chips" if table.state.last_round["winner"] == "banker" else "-100 chips"
    assert f"100 on Banker → {net}" in text, text


def blackjack_round(seed: int) -> blackjack.State:
    """One predicted blackjack round: alice bets 20 and stands."""
    predict(seed)
    state = blackjack.new(blackjack.Options(timer=0), [SeatSpec(1, 1000)])
    blackjack.apply(state, 1, {"type": "bet", "amount": 20})
    if state.phase == "playing":
        blackjack.apply(state, 1, {"type": "stand"})
    return state


async def test_a_blackjack_result_says_when_a_major_decided_it(simcord_env):
    def by_major(last: dict) -> bool:
        return "holds a major" in (last["seats"][0]["hands"][0]["reason"] or "")

    seed = _seed_where(by_major, blackjack_round)
    expected = blackjack_round(seed).last_round["seats"][0]["hands"][0]["reason"]
    world = make_world(simcord_env, names=("alice",))
    (alice,) = world.members
    table = await open_table(world, "blackjack", seed=seed, timer=0)
    first = table_message(world)
    await alice.slash(world.channel, "blackjack bet", amount=20)
    if table.state.phase == "playing":
        await alice.slash(world.channel, "blackjack stand")
    text = _description(await_fresh(world, first.id))
    assert f"— {expected}" in text, text


async def test_a_poker_showdown_names_the_deciding_cards_in_the_channel(simcord_env):
    world = make_world(simcord_env)
    alice, bob = world.members
    table = await open_table(world, "poker", seed=5, timer=0)
    by_member = {m.id: m for m in world.members}
    first = table_message(world)
    while table.state.hand_no == 1:
        player = poker.pending(table.state)[0]
        legal = {a["type"] for a in poker.legal_actions(table.state, player)}
        await by_member[player].slash(world.channel, "poker check" if "check" in legal else "poker call")
    pot = table.state.last_round["pots"][0]
    assert pot["reason"], "a pot contested at the showdown says why it was won"
    text = _description(await_fresh(world, first.id))
    assert f"— {pot['reason']}" in text, text
    assert " beat" in pot["reason"] or pot["reason"].startswith("a tie")


async def test_loc_reveals_every_card_and_gives_its_few_players_advice_once_at_creation(simcord_env):
    world = make_world(simcord_env, names=("alice", "bob", "carol"))
    alice, bob, carol = world.members
    predict(8)
    created = await alice.slash(world.channel, "loc create", timer=0)
    advice = [m.content for m in [created.response, *created.followups] if m is not None]
    assert any("4 or more players" in text for text in advice), advice
    assert all("source" not in text for text in advice)
    lobby = latest_with_buttons(world.channel, "Join", "Start")
    for guest in (bob, carol):
        await guest.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    table = world.table()
    first = table_message(world)
    by_member = {m.id: m for m in world.members}
    while table.state.hand == 1 and not table.state.reveals:
        for player in loc.pending(table.state):
            await by_member[player].slash(world.channel, f"loc {table.state.phase}",
                                          card=loc.default_action(table.state, player)["card"])
    text = _description(await_fresh(world, first.id))
    reveal = table.state.reveals[0] if table.state.hand == 1 else table.state.last_round["reveals"][0]
    for shown in reveal["cards"]:
        code = shown["card"].removesuffix("r")
        assert re.search(rf"<@{shown['player']}>: {re.escape(code)}r?[ ,]", text), (shown, text)
    every_message = [_description(m) for m in world.channel.history() if m.embeds]
    assert not any("4 or more" in t or "fewer than" in t for t in every_message), "no advice on updates"
