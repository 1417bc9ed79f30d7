"""A text said is a lookup (issue 30: "translation is a lookup, not a cost"): its template is
looked up once, a plain string is never taken for a marked text of the same English, and a
refusal's text is made only when the move is refused."""

from __future__ import annotations

import pytest
from babel.numbers import format_decimal

from bot import i18n
from games.base import N_, IllegalAction, Number, Text, require


def test_a_text_said_again_is_said_alike_its_template_looked_up_once():
    with i18n.speaking("fr"):
        first = i18n.translated(Text("{rank} of Cups", rank=Text("King")))
        again = i18n.translated(Text("{rank} of Cups", rank=Text("King")))
    assert first == again == "Roi de Coupes"
    assert i18n._plans["fr"]["{rank} of Cups"][:4] == ("{rank} de Coupes", None, True, False)


def test_a_plain_string_is_not_taken_for_a_text():
    """A plain string equals a Text of the same English, and True equals 1: neither is taken
    for the other (a member named "King" is no card)."""
    with i18n.speaking("fr"):
        assert i18n.translated(Text("{rank} of Cups", rank=Text("King"))) == "Roi de Coupes"
        assert i18n.translated(Text("{rank} of Cups", rank="King")) == "King de Coupes"
        assert i18n._("{rank} of Cups", rank=Text("King")) == "Roi de Coupes"
        assert i18n._("{rank} of Cups", rank="King") == "King de Coupes"
        assert i18n._("a text no catalog has, {name}", name=1) == "a text no catalog has, 1"
        assert i18n._("a text no catalog has, {name}", name=True) == "a text no catalog has, True"
        assert i18n._("a text no catalog has, {name}", name=1.5) == "a text no catalog has, 1.5"  # never kept
    with i18n.speaking(i18n.PSEUDO):
        assert i18n.translated(Text("{rank} of Cups", rank="King")).startswith(i18n.OPEN_MARK)


def test_the_kept_templates_are_bounded(monkeypatch):
    monkeypatch.setattr(i18n, "MEMO_SIZE", 50)
    with i18n.speaking("fr"):
        said = [i18n._(f"a text no catalog has, number {n}, {{name}}", name=n) for n in range(200)]
    assert said[-1] == "a text no catalog has, number 199, 199" and sum(map(len, i18n._plans.values())) <= 50


@pytest.mark.parametrize("value", [5, 999, 1000, -1000, 12_345])
def test_a_number_is_written_the_language_s_way_in_a_text(value):
    """A number under a thousand is handed on as it is (French writes it as Python does), a
    greater one grouped the French way, in a message, a nested text and a plural alike."""
    french = format_decimal(value, locale="fr")
    with i18n.speaking("fr"):
        assert i18n._("a text no catalog has, {name}", name=value) == f"a text no catalog has, {french}"
        assert i18n.translated(Text("{label}: {value}", label=Text("{n} x", n=value), value=value)) == f"{french} x : {french}"
        assert i18n.ngettext("{n} chip", "{n} chips", value) == f"{french} jetons"
        signed = ("+" if value >= 0 else "-") + format_decimal(abs(value), locale="fr")
        assert i18n._("a text no catalog has, {name:+}", name=value) == f"a text no catalog has, {signed}"
        assert i18n._("a text no catalog has, {name}", name=value) == f"a text no catalog has, {french}"  # kept


def test_a_refusal_is_made_only_when_the_move_is_refused():
    require(True, N_("you cannot play more than {most} hands"), most=4)  # nothing made, nothing raised
    with pytest.raises(IllegalAction) as refused:
        require(False, N_("you have {n} chip, splitting needs {more} more"),
                plural=N_("you have {n} chips, splitting needs {more} more"), count=3, more=10)
    reason = refused.value.reason
    assert isinstance(reason, Text) and reason == "you have 3 chips, splitting needs 10 more"
    assert (reason.msgid, reason.plural, reason.count, reason.params) == (
        "you have {n} chip, splitting needs {more} more", "you have {n} chips, splitting needs {more} more", 3,
        {"more": 10})
    made = Text(N_("the shoe is empty"))
    with pytest.raises(IllegalAction) as refused:
        require(False, made)
    assert refused.value.reason is made


@pytest.mark.parametrize("value", [0, 7, 999, 1000, 65_536, 1_000_000, 123_456_789_012])
def test_french_numbers_are_babel_s(value):
    assert format(Number(value, "fr"), "") == format_decimal(value, locale="fr")
    assert format(Number(-value, "fr"), "+") == ("-" if value else "+") + format_decimal(value, locale="fr")


def test_a_nested_text_said_as_english_is_handed_on_as_it_is():
    """A nested Text whose template no catalog translates, its parameters written as English
    writes them, is its English already: handed on as it is, not filled in again — unless one
    of its numbers is written otherwise (French: 1 000) or its words are translated."""
    plain = i18n._kinds_in("fr")[0]
    alike = Text("a text no catalog has, {name}", name="Ann")
    grouped = Text("a text no catalog has, {name}", name=1000)
    french = Text("{rank} of Cups", rank=Text("King"))
    with i18n.speaking("fr"):
        assert i18n._nested("fr", alike, plain) is alike
        assert i18n._nested("fr", Text("{rank} of Cups", rank=alike), plain) == "a text no catalog has, Ann de Coupes"
        assert i18n._nested("fr", grouped, plain) == f"a text no catalog has, {format_decimal(1000, locale='fr')}"
        assert i18n._nested("fr", french, plain) == "Roi de Coupes"
        assert type(i18n.translated(alike)) is str and i18n.translated(alike) == alike
    with i18n.speaking("en-GB"):  # English said through the translation: every text as English says it
        assert i18n.translated(Text("{rank} of Cups", rank=Text("King"), n=1000)) == "King of Cups"
        assert i18n._("{n} chips", n=12_345) == "12345 chips"
