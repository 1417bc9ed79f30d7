"""Major Baccarat played through SimCord in another language: in the pseudo-language every text
a member sees (the table message and its buttons, the bet form, private answers, refusals,
/rules, /history, /table status, the words of the images) came through a catalog; in French,
French members in a French server bet on the Joueur and the Banque and see no English."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from bot import i18n
from tests.discord.helpers import make_world, table_message
from tests.discord.languages import (
    Seen,
    assert_all_marked,
    assert_no_english,
    assert_words_used,
    speak,
    watch_drawings,
)
from tests.discord.test_blackjack_languages import ENGLISH, balanced
from tests.discord.test_tarot_languages import control
from tests.seeds import predict

COUPS = 3


def form_texts(modal: Any) -> Iterator[str]:
    """The title, labels and placeholders of a form (a modal's payload)."""
    if isinstance(modal, dict):
        for key in ("title", "label", "placeholder"):
            if isinstance(modal.get(key), str):
                yield modal[key]
        for value in modal.values():
            yield from form_texts(value)
    elif isinstance(modal, list):
        for value in modal:
            yield from form_texts(value)


async def play_coups(env: Any, monkeypatch: pytest.MonkeyPatch, locale: str) -> tuple[Any, Seen, list[str]]:
    """Alice (the Joueur button and its form) and Bob (the command, on the Banque) play three
    coups in `locale`, theirs and the server's; refusals, /rules, /table status and /history
    along the way. Returns the world, what was seen, and the forms' texts."""
    speak(monkeypatch, {}, server=locale)
    world = make_world(env)
    alice, bob = world.members
    speak(monkeypatch, {alice.id: locale, bob.id: locale}, server=locale)
    seen, forms = Seen(), []
    watch_drawings(monkeypatch, seen)
    predict(77)
    seen.answer(await alice.slash(world.channel, "baccarat create", timer=0, buy_in=1000))
    seen.answer(await bob.slash(world.channel, "table join", buy_in=1000))
    seen.answer(await alice.slash(world.channel, "table start"))
    seen.answer(await alice.slash(world.channel, "rules", game="baccarat"))
    table = world.table()
    while table.state.round <= COUPS:
        message = table_message(world)
        shown = seen.answer(await alice.click(message, custom_id=control(message, "form.player")))
        forms.extend(form_texts(shown.modal))
        seen.answer(await alice.submit_modal(shown, {"amount": "20"}))
        seen.answer(await alice.slash(world.channel, "baccarat bet", on="tie", amount=10))  # refused: already bet
        seen.answer(await bob.slash(world.channel, "baccarat bet", on="banker", amount=100_000))  # refused: the maximum
        seen.answer(await bob.slash(world.channel, "baccarat bet", on="banker", amount=30))
    message = table_message(world)
    shown = seen.answer(await alice.click(message, custom_id=control(message, "form.tie")))
    seen.answer(await alice.submit_modal(shown, {"amount": "lots"}))  # refused: not a number
    seen.answer(await alice.slash(world.channel, "table status"))
    seen.answer(await bob.slash(world.channel, "history"))
    seen.answer(await bob.slash(world.channel, "table leave"))
    return world, seen, forms


async def test_every_text_of_a_baccarat_table_went_through_a_catalog(simcord_env, monkeypatch):
    world, seen, forms = await play_coups(simcord_env, monkeypatch, i18n.PSEUDO)
    seen.drawn = balanced(seen.drawn)
    shown = [*seen.texts(world), *(("form", text) for text in forms)]
    assert_all_marked(shown, ("alice", "bob"))
    logged = [move for entry in world.table().state.history for move in entry["log"]]
    assert logged and all("msgid" in move for move in logged), "the moves are kept marked, for /history"


async def test_french_members_in_a_french_server_play_baccarat_in_french(simcord_env, monkeypatch):
    world, seen, forms = await play_coups(simcord_env, monkeypatch, "fr")
    texts = [*seen.texts(world), *(("form", text) for text in forms)]
    assert_no_english(texts, ENGLISH, re.compile(r"(Player|Banker|Tie)"))
    assert_words_used(texts, ("Joueur", "Banque", "Manche", "jetons", "mise", "Jetons"))
