"""Major Baccarat's /history: the records of coups, their seeds, what they show."""

from __future__ import annotations

import json
from typing import Any

from games import baccarat as bc
from games import fairness, house
from games.base import HISTORY_HANDS, Action, SeatSpec
from games.cards import cards
from tests.games.house_helpers import record_text, replay
from tests.seeds import CLIENT_SEED, predict, predicted

# --- helpers -------------------------------------------------------------------------------


def table(players: dict[int, int] | None = None, seed: int = 7, **options: Any) -> bc.State:
    players = players or {1: 1000}
    predict(seed)
    return bc.new(bc.Options(**options), [SeatSpec(p, s) for p, s in players.items()])


def rig(state: bc.State, codes: str) -> None:
    """Replace the top of the shoe (its length, so the deal's position, stays as it was)."""
    top = cards(codes)
    state.shoe.cards[: len(top)] = top


def bet(on: str, amount: int) -> Action:
    return {"type": "bet", "on": on, "amount": amount}


def play_coup(state: bc.State, bets: dict[int, tuple[str, int]]) -> None:
    """Everyone in `bets` bets, every other seat waited on passes."""
    for seat in list(state.seats):
        if seat.player in bets:
            bc.apply(state, seat.player, bet(*bets[seat.player]))
        elif seat.player in bc.pending(state):
            bc.apply(state, seat.player, {"type": "pass"})


# --- records -------------------------------------------------------------------------------


def test_a_coup_is_recorded_with_its_seed_number_cards_bets_and_result() -> None:
    state = table({1: 1000, 2: 1000})
    rig(state, "9C 12 9S 3W 5P 6P")  # a natural 8 against a major: both stand
    bc.apply(state, 1, bet("banker", 20))
    bc.apply(state, 2, bet("player", 10))
    assert bc.history(state, 1) == [{
        "hand": 1, "deals": [{"label": "shoe 1 from card 1", "commitment": fairness.commitment(predicted(7, 1)),
                              "seed": None}],  # the shoe is still in use
        "cards": ["Player: 9C 9S (8)", "Banker: 12 3W (5)"],
        "actions": ["<@1> bets 20 on banker", "<@2> bets 10 on player", "Player stands on 8",
                    "Banker stands on 5"],
        "result": "20 on banker, banker won: +19 chips",  # 5% commission on the 20 won
    }]
    assert bc.history(state, 2)[0]["result"] == "10 on player, banker won: -10 chips"


def test_the_tableaus_draws_are_in_the_actions() -> None:
    state = table()
    rig(state, "2W 2C 3W 2S 4P 7P")  # Player 5 draws 4P; Banker 4 draws on a 4: 7P
    bc.apply(state, 1, bet("tie", 10))
    [record] = bc.history(state, 1)
    assert record["actions"][1:] == ["Player draws 4P (9)", "Banker draws 7P (1)"]
    assert record["cards"] == ["Player: 2W 3W 4P (9)", "Banker: 2C 2S 7P (1)"]
    assert record["result"] == "10 on tie, player won: -10 chips"


def test_a_tie_reads_as_a_tie() -> None:
    state = table()
    rig(state, "9C 9S 9W 9P")  # 8 against 8, no major, no reversed card
    bc.apply(state, 1, bet("tie", 10))
    assert bc.history(state, 1)[0]["result"] == "10 on tie, a tie: +80 chips"


# --- seeds ---------------------------------------------------------------------------------


