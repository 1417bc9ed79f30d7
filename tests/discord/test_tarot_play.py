"""French Tarot played through SimCord with the real bot: one member against computer players
through DM menus, buttons and commands; five players with a called king; a restart in the
middle of a trick; refusals of bad moves."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord
import pytest

from bot import create_bot
from cogs import presenter
from cogs.common import names_for
from games import french_tarot as ft
from games.base import SeatSpec
from games.cards import card
from games.french_tarot import ai as tarot_ai
from tests.discord.helpers import buttons, make_world, open_table, private_text, refused, table_message
from tests.seeds import predict, predicted

HUMAN = 10**17  # a stand-in id for the simulation: the deal does not depend on ids


# --- the same game without Discord, to pick seeds and to compare -----------------------------


def simulate(players: int, seed: int, humans: int = 1, stop: Callable[[ft.State], bool] | None = None,
             bids: dict[int, str] | None = None) -> ft.State:
    """The first deal played by the computer policy for every seat (the people at the Discord
    table play it too), with `bids` forcing some seats' first bids."""
    seats = [SeatSpec(HUMAN + i) for i in range(humans)] + [SeatSpec(-n) for n in range(1, players - humans + 1)]
    predict(seed)
    state = ft.new(ft.Options(players=players, bots=players - humans, hands=1, timer=0), seats)
    while not ft.is_over(state) and not (stop and stop(state)):
        player = ft.pending(state)[0]
        ft.apply(state, player, policy(state, player, bids or {}))
    return state


def policy(state: ft.State, player: int, bids: dict[int, str]) -> dict[str, Any]:
    seat = state.players.index(player)
    if state.phase == "bidding" and seat in bids:
        return {"type": "bid", "contract": bids[seat] if bids[seat] in ft.legal_bids(state) else "pass"}
    return tarot_ai.choose(state, player, announce=player < 0)


def first_seed(condition: Callable[[int], bool]) -> int:
    return next(seed for seed in range(1, 3000) if condition(seed))


# --- playing at the Discord table --------------------------------------------------------------


def latest_dm(member: Any) -> discord.Message:
    for message in reversed(member.user.dm_channel.history()):
        if message.components:
            return message
    raise AssertionError("no DM with controls")


def select_id(message: discord.Message, code: str) -> str:
    for row in message.components:
        for item in getattr(row, "children", []):
            custom_id = getattr(item, "custom_id", "") or ""
            if custom_id.startswith("ts:") and custom_id.endswith(f":{code}"):
                return custom_id
    raise AssertionError(f"no {code} menu in the DM")


async def human_move(world: Any, member: Any, bids: dict[int, str], via_command: bool = False) -> None:
    """The member makes the policy's move: from the DM (buttons, menus) or by slash command."""
    table = world.table()
    state = table.state
    action = policy(state, member.id, bids)
    kind = action["type"]
    if via_command:
        await _by_command(world, member, action)
        return
    dm = latest_dm(member)
    if kind == "bid":
        label = "Pass" if action["contract"] == "pass" else ft.CONTRACT_NAMES[action["contract"]]
        await member.user.click(dm, label=label)
    elif kind == "call":
        await member.user.click(dm, label=f"Call {ft.tarot_name(card(action['card']))}")
    elif kind == "discard":
        await member.user.select(dm, action["cards"], custom_id=select_id(dm, "discard"))
    elif kind == "no_chelem":
        await member.user.click(dm, label="Play on")
    else:
        await member.user.select(dm, [action["card"]], custom_id=select_id(dm, "play"))


async def _by_command(world: Any, member: Any, action: dict[str, Any]) -> None:
    kind = action["type"]
    if kind == "bid":
        result = await member.slash(world.channel, "tarot bid", contract=action["contract"])
    elif kind == "call":
        result = await member.slash(world.channel, "tarot call", king=action["card"])
    elif kind == "discard":
        result = await member.slash(world.channel, "tarot discard", cards=" ".join(action["cards"]))
    elif kind == "no_chelem":
        result = await member.click(table_message(world), label="Play on")
        return
    else:
        result = await member.slash(world.channel, "tarot play", card=action["card"])
    assert result.ephemeral


