"""Controls and private messages that must read as their reader's and stay true (issue 28): the
poker table's shared buttons carry no seat's amounts; an Arcanoid reaction window names the
commitment it follows; a player who busts out of poker is told so in their last DM; a `/hand`
reply loses its controls once the table has moved on, as a DM does."""

from __future__ import annotations

from tests.discord.helpers import table_message
from tests.discord.test_arcanoid_live import alice_and_bob

WINDOW = 21  # seconds: past the default reaction window


async def test_the_window_after_judgment_names_the_judgment_not_an_older_commitment(simcord_env):
    world, alice, bob, table = await alice_and_bob(simcord_env, "9W 10W 20 2C 3C 4C", "2S 3S 5S 6S 7S 8S")
    await alice.slash(world.channel, "arcanoid commit", field="staves", cards="9W 10W")
    await simcord_env.advance_time(WINDOW)
    await bob.slash(world.channel, "arcanoid commit", field="swords", cards="2S 3S")
    await simcord_env.advance_time(WINDOW)
    await alice.slash(world.channel, "arcanoid play", arcanum="20", target="bob", field="staves")
    assert table.state.phase == "window"
    status = table_message(world).embeds[0].description
    assert "Reaction window after alice's Judgment on bob's staves" in status, status
    assert "9W 10W" not in status, "not alice's own commitment of two turns before"
