"""Arcanoid's computer player: legal moves only, from its own view only, and with purpose."""

from __future__ import annotations

import random

import pytest

import games.arcanoid as arc
from games.arcanoid import ai, rules
from games.arcanoid.model import DAEMON_BASE, VARIANTS, Options
from games.base import SeatSpec
from tests.games.arcanoid_helpers import act, play, table


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize(("players", "gaza"), [(2, True), (4, False), (10, False)])
def test_computers_play_whole_games_legally(variant: str, players: int, gaza: bool) -> None:
    state = arc.new(Options(variant=variant, gaza=gaza, rounds=2), [SeatSpec(-p) for p in range(1, players + 1)])
    play(state, arc.computer_action)
    assert len(state.results) == 2 and state.winners


def test_the_decision_depends_only_on_the_view() -> None:
    one = table({1: "9S 8S 2C 3C 4C 5C", 2: "KS QS 2W 3W 4W 5W"})
    two = table({1: "9S 8S 2C 3C 4C 5C", 2: "KP QP 6W 7W 8W 9W"})
    two.deck = list(one.deck)  # only player 2's hidden hand differs... and the deck's order
    assert arc.computer_action(one, 1) == arc.computer_action(two, 1)


def test_it_steals_what_is_worth_stealing_and_leaves_the_rest() -> None:
    rich = table({1: "9S 10S 2C 3C 4C 5C", 2: "0 2W 3W 4W 5W 6W"})
    act(rich, 1, {"type": "commit", "field": "swords", "cards": ["9S", "10S"]}, close_after=False)
    assert arc.computer_action(rich, 2) == {"type": "fool"}
    poor = table({1: "2S 3S 2C 3C 4C 5C", 2: "0 2W 3W 4W 5W 6W"})
    act(poor, 1, {"type": "commit", "field": "swords", "cards": ["2S", "3S"]}, close_after=False)
    assert arc.computer_action(poor, 2) == {"type": "pass"}


def test_tower_on_the_strongest_enemy_force() -> None:
    state = table({1: "16 2W 3W 4W 5W 6W", 2: "9S 10S 8S 2C 3C 4C", 3: "2P 3P 4P 5C 6C 7C"}, top="AC AW AS 8P 9P 10P")
    act(state, 1, {"type": "discard", "card": "2W"})
    act(state, 2, {"type": "commit", "field": "swords", "cards": ["9S", "10S", "8S"]})
    act(state, 3, {"type": "commit", "field": "coins", "cards": ["2P", "3P"]})
    assert arc.computer_action(state, 1) == {"type": "play", "arcanum": "16", "target": 2, "field": "swords"}


def test_couples_and_the_world_go_where_they_win() -> None:
    state = table({1: "QS KS 2C 3C 4C 5C", 2: "2W 3W 4W 5W 6W 7W"})
    assert arc.computer_action(state, 1) == {"type": "commit", "field": "swords", "cards": ["QS", "KS"]}
    imperial = table({1: "3 4 2C 3C 4C 5C", 2: "9S 10S 9P 10P 6W 7W"}, top="AC AW AS AP 8W 9W")
    act(imperial, 1, {"type": "discard", "card": "2C"})
    act(imperial, 2, {"type": "commit", "field": "swords", "cards": ["9S", "10S"]})
    move = arc.computer_action(imperial, 1)
    assert move["cards"] == ["3", "4"] and move["field"] == "swords" and "second" in move


def test_it_beats_random_players() -> None:
    rng = random.Random(7)

    def chooser(state: rules.State, player: int) -> dict:
        if player == 1:
            return arc.computer_action(state, player)
        return rng.choice(arc.legal_actions(state, player))

    won = 0
    for _ in range(4):
        state = arc.new(Options(rounds=5), [SeatSpec(p) for p in (1, 2, 3, 4)])
        play(state, chooser)
        won += int(arc.view(state, None)["scores"]["1"])
    assert won > 4 * 5 * 4 / 4 * 1.5  # well above a fair quarter of the 80 battles


def test_timeout_move_discards_the_lowest_numeric_card() -> None:
    state = table({1: "9S 2C KS 3 4C 5C", 2: "2W 3W 4W 5W 6W 7W"})
    assert arc.default_action(state, 1) == {"type": "discard", "card": "2C"}
    assert ai.timeout_move(arc.view(state, 1))["type"] == "discard"


DAEMON = DAEMON_BASE - 1  # the first daemon raised in a round


def _master_window(daemon_six: str, rival_commit: str) -> rules.State:
    """Player 1 raises a daemon holding the Hermit and `daemon_six`'s other cards; player 2
    commits `rival_commit` on staves; the daemon puts its Hermit down; player 1 commits the
    royal couple of swords, and the window after that move is open (the daemon's Hermit may move)."""
    state = table({1: "15 QS KS 2C 3C 4C", 2: "QW KW 2W 3W 4W 5W", 3: "2P 3P 4P 5P 6P KP"},
                  top=f"9 {daemon_six} 8C 9C 10C 3S 4S 5S 6S 7S")
    act(state, 1, {"type": "play", "arcanum": "15"})
    act(state, 2, {"type": "commit", "field": "staves", "cards": rival_commit.split()})
    act(state, 3, {"type": "discard", "card": "2P"})
    act(state, 1, {"type": "play", "arcanum": "9"})  # the daemon's turn
    act(state, 1, {"type": "commit", "field": "swords", "cards": ["QS", "KS"]}, close_after=False)
    assert state.phase == "window" and arc.view(state, 1)["me"]["hermit_daemons"] == [DAEMON]
    return state


@pytest.mark.parametrize(("daemon_six", "rival_commit", "wanted"), [
    # the Tower on the rival's royal couple, played by the daemon out of turn
    ("16 2S 7P 6C 5C", "QW KW", {"type": "play", "arcanum": "16", "target": 2, "field": "staves", "seat": DAEMON}),
    # nothing of the rival's worth the Tower; the master's couple is the strongest force, but its own side
    ("16 2S 7P 6C 5C", "2W", {"type": "pass"}),
    # a force that wins where it goes, committed out of turn
    ("10P 9P 8P 6C 5C", "2W", {"type": "commit", "field": "coins", "cards": ["10P", "9P", "8P"], "seat": DAEMON}),
    # small cards only: the Hermit's moves are kept (never a discard)
    ("2S 7P 6C 5C AS", "2W", {"type": "pass"}),
])
def test_a_computer_master_uses_its_daemons_hermit_when_it_pays(daemon_six: str, rival_commit: str, wanted: dict) -> None:
    state = _master_window(daemon_six, rival_commit)
    action = arc.computer_action(state, 1)
    assert action == wanted
    assert action in arc.legal_actions(state, 1)
    act(state, 1, action, close_after=False)  # accepted by the rules