async def play_out(world: Any, bids: dict[int, str], command_every: int = 0) -> int:
    """Every human move until the game is over; returns how many moves people made."""
    table = world.table()
    moves = 0
    while not ft.is_over(table.state):
        pending = ft.pending(table.state)
        member = next(m for m in world.members if m.id == pending[0])
        await human_move(world, member, bids, via_command=bool(command_every) and moves % command_every == 1)
        moves += 1
    return moves


def same_game(state: ft.State, expected: ft.State, ids: dict[int, int]) -> None:
    """The Discord game ended as the simulation did (ids mapped)."""
    assert state.history[-1]["scores"] == expected.history[-1]["scores"]
    assert [ids.get(p, p) for p in expected.players] == state.players
    assert state.totals == expected.totals
    assert state.last_hand and expected.last_hand
    assert state.last_hand["sheet"]["points"] == expected.last_hand["sheet"]["points"]


# --- the tests -----------------------------------------------------------------------------------


async def test_one_member_plays_a_whole_hand_against_three_computers(simcord_env, db_path):
    seed = first_seed(lambda s: simulate(4, s).history[-1]["contract"] is not None)
    expected = simulate(4, seed)
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    world.bot.tables.computer_pause = 0
    table = await open_table(world, "tarot", seed=seed, players=4, bots=3, hands=1, timer=0)
    moves = await play_out(world, {}, command_every=3)

    assert moves >= 18
    same_game(table.state, expected, {HUMAN: alice.id})
    dms = alice.user.dm_channel.history()
    assert sum(1 for m in dms if m.attachments) >= moves // 2, "her hand came by DM, as an image"
    assert "game is over" in dms[-1].content and not any(m.components for m in dms), "no DM keeps live controls"
    sheet = [m for m in world.channel.history() if m.embeds and "Running totals" in (m.embeds[0].description or "")]
    assert sheet and sheet[-1].attachments, "the score sheet is on the table message, image and text"
    board = (await alice.slash(world.channel, "leaderboard", game="tarot")).response.embeds[0].description
    assert alice.mention in board and f"{table.state.totals[0]:+}" in board

    assert table.status == "ended", "the game played to its end closes the table"
    assert not table_message(world, table).components
    await simcord_env.restart_bot(create_bot(db_path=db_path, shard_count=1))
    assert world.bot.tables.table_in(world.channel.id) is None, "a finished table stays closed after a restart"
    shown = await alice.slash(world.channel, "history")
    assert shown.ephemeral and shown.response.embeds[0].title == "French Tarot — your last hands"
    field = shown.response.embeds[0].fields[0]
    assert field.name == "Hand 1" and "Trick 18:" in field.value and f"seed `{predicted(seed, 1)}`" in field.value
    assert f"{table.state.totals[0]:+} points" in field.value
    reopened = await alice.slash(world.channel, "tarot create", players=3, bots=2)
    assert "open" in reopened.response.content, "the channel is free for a new game"


