"""No internal id or Python value reaches a member (issue 20 item 2): every text a member sees
while playing each game against computers — channel messages, embeds, buttons, menus, DMs,
/hand and /table status replies, the text drawn on the images — is scanned for raw mentions of
the bot's own seats (`<@-1>`), "Player -1", raw member ids, `None`, `True`/`False`, `{` and `[`."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.base import SeatNames, seat_name
from renders.layout import player_name
from tests.discord.helpers import World, latest_with_buttons, make_world
from tests.discord.test_live_words import safe_move
from tests.seeds import predict

LEAKS = [
    (re.compile(r"<@-"), "a raw mention of a computer's seat"),
    (re.compile(r"\bPlayer (-\d|\d{5,})"), "a seat named by its id"),  # not baccarat's Player hand
    (re.compile(r"(?<![<@\d])\d{17,20}(?![>\d])"), "a raw member id"),
    (re.compile(r"\bNone\b"), "a Python None"),
    (re.compile(r"\b(True|False)\b"), "a Python bool"),
    (re.compile(r"[{}\[\]]"), "a Python dict or list"),
    (re.compile(r"(?<![\d.,])(?<!Computer )[+-]?1 (cards|chips|points|bets|hands|rounds|tricks|players|seats|minutes|seconds|"
                r"questions|melds)\b"), "one with a plural"),
    (re.compile(r"\bYou('s| (takes|bets|calls|raises|folds|checks|wins|loses|has|is|plays|draws|discards|"
                r"chooses|sits|leaves))\b"), "'You' as a name, with a verb or possessive that disagrees"),
]
STEPS = 60


def message_texts(message: Any) -> list[str]:
    """Every text of a message a member reads: content, embeds, buttons and menus."""
    texts = [message.content or ""]
    for embed in message.embeds:
        texts += [embed.title or "", embed.description or "", embed.footer.text or "" if embed.footer else ""]
        texts += [text for field in embed.fields for text in (field.name, field.value)]
    for row in message.components:
        for item in getattr(row, "children", []):
            texts += [getattr(item, "label", None) or "", getattr(item, "placeholder", None) or ""]
            texts += [option.label for option in getattr(item, "options", [])]
    return texts


def reply_texts(result: Any) -> list[str]:
    messages = ([result.response] if result.response else []) + list(result.followups)
    texts = []
    for message in messages:
        texts.append(message.content or "")
        for embed in getattr(message, "embeds", []) or []:
            data = embed if isinstance(embed, dict) else embed.to_dict()
            texts += [data.get("title", ""), data.get("description", "")]
            texts += [t for f in data.get("fields", []) for t in (f.get("name", ""), f.get("value", ""))]
    return texts


def leaks(texts: list[str]) -> list[str]:
    found = []
    for text in texts:
        for pattern, what in LEAKS:
            if pattern.search(text or ""):
                found.append(f"{what}: {text!r}")
    return found


async def play_a_while(world: World, member: Any, steps: int = STEPS) -> None:
    for _ in range(steps):
        await safe_move(world, member)
        await world.env.advance_time(0.5)


GAMES = [
    ("poker", {"bots": 3, "timer": 0}),
    ("loc", {"bots": 3, "timer": 0}),
    ("tarot", {"players": 3, "bots": 2, "timer": 0}),
    ("rummy", {"opponent": "bot", "timer": 0}),
    ("arcanoid", {"bots": 2, "timer": 0, "gaza": True}),
]


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[g[0] for g in GAMES])
async def test_no_id_or_python_value_reaches_a_member(simcord_env, drawn, game, options):
    world = make_world(simcord_env, names=("alice",))
    alice = world.members[0]
    world.bot.tables.computer_pause = 0
    predict(11)
    await alice.slash(world.channel, f"{game} create", **options)
    lobby_texts = message_texts(latest_with_buttons(world.channel, "Join", "Start"))
    await alice.click(latest_with_buttons(world.channel, "Start"), label="Start")
    await play_a_while(world, alice)
    texts = lobby_texts + reply_texts(await alice.slash(world.channel, "hand"))
    texts += reply_texts(await alice.slash(world.channel, "table status"))
    for message in [*world.channel.history(viewer=alice), *alice.user.dm_channel.history()]:
        texts += message_texts(message)
    texts += drawn.texts
    assert "Computer 1" in " ".join(texts)
    assert not leaks(texts), "\n".join(leaks(texts)[:20])


async def test_a_member_whose_display_name_is_you_is_not_named_you(simcord_env, drawn):
    world = World(simcord_env, simcord_env.create_guild(), None, [])
    world.channel = world.guild.create_text_channel("casino")
    you = world.guild.add_member(simcord_env.create_user("you", global_name="You"))
    world.members.append(you)
    world.bot.tables.computer_pause = 0
    predict(3)
    await you.slash(world.channel, "poker create", bots=2, timer=0)
    await you.click(latest_with_buttons(world.channel, "Start"), label="Start")
    await play_a_while(world, you, steps=20)  # names are shown from the first hand on
    texts = [t for m in world.channel.history(viewer=you) for t in message_texts(m)] + drawn.texts
    assert any("Guest" in text for text in texts), "the member goes by a name that is not a pronoun"
    assert not any(re.search(r"\bYou\b", text) for text in texts if "Guest" in text), texts
    assert not leaks(texts), leaks(texts)


def test_every_kind_of_seat_has_a_name_and_none_is_an_id():
    names = SeatNames({5: "ann"})
    assert names[5] == "ann" and names.get(5, "x") == "ann"
    assert names[-2] == "Computer 2" and names.get(-2, "-2") == "Computer 2"
    assert names[-200] == "USA" and seat_name(-101) == "a daemon"
    assert names[123456789012345678] == "A player"
    assert player_name({}, -3) == "Computer 3" and player_name({7: "🂠"}, 7) == "A player"


async def test_a_daemon_is_named_after_its_master_on_the_table_message_and_image(simcord_env, drawn):
    from cogs.common import names_for
    from tests.discord.helpers import table_message
    from tests.discord.test_arcanoid_play import devil_played

    world, alice, bob, table, daemon = await devil_played(simcord_env, "0 10C 9C 8C 7C AC 8P")
    names = names_for(world.bot, table)
    assert names[daemon.player] == "Daemon of alice"
    await world.env.advance_time(2)
    seen = message_texts(table_message(world)) + drawn.texts
    assert any("Daemon of alice" in text or "DAEMON OF ALICE" in text for text in seen), seen
    assert not leaks(seen), leaks(seen)


@pytest.mark.parametrize("game", ["blackjack", "baccarat"])
async def test_no_id_or_python_value_reaches_a_member_at_a_house_game(simcord_env, drawn, game):
    world = make_world(simcord_env, names=("alice", "bob"))
    alice, bob = world.members
    predict(5)
    await alice.slash(world.channel, f"{game} create", timer=0)
    lobby = latest_with_buttons(world.channel, "Join", "Start")
    texts = message_texts(lobby)
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    on = {"on": "player"} if game == "baccarat" else {}
    for _ in range(2):  # two rounds
        for member in (alice, bob):
            texts += reply_texts(await member.slash(world.channel, f"{game} bet", amount=10, **on))
        table = world.table()
        while game == "blackjack" and table.state.phase == "playing" and table.module.pending(table.state):
            member = alice if table.module.pending(table.state)[0] == alice.id else bob
            texts += reply_texts(await member.slash(world.channel, "blackjack stand"))
    texts += reply_texts(await alice.slash(world.channel, "hand"))
    texts += reply_texts(await alice.slash(world.channel, "table status"))
    for member in (alice, bob):
        for message in [*world.channel.history(viewer=member), *member.user.dm_channel.history()]:
            texts += message_texts(message)
    texts += reply_texts(await alice.slash(world.channel, "table end"))
    texts += drawn.texts
    assert not leaks(texts), "\n".join(leaks(texts)[:20])
