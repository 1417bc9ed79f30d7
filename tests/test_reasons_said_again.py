"""A settled coup's reason reads alike said from the game's marked text (the live state, the
event) or said again from its cards (a stored round: its reason kept as English words only), in
every language (issue 30: the reason is translated as it is, not re-derived at every build)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bench.bench_language import dealt_alike, new_state, next_move
from bot import i18n
from cogs.baccarat import _reason as coup_reason
from cogs.blackjack import _reason as hand_reason
from games.base import Text

LANGUAGES = i18n.languages() + [i18n.PSEUDO]


def settled_views(game: str, wanted: int = 5) -> list[dict[str, Any]]:
    """The views of a game's settled rounds (their reasons marked texts), played by the bench's players."""
    dealt_alike(game)
    module, state = new_state(game)
    found: list[dict[str, Any]] = []
    while len(found) < wanted and next_move(module, state) is not None:
        last = module.view(state, None).get("last_round")
        if last and (not found or last is not found[-1]):
            found.append(last)
    assert found, f"{game}: no round settled"
    return found


def stored(view: dict[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(view))  # as a stored table keeps it: the reasons plain English


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_baccarat_coup_s_reason_reads_alike_marked_or_said_again(language):
    for view in settled_views("baccarat"):
        assert isinstance(view["reason"], Text)
        with i18n.speaking(language):
            assert coup_reason(view) == coup_reason(stored(view)) != ""


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_blackjack_hand_s_reason_reads_alike_marked_or_said_again(language):
    told = 0
    for view in settled_views("blackjack"):
        dealer, kept = view["dealer"]["cards"], stored(view)
        for seat, seat_kept in zip(view["seats"], kept["seats"], strict=True):
            for hand, hand_kept in zip(seat["hands"], seat_kept["hands"], strict=True):
                if not hand.get("reason"):
                    continue
                assert isinstance(hand["reason"], Text)
                with i18n.speaking(language):
                    assert hand_reason(hand, dealer) == hand_reason(hand_kept, dealer) != ""
                told += 1
    assert told
