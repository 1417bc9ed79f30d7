"""Live play as a member reads it (issue 20): every move told at the table in words, a computer's
included ("Last moves" on the table message); seats named as members know them, never an id;
computers that stop when no person is in play, and the table that then ends; true words; and
controls of an earlier turn refused with a pointer to the current ones."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot import create_bot
from bot.config import Config
from tests.discord.helpers import (
    World,
    buttons,
    latest_with_buttons,
    ledger_balances,
    make_world,
    private_text,
    table_message,
)
from tests.seeds import predict

LAST_MOVES = "Last moves"
MOST_STEPS = 80


def custom_ids(message: Any) -> set[str]:
    """The custom ids of a message's controls (a reply's raw rows, or a message's)."""
    found = set()
    for row in message.components or []:
        items = row.get("components", []) if isinstance(row, dict) else getattr(row, "children", [])
        for item in items:
            found.add(item.get("custom_id") if isinstance(item, dict) else item.custom_id)
    return found


def last_moves(world: World) -> str:
    """The table message's "Last moves" field, as a member sees it ("" when it has none)."""
    embed = table_message(world).embeds[0]
    return next((f.value for f in embed.fields if f.name == LAST_MOVES), "") or ""


async def open_with_computers(world: World, game: str, seed: int = 2024, **options: Any) -> Any:
    alice = world.members[0]
    world.bot.tables.computer_pause = 0
    predict(seed)
    created = await alice.slash(world.channel, f"{game} create", **options)
    assert "open" in created.response.content, private_text(created)
    await alice.click(latest_with_buttons(world.channel, "Start"), label="Start")
    return world.table()


async def play_until(world: World, member: Any, told: Any) -> str:
    """The member plays the timer's safe move whenever the table waits on them, until the last
    moves read as `told` wants."""
    for _ in range(MOST_STEPS):
        shown = last_moves(world)
        if told(shown):
            return shown
        await safe_move(world, member)
        await world.env.advance_time(0.5)
    raise AssertionError(f"never told: {last_moves(world)}")


async def safe_move(world: World, member: Any) -> None:
    """The member's turn, if it is theirs, played with the timer's safe move — as the bot's own
    work (SimCord's bot scope), so the computers' pauses it schedules run on the simulated clock."""
    table = world.bot.tables.table_in(world.channel.id)
    if table is None or not table.active or member.id not in table.module.pending(table.state):
        return
    with world.env._bot_scope():
        await world.bot.tables.act(table, member.id, table.module.default_action(table.state, member.id))


COMPUTER_GAMES = [
    ("poker", {"bots": 3, "timer": 0}, r"Computer \d (checks|calls|bets|raises|folds|is all-in)"),
    ("loc", {"bots": 3, "timer": 0}, r"Computer \d (discards a card face down|chooses a card for play)"),
    ("tarot", {"players": 3, "bots": 2, "timer": 0}, r"Computer \d (bids|passes|plays|discards)"),
    ("rummy", {"opponent": "bot", "timer": 0}, r"Computer \d? ?(draws from the stock|takes|discards)"),
    # Arcanoid's words are its own GameUI.describe (arc-live's): here, that they reach the table
    ("arcanoid", {"bots": 2, "timer": 0}, r"^🤖 .*Computer \d"),
]


@pytest.mark.parametrize(("game", "options", "said"), COMPUTER_GAMES, ids=[g[0] for g in COMPUTER_GAMES])
async def test_a_computers_move_is_told_at_the_table(simcord_env, game, options, said):
    world = make_world(simcord_env, names=("alice",))
    await open_with_computers(world, game, **options)
    shown = await play_until(world, world.members[0], lambda text: re.search(said, text, re.MULTILINE))
    block = next(line for line in shown.splitlines() if re.search(said, line))
    assert block.startswith("🤖"), f"a computers' turn reads as one block of its own: {shown}"
    assert "<@-" not in shown and "Player -" not in shown, shown


