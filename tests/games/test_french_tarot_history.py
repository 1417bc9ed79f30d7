"""French Tarot's hand records for /history: one per deal (all-pass deals included) with the seed
that reproduces it, the bids, the call, every trick and the player's points; at most
HISTORY_HANDS; only for the players who played the deal; and never a card the player could not
see (other hands, the taker's discard but for its shown trumps, a dog nobody saw)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from games import fairness
from games import french_tarot as ft
from games.base import HISTORY_HANDS, HandRecord, SeatSpec, mention
from games.cards import Card, full_deck
from tests.seeds import CLIENT_SEED, predict


def table(players: int = 4, seed: int = 1, **options: Any) -> ft.State:
    predict(seed)
    return ft.new(ft.Options(players=players, **options), [SeatSpec(p) for p in range(1, players + 1)])


def bid_round(state: ft.State, bids: list[str]) -> None:
    for contract in bids:
        ft.apply(state, ft.pending(state)[0], {"type": "bid", "contract": contract})


def play_until(state: ft.State, done: Any) -> None:
    """The computer players' moves for every seat until `done(state)`."""
    for _ in range(5000):
        if done(state) or ft.is_over(state):
            return
        player = ft.pending(state)[0]
        ft.apply(state, player, ft.computer_action(state, player))
    raise AssertionError("the deal did not end")


def finished(players: int, seed: int, hands: int = 1) -> ft.State:
    state = table(players, seed, hands=hands)
    play_until(state, lambda s: False)
    return state


def last(state: ft.State, player: int) -> HandRecord:
    return ft.history(state, player)[-1]


def texts(record: HandRecord) -> str:
    return "\n".join([*record["cards"], *record["actions"], record["result"]])


def suit_faces(record: HandRecord) -> set[str]:
    """The suit cards a record names, whichever way up (majors' numbers also name players and
    tricks, so only suit cards can be checked for absence)."""
    return {rank + suit for rank, suit in re.findall(r"(?<!\w)(10|[2-9AJNQK])([WCSP])r?(?!\w)", texts(record))}


def faces(cards: list[Card]) -> list[str]:
    return [c.face.code for c in cards]


def plain_faces(cards: list[Card]) -> set[str]:
    return {c.face.code for c in cards if c.suit is not None}


def garde_by_player_1(seed: int = 5, **options: Any) -> tuple[ft.State, dict[str, Any]]:
    """Player 1 takes a garde in the first deal, which is then played out; what was dealt."""
    state = table(4, seed, hands=2, **options)
    assert state.deal is not None
    dealt = {"seed": state.deal.seed, "nonce": state.deal.nonce, "dealer": state.dealer, "dog": list(state.dog),
             "hands": [list(h) for h in state.hands]}
    bid_round(state, ["garde", "pass", "pass", "pass"])
    play_until(state, lambda s: s.phase != "discarding")
    dealt["discard"] = list(state.discard)
    play_until(state, lambda s: s.hand_no == 2)
    return state, dealt


def test_a_played_deal_gives_every_player_its_record_with_the_seed_and_their_points() -> None:
    state, dealt = garde_by_player_1()
    sheet = state.history[-1]
    deck = fairness.shuffled(full_deck(), dealt["seed"], ",".join([CLIENT_SEED] * 4), dealt["nonce"])
    reproduced, _ = ft.distribute(deck, 4, dealt["dealer"])
    for seat, player in enumerate(state.players):
        records = ft.history(state, player)
        assert [(r["hand"], r["deals"][0]["seed"]) for r in records] == [(1, dealt["seed"])]
        record = records[0]
        mine = " ".join(faces(ft.sort_hand(dealt["hands"][seat])))  # no orientation shown
        assert record["cards"][0] == f"You: {mine}" == "You: " + " ".join(faces(ft.sort_hand(reproduced[seat])))
        assert f"Dog: {' '.join(faces(dealt['dog']))}" in record["cards"]
        assert record["actions"][:2] == ["<@4> deals", "<@1> bids Garde"]
        tricks = [line for line in record["actions"] if line.startswith("Trick ")]
        assert len(tricks) == 18 and tricks[0].startswith("Trick 1: <@1> ")
        verdict = "made" if sheet["made"] else "failed"
        assert f"{verdict} Garde by " in record["result"]
        assert record["result"].endswith(f": {sheet['scores'][seat]:+} points")
    assert last(state, 1)["result"].startswith(f"you {verdict} Garde")
    assert last(state, 2)["result"].startswith(f"<@1> {verdict} Garde")


def test_a_trick_line_names_who_played_what_and_who_took_it() -> None:
    state, _ = garde_by_player_1()
    first = ft.history(state, 3)[0]["actions"]
    trick = next(line for line in first if line.startswith("Trick 1: "))
    plays = trick.removeprefix("Trick 1: ").split(" → ")[0].split(", ")
    assert [p.rsplit(" ", 1)[0] for p in plays] == ["<@1>", "<@2>", "<@3>", "<@4>"]
    assert trick.split(" → ")[1] in ("<@1>", "<@2>", "<@3>", "<@4>")