def test_a_record_names_its_shoe_and_card_and_the_seed_once_the_shoe_is_replaced() -> None:
    state = table(seed=8731, decks=1)
    for _ in range(3):
        play_coup(state, {1: ("player", 10)})
    state.shoe.cards = state.shoe.cards[:10]  # low: the next coup takes a new shoe first
    play_coup(state, {1: ("banker", 10)})
    entries = state.history
    sizes = [len(e["player_cards"]) + len(e["banker_cards"]) for e in entries]
    assert [e["deals"][0]["label"] for e in entries] == [
        "shoe 1 from card 1", f"shoe 1 from card {1 + sizes[0]}", f"shoe 1 from card {1 + sizes[0] + sizes[1]}",
        "shoe 2 from card 1"]
    assert [e["deals"][0]["seed"] for e in entries] == [predicted(8731, 1)] * 3 + [None]
    for entry in entries[:3]:
        dealt = replay(entry["deals"][0], decks=1, client=CLIENT_SEED)  # player 1 alone
        player, banker = bc.deal_coup(dealt)
        assert (player, banker) == (cards(entry["player_cards"]), cards(entry["banker_cards"]))


# --- who gets what -------------------------------------------------------------------------


def test_the_list_keeps_the_last_coups_oldest_first() -> None:
    state = table()
    for _ in range(HISTORY_HANDS + 3):
        play_coup(state, {1: ("banker", 10)})
    records = bc.history(state, 1)
    assert len(records) == HISTORY_HANDS == len(state.history)
    assert [r["hand"] for r in records] == list(range(4, HISTORY_HANDS + 4))


def test_a_player_gets_only_the_coups_they_bet_on() -> None:
    state = table({1: 1000, 2: 1000})
    play_coup(state, {1: ("player", 10)})  # 2 passes
    bc.apply(state, 3, {"type": "join", "stack": 500})
    play_coup(state, {1: ("player", 10), 2: ("tie", 10), 3: ("banker", 10)})
    assert [r["hand"] for r in bc.history(state, 1)] == [1, 2]
    assert [r["hand"] for r in bc.history(state, 2)] == [2]
    assert [r["hand"] for r in bc.history(state, 3)] == [2]
    assert bc.history(state, 99) == []


def test_a_window_where_everyone_passed_leaves_no_record() -> None:
    state = table()
    bc.apply(state, 1, {"type": "pass"})
    assert state.history == []
    play_coup(state, {1: ("player", 10)})
    assert [r["hand"] for r in bc.history(state, 1)] == [2]  # the table's round number


def test_no_record_holds_a_card_that_was_never_dealt() -> None:
    state = table({1: 1000, 2: 1000})
    rig(state, "9C 12 9S 3W KP 5S")  # a natural: KP and 5S stay in the shoe
    bc.apply(state, 1, bet("banker", 20))
    assert bc.history(state, 1) == []  # 2 has not bet yet: nothing is dealt
    bc.apply(state, 2, bet("player", 20))
    assert state.shoe.cards[:2] == cards("KP 5S")
    for player in (1, 2):
        [record] = bc.history(state, player)
        seen = record_text(record)
        assert "KP" not in seen and "5S" not in seen
        assert all(c in seen for c in ("9C", "12", "9S", "3W"))  # every dealt card is face up


# --- saving --------------------------------------------------------------------------------


def test_the_history_survives_a_round_trip() -> None:
    state = table({1: 1000, 2: 1000})
    play_coup(state, {1: ("player", 10), 2: ("banker", 20)})
    bc.apply(state, 1, bet("tie", 10))  # a log in progress
    again = bc.from_dict(json.loads(json.dumps(bc.to_dict(state))))
    assert again == state
    assert bc.history(again, 2) == bc.history(state, 2) != []
    assert again.log == ["<@1> bets 10 on tie"]


def test_an_old_saved_state_without_history_loads_and_records_from_then_on() -> None:
    state = table()
    play_coup(state, {1: ("player", 10)})
    old = bc.to_dict(state)
    for key in ("history", "log", "round_deals", "retired"):
        del old[key]
    loaded = bc.from_dict(old)
    assert loaded.history == [] and bc.history(loaded, 1) == []
    position = house.DECK_SIZE * loaded.options.decks - len(loaded.shoe.cards)
    play_coup(loaded, {1: ("player", 10)})
    assert [(r["hand"], r["deals"][0]["label"]) for r in bc.history(loaded, 1)] == [
        (2, f"shoe 1 from card {position + 1}")]
