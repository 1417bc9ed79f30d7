"""Loc's hand records for /history: one per finished hand with its seed and the player's net,
at most HISTORY_HANDS, only for players dealt in, and never a card the player could not see
(another player's discard, the unrevealed cards of a player who left the hand)."""

from __future__ import annotations

import json
import re
from typing import Any

from games import fairness, loc
from games.base import HISTORY_HANDS, Event, HandRecord, SeatSpec
from games.cards import cards, codes, full_deck
from tests.seeds import CLIENT_SEED, predict, predicted

P1, P2, P3, P4 = 101, 102, 103, 104
HANDS = {P1: "7S 2W 3W 4W 5W 6W", P2: "KC 2C 3C 4C 5C 6C", P3: "3 2P 3Pr 4P 5P 6P", P4: "AW 2S 3S 4S 5S 6S"}
DISCARDS = {P1: "6W", P2: "6C", P3: "6P", P4: "6S"}


def table(players: tuple[int, ...] = (P1, P2, P3, P4), seed: int = 7, **options: Any) -> loc.State:
    predict(seed)
    return loc.new(loc.Options(**options), [SeatSpec(p, 200) for p in players])


def rigged(players: tuple[int, ...] = (P1, P2, P3, P4)) -> loc.State:
    """The hands of HANDS, discards made: the first play is open."""
    state = table(players)
    for player in players:
        loc.seated(state, player).cards = cards(HANDS[player])
    for player in players:
        loc.apply(state, player, {"type": "discard", "card": DISCARDS[player]})
    return state


def play(state: loc.State, plays: dict[int, str]) -> list[Event]:
    events: list[Event] = []
    for player, code in plays.items():
        events += loc.apply(state, player, {"type": "play", "card": code})
    return events


def finish_hand(state: loc.State) -> list[Event]:
    """Every pending player plays the timer's move until the next hand is dealt."""
    number, events = state.hand, []
    while state.hand == number and loc.pending(state):
        for player in loc.pending(state):
            events += loc.apply(state, player, loc.default_action(state, player))
    return events


def four_low_plays(state: loc.State) -> list[Event]:
    events: list[Event] = []
    for low in ("2", "3", "4", "5"):
        events += play(state, {p: low + suit for p, suit in ((P1, "W"), (P2, "C"), (P3, "P"))
                               if loc.seated(state, p).active})
    return events


def tokens(record: HandRecord) -> set[str]:
    """Every word of every text of the record: card codes, mention ids, numbers."""
    texts = [*record["cards"], *record["actions"], record["result"]]
    return {word for text in texts for word in re.findall(r"\w+", text)}


def nets(events: list[Event]) -> dict[int, int]:
    settled = next(e for e in events if e.kind == "settled")
    return {r["player"]: r["net"] for r in settled.data["results"]}


# --- records -------------------------------------------------------------------------------


def test_no_record_before_a_hand_ends() -> None:
    state = rigged()
    play(state, {P1: "7S", P2: "KC", P3: "3", P4: "AW"})
    assert loc.history(state, P1) == [] and state.history == []


def test_a_finished_hand_gives_each_player_a_record_with_seed_number_and_net() -> None:
    state = rigged((P1, P2, P3))
    events = play(state, {P1: "7S", P2: "KC", P3: "3"}) + four_low_plays(state)
    assert state.hand == 2
    results = nets(events)
    for player in (P1, P2, P3):
        [record] = loc.history(state, player)
        assert record["hand"] == 1 and record["deals"][0]["seed"] == predicted(7, 1)
        assert record["result"] == f"{results[player]:+d} chips"
    # P2 is excused in plays 2-4 and takes the 90 at the end; P3 took the first 30
    assert [loc.history(state, p)[0]["result"] for p in (P1, P2, P3)] == ["-50 chips", "+70 chips", "-20 chips"]


