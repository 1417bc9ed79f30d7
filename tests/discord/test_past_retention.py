"""/history and /verify once a hand is past retention (TAROT_KEEP_DAYS, bot/retention.py): its
seed is no longer on record, and both say so plainly; the hand in play is untouched and the
table plays on."""

from __future__ import annotations

import time

import pytest

from bot.retention import DAY, Retention
from tests.discord.helpers import first_poker_hand_folded, make_world, refused

pytestmark = pytest.mark.both_backends  # see tests/discord/conftest.py


async def test_a_hand_past_retention_is_said_so_by_history_and_verify(simcord_env):
    world = make_world(simcord_env)
    alice, bob = world.members
    table, first = await first_poker_hand_folded(world)
    [second] = table.module.deals_in_play(table.state)
    value = (await bob.slash(world.channel, "history")).response.embeds[0].fields[0].value
    assert f"seed `{first.seed}`" in value and "Past retention" not in value

    keep_days = world.bot.config.keep_days
    month_later = Retention(world.bot.store, keep_days * DAY, lambda: time.time() + (keep_days + 1) * DAY)
    assert await month_later.prune() > 0

    value = (await bob.slash(world.channel, "history")).response.embeds[0].fields[0].value
    assert "Past retention" in value and f"kept {keep_days:g} days (TAROT_KEEP_DAYS)" in value, value
    assert first.seed not in value and first.commitment not in value
    await refused(world, alice.slash(world.channel, "verify", seed=first.seed), "past retention",
                  "TAROT_KEEP_DAYS")

    assert table.module.deals_in_play(table.state) == [second], "the hand in play is untouched"
    player = table.module.pending(table.state)[0]
    await (alice if player == alice.id else bob).slash(world.channel, "poker fold")
    await alice.slash(world.channel, "table end")
    answer = await bob.slash(world.channel, "verify", seed=second.seed)
    assert "Matches" in answer.response.content, "the hand that was in play still checks"
