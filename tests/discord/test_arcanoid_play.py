"""Arcanoid through SimCord, the real bot: a member plays a whole game against two computer
players from the DM menus, a Fool steals inside a reaction window, a restart during a window
resumes it, a High Priestess look reaches only its player, an idle player's timer plays the
default, and bad input changes nothing."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from bot import create_bot
from bot.timers import RESTART_GRACE
from cogs.arcanoid_menus import encode
from games import arcanoid as arc
from games.cards import cards
from tests.discord.helpers import make_world, open_table, private_text, refused
from tests.discord.test_seat_names import reply_texts
from tests.games.arcanoid_helpers import seeded

SETTLE_SECONDS = 30  # the whole game's SimCord settle limit (see below)
LONG_WINDOW = SETTLE_SECONDS + 10  # its windows: longer than the limit, so the test's clock closes them


def latest_dm(member: Any) -> discord.Message:
    for message in reversed(member.user.dm_channel.history()):
        if message.components:
            return message
    raise AssertionError("no DM with controls")


def menu(message: discord.Message, code: str) -> Any | None:
    for row in message.components:
        for item in getattr(row, "children", []):
            if str(getattr(item, "custom_id", "")).endswith(f":{code}") and str(item.custom_id).startswith("ts:"):
                return item
    return None


async def choose(member: Any, code: str, values: list[str]) -> Any:
    """Choose in the menu `code` of the member's latest DM (it must offer these values)."""
    dm = latest_dm(member)
    found = menu(dm, code)
    assert found is not None, f"no menu {code} in {[c.custom_id for r in dm.components for c in r.children]}"
    return await member.user.select(dm, values, custom_id=found.custom_id)


def menu_offering(member: Any, value: str) -> str:
    """The code of the menu of the latest DM that offers `value`."""
    for row in latest_dm(member).components:
        for item in getattr(row, "children", []):
            if any(o.value == value for o in getattr(item, "options", None) or []):
                return str(item.custom_id).rsplit(":", 1)[1]
    raise AssertionError(f"no menu offers {value}")


async def commit_from_dm(member: Any, action: dict) -> Any:
    """A commitment made from the DM pages: the battlefield, then its cards (or another way)."""
    await choose(member, "go1", [f"f.{action['field']}"])
    if action["cards"] and "second" not in action:
        mode = "secret" if action.get("secret") else "chariot" if action.get("chariot") else "plain"
        return await choose(member, f"ck.{action['field']}.{mode}", action["cards"])
    return await choose(member, "mv1", [encode(action)])


async def dm_move(member: Any, table: Any) -> None:
    """The computer policy's move for the member, made from the DM controls: a commit through
    the battlefield's page, else the lowest card discarded, else an abdication."""
    wanted = arc.computer_action(table.state, member.id)
    dm = latest_dm(member)
    if wanted["type"] == "vote":
        await member.user.click(dm, label="Refill the deck" if wanted["refill"] else "Keep it empty")
        return
    if wanted["type"] == "commit":
        await commit_from_dm(member, wanted)
        return
    discard_menu = menu(dm, "discard")
    if discard_menu is not None:
        await member.user.select(dm, [discard_menu.options[0].value], custom_id=discard_menu.custom_id)
        return
    field = next(f for f in ("swords", "staves", "cups", "coins") if f not in table.state.seat(member.id).fields)
    await commit_from_dm(member, {"type": "commit", "field": field, "cards": []})


def arrange(table: Any, hands: dict[int, str]) -> None:
    """Set hands (the rest of the cards stay where they were, swapped in)."""
    state = table.state
    wanted = {p: cards(h) for p, h in hands.items()}
    faces = {c.face for hand in wanted.values() for c in hand}
    freed = [c for p in wanted for c in state.seat(p).hand if c.face not in faces]
    for place in [state.deck] + [s.hand for s in state.seats if s.player not in wanted]:
        for i, c in enumerate(place):
            if c.face in faces:
                place[i] = freed.pop()
    for player, hand in wanted.items():
        state.seat(player).hand = hand
    state.turn = state.seats.index(state.seat(min(hands, key=lambda p: list(hands).index(p))))
    settle(table)


def settle(table: Any) -> None:
    """The arranged state as the table's last committed one (what DM pages are drawn from)."""
    table.set_state(table.state, table.state_json())


