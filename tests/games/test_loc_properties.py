"""Loc over random games: chips conserved, every card dealt at most once per hand, every play
reveals exactly one card per player in the hand, nothing hidden in the public view, exact
round trips, and play always moves on."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import loc
from games.base import Event, SeatSpec
from games.cards import Card
from tests.seeds import predict

# 40 random games, each checked after every move: twice that was the same checks on more seeds
PROPERTY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NEWCOMER = 1000


class Game:
    """A random game and the books kept beside it."""

    def __init__(self, seed: int, players: int, bet: int, deck: str, pot_trumps: str, short: bool) -> None:
        self.rng = random.Random(seed)
        low = loc.buy_in_range(loc.Options(bet=bet))[0]
        specs = [SeatSpec(p, self.rng.randint(1, 3 * bet) if short and p == 1 else self.rng.randint(low, 4 * low))
                 for p in range(1, players + 1)]
        options = loc.Options(bet=bet, deck=deck, pot_trumps=pot_trumps)
        predict(seed)
        self.state = loc.new(options, specs)
        self.brought = sum(s.stack for s in specs)
        self.cashed = 0
        self.hands_checked: set[int] = set()
        self.reveals = 0
        self.check_deal()

    # --- moves ---------------------------------------------------------------------------

    def step(self) -> list[Event]:
        roll = self.rng.random()
        state = self.state
        if roll < 0.03 and state.seats:
            player = self.rng.choice(loc.players(state))
            return self.act(player, {"type": "leave"}, allowed_to_fail=True)
        if roll < 0.06:
            newcomer = NEWCOMER + self.rng.randint(0, 20)
            stack = loc.buy_in_range(state.options)[0] + self.rng.randint(0, 50)
            return self.act(newcomer, {"type": "join", "stack": stack}, allowed_to_fail=True)
        if roll < 0.08 and state.seats:
            player = self.rng.choice(loc.players(state))
            kind = "sitin" if loc.seated(state, player).sitting_out else "sitout"
            return self.act(player, {"type": kind}, allowed_to_fail=True)
        waiting = loc.pending(state)
        if not waiting:
            return []
        player = self.rng.choice(waiting)
        choices = [a for a in loc.legal_actions(state, player) if a["type"] in ("discard", "play")]
        return self.act(player, self.rng.choice(choices))

    def act(self, player: int, action: dict[str, Any], allowed_to_fail: bool = False) -> list[Event]:
        from games.base import IllegalAction

        before_active = [s.player for s in loc.active_seats(self.state)
                         if not (s.player == player and action["type"] == "leave")]
        hands = {s.player: [c.face for c in s.cards] for s in self.state.seats}
        try:
            events = loc.apply(self.state, player, action)
        except IllegalAction:
            assert allowed_to_fail, action
            return []
        self.cashed += sum(e.data["amount"] for e in events if e.kind == "cashout")
        self.brought += sum(e.data["stack"] for e in events if e.kind == "joined")
        for e in events:
            if e.kind == "revealed":
                self.check_reveal(e, before_active, hands)
        self.check_deal()
        self.check_books()
        return events

    # --- the invariants ------------------------------------------------------------------

    def check_books(self) -> None:
        state = self.state
        assert loc.chips_on_table(state) + self.cashed == self.brought
        assert all(s.stack >= 0 and s.in_pot >= 0 for s in state.seats)
        assert sum(loc.refunds(state).values()) == loc.chips_on_table(state)
        assert len({s.player for s in state.seats}) == len(state.seats)

    def check_deal(self) -> None:
        """Every card of the hand (in hands, discards, chosen, played) once, from the deck."""
        state = self.state
        seen: list[Card] = []
        for seat in state.seats:
            if seat.in_hand:
                seen += seat.cards + seat.played + ([seat.discard] if seat.discard else [])
                assert len(seat.cards) + len(seat.played) + (1 if seat.discard else 0) == loc.HAND_SIZE
        faces = [c.face for c in seen]
        assert len(set(faces)) == len(faces)
        assert all(loc.in_deck(c, state.options.deck) for c in faces)

    def check_reveal(self, revealed: Event, active: list[int], hands: dict[int, list[Card]]) -> None:
        shown = revealed.data["cards"]
        assert [c["player"] for c in shown] == active, "one card per player in the hand"
        for item in shown:
            assert loc.card(item["card"]).face in hands[item["player"]]
        taker, excused = revealed.data["taker"], revealed.data["excused"]
        assert (taker is None) != (excused is None)
        assert taker is not None or not revealed.data["last"]
        self.reveals += 1

    def check_views(self) -> None:
        state = self.state
        public = loc.view(state, None)
        public.pop("last_round")  # the finished hand: its cards were dealt from another deck
        strings = _strings(json.loads(json.dumps(public)))
        for seat in state.seats:
            hidden = seat.cards + ([seat.discard] if seat.discard else [])
            assert not {c.code for c in hidden} & strings, "a hidden card in the public view"
            own = loc.view(state, seat.player)["me"]
            assert own["cards"] == [c.code for c in seat.cards]
            assert own["choice"] == (seat.choice.code if seat.choice else None)

    def check_round_trip(self) -> None:
        again = loc.from_dict(json.loads(json.dumps(loc.to_dict(self.state))))
        assert again == self.state
        assert loc.to_dict(again) == loc.to_dict(self.state)


def _strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_strings(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_strings(v) for v in value)) if value else set()
    return set()


games = st.builds(
    Game, seed=st.integers(0, 2**32), players=st.integers(3, 8), bet=st.integers(1, 20),
    deck=st.sampled_from(loc.DECKS), pot_trumps=st.sampled_from(loc.POT_TRUMPS), short=st.booleans(),
)


@PROPERTY
@given(game=games)
def test_random_games_keep_every_invariant(game: Game) -> None:
    for number in range(400):
        game.step()
        if number % 25 == 0:
            game.check_views()
            game.check_round_trip()
    game.check_views()
    game.check_round_trip()


@PROPERTY
@given(game=games)
def test_random_play_keeps_dealing_new_hands(game: Game) -> None:
    """Without leaving or joining, every five reveals a new hand is dealt, until too few
    players have chips."""
    state = game.state
    for _ in range(12 * len(state.seats)):
        waiting = loc.pending(state)
        if not waiting:
            break
        player = game.rng.choice(waiting)
        game.act(player, loc.default_action(state, player) if game.rng.random() < 0.3 else
                 game.rng.choice([a for a in loc.legal_actions(state, player) if a["type"] in ("discard", "play")]))
    assert state.phase == "waiting" or state.hand >= 2 or game.reveals >= 1
    assert game.reveals >= 1


def test_a_planted_double_deal_is_caught() -> None:
    """The card check can fail: give a player another player's card."""
    game = Game(5, 4, 10, "tarot", "all", False)
    game.state.seats[0].cards[0] = game.state.seats[1].cards[0]
    try:
        game.check_deal()
    except AssertionError:
        return
    raise AssertionError("a card dealt twice went unnoticed")
