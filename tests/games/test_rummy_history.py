"""Tarot Rummy's hand records for /history: one per finished hand with the seed that reproduces
its deal, the moves and the player's points; at most HISTORY_HANDS; only for the two players;
and never a card the player could not see (the other hand unless a call laid it out, a card the
other drew from the stock, the face-down call card)."""

from __future__ import annotations

import json
import re
from typing import Any

from games import fairness
from games import rummy as R
from games.base import HISTORY_HANDS, HandRecord, SeatSpec
from games.cards import cards, full_deck
from tests.seeds import CLIENT_SEED, predict, predicted

A, B = 1, 2
CALLER = "2W 3W 4W 5C 5S 5P 0 12 20 AC"
OPPONENT = "5W 6W KC QC 9S 9P 2C 3S 4P 16"  # lays 5W 6W off onto the caller's sword: 54 unmelded


def table(seed: int = 7, **options: Any) -> R.State:
    predict(seed)
    return R.new(R.Options(timer=0, **options), [SeatSpec(A), SeatSpec(B)])


def rig(state: R.State, mover: str, other: str, upcard: str, stock_top: str) -> R.State:
    """The player to move holds `mover`, the other `other`; the stock's next cards are
    `stock_top` (first drawn first)."""
    state.seats[state.turn].hand, state.seats[1 - state.turn].hand = cards(mover), cards(other)
    state.discard, top = cards(upcard), cards(stock_top)
    used = {c.face for c in [*cards(mover), *cards(other), *state.discard, *top]}
    state.stock = top + [c for c in full_deck() if c not in used]  # the top is the first
    return state


def called_hand() -> tuple[R.State, int, int]:
    """The mover draws KS from the stock and calls with it, face down: caller wins by 53."""
    state = rig(table(), CALLER, OPPONENT, "KW", "KS")
    caller, opponent = state.seats[state.turn].player, state.seats[1 - state.turn].player
    R.apply(state, caller, {"type": "draw", "from": "stock"})
    R.apply(state, caller, {"type": "call", "card": "KS"})
    return state, caller, opponent


def play_until(state: R.State, done: Any) -> None:
    for _ in range(20_000):
        if done(state) or R.is_over(state):
            return
        player = R.pending(state)[0]
        R.apply(state, player, R.computer_action(state, player))
    raise AssertionError("the game did not get there")


def texts(record: HandRecord) -> str:
    return "\n".join([*record["cards"], *record["actions"], record["result"]])


def faces(record: HandRecord) -> set[str]:
    """The suit cards a record names, whichever way up (trump numbers also name players)."""
    return {rank + suit for rank, suit in re.findall(r"(?<!\w)(10|[2-9AJNQK])([WCSP])r?(?!\w)", texts(record))}


def test_a_called_hand_is_recorded_for_both_with_their_points() -> None:
    state, caller, opponent = called_hand()
    mine, theirs = R.history(state, caller), R.history(state, opponent)
    assert [(r["hand"], r["deals"][0]["seed"]) for r in mine] == [(1, predicted(7, 1))] == [
        (r["hand"], r["deals"][0]["seed"]) for r in theirs]
    assert mine[0]["result"] == "you called and won (1 unmelded against 54): +53 points (your score 53)"
    assert theirs[0]["result"] == f"<@{caller}> called and won (1 unmelded against 54): +0 points (your score 0)"
    assert mine[0]["cards"][:2] == [f"You (dealt): {' '.join(R.sorted_codes(cards(CALLER)))}", "Upcard: KW"]
    assert theirs[0]["cards"][0] == f"You (dealt): {' '.join(R.sorted_codes(cards(OPPONENT)))}"
    assert f"<@{opponent}> (opponent): melds none; laid off 5W 6W; unmelded" in texts(mine[0])


def test_the_face_down_call_card_and_a_stock_draw_are_the_callers_only() -> None:
    state, caller, opponent = called_hand()
    mine, theirs = R.history(state, caller)[0], R.history(state, opponent)[0]
    assert mine["actions"][1:] == [f"<@{caller}> draws KS from the stock", f"<@{caller}> calls, discarding KS face down"]
    assert theirs["actions"][1:] == [f"<@{caller}> draws from the stock", f"<@{caller}> calls, discarding face down"]
    assert "KS" not in faces(theirs) and "KS" in faces(mine)


def test_a_call_lays_both_hands_out_for_both_players() -> None:
    state, caller, opponent = called_hand()
    after_call = {c.face.code for c in cards(CALLER) + cards(OPPONENT) if c.suit is not None}
    for player in (caller, opponent):
        assert after_call <= faces(R.history(state, player)[0])


