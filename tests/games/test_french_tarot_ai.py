"""The French Tarot computer players: they bid from hand strength, call and discard with a
purpose, keep the Petit safe, charge points onto their side's tricks, take cheaply, throw their
least valuable card, lead with a plan, and beat random players."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from games import french_tarot as ft
from games.base import SeatSpec
from games.cards import card, cards, codes, full_deck
from games.french_tarot import ai
from tests.games.test_french_tarot import position, random_action, table
from tests.seeds import predict

STRONG = "21 0 1 20 19 18 16 14 12 10 7 3 KC QC KS 2S 5W 6W"  # 3 oudlers, 12 trumps, two kings
MIDDLE = "21 0 17 15 13 9 8 6 4 KC QC 3C 4C 2S 5S 7W 8W 3P"  # 47: a prise
WEAK = "2 5 9 11 AC 3C 5C 7C 9C 2S 4S 6S 8S 10S 2W 4W 6W 8W"


def play(state: ft.State) -> str:
    seat = ft.turn_seat(state)
    assert seat is not None
    return ai.choose_card(state, seat).code


# --- bidding, calling, discarding ----------------------------------------------------------


def test_hand_strength_orders_hands() -> None:
    strengths = [ai.hand_strength(cards(h), 4) for h in (STRONG, MIDDLE, WEAK)]
    assert strengths[0] > strengths[1] > strengths[2]


@pytest.mark.parametrize(("hand", "bids"), [(STRONG, {"garde", "garde_sans", "garde_contre"}), (MIDDLE, {"prise"}),
                                            (WEAK, {"pass"})])
def test_bids_follow_hand_strength(hand: str, bids: set[str]) -> None:
    state = table(4)
    state.hands[0] = cards(hand)
    assert ai.choose_bid(state, 0) in bids


def test_a_bid_the_table_has_already_beaten_becomes_a_pass() -> None:
    state = table(4)
    ft.apply(state, 1, {"type": "bid", "contract": "garde_contre"})
    state.hands[1] = cards(STRONG)
    assert ai.choose_bid(state, 1) == "pass"


def test_the_call_is_a_king_the_taker_lacks_where_it_holds_the_most() -> None:
    assert ai.choose_call(cards("KC QS NS 2S 3C 5W")).code == "KS"
    four_kings = cards("KC KS KW KP QS NS JS 4C")
    assert ai.choose_call(four_kings).code == "QC" or ai.choose_call(four_kings).rank == 13


def test_the_discard_makes_voids_and_keeps_kings_and_oudlers() -> None:
    hand = cards("21 1 0 2 3 4 5 6 7 8 9 10 KC 2C 3C 4C QS 2S KW 6W 7W 8W 9W 2P")
    discard = ai.choose_discard(hand, 6)
    ft.verify_discard(hand, discard, 6)
    assert {"2S", "QS", "2P"} <= set(codes(discard)), "spades and pentacles are thrown whole: two voids"
    assert not any(ft.is_king(c) or c.is_oudler or ft.is_trump(c) for c in discard)


def test_the_discard_takes_the_lowest_trumps_only_when_forced() -> None:
    hand = cards("21 1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 KC KW KS KP 2C")
    discard = ai.choose_discard(hand, 6)
    assert codes(discard) == ["2C", "2", "3", "4", "5", "6"]
    ft.verify_discard(hand, discard, 6)


def test_only_the_takers_side_shows_a_poignee() -> None:
    trumps = " ".join(str(n) for n in range(2, 13))
    state = position([trumps + " 5C", "6C 7C", "8C 9C", "2S 3S"], leader=0, taker=0, tricks_before=0)
    assert ai.choose(state, 1) == {"type": "announce", "what": "poignee", "level": "simple"}
    assert ai.choose(state, 1, announce=False)["type"] == "play"
    defending = position([trumps + " 5C", "6C 7C", "8C 9C", "2S 3S"], leader=0, taker=1, tricks_before=0)
    assert ai.choose(defending, 1)["type"] == "play"


def test_a_chelem_needs_an_overwhelming_hand() -> None:
    assert ai.wants_chelem(cards("21 20 19 18 17 16 15 14 13 12 11 10 9 KC QC KS KW KP"), 4)
    assert not ai.wants_chelem(cards(STRONG), 4)


# --- the play: the Petit -------------------------------------------------------------------


def test_the_petit_is_not_thrown_under_an_opponents_trump() -> None:
    # seat 1 (defender) is void in cups: must trump, cannot overtrump the taker's 12
    state = position(["3C 4C", "1 5 KS", "6C 7C", "8C 9C"], trick="2C", leader=3, taker=0)
    state.trick, state.leader = cards("2C 12"), 3
    state.hands[0] = cards("4C")
    assert play(state) == "5"


def test_the_excuse_saves_the_petit_when_it_is_the_only_trump_to_play() -> None:
    state = position(["4C 5C", "1 0 KS", "6C 7C", "8C 9C"], trick="2C 12", leader=3, taker=0)
    assert play(state) == "0"


def test_the_petit_goes_onto_a_trick_an_ally_surely_wins() -> None:
    # 4 players, seat 3 defends, plays last; its partner (seat 2) leads with the 21
    state = position(["2C", "3C", "", "1 7 9"], trick="21 4 10", leader=1, taker=0)
    state.hands = [cards("2S 3S"), cards("4S 5S"), cards("6S 7S"), cards("1 7 9")]
    state.trick, state.leader = cards("4 21 10"), 0
    assert play(state) == "1"


def test_the_petit_is_led_when_no_trump_is_left_against_it() -> None:
    state = position(["1 5C 6C", "2W 3W", "4W 5W", "6W 7W"], leader=0, taker=0)
    others = [c for c in full_deck() if ft.is_trump(c) and c.rank > 1]
    state.tricks = [ft.Trick(0, others[i:i + 4], 0) for i in range(0, 20, 4)]
    assert play(state) == "1"


# --- the play: charging, taking, throwing, leading -----------------------------------------


def test_points_go_onto_a_trick_an_ally_surely_wins() -> None:
    state = position(["", "", "", ""], trick="", taker=0)
    state.hands = [cards("2S 3S"), cards("4S 5S"), cards("6S 7S"), cards("KC 2C 3C")]
    state.trick, state.leader = cards("5C 21 4C"), 0
    assert play(state) == "KC", "the defender plays last behind its partner's 21: it gives its king"


def test_the_cheapest_winning_card_takes_the_trick_when_playing_last() -> None:
    state = position(["", "", "", ""], taker=3)
    state.hands = [cards("2S 3S"), cards("4S 5S"), cards("6S 7S"), cards("KC QC 2C")]
    state.trick, state.leader = cards("5C NC 4C"), 0
    assert play(state) == "QC"


def test_the_least_valuable_card_is_thrown_when_the_trick_is_lost() -> None:
    state = position(["", "", "", ""], taker=3)
    state.hands = [cards("2S 3S"), cards("4S 5S"), cards("6S 7S"), cards("QC NC 2C")]
    state.trick, state.leader = cards("5C KC 4C"), 0
    assert play(state) == "2C"


def test_the_excuse_is_played_before_the_last_trick() -> None:
    state = position(["0 5S", "4S 5C", "6S 7C", "8S 9C"], leader=0, taker=1)
    assert play(state) == "0"


def test_the_defence_leads_into_the_takers_void() -> None:
    state = position(["", "2C 3C", "", ""], leader=1, taker=0)
    state.hands = [cards("2W 3W"), cards("5C 9P"), cards("6C 7S"), cards("8S 9S")]
    state.tricks = [ft.Trick(1, cards("AP 2P 3P 12"), 0)]  # the taker trumped pentacles
    assert play(state) == "9P"


def test_a_master_king_is_cashed() -> None:
    state = position(["", "", "", ""], leader=1, taker=0)
    state.hands = [cards("2W 3W"), cards("KC 2S 9S"), cards("6C 7S"), cards("8S 9C")]
    assert play(state) == "KC"


def test_the_taker_draws_trumps_when_he_holds_most_of_them() -> None:
    trumps = " ".join(str(n) for n in range(4, 21))
    state = position([trumps + " 2C", "", "", ""], leader=0, taker=0)
    assert ft.is_trump(card(play(state)))


def test_computer_moves_are_always_legal() -> None:
    rng = random.Random(3)
    for seed in range(20):
        state = table(rng.choice((3, 4, 5)), seed, hands=1)
        while not ft.is_over(state):
            player = ft.pending(state)[0]
            action = ft.computer_action(state, player) if player % 2 else random_action(state, player, rng)
            ft.apply(state, player, action)


# --- against random players ----------------------------------------------------------------


def average_scores(players: int, deals: int, smart: set[int]) -> list[float]:
    """Average score per deal when the `smart` seats play the computer policy and the others
    a uniformly random legal move (bids included)."""
    totals = [0] * players
    for seed in range(deals):
        rng = random.Random(seed)
        predict(seed)
        state = ft.new(ft.Options(players=players, hands=1), [SeatSpec(s + 1) for s in range(players)])
        while not ft.is_over(state):
            player = ft.pending(state)[0]
            if player - 1 in smart:
                action = ft.computer_action(state, player)
            else:
                action = random_action(state, player, rng)
            ft.apply(state, player, action)
        totals = [t + s for t, s in zip(totals, state.totals, strict=True)]
    return [t / deals for t in totals]


def test_a_computer_player_beats_three_random_players() -> None:
    scores = average_scores(4, 240, smart={0})  # a random defender beside the computer shares its wins: 240 deals
    assert scores[0] > 10 and all(s < 0 for s in scores[1:]), scores


def test_three_computer_players_beat_a_random_player() -> None:
    scores = average_scores(4, 120, smart={1, 2, 3})
    assert scores[0] < -10 and all(s > 0 for s in scores[1:]), scores


# --- determinism -----------------------------------------------------------------------------

GAMES_DIGEST = """
import hashlib, json
from games import french_tarot as ft
from games.french_tarot import ai as tarot_ai
from games.base import SeatSpec
from tests.seeds import predict
digest = hashlib.sha256()
for players in (3, 4, 5):
    for seed in range(1, 25):
        seats = [SeatSpec(-n) for n in range(1, players + 1)]
        predict(seed)
        state = ft.new(ft.Options(players=players, bots=players - 1, hands=2, timer=0), seats)
        while not ft.is_over(state):
            player = ft.pending(state)[0]
            ft.apply(state, player, tarot_ai.choose(state, player))
        digest.update(json.dumps(ft.to_dict(state), sort_keys=True).encode())
