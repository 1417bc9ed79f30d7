"""The computer players' level through SimCord: `level:` on every create of a game with computers,
told in the lobby's options, in `/table status` and in `/rules`."""

from __future__ import annotations

from typing import Any

import pytest

from tests.discord.helpers import latest_with_buttons, make_world

CREATES = {
    "poker": {"bots": 1},
    "tarot": {"players": 3, "bots": 2},
    "loc": {"bots": 2},
    "arcanoid": {"bots": 1},
    "rummy": {"opponent": "bot"},
}


def lobby_options(world: Any) -> str:
    lobby = latest_with_buttons(world.channel, "Join", "Start")
    return " ".join(field.value for field in lobby.embeds[0].fields if field.name == "Options")


@pytest.mark.parametrize("game", sorted(CREATES))
@pytest.mark.parametrize("level", ["easy", "hard"])
async def test_the_level_chosen_at_create_is_told_in_the_lobby(simcord_env, game: str, level: str):
    world = make_world(simcord_env, names=("alice",))
    created = await world.members[0].slash(world.channel, f"{game} create", level=level, **CREATES[game])
    assert "open" in created.response.content
    assert world.table().options.level == level
    assert f"{level.capitalize()} computer players" in lobby_options(world)


async def test_a_table_without_a_level_plays_normal_computers(simcord_env):
    world = make_world(simcord_env, names=("alice",))
    await world.members[0].slash(world.channel, "poker create", bots=2)
    assert world.table().options.level == "normal"
    assert "Normal computer players" in lobby_options(world)


async def test_the_status_and_the_rules_tell_the_level(simcord_env):
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    world.bot.tables.computer_pause = 3600  # the computers wait: the status is read before they move
    await alice.slash(world.channel, "tarot create", players=3, bots=2, level="hard", timer=0)
    await alice.click(latest_with_buttons(world.channel, "Start"), label="Start")
    status = await alice.slash(world.channel, "table status")
    assert "Hard computer players" in status.response.embeds[0].description
    rules = await alice.slash(world.channel, "rules", game="tarot")
    assert "`level:`" in rules.response.embeds[0].description
    house = await alice.slash(world.channel, "rules", game="blackjack")
    assert "level" not in house.response.embeds[0].description, "blackjack has no computer players"
    assert rules.response.ephemeral and house.response.ephemeral