def test_a_dead_hand_shows_no_other_hand_and_no_card_the_other_drew() -> None:
    state = table(seed=11)
    state.stock = state.stock[-1:]
    mover, other = state.seats[state.turn], state.seats[1 - state.turn]
    drawn = state.stock[-1]
    R.apply(state, mover.player, {"type": "draw", "from": "stock"})
    thrown = next(c for c in mover.hand if c != drawn)
    kept = [c for c in mover.hand if c != thrown]
    R.apply(state, mover.player, {"type": "discard", "card": thrown.code})
    assert state.hand_no == 2
    mine, theirs = R.history(state, mover.player)[0], R.history(state, other.player)[0]
    assert mine["result"] == theirs["result"] == "a dead hand (the stock ran out): +0 points (your score 0)"
    assert mine["cards"][-1] == f"You (at the end): {' '.join(R.sorted_codes(kept))}"
    assert f"<@{mover.player}> draws {drawn.code} from the stock" in mine["actions"]
    assert f"<@{mover.player}> draws from the stock" in theirs["actions"]
    assert f"<@{mover.player}> discards {thrown.code}" in theirs["actions"]
    hidden = {c.face.code for c in kept if c.suit is not None}
    assert hidden and not hidden & faces(theirs), "the other hand was never shown"
    assert hidden <= faces(mine)


def test_the_seed_reproduces_the_deal() -> None:
    state = table(seed=5, opponent="bot")
    dealer, hands = state.dealer, [list(s.hand) for s in state.seats]
    play_until(state, lambda s: s.hand_no == 2)
    record = R.history(state, A)[0]
    seed = record["deals"][0]["seed"]
    deck = fairness.shuffled(full_deck(), seed, f"{CLIENT_SEED},{CLIENT_SEED}", 1)  # the first deal, A and B
    first = 1 - dealer
    dealt: list[list[Any]] = [[], []]
    for i in range(2 * R.HAND_SIZE):
        dealt[(first + i) % 2].append(deck.pop(0))
    assert seed == predicted(5, 1) and dealt == hands and dealer == R.cut(seed)
    assert record["cards"][:2] == [f"You (dealt): {' '.join(R.sorted_codes(hands[0]))}", f"Upcard: {deck[0].code}"]


def test_only_the_last_hands_are_kept_and_only_for_the_two_players() -> None:
    state = table(seed=3, target=10_000)
    play_until(state, lambda s: s.hand_no > HISTORY_HANDS + 2)
    assert len(state.records) == HISTORY_HANDS and len(state.history) == HISTORY_HANDS + 2
    assert [r["hand"] for r in R.history(state, A)] == list(range(3, HISTORY_HANDS + 3))
    assert [r["hand"] for r in R.history(state, B)] == list(range(3, HISTORY_HANDS + 3))
    assert R.history(state, 3) == []


def test_identification_moves_are_recorded() -> None:
    state = rig(table(identification=True), CALLER, OPPONENT, "KW", "KS")
    caller, opponent = state.seats[state.turn].player, state.seats[1 - state.turn].player
    R.apply(state, caller, {"type": "draw", "from": "stock"})
    R.apply(state, caller, {"type": "call", "card": "KS"})
    R.apply(state, opponent, {"type": "column", "column": "letter"})
    play_until(state, lambda s: s.hand_no == 2)  # the computer's answers are right
    record = R.history(state, opponent)[0]
    assert f"<@{opponent}> chooses the identification column letter" in record["actions"]
    answers = [line for line in record["actions"] if " identifies " in line]
    assert sorted(answers) == [f"<@{caller}> identifies {code}: right" for code in ("0", "12", "20")]
    assert record["result"].startswith(f"<@{caller}> called and won")


def test_records_survive_a_round_trip_old_states_load_and_views_hold_none() -> None:
    state, caller, _ = called_hand()
    R.apply(state, state.seats[state.turn].player, {"type": "draw", "from": "stock"})
    loaded = R.from_dict(json.loads(json.dumps(R.to_dict(state))))
    assert loaded == state and R.history(loaded, caller) == R.history(state, caller) != []
    old = R.to_dict(state)
    del old["records"], old["moves"]
    assert R.from_dict(old).records == [] and R.history(R.from_dict(old), caller) == []
    for player in (A, B, None):
        assert "moves" not in R.view(state, player) and "records" not in json.dumps(R.view(state, player))