print(digest.hexdigest())
"""


def test_computer_play_is_the_same_in_every_process() -> None:
    """Computer moves depend on the table's seed only, never on hash order: the same games
    played under different PYTHONHASHSEEDs end identically."""
    root = Path(__file__).resolve().parents[2]
    digests = set()
    for hash_seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(root)}
        run = subprocess.run([sys.executable, "-c", GAMES_DIGEST], env=env, capture_output=True, text=True,
                             check=True, cwd=root)
        digests.add(run.stdout.strip())
    assert len(digests) == 1 and len(digests.pop()) == 64


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_play_kept_card_by_card_is_the_play_read_from_the_tricks(players: int) -> None:
    """A play-out keeps what the table has seen (ai.Played) with `note` at each card: it stays
    what reading every trick again gives, and so does every seat's knowledge."""
    deals = 0
    for attempt in range(20):
        predict(f"played:{players}:{attempt}")
        state = ft.new(ft.Options(players=players, hands=1), [SeatSpec(-n) for n in range(1, players + 1)])
        deals += play_and_compare(state)
    assert deals >= 5, "too few deals were played out with a void shown"


def shown(state: ft.State) -> tuple[set[tuple[str | None, int]], list[set[str]]]:
    """The cards not played yet, and each seat's voids as the rules of play show them: a card
    off the led suit (the Excuse apart) shows a void in it, and a suit card off it no trumps."""
    voids: list[set[str]] = [set() for _ in range(state.size)]
    tricks = [*((t.leader, t.cards) for t in state.tricks), (state.leader, state.trick)]
    for leader, played in tricks:
        led = ft.led_card(played)
        for i, c in enumerate(played):
            if led is None or ft.is_excuse(c) or c.suit == led.suit:
                continue
            seat = (leader + i) % state.size
            if led.suit is not None:
                voids[seat].add(led.suit)
            if c.suit is not None:
                voids[seat].add(ai.TRUMP)
    unplayed = {(c.suit, c.rank) for c in full_deck()} - {(c.suit, c.rank) for _, p in tricks for c in p}
    return unplayed, voids


def play_and_compare(state: ft.State) -> bool:
    """The deal played by normal computers, the kept play compared with the read one at each
    card; whether it was played out (not passed) and play showed a void."""
    kept = None
    while not ft.is_over(state):
        player = ft.pending(state)[0]
        action = ai.choose(state, player)
        if action["type"] == "play":
            kept = kept or ai.Played.read(state)
            read = ai.Played.read(state)
            assert (kept.unplayed, kept.voids) == (read.unplayed, read.voids) == shown(state)
            for seat in range(state.size):
                assert ai.knowledge(state, seat, kept) == ai.knowledge(state, seat)
            seat = state.players.index(player)
            chosen = next(c for c in state.hands[seat] if ft.same(c, card(action["card"])))
            kept.note(state.leader, state.trick, chosen, state.size)
        ft.apply(state, player, action)
    return kept is not None and any(kept.voids)
