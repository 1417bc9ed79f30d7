"""What the house games' tests share: the chip ledger of the property tests (chips that came to
the table, the start and every join, equal chips on it, the house's net and chips cashed out),
and reading /history records back."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

from hypothesis import HealthCheck, settings

from games import fairness, house
from games.base import DealSeed, Event, HandRecord
from games.cards import Card, full_deck


class Ledger:
    def __init__(self, state: house.Table) -> None:
        self.start = house.chips_on_table(state)
        self.joined = self.cashed = self.house = 0

    def record(self, events: list[Event]) -> None:
        for e in events:
            if e.kind == "joined":
                self.joined += e.data["stack"]
            elif e.kind == "cashout":
                self.cashed += e.data["amount"]
            elif e.kind == "settled":
                self.house += e.data["house"]
                assert e.data["house"] == -sum(r["net"] for r in e.data["results"])

    def check(self, state: house.Table) -> None:
        assert state.house_net == self.house
        assert self.start + self.joined == house.chips_on_table(state) + state.house_net + self.cashed


# 30 random tables of 300 moves each (9,000 checked moves a property, shoes emptied and replaced
# among them): twice that found nothing more and was a minute of the suite on two busy cores
PROPERTY = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play_checked(module: ModuleType, state: Any, rng: random.Random,
                 random_move: Callable[..., tuple[int, dict] | None], check: Callable[[Any], None]) -> None:
    """300 random moves (seats joining and leaving now and then); after each, the chips add up,
    `check` holds, the state round-trips through JSON and its view is JSON."""
    ledger = Ledger(state)
    for _ in range(300):
        move = random_move(state, rng, seat_moves=0.1)
        if move is None:
            continue
        ledger.record(module.apply(state, *move))
        ledger.check(state)
        check(state)
        assert module.from_dict(json.loads(json.dumps(module.to_dict(state)))) == state
        json.dumps(module.view(state, None))


def record_text(record: HandRecord) -> str:
    """Every text of a /history record, to search for cards."""
    deals = [f"{d['label']} {d['commitment']} {d['seed']}" for d in record["deals"]]
    return "\n".join([*deals, *record["cards"], *record["actions"], record["result"]])


def replay(named: DealSeed, decks: int, client: str = "") -> list[Card]:
    """The shoe a revealed record names ("shoe 2 from card 41"), re-dealt from its seed (at a
    house table every deal is a shoe, so the shoe's number is its nonce; no client seeds
    outside the bot), from the card where the round began."""
    assert named["seed"] is not None, "the shoe is still in use: its seed is secret"
    words = named["label"].split()
    number, position = int(words[1]), int(words[-1])
    return fairness.shuffled(full_deck() * decks, named["seed"], client, number)[position - 1:]
