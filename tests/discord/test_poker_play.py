"""Major Poker played through SimCord by three members: hold'em hands to showdown through
buttons, forms and commands, an all-in into a side pot, a bust, the wallets at the end; a
restart mid-hand; the turn timer; a manual-orientation player turning a card in DM; and the
refusals of bad input, each private and changing nothing."""

from __future__ import annotations

from typing import Any

import pytest

from bot import create_bot
from games import fairness, poker
from games.base import SeatSpec
from tests.discord.helpers import (
    buttons,
    latest_with_buttons,
    ledger_balances,
    make_world,
    private_text,
    refused,
    reread,
    stale_step_refused,
    steps_on,
    table_message,
    wallet,
)
from tests.seeds import predict, predicted

NAMES = ("alice", "bob", "carol")
HANDS = 3
SHORT_STACK = 200


def next_move(state: poker.State, players: list[int]) -> tuple[int, str, int | None]:
    """The members' policy, the same in the simulation and at the Discord table: check or call,
    except that in hand 2 carol (short) moves all-in before the flop and alice bets 100 on the
    flop, so a side pot builds between alice and bob."""
    alice, _, carol = players
    player = poker.pending(state)[0]
    legal = {a["type"] for a in poker.legal_actions(state, player)}
    hand = state.hand
    assert hand is not None
    if hand.number == 2 and player == carol and hand.street == "preflop" and "allin" in legal:
        return player, "allin", None
    if hand.number == 2 and player == alice and hand.street == "flop" and "bet" in legal:
        return player, "bet", 100
    return player, "check" if "check" in legal else "call", None


def simulate(players: list[int], seed: int) -> tuple[poker.State, bool]:
    """The hands with the rules alone: what the Discord table must end with."""
    stacks = [1000, 1000, SHORT_STACK]
    predict(seed)
    state = poker.new(poker.Options(timer=0), [SeatSpec(p, s) for p, s in zip(players, stacks, strict=True)])
    side_pot = False
    while state.hand_no <= HANDS:
        player, move, amount = next_move(state, players)
        events = poker.apply(state, player, {"type": move, **({"amount": amount} if amount else {})})
        side_pot = side_pot or any(e.kind == "settled" and len(e.data["pots"]) > 1 for e in events)
    return state, side_pot


def busts_carol(players: list[int], seed: int) -> bool:
    state, side_pot = simulate(players, seed)
    return side_pot and players[2] not in poker.players(state)


def button_label(message: Any, start: str) -> str:
    found = [label for label in buttons(message) if label.startswith(start)]
    assert len(found) == 1, (start, list(buttons(message)))
    return found[0]


async def play_move(world: Any, member: Any, move: str, amount: int | None, by_button: bool) -> None:
    if not by_button or move == "allin":
        options = {"amount": amount} if amount else {}
        result = await member.slash(world.channel, f"poker {move}", **options)
        said = {"check": "checks", "call": "calls", "bet": "bets", "raise": "raises to", "fold": "folds",
                "allin": "is all-in"}[move]
        assert result.ephemeral and said in private_text(result), private_text(result)
        return
    message = table_message(world)
    label = {"check": "Check", "call": "Call", "bet": "Bet"}[move]
    result = await member.click(message, label=button_label(message, label))
    if move == "bet":
        assert result.modal is not None
        await member.submit_modal(result, {"amount": str(amount)})


async def open_poker(world: Any, seed: int, short: bool = True, **options: Any) -> poker.State:
    alice, bob, carol = world.members
    predict(seed)
    result = await alice.slash(world.channel, "poker create", **options)
    assert result.response is not None and "open" in result.response.content
    lobby = latest_with_buttons(world.channel, "Join", "Start")
    await bob.click(lobby, label="Join")
    if short:
        await carol.slash(world.channel, "table join", buy_in=SHORT_STACK)
    else:
        await carol.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    table = world.table()
    assert table.active
    return table.state


