"""Tarot Rummy played through SimCord in another language: in the pseudo-language every text a
member sees in a whole game against the computer (messages, embeds, buttons, menus, DMs,
private answers, refusals, /rules, /hand, /history, the words of the images) came through a
catalog; in French, a French member in a French server plays it and sees no English word."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot import i18n
from games import rummy
from tests.discord.languages import (
    Seen,
    assert_all_marked,
    assert_no_english,
    assert_words_used,
    one_member_speaking,
)
from tests.discord.test_tarot_languages import control
from tests.seeds import predict

SEED, TARGET = 90, 20  # three hands: the member calls the first and the last (tests/discord/test_rummy_play.py)


def latest_dm(member: Any) -> Any:
    return next(m for m in reversed(member.user.dm_channel.history()) if m.components)


async def move(world: Any, seen: Seen, member: Any, step: int) -> None:
    """The member's move as the computer would play it: from the DM's controls, or (every third
    move) by command."""
    table = world.table()
    action = rummy.computer_action(table.state, member.id)
    if step % 3 == 2 and action["type"] in ("draw", "discard", "call"):
        options = {"from": action["from"]} if action["type"] == "draw" else {"card": action["card"]}
        seen.answer(await member.slash(world.channel, f"rummy {action['type']}", **options))
        return
    dm = latest_dm(member)
    if action["type"] == "draw":
        seen.answer(await member.user.click(dm, custom_id=control(dm, f"draw.{action['from']}")))
    else:
        seen.answer(await member.user.select(dm, [action["card"]], custom_id=control(dm, action["type"])))


async def play_a_game(env: Any, monkeypatch: pytest.MonkeyPatch, locale: str) -> tuple[Any, Seen]:
    """One member against the computer to the target, in `locale` (theirs and the server's):
    /rules, refusals (a draw twice, a card not held, a meld that is none), /hand, every move,
    /history."""
    world, alice, seen = one_member_speaking(env, monkeypatch, locale)
    predict(SEED)
    seen.answer(await alice.slash(world.channel, "rummy create", opponent="bot", target=TARGET, timer=0))
    table = world.bot.tables.table_in(world.channel.id)
    lobby = next(m for m in reversed(world.channel.history()) if m.components)
    seen.answer(await alice.click(lobby, custom_id=f"tl:{table.id}:start"))
    seen.answer(await alice.slash(world.channel, "rules", game="rummy"))
    seen.answer(await alice.slash(world.channel, "hand"))
    seen.answer(await alice.slash(world.channel, "rummy discard", card="21"))  # refused: draw first
    step = 0
    while not rummy.is_over(table.state):
        await env.settle()
        if rummy.is_over(table.state):
            break
        assert rummy.pending(table.state) == [alice.id], "the computer moves on its own"
        if step == 1 and table.state.phase == "discard":
            seen.answer(await alice.slash(world.channel, "rummy draw", **{"from": "stock"}))  # refused: drawn already
            seen.answer(await alice.slash(world.channel, "rummy meld", cards="1 2 5"))  # refused: not held, or no meld
            seen.answer(await alice.slash(world.channel, "rummy call", card="zz"))  # refused: no such card
        await move(world, seen, alice, step)
        step += 1
    assert step >= 10, "the member played"
    seen.answer(await alice.slash(world.channel, "hand"))
    seen.answer(await alice.slash(world.channel, "history"))
    return world, seen


async def test_every_text_of_a_rummy_game_went_through_a_catalog(simcord_env, monkeypatch):
    world, seen = await play_a_game(simcord_env, monkeypatch, i18n.PSEUDO)
    assert_all_marked(seen.texts(world), ("alice",), wrapped_images=True)


# Common English words that are no French words (Serpent, Double, points, scores are French too).
ENGLISH = re.compile(r"\b(the|and|your|you|hand|hands|turn|stock|discards?|draws?|calls?|called|melds?|unmelded|"
                     r"limit|upcard|dealer|deal|sword|path|mother|single|wins?|over|game|"
                     r"is|of|to|with|for|by|none|computer|waiting|laid|off)\b", re.IGNORECASE)


async def test_a_french_member_in_a_french_server_plays_rummy_in_french(simcord_env, monkeypatch):
    world, seen = await play_a_game(simcord_env, monkeypatch, "fr")
    texts = list(seen.texts(world))
    assert_no_english(texts, ENGLISH)
    assert_words_used(texts, ("Pioche", "Défausse", "frappe", "Donne", "hors combinaison", "Rami du Tarot"))