async def test_moves_of_one_turn_of_computers_read_as_one_block_and_a_persons_as_their_own(simcord_env):
    world = make_world(simcord_env, names=("alice",))
    await open_with_computers(world, "poker", bots=3, timer=0)
    alice = world.members[0]
    shown = await play_until(world, alice, lambda text: "alice" in text and "🤖" in text)
    lines = shown.splitlines()
    persons = [line for line in lines if line.startswith("• ")]
    assert any("alice" in line for line in persons), shown
    robots = [line for line in lines if line.startswith("🤖")]
    assert all("alice " not in line.split("Hand ")[0] for line in robots), shown
    for first, second in zip(lines, lines[1:], strict=False):
        assert not (first.startswith("🤖") and second.startswith("🤖")), f"two computer blocks in a row: {shown}"


async def test_last_moves_survive_a_restart(simcord_env, db_path):
    world = make_world(simcord_env, names=("alice",))
    table = await open_with_computers(world, "poker", bots=3, timer=0)
    shown = await play_until(world, world.members[0], lambda text: "Computer" in text)
    await world.env.advance_time(2)
    before = world.table().extra["last_moves"]
    await simcord_env.restart_bot(create_bot(db_path=db_path, shard_count=1))
    restored = await world.bot.tables.table_for(table.id)
    assert restored is not None and restored.extra["last_moves"] == before, "stored with the table"
    alice = world.members[0]
    later = await play_until(world, alice, lambda text: text != shown and "alice" in text)
    assert shown.splitlines()[-1] in later or len(later.splitlines()) == 5, (shown, later)


@pytest.mark.parametrize("game", ["blackjack", "baccarat"])
async def test_a_house_games_bets_and_its_dealing_are_told(simcord_env, game):
    world = make_world(simcord_env, names=("alice", "bob"))
    alice, bob = world.members
    predict(7)
    await alice.slash(world.channel, f"{game} create", timer=0)
    lobby = latest_with_buttons(world.channel, "Join", "Start")
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    on = {"on": "banker"} if game == "baccarat" else {}
    answer = await alice.slash(world.channel, f"{game} bet", amount=10, **on)
    assert "alice bets 10" in private_text(answer)
    assert "alice bets 10" in last_moves(world)
    await bob.slash(world.channel, f"{game} bet", amount=20, **on)
    table = world.table()
    for _ in range(10 if game == "blackjack" else 0):  # each stands when it is their turn
        waiting = table.module.pending(table.state) if table.state.phase == "playing" else []
        if not waiting:
            break
        member = alice if waiting[0] == alice.id else bob
        await member.slash(world.channel, f"{game} stand")
    shown = " ".join(m.embeds[0].fields[-1].value for m in world.channel.history()
                     if m.embeds and m.embeds[0].fields and m.embeds[0].fields[-1].name == LAST_MOVES)
    assert "bob bets 20" in shown
    assert "Round 1" in shown and ("settled" in shown or "Banker" in shown), shown
    await ledger_balances(world)


def hand_number(table: Any) -> int:
    return table.state.hand_no if table.game == "poker" else table.state.hand


@pytest.mark.parametrize("game", ["poker", "loc"])
async def test_a_table_whose_only_person_sat_out_stops_dealing_and_then_ends(simcord_env, game):
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    table = await open_with_computers(world, game, bots=3, timer=10)
    world.bot.tables.idle_seconds = 300
    for _ in range(60):  # alice never moves: the timer plays her safe default, then sits her out
        if {"type": "sitin"} in table.module.legal_actions(table.state, alice.id):
            break
        await world.env.advance_time(5)
    else:
        raise AssertionError("alice was never sat out")
    for _ in range(30):  # the computers (and the timer for her) finish the hand in progress
        if not table.module.pending(table.state):
            break
        await world.env.advance_time(5)
    waiting_at = hand_number(table)
    shown = table_message(world).embeds[0].description or ""
    assert "Waiting for a person: computers never play on alone" in shown, shown
    assert "Sitting out: alice" in shown and "Sit in" in buttons(table_message(world))
    await world.env.advance_time(100)
    assert hand_number(table) == waiting_at, "no new hand was dealt among the computers"
    assert table.status == "active"

    await world.env.advance_time(200)  # the table's idle time is up
    assert table.status == "ended"
    said = [e.description or "" for m in world.channel.history() for e in m.embeds]
    assert any("Ended by the bot: no person was in play for 5 minutes, and computers never play on alone"
               in text for text in said), said
    await ledger_balances(world)


