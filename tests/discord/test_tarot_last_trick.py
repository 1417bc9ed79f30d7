"""Issue 11, French Tarot's last trick: it stays readable on the table message and in the DM
once the next trick has begun, and every trick summary names its cards."""

from __future__ import annotations

import re

from games import french_tarot as ft
from games.cards import card
from tests.discord.helpers import make_world, open_table, private_text, table_message
from tests.discord.test_tarot_play import first_seed, human_move, policy, simulate

TAKEN = re.compile(r"Trick (\d+): (.+?) — taken by")


async def test_the_last_trick_stays_in_the_text_and_every_summary_names_its_cards(simcord_env):
    seed = first_seed(lambda s: simulate(4, s).history[-1]["contract"] is not None)
    world = make_world(simcord_env, names=("alice",))
    (alice,) = world.members
    world.bot.tables.computer_pause = 0
    table = await open_table(world, "tarot", seed=seed, players=4, bots=3, hands=1, timer=0)
    seen_last_trick, answers, said_between = 0, [], []
    while not ft.is_over(table.state) and len(table.state.tricks) < 6:
        state = table.state
        if state.phase == "playing" and state.trick and state.tricks:
            text = table_message(world).embeds[0].description or ""
            number = len(state.tricks)
            match = re.search(rf"Last trick \({number}\): (.+?) — taken by", text)
            assert match, text
            for entry in ft.view(state)["last_trick"]["cards"]:
                assert card(entry["card"]).face.code in match.group(1).split(" ")  # no orientation shown
            seen_last_trick += 1
        elif state.phase == "playing" and state.tricks:  # alice leads: the trick just taken
            said_between.append(table_message(world).embeds[0].description or "")
        action = policy(state, alice.id, {})
        if action["type"] == "play":
            answered = await alice.slash(world.channel, "tarot play", card=action["card"])
            answers.append(private_text(answered))
        else:
            await human_move(world, alice, {})
    assert seen_last_trick, "alice played into a trick already begun at least once"

    assert said_between, "alice led a trick after the first"
    said = said_between + answers + [m.content for m in alice.user.dm_channel.history()]
    said += [m.embeds[0].description or "" for m in world.channel.history() if m.embeds]
    summaries = [m for text in said for m in TAKEN.finditer(text)]
    assert summaries, ("tricks are summed up in words", answers)
    for summary in summaries:
        assert summary.group(2).count("(") >= 3, f"a trick names its cards: {summary.group(0)}"
    assert not any(re.search(r"Trick \d+ taken by", text) for text in said), "no summary without cards"
    dm_with_last = [t for t in alice.user.dm_channel.history() if "Last trick (" in t.content]
    assert dm_with_last, "the DM shows the last trick too"