# Each table move is drawn (the four battlefields) and DMs rendered: on a busy machine one clock
# step may take a while of real time, so SimCord waits longer for the bot to settle. It also waits,
# in real time, for the timers due within that limit: the windows last longer than it and the
# computers move at once, so the test's clock alone closes each window (no real-time waits).
@pytest.mark.simcord(settle_timeout=SETTLE_SECONDS)
async def test_one_member_plays_a_whole_game_against_two_computers(simcord_env, db_path, monkeypatch):
    seeded(monkeypatch)  # a known deal: how many moves alice makes depends on her cards
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    world.bot.tables.computer_pause = 0
    table = await open_table(world, "arcanoid", bots=2, rounds=1, timer=0, reaction_seconds=LONG_WINDOW)
    moves = windows = 0
    for _ in range(3000):
        if arc.is_over(table.state):
            break
        if table.state.phase == "window":
            await simcord_env.advance_time(LONG_WINDOW)  # the window closes by its time
            windows += 1
            continue
        if arc.pending(table.state)[0] < 0:
            await simcord_env.advance_time(1)
            continue
        await dm_move(alice, table)
        moves += 1
    assert arc.is_over(table.state) and table.status == "ended"
    assert moves >= 4 and windows >= 1
    dms = alice.user.dm_channel.history()
    assert any(m.attachments for m in dms), "her hand came by DM, as an image"  # (a DM move edits that DM)
    said = "\n".join(m.content for m in world.channel.history())
    assert "Round 1 is over" in said and "Arcanoid is over" in said and "Standings (battles won)" in said
    assert re.search(r"Standings \(battles won\): [^,:]+: \d+(, [^,:]+: \d+){2} —", said), "each seat's battles after its name"
    board = (await alice.slash(world.channel, "leaderboard", game="arcanoid")).response.embeds[0].description
    assert alice.mention in board, "the game and its battles are on the leaderboard"
    round_news = next(m for m in world.channel.history() if "Round 1 is over" in m.content)
    assert round_news.attachments, "the round ends with a picture of its four battles"


@pytest.mark.both_backends
async def test_a_fool_steals_inside_the_window_and_a_restart_resumes_a_window(simcord_env, db_path):
    world = make_world(simcord_env, names=("alice", "bob"))
    alice, bob = world.members
    table = await open_table(world, "arcanoid", timer=0, reaction_seconds=8)
    arrange(table, {alice.id: "9S 10S 2C 3C 4C 5C", bob.id: "0 2W 3W 4W 5W 6W"})
    result = await alice.slash(world.channel, "arcanoid commit", field="swords", cards="9S 10S")
    assert result.ephemeral
    assert table.state.phase == "window"
    dm = latest_dm(bob)
    assert "You may react to alice's commitment on swords (9S 10S)" in dm.content
    assert not any("You may react" in m.content for m in alice.user.dm_channel.history())

    await simcord_env.restart_bot(create_bot(db_path=db_path, shard_count=1))
    table = world.table()
    assert table.state.phase == "window", "the window survived the restart"
    assert table.deadline is not None
    await bob.user.click(latest_dm(bob), label="Play the Fool: steal it")
    assert "swords" in table.state.seat(bob.id).fields
    assert "swords" not in table.state.seat(alice.id).fields


@pytest.mark.both_backends
async def test_a_window_closes_by_its_time_after_a_restart(simcord_env, db_path):
    world = make_world(simcord_env, names=("alice", "bob"))
    alice, bob = world.members
    table = await open_table(world, "arcanoid", timer=0, reaction_seconds=8)
    arrange(table, {alice.id: "9S 10S 2C 3C 4C 5C", bob.id: "2S 2W 3W 4W 5W 6W"})
    await alice.slash(world.channel, "arcanoid commit", field="swords", cards="9S 10S")
    await simcord_env.restart_bot(create_bot(db_path=db_path, shard_count=1))
    table = world.table()
    assert table.state.phase == "window"
    await simcord_env.advance_time(4)
    assert table.state.phase == "window", "the restored window runs its whole time"
    await simcord_env.advance_time(5 + RESTART_GRACE)  # and the restart's grace
    assert table.state.phase == "play" and arc.pending(table.state) == [bob.id]


