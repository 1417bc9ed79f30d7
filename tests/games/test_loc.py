"""Loc: the examples of rules/loc.md, the card order of both decks, a hand from ante to the
fifth play, short stacks, leaving and joining, refusals, views and round trips."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games import loc
from games.base import Action, Event, IllegalAction, SeatSpec
from games.cards import card, cards
from tests.seeds import predict

# --- helpers -------------------------------------------------------------------------------

P1, P2, P3, P4 = 101, 102, 103, 104


def table(stacks: dict[int, int] | None = None, seed: int = 7, **options: Any) -> loc.State:
    stacks = stacks or {P1: 200, P2: 200, P3: 200, P4: 200}
    predict(seed)
    return loc.new(loc.Options(**options), [SeatSpec(p, s) for p, s in stacks.items()])


def rig(state: loc.State, hands: dict[int, str]) -> None:
    """Give these players these six cards instead of the dealt ones."""
    for player, codes in hands.items():
        loc.seated(state, player).cards = cards(codes)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def event(events: list[Event], kind: str) -> Event:
    return next(e for e in events if e.kind == kind)


def refused(state: loc.State, player: int, action: Action) -> str:
    before = json.dumps(loc.to_dict(state), sort_keys=True)
    with pytest.raises(IllegalAction) as error:
        loc.apply(state, player, action)
    assert json.dumps(loc.to_dict(state), sort_keys=True) == before
    return error.value.reason


def discard_all(state: loc.State, discards: dict[int, str]) -> list[Event]:
    events: list[Event] = []
    for player, code in discards.items():
        events += loc.apply(state, player, {"type": "discard", "card": code})
    return events


def play_all(state: loc.State, plays: dict[int, str]) -> list[Event]:
    events: list[Event] = []
    for player, code in plays.items():
        events += loc.apply(state, player, {"type": "play", "card": code})
    return events


def stacks(state: loc.State) -> dict[int, int]:
    return {s.player: s.stack for s in state.seats}


def three_players(**options: Any) -> loc.State:
    """P1, P2, P3 with 200 each (190 after the ante of 10), holding:
    P1 7S KC 3 AW 2W 4W, P2 KC... see the hands below; discards already made."""
    state = table({P1: 200, P2: 200, P3: 200}, **options)
    rig(state, {P1: "7S 2W 3W 4W 5W 6W", P2: "KC 2C 3C 4C 5C 6C", P3: "9W 2P 3P 4P 5P 6P"})
    discard_all(state, {P1: "6W", P2: "6C", P3: "6P"})
    return state


# --- the examples of rules/loc.md ----------------------------------------------------------


def test_example_the_empress_takes_the_pot_over_an_ace_and_everyone_refreshes() -> None:
    taker, excused = loc.resolve({P1: "7S", P2: "KC", P3: "3", P4: "AW"})
    assert (taker, excused) == (P3, None)
    state = table()
    rig(state, {P1: "7S 2W 3W 4W 5W 6W", P2: "KC 2C 3C 4C 5C 6C", P3: "3 2P 3P 4P 5P 6P",
                P4: "AW 2S 3S 4S 5S 6S"})
    discard_all(state, {P1: "6W", P2: "6C", P3: "6P", P4: "6S"})
    events = play_all(state, {P1: "7S", P2: "KC", P3: "3", P4: "AW"})
    shown = event(events, "revealed").data
    assert shown["taker"] == P3 and shown["took"] == 40
    assert shown["paid"] == [{"player": p, "amount": 10} for p in (P1, P2, P3, P4)]
    assert stacks(state) == {P1: 180, P2: 180, P3: 220, P4: 180} and state.pot == 40


def test_example_the_ace_of_swords_takes_the_pot() -> None:
    assert loc.resolve({P1: "7S", P2: "KC", P3: "AW", P4: "AS"}) == (P4, None)


def test_example_the_king_of_cups_is_excused_and_the_other_two_pay() -> None:
    assert loc.resolve({P1: "7S", P2: "KC", P3: "9W"}) == (None, P2)
    state = three_players()
    events = play_all(state, {P1: "7S", P2: "KC", P3: "9W"})
    shown = event(events, "revealed").data
    assert shown["excused"] == P2 and shown["taker"] is None and shown["took"] == 0
    assert shown["paid"] == [{"player": P1, "amount": 10}, {"player": P3, "amount": 10}]
    assert stacks(state) == {P1: 180, P2: 190, P3: 180} and state.pot == 50


def test_example_on_the_fifth_play_the_king_of_cups_takes_the_pot() -> None:
    assert loc.resolve({P1: "7S", P2: "KC", P3: "9W"}, last=True) == (P2, None)
    state = three_players()
    for low in ("2", "3", "4", "5"):  # four plays of low cards: P2's clubs... cups win each
        play_all(state, {P1: low + "W", P2: low + "C", P3: low + "P"})
    assert state.play == 5
    pot = state.pot
    before = stacks(state)
    events = play_all(state, {P1: "7S", P2: "KC", P3: "9W"})
    shown = event(events, "revealed").data
    assert shown["last"] and shown["taker"] == P2 and shown["took"] == pot and shown["paid"] == []
    assert "settled" in kinds(events) and "round_open" in kinds(events)
    results = {r["player"]: r["net"] for r in event(events, "settled").data["results"]}
    assert results[P2] == before[P2] + pot - 200
    assert state.hand == 2 and state.phase == "discard"


def test_example_the_fool_takes_the_pot_over_the_world() -> None:
    assert loc.resolve({P1: "21", P2: "0"}) == (P2, None)
    assert loc.resolve({P1: "0", P2: "21"}, last=True) == (P1, None)


# --- the order of the cards ----------------------------------------------------------------


def test_suit_cards_rank_ace_king_queen_knight_page_ten_down_to_two() -> None:
    order = cards("AS KS QS NS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S")
    assert sorted(order, key=loc.strength, reverse=True) == order


@pytest.mark.parametrize("deck", ["tarot", "standard"])
def test_equal_ranks_go_by_suit_swords_cups_coins_batons(deck: str) -> None:
    plays = {1: "9W", 2: "9P", 3: "9C", 4: "9S"}
    assert loc.resolve(plays, deck=deck) == (None, 4)
    del plays[4]
    assert loc.resolve(plays, deck=deck) == (None, 3)
    del plays[3]
    assert loc.resolve(plays, deck=deck) == (None, 2)


def test_trumps_rank_by_number_above_every_suit_card_and_the_fool_above_21() -> None:
    assert loc.resolve({1: "AS", 2: "1"}, last=True) == (2, None)
    assert loc.resolve({1: "20", 2: "21", 3: "5"}) == (2, None)
    assert loc.resolve({1: "2", 2: "1"}) == (1, None)


def test_the_highest_ace_takes_when_no_trump_is_played() -> None:
    assert loc.resolve({1: "AP", 2: "AC", 3: "KS"}) == (2, None)


def test_exactly_one_of_taker_and_excused_is_a_seat() -> None:
    for plays in ({1: "2S", 2: "3S"}, {1: "AS", 2: "3S"}, {1: "7", 2: "3S"}):
        for last in (False, True):
            taker, excused = loc.resolve(plays, last=last)
            assert (taker is None) != (excused is None)
            assert taker is not None or not last
    with pytest.raises(ValueError):
        loc.resolve({})


# --- pot_trumps: high ----------------------------------------------------------------------


def test_high_pot_trumps_a_low_trump_does_not_stop_an_ace() -> None:
    plays = {P1: "7S", P2: "KC", P3: "3", P4: "AW"}
    assert loc.resolve(plays, pot_trumps="high") == (P4, None)


def test_high_pot_trumps_a_low_trump_can_be_the_excused_highest_card() -> None:
    assert loc.resolve({P1: "7S", P2: "KC", P3: "14"}, pot_trumps="high") == (None, P3)


def test_high_pot_trumps_15_to_21_and_the_fool_still_take() -> None:
    assert loc.resolve({P1: "AS", P2: "15", P3: "14"}, pot_trumps="high") == (P2, None)
    assert loc.resolve({P1: "AS", P2: "0"}, pot_trumps="high") == (P2, None)
    assert loc.resolve({P1: "AS", P2: "14"}, pot_trumps="high", last=True) == (P2, None)


# --- the standard deck ---------------------------------------------------------------------


def test_the_standard_deck_is_52_cards_and_the_joker() -> None:
    deck = loc.deck_cards("standard")
    assert len(deck) == 53 and len(set(deck)) == 53
    assert card("0") in deck and not any(c.rank == 12 and not c.is_major for c in deck)
    assert [c for c in deck if c.is_major] == [card("0")]


def test_the_joker_is_a_super_ace() -> None:
    assert loc.resolve({1: "AS", 2: "0", 3: "KS"}, deck="standard") == (2, None)


def test_standard_highest_ace_takes_else_the_highest_card_is_excused() -> None:
    assert loc.resolve({1: "AW", 2: "AC", 3: "KS"}, deck="standard") == (2, None)
    assert loc.resolve({1: "JS", 2: "QW", 3: "10C"}, deck="standard") == (None, 2)


def test_a_knight_or_a_numbered_trump_is_not_in_the_standard_deck() -> None:
    with pytest.raises(ValueError):
        loc.resolve({1: "NS", 2: "2S"}, deck="standard")
    with pytest.raises(ValueError):
        loc.resolve({1: "5", 2: "2S"}, deck="standard")


@pytest.mark.parametrize(("typed", "expected"), [
    ("QH", "QC"), ("10d", "10P"), ("JS", "JS"), ("jc", "JW"), ("AC", "AW"), ("Joker", "0"),
    ("queen of hearts", "QC"), ("K♠", "KS"),
])
def test_standard_tables_read_standard_notation(typed: str, expected: str) -> None:
    assert loc.read_card(typed, "standard") == card(expected)


def test_tarot_tables_read_tarot_notation_and_names() -> None:
    assert loc.read_card("JC", "tarot") == card("JC")
    assert loc.read_card("the empress", "tarot") == card("3")
    assert loc.read_card("7Sr", "tarot") == card("7S")
    with pytest.raises(IllegalAction, match="can't read 'XYZ'"):
        loc.read_card("XYZ", "tarot")


def test_standard_codes_and_names() -> None:
    assert [loc.deck_code(c, "standard") for c in cards("QC 10P JS 0")] == ["QH", "10D", "JS", "Joker"]
    assert loc.card_label(card("JS"), "standard") == "Jack of Spades"
    assert loc.card_label(card("0"), "standard") == "Joker"
    assert loc.card_label(card("0"), "tarot") == "Fool"
    assert loc.card_label(card("KC"), "tarot") == "King of Cups"


def test_a_standard_hand_deals_only_standard_cards() -> None:
    state = table({p: 500 for p in range(1, 9)}, deck="standard", seed=3)
    dealt = [c.face for s in state.seats for c in s.cards]
    assert len(dealt) == 48 and len(set(dealt)) == 48
    assert all(loc.in_deck(c, "standard") for c in dealt)


# --- a hand --------------------------------------------------------------------------------


def test_every_player_antes_one_bet_and_gets_six_cards() -> None:
    state = table()
    assert state.phase == "discard" and state.hand == 1
    assert all(len(s.cards) == 6 and s.stack == 190 and s.in_pot == 10 for s in state.seats)
    assert state.pot == 40 and loc.chips_on_table(state) == 800
    faces = [c.face for s in state.seats for c in s.cards]
    assert len(set(faces)) == 24


def test_the_deal_replays_from_the_seed() -> None:
    assert loc.to_dict(table(seed=9)) == loc.to_dict(table(seed=9))
    assert loc.to_dict(table(seed=9)) != loc.to_dict(table(seed=10))


def test_discards_are_simultaneous_then_the_first_play_opens() -> None:
    state = table({P1: 200, P2: 200, P3: 200})
    hands = {s.player: s.cards[0].code for s in state.seats}
    assert loc.pending(state) == [P1, P2, P3] and loc.step_key(state) == "h1-d"
    events = loc.apply(state, P2, {"type": "discard", "card": hands[P2]})
    assert event(events, "discarded").data == {"player": P2, "done": 1, "of": 3}
    assert loc.pending(state) == [P1, P3] and loc.step_key(state) == "h1-d"
    loc.apply(state, P3, {"type": "discard", "card": hands[P3]})
    events = loc.apply(state, P1, {"type": "discard", "card": hands[P1]})
    assert "plays_open" in kinds(events)
    assert state.phase == "play" and state.play == 1 and loc.step_key(state) == "h1-p1"
    assert all(len(s.cards) == 5 and s.discard is not None for s in state.seats)


def test_the_step_key_stays_while_players_choose_and_changes_at_the_reveal() -> None:
    state = three_players()
    assert loc.step_key(state) == "h1-p1"
    loc.apply(state, P1, {"type": "play", "card": "7S"})
    assert loc.step_key(state) == "h1-p1" and loc.pending(state) == [P2, P3]
    loc.apply(state, P3, {"type": "play", "card": "9W"})
    assert loc.step_key(state) == "h1-p1" and loc.pending(state) == [P2]
    loc.apply(state, P2, {"type": "play", "card": "KC"})
    assert loc.step_key(state) == "h1-p2" and loc.pending(state) == [P1, P2, P3]


def test_choices_in_any_order_give_the_same_table() -> None:
    outcomes = []
    for order in ([P1, P2, P3], [P3, P1, P2], [P2, P3, P1]):
        state = three_players()
        plays = {P1: "7S", P2: "KC", P3: "9W"}
        play_all(state, {p: plays[p] for p in order})
        outcomes.append(loc.to_dict(state))
    assert outcomes[0] == outcomes[1] == outcomes[2]


def test_a_reveal_shows_exactly_one_card_per_player_at_once() -> None:
    state = three_players()
    loc.apply(state, P1, {"type": "play", "card": "7S"})
    assert state.reveals == [] and loc.seated(state, P1).played == []
    events = play_all(state, {P2: "KC", P3: "9W"})
    shown = event(events, "revealed").data["cards"]
    assert shown == [{"player": P1, "card": "7S"}, {"player": P2, "card": "KC"}, {"player": P3, "card": "9W"}]
    assert all(len(s.played) == 1 and len(s.cards) == 4 for s in state.seats)


def test_a_taken_pot_is_refreshed_by_everyone_including_the_winner() -> None:
    state = table({P1: 200, P2: 200, P3: 200})
    rig(state, {P1: "AS 2W 3W 4W 5W 6W", P2: "KC 2C 3C 4C 5C 6C", P3: "9W 2P 3P 4P 5P 6P"})
    discard_all(state, {P1: "6W", P2: "6C", P3: "6P"})
    events = play_all(state, {P1: "AS", P2: "KC", P3: "9W"})
    shown = event(events, "revealed").data
    assert shown["taker"] == P1 and shown["took"] == 30 and len(shown["paid"]) == 3
    assert stacks(state) == {P1: 210, P2: 180, P3: 180} and state.pot == 30


# --- chips: short stacks, broke players ----------------------------------------------------


def test_a_short_player_puts_in_what_they_have_and_stays_in_the_hand() -> None:
    state = table({P1: 200, P2: 200, P3: 14})  # P3: 4 left after the ante
    rig(state, {P1: "7S 2W 3W 4W 5W 6W", P2: "KC 2C 3C 4C 5C 6C", P3: "9W 2P 3P 4P 5P 6P"})
    discard_all(state, {P1: "6W", P2: "6C", P3: "6P"})
    events = play_all(state, {P1: "7S", P2: "KC", P3: "9W"})
    paid = {p["player"]: p["amount"] for p in event(events, "revealed").data["paid"]}
    assert paid == {P1: 10, P3: 4}
    assert stacks(state)[P3] == 0 and loc.seated(state, P3).active
    events = play_all(state, {P1: "2W", P2: "2C", P3: "2P"})
    assert {p["player"]: p["amount"] for p in event(events, "revealed").data["paid"]} == {P1: 10, P3: 0}
    assert loc.pending(state) == [P1, P2, P3]


def test_a_short_player_who_takes_wins_the_whole_single_pot() -> None:
    state = table({P1: 200, P2: 200, P3: 10})  # P3 is all in after the ante
    rig(state, {P1: "7S 2W 3W 4W 5W 6W", P2: "KC 2C 3C 4C 5C 6C", P3: "0 2P 3P 4P 5P 6P"})
    discard_all(state, {P1: "6W", P2: "6C", P3: "6P"})
    play_all(state, {P1: "7S", P2: "KC", P3: "2P"})  # P2 excused; P1 pays, P3 cannot
    assert state.pot == 40 and stacks(state)[P3] == 0
    events = play_all(state, {P1: "2W", P2: "2C", P3: "0"})
    assert event(events, "revealed").data["took"] == 40
    assert stacks(state)[P3] == 40 - 10  # took 40, refreshed with one bet


def test_a_player_with_no_chips_at_the_start_of_a_hand_leaves_the_table() -> None:
    state = table({P1: 200, P2: 200, P3: 200, P4: 10})
    rig(state, {P1: "AS 2W 3W 4W 5W 6W", P2: "KS 2C 3C 4C 5C 6C", P3: "9S 2P 3P 4P 5P 6P",
                P4: "7W 8W 9W 10W JW QW"})
    discard_all(state, {P1: "6W", P2: "6C", P3: "6P", P4: "QW"})
    for plays in ({P1: "2W", P2: "2C", P3: "2P", P4: "7W"}, {P1: "3W", P2: "3C", P3: "3P", P4: "8W"},
                  {P1: "4W", P2: "4C", P3: "4P", P4: "9W"}, {P1: "5W", P2: "5C", P3: "5P", P4: "10W"}):
        play_all(state, plays)  # P4 is excused each time with nothing to pay anyway
    events = play_all(state, {P1: "AS", P2: "KS", P3: "9S", P4: "JW"})
    assert stacks(state).get(P4) is None and loc.players(state) == [P1, P2, P3]
    cash = [e for e in events if e.kind == "cashout"]
    assert [(e.data["player"], e.data["amount"]) for e in cash] == [(P4, 0)]
    assert state.phase == "discard" and state.hand == 2


def test_chips_on_table_are_the_stacks_and_the_pot() -> None:
    state = three_players()
    play_all(state, {P1: "7S", P2: "KC", P3: "9W"})
    assert loc.chips_on_table(state) == 600 == sum(stacks(state).values()) + state.pot
    assert sum(loc.refunds(state).values()) == 600


# --- joining, leaving, sitting out ---------------------------------------------------------


def test_a_player_joins_between_hands() -> None:
    state = three_players()
    events = loc.apply(state, P4, {"type": "join", "stack": 300})
    assert kinds(events) == ["joined"] and not loc.seated(state, P4).in_hand
    assert loc.pending(state) == [P1, P2, P3]
    assert "not in this hand" in refused(state, P4, {"type": "play", "card": "2S"})
    for low in ("2", "3", "4", "5"):
        play_all(state, {P1: low + "W", P2: low + "C", P3: low + "P"})
    play_all(state, {P1: "7S", P2: "KC", P3: "9W"})
    assert loc.seated(state, P4).in_hand and len(loc.seated(state, P4).cards) == 6


def test_a_join_needs_ten_bets_and_a_free_seat() -> None:
    state = three_players()
    assert "at least 100" in refused(state, P4, {"type": "join", "stack": 99})
    assert "already seated" in refused(state, P1, {"type": "join", "stack": 500})
    full = table({p: 200 for p in range(1, 9)}, deck="standard")
    assert "full (8 seats)" in refused(full, 99, {"type": "join", "stack": 500})


def test_leaving_mid_hand_folds_and_cashes_out_at_the_end_of_the_hand() -> None:
    state = table()
    rig(state, {P1: "7S 2W 3W 4W 5W 6W", P2: "KC 2C 3C 4C 5C 6C", P3: "9W 2P 3P 4P 5P 6P",
                P4: "AS 2S 3S 4S 5S 6S"})
    discard_all(state, {P1: "6W", P2: "6C", P3: "6P", P4: "6S"})
    loc.apply(state, P4, {"type": "play", "card": "AS"})
    events = loc.apply(state, P4, {"type": "leave"})
    assert kinds(events) == ["leaving"] and loc.seated(state, P4).folded
    assert loc.pending(state) == [P1, P2, P3] and state.pot == 40  # P4's ante stays in
    events = play_all(state, {P1: "7S", P2: "KC", P3: "9W"})
    assert [c["player"] for c in event(events, "revealed").data["cards"]] == [P1, P2, P3]
    for low in ("2", "3", "4", "5"):
        events = play_all(state, {P1: low + "W", P2: low + "C", P3: low + "P"})
    cash = [e.data for e in events if e.kind == "cashout"]
    assert cash == [{"player": P4, "amount": 190}] and P4 not in loc.players(state)


def test_when_the_others_leave_the_last_player_takes_the_pot() -> None:
    state = three_players()
    loc.apply(state, P1, {"type": "leave"})
    events = loc.apply(state, P2, {"type": "leave"})
    assert event(events, "walkover").data == {"player": P3, "took": 30}
    assert "settled" in kinds(events) and "round_open" in kinds(events) and "waiting" in kinds(events)
    assert state.phase == "waiting" and stacks(state) == {P3: 220}
    assert loc.chips_on_table(state) + 190 + 190 == 600


def test_a_waiting_table_deals_when_enough_players_join() -> None:
    state = three_players()
    loc.apply(state, P1, {"type": "leave"})
    loc.apply(state, P2, {"type": "leave"})
    assert loc.pending(state) == [] and "no hand is on" in refused(state, P3, {"type": "play", "card": "2P"})
    loc.apply(state, P1, {"type": "join", "stack": 100})
    events = loc.apply(state, P2, {"type": "join", "stack": 100})
    assert "round_open" in kinds(events) and state.phase == "discard" and state.hand == 2


def test_sitting_out_starts_with_the_next_hand() -> None:
    state = table()
    events = loc.apply(state, P4, {"type": "sitout"})
    assert event(events, "sitout").data["from_next_hand"] and P4 in loc.pending(state)
    for seat in state.seats:
        loc.apply(state, seat.player, {"type": "discard", "card": loc.default_action(state, seat.player)["card"]})
    while state.hand == 1:
        for player in loc.pending(state):
            loc.apply(state, player, loc.default_action(state, player))
    assert not loc.seated(state, P4).in_hand and loc.pending(state) == [P1, P2, P3]
    loc.apply(state, P1, {"type": "sitout"})
    loc.apply(state, P1, {"type": "leave"})
    loc.apply(state, P2, {"type": "leave"})
    assert state.phase == "waiting"
    events = loc.apply(state, P4, {"type": "sitin"})
    assert state.phase == "waiting" and "round_open" not in kinds(events)  # P3, P4: two of three
    loc.apply(state, P1, {"type": "join", "stack": 100})
    assert state.phase == "discard"


# --- refusals ------------------------------------------------------------------------------


def test_playing_before_discarding_is_refused() -> None:
    state = table({P1: 200, P2: 200, P3: 200})
    code = state.seats[0].cards[0].code
    assert "discard a card first" in refused(state, P1, {"type": "play", "card": code})
    loc.apply(state, P1, {"type": "discard", "card": code})
    other = state.seats[0].cards[0].code
    assert "2 still to discard" in refused(state, P1, {"type": "play", "card": other})
    assert "already discarded" in refused(state, P1, {"type": "discard", "card": other})


def test_a_card_not_in_hand_or_already_played_is_refused() -> None:
    state = three_players()
    assert refused(state, P1, {"type": "play", "card": "KC"}) == "KC is not in your hand"
    assert "your discard" in refused(state, P1, {"type": "play", "card": "6W"})
    assert "can't read 'banana'" in refused(state, P1, {"type": "play", "card": "banana"})
    assert "name a card" in refused(state, P1, {"type": "play"})
    play_all(state, {P1: "7S", P2: "KC", P3: "9W"})
    assert refused(state, P1, {"type": "play", "card": "7S"}) == "7S was already played this hand"


def test_playing_twice_in_one_play_is_refused() -> None:
    state = three_players()
    loc.apply(state, P1, {"type": "play", "card": "7S"})
    assert "already chosen your card" in refused(state, P1, {"type": "play", "card": "2W"})
    assert "discard is over" in refused(state, P2, {"type": "discard", "card": "2C"})


def test_strangers_and_unknown_actions_are_refused() -> None:
    state = three_players()
    assert "not seated" in refused(state, 999, {"type": "play", "card": "2W"})
    assert "no action 'bet'" in refused(state, P1, {"type": "bet", "amount": 5})
    assert "needs a type" in refused(state, P1, {"card": "2W"})


def test_a_standard_table_refuses_tarot_only_cards_by_its_own_names() -> None:
    state = table({P1: 200, P2: 200, P3: 200}, deck="standard")
    rig(state, {P1: "QC 2W 3W 4W 5W 6W", P2: "KC 2C 3C 4C 5C 6C", P3: "9W 2P 3P 4P 5P 6P"})
    loc.apply(state, P1, {"type": "discard", "card": "QH"})  # the Queen of Hearts is our QC
    assert loc.seated(state, P1).discard == card("QC")
    assert refused(state, P2, {"type": "discard", "card": "QH"}) == "QH is not in your hand"


@pytest.mark.parametrize(("options", "says"), [
    ({"bet": 0}, "bet must be"), ({"deck": "french"}, "tarot or standard"),
    ({"pot_trumps": "some"}, "all or high"), ({"timer": 9999}, "timer must be"),
])
def test_bad_options_are_refused(options: dict[str, Any], says: str) -> None:
    with pytest.raises(IllegalAction, match=says):
        loc.Options(**options).validate()


def test_seat_and_buy_in_ranges() -> None:
    assert loc.seat_range(loc.Options()) == (3, 10)
    assert loc.seat_range(loc.Options(deck="standard")) == (3, 8)
    assert loc.buy_in_range(loc.Options(bet=25)) == (250, 2500)
    with pytest.raises(IllegalAction, match="seats 3 to 8"):
        table({p: 100 for p in range(9)}, deck="standard")


# --- timers, views, round trips -------------------------------------------------------------


def test_the_default_move_is_the_lowest_card() -> None:
    state = table({P1: 200, P2: 200, P3: 200})
    rig(state, {P1: "KS 2P 2W 0 AS 9C"})
    assert loc.default_action(state, P1) == {"type": "discard", "card": "2W"}
    loc.apply(state, P1, loc.default_action(state, P1))
    assert loc.default_action(state, P1) == {"type": "discard", "card": "2P"}


def test_the_public_view_never_holds_a_hand_a_discard_or_a_chosen_card() -> None:
    state = three_players()
    loc.apply(state, P1, {"type": "play", "card": "7S"})
    public = json.dumps(loc.view(state, None))
    for seat in state.seats:
        for hidden in seat.cards + [seat.discard]:
            assert f'"{hidden.code}"' not in public
    public_view = loc.view(state, None)
    assert public_view["done"] == 1 and public_view["waited"] == 3 and public_view["me"] is None
    mine = loc.view(state, P1)["me"]
    assert mine["choice"] == "7S" and mine["discard"] == "6W" and "7S" in mine["cards"] and mine["can"] is None
    theirs = loc.view(state, P2)
    assert theirs["me"]["choice"] is None and theirs["me"]["can"] == "play"
    assert '"7S"' not in json.dumps(theirs) and '"6W"' not in json.dumps(theirs)


def test_the_public_view_tells_how_many_have_chosen_never_who() -> None:
    for action in ("discard", "play"):
        views = []
        for first in (P1, P2, P3):
            state = table({P1: 200, P2: 200, P3: 200}, seed=4) if action == "discard" else three_players()
            loc.apply(state, first, loc.default_action(state, first))
            views.append(loc.view(state, None))
        assert views[0] == views[1] == views[2] and views[0]["done"] == 1


def test_legal_actions_offer_the_cards_in_hand() -> None:
    state = three_players()
    plays = [a["card"] for a in loc.legal_actions(state, P1) if a["type"] == "play"]
    assert plays == ["7S", "2W", "3W", "4W", "5W"]
    loc.apply(state, P1, {"type": "play", "card": "7S"})
    assert not [a for a in loc.legal_actions(state, P1) if a["type"] == "play"]
    assert loc.legal_actions(state, 999) == [{"type": "join"}]


def test_the_state_round_trips_through_json_mid_play() -> None:
    state = three_players()
    loc.apply(state, P2, {"type": "play", "card": "KC"})
    again = loc.from_dict(json.loads(json.dumps(loc.to_dict(state))))
    assert again == state
    play_all(again, {P1: "7S", P3: "9W"})
    assert again.reveals[0]["excused"] == P2


def test_each_play_has_a_short_log_line() -> None:
    state = three_players()
    play_all(state, {P1: "7S", P2: "KC", P3: "9W"})
    loc.seated(state, P3).stack = 4
    play_all(state, {P1: "2W", P2: "3C", P3: "2P"})
    state.seats[0].cards[0] = card("0")
    play_all(state, {P1: "0", P2: "2C", P3: "3P"})
    name = {P1: "@alice", P2: "@bob", P3: "@carol"}.get
    lines = [loc.reveal_line(r, "tarot", name) for r in state.reveals]
    assert lines == [
        "@alice: 7S, @bob: KC, @carol: 9W — @bob's King of Cups is highest: excused; the others pay 10 each",
        "@alice: 2W, @bob: 3C, @carol: 2P — @bob's 3 of Cups is highest: excused; the others pay 14 in all",
        "@alice: 0, @bob: 2C, @carol: 3P — @alice's Fool takes 64; everyone refreshes the pot"]
    assert "@alice's Joker takes 64" in loc.reveal_line(state.reveals[2], "standard", name)


def test_the_finished_hand_is_kept_for_display() -> None:
    state = three_players()
    for low in ("2", "3", "4", "5"):
        play_all(state, {P1: low + "W", P2: low + "C", P3: low + "P"})
    play_all(state, {P1: "7S", P2: "KC", P3: "9W"})
    last = loc.view(state, None)["last_round"]
    assert last["phase"] == "settled" and len(last["reveals"]) == 5 and last["round"] == 1
    assert {r["player"] for r in last["results"]} == {P1, P2, P3}
    assert sum(r["net"] for r in last["results"]) == 0
