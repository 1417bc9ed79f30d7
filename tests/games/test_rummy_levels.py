"""Tarot Rummy's three computer levels (issue 29): every level plays whole games legally; its
decision depends only on what its seat may see (the opponent's hidden cards and the stock dealt
anew change nothing; the cards it took from the pile stay in its hand) and the same view gives
the same decision; the easy player throws its highest unmelded card and calls only with almost
nothing unmelded; the hard player remembers the opponent's picks and waits for everything melded
when little is unmelded. (How strong each level is:
`python -m bench.arena rummy`.)"""

from __future__ import annotations

import random

import pytest

from games import rummy
from games.base import SeatSpec
from games.cards import Card, from_codes
from games.rummy import hard
from games.rummy import melds as rm
from tests.seeds import predict


def new_game(seed: str, target: int = 20) -> rummy.State:
    predict(seed)
    return rummy.new(rummy.Options(target=target, opponent="bot"), [SeatSpec(-1), SeatSpec(-2)])


def opponent_picks(state: rummy.State, seat: int) -> list[Card]:
    """What `seat` knows of the other hand: the cards taken from the pile and still held."""
    seen = {"table_moves": rummy.public_moves(state.moves), "me": {"player": state.seats[seat].player},
            "seats": [{"player": s.player} for s in state.seats]}
    return hard.opponent_known(seen)


def rehide(state: rummy.State, seat: int, rng: random.Random) -> rummy.State:
    """A copy where the cards `seat` cannot see (the other hand but its known picks, and the
    stock) are dealt anew among the same places."""
    twin = rummy.from_dict(rummy.to_dict(state))
    other = twin.seats[1 - seat]
    known = {c.face for c in opponent_picks(state, seat)}
    kept = [c for c in other.hand if c.face in known]
    pool = [c for c in other.hand if c.face not in known] + twin.stock
    rng.shuffle(pool)
    other.hand, twin.stock = kept + pool[:len(other.hand) - len(kept)], pool[len(other.hand) - len(kept):]
    other.pins = []
    return twin


def play_game(state: rummy.State, levels: list[str], rng: random.Random) -> set[str]:
    checked: set[str] = set()
    while not rummy.is_over(state):
        player = rummy.pending(state)[0]
        seat = [s.player for s in state.seats].index(player)
        level = levels[seat]
        action = rummy.computer_action(state, player, level)
        assert action in rummy.legal_actions(state, player)
        if state.phase in rummy.IN_HAND and rng.random() < 0.2:
            assert rummy.computer_action(state, player, level) == action, "the same view gave another decision"
            assert rummy.computer_action(rehide(state, seat, rng), player, level) == action, \
                f"a hidden card changed the {level} player's {state.phase}"
            checked.add(level)
        rummy.apply(state, player, action)
    return checked


@pytest.mark.parametrize("levels", [["hard", "easy"], ["normal", "hard"], ["easy", "normal"]])
def test_every_level_plays_whole_games_and_reads_no_hidden_card(levels: list[str]) -> None:
    state = new_game(f"rummy levels {levels}")
    assert play_game(state, levels, random.Random(len(levels[0]))) == set(levels)
    assert state.winner is not None


def test_the_hard_player_counts_the_opponents_picks_as_held() -> None:
    state = new_game("rummy picks")
    first = state.turn
    top = state.discard[-1]
    rummy.apply(state, state.seats[first].player, {"type": "draw", "from": "discard"})
    thrown = next(c for c in state.seats[first].hand if c != top)
    rummy.apply(state, state.seats[first].player, {"type": "discard", "card": thrown.code})
    assert [c.code for c in opponent_picks(state, 1 - first)] == [top.code]
    assert "take" in rummy.view(state, state.seats[1 - first].player)["table_moves"][0]
    assert rummy.view(state, state.seats[1 - first].player)["table_moves"][1] == f"{first} discard {thrown.code}"


def test_the_easy_player_draws_blind_where_the_normal_one_takes_the_pile() -> None:
    for seed in range(30):
        state = new_game(f"rummy easy draw {seed}")
        player = rummy.pending(state)[0]
        if rummy.computer_action(state, player, "normal") == {"type": "draw", "from": "discard"}:
            assert rummy.computer_action(state, player, "easy") == {"type": "draw", "from": "stock"}
            return
    pytest.fail("no deal of 30 had an upcard the normal player takes")


def test_the_easy_player_throws_its_highest_unmelded_card_and_waits_to_call() -> None:
    view = {"phase": "discard", "call_limit": 10, "stock": 50, "attributions": "gd", "style": "rws", "melds": "all",
            "me": {"hand": ["2W", "3W", "4W", "KC", "9S", "21"], "taken": None, "unmelded": ["KC", "9S", "21"],
                   "after_discard": {"2W": 28, "3W": 28, "4W": 28, "KC": 16, "9S": 17, "21": 19}}}
    # the normal player keeps the trump (it leaves the most), the easy one throws the King (worth 10)
    assert rummy.ai.choose(view, "normal") == {"type": "discard", "card": "KC"}
    assert rummy.ai.choose(view, "easy") == {"type": "discard", "card": "KC"}
    view["me"]["taken"] = "KC"
    assert rummy.ai.choose(view, "easy") == {"type": "discard", "card": "9S"}
    low = {**view, "call_limit": 20}
    assert rummy.ai.choose(low, "normal")["type"] == "call"
    assert rummy.ai.choose(low, "easy") == {"type": "discard", "card": "9S"}


def test_the_hard_player_calls_when_the_normal_one_does_or_waits_with_little_unmelded() -> None:
    calls = waits = 0
    for seed in range(8):
        state = new_game(f"rummy hard calls {seed}")
        while state.hand_no == 1 and not rummy.is_over(state):
            player = rummy.pending(state)[0]
            normal = rummy.computer_action(state, player, "normal")
            action = rummy.computer_action(state, player, "hard")
            if normal["type"] == "call" and action["type"] == "call":
                calls += 1
            elif normal["type"] == "call":
                left = rummy.view(state, player)["me"]["after_discard"][normal["card"]]
                assert action == {"type": "discard", "card": normal["card"]} and 0 < left <= hard.GIN_WAIT
                waits += 1
            else:
                assert action == normal  # draws and discards: the normal player's
            rummy.apply(state, player, action)
    assert calls >= 3 and waits >= 1


def test_a_hand_waits_for_everything_melded_only_with_little_unmelded_and_a_chance_of_it() -> None:
    t, kinds = rm.tree("gd", "rws"), rm.meld_kinds("all")
    kept = from_codes(["2W", "3W", "4W", "5C", "6C", "7C", "8S", "9S", "10S", "3P"])
    unseen = from_codes(["5W", "KP", "QP", "KS"])  # the 5 of wands melds everything: a chance of 1 in 4
    assert hard.waits(kept, 3, 30, unseen, t, kinds)
    assert not hard.waits(kept, 3, 30, from_codes(["KP", "QP", "KS"]), t, kinds)  # no card melds everything
    assert not hard.waits(kept, 3, hard.LAST_STOCK, unseen, t, kinds)  # the stock nearly out: call
    high = [*kept[:9], *from_codes(["KC"])]
    assert not hard.waits(high, 10, 30, from_codes(["5W", "KP"]), t, kinds)  # too much unmelded to wait
