"""Ending a table of a game without chips (Tarot Rummy, Arcanoid, French Tarot) in another
language: `/table end` says that the unfinished game or hand counts in no one's record — in the
pseudo-language every text shown then came through a catalog, in French it is French."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot import i18n
from tests.discord.languages import Seen, assert_all_marked, assert_no_english, one_member_speaking

CREATE = {"rummy": {"opponent": "bot", "timer": 0},
          "arcanoid": {"bots": 1, "rounds": 1, "timer": 0},
          "tarot": {"players": 4, "bots": 3, "hands": 1, "timer": 0}}
FRENCH_END = {"rummy": "la partie inachevée", "arcanoid": "la partie inachevée", "tarot": "la donne inachevée"}
ENGLISH = re.compile(r"\b(the|is|ended|play|stops|where|it|and|unfinished|game|hand|counts|in|no|one's|"
                     r"record)\b", re.IGNORECASE)


def not_drawn(_monkeypatch: pytest.MonkeyPatch, _seen: Seen) -> None:
    """The images are left out: the games' own language tests read their words."""


async def end_a_started_table(env: Any, monkeypatch: pytest.MonkeyPatch, game: str, locale: str) -> tuple[Any, Seen, str]:
    """A table of `game` against computers, started and ended by its host at once; what was
    shown, and the host's private answer to `/table end`."""
    world, alice, seen = one_member_speaking(env, monkeypatch, locale, watch=not_drawn)
    seen.answer(await alice.slash(world.channel, f"{game} create", **CREATE[game]))
    table = world.bot.tables.table_in(world.channel.id)
    lobby = next(m for m in reversed(world.channel.history()) if m.components)
    seen.answer(await alice.click(lobby, custom_id=f"tl:{table.id}:start"))
    await env.settle()
    assert table.active, "the game is under way"
    ended = seen.answer(await alice.slash(world.channel, "table end"))
    assert not table.active, "the table is ended"
    return world, seen, ended.response.content


@pytest.mark.parametrize("game", sorted(CREATE))
async def test_ending_a_table_without_chips_in_the_pseudo_language_is_marked(simcord_env, monkeypatch, game):
    world, seen, said = await end_a_started_table(simcord_env, monkeypatch, game, i18n.PSEUDO)
    assert said.startswith(i18n.OPEN_MARK) and "unfinished" in said, said
    assert_all_marked(seen.texts(world), ("alice",))


@pytest.mark.parametrize("game", sorted(CREATE))
async def test_ending_a_table_without_chips_in_french(simcord_env, monkeypatch, game):
    world, seen, said = await end_a_started_table(simcord_env, monkeypatch, game, "fr")
    assert said.startswith("La table est fermée") and FRENCH_END[game] in said, said
    assert_no_english([("the answer to /table end", said)], ENGLISH)


IDLE_END = {i18n.PSEUDO: f"{i18n.OPEN_MARK}Ended by the bot: {i18n.OPEN_MARK}no person was in play for 5 minutes",
            "fr": "Fermée par le bot : aucune personne n’a joué pendant 5 minutes, et les ordinateurs ne jouent jamais seuls."}


@pytest.mark.parametrize("locale", sorted(IDLE_END))
async def test_a_table_the_bot_ends_for_want_of_a_person_says_why_in_its_language(simcord_env, monkeypatch, locale):
    """The member never moves: the timer sits her out, the computers finish the hand and wait,
    and after the idle time the bot ends the table — saying why in the table's language."""
    world, alice, seen = one_member_speaking(simcord_env, monkeypatch, locale, watch=not_drawn)
    world.bot.tables.idle_seconds = 300
    seen.answer(await alice.slash(world.channel, "poker create", bots=3, timer=10))
    table = world.bot.tables.table_in(world.channel.id)
    lobby = next(m for m in reversed(world.channel.history()) if m.components)
    seen.answer(await alice.click(lobby, custom_id=f"tl:{table.id}:start"))
    for _ in range(200):
        if table.status == "ended":
            break
        await simcord_env.advance_time(5)
    assert table.status == "ended", "the bot ended the table"
    said = [e.description or "" for m in world.channel.history() for e in m.embeds]
    assert any(IDLE_END[locale] in text for text in said), "\n".join(said)