async def test_a_high_priestess_look_reaches_only_its_player(simcord_env):
    world = make_world(simcord_env, names=("alice", "bob", "carol"))
    alice, bob, carol = world.members
    table = await open_table(world, "arcanoid", timer=0)
    arrange(table, {alice.id: "2 2C 3C 4C 5C 6C", bob.id: "KS QS 9W 3W 4W 5W", carol.id: "2S 7W 8W 7C 8C 9C"})
    result = await alice.slash(world.channel, "arcanoid play", arcanum="2", target="bob")
    assert "only you" in private_text(result) or result.ephemeral
    looked = latest_dm(alice).content
    assert "KS" in looked and "QS" in looked
    for other in (bob, carol):
        assert not any("KS QS" in m.content for m in other.user.dm_channel.history())
    assert not any("KS" in m.content for m in world.channel.history())


async def test_an_idle_players_timer_plays_the_default(simcord_env):
    world = make_world(simcord_env, names=("alice", "bob"))
    alice, bob = world.members
    table = await open_table(world, "arcanoid", timer=30)
    arrange(table, {alice.id: "9S 2C KS 3 4C 5C", bob.id: "2S 2W 3W 4W 5W 6W"})
    await simcord_env.advance_time(31)
    assert any(c.face.code == "2C" for c in table.state.discard), "the lowest numeric card went"
    assert arc.pending(table.state) == [bob.id]


async def test_rules_name_the_variant_in_play(simcord_env):
    world = make_world(simcord_env, names=("alice", "bob"))
    await open_table(world, "arcanoid", timer=0, variant="KOBLENZ")
    shown = await world.members[0].slash(world.channel, "rules", game="arcanoid")
    text = shown.response.embeds[0].description
    assert shown.ephemeral and "reaction window" in text and "plays **KOBLENZ**" in text
    assert "its Fool and its Hermit" in text, "the daemon's master plays them out of turn"
    status = "\n".join(reply_texts(await world.members[0].slash(world.channel, "table status")))
    assert "rules variant KOBLENZ (`/rules arcanoid`)" in status, status


async def test_bad_input_changes_nothing(simcord_env):
    world = make_world(simcord_env, names=("alice", "bob"))
    alice, bob = world.members
    table = await open_table(world, "arcanoid", timer=0)
    arrange(table, {alice.id: "JS 2S 3S QS 2W 5C", bob.id: "2C 3C 4C 6C 7C 8C"})
    channel = world.channel
    await refused(world, alice.slash(channel, "arcanoid commit", field="swords", cards="2W"), "not swords")
    await refused(world, alice.slash(channel, "arcanoid commit", field="swords", cards="JS 2S 3S"), "no commitment")
    await refused(world, alice.slash(channel, "arcanoid commit", field="swords", cards="QS"), "no commitment")
    await refused(world, alice.slash(channel, "arcanoid play", arcanum="16"), "not in your hand")
    await refused(world, bob.slash(channel, "arcanoid fool"), "window")
    await refused(world, alice.slash(channel, "arcanoid play", arcanum="2", target="bob"), "not in your hand")


async def test_card_autocomplete_offers_the_own_hand_and_with_daemon_the_daemons(simcord_env):
    world = make_world(simcord_env, names=("alice", "bob"))
    alice, bob = world.members
    table = await open_table(world, "arcanoid", timer=0)
    arrange(table, {alice.id: "15 2C 3C 4C 5C 6C", bob.id: "9S 6S 2W 3W 4W 5W"})
    put_on_top(table, "10S 9P 8P 7P AP 8C")
    own = await alice.autocomplete(world.channel, "arcanoid discard", "card", "")
    assert {c["value"] for c in own} == {"15", "2C", "3C", "4C", "5C", "6C"}
    assert await bob.autocomplete(world.channel, "arcanoid discard", "card", "2c") == []  # only his own cards
    await alice.slash(world.channel, "arcanoid play", arcanum="15")
    daemons = await alice.autocomplete(world.channel, "arcanoid discard", "card", "", daemon=True)
    assert {c["value"] for c in daemons} == {"10S", "9P", "8P", "7P", "AP", "8C"}


async def alices_turn(simcord_env: Any, hand: str, other_hand: str) -> tuple[Any, Any, Any, Any]:
    """A table of Alice and Bob where Alice holds `hand` and it becomes her turn (after Bob
    discards the first card of `other_hand`), so the bot sends her a fresh DM of that position.
    Returns the world, Alice, Bob and the table."""
    world = make_world(simcord_env, names=("alice", "bob"))
    alice, bob = world.members
    table = await open_table(world, "arcanoid", timer=0)
    arrange(table, {bob.id: other_hand, alice.id: hand})
    await bob.slash(world.channel, "arcanoid discard", card=other_hand.split()[0])
    assert arc.pending(table.state) == [alice.id]
    return world, alice, bob, table


