"""Arcanoid at a person's pace, as a member sees it (issue 20): a move is answered at once while
its reaction window runs as a timer; the reaction prompt says whose commitment, where, which
cards (or secret) and when the window closes, and its buttons go when it does; `target` names
any seat (computers too); the DM shows the daemon's hand on its turn; images and menus call 8
Justice and 11 Strength; an abdication is answered as one."""

from __future__ import annotations

from typing import Any

import pytest

from games import arcanoid as arc
from renders import cards as card_sprites
from tests.discord.helpers import (
    buttons,
    make_world,
    open_table,
    private_text,
    refused,
    reread,
    stale_step_refused,
    table_message,
)
from tests.discord.test_arcanoid_play import arrange, choose, devil_played, latest_dm, put_on_top

FOOL_BUTTON = "Play the Fool: steal it"


async def alice_and_bob(simcord_env: Any, alice_hand: str, bob_hand: str, bob_first: bool = False,
                        **options: Any) -> tuple[Any, Any, Any, Any]:
    """A table of Alice and Bob with these hands, Alice on turn (Bob with `bob_first`)."""
    world = make_world(simcord_env, names=("alice", "bob"))
    alice, bob = world.members
    table = await open_table(world, "arcanoid", timer=0, **options)
    hands = {alice.id: alice_hand, bob.id: bob_hand}
    arrange(table, dict(reversed(hands.items())) if bob_first else hands)
    return world, alice, bob, table


async def test_a_commit_is_answered_at_once_and_the_prompt_tells_whose_where_what_and_until_when(simcord_env):
    world, alice, bob, table = await alice_and_bob(simcord_env, "9S 10S 2C 3C 4C 5C", "0 2W 3W 4W 5W 6W")
    assert table.options.reaction_seconds == 20, "the default window leaves a person time to answer"
    asked_at = simcord_env.now().timestamp()
    result = await alice.slash(world.channel, "arcanoid commit", field="swords", cards="9S 10S")
    said = private_text(result)
    assert said == "alice commits 9S 10S on swords.", said
    assert table.state.phase == "window", "the answer did not wait for the window"
    assert simcord_env.now().timestamp() - asked_at < 1, "answered at once"
    assert table.deadline == pytest.approx(asked_at + 20, abs=1), "the window runs on as a timer"
    status = table_message(world).embeds[0].description
    assert "Reaction window after alice's commitment on swords (9S 10S)" in status, status
    assert f"<t:{int(table.deadline)}:R>" in status, "the table counts down to the real deadline"

    dm = latest_dm(bob)
    assert (f"**You may react to alice's commitment on swords (9S 10S)** — the window closes "
            f"<t:{int(table.deadline)}:R>: steal that commitment with the Fool.") in dm.content, dm.content
    assert FOOL_BUTTON in buttons(dm) and "Let it stand" in buttons(dm)
    mine = alice.user.dm_channel.history()
    assert not any(FOOL_BUTTON in buttons(m) for m in mine), "no prompt for the one who committed"

    await simcord_env.advance_time(21)
    assert table.state.phase == "play" and arc.pending(table.state) == [bob.id]
    old = reread(bob.user.dm_channel, dm)
    assert FOOL_BUTTON not in buttons(old) and "Let it stand" not in buttons(old), "the closed window's buttons went"
    assert not any(FOOL_BUTTON in buttons(m) for m in bob.user.dm_channel.history())


async def test_a_secret_commitment_is_offered_to_the_fool_as_secret(simcord_env):
    world, alice, bob, table = await alice_and_bob(simcord_env, "9S 8S 2C 3C 4C 5C", "0 2W 3W 4W 5W 6W",
                                                    variant="KOBLENZ")
    await alice.slash(world.channel, "arcanoid commit", field="swords", cards="9S 8S", secret=True)
    dm = latest_dm(bob)
    assert "**You may react to alice's commitment on swords (secret)**" in dm.content, dm.content
    assert "9S" not in dm.content and "8S" not in dm.content
    await bob.user.click(dm, label=FOOL_BUTTON)
    assert "swords" in table.state.seat(bob.id).fields
    assert FOOL_BUTTON not in buttons(reread(bob.user.dm_channel, dm)), "the reaction taken, its button went"
    told = "\n".join(m.content for m in bob.user.dm_channel.history())
    assert "Your Fool look at alice's cards: 9S 8S" in told


