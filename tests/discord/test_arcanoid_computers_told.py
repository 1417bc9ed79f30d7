"""A computer's Arcanoid moves told at the table (issue 20, item 1), as a member reads the table
message's last moves: in a constructed deal its own policy plays the High Priestess, the
Hierophant, Justice and Strength in one turn (read as one block), steals with the Fool, calls
with the Star, fells a couple with the Tower, imposes Judgment, commits the World, calls a major
with the Sun and raises a daemon with the Devil (which abdicates on the World's battlefield).
Never a card it looked at."""

from __future__ import annotations

from typing import Any

import pytest

from games.cards import cards
from tests.discord.helpers import make_world, open_table, table_message
from tests.discord.test_arcanoid_play import settle
from tests.games.arcanoid_helpers import seeded

WINDOW = 60  # longer than SimCord's settle limit: the test's clock closes each window
COMPUTER = -1


def give(table: Any, hands: dict[int, str]) -> None:
    """These hands, wherever their cards are (the deck, the discard pile, another hand, Justice's
    row): each card taken is swapped with one the player gives up. Turn order stays."""
    state = table.state
    for player, codes in hands.items():
        seat = state.seat(player)
        wanted = cards(codes)
        spare = [c for c in seat.hand if c.face not in {w.face for w in wanted}]
        kept = [c for c in seat.hand if c.face in {w.face for w in wanted}]
        for card_ in wanted:
            if any(k.face == card_.face for k in kept):
                continue
            places = [state.deck, state.discard, state.aside, state.justice or [],
                      *(s.hand for s in state.seats if s is not seat), *(s.visible for s in state.seats),
                      *(c.cards for s in state.seats for c in s.fields.values())]
            place = next(p for p in places if any(c.face == card_.face for c in p))
            at = next(i for i, c in enumerate(place) if c.face == card_.face)
            kept.append(place[at])
            if spare:
                place[at] = spare.pop()
            else:
                del place[at]
        state.discard.extend(spare)
        seat.hand = kept
    for at, shared in enumerate(state.justice or []):  # Justice's row: small cards nobody builds on
        others = [c.suit for i, c in enumerate(state.justice or []) if i != at and not c.is_major]
        if shared.is_major or shared.rank > 4 or others.count(shared.suit) >= 2:
            pool, small = next((pool, i) for pool in (state.deck, state.discard) for i, c in enumerate(pool)
                               if not c.is_major and c.rank <= 4 and others.count(c.suit) < 2)  # no suit thrice
            state.justice[at], pool[small] = pool[small], shared  # type: ignore[index]
    # drawn from the top: small minors of mixed suits, no major, before the next step
    state.deck.sort(key=lambda c: (c.is_major, c.rank))
    settle(table)


def last_moves(world: Any) -> str:
    """The table message's last moves, as shown."""
    embed = table_message(world).embeds[0]
    return "\n".join(f.value for f in embed.fields if f.name == "Last moves")


def assert_told(world: Any, *lines: str) -> str:
    told = last_moves(world)
    for line in lines:
        assert line in told, f"{line!r} not in the last moves:\n{told}"
    return told