async def test_a_five_player_hand_with_a_called_king(simcord_env):
    def taker_calls_a_partner(seed: int) -> bool:
        state = simulate(5, seed, stop=lambda s: s.phase == "chelem")
        return state.taker == 0 and state.partner is not None

    seed = first_seed(taker_calls_a_partner)
    expected = simulate(5, seed)
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    world.bot.tables.computer_pause = 0
    table = await open_table(world, "tarot", seed=seed, players=5, bots=4, hands=1, timer=0)
    while table.state.phase != "calling":
        await human_move(world, alice, {})
    dm = latest_dm(alice)
    assert all(b.startswith("Call King of") for b in (i.label for row in dm.components for i in row.children))
    public = table_message(world)
    assert not any(label.startswith("Call") for label in buttons(public)), "the callable courts tell the holding"
    assert "is calling a king" in public.embeds[0].description
    await human_move(world, alice, {})
    called, partner = table.state.called, table.state.partner
    assert called is not None and called.rank == ft.KING and partner is not None
    assert f"called {called.code}" in table_message(world).embeds[0].description
    partner_id = table.state.players[partner]
    assert ft.view(table.state, None)["partner"] is None, "the partner stays secret"
    while not table.state.partner_known:
        await human_move(world, alice, {})
    assert f"Partner: Computer {-partner_id}" in table_message(world).embeds[0].description
    await play_out(world, {})
    same_game(table.state, expected, {HUMAN: alice.id})
    scores = table.state.history[-1]["scores"]
    assert scores[0] == 2 * scores[partner] and sum(scores) == 0


@pytest.mark.parametrize("busy", [False, True])
@pytest.mark.both_backends
async def test_a_restart_in_the_middle_of_a_trick_and_the_hand_finishes(simcord_env, db_path, monkeypatch, busy):
    """`busy`: drawing the table gives way to the computer players (as on a loaded machine), so
    they move before the player's own move is shown; her next turn must still reach her by DM
    although the restarted bot has never seen her."""
    if busy:
        monkeypatch.setattr(presenter, "render", yielding(presenter.render))
    seed = first_seed(lambda s: simulate(4, s).history[-1]["contract"] is not None)
    expected = simulate(4, seed)
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    world.bot.tables.computer_pause = 0
    table = await open_table(world, "tarot", seed=seed, players=4, bots=3, hands=1, timer=0)
    while not (table.state.phase == "playing" and table.state.trick and ft.pending(table.state) == [alice.id]
               and len(table.state.tricks) >= 3):
        await human_move(world, alice, {})
    before_restart = latest_dm(alice)
    action = policy(table.state, alice.id, {})
    version, on_table = table.version, list(table.state.trick)

    await simcord_env.restart_bot(create_bot(db_path=db_path, shard_count=1))
    world.bot.tables.computer_pause = 0

    table = world.table()
    assert table.version == version and table.state.trick == on_table
    assert world.bot.get_user(alice.id) is None, "the restarted bot's cache does not know her"
    assert names_for(world.bot, table)[alice.id] == "alice", "the table still names her"
    result = await alice.user.select(before_restart, [action["card"]], custom_id=select_id(before_restart, "play"))
    assert not result.ephemeral or "earlier turn" not in private_text(result)
    assert table.version > version
    await play_out(world, {})
    same_game(table.state, expected, {HUMAN: alice.id})


async def test_the_last_card_played_from_the_dm_leaves_no_live_controls(simcord_env):
    def alice_plays_last(seed: int) -> bool:
        state = simulate(4, seed)
        return state.history[-1]["contract"] is not None and state.records[-1]["tricks"][-1][0] == 1

    seed = first_seed(alice_plays_last)
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    world.bot.tables.computer_pause = 0
    table = await open_table(world, "tarot", seed=seed, players=4, bots=3, hands=1, timer=0)
    await play_out(world, {})
    assert table.status == "ended"
    last = alice.user.dm_channel.history()[-1]
    assert "The game is over" in last.content and not last.components
    assert not any(m.components for m in alice.user.dm_channel.history()), "no live controls after the end"


def yielding(render: Callable[..., Awaitable[bytes]]) -> Callable[..., Awaitable[bytes]]:
    async def render_after_others(*args: Any, **kwargs: Any) -> bytes:
        await asyncio.sleep(0)
        return await render(*args, **kwargs)

    return render_after_others


def refusal_seed(seed: int) -> bool:
    state = simulate(4, seed, humans=2, bids={0: "garde", 1: "pass"}, stop=lambda s: s.phase == "discarding")
    if state.taker != 0 or state.contract != "garde":
        return False
    hand = state.hands[0]
    return any(ft.is_king(c) for c in hand) and any(c.is_oudler for c in hand)


