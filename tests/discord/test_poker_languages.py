"""Major Poker played through SimCord in another language: in the pseudo-language every text a
member sees (messages, embeds, buttons, menus, forms' answers, DMs, private answers, refusals,
/rules, /hand, /history, the words of the images) came through a catalog; in French, a French
member in a French server plays hold'em and five-card draw and sees no English word."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from bot import i18n
from games import poker
from tests.discord.helpers import table_message
from tests.discord.languages import Seen, assert_all_marked, assert_no_english, one_member_speaking
from tests.discord.test_tarot_languages import control
from tests.seeds import predict

HANDS = 3


def latest_dm(member: Any) -> discord.Message | None:
    for message in reversed(member.user.dm_channel.history() if member.user.dm_channel else []):
        if message.components:
            return message
    return None


async def move(world: Any, seen: Seen, member: Any, step: int) -> None:
    """The member's move: checks or calls, from the table's buttons, the DM's, or by command;
    one bet by the amount form; at the draw, the DM menu or standing pat."""
    table = world.table()
    turn = table.view(member.id)["turn"]
    if turn["action"] == "draw":
        dm = latest_dm(member)
        hole = [c for c in next(s for s in table.view(member.id)["seats"] if s["player"] == member.id)["cards"] if c]
        if step % 2 == 0 and dm is not None:
            seen.answer(await member.user.select(dm, hole[:2], custom_id=control(dm, "discard")))
        else:
            seen.answer(await member.slash(world.channel, "poker discard", cards="none"))
        return
    legal = set(turn["legal"])
    if "bet" in legal and step % 5 == 1:
        result = seen.answer(await member.click(table_message(world), custom_id=control(table_message(world), "betform")))
        assert result.modal is not None
        seen.answer(await member.submit_modal(result, {"amount": str(turn["min_bet"])}))
    elif step % 3 == 2:
        seen.answer(await member.slash(world.channel, "poker check" if "check" in legal else "poker call"))
    elif step % 3 == 1 and latest_dm(member) is not None:
        dm = latest_dm(member)
        seen.answer(await member.user.click(dm, custom_id=control(dm, "check" if "check" in legal else "call")))
    else:
        message = table_message(world)
        seen.answer(await member.click(message, custom_id=control(message, "check" if "check" in legal else "call")))


async def play_a_game(env: Any, monkeypatch: pytest.MonkeyPatch, locale: str, fmt: str) -> tuple[Any, Seen]:
    """One member against two computers, a few hands of `fmt`, in `locale` (theirs and the
    server's): /rules, refusals, /hand, every move, /history."""
    world, alice, seen = one_member_speaking(env, monkeypatch, locale)
    predict(2024)
    seen.answer(await alice.slash(world.channel, "poker create", bots=2, timer=0, format=fmt))
    table = world.bot.tables.table_in(world.channel.id)
    lobby = next(m for m in reversed(world.channel.history()) if m.components)
    seen.answer(await alice.click(lobby, custom_id=f"tl:{table.id}:start"))
    seen.answer(await alice.slash(world.channel, "rules", game="poker"))
    seen.answer(await alice.slash(world.channel, "hand"))
    seen.answer(await alice.slash(world.channel, "poker discard" if fmt == "holdem" else "poker turn",
                                  **({"cards": "none"} if fmt == "holdem" else {"card": "KC"})))  # refused
    step = 0
    while table.state.hand_no <= HANDS and alice.id in poker.players(table.state):
        if poker.pending(table.state)[:1] == [alice.id]:
            if step == 3:
                seen.answer(await alice.slash(world.channel, "poker raise", to=10 ** 8))  # refused: too much
            await move(world, seen, alice, step)
            step += 1
        else:
            seen.answer(await alice.slash(world.channel, "poker check"))  # refused: not her turn
    assert step >= 4, "the member played"
    seen.answer(await alice.slash(world.channel, "hand"))
    seen.answer(await alice.slash(world.channel, "history"))
    return world, seen


@pytest.mark.parametrize("fmt", ["holdem", "draw"])
async def test_every_text_of_a_poker_game_went_through_a_catalog(simcord_env, monkeypatch, fmt):
    world, seen = await play_a_game(simcord_env, monkeypatch, i18n.PSEUDO, fmt)
    assert_all_marked(seen.texts(world), ("alice",), wrapped_images=True)


# Common English words that are no French words (poker's French keeps "flop", "pot", "kicker", "full", "flush").
ENGLISH = re.compile(r"\b(the|and|your|you|hand|hands|turn|river|board|blinds?|stack|chips?|calls?|checks?|"
                     r"bets?|raises?|folds?|wins?|shows?|showdown|pair|kind|straight|high|draws?|"
                     r"stands?|pat|over|side|is|of|to|with|for|by|seed|deal|waiting|computer)\b",
                     re.IGNORECASE)


@pytest.mark.parametrize("fmt", ["holdem", "draw"])
async def test_a_french_member_in_a_french_server_plays_poker_in_french(simcord_env, monkeypatch, fmt):
    world, seen = await play_a_game(simcord_env, monkeypatch, "fr", fmt)
    texts = list(seen.texts(world))
    assert_no_english(texts, ENGLISH)
    everything = " ".join(text for _, text in texts)
    words = ["Tableau", "Donne", "Suivre", "blindes", "Abattage"] if fmt == "holdem" else ["échange", "Donne", "Abattage"]
    for word in words:
        assert word in everything, f"poker's French word {word!r} is never used"