@pytest.mark.simcord(settle_timeout=30)
async def test_a_computers_powers_are_told_at_the_table(simcord_env, monkeypatch):
    seeded(monkeypatch)
    world = make_world(simcord_env, names=("alice",))
    (alice,) = world.members
    world.bot.tables.computer_pause = 0
    table = await open_table(world, "arcanoid", bots=1, timer=0, reaction_seconds=WINDOW)
    give(table, {alice.id: "KC 2S 3S 4S 5S 6S", COMPUTER: "2 5 8 11 9W 3W"})
    await alice.slash(world.channel, "arcanoid discard", card="6S")  # the computer's turn: its eager powers
    state = table.state
    assert state.justice is not None and state.seat(COMPUTER).limit == 7
    told = assert_told(world, "Computer 1 plays the High Priestess and looks at alice's hand.",
                       "Computer 1 plays the Hierophant and calls the Fool:",
                       "Computer 1 plays Justice: six cards go on the table for everyone",
                       "Computer 1 plays Strength and draws one more card (a hand of seven).")
    block = next(line for line in told.splitlines() if "High Priestess" in line)
    assert "Strength" in block, "the computer's turn reads as one block"
    assert "KC" not in block and "2S" not in block, "a look never tells what was seen"

    # the Fool: alice's force of 19 is worth stealing; then the Star calls the half couple's king
    give(table, {alice.id: "9S 10S 2C 3C 4C KC", COMPUTER: "0 17 QC 2W 8S 7C"})
    await alice.slash(world.channel, "arcanoid commit", field="swords", cards="9S 10S")
    assert "swords" in table.state.seat(COMPUTER).fields and "swords" not in table.state.seat(alice.id).fields
    assert_told(world, "Computer 1 steals alice's commitment on swords with the Fool: 9S 10S.",
                "Computer 1 plays the Star and calls King of cups — alice hands it over.")

    # the Tower fells alice's royal couple on coins
    give(table, {alice.id: "KP QP 2C 3C 4C 5C", COMPUTER: "16 2W 3W 4W 6P 7P"})
    await alice.slash(world.channel, "arcanoid commit", field="coins", cards="KP QP")
    await simcord_env.advance_time(WINDOW + 1)
    assert "coins" not in table.state.seat(alice.id).fields
    assert_told(world, "alice commits KP QP on coins (the royal couple).",
                "Computer 1 plays the Tower on alice's coins: that commitment is destroyed.")

    # Judgment on alice's open swords, where the computer stands
    give(table, {alice.id: "2C 3C 4C 5C 6C 7C", COMPUTER: "20 2W 3W 4W 6P 7P"})
    await alice.slash(world.channel, "arcanoid discard", card="2C")
    assert table.state.seat(alice.id).fields["swords"].form == "judgment"
    assert_told(world, "Computer 1 plays Judgment on alice's swords: alice abdicates there.")

    # the World on an untouched battlefield, then the Devil: its daemon abdicates under the World
    give(table, {alice.id: "3C 4C 5C 6C 7C 8C", COMPUTER: "21 2W 3W 4W 6P 7P"})
    await simcord_env.advance_time(WINDOW + 1)
    await alice.slash(world.channel, "arcanoid discard", card="3C")
    world_field = next(f for f, c in table.state.seat(COMPUTER).fields.items() if c.form == "world")
    assert table.state.seat(alice.id).fields[world_field].form == "abdication"
    assert_told(world, f"Computer 1 commits the World on {world_field}: everyone else abdicates there.")
    await simcord_env.advance_time(WINDOW + 1)
    give(table, {alice.id: "4 4C 5C 6C 7C 8C", COMPUTER: "19 3 2S 3S 5S 6S"})  # the Sun calls the Empress's partner
    await alice.slash(world.channel, "arcanoid discard", card="8C")
    assert "4" in [c.face.code for c in table.state.seat(COMPUTER).hand], last_moves(world)
    assert_told(world, "Computer 1 plays the Sun and calls IV The Emperor — alice hands it over.")
    give(table, {alice.id: "4C 5C 6C 7C 8C 9C", COMPUTER: "15 2W 3W 4W 6P 7P"})
    assert len(table.state.deck) >= 6, "a deck for the Devil's daemon"
    await alice.slash(world.channel, "arcanoid discard", card="4C")
    daemon = next(s for s in table.state.seats if s.kind == "daemon")
    assert daemon.master == COMPUTER and daemon.fields[world_field].form == "abdication"
    told = assert_told(world, "Computer 1 plays the Devil and raises a daemon, Daemon of Computer 1, with six cards face up.")
    assert "Reaction window" not in told, "the last moves tell moves; the status tells the window"