async def test_bad_moves_are_refused_privately_and_change_nothing(simcord_env):
    world = make_world(simcord_env, names=("alice", "bob"))
    alice, bob = world.members
    bids = {0: "garde", 1: "pass"}
    world.bot.tables.computer_pause = 0
    table = await open_table(world, "tarot", seed=first_seed(refusal_seed), players=4, bots=2, hands=1, timer=0)

    await refused(world, bob.slash(world.channel, "tarot bid", contract="prise"), "not your turn")
    await human_move(world, alice, bids, via_command=True)  # garde
    await refused(world, bob.slash(world.channel, "tarot bid", contract="prise"), "higher than the last", "Garde")
    offered = set(buttons(table_message(world)))
    assert offered == {"Pass", "Garde sans le chien", "Garde contre le chien"}, "only the legal bids are buttons"
    while table.state.phase == "bidding":
        await human_move(world, bob, bids)
    assert table.state.phase == "discarding" and table.state.taker == 0

    hand = table.state.hands[0]
    king = next(c for c in hand if ft.is_king(c)).code
    oudler = next(c for c in hand if c.is_oudler).code
    plain = [c.code for c in hand if c.suit is not None and not ft.is_king(c)][:5]
    await refused(world, alice.slash(world.channel, "tarot discard", cards=" ".join([king, *plain])),
                  "may not discard a king")
    await refused(world, alice.slash(world.channel, "tarot discard", cards=" ".join([oudler, *plain])),
                  "may not discard an oudler")
    await refused(world, alice.slash(world.channel, "tarot discard", cards=" ".join(plain)), "exactly 6 cards")
    await refused(world, bob.slash(world.channel, "tarot play", card=bob_card(table)), "can't play now", "discard")
    await human_move(world, alice, bids)  # the discard, from the DM menu
    await human_move(world, alice, bids)  # no chelem

    await refused(world, bob.slash(world.channel, "tarot play", card=bob_card(table)), "not your turn", alice.mention)
    await refused(world, alice.slash(world.channel, "tarot play", card=bob_card(table)), "not in your hand")
    await refused(world, alice.slash(world.channel, "tarot play", card="the moon queen"), "can't read")
    checked = False
    while not ft.is_over(table.state):
        pending = ft.pending(table.state)[0]
        if pending == bob.id and not checked:
            checked = await try_a_forbidden_card(world, bob)
        member = alice if pending == alice.id else bob
        await human_move(world, member, bids)
    assert checked, "bob was never offered a forbidden card"


def bob_card(table: Any) -> str:
    return table.state.hands[1][0].code


async def try_a_forbidden_card(world: Any, member: Any) -> bool:
    """Plays a card the rules forbid now, if the member holds one; the refusal names the rule."""
    state = world.table().state
    seat = state.players.index(member.id)
    context = ft.play_context(state, seat)
    for c in state.hands[seat]:
        rule = ft.refusal(context, c)
        if rule is not None:
            words = {"follow": "must follow", "trump": "must trump", "overtrump": "must overtrump",
                     "keep_excuse": "chelem", "called_suit": "called king"}[rule[0]]
            await refused(world, member.slash(world.channel, "tarot play", card=c.code), words)
            return True
    return False


