"""The reply to `/<game> create language:…` names the lobby's buttons as the lobby shows them
(issue 28's play-through: an English member opening a French table was told to "press Start"
under a lobby whose button reads "Démarrer")."""

from __future__ import annotations

from tests.discord.helpers import latest_with_buttons, make_world


async def test_the_reply_to_create_speaks_the_tables_language(simcord_env):
    world = make_world(simcord_env, names=("alice",))
    (alice,) = world.members
    result = await alice.slash(world.channel, "tarot create", players=4, bots=3, language="fr")
    assert result.response is not None
    said = result.response.content
    latest_with_buttons(world.channel, "Rejoindre", "Démarrer")  # the lobby speaks French
    assert "Démarrer" in said and "Rejoindre" in said, said
    assert "press Start" not in said, said


async def test_without_a_language_the_reply_stays_english(simcord_env):
    world = make_world(simcord_env, names=("alice",))
    (alice,) = world.members
    result = await alice.slash(world.channel, "tarot create", players=4, bots=3)
    assert result.response is not None
    assert "press Start" in result.response.content