@pytest.mark.both_backends
async def test_three_members_play_hands_to_showdown_with_a_side_pot_and_the_wallets_end_right(simcord_env):
    world = make_world(simcord_env, NAMES)
    alice, bob, carol = world.members
    players = [m.id for m in world.members]
    seed = next(s for s in range(1, 300) if busts_carol(players, s))
    expected, _ = simulate(players, seed)

    await open_poker(world, seed, timer=0)
    table = world.table()
    first = table_message(world)
    offered = buttons(first)
    assert offered["Check"].disabled and offered["Bet…"].disabled  # preflop, 10 to call
    assert not offered["Call"].disabled and not offered["Raise…"].disabled
    assert not offered["All-in"].disabled and not offered["Fold"].disabled
    dm = [m for m in alice.user.dm_channel.history() if m.attachments]
    assert dm and "Your cards" in dm[-1].content, "hole cards come by DM"

    by_member = {m.id: m for m in world.members}
    step = 0
    while table.state.hand_no <= HANDS:
        player, move, amount = next_move(table.state, players)
        await play_move(world, by_member[player], move, amount, by_button=player != bob.id or step % 2 == 0)
        step += 1

    assert poker.to_dict(table.state) == poker.to_dict(expected)
    closed = [m for m in world.channel.history() if m.embeds and "is over" in (m.embeds[0].description or "")]
    assert len(closed) >= HANDS, "each finished hand keeps its showdown picture and results"
    assert any("Side pot" in (m.embeds[0].description or "") for m in closed)
    described = " ".join(m.embeds[0].description or "" for m in closed)
    assert sum(described.count(f"— {name}") for name in poker.CATEGORIES) >= 2, "showdowns name each hand"
    assert all(m.attachments for m in closed), "with the showdown image"
    notices = [m for m in world.channel.history() if "out of chips" in m.content]
    assert len(notices) == 1 and carol.mention in notices[0].content
    final = refunds_after_playing_out(expected)
    ended = await alice.slash(world.channel, "table end")
    assert ended.ephemeral
    assert await wallet(world, alice) == final[alice.id]
    assert await wallet(world, bob) == final[bob.id]
    assert await wallet(world, carol) == 1000 - SHORT_STACK
    assert final[alice.id] + final[bob.id] == 2000 + SHORT_STACK
    await ledger_balances(world)


def refunds_after_playing_out(state) -> dict[int, int]:
    """What ending the table pays: the hand in play is finished by check-or-fold, then each
    stack goes back (the next hand, dealt within the end, is void)."""
    hand = poker.round_to_settle(state)
    while hand is not None and poker.round_to_settle(state) == hand:
        player = poker.pending(state)[0]
        poker.apply(state, player, poker.default_action(state, player))
    return poker.refunds(state)


@pytest.mark.both_backends
async def test_a_restart_mid_hand_and_the_hand_finishes_with_the_old_buttons(simcord_env, db_path):
    world = make_world(simcord_env, NAMES)
    alice, bob, carol = world.members
    await open_poker(world, seed=17, short=False, timer=0)
    await alice.click(table_message(world), label="Call")
    before = table_message(world)
    version = world.table().version

    await simcord_env.restart_bot(create_bot(db_path=db_path, shard_count=1))

    table = world.table()
    assert table.version == version and table.state.hand_no == 1
    await bob.click(before, label="Call")
    await carol.click(table_message(world), label="Check")
    by_member = {m.id: m for m in world.members}
    while table.state.hand_no == 1:
        player = poker.pending(table.state)[0]
        await by_member[player].click(table_message(world), label="Check")
    assert table.state.hand_no == 2 and table.state.last_round["phase"] == "showdown"
    await ledger_balances(world)


async def test_the_timer_folds_an_idle_player_checks_when_free_and_sits_out_after_two(simcord_env):
    world = make_world(simcord_env, NAMES)
    alice, bob, carol = world.members
    await open_poker(world, seed=5, short=False, timer=30)
    table = world.table()
    assert "time runs out" in (table_message(world).embeds[0].description or "")
    await simcord_env.advance_time(31)  # alice (the button) faces the big blind: folds
    log = await world.bot.store.action_log(table.id)
    assert log[-1][1:] == (alice.id, {"type": "fold"})
    assert table.state.hand.betting.find(alice.id).folded
    await bob.slash(world.channel, "poker call")
    await simcord_env.advance_time(31)  # carol (big blind) may check: the timer checks
    log = await world.bot.store.action_log(table.id)
    assert log[-1][1:] == (carol.id, {"type": "check"})
    by_member = {m.id: m for m in world.members}
    while table.state.hand_no == 1:  # bob and carol play the hand out
        player = poker.pending(table.state)[0]
        await by_member[player].slash(world.channel, "poker check")
    assert [b.player for b in table.state.hand.betting.bettors] == [carol.id, alice.id, bob.id]
    await bob.slash(world.channel, "poker call")
    await carol.slash(world.channel, "poker call")
    await simcord_env.advance_time(31)  # alice's second timeout: she checks and sits out
    log = await world.bot.store.action_log(table.id)
    assert [entry[1:] for entry in log[-2:]] == [(alice.id, {"type": "check"}), (alice.id, {"type": "sitout"})]
    seats = {s.player: s for s in table.state.seats}
    assert seats[alice.id].sitting_out
    assert poker.pending(table.state) == [carol.id]  # the flop: alice, away, is not waited for
    await carol.slash(world.channel, "poker check")
    assert poker.pending(table.state) == [bob.id]
    await ledger_balances(world)


