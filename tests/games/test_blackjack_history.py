"""Major Blackjack's /history: the records of settled rounds, their seeds, what they show."""

from __future__ import annotations

import json
from typing import Any

from games import blackjack as bj
from games import fairness, house
from games.base import HISTORY_HANDS, SeatSpec
from games.cards import card, cards, full_deck
from tests.games.house_helpers import record_text, replay
from tests.seeds import CLIENT_SEED, predict, predicted

# --- helpers -------------------------------------------------------------------------------


def table(players: dict[int, int] | None = None, seed: int = 7, **options: Any) -> bj.State:
    players = players or {1: 1000}
    predict(seed)
    return bj.new(bj.Options(**options), [SeatSpec(p, s) for p, s in players.items()])


def rig(state: bj.State, codes: str) -> None:
    """Replace the top of the shoe (its length, so the deal's position, stays as it was):
    dealer up, hole, one card per bettor, then the draws."""
    top = cards(codes)
    state.shoe.cards[: len(top)] = top


def play_round(state: bj.State, bets: dict[int, int]) -> None:
    """Everyone in `bets` bets, every other seat passes; every hand stands on its cards."""
    for seat in list(state.seats):
        if seat.player in bets:
            bj.apply(state, seat.player, {"type": "bet", "amount": bets[seat.player]})
        elif state.phase == "betting" and seat.player in bj.pending(state):
            bj.apply(state, seat.player, {"type": "pass"})
    while state.phase == "playing":
        bj.apply(state, bj.pending(state)[0], {"type": "stand"})


# --- records -------------------------------------------------------------------------------


def test_a_settled_round_is_recorded_with_its_seed_number_cards_actions_and_result() -> None:
    state = table()
    rig(state, "10C 7S 9W 8P 5S")
    bj.apply(state, 1, {"type": "bet", "amount": 20})
    bj.apply(state, 1, {"type": "hit"})
    bj.apply(state, 1, {"type": "stand"})
    assert bj.history(state, 1) == [{
        "hand": 1, "deals": [{"label": "shoe 1 from card 1", "commitment": fairness.commitment(predicted(7, 1)),
                              "seed": None}],  # the shoe is still in use
        "cards": ["You: 9Wr 8Pr (17)", "Dealer: 10C 7S (17)"],
        "actions": ["<@1> bets 20", "<@1> hits: 8Pr (17)", "<@1> stands on 17",
                    "Dealer turns 7S (17)", "Dealer stands on 17"],
        "result": "won: +20 chips",  # 17 against 17: two reversed cards against none
    }]


def test_splits_doubles_and_dealer_draws_are_in_the_actions_and_each_hand_has_a_line() -> None:
    state = table()
    rig(state, "10C 5S 8C 8S 3W 2P 4C")
    bj.apply(state, 1, {"type": "bet", "amount": 20})
    for action in ("hit", "split", "hit", "double", "stand"):
        bj.apply(state, 1, {"type": action})
    [record] = bj.history(state, 1)
    assert record["actions"] == [
        "<@1> bets 20", "<@1> hits: 8Sr (16)", "<@1> splits: 8Cr 8Sr", "<@1> hits hand 1: 3Wr (11)",
        "<@1> doubles hand 1 to 40: 2Pr (13)", "<@1> stands hand 2 on 8", "Dealer turns 5S (15)",
        "Dealer draws 4C (19)", "Dealer stands on 19",
    ]
    assert record["cards"] == ["You, hand 1: 8Cr 3Wr 2Pr (13)", "You, hand 2: 8Sr (8)",
                               "Dealer: 10C 5S 4C (19)"]
    assert record["result"] == "lost, lost: -60 chips"


def test_a_blackjack_and_another_players_cards_read_as_such() -> None:
    state = table({1: 1000, -2: 1000})
    rig(state, "10C 9S 9W 21 KP")
    bj.apply(state, 1, {"type": "bet", "amount": 20})
    bj.apply(state, -2, {"type": "bet", "amount": 10})
    bj.apply(state, 1, {"type": "hit"})
    bj.apply(state, 1, {"type": "stand"})
    [mine], [theirs] = bj.history(state, 1), bj.history(state, -2)
    assert "<@1> hits: KPr (19)" in mine["actions"]
    assert mine["cards"] == ["You: 9Wr KPr (19)", "Computer 2: 21r (21)", "Dealer: 10C 9S (19)"]
    assert theirs["cards"] == ["You: 21r (21)", "<@1>: 9Wr KPr (19)", "Dealer: 10C 9S (19)"]
    assert theirs["result"] == "blackjack: +15 chips"
    assert mine["result"] == "won: +20 chips"  # 19 against 19, two reversed cards against none


def test_a_seat_that_leaves_mid_round_stands_and_keeps_its_record() -> None:
    state = table({1: 1000, 2: 1000})
    rig(state, "10C 7S 9W 4P")
    bj.apply(state, 1, {"type": "bet", "amount": 20})
    bj.apply(state, 2, {"type": "bet", "amount": 20})
    bj.apply(state, 2, {"type": "leave"})  # not 2's turn yet: 2's hand stands now
    bj.apply(state, 1, {"type": "stand"})
    assert house.find_seat(state, 2) is None
    [record] = bj.history(state, 2)
    assert "<@2> leaves: stands" in record["actions"]
    assert record["result"] == "lost: -20 chips"


# --- seeds ---------------------------------------------------------------------------------


