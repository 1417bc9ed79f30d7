"""Major Poker's three computer levels (issue 29): every level plays whole hands legally (hold'em
at 2 and 6 seats, five-card draw); each level's decision depends only on what its seat may see
(the others' holes and the deck dealt anew change nothing) and the same view gives the same
decision; the easy player is loose and passive; the hard player sizes its bets in whole small
blinds and does not fold a good hand to a shove just because it has put little in. (How strong
each level is: `python -m bench.arena poker`.)"""

from __future__ import annotations

import random

import pytest

import games.poker as poker
from games.base import LEVELS, SeatSpec
from games.cards import cards
from games.poker import ai, hard
from tests.games.test_poker_ai import betting_view, rehide
from tests.seeds import predict

HANDS = 4


@pytest.fixture(autouse=True)
def quick_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hard, "BUDGET", 250)
    monkeypatch.setattr(hard, "DRAW_BUDGET", 60)


def new_table(players: int, format_: str, seed: int) -> poker.State:
    """Every seat a computer; positive ids, since the rules deal only to a table with a person."""
    predict(seed)
    return poker.new(poker.Options(format=format_), [SeatSpec(n, 1000) for n in range(1, players + 1)])


@pytest.mark.parametrize(("players", "format_"), [(2, "holdem"), (6, "holdem"), (4, "draw")])
def test_every_level_plays_whole_hands_and_reads_no_hidden_card(players: int, format_: str) -> None:
    state = new_table(players, format_, 40 + players)
    total = poker.chips_on_table(state)
    rng = random.Random(players)
    checked = {level: 0 for level in LEVELS}
    while state.hand_no <= HANDS and poker.pending(state):
        player = poker.pending(state)[0]
        level = LEVELS[(player + state.hand_no) % 3]  # the levels go round the seats from hand to hand
        action = poker.computer_action(state, player, level)
        assert any(a["type"] == action["type"] for a in poker.legal_actions(state, player)), action
        if rng.random() < 0.5:
            assert poker.computer_action(state, player, level) == action, "the same view gave another move"
            assert poker.computer_action(rehide(state, player, rng), player, level) == action, \
                f"a hidden card changed the {level} player's move"
            checked[level] += 1
        poker.apply(state, player, action)  # raises IllegalAction on an illegal amount
        assert poker.chips_on_table(state) == total
    assert state.hand_no > HANDS
    assert all(checked.values()), checked


def test_the_hard_player_bets_whole_small_blinds() -> None:
    amounts = []
    for seed in range(4):
        state = new_table(3, "holdem", seed)
        while state.hand_no <= 4 and poker.pending(state):
            player = poker.pending(state)[0]
            action = poker.computer_action(state, player, "hard" if player == 1 else "normal")
            if player == 1 and action["type"] in ("bet", "raise"):
                amounts.append(action["amount"])
            poker.apply(state, player, action)
    assert amounts
    assert all(amount % poker.Options().small_blind == 0 for amount in amounts), amounts


def facing_a_shove(hole: str, seed: int = 3) -> tuple[poker.State, int]:
    """Heads-up hold'em: the button shoves 100 big blinds before the flop; the big blind (the
    hard player, who has put in only its blind) holds `hole`."""
    state = new_table(2, "holdem", seed)
    shover = poker.pending(state)[0]
    poker.apply(state, shover, {"type": "allin"})
    player = poker.pending(state)[0]
    hand = state.hand
    assert hand is not None
    index = next(i for i, b in enumerate(hand.betting.bettors) if b.player == player)
    mine = cards(hole)
    others = [c for c in hand.holes[1 - index] + hand.deck if c not in mine]
    hand.holes[index] = mine
    hand.holes[1 - index], hand.deck = others[:2], others[2:]
    return state, player


def test_a_good_hand_calls_a_shove_that_a_hopeless_one_folds() -> None:
    """A shove of a hundred big blinds into one and a half is not read as the nuts: a good
    hand that has put only its blind in calls it (the exploit the issue names); a hopeless one folds."""
    state, player = facing_a_shove("QS 9C")  # called by the loose half of a shover's range, not the strong one
    assert poker.computer_action(state, player, "hard") == {"type": "call"}
    state, player = facing_a_shove("2W 3C")
    assert poker.computer_action(state, player, "hard") == {"type": "fold"}


