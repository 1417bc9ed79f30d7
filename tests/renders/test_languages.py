"""The pictures in French: every letter of French drawn as written (the font has them all, no
accent is stripped), and every number written the French way ("12 530": Babel groups it with a
narrow no-break space, drawn as wide as a space, that no line breaks at), while the English
pictures keep "12,530"."""

from __future__ import annotations

import re

from bot import i18n
from cogs.answers import render_words
from games import poker
from games.base import SeatSpec
from renders import layout, text
from renders.french_tarot import render_tarot
from renders.poker import render_poker
from renders.words import Words
from tests.drawing import Drawn
from tests.games.test_french_tarot_render import scored_hand
from tests.seeds import predict

NAMES = {1: "Alice", 2: "Bob", 3: "Chandra", 4: "Dmitri", -1: "Computer 1", -2: "Computer 2", -3: "Computer 3"}
FRENCH_THOUSANDS = re.compile(r"\d\u00a0\d{3}")  # as drawn (renders/text.py DRAWN_NO_BREAK)
ENGLISH_THOUSANDS = re.compile(r"\d,\d{3}")


def words(language: str, domain: str) -> Words:
    with i18n.speaking(language):
        return render_words(domain)


def rich_table() -> dict:
    predict(3)
    state = poker.new(poker.Options(timer=0), [SeatSpec(p, 12_530) for p in (1, 2, 3, 4)])
    return poker.view(state)


def test_a_french_poker_table_writes_its_amounts_the_french_way(drawn: Drawn) -> None:
    view = rich_table()
    render_poker(view, NAMES, words=words("fr", "poker"))
    french = drawn.joined()
    assert "Tapis 12\u00a0530" in french and FRENCH_THOUSANDS.search(french)
    assert not ENGLISH_THOUSANDS.search(french), french
    drawn.clear()
    render_poker(view, NAMES, words=words("en", "poker"))
    english = drawn.joined()
    assert "Stack 12,530" in english and not FRENCH_THOUSANDS.search(english)


def test_a_number_is_written_in_the_pictures_language() -> None:
    french = words("fr", "poker")
    assert french.number(1_234_567) == "1\u202f234\u202f567" and french.number(-2500, "+") == "-2\u202f500"
    assert french.number(1500, "+,") == "+1\u202f500" and french("Stack {chips}", chips=2000) == "Tapis 2\u202f000"
    english = words("en", "poker")
    assert english.number(1_234_567) == "1,234,567" and english.number(1500, "+") == "+1500"
    assert words("en-XA", "poker").number(1500) == "1,500"  # the pseudo-language writes English numbers


def test_a_french_score_sheet_draws_its_accents(drawn: Drawn) -> None:
    render_tarot(scored_hand(4), NAMES, words=words("fr", "tarot"))
    said = drawn.texts
    assert any(accented in line for line in said for accented in "éèàçôÉ"), said
    assert all(text.clean(line, "") == line for line in said), "every text drawn as written"
    assert "terminee" not in drawn.joined().lower()


def test_the_font_draws_every_letter_of_french() -> None:
    letters = "àâæçéèêëîïôœùûüÿÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸ«»’…€"
    assert all(text.has_glyph(letter) for letter in letters), [c for c in letters if not text.has_glyph(c)]
    assert text.clean(f"Écart : {letters}") == f"Écart : {letters}"


def test_a_line_never_breaks_inside_a_french_number() -> None:
    amount = "Tapis 12\u202f530 jetons"
    narrow = text.width("Tapis 12", layout.SMALL) + 4
    lines = text.wrap(amount, layout.SMALL, narrow)
    assert "12\u202f530" in lines, lines
    assert text.wrap_two(amount, layout.SMALL, narrow + 40)[0] != "Tapis 12"