def put_on_top(table: Any, codes: str) -> None:
    """The next cards drawn from the deck, first first (swapped with where they were in it)."""
    deck = table.state.deck
    for place, wanted in enumerate(cards(codes)):  # the top is the first
        at = next(i for i in range(place, len(deck)) if deck[i].face == wanted.face)
        deck[at], deck[place] = deck[place], deck[at]
    settle(table)


async def test_a_commitment_outside_the_strongest_five_is_made_from_the_dm(simcord_env):
    world, alice, bob, table = await alices_turn(simcord_env, "2S 3S 4S 5S 6S 7S", "2C 3C 4C 6C 7C 8C")
    await choose(alice, "go1", ["f.swords"])
    page = latest_dm(alice)
    assert "Commit on swords" in page.content
    picker = menu(page, "ck.swords.plain")
    assert sorted(o.value for o in picker.options) == sorted(["2S", "3S", "4S", "5S", "6S", "7S"]) and picker.max_values == 6
    # 63 sets of swords: the weakest pair was never among the old menu's five strongest
    await choose(alice, "ck.swords.plain", ["3S", "2S"])
    assert sorted(c.code for c in table.state.seat(alice.id).fields["swords"].cards) == ["2S", "3S"]


async def test_a_call_of_a_small_card_is_made_from_the_dm(simcord_env):
    world, alice, bob, table = await alices_turn(simcord_env, "17 2S 3S 4S 5S 6S", "2W 4C 3C 6C 7C 8C")
    await choose(alice, "go2", ["a.17"])
    call = encode({"type": "play", "arcanum": "17", "call": "4C"})
    code = menu_offering(alice, call)
    assert code.startswith("mv"), "one menu per suit: every minor card may be called"
    await choose(alice, code, [call])
    assert "4C" in [c.code for c in table.state.seat(alice.id).hand]
    assert "4C" not in [c.code for c in table.state.seat(bob.id).hand]


async def test_a_stale_page_or_a_double_click_changes_nothing(simcord_env):
    """Controls left on a message the bot can no longer edit (a /hand answer past Discord's 15
    minutes) after the move was made from the DM: their page and their move are of an earlier
    step, refused."""
    world, alice, bob, table = await alices_turn(simcord_env, "2S 3S 4S 5S 6S 7S", "2C 3C 4C 6C 7C 8C")
    step = table.step_key()
    menus_at = (await alice.slash(world.channel, "hand")).response
    await simcord_env.advance_time(15 * 60)  # past its edit window: the next reply cannot take its menus off
    page_at = (await alice.slash(world.channel, "hand")).response
    await alice.select(page_at, ["f.swords"], custom_id=f"ts:{table.id}:{step}:go1")
    await simcord_env.advance_time(15 * 60)  # past this one's too: the move cannot take its page off
    await choose(alice, "go1", ["f.swords"])
    await choose(alice, "ck.swords.plain", ["7S", "6S"])
    assert "swords" in table.state.seat(alice.id).fields
    await refused(world, alice.select(page_at, ["5S", "4S"], custom_id=f"ts:{table.id}:{step}:ck.swords.plain"),
                  "earlier turn")
    await refused(world, alice.select(menus_at, ["f.staves"], custom_id=f"ts:{table.id}:{step}:go1"),
                  "earlier turn")


async def devil_played(simcord_env, stock_top: str):
    """Alice plays the Devil against Bob (who holds 9S 6S): her daemon takes the stock's top
    cards, `stock_top`, as its hand. Returns the world, Alice, Bob, the table and the daemon."""
    world = make_world(simcord_env, names=("alice", "bob"))
    alice, bob = world.members
    table = await open_table(world, "arcanoid", timer=0, reaction_seconds=8)
    arrange(table, {alice.id: "15 2C 3C 4C 5C 6C", bob.id: "9S 6S 2W 3W 4W 5W"})
    put_on_top(table, stock_top)
    await alice.slash(world.channel, "arcanoid play", arcanum="15")
    daemon = table.state.seats[0]
    assert daemon.kind == "daemon"
    return world, alice, bob, table, daemon