def test_the_seed_reproduces_the_deal() -> None:
    state = table((P1, P2, P3), seed=42)
    dealt = {s.player: codes(s.cards) for s in state.seats}
    finish_hand(state)
    finish_hand(state)
    first, second = (r["deals"][0] for r in loc.history(state, P1))
    assert (first["seed"], second["seed"]) == (predicted(42, 1), predicted(42, 2))
    deck = fairness.shuffled(full_deck(), first["seed"], ",".join([CLIENT_SEED] * 3), 1)  # dealt round the table
    assert {s.player: codes(deck[i::3][:loc.HAND_SIZE]) for i, s in enumerate(state.seats)} == dealt


def test_the_record_of_a_hand_in_words() -> None:
    state = rigged((P1, P2, P3))
    play(state, {P1: "7S", P2: "KC", P3: "3"})
    four_low_plays(state)
    [record] = loc.history(state, P1)
    assert record["cards"] == ["You: 7S 2W 3W 4W 5W · discarded 6W", "<@102>: KC 2C 3C 4C 5C",
                               "<@103>: 3 2P 3Pr 4P 5P"]
    assert record["actions"][0] == "<@101>, <@102>, <@103> ante 10 each"
    assert record["actions"][1] == ("Play 1: <@101>: 7S, <@102>: KC, <@103>: 3 — <@103>'s Empress takes 30; "
                                    "everyone refreshes the pot")
    assert record["actions"][2].startswith("Play 2: <@101>: 2W, <@102>: 2C, <@103>: 2P — <@102>'s 2 of Cups "
                                           "is highest: excused")
    assert record["actions"][-1].endswith("<@102>'s 5 of Cups takes 90; the hand is over")
    assert len(record["actions"]) == 6


def test_a_short_ante_is_written_per_player() -> None:
    predict(3)
    state = loc.new(loc.Options(), [SeatSpec(P1, 200), SeatSpec(P2, 200), SeatSpec(P3, 4)])
    finish_hand(state)
    assert loc.history(state, P1)[0]["actions"][0] == "Antes: <@101> 10, <@102> 10, <@103> 4"


def test_a_standard_table_writes_standard_notation() -> None:
    state = table((P1, P2, P3), deck="standard")
    loc.seated(state, P1).cards = cards("QC 10Pr JS 0 2W 3W")
    for player in (P1, P2, P3):
        loc.apply(state, player, loc.default_action(state, player))
    play(state, {P1: "QH"})
    finish_hand(state)
    own = loc.history(state, P1)[0]["cards"][0]
    assert own.startswith("You: QH ") and "10Dr" in own and "JS" in own and "Joker" in own


def test_the_list_keeps_the_last_hands_oldest_first() -> None:
    state = table((P1, P2, P3), seed=3)  # a seed whose hands bust nobody in twelve hands
    for _ in range(HISTORY_HANDS + 2):
        finish_hand(state)
    records = loc.history(state, P1)
    assert len(state.history) == HISTORY_HANDS
    assert [r["hand"] for r in records] == list(range(3, HISTORY_HANDS + 3))
    assert [r["deals"][0]["seed"] for r in records] == [predicted(3, n) for n in range(3, HISTORY_HANDS + 3)]


def test_a_player_not_dealt_into_a_hand_does_not_get_it() -> None:
    state = table((P1, P2, P3))
    loc.apply(state, P4, {"type": "join", "stack": 300})
    finish_hand(state)
    assert loc.history(state, P4) == [] and len(loc.history(state, P1)) == 1
    assert loc.history(state, 999) == []
    finish_hand(state)
    assert [r["hand"] for r in loc.history(state, P4)] == [2]
    assert [r["hand"] for r in loc.history(state, P1)] == [1, 2]


def test_a_player_sitting_out_does_not_get_the_hand() -> None:
    state = table()
    loc.apply(state, P4, {"type": "sitout"})
    finish_hand(state)  # P4 was dealt in before sitting out: this hand is theirs
    finish_hand(state)
    assert [r["hand"] for r in loc.history(state, P4)] == [1]
    assert [r["hand"] for r in loc.history(state, P1)] == [1, 2]


# --- hidden cards --------------------------------------------------------------------------


