"""The shared house-game pieces: the shoe, the betting window, seats, bet validation."""

from __future__ import annotations

from collections import Counter

import pytest

from games import blackjack, fairness, house
from games.base import IllegalAction, SeatSpec, mention
from games.cards import Card, cards, full_deck
from tests.seeds import CLIENT_SEED, predict, predicted


def make_table(stacks: dict[int, int], **options: int) -> house.Table:
    seats = [house.Seat(p, s) for p, s in stacks.items()]
    return house.Table(**house.start(blackjack.Options(**{"decks": 1, **options}), seats, None))


def new_shoe(decks: int, number: int = 1, without: list[Card] | None = None,
             dealer: fairness.Dealer | None = None) -> house.Shoe:
    return house.new_shoe(dealer or fairness.new_dealer(), [1], decks, number, without or [])


def shoe_holding(held: list[Card], decks: int = 1) -> house.Shoe:
    return house.Shoe(decks, 1, fairness.Deal("test", "shoe 1"), held)


# --- the shoe ------------------------------------------------------------------------------


@pytest.mark.parametrize("decks", [1, 2, 3, 4])
def test_new_shoe_holds_decks_copies_of_every_card(decks: int) -> None:
    shoe = new_shoe(decks)
    assert len(shoe.cards) == decks * 78 == shoe.size
    assert shoe.deal.deck == [c.code for c in full_deck()] * decks  # the decks one after the other
    counts = Counter(c.face for c in shoe.cards)
    assert set(counts) == set(full_deck())
    assert set(counts.values()) == {decks}


def test_a_shuffle_turns_exactly_half_the_shoe() -> None:
    shoe = new_shoe(3)
    assert sum(c.reversed for c in shoe.cards) == 3 * 78 // 2


def test_each_shoe_shuffles_with_a_fresh_seed_of_its_own() -> None:
    predict("s")
    dealer = fairness.new_dealer()
    first, second = new_shoe(2, dealer=dealer), new_shoe(2, 2, dealer=dealer)
    assert (first.deal.seed, second.deal.seed) == (predicted("s", 1), predicted("s", 2))
    assert (first.deal.nonce, second.deal.nonce) == (1, 2)
    assert first.cards == fairness.shuffled(full_deck() * 2, predicted("s", 1), CLIENT_SEED, 1)  # seat 1's seed
    assert second.cards == fairness.shuffled(full_deck() * 2, predicted("s", 2), CLIENT_SEED, 2) != first.cards
    assert second.deal.label == "shoe 2"
    assert dealer.next_seed == predicted("s", 3), "the next shoe is committed as soon as one is drawn"


def test_same_seed_same_shoe_other_seed_other_shoe() -> None:
    predict(9)
    one = new_shoe(2)
    predict(9)
    assert new_shoe(2).cards == one.cards
    predict(10)
    assert new_shoe(2).cards != one.cards


def test_the_cards_set_aside_count_without_their_orientation() -> None:
    aside = full_deck()[:5]
    predict(3)
    turned = new_shoe(1, without=[c.turned() for c in aside])
    predict(3)
    upright = new_shoe(1, without=aside)
    assert turned.cards == upright.cards and len(turned.cards) == 73
    assert not {c.face for c in turned.cards} & set(aside)


def test_a_low_shoe_gives_way_to_a_new_one_before_a_round_and_is_revealed() -> None:
    table = make_table({1: 100})
    old = table.shoe
    old.cards = old.cards[:20]  # 20 * 4 = 80 >= 78
    assert house.prepare_deal(table) == []
    table.round_deals = []
    old.cards = old.cards[:19]  # 76 < 78
    events = house.prepare_deal(table)
    assert [e.kind for e in events] == ["deal_revealed", "deal_committed", "shuffle"]
    assert events[0].data["seed"] == old.deal.seed and events[1].data["commitment"] != old.deal.commitment
    assert len(table.shoe.cards) == 78 and table.shoe.number == 2
    assert table.round_deals[0]["commitment"] == table.shoe.deal.commitment


def test_shoe_round_trips() -> None:
    shoe = new_shoe(2)
    house.take(house.Table(blackjack.Options(), [], shoe), 5)
    assert house.Shoe.from_dict(shoe.to_dict()) == shoe
    assert len(shoe.deal.dealt) == 5