async def test_a_person_who_sits_back_in_is_dealt_at_once_and_the_idle_end_is_off(simcord_env):
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    table = await open_with_computers(world, "poker", bots=3, timer=10)
    world.bot.tables.idle_seconds = 120
    for _ in range(60):
        if {"type": "sitin"} in table.module.legal_actions(table.state, alice.id):
            break
        await world.env.advance_time(5)
    await world.env.advance_time(30)
    waiting_at = hand_number(table)
    await alice.click(table_message(world), label="Sit in")
    assert hand_number(table) == waiting_at + 1, "the next hand is dealt as she sits in"
    await world.env.advance_time(5)
    alice_moves = 0
    while table.status == "active" and alice_moves < 3:  # she plays on: the table does not end
        if alice.id in table.module.pending(table.state):
            await safe_move(world, alice)
            alice_moves += 1
        await world.env.advance_time(5)
    assert table.status == "active"


async def test_an_old_hand_reply_from_hand_one_is_refused_in_hand_two_and_loses_its_menu(simcord_env):
    from games import loc

    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    table = await open_with_computers(world, "loc", bots=3, timer=0)
    old = (await alice.slash(world.channel, "hand")).response
    menu_id = next(iter(custom_ids(old)))
    assert menu_id == f"ts:{table.id}:h1-d:discard"
    await world.env.advance_time(15 * 60)  # past the reply's edit window: its menu stays until used
    for _ in range(loc.HAND_SIZE):
        mine = loc.view(table.state, alice.id)["me"]
        kind = "discard" if mine["can"] == "discard" else "play"
        await alice.slash(world.channel, f"loc {kind}", card=mine["cards"][0])
    assert table.state.hand == 2 and table.state.phase == "discard"
    offered = [o["value"] for row in old.components for item in row["components"] for o in item["options"]]
    before = table.state_json()
    result = await alice.select(old, [offered[0]], custom_id=menu_id)
    said = private_text(result)
    assert "earlier turn" in said and "/hand" in said, said
    assert table.state_json() == before, "nothing was discarded"
    assert result.response is not None and not custom_ids(result.response), "hand 1's menu is taken off"
    current = (await alice.slash(world.channel, "hand")).response
    assert custom_ids(current) == {f"ts:{table.id}:h2-d:discard"}


@pytest.mark.parametrize(("game", "options"), [("poker", {"bots": 2, "timer": 60}),
                                               ("loc", {"bots": 3, "timer": 60})])
async def test_the_countdown_shown_is_the_real_deadline(simcord_env, game, options):
    world = make_world(simcord_env, names=("alice",))
    table = await open_with_computers(world, game, **options)
    await world.env.advance_time(1)
    shown = table_message(world).embeds[0].description or ""
    stamp = re.search(r"<t:(\d+):R>", shown)
    assert stamp is not None, shown
    assert int(stamp.group(1)) == int(table.deadline)
    left = int(stamp.group(1)) - world.env.now().timestamp()
    assert 55 <= left <= 60, f"a 60 s timer shows {left:.0f} s left"


async def test_the_loc_warning_comes_only_below_four_seats_and_says_how_many(simcord_env):
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    four = await alice.slash(world.channel, "loc create", bots=3)
    assert "meant for 4 or more" not in " ".join(m.content for m in four.followups), "4 seated: no warning"
    await alice.slash(world.channel, "table end")
    two = await alice.slash(world.channel, "loc create", bots=1)
    said = " ".join(m.content for m in two.followups)
    assert "meant for 4 or more players, and 2 seats are taken so far" in said, said