async def test_a_manual_player_turns_a_hole_card_in_dm_and_shows_it_so(simcord_env):
    world = make_world(simcord_env, NAMES)
    alice, bob, carol = world.members
    await open_poker(world, seed=23, short=False, timer=0, orientation="manual")
    table = world.table()
    hole = table.state.hand.holes[table.state.hand.betting.bettors.index(table.state.hand.betting.find(alice.id))]
    dm = next(m for m in reversed(alice.user.dm_channel.history()) if m.components)
    turn = next(label for label in buttons(dm) if label.startswith("Turn "))
    clicked = await alice.user.click(dm, label=turn)
    assert clicked.acknowledged
    assert hole[0].reversed, "the first hole card is turned"
    turned = hole[0].code
    refreshed = alice.user.dm_channel.history()[-1]
    assert refreshed.attachments and "Turn" in " ".join(buttons(refreshed))
    by_member = {m.id: m for m in world.members}
    await call_until(world, lambda: poker.pending(table.state)[0] == carol.id)  # others bet, still preflop
    assert table.state.hand.street == "preflop"
    second = [label for label in buttons(refreshed) if label.startswith("Turn ")][1]
    kept = await alice.user.click(refreshed, label=second)
    assert not kept.ephemeral or "earlier turn" not in private_text(kept), "Turn buttons outlast others' bets"
    assert hole[1].reversed
    await carol.slash(world.channel, "poker check")
    assert table.state.hand.street == "flop"
    flop_dm = reread(alice.user.dm_channel, refreshed)
    assert "Board:" in flop_dm.content and steps_on(flop_dm) == {table.lasting_step()}, "the DM follows the flop"
    await stale_step_refused(world, alice, next(iter(steps_on(refreshed))), {"type": "turn", "card": 1})
    while table.state.hand_no == 1:
        player = poker.pending(table.state)[0]
        legal = {a["type"] for a in poker.legal_actions(table.state, player)}
        await by_member[player].slash(world.channel, "poker check" if "check" in legal else "poker call")
    shown = {s["player"]: s["cards"] for s in table.state.last_round["seats"]}
    assert shown[alice.id][0] == turned and shown[alice.id][1].endswith("r")
    assert all(not c.endswith("r") for p, cs in shown.items() if p != alice.id for c in cs)  # set as dealt
    await ledger_balances(world)


async def call_until(world: Any, done: Any) -> None:
    """Whoever is to act checks or calls (by command) until `done()`."""
    table, by_member = world.table(), {m.id: m for m in world.members}
    while not done():
        player = poker.pending(table.state)[0]
        legal = {a["type"] for a in poker.legal_actions(table.state, player)}
        await by_member[player].slash(world.channel, "poker check" if "check" in legal else "poker call")


