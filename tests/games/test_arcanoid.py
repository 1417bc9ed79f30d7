"""Arcanoid: every example of rules/arcanoid.md, the moves, each major's power and limits, the
variants, bad input with nothing changed, and the fair seeds."""

from __future__ import annotations

import hashlib

import pytest

import games.arcanoid as arc
from games.arcanoid import rules
from games.arcanoid.battle import form_of
from games.arcanoid.model import DAEMON_BASE
from games.cards import cards
from tests.games.arcanoid_helpers import (
    act,
    c,
    check_cards,
    close,
    commit,
    hand,
    refused,
    seat,
    seeded,
    table,
)

# --- battles: the examples of arcanoid.md -------------------------------------------------


@pytest.mark.parametrize(("a", "b", "winner"), [
    ("4S 6S 7S", "9S 10S", "B"),  # 17 < 19
    ("NS", "8S 10S", "B"),  # 17.5 < 18
    ("NS", "7S 10S", "A"),  # 17.5 > 17
    ("9S 6S", "10S 5S", "B"),  # 15 = 15, two cards each, 10 beats 9
    ("4S 5S 6S", "10S 5S", "B"),  # 15 = 15, fewer cards
    ("5S 9S", "JS AS", "B"),  # 14.5 beats 14
    ("JS", "JS AS", "A"),  # 14.5 each: fewer cards
    ("QS KS", "3 4", "B"),  # the imperial couple beats the royal couple
    ("10S 9S 8S 7S", "6 3", "B"),  # the Lovers with the Empress beat any force
    ("10S 9S 8S 7S", "6 NS", "B"),  # the Lovers with a court of the suit
    ("6 NS", "QS KS", "B"),  # ... but lose to a royal couple
    ("6 3", "QS KS", "B"),
    ("3 4", "21", "B"),  # the World wins
    ("", "2S", "B"),  # an abdicator cannot win
    ("10S 6S", "10S 6S", "A"),  # the very same force: the earlier commitment
])
def test_battle_examples(a: str, b: str, winner: str) -> None:
    assert arc.battle_winner([("A", cards(a)), ("B", cards(b))], field="swords") == winner


def test_everybody_abdicates_the_last_wins() -> None:
    assert arc.battle_winner([("A", []), ("B", cards("20")), ("C", [])]) == "C"
    assert arc.battle_winner([("A", []), ("C", []), ("B", [])]) == "B"


def test_imperial_couple_on_two_fields_beats_the_royal_couple() -> None:
    state = table({1: "3 4 2C 3C 4C 5C", 2: "QS KS 2W 3W 4W 5W"})
    commit(state, 1, "swords", "3 4", second="cups")
    commit(state, 2, "swords", "QS KS")
    fought = rules.battles(state)
    assert fought["swords"]["winner"] == 1
    assert seat(state, 1).fields["cups"].linked == "swords"


@pytest.mark.parametrize(("codes", "stealable"), [
    ("9S 6S", True),
    ("AS 9S", False),  # an ace
    ("NS AS", False),
    ("QS KS", False),  # royal couple
    ("3 4", False),  # imperial couple
    ("6 NS", False),  # illegitimate couples
    ("6 3", False),
    ("21", False),  # the World
    ("", False),  # an abdication
    ("20", False),  # Judgment
    ("10S 10W 1", True),  # a transmuted force
])
def test_can_steal(codes: str, stealable: bool) -> None:
    assert arc.can_steal(cards(codes)) is stealable


def test_game_winners_by_the_lost_rules() -> None:
    one = {"swords": 1, "staves": 1, "cups": 2, "coins": 3}
    assert arc.game_winners([one]) == [1]
    # 2 battles each: 1 won in two rounds, 2 in one round
    assert arc.game_winners([{"swords": 1, "staves": 2, "cups": 2, "coins": 3},
                             {"swords": 1, "staves": 3, "cups": 3, "coins": 4}]) == [3]
    tied = [{"swords": 1, "staves": 2, "cups": 5, "coins": 5}, {"swords": 2, "staves": 1, "cups": 6, "coins": 6}]
    # 1 and 2: two battles, two rounds each, one battle in the last round each; 5 and 6 two in a round
    assert sorted(arc.game_winners(tied)) == [1, 2]
    last = [{"swords": 1, "staves": 1, "cups": 3, "coins": 2}, {"swords": 2, "staves": 3, "cups": 3, "coins": 1}]
    assert arc.game_winners(last) == [3]  # 1 and 3: three battles in two rounds; 3 won more in the last


# --- the committing forms -----------------------------------------------------------------


@pytest.mark.parametrize(("codes", "field", "form"), [
    ("2S 5S 9S", "swords", "force"),
    ("JS", "swords", "force"),
    ("JS AS", "swords", "force"),
    ("NS AS", "swords", "force"),
    ("JS 2S", "swords", None),  # a knave with a card other than an ace
    ("JS NS", "swords", None),
    ("QS", "swords", None),  # a queen without the king
    ("QS KS", "swords", "royal"),
    ("QS KC", "swords", None),
    ("2S 5W", "swords", None),  # wrong suit
    ("10S 10W 1", "swords", "force"),  # the Magician carries one card
    ("10S 10W 1", "staves", "force"),
    ("10W 10C 1", "swords", None),  # ... only one
    ("NW 1", "swords", None),  # courts are not transmuted
    ("3", "swords", None),  # the Empress alone is nothing
    ("", "coins", "abdication"),
])
def test_forms(codes: str, field: str, form: str | None) -> None:
    assert form_of(cards(codes), {"swords": "S", "staves": "W", "cups": "C", "coins": "P"}[field]) == form


def test_a_commitment_then_a_window_then_the_next_player() -> None:
    state = table({1: "4S 6S 7S 2C 3C 4C", 2: "9S 10S 2W 3W 4W 5W"}, top="8C 9C")
    act(state, 1, {"type": "commit", "field": "swords", "cards": ["4S", "6S", "7S"]}, close_after=False)
    assert state.phase == "window" and arc.pending(state) == []
    assert arc.reaction_window(state) == 20, "the default window: time for a person to answer"
    refused(state, 2, {"type": "commit", "field": "swords", "cards": ["9S", "10S"]}, "window")
    close(state)
    assert arc.pending(state) == [2]
    assert len(seat(state, 1).hand) == 6  # drew back to six
    commit(state, 2, "swords", "9S 10S")
    assert rules.battles(state)["swords"]["winner"] == 2


