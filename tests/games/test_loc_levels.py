"""Loc's three computer levels (issue 29): every level plays whole hands legally with chips
conserved; its decision depends only on what its seat may see (the others' cards, discards and
chosen cards dealt anew change nothing) and the same view gives the same decision; the easy
player plays its weakest card. (How strong each level is: `python -m bench.arena loc`.)"""

from __future__ import annotations

import random

import pytest

import games.loc as loc
from games.base import LEVELS, SeatSpec
from games.loc import ai, hard
from tests.games.test_loc_ai import my_view, rehide
from tests.seeds import predict

HANDS = 3


@pytest.fixture(autouse=True)
def quick_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hard, "BUDGET", 300)  # cards played in imagined hands: a real search, quickly


@pytest.mark.parametrize(("players", "deck"), [(4, "tarot"), (7, "standard")])
def test_every_level_plays_whole_hands_and_reads_no_hidden_card(players: int, deck: str) -> None:
    options = loc.Options(deck=deck, bet=10)
    predict(f"loc levels {players}")
    state = loc.new(options, [SeatSpec(n if n == 1 else -n, 1000) for n in range(1, players + 1)])
    levels = {p: LEVELS[i % len(LEVELS)] for i, p in enumerate(loc.players(state))}
    total = loc.chips_on_table(state)
    rng = random.Random(players)
    checked = set()
    while state.hand <= HANDS and loc.pending(state):
        player = rng.choice(loc.pending(state))
        level = levels[player]
        action = loc.computer_action(state, player, level)
        assert action in loc.legal_actions(state, player)
        if rng.random() < 0.5:
            assert loc.computer_action(state, player, level) == action, "the same view gave another decision"
            assert loc.computer_action(rehide(state, player, rng), player, level) == action, \
                f"a hidden card changed the {level} player's decision"
            checked.add(level)
        loc.apply(state, player, action)
        assert loc.chips_on_table(state) == total
    assert state.hand > HANDS
    assert checked == set(LEVELS)


def test_the_easy_player_plays_its_weakest_card_whatever_the_pot() -> None:
    assert ai.choose(my_view("AW 21 3C KP 9W", 120), "easy") == {"type": "play", "card": "3C"}
    assert ai.choose(my_view("AW 5", 10), "easy") == {"type": "play", "card": "AW"}

