"""Words of a French table that issue 28's play-through found wrong: the reply to `/<game>
create language:fr` told an English member to "press Start" under a lobby whose button reads
"Démarrer"; every French table's title said "main 1" (the cards held, Arcanoid's word, won the
catalog lookup) above a body saying "Donne 1"; a running countdown read "temps écoulé" (time
ran out)."""

from __future__ import annotations

from tests.discord.helpers import latest_with_buttons, make_world, table_message


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


async def test_a_french_tables_title_names_the_deal_and_its_countdown_runs(simcord_env):
    world = make_world(simcord_env, names=("alice",))
    (alice,) = world.members
    await alice.slash(world.channel, "poker create", bots=3, language="fr")
    await alice.click(latest_with_buttons(world.channel, "Démarrer"), label="Démarrer")
    embed = table_message(world).embeds[0]
    assert embed.title.endswith("— donne 1"), embed.title
    assert "fin du temps" in embed.description and "écoulé" not in embed.description, embed.description
