"""A text said again is a lookup (issue 30: "translation is a lookup, not a cost"): what is kept
is found only by the same text, and a refusal's text is made only when the move is refused."""

from __future__ import annotations

import pytest
from babel.numbers import format_decimal

from bot import i18n
from games.base import N_, IllegalAction, Number, Text, require


def test_a_text_said_again_is_said_alike_and_kept():
    with i18n.speaking("fr"):
        first = i18n.translated(Text("{rank} of Cups", rank=Text("King")))
        again = i18n.translated(Text("{rank} of Cups", rank=Text("King")))
    assert first == again == "Roi de Coupes"
    assert ("fr", Text("{rank} of Cups", rank=Text("King")).key()) in i18n._said


def test_what_is_kept_is_found_only_by_the_same_text():
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


def test_the_kept_texts_are_bounded(monkeypatch):
    monkeypatch.setattr(i18n, "MEMO_SIZE", 50)
    with i18n.speaking("fr"):
        said = [i18n._("a text no catalog has, {name}", name=n) for n in range(200)]
    assert said[-1] == "a text no catalog has, 199" and len(i18n._said) <= 50


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
