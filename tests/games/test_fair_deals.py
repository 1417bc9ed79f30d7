"""Provably fair deals in every game, played with the operating system's seeds as at a real table:
a finished hand's revealed seed does not predict the next deal (the attack that worked on the
old `Random(f"{table seed}:{n}")` scheme fails), each deal's commitment is in the views from its
start and is the SHA-256 of the seed revealed once it is over, the seed appears nowhere before,
and the seed re-deals exactly the cards that left the deck."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

import pytest

from games import fairness
from games.base import RUNTIME_PLAYER, Event, SeatSpec
from games.cards import codes, full_deck, shuffle
from games.registry import GAMES

MAX_MOVES = 3000


@dataclass(frozen=True)
class Setup:
    options: dict[str, Any]
    seats: list[SeatSpec]
    bet: dict[str, Any] | None = None  # house games: each round's bet (their default is to pass)


SETUPS = {
    "blackjack": Setup({"decks": 1}, [SeatSpec(1, 10_000)], {"type": "bet", "amount": 10}),
    "baccarat": Setup({"decks": 1}, [SeatSpec(1, 10_000)], {"type": "bet", "on": "player", "amount": 10}),
    "poker": Setup({"timer": 0}, [SeatSpec(1, 1000), SeatSpec(2, 1000)]),
    "loc": Setup({}, [SeatSpec(1, 500), SeatSpec(2, 500), SeatSpec(3, 500)]),
    "tarot": Setup({"players": 3, "hands": 3}, [SeatSpec(1), SeatSpec(2), SeatSpec(3)]),
    "rummy": Setup({}, [SeatSpec(1), SeatSpec(2)]),
    "arcanoid": Setup({"rounds": 3}, [SeatSpec(1), SeatSpec(2), SeatSpec(3)]),
}


def move(module: Any, setup: Setup, state: Any) -> list[Event]:
    if not module.pending(state):  # an open reaction window (Arcanoid): its time runs out
        return module.apply(state, RUNTIME_PLAYER, {"type": "close_window"})
    player = module.pending(state)[0]
    betting = setup.bet is not None and getattr(state, "phase", None) == "betting"
    action = setup.bet if betting else module.default_action(state, player)
    return module.apply(state, player, action)


def everything_shown(module: Any, state: Any) -> str:
    """Every view (each player's and a spectator's) and every /history record, as text."""
    players = [*module.players(state), None]
    shown = [module.view(state, p) for p in players]
    shown += [module.history(state, p) for p in players if p is not None]
    return json.dumps(shown)


def play_until_revealed(name: str) -> tuple[Any, Any, dict[str, Any], list[Event]]:
    """A table (secret seeds) played by safe moves until its first deal is revealed. Returns the
    module, the state, the revealed event's data and every event seen. A house shoe is run low
    after a round, so the next round replaces (and reveals) it."""
    module, setup = GAMES[name], SETUPS[name]
    state = module.new(module.Options(**setup.options), list(setup.seats))
    [first] = module.view(state, None)["commitments"]
    secret = module.deals_in_play(state)[0].seed
    seen: list[Event] = []
    for _ in range(MAX_MOVES):
        assert secret not in everything_shown(module, state), "the seed was shown before its deal was over"
        if setup.bet is not None and getattr(state, "history", None):
            state.shoe.cards = state.shoe.cards[:10]  # low: the next round takes a new shoe
        events = move(module, setup, state)
        seen += events
        assert all(secret not in json.dumps(e.data) for e in events if e.kind != "deal_revealed")
        revealed = [e.data for e in events if e.kind == "deal_revealed"]
        if revealed:
            assert revealed[0]["commitment"] == first["commitment"]
            return module, state, revealed[0], seen
    raise AssertionError(f"{name}: no deal was revealed in {MAX_MOVES} moves")


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_the_commitment_shown_at_the_start_is_the_sha256_of_the_seed_revealed_after(name: str) -> None:
    module, state, revealed, _ = play_until_revealed(name)
    seed = revealed["seed"]
    assert fairness.commitment(seed) == revealed["commitment"]
    assert len(seed) == 2 * fairness.SEED_BYTES and int(seed, 16) >= 0  # from secrets, not a counter
    shown = [d for p in module.players(state) for r in module.history(state, p) for d in r["deals"]]
    assert any(d["seed"] == seed and d["commitment"] == revealed["commitment"] for d in shown), \
        "/history shows the seed and its commitment once the deal is over"


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_the_revealed_seed_re_deals_exactly_the_cards_that_were_played(name: str) -> None:
    module, _, revealed, _ = play_until_revealed(name)
    deck = codes(module.redeal(revealed["seed"], revealed["setup"]))
    played = revealed["cards"]
    count = min(len(deck), len(played))
    assert count >= 3 and deck[:count] == played[:count]
    other = fairness.secret_seed()
    assert codes(module.redeal(other, revealed["setup"]))[:count] != played[:count]


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_a_revealed_seed_does_not_predict_the_next_deal(name: str) -> None:
    module, state, revealed, _ = play_until_revealed(name)
    seed = revealed["seed"]
    [following] = [d for d in module.deals_in_play(state) if d.commitment != revealed["commitment"]]
    actual = codes(module.redeal(following.seed, following.setup))[:20]
    # The attack on the old scheme: the revealed text names the table's seed and the hand number,
    # so `Random(f"{table}:{n + 1}")` (or the next shuffle of the same generator) was the next deal.
    table_seed = seed.split(":")[0]
    guesses = [f"{table_seed}:{n}" for n in range(0, 12)] + [seed, f"{seed}:1", f"{seed}:muck1"]
    for guess in guesses:
        assert shuffle(full_deck(), random.Random(guess))[:20] != module.redeal(following.seed, following.setup)[:20]
        assert codes(module.redeal(guess, following.setup))[:20] != actual
        assert fairness.commitment(guess) != following.commitment
    assert following.seed != seed and seed not in following.seed and following.seed not in seed
    assert following.commitment in json.dumps(module.view(state, None)), "the next deal is committed"
    assert following.seed not in everything_shown(module, state)


def test_fresh_seeds_are_secret_and_tests_can_make_them_predictable() -> None:
    seeds = {fairness.fresh_seed() for _ in range(100)}
    assert len(seeds) == 100
    with fairness.predictable("t") as source:
        assert [fairness.fresh_seed(), fairness.fresh_seed()] == ["t:1", "t:2"] and source.count == 2
    assert fairness.fresh_seed() not in {"t:3"} and len(fairness.fresh_seed()) == 32


@pytest.mark.parametrize(("text", "ok"), [
    ("3f2a" * 8, True), ("", False), ("x" * 65, False), ("two words", False), ("tab\there", False),
    ("\u200b" * 3, False),
])
def test_what_may_be_a_seed_is_checked_before_any_work(text: str, ok: bool) -> None:
    assert fairness.looks_like_seed(text) is ok