def test_removal_after_the_fourth_commitment() -> None:
    state = table({1: "2S 2W 2C 2P 9S 9W", 2: "3S 3W 3C 3P 8S 8W"})
    for field, code1, code2 in (("swords", "2S", "3S"), ("staves", "2W", "3W"), ("cups", "2C", "3C")):
        commit(state, 1, field, code1)
        commit(state, 2, field, code2)
    commit(state, 1, "coins", "2P")
    player1 = seat(state, 1)
    assert player1.finished and player1.hand == []
    assert arc.pending(state) == [2]


def test_a_round_ends_with_one_winner_per_battlefield_and_the_seed_revealed(monkeypatch) -> None:
    seeded(monkeypatch)
    state = table({1: "2S 2W 2C 2P 9S 9W", 2: "3S 3W 3C 3P 8S 8W"}, rounds=2)
    first_seed = state.seed
    assert arc.view(state, None)["commitment"] == hashlib.sha256(first_seed.encode()).hexdigest()
    assert first_seed not in str(arc.view(state, 1))
    for field, code1, code2 in (("swords", "2S", "3S"), ("staves", "2W", "3W"), ("cups", "2C", "3C"),
                                ("coins", "2P", "3P")):
        commit(state, 1, field, code1)
        commit(state, 2, field, code2)
    assert state.round == 2
    assert state.results == [{"swords": 2, "staves": 2, "cups": 2, "coins": 2}]
    assert state.history[0]["seed"] == first_seed
    assert arc.view(state, None)["history"][0]["seed"] == first_seed
    assert state.seed != first_seed and state.seed not in str(arc.view(state, 1))


# --- the deck running dry ------------------------------------------------------------------


def test_refill_vote_all_agree() -> None:
    state = table({1: "2S 5S 9S 2W 3W 4W", 2: "3S 6S 10S 5W 6W 7W"}, top="8C", deck_size=1)
    act(state, 1, {"type": "discard", "card": "2W"})
    assert state.phase == "vote" and arc.pending(state) == [1]
    act(state, 1, {"type": "vote", "refill": True})
    refused(state, 1, {"type": "vote", "refill": True}, "turn to vote")
    act(state, 2, {"type": "vote", "refill": True})
    assert state.phase == "play" and len(state.deck) > 0 and state.refills == 1
    assert arc.pending(state) == [2]


def test_refill_vote_one_dissent_and_hands_run_down() -> None:
    state = table({1: "2S 5S 9S 2W 3W 4W", 2: "3S 6S 10S 5W 6W 7W"}, top="8C", deck_size=1)
    act(state, 1, {"type": "discard", "card": "2W"})
    act(state, 1, {"type": "vote", "refill": True})
    act(state, 2, {"type": "vote", "refill": False})
    assert state.no_refill and state.deck == []
    act(state, 2, {"type": "discard", "card": "5W"})
    assert len(seat(state, 2).hand) == 5 and state.phase == "play"


def test_no_cards_left_only_abdication() -> None:
    state = table({1: "2S", 2: "3S 6S"}, deck_size=0)
    state.no_refill = True
    commit(state, 1, "swords", "2S")
    commit(state, 2, "swords", "3S")
    moves = [m for m in arc.legal_actions(state, 1) if m["type"] not in ("leave", "sitout")]
    assert moves and all(m["type"] == "commit" and m["cards"] == [] for m in moves)


# --- the majors ----------------------------------------------------------------------------


def test_fool_steals_a_force() -> None:
    state = table({1: "9S 6S 2C 3C 4C 5C", 2: "0 2W 3W 4W 5W 6W"}, top="7C 7W")
    act(state, 1, {"type": "commit", "field": "swords", "cards": ["9S", "6S"]}, close_after=False)
    assert arc.reactors(state) == [2]
    assert arc.view(state, 2)["me"]["reactions"] == ["fool"]
    assert arc.view(state, 1)["me"]["reactions"] == []
    act(state, 2, {"type": "fool"})
    assert "swords" not in seat(state, 1).fields
    assert [x.code for x in seat(state, 2).fields["swords"].cards] == ["9S", "6S"]
    assert len(seat(state, 1).hand) == 6 and len(seat(state, 2).hand) == 6
    assert arc.pending(state) == [2]  # the window is spent, play goes on


@pytest.mark.parametrize(("hand1", "codes", "extra"), [
    ("AS 9S 2C 3C 4C 5C", "AS 9S", {}),  # an ace
    ("QS KS 2C 3C 4C 5C", "QS KS", {}),  # a couple
    ("3 4 2C 3C 4C 5C", "3 4", {}),
    ("6 NS 2C 3C 4C 5C", "6 NS", {}),
    ("21 2S 2C 3C 4C 5C", "21", {}),  # the World
    ("2S 3S 2C 3C 4C 5C", "", {}),  # an abdication
])
def test_fool_refused(hand1: str, codes: str, extra: dict) -> None:
    state = table({1: hand1, 2: "0 2W 3W 4W 5W 6W"})
    act(state, 1, {"type": "commit", "field": "swords", "cards": codes.split(), **extra}, close_after=False)
    assert arc.reactors(state) == []
    refused(state, 2, {"type": "fool"}, "cannot steal")


def test_fool_refused_on_judgment() -> None:
    state = table({1: "20 2S 2C 3C 4C 5C", 2: "0 2W 3W 4W 5W 6W"})
    act(state, 1, {"type": "play", "arcanum": "20", "target": 1, "field": "swords"}, close_after=False)
    refused(state, 2, {"type": "fool"}, "cannot steal")


def test_fool_steals_a_last_commitment() -> None:
    state = table({1: "2S 2W 2C 9P 8P 6C", 2: "0 3S 3W 3C 4C 5C"}, top="7S 7W 7C")
    for field, code1, code2 in (("swords", "2S", "3S"), ("staves", "2W", "3W"), ("cups", "2C", "3C")):
        commit(state, 1, field, code1)
        commit(state, 2, field, code2)
    act(state, 1, {"type": "commit", "field": "coins", "cards": ["9P", "8P"]}, close_after=False)
    act(state, 2, {"type": "fool"})
    assert not seat(state, 1).finished and "coins" not in seat(state, 1).fields
    assert seat(state, 2).finished  # the steal was 2's fourth


def test_fool_outside_a_window_is_refused() -> None:
    state = table({1: "0 2S 2C 3C 4C 5C", 2: "3S 2W 3W 4W 5W 6W"})
    refused(state, 1, {"type": "fool"}, "reaction window")


