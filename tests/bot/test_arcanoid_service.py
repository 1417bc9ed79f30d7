"""Arcanoid's reaction windows on the real table service: the window's deadline is stored with
the move, a restart re-arms it, its time closes it (as the runtime, no one's timeout), and
computer players react inside it."""

from __future__ import annotations

from bot.timers import RESTART_GRACE
from games.arcanoid import rules
from tests.bot.helpers import Clock, close_service, open_service, open_table

ALICE, BOB = 101, 102


def _abdicate(table) -> tuple[int, dict]:
    player = rules.pending(table.state)[0]
    seat = table.state.seats[table.state.turn]
    return player, {"type": "commit", "field": seat.open_fields[0], "cards": []}


async def test_a_window_is_stored_resumed_after_a_restart_and_closed_by_its_time(db_path):
    clock = Clock()
    service, _ = await open_service(db_path, clock)
    table = await open_table(service, "arcanoid", [ALICE, BOB], timer=60, reaction_seconds=8)
    assert table.deadline == clock.now + 60  # the first turn's timer
    player, move = _abdicate(table)
    await service.act(table, player, move)
    assert table.state.phase == "window"
    assert table.deadline == clock.now + 8
    window = table.state.window["id"]
    await close_service(service)

    clock.now += 500  # down for a while: the window resumes with what it had left, after a grace
    service, _ = await open_service(db_path, clock)
    restored = service.table_in(10)
    assert restored.state.phase == "window" and restored.state.window["id"] == window
    assert restored.deadline == clock.now + RESTART_GRACE + 8
    timeouts_before = dict(restored.extra.get("timeouts", {}))
    await service._on_timeout(restored, restored.deadline)
    assert restored.state.phase == "play"
    assert rules.pending(restored.state) == [BOB if player == ALICE else ALICE]
    assert restored.deadline == clock.now + 60  # the next turn gets its full timer
    assert restored.extra.get("timeouts", {}) == timeouts_before  # nobody timed out
    await close_service(service)


async def test_a_computer_reacts_inside_the_window(db_path):
    clock = Clock()
    service, _ = await open_service(db_path, clock)
    service.computer_pause = 0
    table = await open_table(service, "arcanoid", [ALICE], bots=1, timer=0)
    state = table.state
    from games.cards import cards

    human = state.seat(ALICE)
    computer = state.seat(-1)
    pool = human.hand + computer.hand
    wanted = cards("9S 10S 2C 3C 4C 5C"), cards("0 2W 3W 4W 5W 6W")
    rest = [c for c in pool + state.deck if c.face not in {w.face for w in wanted[0] + wanted[1]}]
    human.hand, computer.hand = wanted
    state.deck = rest[: len(state.deck)]
    state.discard += rest[len(state.deck):]
    state.turn = state.seats.index(human)
    await service.act(table, ALICE, {"type": "commit", "field": "swords", "cards": ["9S", "10S"]})
    assert table.state.phase == "window" and service._computers_to_move(table) == [-1]
    await service._computer_moves(table, table.version)
    assert "swords" in table.state.seat(-1).fields and "swords" not in table.state.seat(ALICE).fields
    await close_service(service)


async def test_two_timeouts_hand_the_seat_to_a_computer_until_the_player_takes_it_back(db_path):
    clock = Clock()
    service, _ = await open_service(db_path, clock)
    service.computer_pause = 0
    table = await open_table(service, "arcanoid", [ALICE, BOB], timer=30, reaction_seconds=2)
    idle = rules.pending(table.state)[0]

    async def until_idle_is_pending() -> None:
        while rules.pending(table.state) != [idle]:
            await service._on_timeout(table, table.deadline)  # windows close, the other player idles too

    for _ in range(2):
        await until_idle_is_pending()
        await service._on_timeout(table, table.deadline)  # idle's own timeout
    assert idle in rules.played_by_computer(table.state)
    await until_idle_is_pending()
    assert set(rules.played_by_computer(table.state)) == {ALICE, BOB}, "both idled twice"
    assert service._computers_to_move(table) == [idle], "no person in play: the computers finish the round"
    assert not service.waits_for_a_person(table)
    await service.act(table, idle, {"type": "sitin"})
    assert idle not in rules.played_by_computer(table.state)
    other = BOB if idle == ALICE else ALICE
    if rules.pending(table.state) == [idle]:
        await service.act(table, idle, table.module.default_action(table.state, idle))
    if rules.pending(table.state) == [other]:
        assert service._computers_to_move(table) == [other], "a person is back: the computer plays the other seat"
    await close_service(service)