def test_a_raise_narrows_an_opponents_range_and_a_huge_shove_widens_it() -> None:
    seat = {"player": 2, "bet": 40, "put_in": 40, "stack": 960, "all_in": False, "drawn": None}
    raiser = hard.read_opponent(seat, "preflop", pot=55, big=10)
    limper = hard.read_opponent({**seat, "bet": 10, "put_in": 10, "stack": 990}, "preflop", pot=25, big=10)
    shover = hard.read_opponent({**seat, "bet": 1000, "put_in": 1000, "stack": 0, "all_in": True},
                                "preflop", pot=1015, big=10)
    assert raiser.tight_before > limper.tight_before == 0
    assert shover.loose > 0.5 > raiser.loose


def test_the_easy_player_calls_where_the_normal_one_folds_and_bets_small() -> None:
    wide = betting_view("QS 9C", "QC 5W 3P KS 2C", to_call=100, pot=150)  # a fair hand, short of the pot odds
    assert ai.choose(wide, -1) == {"type": "fold"}
    assert ai.choose(wide, -1, "easy") == {"type": "call"}
    hopeless = betting_view("7P 8W", "QC 5W 3P KS 2C", to_call=100, pot=150)
    assert ai.choose(hopeless, -1, "easy") == {"type": "fold"}
    strong = betting_view("KS KC", "KP KW 3 8S 2C", to_call=0, pot=90)
    assert ai.choose(strong, -1, "easy") == {"type": "bet", "amount": 30}


def test_the_easy_player_never_bluffs() -> None:
    for pot in range(20, 220, 2):
        assert ai.choose(betting_view("2W 7C", "KS QS JS 9P 4C", to_call=0, pot=pot), -1, "easy") == {"type": "check"}


def test_a_hard_decision_is_the_same_wherever_the_state_is_rebuilt() -> None:
    """The runtime hands a hard decision to a worker as the state's dict: the rebuilt state
    decides the same."""
    state = new_table(4, "holdem", 11)
    for _ in range(5):
        player = poker.pending(state)[0]
        assert poker.computer_action(poker.from_dict(poker.to_dict(state)), player, "hard") == \
            poker.computer_action(state, player, "hard")
        poker.apply(state, player, poker.computer_action(state, player, "normal"))


def test_in_a_crowd_the_hard_player_keeps_the_normal_move_unless_surely_better(monkeypatch: pytest.MonkeyPatch) -> None:
    """Against two opponents or more the normal player's move is the default: with no evidence
    ever sure enough, every such decision is the normal player's; heads-up the search decides."""
    monkeypatch.setattr(hard, "MULTIWAY_SURE", 1e9)
    crowded = heads_up_differs = 0
    for seed in range(3):
        state = new_table(6, "holdem", 60 + seed)
        while state.hand_no <= 3 and poker.pending(state):
            player = poker.pending(state)[0]
            seen = poker.view(state, player)
            action = poker.computer_action(state, player, "hard")
            normal = poker.computer_action(state, player, "normal")
            if seen.get("turn", {}).get("action") != "draw" and ai.opponents_in(seen, player) >= hard.MULTIWAY:
                me = next(s for s in seen["seats"] if s["player"] == player)
                expected = hard.normal_move(normal, hard.read_spot(seen, me), seen["turn"])[0]
                assert action == expected, (seen["phase"], action, normal)
                crowded += 1
            elif action != normal:
                heads_up_differs += 1
            poker.apply(state, player, action)
    assert crowded > 20
    assert heads_up_differs > 0


def test_the_normal_move_is_read_with_the_bet_it_makes_in_whole_small_blinds() -> None:
    spot = hard.Spot([], [], "holdem", "flop", pot=100, my_bet=0, my_most=900, current_bet=20, small_blind=5,
                     opponents=[], in_position=True)
    turn = {"min_bet": 10, "min_raise_to": 40}
    assert hard.normal_move({"type": "fold"}, spot, turn)[1] == -1
    assert hard.normal_move({"type": "call"}, spot, turn) == ({"type": "call"}, 20)
    assert hard.normal_move({"type": "raise", "amount": 67}, spot, turn) == ({"type": "raise", "amount": 65}, 65)
    assert hard.normal_move({"type": "raise", "amount": 21}, spot, turn) == ({"type": "raise", "amount": 40}, 40)
    assert hard.normal_move({"type": "raise", "amount": 899}, spot, turn) == ({"type": "allin"}, 900)
    assert hard.normal_move({"type": "allin"}, spot, {})[1] == 900