async def test_an_idle_player_gets_the_computers_move_when_time_runs_out(simcord_env):
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    world.bot.tables.computer_pause = 0
    table = await open_table(world, "tarot", seed=11, players=4, bots=3, hands=1, timer=30)  # someone takes: the hand is played
    assert ft.pending(table.state) == [alice.id] and table.state.phase == "bidding"
    assert "time runs out" in table_message(world).embeds[0].description
    await simcord_env.advance_time(31)
    log = await world.bot.store.action_log(table.id)
    assert log[0][1:] == (alice.id, {"type": "bid", "contract": "pass"})
    for _ in range(40):  # the computers' bids and cards, until alice's turn comes again
        if ft.pending(table.state) == [alice.id]:
            break
        await simcord_env.advance_time(31)
    assert ft.pending(table.state) == [alice.id], (table.state.phase, ft.pending(table.state))
    expected = ft.default_action(table.state, alice.id)
    before = len(await world.bot.store.action_log(table.id))
    await simcord_env.advance_time(31)
    made = [(p, a) for _, p, a in (await world.bot.store.action_log(table.id))[before:]]
    assert made[0] == (alice.id, expected), made[:2]
    assert made[1] == (alice.id, {"type": "sitout"}), "her second timeout in a row: a computer plays her seat"


async def test_a_player_who_leaves_hands_the_seat_to_a_computer_and_the_game_goes_on(simcord_env):
    world = make_world(simcord_env, names=("alice", "bob"))
    alice, bob = world.members
    world.bot.tables.computer_pause = 0
    table = await open_table(world, "tarot", seed=9, players=4, bots=2, hands=1, timer=0)
    await human_move(world, alice, {})
    result = await bob.slash(world.channel, "table leave")
    assert result.ephemeral
    assert bob.id not in table.players() and -3 in table.players()
    await play_out(world, {})
    assert ft.is_over(table.state) and sum(table.state.totals) == 0


async def test_a_poignee_is_shown_from_the_dm_and_a_chelem_is_refused_to_a_defender(simcord_env):
    def alice_holds_a_poignee(seed: int) -> bool:
        state = simulate(4, seed, stop=lambda s: s.phase == "playing")
        return state.taker not in (0, None) and bool(ft.poignee_levels(state, 0))

    seed = first_seed(alice_holds_a_poignee)
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    world.bot.tables.computer_pause = 0
    table = await open_table(world, "tarot", seed=seed, players=4, bots=3, hands=1, timer=0)
    while table.state.phase != "playing" or ft.pending(table.state) != [alice.id]:
        await human_move(world, alice, {})
    result = await alice.slash(world.channel, "tarot announce", what="chelem")
    assert "only the taker" in private_text(result) or "after the discard" in private_text(result)
    await alice.user.click(latest_dm(alice), label="Show a simple poignée")
    assert table.state.poignees and table.state.poignees[0]["seat"] == 0
    assert f"Poignée simple of {alice.mention}" in table_message(world).embeds[0].description
    refusal = await alice.slash(world.channel, "tarot announce", what="poignee")
    assert "already" in private_text(refusal)
    await play_out(world, {})
    sheet = table.state.last_hand["sheet"]
    assert sheet["poignees"] == [{"player": alice.id, "level": "simple", "bonus": 20}]


async def test_the_play_autocomplete_offers_only_the_members_own_cards(simcord_env):
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    table = await open_table(world, "tarot", seed=3, players=4, bots=3, hands=1, timer=0)
    seat = table.state.players.index(alice.id)
    choices = await alice.autocomplete(world.channel, "tarot play", "card", "")
    assert choices and {c["value"] for c in choices} <= {c.face.code for c in table.state.hands[seat]}


async def test_no_card_text_shows_an_orientation(simcord_env):
    """Orientation means nothing in French Tarot: menus and autocompletes name the card without `r`."""
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    table = await open_table(world, "tarot", seed=3, players=4, bots=3, hands=1, timer=0)
    seat = table.state.players.index(alice.id)
    assert any(c.reversed for c in table.state.hands[seat]), "the seed deals her a reversed card"
    choices = await alice.autocomplete(world.channel, "tarot play", "card", "")
    shown = " ".join(f"{c['name']} {c['value']}" for c in choices)
    assert choices and not re.search(r"\b(?:10|[2-9AJNQKC])[SWCP]r\b|\b\d{1,2}r\b", shown), shown