def _daemon_with_the_fool(victim_hand: str = "9S 6S 2W 3W 4W 5W", master_hand: str = "15 2C 3C 4C 5C 6C") -> rules.State:
    """Player 1 raises a daemon whose six cards hold the Fool; player 2 is on turn."""
    state = table({1: master_hand, 2: victim_hand, 3: "2P 3P 4P 5P 6P 7P"}, top="0 10C 9C 8C 7C AC 8P 9P 10P")
    act(state, 1, {"type": "play", "arcanum": "15"})
    assert state.seats[0].kind == "daemon" and "0" in [x.code for x in state.seats[0].hand]
    assert arc.pending(state) == [2]
    return state


DAEMON = DAEMON_BASE - 1  # the first daemon raised in a round


def test_a_daemons_fool_is_played_by_its_master_in_the_window() -> None:
    state = _daemon_with_the_fool()
    act(state, 2, {"type": "commit", "field": "swords", "cards": ["9S", "6S"]}, close_after=False)
    assert arc.reactors(state) == [1], "the master may react for the daemon"
    me = arc.view(state, 1)["me"]
    assert me["reactions"] == ["daemon_fool"] and me["fool_daemons"] == [DAEMON]
    assert {"type": "fool", "seat": DAEMON} in arc.legal_actions(state, 1)
    assert arc.view(state, 3)["me"]["fool_daemons"] == []
    act(state, 1, {"type": "fool", "seat": DAEMON})
    daemon = seat(state, DAEMON)
    assert [x.code for x in daemon.fields["swords"].cards] == ["9S", "6S"]
    assert "swords" not in seat(state, 2).fields
    assert "0" not in [x.code for x in daemon.hand] and len(daemon.hand) == 6


@pytest.mark.parametrize(("who", "action", "commit_first", "words"), [
    (3, {"type": "fool", "seat": DAEMON}, True, "only a daemon's master"),  # not its master
    (2, {"type": "fool", "seat": DAEMON}, True, "only a daemon's master"),  # nor its victim
    (1, {"type": "fool", "seat": DAEMON}, False, "reaction window"),  # outside a window
    (1, {"type": "fool", "seat": 2}, True, "no daemon 2"),  # a player's seat is no daemon
    (1, {"type": "fool", "seat": -150}, True, "no daemon -150"),  # a seat that does not exist
    (1, {"type": "fool", "seat": "daemon"}, True, "name the daemon"),
    (1, {"type": "fool"}, True, "not in your hand"),  # the master's own hand has no Fool
])
def test_a_daemons_fool_refused(who: int, action: dict, commit_first: bool, words: str) -> None:
    state = _daemon_with_the_fool()
    if commit_first:
        act(state, 2, {"type": "commit", "field": "swords", "cards": ["9S", "6S"]}, close_after=False)
    refused(state, who, action, words)


@pytest.mark.parametrize(("victim_hand", "codes", "words"), [
    ("AS 9S 2W 3W 4W 5W", "AS 9S", "cannot steal"),  # an ace
    ("QS KS 2W 3W 4W 5W", "QS KS", "cannot steal"),  # a couple
    ("2S 3S 2W 3W 4W 5W", "", "cannot steal"),  # an abdication
])
def test_a_daemons_fool_keeps_the_fools_limits(victim_hand: str, codes: str, words: str) -> None:
    state = _daemon_with_the_fool(victim_hand)
    act(state, 2, {"type": "commit", "field": "swords", "cards": codes.split()}, close_after=False)
    assert arc.reactors(state) == []
    refused(state, 1, {"type": "fool", "seat": DAEMON}, words)


def test_a_daemon_that_committed_there_cannot_steal_there() -> None:
    state = _daemon_with_the_fool("NC 2W 3W 4W 5W 6W")
    act(state, 2, {"type": "discard", "card": "2W"})
    act(state, 3, {"type": "discard", "card": "2P"})
    commit(state, 1, "cups", "10C 9C")  # the daemon plays before its master
    act(state, 1, {"type": "discard", "card": "2C"})
    act(state, 2, {"type": "commit", "field": "cups", "cards": ["NC"]}, close_after=False)
    refused(state, 1, {"type": "fool", "seat": DAEMON}, "already committed on cups")


def test_a_computer_master_steals_with_its_daemons_fool_but_not_from_itself() -> None:
    state = _daemon_with_the_fool()
    act(state, 2, {"type": "commit", "field": "swords", "cards": ["9S", "6S"]}, close_after=False)
    assert arc.computer_action(state, 1) == {"type": "fool", "seat": DAEMON}
    state = _daemon_with_the_fool("2W 3W 4W 5W 6W 7W", master_hand="15 2S 3S 4S 5S 8S")
    act(state, 2, {"type": "discard", "card": "2W"})
    act(state, 3, {"type": "discard", "card": "2P"})
    act(state, 1, {"type": "discard", "card": "AC"})  # the daemon's turn
    act(state, 1, {"type": "commit", "field": "swords", "cards": ["8S", "5S", "4S"]}, close_after=False)
    assert arc.reactors(state) == [1], "the daemon could steal its own master's force"
    assert arc.computer_action(state, 1) == {"type": "pass"}, "its wins are the master's anyway"


def _daemon_with_the_hermit() -> rules.State:
    """Player 1 raises a daemon (six cards: the Hermit, 10S, 9P 8P 7P AP); on its turn the
    daemon puts the Hermit down, and the reaction window after that move is open."""
    state = table({1: "15 2C 3C 4C 5C 6C", 2: "9S 6S 2W 3W 4W 5W", 3: "2P 3P 4P 5P 6P KW"},
                  top="9 10S 9P 8P 7P AP 8C 9C 10C 2S 3S 4S 5S 7S 8S")
    act(state, 1, {"type": "play", "arcanum": "15"})
    act(state, 2, {"type": "discard", "card": "2W"})
    act(state, 3, {"type": "discard", "card": "2P"})
    assert state.turn == 0 and arc.pending(state) == [1], "the daemon plays before its master"
    act(state, 1, {"type": "play", "arcanum": "9"}, close_after=False)
    assert state.phase == "window" and seat(state, DAEMON).hermit_moves == 3
    return state


