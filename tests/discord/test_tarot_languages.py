"""French Tarot played through SimCord in another language: in the pseudo-language every text a
member sees (messages, embeds, buttons, menus, DMs, private answers, the words of the images)
came through a catalog; in French, a French member in a French server sees French Tarot's own
words and no English."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import discord
import pytest

from bot import create_bot, i18n
from games import fairness
from games import french_tarot as ft
from games.cards import card
from games.french_tarot import ai as tarot_ai
from tests.discord.helpers import make_world
from tests.discord.languages import Seen, assert_all_marked, assert_no_english, one_member_speaking, speak
from tests.discord.test_tarot_play import first_seed, simulate
from tests.seeds import predict


def control(message: discord.Message, code: str) -> str:
    """The custom_id of a message's button or menu whose move code is `code`."""
    for row in message.components:
        for item in getattr(row, "children", []):
            custom_id = str(getattr(item, "custom_id", "") or "")
            if custom_id.split(":")[-1] == code:
                return custom_id
    raise AssertionError(f"no control {code} on the message: {[m for m in message.components]}")


def latest_dm(member: Any) -> discord.Message:
    for message in reversed(member.user.dm_channel.history()):
        if message.components:
            return message
    raise AssertionError("no DM with controls")


async def move(world: Any, seen: Seen, member: Any, slash: bool, language: str) -> None:
    """The member's move (the computer policy's), from the DM's controls or by command (the
    card typed by its name in the member's language)."""
    state = world.table().state
    action = tarot_ai.choose(state, member.id, announce=True)
    kind, dm = action["type"], latest_dm(member)
    if slash and kind == "play":
        name = ft.tarot_name(card(action["card"]), state.options.style)
        typed = i18n.translated(name, language) if language != i18n.PSEUDO else action["card"]
        before = world.table().version
        seen.answer(await member.slash(world.channel, "tarot play", card=typed))
        assert world.table().version > before, f"{typed!r} was not read as {action['card']}"
    elif kind == "bid":
        seen.answer(await member.user.click(dm, custom_id=control(dm, f"bid.{action['contract']}")))
    elif kind == "call":
        seen.answer(await member.user.click(dm, custom_id=control(dm, f"call.{action['card']}")))
    elif kind == "discard":
        seen.answer(await member.user.select(dm, action["cards"], custom_id=control(dm, "discard")))
    elif kind == "no_chelem":
        seen.answer(await member.user.click(dm, custom_id=control(dm, "nochelem")))
    elif kind == "announce" and action.get("what") == "poignee":
        seen.answer(await member.user.click(dm, custom_id=control(dm, f"poignee.{action['level']}")))
    elif kind == "announce":
        seen.answer(await member.user.click(dm, custom_id=control(dm, "chelem")))
    else:
        seen.answer(await member.user.select(dm, [action["card"]], custom_id=control(dm, "play")))


async def play_a_game(env: Any, monkeypatch: pytest.MonkeyPatch, locale: str) -> tuple[Any, Seen]:
    """One member against three computers, one hand, in `locale` (theirs and the server's):
    the table's commands, a refusal, /rules, /hand and every move."""
    world, alice, seen = one_member_speaking(env, monkeypatch, locale)
    predict(first_seed(lambda s: simulate(4, s).history[-1]["contract"] is not None))
    seen.answer(await alice.slash(world.channel, "tarot create", players=4, bots=3, hands=1, timer=0))
    table = world.bot.tables.table_in(world.channel.id)
    lobby = next(m for m in reversed(world.channel.history()) if m.components)
    seen.answer(await alice.click(lobby, custom_id=f"tl:{table.id}:start"))
    seen.answer(await alice.slash(world.channel, "rules", game="tarot"))
    seen.answer(await alice.slash(world.channel, "hand"))
    seen.answer(await alice.slash(world.channel, "tarot play", card="KC"))  # refused: not her turn, or not hers
    moves = 0
    while not ft.is_over(table.state):
        await move(world, seen, alice, slash=moves % 4 == 3, language=i18n.language_of(locale))
        moves += 1
    seen.answer(await alice.slash(world.channel, "history"))
    return world, seen