def test_a_record_names_its_shoe_and_card_and_the_seed_once_the_shoe_is_replaced() -> None:
    state = table({1: 1000, 2: 1000}, seed=8731, decks=1)
    for _ in range(4):
        play_round(state, {1: 10, 2: 10})
    assert all(e["deals"][0]["seed"] is None for e in state.history)  # shoe 1 is in use
    state.shoe.cards = state.shoe.cards[:10]  # low: the next round takes a new shoe first
    play_round(state, {1: 10, 2: 10})
    entries = state.history
    assert [e["deals"][0]["seed"] for e in entries] == [predicted(8731, 1)] * 4 + [None]
    assert [e["deals"][0]["commitment"] for e in entries] == [fairness.commitment(predicted(8731, 1))] * 4 + [
        fairness.commitment(predicted(8731, 2))]
    positions = [int(e["deals"][0]["label"].rsplit(" ", 1)[1]) for e in entries]
    drawn = [len(e["dealer"]) + sum(len(h["cards"]) for s in e["seats"] for h in s["hands"])
             for e in entries]
    assert positions == [1, 1 + drawn[0], 1 + drawn[0] + drawn[1], 1 + sum(drawn[:3]), 1]
    for entry in entries[:4]:
        dealt = replay(entry["deals"][0], decks=1, client=f"{CLIENT_SEED},{CLIENT_SEED}")  # players 1 and 2
        assert cards(entry["dealer"])[:2] == dealt[:2]  # house cards keep their orientation
        firsts = [card(s["hands"][0]["cards"][0]).face for s in entry["seats"]]
        assert firsts == [c.face for c in dealt[2:4]]  # player cards are placed reversed


def test_a_round_that_empties_its_shoe_names_both_shoes() -> None:
    state = table({1: 1000}, decks=1)
    state.phase = "playing"
    state.shoe.cards = []
    house.note_shoe(state)
    house.draw(state, full_deck()[:70], [])  # a shoe of the 8 discards, one card drawn
    assert [d["label"] for d in state.round_deals] == ["shoe 1 from card 1", "shoe 2 from card 1"]


# --- who gets what -------------------------------------------------------------------------


def test_the_list_keeps_the_last_hands_oldest_first() -> None:
    state = table()
    for _ in range(HISTORY_HANDS + 2):
        play_round(state, {1: 10})
    records = bj.history(state, 1)
    assert len(records) == HISTORY_HANDS == len(state.history)
    assert [r["hand"] for r in records] == list(range(3, HISTORY_HANDS + 3))


def test_a_player_gets_only_the_rounds_they_played() -> None:
    state = table({1: 1000, 2: 1000})
    play_round(state, {1: 10})  # 2 passes
    bj.apply(state, 3, {"type": "join", "stack": 500})
    play_round(state, {1: 10, 2: 10, 3: 10})
    assert [r["hand"] for r in bj.history(state, 1)] == [1, 2]
    assert [r["hand"] for r in bj.history(state, 2)] == [2]
    assert [r["hand"] for r in bj.history(state, 3)] == [2]
    assert bj.history(state, 99) == []


def test_no_record_holds_a_card_that_was_never_shown() -> None:
    state = table({1: 1000, 2: 1000})
    rig(state, "10C 7S 9W 3P KC 5S QP")
    bj.apply(state, 1, {"type": "bet", "amount": 20})
    bj.apply(state, 2, {"type": "bet", "amount": 20})
    bj.apply(state, 1, {"type": "hit"})  # 9Wr KCr
    bj.apply(state, 1, {"type": "stand"})
    # while the hole card is face down, the round is not in anyone's history
    assert bj.history(state, 1) == bj.history(state, 2) == []
    bj.apply(state, 2, {"type": "hit"})  # 3Pr 5Sr
    bj.apply(state, 2, {"type": "stand"})  # the dealer stands on 17: QP stays in the shoe
    assert state.shoe.cards[0] == card("QP")
    for player in (1, 2):
        [record] = bj.history(state, player)
        seen = record_text(record)
        assert "QP" not in seen
        assert "7S" in seen  # the hole card was turned at the end of the round
        assert "9Wr KCr" in seen and "3Pr 5Sr" in seen  # both players' cards were face up
    assert bj.history(state, 2)[0]["cards"][1] == "<@1>: 9Wr KCr (19)"


# --- saving --------------------------------------------------------------------------------


def test_the_history_survives_a_round_trip() -> None:
    state = table({1: 1000, 2: 1000})
    play_round(state, {1: 10, 2: 20})
    bj.apply(state, 1, {"type": "bet", "amount": 10})  # a log in progress
    again = bj.from_dict(json.loads(json.dumps(bj.to_dict(state))))
    assert again == state
    assert bj.history(again, 2) == bj.history(state, 2) != []
    assert again.log == ["<@1> bets 10"]


def test_an_old_saved_state_without_history_loads_and_records_from_then_on() -> None:
    state = table()
    play_round(state, {1: 10})
    old = bj.to_dict(state)
    for key in ("history", "log", "round_deals", "retired"):
        del old[key]
    loaded = bj.from_dict(old)
    assert loaded.history == [] and bj.history(loaded, 1) == []
    position = house.DECK_SIZE * loaded.options.decks - len(loaded.shoe.cards)
    play_round(loaded, {1: 10})
    assert [(r["hand"], r["deals"][0]["label"]) for r in bj.history(loaded, 1)] == [
        (2, f"shoe 1 from card {position + 1}")]