def test_a_daemons_hermit_moves_out_of_turn_for_its_master() -> None:
    state = _daemon_with_the_hermit()
    assert arc.reactors(state) == [1]
    me = arc.view(state, 1)["me"]
    assert me["reactions"] == ["daemon_hermit"] and me["hermit_daemons"] == [DAEMON]
    assert arc.view(state, 2)["me"]["hermit_daemons"] == [] and arc.view(state, 3)["me"]["reactions"] == []
    move = {"type": "commit", "field": "coins", "cards": ["9P", "8P", "7P"], "seat": DAEMON}
    assert move in arc.legal_actions(state, 1)
    assert not [a for a in arc.legal_actions(state, 2) + arc.legal_actions(state, 3) if "seat" in a]
    act(state, 1, move, close_after=False)
    daemon = seat(state, DAEMON)
    assert [x.code for x in daemon.fields["coins"].cards] == ["9P", "8P", "7P"] and "coins" not in seat(state, 1).fields
    assert daemon.hermit_moves == 2 and state.phase == "window" and state.turn == 0, "out of turn: the turn stays"
    assert len(daemon.hand) == 6, "the daemon draws back to six"


def test_a_daemons_hermit_has_three_moves_then_goes() -> None:
    state = _daemon_with_the_hermit()
    for code in ("10S", "AP", "9P"):
        act(state, 1, {"type": "discard", "card": code, "seat": DAEMON}, close_after=False)
    daemon = seat(state, DAEMON)
    assert daemon.hermit is None and c("9") in state.discard
    assert state.phase == "play" and arc.view(state, 1)["me"]["hermit_daemons"] == []  # no Hermit out: no window
    refused(state, 1, {"type": "discard", "card": "8P", "seat": DAEMON}, "reaction window only")


@pytest.mark.parametrize(("who", "action", "words"), [
    (3, {"type": "discard", "card": "10S", "seat": DAEMON}, "only a daemon's master"),  # not its master
    (2, {"type": "discard", "card": "10S", "seat": DAEMON}, "only a daemon's master"),
    (1, {"type": "discard", "card": "10S", "seat": 2}, "no daemon 2"),  # a player's seat is no daemon
    (1, {"type": "discard", "card": "10S", "seat": -150}, "no daemon -150"),  # no such seat
    (1, {"type": "discard", "card": "10S", "seat": True}, "name the daemon"),
    (1, {"type": "discard", "card": "2C", "seat": DAEMON}, "not in"),  # the master's card, not the daemon's
    (1, {"type": "discard", "card": "2C"}, "reaction window is open"),  # the master has no Hermit of their own
    (1, {"type": "play", "arcanum": "15", "seat": DAEMON}, "not in"),  # still only the daemon's cards
])
def test_a_daemons_hermit_refused(who: int, action: dict, words: str) -> None:
    refused(_daemon_with_the_hermit(), who, action, words)


def test_a_daemons_hermit_is_refused_outside_a_window() -> None:
    state = _daemon_with_the_hermit()
    close(state)
    assert state.phase == "play" and arc.pending(state) == [1]  # the master's own turn
    refused(state, 1, {"type": "discard", "card": "10S", "seat": DAEMON}, "reaction window only")
    refused(state, 1, {"type": "commit", "field": "cups", "cards": ["2C"], "seat": DAEMON}, "reaction window only")


def test_a_daemon_without_a_hermit_or_out_of_play_has_no_hermit_move() -> None:
    state = _daemon_with_the_fool()
    act(state, 2, {"type": "commit", "field": "swords", "cards": ["9S", "6S"]}, close_after=False)
    refused(state, 1, {"type": "discard", "card": "10C", "seat": DAEMON}, "no Hermit")
    finished = _daemon_with_the_hermit()
    seat(finished, DAEMON).finished = True
    refused(finished, 1, {"type": "discard", "card": "10S", "seat": DAEMON}, "out of play")


def test_magician_transmutes_one_card() -> None:
    state = table({1: "10S 10W 1 2C 3C 4C", 2: "9S 8S 7S 2W 3W 4W"})
    commit(state, 1, "staves", "10S 10W 1")
    commitment = seat(state, 1).fields["staves"]
    assert commitment.form == "force" and commitment.transmuted == "10S"


def test_high_priestess_look_is_private_and_plays_again() -> None:
    state = table({1: "2 2S 2C 3C 4C 5C", 2: "9S 8S 7S 2W 3W 4W", 3: "5S 5W 6C 6W 7W 8W"})
    act(state, 1, {"type": "play", "arcanum": "2", "target": 2})
    assert arc.pending(state) == [1]
    mine = arc.view(state, 1)["me"]["looks"]
    assert mine and sorted(mine[0]["cards"]) == hand(state, 2)
    assert "looks" not in str(arc.view(state, None)) and not arc.view(state, 3)["me"]["looks"]
    assert "9S" not in str(arc.view(state, 3))


def test_hierophant_shows_a_suit_to_everyone_and_plays_again() -> None:
    state = table({1: "5 2S 2C 3C 4C 5C", 2: "9S 8S 7S 2W 3W 4W"})
    act(state, 1, {"type": "play", "arcanum": "5", "call": "swords"})
    assert arc.view(state, None)["reveal"]["shown"] == {"1": ["2S"], "2": ["9S", "8S", "7S"]}
    assert arc.pending(state) == [1]


def test_lovers_with_a_court_and_empress_emperor_on_two_fields() -> None:
    state = table({1: "6 NS 2C 3C 4C 5C", 2: "3 4 2W 3W 4W 5W"})
    commit(state, 1, "swords", "6 NS")
    commit(state, 2, "staves", "3 4", second="coins")
    assert seat(state, 2).fields["coins"].linked == "staves"
    refused(state, 1, {"type": "commit", "field": "cups", "cards": ["2C"], "second": "coins"}, "two battlefields")


def test_chariot_reserve_then_commit() -> None:
    state = table({1: "7 9S 10S 2C 3C 4C", 2: "5S 2W 3W 4W 5W 6W"}, top="8S 7S 6S 5C 6C")
    act(state, 1, {"type": "chariot", "cards": ["9S", "10S"]})
    assert arc.view(state, None)["seats"][0]["reserve"] == ["9S", "10S"]
    act(state, 2, {"type": "discard", "card": "2W"})
    act(state, 1, {"type": "commit", "field": "swords", "cards": ["8S", "7S", "6S"], "chariot": True})
    assert sorted(x.code for x in seat(state, 1).fields["swords"].cards) == ["10S", "6S", "7S", "8S", "9S"]
    assert seat(state, 1).chariot is None