def test_the_discard_is_seen_by_the_taker_only_but_for_its_shown_trumps() -> None:
    state, dealt = garde_by_player_1()
    discard = dealt["discard"]
    hidden = plain_faces(discard) - plain_faces(dealt["dog"])  # the dog was shown to all
    assert hidden, "this deal's discard holds plain cards from the taker's own hand"
    assert f"Your discard: {' '.join(c.face.code for c in discard)}" in last(state, 1)["cards"]  # no orientation shown
    assert hidden <= suit_faces(last(state, 1))
    shown = [c.face.code for c in discard if ft.is_trump(c)]
    for player in (2, 3, 4):
        record = last(state, player)
        assert not hidden & suit_faces(record), f"player {player} sees the taker's discard"
        assert not any(line.startswith("Your discard") for line in record["cards"])
        assert (f"Trumps shown in the discard: {' '.join(shown)}" in record["cards"]) == bool(shown)


@pytest.mark.parametrize(("contract", "owner"), [("garde_sans", "the taker"), ("garde_contre", "the defence")])
def test_a_dog_nobody_saw_is_in_nobodys_record(contract: str, owner: str) -> None:
    state = table(4, 4, hands=1)
    bid_round(state, [contract, "pass", "pass", "pass"])
    dog = plain_faces(state.dog)
    assert dog, "this deal's dog holds plain cards"
    play_until(state, lambda s: False)
    for player in state.players:
        record = last(state, player)
        assert f"Dog: unseen, counted for {owner}" in record["cards"]
        assert not dog & suit_faces(record), f"player {player} sees the unseen dog"


def test_an_all_pass_deal_is_a_hand_too_and_shows_no_other_hand() -> None:
    state = table(4, 1, hands=2)
    hands, dog = [list(h) for h in state.hands], list(state.dog)
    bid_round(state, ["pass"] * 4)
    assert state.hand_no == 2
    for seat, player in enumerate(state.players):
        record = last(state, player)
        assert (record["hand"], record["result"]) == (1, "everyone passed, no score: +0 points")
        assert record["actions"][1:] == ["<@1> passes", "<@2> passes", "<@3> passes", "<@4> passes"]
        others = set().union(*(plain_faces(h) for s, h in enumerate(hands) if s != seat), plain_faces(dog))
        assert plain_faces(hands[seat]) <= suit_faces(record)
        assert not others & suit_faces(record)


def test_five_players_the_record_names_the_called_king_and_both_sides() -> None:
    state = next(s for s in (finished(5, seed) for seed in range(50)) if s.partner is not None)
    taker, partner = state.players[state.taker], state.players[state.partner]  # type: ignore[index]
    defender = next(p for p in state.players if p not in (taker, partner))
    assert f"{mention(taker)} calls {state.called.code}" in last(state, defender)["actions"]  # type: ignore[union-attr]
    assert last(state, defender)["result"].startswith(f"{mention(taker)} and {mention(partner)} ")
    assert last(state, partner)["result"].startswith(f"{mention(taker)} and you ")
    assert last(state, taker)["result"].startswith(f"you and {mention(partner)} ")


def test_only_the_last_hands_are_kept() -> None:
    state = finished(3, 2, hands=HISTORY_HANDS + 2)
    assert len(state.history) == HISTORY_HANDS + 2, "the score sheet keeps every hand"
    assert len(state.records) == HISTORY_HANDS
    assert [r["hand"] for r in ft.history(state, 1)] == list(range(3, HISTORY_HANDS + 3))


def test_a_player_who_left_does_not_get_the_deals_played_without_them() -> None:
    state = table(4, 3, hands=3)
    play_until(state, lambda s: s.hand_no == 2)
    ft.apply(state, 2, {"type": "leave"})
    play_until(state, lambda s: False)
    assert [r["hand"] for r in ft.history(state, 2)] == [1]
    assert [r["hand"] for r in ft.history(state, -1)] == [2, 3]
    assert [r["hand"] for r in ft.history(state, 1)] == [1, 2, 3]
    assert ft.history(state, 99) == []


def test_records_survive_a_round_trip_old_states_load_and_views_hold_none() -> None:
    state, _ = garde_by_player_1()
    loaded = ft.from_dict(json.loads(json.dumps(ft.to_dict(state))))
    assert loaded == state and ft.history(loaded, 3) == ft.history(state, 3) != []
    old = ft.to_dict(state)
    del old["records"]
    assert ft.from_dict(old).records == [] and ft.history(ft.from_dict(old), 1) == []
    assert "records" not in json.dumps(ft.view(state, 1))