def test_discards_are_what_neither_shoe_nor_table_holds() -> None:
    shoe = shoe_holding(cards(full_deck_codes()[3:]))
    table = [cards("AW")[0].turned()]
    assert house.discards(shoe, table) == cards("2W 3W")


def test_discards_refuse_an_impossible_count() -> None:
    shoe = shoe_holding(full_deck())
    with pytest.raises(ValueError):
        house.discards(shoe, cards("KC"))


def test_an_empty_shoe_mid_round_gives_way_to_a_shoe_of_the_discards_revealed_after_the_round() -> None:
    table = make_table({1: 100})
    table.shoe = shoe_holding([])
    old = table.shoe.deal
    table.phase = "playing"
    on_table = full_deck()[:70]
    events: list = []
    drawn = house.draw(table, on_table, events)
    assert [e.kind for e in events] == ["deal_committed", "shuffle"]  # the old seed is still secret
    assert table.shoe.number == 2 and table.retired == [old]
    assert table.shoe.deal.deck == [c.code for c in full_deck()[70:]]  # the discards, in the canonical order
    assert table.shoe.deal.nonce == table.fair.nonce == 2
    rest = Counter(c.face for c in [drawn, *table.shoe.cards])
    assert rest == Counter(full_deck()[70:])
    assert house.available(table.shoe, on_table) == 8
    assert house.deals_in_play(table) == [old, table.shoe.deal]
    assert [e.kind for e in house.reveal_retired(table)] == ["deal_revealed"] and table.retired == []


def test_nothing_left_to_draw_is_refused() -> None:
    table = make_table({1: 100})
    table.shoe = shoe_holding([])
    with pytest.raises(IllegalAction, match="the shoe is empty"):
        house.draw(table, full_deck(), [])


def full_deck_codes() -> list[str]:
    return [c.code for c in full_deck()]


# --- bets and the window -------------------------------------------------------------------


@pytest.mark.parametrize(("raw", "reason"), [
    (5, "the minimum bet is 10"),
    (501, "the maximum bet is 500"),
    (10**15, "the maximum bet is 500"),
    (50, "you have 40 chips, the bet is 50"),
    ("lots", "the bet must be a whole number of chips, not 'lots'"),
    (0, "the bet must be more than zero"),
    (-20, "the bet must be more than zero"),
    (12.5, "the bet must be a whole number of chips"),
    (True, "the bet must be a whole number of chips"),
    (None, "the bet must be a whole number of chips"),
])
def test_bets_are_refused_with_a_reason(raw: object, reason: str) -> None:
    table = make_table({1: 40})
    with pytest.raises(IllegalAction) as refused:
        house.verify_amount(table, table.seats[0], raw)
    assert refused.value.reason == reason


def test_a_bet_in_range_is_accepted_and_sits_the_seat_in() -> None:
    table = make_table({1: 40})
    seat = table.seats[0]
    seat.sitting_out = True
    amount = house.verify_amount(table, seat, "40")
    house.do_bet(seat, amount)
    assert (seat.stack, seat.bet, seat.sitting_out) == (0, 40, False)
    assert house.chips_on_table(table) == 40


def test_the_window_waits_on_seats_that_can_bet() -> None:
    table = make_table({1: 100, 2: 5, 3: 100, 4: 100})
    table.seats[2].sitting_out = True
    assert house.window_pending(table) == [1, 4]
    table.seats[0].passed = True
    assert house.window_pending(table) == [4]
    assert house.window_result(table) is None
    house.do_bet(table.seats[3], 10)
    assert house.window_pending(table) == []
    assert house.window_result(table) == "deal"


def test_a_window_everyone_passed_reopens() -> None:
    table = make_table({1: 100, 2: 100})
    for seat in table.seats:
        seat.passed = True
    assert house.window_result(table) == "reopen"
    event = house.open_window(table)
    assert event.kind == "round_open" and event.data == {"round": 2}
    assert table.round == 2 and not any(s.passed for s in table.seats)


def test_a_window_nobody_can_act_in_stays_open() -> None:
    table = make_table({1: 100})
    table.seats[0].sitting_out = True
    assert house.window_result(table) is None


