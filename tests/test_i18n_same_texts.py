"""Saying a text quickly says the same text (issue 30: "translation is a lookup, not a cost"):
every game played by its computer players, move after move, reads byte for byte alike in French
and in the pseudo-language whether its texts are said by `bot.i18n`'s quick path (templates
looked up once with their elision, numbers under a thousand handed on as they are, a nested
text said as English says it handed on as it is) or by the
plain way (the catalog asked each time, every number written by `Number`, every template
searched for elision) — the move told, the table's lines, its buttons and each private hand."""

from __future__ import annotations

import importlib
import random
import secrets
import zlib
from typing import Any

import pytest

from bench.bench_language import new_state, next_move, table_of
from bot import i18n
from cogs.common import UIS
from games.base import Number, Text
from games.elision import elided
from renders.warm import NAMES

GAMES = ("blackjack", "baccarat", "poker", "tarot", "rummy", "loc", "arcanoid")
MOVES = 60


def plainly(language: str, msgid: str, plural: str | None, count: int, params: dict[str, Any]) -> str:
    """A text said the plain way: no template kept, every parameter written the language's way."""
    english = msgid if plural is None or abs(count) == 1 else plural
    params = {"n": count, **params} if plural is not None else params
    if language == i18n.PSEUDO:
        return i18n._marked(english.format(**params) if params else english)
    catalog = i18n._catalog(language)
    if plural is None:
        template = catalog.gettext(msgid)
    else:
        template = catalog.ngettext(msgid, plural, abs(count))
        if template in (msgid, plural):  # the forms marked one by one
            template = catalog.gettext(msgid if catalog.plural(abs(count)) == 0 else plural)
    values = {key: written(value, language) for key, value in params.items()}
    return elided(template, values, language).format(**values)


def written(value: Any, language: str) -> Any:
    if isinstance(value, Text):
        return i18n.translated(value, language)
    if isinstance(value, int) and not isinstance(value, bool):
        return Number(value, language)
    return value


def shown(ui: Any, table: Any, events: list[Any]) -> list[str]:
    """Every text one move shows: the move told, the table's lines and buttons, each seat's
    private hand with its controls."""
    names = dict(NAMES)
    view = table.view(None)
    texts = [ui.describe(events, names), *ui.status_lines(table, view, names)]
    controls = list(ui.buttons(table, view))
    for player in table.players():
        text, _drawing, own = ui.hand_view(table, player, names)
        texts.append(text)
        controls += own
    for control in controls:
        texts.append(getattr(control, "label", None) or control.placeholder)
        texts += [label for label, _value in getattr(control, "options", ())]
    return texts


def played(game: str, language: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A game's texts, move by move, the same deals and choices every time."""
    seeded = random.Random(zlib.crc32(game.encode()))
    monkeypatch.setattr(secrets, "token_hex", lambda nbytes=32: seeded.randbytes(nbytes or 32).hex())
    random.seed(zlib.crc32(game.encode()))
    importlib.import_module(f"cogs.{game}")  # its UI registered
    ui = UIS[game]
    module, state = new_state(game)
    table = table_of(game, state)
    texts: list[str] = []
    with i18n.speaking(language):
        for _move in range(MOVES):
            events = next_move(module, state)
            if events is None:
                break
            texts += shown(ui, table, events)
    return texts


@pytest.mark.parametrize("language", ["fr", i18n.PSEUDO])
@pytest.mark.parametrize("game", GAMES)
def test_a_game_reads_alike_said_quickly_or_plainly(game, language, monkeypatch):
    quick = played(game, language, monkeypatch)
    with monkeypatch.context() as plain:
        plain.setattr(i18n, "_spoken", plainly)
        plain.setattr(i18n, "_nested", lambda language, text, _plain: plainly(language, text.msgid, text.plural,
                                                                             text.count, text.params))
        plain.setattr(i18n, "_plans", {})  # no template kept: `_` asks `_spoken`
        slow = played(game, language, monkeypatch)
    assert len(quick) > MOVES
    assert quick == slow
