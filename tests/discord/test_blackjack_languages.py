"""Major Blackjack played through SimCord in another language: in the pseudo-language every text
a member sees (the table message and its buttons, the DMs with the hand, private answers,
refusals, /rules, /history, the words of the images) came through a catalog; in French, French
members in a French server play rounds with a split and a double and see no English."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot import i18n
from games import blackjack
from tests.discord.helpers import make_world, table_message
from tests.discord.languages import (
    Seen,
    assert_all_marked,
    assert_no_english,
    assert_words_used,
    speak,
    watch_drawings,
)
from tests.discord.test_blackjack_play import BETS, next_move, seed_with
from tests.discord.test_tarot_languages import control
from tests.seeds import predict

ROUNDS = 3


async def play_rounds(env: Any, monkeypatch: pytest.MonkeyPatch, locale: str) -> tuple[Any, Seen]:
    """Alice (buttons) and Bob (commands) play three rounds in `locale` (theirs and the
    server's), with a split and a double among them; refusals, /rules, /hand, /history and
    /table status along the way."""
    speak(monkeypatch, {}, server=locale)
    world = make_world(env)
    alice, bob = world.members
    speak(monkeypatch, {alice.id: locale, bob.id: locale}, server=locale)
    seen = Seen()
    watch_drawings(monkeypatch, seen)
    seed = seed_with([alice.id, bob.id], ROUNDS, {"split", "double"})
    predict(seed)
    seen.answer(await alice.slash(world.channel, "blackjack create", timer=0, buy_in=1000))
    seen.answer(await bob.slash(world.channel, "table join", buy_in=1000))
    seen.answer(await alice.slash(world.channel, "table start"))
    seen.answer(await alice.slash(world.channel, "rules", game="blackjack"))
    seen.answer(await bob.slash(world.channel, "blackjack hit"))  # refused: the cards are not dealt yet
    table = world.table()
    while table.state.round <= ROUNDS:
        seen.answer(await alice.click(table_message(world), custom_id=control(table_message(world), f"bet.{BETS[0]}")))
        seen.answer(await bob.slash(world.channel, "blackjack bet", amount=BETS[1]))
        seen.answer(await alice.slash(world.channel, "hand"))
        while table.state.phase == "playing":
            player, move = next_move(table.state)
            if player == alice.id:
                seen.answer(await bob.slash(world.channel, "blackjack stand"))  # refused: not his turn
                message = table_message(world)
                seen.answer(await alice.click(message, custom_id=control(message, move)))
            else:
                seen.answer(await bob.slash(world.channel, f"blackjack {move}"))
    seen.answer(await alice.slash(world.channel, "blackjack bet", amount=100_000))  # refused: above the maximum
    seen.answer(await alice.slash(world.channel, "table status"))
    seen.answer(await bob.slash(world.channel, "history"))
    seen.answer(await alice.slash(world.channel, "table leave"))
    return world, seen


def balanced(drawn: list[str]) -> list[str]:
    """The image's lines with their markers balanced: a marked text wrapped over several lines
    (or cut short, "…") opens on one line and closes on another, so each line is closed where
    it stops and opened where it starts (words outside every marker are still found)."""
    lines = []
    for line in drawn:
        depth = opened = 0
        for char in line:
            if char == i18n.OPEN_MARK:
                depth += 1
            elif char == i18n.CLOSE_MARK:
                depth -= 1
                opened = max(opened, -depth)
        lines.append(i18n.OPEN_MARK * opened + line + i18n.CLOSE_MARK * (depth + opened))
    return lines


async def test_every_text_of_a_blackjack_table_went_through_a_catalog(simcord_env, monkeypatch):
    world, seen = await play_rounds(simcord_env, monkeypatch, i18n.PSEUDO)
    seen.drawn = balanced(seen.drawn)
    assert_all_marked(seen.texts(world), ("alice", "bob"))
    logged = [move for entry in world.table().state.history for move in entry["log"]]
    assert logged and all("msgid" in move for move in logged), "the moves are kept marked, for /history"


# Common English words of the game that are no French words ("blackjack", "table", "double" are).
ENGLISH = re.compile(r"\b(the|and|your|you|hand|hands|dealer|bets?|hits?|stands?|doubles|splits?|wins|loses|"
                     r"push(es)?|round|shoe|stack|chips?|waiting|turn|bust|dealt|settled|shows|join|start|"
                     r"leave|seed|deal|is|of|to|with|for|by|on)\b", re.IGNORECASE)



async def test_french_members_in_a_french_server_play_blackjack_in_french(simcord_env, monkeypatch):
    world, seen = await play_rounds(simcord_env, monkeypatch, "fr")
    texts = list(seen.texts(world))
    assert_no_english(texts, ENGLISH)
    assert_words_used(texts, ("croupier", "tire", "mise", "Manche", "jetons", "sépare", "double"))
    assert blackjack.to_dict(world.table().state)["round"] == ROUNDS + 1