def test_betting_twice_or_after_passing_is_refused() -> None:
    table = make_table({1: 100, 2: 100})
    house.do_bet(table.seats[0], 10)
    table.seats[1].passed = True
    with pytest.raises(IllegalAction, match="you have already bet this round"):
        house.verify_can_bet(table, table.seats[0])
    with pytest.raises(IllegalAction, match="you passed this round"):
        house.verify_can_bet(table, table.seats[1])
    with pytest.raises(IllegalAction, match="you have already passed this round"):
        house.verify_pass(table, table.seats[1])
    table.phase = "playing"
    with pytest.raises(IllegalAction, match="betting is closed"):
        house.verify_can_bet(table, table.seats[1])


# --- seats ---------------------------------------------------------------------------------


def test_leaving_with_nothing_in_play_cashes_out_at_once() -> None:
    table = make_table({1: 100, 2: 70})
    events = house.leave(table, table.seats[1])
    assert [e.kind for e in events] == ["left", "cashout"]
    assert events[1].data == {"player": 2, "amount": 70}
    assert [s.player for s in table.seats] == [1]


def test_leaving_with_a_bet_waits_for_settlement() -> None:
    table = make_table({1: 100})
    house.do_bet(table.seats[0], 30)
    events = house.leave(table, table.seats[0])
    assert [e.kind for e in events] == ["leaving"]
    assert table.seats[0].leaving
    table.seats[0].stack += 60
    events = house.finish_round(table, {"round": 1})
    assert [e.kind for e in events] == ["cashout", "round_open"]
    assert events[0].data == {"player": 1, "amount": 130}
    assert table.seats == [] and table.last_round == {"round": 1}


def test_join_is_refused_when_seated_full_or_without_chips() -> None:
    table = make_table({1: 100})
    with pytest.raises(IllegalAction, match="you are already seated at this table"):
        house.verify_join(table, 1, {"type": "join", "stack": 10}, 2)
    with pytest.raises(IllegalAction, match="the table is full"):
        house.verify_join(table, 2, {"type": "join", "stack": 10}, 1)
    with pytest.raises(IllegalAction, match="buy-in must be more than zero"):
        house.verify_join(table, 2, {"type": "join", "stack": 0}, 2)
    assert house.verify_join(table, 2, {"type": "join", "stack": "25"}, 2) == 25


def test_not_seated_is_refused() -> None:
    table = make_table({1: 100})
    with pytest.raises(IllegalAction, match="you are not seated at this table"):
        house.seated(table, 9)


def test_seat_actions() -> None:
    table = make_table({1: 100})
    assert house.seat_actions(table, 1, 7) == [{"type": "leave"}, {"type": "sitout"}]
    assert house.seat_actions(table, 2, 7) == [{"type": "join"}]
    assert house.seat_actions(table, 2, 1) == []
    table.seats[0].sitting_out = True
    table.seats[0].leaving = True
    assert house.seat_actions(table, 1, 7) == [{"type": "sitin"}]


@pytest.mark.parametrize(("specs", "reason"), [
    ([], "a table seats 1 to 7 players"),
    ([SeatSpec(i, 10) for i in range(8)], "a table seats 1 to 7 players"),
    ([SeatSpec(1, 10), SeatSpec(1, 20)], "a player can only sit once at a table"),
    ([SeatSpec(1, -1)], "a stack cannot be negative"),
])
def test_bad_seat_lists_are_refused(specs: list[SeatSpec], reason: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        house.check_seats(specs, 7)
    assert refused.value.reason == reason


@pytest.mark.parametrize(("args", "reason"), [
    ((0, 500, 2, 60), "min_bet must be a whole number from 1 to 100000"),
    ((10, 5, 2, 60), "max_bet must be a whole number from 10 to 1000000"),
    ((10, 500, 5, 60), "decks must be a whole number from 1 to 4"),
    ((10, 500, 0, 60), "decks must be a whole number from 1 to 4"),
    ((10, 500, 2, 601), "timer must be a whole number from 0 to 600"),
    ((10, 500, 2, True), "timer must be a whole number from 0 to 600"),
    (("10", 500, 2, 60), "min_bet must be a whole number from 1 to 100000"),
])
def test_common_options_are_checked(args: tuple, reason: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        house.check_common_options(*args)
    assert refused.value.reason == reason


def test_action_type_is_required() -> None:
    for bad in (None, "hit", {}, {"type": 3}):
        with pytest.raises(IllegalAction, match="an action needs a type"):
            house.action_type(bad)
    assert house.action_type({"type": "hit"}) == "hit"


def test_mention_form() -> None:
    assert mention(42) == "<@42>"
    assert mention(-3) == "Computer 3"