async def test_a_daemons_fool_is_played_from_its_masters_dm(simcord_env):
    world, alice, bob, table, daemon = await devil_played(simcord_env, "0 10C 9C 8C 7C AC 8P")
    assert "0" in [c.face.code for c in daemon.hand]
    await refused(world, alice.slash(world.channel, "arcanoid fool", daemon=True), "window")
    await bob.slash(world.channel, "arcanoid commit", field="swords", cards="9S 6S")
    assert table.state.phase == "window"
    dm = latest_dm(alice)
    assert "your daemon's Fool" in dm.content
    await refused(world, bob.slash(world.channel, "arcanoid fool", daemon=True), "no daemon")
    await alice.user.click(dm, label="Your daemon plays its Fool: steal it")
    assert [c.face.code for c in daemon.fields["swords"].cards] == ["9S", "6S"]
    assert "swords" not in table.state.seat(bob.id).fields


async def test_a_daemons_hermit_moves_from_its_masters_dm(simcord_env):
    world, alice, bob, table, daemon = await devil_played(simcord_env, "9 10S 9P 8P 7P AP 8C 9C 10C 2S 3S 4S")
    await bob.slash(world.channel, "arcanoid discard", card="2W")
    assert arc.pending(table.state) == [alice.id]
    await alice.slash(world.channel, "arcanoid play", arcanum="9")  # the daemon's turn, played by its master
    assert table.state.phase == "window" and daemon.hermit_moves == 3
    dm = latest_dm(alice)
    assert "a move for your daemon with its Hermit" in dm.content
    await choose(alice, "go4", [f"m@{daemon.player}"])
    assert "A Hermit move for" in latest_dm(alice).content
    await choose(alice, "go1", [f"f.coins@{daemon.player}"])
    await choose(alice, f"ck.coins.plain.{daemon.player}", ["9P", "8P", "7P"])
    assert sorted(c.face.code for c in daemon.fields["coins"].cards) == ["7P", "8P", "9P"]
    assert daemon.hermit_moves == 2 and "coins" not in table.state.seat(alice.id).fields
    await refused(world, bob.slash(world.channel, "arcanoid discard", card="10S", daemon=True), "no daemon")
    await alice.slash(world.channel, "arcanoid discard", card="10S", daemon=True)
    assert daemon.hermit_moves == 1 and "10S" not in [c.face.code for c in daemon.hand]


async def test_a_commitment_where_the_world_made_the_member_abdicate_is_refused_as_such(simcord_env):
    """Issue 28 play-through: after another player's World, "you have already committed on
    swords" was said to a member who never committed there: they abdicated, and are told so."""
    world = make_world(simcord_env, names=("alice", "bob"))
    alice, bob = world.members
    table = await open_table(world, "arcanoid", timer=0, reaction_seconds=2)
    arrange(table, {alice.id: "21 2C 3C 4C 5C 6C", bob.id: "2S 3S 7P 8P 9P 10P"})
    await alice.slash(world.channel, "arcanoid commit", field="swords", cards="21")
    await simcord_env.advance_time(5)  # the reaction window closes
    assert arc.pending(table.state) == [bob.id]
    said = await refused(world, bob.slash(world.channel, "arcanoid commit", field="swords", cards="2S"), "abdicated")
    assert "already committed" not in said


async def test_the_channel_news_names_a_daemon_after_its_master_never_as_a_computer(simcord_env):
    """A battle won by a daemon (seat -101) is told as "Daemon of alice" — in French "Démon
    d’alice" — in the round's and the game's news, not as "Computer 101"."""
    from bot import i18n
    from cogs.common import UIS, names_for
    from games.base import Event

    world, alice, _bob, table, daemon = await devil_played(simcord_env, "0 10C 9C 8C 7C AC 8P")
    names = names_for(world.bot, table)
    events = [Event("round_over", {"round": 1, "winners": {"swords": daemon.player, "cups": alice.id}, "battles": []}),
              Event("game_over", {"winners": [daemon.player], "scores": {str(daemon.player): 1, str(alice.id): 1}})]
    said = "\n".join(UIS["arcanoid"].announcements(events, names))
    assert "Computer" not in said and said.count("Daemon of alice") == 3, said
    with i18n.speaking("fr"):
        french = "\n".join(UIS["arcanoid"].announcements(events, names_for(world.bot, table)))
    assert "Ordinateur" not in french and french.count("Démon d’alice") == 3, french
    table.status = "ended"  # the game's last news is told once the table has closed
    assert names_for(world.bot, table)[daemon.player] == "Daemon of alice"