async def test_an_abdication_is_answered_as_one(simcord_env):
    world, alice, bob, table = await alice_and_bob(simcord_env, "9S 10S 2C 3C 4C 5C", "2S 2W 3W 4W 5W 6W")
    said = private_text(await alice.slash(world.channel, "arcanoid commit", field="coins", cards=""))
    assert said.startswith("alice abdicates on coins."), said
    assert "Committed" not in said


async def computer_table(simcord_env: Any, alice_hand: str, computer_hand: str) -> tuple[Any, Any, Any]:
    """Alice against one computer that waits (its pause outlasts the test) while she aims at it."""
    world = make_world(simcord_env, names=("alice",))
    (alice,) = world.members
    world.bot.tables.computer_pause = 3600
    table = await open_table(world, "arcanoid", timer=0, bots=1)
    arrange(table, {alice.id: alice_hand, -1: computer_hand})
    return world, alice, table


async def test_the_target_names_any_seat_a_computer_too(simcord_env):
    world, alice, table = await computer_table(simcord_env, "2 20 12 5C 6C 7C", "KS QS 9W 3W 4W 5W")
    offered = await alice.autocomplete(world.channel, "arcanoid play", "target", "")
    assert {c["name"] for c in offered} == {"alice", "Computer 1"} == {c["value"] for c in offered}
    assert [c["value"] for c in await alice.autocomplete(world.channel, "arcanoid play", "target", "comp")] == \
        ["Computer 1"]
    text = await refused(world, alice.slash(world.channel, "arcanoid play", arcanum="2", target="Computer 9"),
                         "no seat at this table", "alice", "Computer 1")
    assert text.startswith("'Computer 9' is no seat"), text

    looked = private_text(await alice.slash(world.channel, "arcanoid play", arcanum="2", target="computer 1"))
    assert looked == "alice plays the High Priestess and looks at Computer 1's hand.", looked
    assert "Your High Priestess look at Computer 1's cards: KS QS 9W 3W 4W 5W" in latest_dm(alice).content
    judged = private_text(await alice.slash(world.channel, "arcanoid play", arcanum="20", target="COMPUTER 1",
                                            field="staves"))
    assert judged.startswith("alice plays Judgment on Computer 1's staves: Computer 1 abdicates there."), judged
    assert table.state.seat(-1).fields["staves"].form == "judgment"


async def test_the_hanged_man_reaches_a_computer(simcord_env):
    world, alice, table = await computer_table(simcord_env, "12 2C 3C 5C 6C 7C", "KS QS 9W 3W 4W 5W")
    said = private_text(await alice.slash(world.channel, "arcanoid play", arcanum="12", target="Computer 1"))
    assert said == "alice plays the Hanged Man on Computer 1: that hand is discarded and a new one drawn."
    assert not {"KS", "QS"} & {c.face.code for c in table.state.seat(-1).hand}


async def test_the_dm_shows_the_daemons_hand_on_its_turn(simcord_env, drawn):
    world, alice, bob, table, daemon = await devil_played(simcord_env, "10S 9P 8P 7P AP 8C 2P")
    drawn.cards.clear()
    drawn.texts.clear()
    await bob.slash(world.channel, "arcanoid discard", card="2W")
    assert table.state.seats[table.state.turn] is daemon and arc.pending(table.state) == [alice.id]
    dm = latest_dm(alice)
    assert dm.attachments, "the hand comes as an image"
    assert "Daemon of alice: its hand, yours to play" in drawn.texts
    painted = {c.face.code for c in drawn.faces if c is not None}
    assert {"10S", "9P", "8P", "7P", "AP", "8C"} <= painted
    assert not {"2C", "3C", "4C", "5C", "6C"} & painted, "not the master's own hand"