def test_justice_row_is_shared() -> None:
    state = table({1: "8 2C 3C 4C 5C 6C", 2: "2W 3W 4W 5W 6W 7W"}, top="10S 9S 8S 7S 6S 5S AC")
    act(state, 1, {"type": "play", "arcanum": "8"})
    assert arc.view(state, None)["justice"] == ["10S", "9S", "8S", "7S", "6S", "5S"]
    act(state, 1, {"type": "discard", "card": "2C"})
    commit(state, 2, "swords", "10S 9S")  # from the row
    assert len(state.justice) == 6  # refilled


def test_hermit_moves_out_of_turn_three_times() -> None:
    state = table({1: "9 2S 3S 4S 5S 6S", 2: "2W 3W 4W 5W 6W 7W", 3: "2C 3C 4C 5C 6C 7C"})
    act(state, 1, {"type": "play", "arcanum": "9"}, close_after=False)
    assert state.phase == "window" and arc.reactors(state) == [1]
    for n in range(2):
        act(state, 1, {"type": "discard", "card": f"{n + 2}S"}, close_after=False)
        assert state.phase == "window" and seat(state, 1).hermit_moves == 2 - n
    act(state, 1, {"type": "discard", "card": "4S"}, close_after=False)
    assert seat(state, 1).hermit is None and state.phase == "play"  # the third move spends it
    assert arc.pending(state) == [2]


def test_wheel_draws_five_and_keeps_six() -> None:
    state = table({1: "10 2S 3S 4S 5S 6S", 2: "2W 3W 4W 5W 6W 7W"}, top="10S 9S 8S 7S 2C")
    act(state, 1, {"type": "play", "arcanum": "10"})
    assert state.phase == "choice" and len(seat(state, 1).hand) == 10
    refused(state, 1, {"type": "wheel", "cards": ["2S"]}, "exactly 4")
    act(state, 1, {"type": "wheel", "cards": ["2S", "3S", "4S", "2C"]})
    assert hand(state, 1) == sorted(["5S", "6S", "10S", "9S", "8S", "7S"])


@pytest.mark.parametrize(("option", "hand_size", "visible"), [("visible", 6, 2), ("hidden", 7, 0)])
def test_strength_options(option: str, hand_size: int, visible: int) -> None:
    state = table({1: "11 2S 3S 4S 5S 6S", 2: "2W 3W 4W 5W 6W 7W"})
    act(state, 1, {"type": "play", "arcanum": "11", "option": option})
    assert len(seat(state, 1).hand) == hand_size and len(seat(state, 1).visible) == visible
    assert len(arc.view(state, None)["seats"][0]["visible"]) == visible


def test_hanged_man_replaces_a_hand() -> None:
    state = table({1: "12 2S 3S 4S 5S 6S", 2: "2W 3W 4W 5W 6W 7W"}, top="AC 2C 3C 4C 5C 6C 7C")
    act(state, 1, {"type": "play", "arcanum": "12", "target": 2})
    assert hand(state, 2) == sorted(["AC", "2C", "3C", "4C", "5C", "6C"])


def test_death_empties_the_deck_for_good() -> None:
    state = table({1: "13 2S 3S 4S 5S 6S", 2: "2W 3W 4W 5W 6W 7W"})
    act(state, 1, {"type": "play", "arcanum": "13"})
    assert state.deck == [] and state.no_refill and state.phase == "play"
    assert len(seat(state, 1).hand) == 5


@pytest.mark.parametrize(("variant", "owner_may_commit"), [("DRESDEN", True), ("NASSAU", False)])
def test_temperance(variant: str, owner_may_commit: bool) -> None:
    state = table({1: "14 2S 3S 4S 5S 6S", 2: "7S 8S 2W 3W 4W 5W"}, variant=variant)
    act(state, 1, {"type": "play", "arcanum": "14", "field": "swords"})
    refused(state, 2, {"type": "commit", "field": "swords", "cards": ["7S"]}, "Temperance")
    commit(state, 2, "swords", "")  # abdication is allowed
    if owner_may_commit:
        commit(state, 1, "swords", "2S")
        assert state.temperance is None
    else:
        refused(state, 1, {"type": "commit", "field": "swords", "cards": ["2S"]}, "Temperance")
        act(state, 1, {"type": "remove_temperance"})
        assert state.temperance is None


def test_temperance_refused_on_an_empty_deck_and_a_committed_field() -> None:
    state = table({1: "14 2S 3S 4S 5S 6S", 2: "7S 8S 2W 3W 4W 5W"}, deck_size=0)
    refused(state, 1, {"type": "play", "arcanum": "14", "field": "swords"}, "deck")
    state = table({1: "14 2S 3S 4S 5S 6S", 2: "7S 8S 2W 3W 4W 5W"})
    commit(state, 1, "swords", "2S")
    commit(state, 2, "staves", "2W")
    refused(state, 1, {"type": "play", "arcanum": "14", "field": "swords"}, "already committed")


def test_devil_raises_a_daemon_played_by_its_master() -> None:
    state = table({1: "15 2S 3S 4S 5S 6S", 2: "2W 3W 4W 5W 6W 7W"}, top="10S 9S 8S 7S AS 2C 3C")
    act(state, 1, {"type": "play", "arcanum": "15"})
    daemon = state.seats[0]
    assert daemon.kind == "daemon" and daemon.master == 1
    assert arc.view(state, None)["seats"][0]["hand"] == ["10S", "9S", "8S", "7S", "AS", "2C"]
    act(state, 2, {"type": "discard", "card": "2W"})
    assert arc.pending(state) == [1] and state.seats[state.turn] is daemon
    commit(state, 1, "swords", "10S 9S 8S")
    assert daemon.fields["swords"].cards and arc.pending(state) == [1]


def test_a_rounds_battles_name_the_master_of_a_daemons_force() -> None:
    from games.arcanoid import rules

    state = table({1: "15 2S 3S 4S 5S 6S", 2: "2W 3W 4W 5W 6W 7W"}, top="10S 9S 8S 7S AS 2C 3C")
    act(state, 1, {"type": "play", "arcanum": "15"})
    act(state, 2, {"type": "discard", "card": "2W"})
    commit(state, 1, "swords", "10S 9S 8S")
    forces = rules.battles(state)["swords"]["forces"]
    assert forces == [{"seat": state.seats[0].player, "form": forces[0]["form"], "cards": ["10S", "9S", "8S"],
                       "master": 1}]