async def test_ending_a_blackjack_table_in_its_betting_window_does_not_claim_a_round_was_played(simcord_env):
    world = make_world(simcord_env, names=("alice", "bob"))
    alice, bob = world.members
    await alice.slash(world.channel, "blackjack create", timer=0)
    lobby = latest_with_buttons(world.channel, "Join", "Start")
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    await alice.slash(world.channel, "blackjack bet", amount=10)
    ended = private_text(await alice.slash(world.channel, "table end"))
    assert "played out" not in ended.replace("nothing was played out", "") and "no cards were out" in ended, ended
    assert "bets included" in ended
    told = [e.description or "" for m in world.channel.history() for e in m.embeds if "table ended" in (e.title or "")]
    assert told and not any("played out" in text for text in told), told
    await ledger_balances(world)


async def test_the_last_moves_stay_short_and_join_a_computers_turn_into_one_block(simcord_env):
    from cogs import last_moves as told

    world = make_world(simcord_env, names=("alice",))
    table = await open_with_computers(world, "poker", bots=2, timer=0)
    table.extra.pop(told.KEY, None)
    for n in range(40):
        told.record(table, f"Computer 1 raises to {n}.", "computer")
        told.record(table, f"Computer 2 calls {n}.", "computer")
    assert len(table.extra[told.KEY]) == 1, "one turn of computers is one block"
    block = table.extra[told.KEY][0]["text"]
    assert len(block) <= told.ENTRY_LIMIT and block.startswith("…") and block.endswith("Computer 2 calls 39.")
    for n in range(20):
        told.record(table, f"alice bets {n}." * 20, None)
    assert len(table.extra[told.KEY]) <= told.ENTRIES_KEPT
    assert sum(len(line) + 1 for line in told.lines(table)) <= told.FIELD_LIMIT + told.ENTRY_LIMIT
    value = told.field_value(table)
    assert value is not None and len(value) <= told.FIELD_LIMIT and value.endswith("alice bets 19.")
    assert not told.record(table, "   ", None), "a move with no words adds nothing"


async def test_a_waiting_table_still_ends_after_a_restart(simcord_env, db_path):
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    table = await open_with_computers(world, "poker", bots=2, timer=10)
    for _ in range(60):
        if {"type": "sitin"} in table.module.legal_actions(table.state, alice.id) \
                and not table.module.pending(table.state):
            break
        await world.env.advance_time(5)
    waiting_at = hand_number(table)
    await simcord_env.restart_bot(create_bot(db_path=db_path, config=Config(idle_minutes=1), shard_count=1))
    restored = await world.bot.tables.table_for(table.id)
    assert restored is not None and restored.status == "active"
    await world.env.advance_time(30)
    assert hand_number(restored) == waiting_at, "the computers still wait after the restart"
    await world.env.advance_time(40)
    assert restored.status == "ended"
    await ledger_balances(world)


FIRST_DEALS = [
    ("poker", {"bots": 3, "timer": 0}, r"Hand 1 is dealt: (Computer \d|alice) has the button, .+ posts \d+, .+ posts \d+"),
    ("loc", {"bots": 3, "timer": 0}, r"Hand 1 is dealt to 4 players"),
    ("rummy", {"opponent": "bot", "timer": 0}, r"Hand 1 is dealt by (Computer 1|alice): the upcard is"),
    ("tarot", {"players": 4, "bots": 3, "timer": 0}, r"Hand 1 is dealt by (Computer \d|alice)"),
    ("arcanoid", {"bots": 2, "timer": 0}, r"Round 1 is dealt: six cards each"),
]


@pytest.mark.parametrize(("game", "options", "told"), FIRST_DEALS, ids=[g for g, *_ in FIRST_DEALS])
async def test_the_first_deal_is_told_as_every_later_one(simcord_env, game, options, told):
    """A table's first deal (poker's blinds, rummy's upcard…) reads in the last moves like the
    deals after it: a newcomer sees who posted what before anyone acts."""
    world = make_world(simcord_env, names=("alice",))
    await open_with_computers(world, game, **options)
    assert re.search(told, last_moves(world)), last_moves(world)
