"""Arcanoid played through SimCord in another language: in the pseudo-language every text a
member sees in a whole game against a computer and the USA (messages, embeds, buttons, menus
and their pages, DMs, private answers, refusals, /rules, /hand, /history, the words of the
table and round images) came through a catalog; in French, a French member in a French server
plays it and sees no English word. The same game in English is checked by the other Arcanoid
tests (tests/discord/test_arcanoid_*.py), whose wording is unchanged."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot import i18n
from games import arcanoid as arc
from tests.discord.languages import (
    Seen,
    assert_all_marked,
    assert_no_english,
    assert_words_used,
    one_member_speaking,
    watch_drawings,
)
from tests.discord.test_arcanoid_play import choose, commit_from_dm, latest_dm, menu
from tests.discord.test_tarot_languages import control
from tests.games.arcanoid_helpers import seeded

SETTLE_SECONDS = 30  # every move draws the table (see tests/discord/test_arcanoid_play.py)
LONG_WINDOW = SETTLE_SECONDS + 10  # the test's clock closes the reaction windows


def watch_whole_texts(monkeypatch: pytest.MonkeyPatch, seen: Seen) -> set[str]:
    """`watch_drawings`, and a text an image wraps over several lines is kept whole (a line in the
    middle of a long marked text shows no marker of its own); returns the wrapped lines, to be
    left out of what was drawn."""
    from renders import text

    watch_drawings(monkeypatch, seen)
    wrap, lines_of_wraps = text.wrap, set()

    def whole(words: str, *args: Any, **kwargs: Any) -> list[str]:
        lines = wrap(words, *args, **kwargs)
        if len(lines) > 1:
            seen.drawn.append(words)
            lines_of_wraps.update(lines)
        return lines

    monkeypatch.setattr(text, "wrap", whole)
    return lines_of_wraps


async def look_at_a_page(seen: Seen, member: Any) -> bool:
    """Opens the first page of the DM's arcana menu (or a battlefield's), then goes back."""
    dm = latest_dm(member)
    for code in ("go2", "go1"):
        found = menu(dm, code)
        page = next((o.value for o in getattr(found, "options", None) or [] if not o.value.startswith("type=")), None)
        if page is not None:
            seen.answer(await choose(member, code, [page]))
            dm = latest_dm(member)
            seen.answer(await member.user.click(dm, custom_id=control(dm, "back")))
            return True
    return False


async def dm_move(world: Any, seen: Seen, member: Any, table: Any, step: int) -> None:
    """The computer policy's move for the member from the DM controls (every third one by
    command): a commit through the battlefield's page, a vote by its button, else a discard or
    an abdication."""
    wanted = arc.computer_action(table.state, member.id)
    dm = latest_dm(member)
    if wanted["type"] == "vote":
        seen.answer(await member.user.click(dm, custom_id=control(dm, "refill_yes" if wanted["refill"] else "refill_no")))
        return
    if wanted["type"] == "commit":
        if step % 3 == 2 and not wanted.get("second") and not wanted.get("chariot"):
            seen.answer(await member.slash(world.channel, "arcanoid commit", field=wanted["field"],
                                           cards=" ".join(wanted["cards"]), secret=bool(wanted.get("secret"))))
        else:
            seen.answer(await commit_from_dm(member, wanted))
        return
    discard_menu = menu(dm, "discard")
    if discard_menu is not None:
        seen.answer(await member.user.select(dm, [discard_menu.options[0].value], custom_id=discard_menu.custom_id))
        return
    field = next(f for f in ("swords", "staves", "cups", "coins") if f not in table.state.seat(member.id).fields)
    seen.answer(await commit_from_dm(member, {"type": "commit", "field": field, "cards": []}))


async def play_a_game(env: Any, monkeypatch: pytest.MonkeyPatch, locale: str) -> tuple[Any, Seen]:
    """One member against a computer and the USA, a whole game of one round, in `locale`
    (theirs and the server's): /rules, refusals, /hand, a look at the DM's pages, every move,
    /history."""
    wrapped: list[set[str]] = []
    world, alice, seen = one_member_speaking(env, monkeypatch, locale,
                                             watch=lambda patch, seen: wrapped.append(watch_whole_texts(patch, seen)))
    seeded(monkeypatch)
    seen.answer(await alice.slash(world.channel, "arcanoid create", bots=1, gaza=True, rounds=1, timer=0,
                                  reaction_seconds=LONG_WINDOW))
    table = world.bot.tables.table_in(world.channel.id)
    lobby = next(m for m in reversed(world.channel.history()) if m.components)
    seen.answer(await alice.click(lobby, custom_id=f"tl:{table.id}:start"))
    seen.answer(await alice.slash(world.channel, "rules", game="arcanoid"))
    seen.answer(await alice.slash(world.channel, "hand"))
    seen.answer(await alice.slash(world.channel, "arcanoid vote", refill=True))  # refused: no vote
    seen.answer(await alice.slash(world.channel, "arcanoid fool"))  # refused: no window
    seen.answer(await alice.slash(world.channel, "arcanoid play", arcanum="16", target="Zorro"))  # refused: no such seat
    moves = windows = 0
    looked = False
    for _ in range(3000):
        if arc.is_over(table.state):
            break
        if table.state.phase == "window":
            await env.advance_time(LONG_WINDOW)  # the window closes by its time
            windows += 1
            continue
        if arc.pending(table.state)[0] != alice.id:
            await env.advance_time(1)
            continue
        if not looked:
            looked = await look_at_a_page(seen, alice)
        if moves == 1:
            seen.answer(await alice.slash(world.channel, "arcanoid commit", field="swords", cards="zz"))  # refused
        await dm_move(world, seen, alice, table, moves)
        moves += 1
    assert arc.is_over(table.state) and moves >= 4 and windows >= 1 and looked
    seen.answer(await alice.slash(world.channel, "hand"))
    seen.answer(await alice.slash(world.channel, "history"))
    seen.drawn[:] = [words for words in seen.drawn if words not in wrapped[0]]
    return world, seen


@pytest.mark.simcord(settle_timeout=SETTLE_SECONDS)
async def test_every_text_of_an_arcanoid_game_went_through_a_catalog(simcord_env, monkeypatch):
    world, seen = await play_a_game(simcord_env, monkeypatch, i18n.PSEUDO)
    assert_all_marked(seen.texts(world), ("alice",), wrapped_images=True)


# Common English words that are no French words (Justice, Temperance, secret, force, Chariot are French too;
# the images' font draws no accents yet: "réaction" is drawn "reaction").
ENGLISH = re.compile(r"\b(the|and|your|you|hand|turn|deck|discards?|round|commits?|commitment|battles?|"
                     r"won|wins?|over|game|nobody|computer|waiting|swords|staves|cups|coins|abdicates?|"
                     r"abdicated|plays?|fool|hermit|daemon|window|steal|refill|empty|cards?|"
                     r"is|of|to|with|for|by)\b", re.IGNORECASE)


@pytest.mark.simcord(settle_timeout=SETTLE_SECONDS)
async def test_a_french_member_in_a_french_server_plays_arcanoid_in_french(simcord_env, monkeypatch):
    world, seen = await play_a_game(simcord_env, monkeypatch, "fr")
    texts = list(seen.texts(world))
    assert_no_english(texts, ENGLISH)
    assert_words_used(texts, ("épées", "engage", "Pioche", "manche", "champ de bataille", "COUPES"))