@pytest.mark.parametrize(("setup", "target_field", "words"), [
    ("abdication", "swords", "abdication"),
    ("judgment", "swords", "judgment"),
    ("world", "swords", "world"),
    ("nothing", "swords", "nothing is committed"),
])
def test_tower_refused(setup: str, target_field: str, words: str) -> None:
    state = table({1: "16 20 2S 3S 4S 5S", 2: "21 2W 3W 4W 5W 6W"})
    if setup == "abdication":
        commit(state, 1, "cups", "")
        commit(state, 2, "swords", "")
    elif setup == "judgment":
        commit(state, 1, "cups", "")
        commit(state, 2, "staves", "2W")
        act(state, 1, {"type": "play", "arcanum": "20", "target": 2, "field": "swords"})
    elif setup == "world":
        commit(state, 1, "cups", "")
        commit(state, 2, "swords", "21")
    else:
        commit(state, 1, "cups", "")
        commit(state, 2, "coins", "")
    while arc.pending(state) != [1]:
        act(state, arc.pending(state)[0], {"type": "discard", "card": hand(state, arc.pending(state)[0])[0]})
    refused(state, 1, {"type": "play", "arcanum": "16", "target": 2, "field": target_field}, words)


def test_tower_refused_on_a_finished_player_and_accepted_on_a_force() -> None:
    state = table({1: "16 9S 3C 4C 5C 6C", 2: "2S 2W 2C 2P 3W 4W", 3: "8S 8W 8C 8P 7W 7C"})
    commit(state, 1, "swords", "9S")
    for field, code in (("swords", "2S"), ("staves", "2W"), ("cups", "2C"), ("coins", "2P")):
        state.turn = 1
        commit(state, 2, field, code)
    assert seat(state, 2).finished
    state.turn = 0
    refused(state, 1, {"type": "play", "arcanum": "16", "target": 2, "field": "swords"}, "all four")
    act(state, 1, {"type": "play", "arcanum": "16", "target": 1, "field": "swords"})
    assert "swords" not in seat(state, 1).fields and c("9S") in state.discard


@pytest.mark.parametrize(("arcanum", "calls", "gets"), [
    ("17", ["9W"], True),
    ("17", ["KP"], False),
    ("18", ["KP", "9W"], True),
    ("19", ["KP", "QP", "9W"], True),
    ("19", ["4"], True),  # the Sun calls a major, once
])
def test_star_moon_sun_calls(arcanum: str, calls: list[str], gets: bool) -> None:
    state = table({1: f"{arcanum} 2S 3S 4S 5S 6S", 2: "9W 4 2W 3W 4W 5W"}, top="AC 2C 3C")
    act(state, 1, {"type": "play", "arcanum": arcanum, "call": calls[0]})
    for code in calls[1:]:
        act(state, 1, {"type": "call", "card": code})
    got = calls[-1] in hand(state, 1)
    assert got is gets and len(seat(state, 1).hand) == 6 and len(seat(state, 2).hand) == 6


def test_sun_cannot_call_the_fool_world_or_judgment_and_star_no_major() -> None:
    state = table({1: "19 17 3S 4S 5S 6S", 2: "9W 0 2W 3W 4W 5W"})
    for uncallable in ("0", "20", "21"):
        refused(state, 1, {"type": "play", "arcanum": "19", "call": uncallable}, "cannot be called")
    refused(state, 1, {"type": "play", "arcanum": "17", "call": "4"}, "only the Sun")


def test_judgment_abdicates_a_rival_and_removes_them_on_their_last_field() -> None:
    state = table({1: "20 2S 3S 4S 5S 6S", 2: "2W 3W 4W 2C 2P 7W"})
    commit(state, 1, "swords", "2S")
    commit(state, 2, "staves", "2W")
    commit(state, 1, "staves", "")
    commit(state, 2, "cups", "2C")
    commit(state, 1, "cups", "")
    commit(state, 2, "coins", "2P")
    assert not seat(state, 2).finished or True
    state = table({1: "20 2S 3S 4S 5S 6S", 2: "2W 3W 4W 2C 2P 7W"})
    seat(state, 2).fields = {f: rules.Commitment([], "abdication", i) for i, f in enumerate(("staves", "cups", "coins"))}
    act(state, 1, {"type": "play", "arcanum": "20", "target": 2, "field": "swords"})
    assert seat(state, 2).finished and seat(state, 2).hand == []
    refused(state, 1, {"type": "play", "arcanum": "20", "target": 2, "field": "cups"}, "")


@pytest.mark.parametrize("before", ["force", "abdication", "judgment", "tower"])
def test_world_refused_where_anything_was_committed(before: str) -> None:
    state = table({1: "21 20 16 4S 5S 6S", 2: "2S 3W 4W 5W 6W 7W"})
    if before == "force":
        commit(state, 1, "cups", "")
        commit(state, 2, "swords", "2S")
    elif before == "abdication":
        commit(state, 1, "cups", "")
        commit(state, 2, "swords", "")
    elif before == "judgment":
        act(state, 1, {"type": "play", "arcanum": "20", "target": 2, "field": "swords"})
        act(state, 2, {"type": "discard", "card": "3W"})
    else:
        commit(state, 1, "cups", "")
        commit(state, 2, "swords", "2S")
        act(state, 1, {"type": "play", "arcanum": "16", "target": 2, "field": "swords"})
        act(state, 2, {"type": "discard", "card": "3W"})
    refused(state, 1, {"type": "commit", "field": "swords", "cards": ["21"]}, "World")


def test_world_wins_and_makes_everyone_abdicate() -> None:
    state = table({1: "21 2S 3S 4S 5S 6S", 2: "QP KP 4W 5W 6W 7W"})
    commit(state, 1, "coins", "21")
    assert seat(state, 2).fields["coins"].form == "abdication"
    refused(state, 2, {"type": "commit", "field": "coins", "cards": ["QP", "KP"]}, "abdicated on coins")


# --- variants ------------------------------------------------------------------------------


def test_koblenz_secret_commitment_once_and_hidden() -> None:
    state = table({1: "9S 8S 2C 3C 4C 5C", 2: "2W 3W 4W 5W 6W 7W"}, variant="KOBLENZ")
    commit(state, 1, "swords", "9S 8S", secret=True)
    public = arc.view(state, 2)["seats"][0]["fields"]["swords"]
    assert public["form"] == "secret" and public["cards"] == [] and public["count"] == 2
    assert arc.view(state, 1)["seats"][0]["fields"]["swords"]["cards"] == ["9S", "8S"]
    commit(state, 2, "staves", "2W")
    refused(state, 1, {"type": "commit", "field": "cups", "cards": ["2C"], "secret": True}, "already made")
    refused(table({1: "9S 2C 3C 4C 5C 6C", 2: "2W 3W 4W 5W 6W 7W"}), 1,
            {"type": "commit", "field": "swords", "cards": ["9S"], "secret": True}, "KOBLENZ")


