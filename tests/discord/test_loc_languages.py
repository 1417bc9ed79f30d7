"""Loc played through SimCord in another language: in the pseudo-language every text a member
sees (the lobby's warning, the table message and its image, the DMs with their menus and hand
images, private answers, a refusal, /rules loc, /history) came through a catalog; in French, a
French member in a French server plays a whole hand, typing cards by their French names, and
sees Loc's words in French and no English."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest

from bot import i18n
from games import loc
from games.cards import card
from tests.discord.languages import (
    Seen,
    assert_all_marked,
    assert_no_english,
    assert_words_used,
    one_member_speaking,
    watch_drawings,
)
from tests.discord.test_loc_play import dm_menu
from tests.discord.test_tarot_languages import ENGLISH as TAROT_ENGLISH

# English words of Loc no French text says (besides the words French Tarot's test looks for).
LOC_ENGLISH = re.compile(r"\b(bet|stack|antes?|excused|refreshes|chips?|discards?|others|nobody|down|hidden|"
                         r"everyone|seats?|players?|over|choose|chooses)\b", re.IGNORECASE)


def watch_images(monkeypatch: pytest.MonkeyPatch, seen: Seen) -> None:
    """The words drawn on images, kept in the order they were drawn (`seen.drawn`): an image's
    text wrapped onto lines (or split at its " — " and "; ") reads whole again when its pieces
    are joined. Every label is drawn each time (none pasted from a cache), so none is missed."""
    from renders import layout

    watch_drawings(monkeypatch, seen)
    monkeypatch.setattr(layout, "_label_mask", layout._label_mask.__wrapped__)



async def her_turn(table: Any, player: int, hand: int) -> bool:
    """Waits until the step waits on `player` (True), or the hand is over (False); the
    computers choose in tasks of their own."""
    for _attempt in range(500):
        if table.state.hand > hand:
            return False
        if player in loc.pending(table.state):
            return True
        await asyncio.sleep(0.01)
    raise AssertionError(f"the table waits on {loc.pending(table.state)}, not on the member")


async def choose(world: Any, seen: Seen, member: Any, table: Any, slash: bool, language: str) -> None:
    """The member's choice (the computer policy's), from the DM menu or by command with the card
    typed by its name in the member's language."""
    action = loc.computer_action(table.state, member.id)
    if not slash:
        seen.answer(await member.user.select(dm_menu(member, table.id), [action["card"]]))
        return
    name = loc.card_label(card(action["card"]), table.state.options.deck)
    typed = i18n.translated(name, language) if language != i18n.PSEUDO else action["card"]
    before = table.version
    seen.answer(await member.slash(world.channel, f"loc {action['type']}", card=typed))
    assert table.version > before, f"{typed!r} was not read as {action['card']}"


async def play_a_hand(env: Any, monkeypatch: pytest.MonkeyPatch, locale: str) -> tuple[Any, Seen]:
    """One member against two computers (the lobby warns: fewer than four), one whole hand in
    `locale` (theirs and the server's): a refusal, /rules, /hand, every choice, /history."""
    world, alice, seen = one_member_speaking(env, monkeypatch, locale, watch_images)
    language = i18n.language_of(locale)
    seen.answer(await alice.slash(world.channel, "loc create", bots=2, timer=0))
    table = world.bot.tables.table_in(world.channel.id)
    lobby = next(m for m in reversed(world.channel.history()) if m.components)
    seen.answer(await alice.click(lobby, custom_id=f"tl:{table.id}:start"))
    seen.answer(await alice.slash(world.channel, "rules", game="loc"))
    seen.answer(await alice.slash(world.channel, "hand"))
    seen.answer(await alice.slash(world.channel, "loc play", card="KC"))  # refused: the discard comes first
    moves = 0
    while await her_turn(table, alice.id, 1):
        await choose(world, seen, alice, table, slash=moves % 2 == 0, language=language)
        moves += 1
    assert moves == 1 + loc.PLAYS, f"the member chose {moves} times in a hand"
    seen.answer(await alice.slash(world.channel, "loc play", card="KC"))  # refused again, in the next hand's discard
    seen.answer(await alice.slash(world.channel, "history"))
    return world, seen


async def test_every_text_of_a_loc_hand_went_through_a_catalog(simcord_env, monkeypatch):
    world, seen = await play_a_hand(simcord_env, monkeypatch, i18n.PSEUDO)
    texts = [(where, text) for where, text in seen.texts(world) if where != "image"]
    texts.append(("images", " ".join(seen.drawn)))
    assert_all_marked(texts, ("alice",))
    assert seen.drawn, "the images' words were watched"


async def test_a_french_member_in_a_french_server_plays_loc_in_french(simcord_env, monkeypatch):
    world, seen = await play_a_hand(simcord_env, monkeypatch, "fr")
    texts = list(seen.texts(world))
    assert_no_english(texts, TAROT_ENGLISH, LOC_ENGLISH)
    assert_words_used(texts, ("Coup", "donne", "pot", "écart", "mise", "Vous"))
