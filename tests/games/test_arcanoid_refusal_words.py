"""Arcanoid's refusals are marked texts: English as they always read, French for a French
reader (the refusals of games/arcanoid are translated in locales/fr/LC_MESSAGES/arcanoid.po)."""

from __future__ import annotations

from bot import i18n
from tests.games.arcanoid_helpers import refused, table


def test_a_refusal_reads_in_english_and_in_french():
    state = table({1: "2S 3S 4S 5S 6S 7S", 2: "2C 3C 4C 5C 6C 7C"})
    reason = refused(state, 2, {"type": "discard", "card": "2C"}, "turn")
    assert reason.startswith("it is ") and reason.endswith("'s turn"), reason
    french = i18n.translated(reason, "fr")
    assert french.startswith("c’est au tour de "), french
    with i18n.speaking(i18n.PSEUDO):
        assert i18n.translated(reason).startswith(i18n.OPEN_MARK)


def test_a_refill_vote_refused_in_french():
    state = table({1: "2S 3S 4S 5S 6S 7S", 2: "2C 3C 4C 5C 6C 7C"})
    vote = refused(state, 1, {"type": "vote", "refill": True}, "no refill vote")
    assert i18n.translated(vote, "fr") == "il n’y a pas de vote pour refaire la pioche en ce moment"