def test_malta_magician_commits_secretly_and_the_fool_looks() -> None:
    state = table({1: "1 9S 8S 3C 4C 5C", 2: "0 2W 3W 4W 5W 6W"}, variant="MALTA*")
    act(state, 1, {"type": "commit", "field": "swords", "cards": ["1", "9S", "8S"]}, close_after=False)
    assert seat(state, 1).fields["swords"].secret and c("1") in state.discard
    act(state, 2, {"type": "fool"})
    assert arc.view(state, 2)["me"]["looks"][0]["cards"] == ["9S", "8S"]
    assert seat(state, 2).fields["swords"].secret


def test_worms_ace_completed_once() -> None:
    state = table({1: "AS 9S 8S 3C 4C 5C", 2: "2W 3W 4W 5W 6W 7W"}, variant="WORMS*")
    commit(state, 1, "swords", "AS")
    commit(state, 2, "staves", "2W")
    commit(state, 1, "swords", "9S 8S")
    assert sorted(x.code for x in seat(state, 1).fields["swords"].cards) == ["8S", "9S", "AS"]
    commit(state, 2, "cups", "")
    refused(state, 1, {"type": "commit", "field": "swords", "cards": ["3C"]}, "already committed")


def test_gaza_usa_plays_mechanically() -> None:
    state = table({1: "2S 3S 4S 5S 6S 7S", 2: "2W 3W 4W 5W 6W 7W"}, gaza=True)
    usa = state.seats[-1]
    oldest = usa.hand[0]
    commit(state, 1, "swords", "2S")
    commit(state, 2, "staves", "2W")
    assert oldest in state.discard and arc.pending(state) == [1]


# --- bad input: refused, nothing changed ---------------------------------------------------


@pytest.mark.parametrize(("action", "words"), [
    ({"type": "commit", "field": "swords", "cards": ["2W"]}, "not swords"),  # wrong suit
    ({"type": "commit", "field": "swords", "cards": ["JS", "2S", "3S"]}, "no commitment"),  # knave + 2
    ({"type": "commit", "field": "swords", "cards": ["QS"]}, "no commitment"),  # queen without king
    ({"type": "commit", "field": "swords", "cards": ["KC"]}, "not in your hand"),
    ({"type": "commit", "field": "moon", "cards": []}, "battlefield"),
    ({"type": "commit", "field": "swords", "cards": "ZZ"}, "can't read"),
    ({"type": "commit", "field": "swords", "cards": ["2S", "2S"]}, "only once"),
    ({"type": "play", "arcanum": "16", "target": 2, "field": "swords"}, "not in your hand"),
    ({"type": "play", "arcanum": "2", "target": 99}, "no player 99"),  # a target that does not exist
    ({"type": "play", "arcanum": "1"}, "committed"),
    ({"type": "fool"}, "window"),  # a reaction outside any window
    ({"type": "pass"}, "window"),
    ({"type": "vote", "refill": True}, "no refill vote"),
    ({"type": "dance"}, "no move"),
    ({"type": "discard", "card": "9C"}, "not in your hand"),
    ({"type": "close_window"}, "clock"),
])
def test_bad_input_changes_nothing(action: dict, words: str) -> None:
    state = table({1: "2 JS 2S 3S QS 2W", 2: "9C 2C 3C 4C 5C 6C"})
    refused(state, 1, action, words)


def test_committing_twice_and_out_of_turn_refused() -> None:
    state = table({1: "2S 3S 4S 2C 3C 4C", 2: "2W 3W 4W 5W 6W 7W"})
    commit(state, 1, "swords", "2S")
    refused(state, 1, {"type": "commit", "field": "cups", "cards": ["2C"]}, "turn")
    commit(state, 2, "staves", "2W")
    refused(state, 1, {"type": "commit", "field": "swords", "cards": ["3S"]}, "already committed")


def test_legal_actions_are_accepted_and_views_hide_hands() -> None:
    state = table({1: "2 3 4 6 1 QS", 2: "KS 2W 3W 4W 5W 6W"})
    for action in arc.legal_actions(state, 1):
        twin = arc.from_dict(arc.to_dict(state))
        arc.apply(twin, 1, action)
        check_cards(twin)
    assert "KS" not in str(arc.view(state, 1)["seats"][1]) and "QS" not in str(arc.view(state, None))


# --- more limits and interactions ----------------------------------------------------------


def test_a_daemons_win_is_credited_to_its_master() -> None:
    state = table({1: "15 2S 3S 4S 5S 6S", 2: "2W 3W 4W 5W 6W 7W"}, top="10S 9S 8S 7S AS 2C 3C", rounds=1)
    act(state, 1, {"type": "play", "arcanum": "15"})
    daemon = state.seats[0]
    assert daemon.kind == "daemon"
    for seat_ in state.seats:  # everyone abdicates everywhere, the daemon last on swords
        seat_.fields = {f: rules.Commitment([], "abdication", i) for i, f in enumerate(("staves", "cups", "coins"))}
    seat(state, 1).fields["swords"] = rules.Commitment([], "abdication", 10)
    seat(state, 2).fields["swords"] = rules.Commitment([], "abdication", 11)
    daemon.fields["swords"] = rules.Commitment([], "abdication", 12)
    fought = rules.battles(state)
    assert fought["swords"]["winner"] == daemon.player and fought["swords"]["credited"] == 1


def test_temperance_holds_off_the_world_for_a_while() -> None:
    state = table({1: "14 2S 3S 4S 5S 6S", 2: "21 2W 3W 4W 5W 6W"})
    act(state, 1, {"type": "play", "arcanum": "14", "field": "coins"})
    refused(state, 2, {"type": "commit", "field": "coins", "cards": ["21"]}, "Temperance")
    commit(state, 2, "cups", "")
    commit(state, 1, "coins", "")  # its owner abdicates there: Temperance stays
    assert state.temperance is not None


def test_nassau_temperance_goes_when_the_deck_runs_out() -> None:
    state = table({1: "14 2S 3S 4S 5S 6S", 2: "2W 3W 4W 5W 6W 7W"}, top="8C 9C", deck_size=2, variant="NASSAU")
    act(state, 1, {"type": "play", "arcanum": "14", "field": "coins"})
    assert state.temperance is not None
    act(state, 2, {"type": "discard", "card": "2W"})  # draws the last card
    assert state.temperance is None