async def test_bad_input_is_refused_privately_and_changes_nothing(simcord_env):
    world = make_world(simcord_env, NAMES)
    alice, bob, carol = world.members
    await open_poker(world, seed=31, short=False, timer=0)
    old_dm = next(m for m in reversed(alice.user.dm_channel.history()) if m.components)
    assert "Call 10" in buttons(old_dm), "the first to act gets the betting buttons in DM"
    channel = world.channel
    await refused(world, alice.slash(channel, "poker raise", to=15), "minimum raise is to 20")
    await refused(world, alice.slash(channel, "poker raise", to=5000), "you have 1000 chips")
    await refused(world, alice.slash(channel, "poker check"), "can't check", "10 to call")
    await refused(world, bob.slash(channel, "poker call"), "not your turn", alice.mention)
    shown = await alice.click(table_message(world), label="Raise…")
    assert shown.modal is not None
    await refused(world, alice.submit_modal(shown, {"amount": "12"}), "minimum raise is to 20")
    await alice.slash(channel, "poker call")
    await bob.slash(channel, "poker call")
    await carol.slash(channel, "poker check")
    assert world.table().state.hand.street == "flop"
    assert "Call 10" not in buttons(reread(alice.user.dm_channel, old_dm)), "her DM no longer offers the call she made"
    await stale_step_refused(world, alice, next(iter(steps_on(old_dm))), {"type": "call"})
    await bob.slash(channel, "poker bet", amount=50)
    await carol.slash(channel, "poker fold")
    await refused(world, carol.slash(channel, "poker call"), "you have folded")
    await refused(world, alice.slash(channel, "poker bet", amount=20), "already a bet of 50")
    await refused(world, alice.slash(channel, "poker turn", card="KC"), "orientation: best")
    await refused(world, alice.slash(channel, "poker discard", cards="2W"), "hold'em table")
    await refused(world, alice.slash(channel, "poker discard", cards="zz"), "hold'em table")  # the phase before the text
    await ledger_balances(world)


async def test_history_shows_the_players_last_hands_with_their_seed(simcord_env):
    world = make_world(simcord_env, NAMES)
    alice, bob, carol = world.members
    assert "No table has played in this channel" in private_text(await carol.slash(world.channel, "history"))
    await open_poker(world, seed=41, short=False, timer=0)
    await refused(world, carol.slash(world.channel, "history"), "not finished a hand")
    hand = world.table().state.hand
    seat = next(i for i, b in enumerate(hand.betting.bettors) if b.player == alice.id)
    hole = " ".join(c.code for c in hand.holes[seat])
    await alice.slash(world.channel, "poker fold")
    await bob.slash(world.channel, "poker fold")
    shown = await carol.slash(world.channel, "history")
    assert shown.ephemeral
    embed = shown.response.embeds[0]
    assert embed.title.startswith("Major Poker")
    assert embed.fields[0].name == "Hand 1"
    value = embed.fields[0].value
    assert f"hand 1: seed `{predicted(41, 1)}`" in value and fairness.commitment(predicted(41, 1)) in value
    assert "+5 chips" in value and f"{alice.mention} folds" in value
    assert hole not in value, "a folded hand stays hidden from the others"

    await alice.slash(world.channel, "table end")  # hand 2, dealt, is played out and settled first
    after = await alice.slash(world.channel, "history")
    fields = after.response.embeds[0].fields
    assert [f.name.split(" ·")[0] for f in fields] == ["Hand 2", "Hand 1"], "the ended table's hands stay readable"
    assert f"seed `{predicted(41, 2)}`" in fields[0].value, "the hand played out at the end is revealed too"
    assert f"seed `{predicted(41, 1)}`" in fields[1].value
    assert hole in fields[1].value, "alice sees her own cards"
    assert "(ended)" in after.response.embeds[0].footer.text


async def test_draw_players_discard_by_dm_menu_command_or_button(simcord_env):
    world = make_world(simcord_env, NAMES)
    alice, bob, carol = world.members
    await open_poker(world, seed=13, short=False, timer=0, format="draw")
    table = world.table()
    await alice.slash(world.channel, "poker call")
    await bob.slash(world.channel, "poker call")
    await carol.slash(world.channel, "poker check")
    assert table.state.hand.street == "draw" and poker.pending(table.state) == [bob.id]
    menu = next(m for m in reversed(bob.user.dm_channel.history()) if m.components)
    assert "Your draw" in menu.content
    hand = table.state.hand
    before = list(hand.holes[0])
    thrown = [before[0].code, before[3].code]
    await bob.user.select(menu, thrown)
    after = hand.holes[0]
    assert after[1:3] == before[1:3] and after[4] == before[4]
    assert {after[0].face, after[3].face}.isdisjoint({before[0].face, before[3].face})
    assert hand.drawn[0] == 2
    refreshed = bob.user.dm_channel.history()[-1]
    assert refreshed.attachments, "the DM shows the new cards"
    await refused(world, alice.slash(world.channel, "poker discard", cards="none"), "not your turn to draw")
    await carol.slash(world.channel, "poker discard", cards="none")
    await alice.click(table_message(world), label="Stand pat (draw none)")
    assert table.state.hand.street == "postdraw" and hand.drawn == [2, 0, 0]
    await ledger_balances(world)