async def test_images_and_menus_call_8_justice_and_11_strength(simcord_env, drawn):
    world, alice, bob, table = await alice_and_bob(simcord_env, "19 8 11 20 2C 3C", "2S 2W 3W 4W 5W 6W",
                                                    bob_first=True)
    card_sprites.card_image.cache_clear()  # the faces are painted again, so the spy sees their names
    drawn.texts.clear()
    await alice.slash(world.channel, "hand")
    after = {text: i for i, text in enumerate(drawn.texts)}
    assert "Justice" in after and "Strength" in after and "Judgment" in after, drawn.texts
    assert "Judgement" not in drawn.texts
    assert drawn.texts[after["Justice"] - 2] == "VIII" and drawn.texts[after["Strength"] - 2] == "XI"

    await bob.slash(world.channel, "arcanoid discard", card="2S")
    await choose(alice, "go2", ["a.19"])
    labels = [option.label for row in latest_dm(alice).components for item in row.children
              for option in getattr(item, "options", None) or []]
    if not any("VIII Justice" in label for label in labels):  # a page of groups first
        await choose(alice, "go3", ["a.19.T"])
        labels = [option.label for row in latest_dm(alice).components for item in row.children
                  for option in getattr(item, "options", None) or []]
    assert any(label.startswith("the Sun 8 · VIII Justice") for label in labels), labels
    assert any(label.startswith("the Sun 11 · XI Strength") for label in labels), labels
    assert not any("Wands" in label or "Judgement" in label for label in labels)


async def test_a_daemons_controls_after_the_world(simcord_env):
    """The ruling as the table shows it: the daemon raised after the World has abdicated there."""
    world, alice, bob, table = await alice_and_bob(simcord_env, "21 15 2C 3C 4C 5C", "2S 2W 3W 4W 5W 6W")
    put_on_top(table, "8C KP QP 9P 8P 7P 6P")
    await alice.slash(world.channel, "arcanoid commit", field="coins", cards="21")
    await simcord_env.advance_time(21)
    await bob.slash(world.channel, "arcanoid discard", card="2S")
    said = private_text(await alice.slash(world.channel, "arcanoid play", arcanum="15"))
    assert said.startswith("alice plays the Devil and raises a daemon"), said
    daemon = next(s for s in table.state.seats if s.kind == "daemon")
    assert daemon.fields["coins"].form == "abdication"


async def test_a_fool_button_on_a_hand_reply_goes_once_the_window_closed(simcord_env):
    world, alice, bob, table = await alice_and_bob(simcord_env, "9S 10S 2C 3C 4C 5C", "0 2W 3W 4W 5W 6W")
    await alice.slash(world.channel, "arcanoid commit", field="swords", cards="9S 10S")
    shown = (await bob.slash(world.channel, "hand")).response
    labels = {item.get("label") for row in shown.components for item in row.get("components", [])}
    assert FOOL_BUTTON in labels and "You may react to alice's commitment on swords" in shown.content
    window = table.step_key()
    await simcord_env.advance_time(21)
    assert not shown.components and "earlier turn" in shown.content, "the closed window's button went"
    await stale_step_refused(world, bob, window, {"type": "fool"})
    assert "swords" in table.state.seat(alice.id).fields


async def test_the_powers_no_computer_plays_are_told_at_the_table(simcord_env):
    """Temperance, the Hermit and Death (the computer's policy never plays them) by members."""
    world, alice, bob, table = await alice_and_bob(simcord_env, "14 2S 3S 4S 5S 6S", "9 2W 3W 4W 5W 13")
    await alice.slash(world.channel, "arcanoid play", arcanum="14", field="cups")
    await bob.slash(world.channel, "arcanoid play", arcanum="9")
    await simcord_env.advance_time(21)  # a window after every move while a Hermit is out
    await alice.slash(world.channel, "arcanoid discard", card="2S")
    await simcord_env.advance_time(21)
    await bob.slash(world.channel, "arcanoid play", arcanum="13")
    told = "\n".join(f.value for f in table_message(world).embeds[0].fields if f.name == "Last moves")
    for line in ("alice plays Temperance on cups: only abdication or Judgment there for now.",
                 "bob plays the Hermit: three moves out of turn, in reaction windows.",
                 "alice discards a card face down.",
                 "bob plays Death: the deck is discarded and stays empty this round."):
        assert line in told, f"{line!r} not in {told}"