def test_the_hermit_goes_when_its_owner_is_out_of_play() -> None:
    state = table({1: "9 2S 2W 2C 2P 6S", 2: "3S 3W 3C 3P 8W 9W"})
    seat(state, 1).fields = {f: rules.Commitment([], "abdication", i) for i, f in enumerate(("staves", "cups", "coins"))}
    act(state, 1, {"type": "play", "arcanum": "9"}, close_after=False)
    act(state, 1, {"type": "commit", "field": "swords", "cards": ["2S"]}, close_after=False)  # a Hermit move
    close(state)
    assert seat(state, 1).finished and seat(state, 1).hermit is None and c("9") in state.discard


def test_chariot_add_and_drop() -> None:
    state = table({1: "7 9S 10S 2C 3C 4C", 2: "5S 2W 3W 4W 5W 6W"}, top="8S 7S 6S 5C 6C 7C")
    act(state, 1, {"type": "chariot", "cards": ["9S"]})
    act(state, 2, {"type": "discard", "card": "2W"})
    refused(state, 1, {"type": "chariot_add", "cards": ["10S", "2C", "3C"]}, "one or two")
    act(state, 1, {"type": "chariot_add", "cards": ["10S", "2C"]})
    assert [x.code for x in seat(state, 1).reserve] == ["9S", "10S", "2C"]
    act(state, 2, {"type": "discard", "card": "3W"})
    act(state, 1, {"type": "chariot_drop"})
    assert seat(state, 1).chariot is None and {c("7"), c("9S"), c("10S"), c("2C")} <= set(state.discard)


def test_koblenz_fool_on_a_secret_it_cannot_steal_is_lost() -> None:
    state = table({1: "AS 9S 2C 3C 4C 5C", 2: "0 2W 3W 4W 5W 6W"}, variant="KOBLENZ")
    act(state, 1, {"type": "commit", "field": "swords", "cards": ["AS", "9S"], "secret": True}, close_after=False)
    assert arc.reactors(state) == [2]  # a secret may be tried
    act(state, 2, {"type": "fool"})
    assert "swords" in seat(state, 1).fields and "swords" not in seat(state, 2).fields
    assert c("0") in state.discard
    assert arc.view(state, 2)["me"]["looks"][0]["cards"] == ["AS", "9S"]
    assert "looks" not in str(arc.view(state, None))


def test_tower_on_one_field_of_a_two_field_couple_keeps_the_other() -> None:
    state = table({1: "3 4 2C 3C 4C 5C", 2: "16 2W 3W 4W 5W 6W"})
    commit(state, 1, "swords", "3 4", second="cups")
    act(state, 2, {"type": "play", "arcanum": "16", "target": 1, "field": "swords"})
    player1 = seat(state, 1)
    assert "swords" not in player1.fields
    assert sorted(x.code for x in player1.fields["cups"].cards) == ["3", "4"] and player1.fields["cups"].linked is None


def test_hanged_man_and_judgment_refuse_players_out_of_play() -> None:
    state = table({1: "12 20 4S 5S 6S 7S", 2: "2S 2W 2C 2P 8W 9W", 3: "3S 3W 3C 3P 8C 9C"})
    seat(state, 2).finished = True
    seat(state, 2).fields = {f: rules.Commitment([], "abdication", i) for i, f in enumerate(("swords", "staves", "cups", "coins"))}
    refused(state, 1, {"type": "play", "arcanum": "12", "target": 2}, "out of play")
    refused(state, 1, {"type": "play", "arcanum": "20", "target": 2, "field": "swords"}, "out of play")


# --- the ruling added here: a daemon raised after the World ---------------------------------


def test_a_daemon_raised_after_the_world_abdicates_on_its_battlefield() -> None:
    state = table({1: "21 2S 3S 4S 5S 6S", 2: "15 2C 3C 4C 5C 6C"}, top="2W KP QP 9P 8P 7P 6P")
    commit(state, 1, "coins", "21")
    assert seat(state, 2).fields["coins"].form == "abdication"
    act(state, 2, {"type": "play", "arcanum": "15"})
    daemon = next(s for s in state.seats if s.kind == "daemon")
    assert sorted(c.face.code for c in daemon.hand) == ["6P", "7P", "8P", "9P", "KP", "QP"]
    assert daemon.fields["coins"].form == "abdication" and daemon.fields["coins"].cards == []
    act(state, 1, {"type": "discard", "card": "2S"})
    assert state.seats[state.turn] is daemon and arc.pending(state) == [2]
    refused(state, 2, {"type": "commit", "field": "coins", "cards": ["QP", "KP"]}, "abdicated on coins")
    assert not any(a["type"] == "commit" and a["field"] == "coins" for a in arc.legal_actions(state, 2))
    assert rules.battles(state)["coins"]["winner"] == 1, "the World still wins its battlefield"


def test_a_daemon_raised_before_the_world_abdicates_with_everyone_else() -> None:
    state = table({1: "15 2S 3S 4S 5S 6S", 2: "21 2C 3C 4C 5C 6C"}, top="2W KP QP 9P 8P 7P 6P")
    act(state, 1, {"type": "play", "arcanum": "15"})
    commit(state, 2, "coins", "21")
    daemon = next(s for s in state.seats if s.kind == "daemon")
    assert daemon.fields["coins"].form == "abdication"


def test_a_daemon_raised_with_no_world_out_may_commit_anywhere() -> None:
    state = table({1: "15 2S 3S 4S 5S 6S", 2: "2C 3C 4C 5C 6C 7C"}, top="2W KP QP 9P 8P 7P 6P")
    act(state, 1, {"type": "play", "arcanum": "15"})
    daemon = next(s for s in state.seats if s.kind == "daemon")
    assert daemon.fields == {}


def test_history_names_cards_without_an_orientation() -> None:
    state = table({1: "9S 10S 2C 3C 4C 5C", 2: "2W 3W 4W 5W 6W 7W"}, rounds=1)
    seat(state, 1).hand[0] = seat(state, 1).hand[0].turned()  # dealt upside down: 9Sr
    commit(state, 1, "swords", "9S 10S")
    for field in ("staves", "cups", "coins"):
        commit(state, 2, field, "")
        commit(state, 1, field, "")
    commit(state, 2, "swords", "")
    assert arc.is_over(state)
    cards_ = arc.history(state, 1)[0]["cards"]
    assert cards_[0] == "swords: 9S 10S, abdication", cards_