async def test_every_text_of_a_tarot_game_went_through_a_catalog(simcord_env, monkeypatch):
    world, seen = await play_a_game(simcord_env, monkeypatch, i18n.PSEUDO)
    assert_all_marked(seen.texts(world), ("alice",))


# Common English words that are no French words (a French text may say "table", "score", "points").
ENGLISH = re.compile(r"\b(the|and|your|you|trick|hand|taker|defence|dog|bids?|passes|plays?|turn|cards?|"
                     r"game|waiting|takes?|king|discard|totals|join|start|leave|computer|is|of|to|with|"
                     r"for|by|seed|deal)\b", re.IGNORECASE)


async def test_a_french_member_in_a_french_server_plays_tarot_in_french(simcord_env, monkeypatch):
    world, seen = await play_a_game(simcord_env, monkeypatch, "fr")
    await use_the_frame(world, seen)
    texts = list(seen.texts(world))
    assert_no_english(texts, ENGLISH)
    everything = " ".join(text for _, text in texts)
    for word in ("Preneur" if "Preneur" in everything else "preneur", "pli", "Atout" if "Atout" in everything
                 else "atout", "chien", "Feuille de marque" if "Feuille" in everything else "Défense"):
        assert word in everything, f"French Tarot's own word {word!r} is never used"


FRAME_COMMANDS = [("wallet", {}), ("daily", {}), ("daily", {}), ("leaderboard", {}), ("leaderboard", {"game": "tarot"}),
                  ("leaderboard", {"game": "tarot", "by": "win rate"}), ("profile", {}), ("profile", {"game": "tarot"}),
                  ("fair show", {}), ("fair seed", {"value": "my-seed"}), ("verify", {"seed": "not a seed"}),
                  ("verify", {"seed": "0" * 64}), ("count", {"cards": "KC 21 0 3S"}), ("table status", {}),
                  ("table join", {}), ("hand", {})]


async def use_the_frame(world: Any, seen: Seen) -> None:
    """The commands around the tables, after the game (the wallet, records, fair deals…), and
    /verify of the hand's own seed (its verdict: the commitment, the deck, the cards re-dealt)."""
    for command, options in FRAME_COMMANDS:
        seen.answer(await world.members[0].slash(world.channel, command, **options))
    table = await world.bot.tables.last_table_in(world.channel.id)
    revealed = await world.bot.tables.store.revealed_deals(table.id)
    seed = next(iter(revealed.values()))["seed"]
    verdict = seen.answer(await world.members[0].slash(world.channel, "verify", seed=seed))
    assert fairness.commitment(seed) in verdict.response.content, "the verdict of the hand's seed"



async def test_a_member_s_language_is_remembered_across_a_restart(simcord_env, monkeypatch, db_path):
    """A DM sent between moves speaks the language the member last used, even after a restart."""
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    speak(monkeypatch, {alice.id: "fr"})
    await alice.slash(world.channel, "wallet")
    assert world.bot.language_of(alice.id) == "fr"
    await asyncio.sleep(0.1)  # the language is stored by a task of its own
    await simcord_env.restart_bot(create_bot(db_path=db_path, shard_count=1))
    assert world.bot.language_of(alice.id) == "en", "nothing known before it is read"
    await world.bot.load_languages([alice.id])
    assert world.bot.language_of(alice.id) == "fr"


async def test_the_frame_commands_went_through_a_catalog(simcord_env, monkeypatch):
    """/wallet, /daily, /leaderboard, /profile, /fair, /verify, /count and the table commands
    after a French Tarot game, in the pseudo-language: nothing unmarked."""
    world, seen = await play_a_game(simcord_env, monkeypatch, i18n.PSEUDO)
    await use_the_frame(world, seen)
    assert_all_marked(seen.texts(world), ("alice",), most=60)