def test_discards_stay_hidden_from_the_others() -> None:
    state = rigged((P1, P2, P3))
    play(state, {P1: "7S", P2: "KC", P3: "3"})
    four_low_plays(state)
    for player in (P1, P2, P3):
        seen = tokens(loc.history(state, player)[0])
        assert DISCARDS[player] in seen
        assert not {DISCARDS[p] for p in (P1, P2, P3) if p != player} & seen


def test_the_cards_of_a_player_who_left_stay_hidden_except_those_revealed() -> None:
    state = rigged()
    play(state, {P1: "7S", P2: "KC", P3: "3", P4: "AW"})
    loc.apply(state, P4, {"type": "play", "card": "2S"})  # chosen, never revealed
    loc.apply(state, P4, {"type": "leave"})
    events = four_low_plays(state)
    hidden = {"2S", "3S", "4S", "5S", "6S"}
    for player in (P1, P2, P3):
        record = loc.history(state, player)[0]
        seen = tokens(record)
        assert "AW" in seen and not hidden & seen
        assert "<@104>: AW · left the hand" in record["cards"]
        assert record["actions"][2] == "<@104> leaves the hand"
        assert "<@104>" not in record["actions"][3]  # play 2: P4 is out
    own = loc.history(state, P4)[0]
    assert own["cards"][0] == "You: AW · not played 2S 3S 4S 5S · discarded 6S"
    assert own["result"] == f"{nets(events)[P4]:+d} chips" == "-20 chips"


def test_leaving_before_discarding_shows_no_card_and_the_last_player_takes_the_pot() -> None:
    state = table((P1, P2, P3))
    hidden = {p: codes(loc.seated(state, p).cards) for p in (P1, P2, P3)}
    loc.apply(state, P1, {"type": "leave"})
    events = loc.apply(state, P2, {"type": "leave"})
    record = loc.history(state, P3)[0]
    assert record["cards"] == [f"You: no card played · not played {' '.join(hidden[P3])}",
                               "<@101>: no card shown · left the hand", "<@102>: no card shown · left the hand"]
    assert record["actions"] == ["<@101>, <@102>, <@103> ante 10 each", "<@101> leaves the hand",
                                 "<@102> leaves the hand", "<@103> takes 30: everyone else left the hand"]
    assert record["result"] == "+20 chips" == f"{nets(events)[P3]:+d} chips"
    for player in (P1, P2):
        assert loc.history(state, player)[0]["result"] == "-10 chips"
        others = {code for p, held in hidden.items() if p != player for code in held}
        assert not others & tokens(loc.history(state, player)[0])
    assert not (set(hidden[P1]) | set(hidden[P2])) & tokens(record)


def test_no_record_ever_holds_a_card_its_player_could_not_see() -> None:
    state = table(seed=11)
    for _ in range(4):
        dealt = {s.player: {c.code for c in s.cards} for s in state.seats}
        finish_hand(state)
        entry = state.history[-1]
        revealed = {code for seat in entry["seats"] for code in seat["played"]}
        for player in dealt:
            seen = tokens(loc.history(state, player)[-1])
            others = {code for p, held in dealt.items() if p != player for code in held}
            assert others & seen <= revealed
            assert dealt[player] <= seen  # all six of one's own cards


# --- persistence ---------------------------------------------------------------------------


def test_history_round_trips_through_json() -> None:
    state = rigged((P1, P2, P3))
    play(state, {P1: "7S", P2: "KC", P3: "3"})
    four_low_plays(state)
    finish_hand(state)
    again = loc.from_dict(json.loads(json.dumps(loc.to_dict(state))))
    assert again == state and len(again.history) == 2
    assert loc.history(again, P2) == loc.history(state, P2)


def test_an_old_saved_state_without_history_loads() -> None:
    state = rigged((P1, P2, P3))
    old = loc.to_dict(state)
    del old["history"]
    again = loc.from_dict(old)
    assert again.history == [] and loc.history(again, P1) == []
    play(again, {P1: "7S", P2: "KC", P3: "3"})
    four_low_plays(again)
    assert [r["hand"] for r in loc.history(again, P1)] == [1]
