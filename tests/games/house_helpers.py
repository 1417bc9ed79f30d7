"""What the house games' tests share: the chip ledger of the property tests (chips that came to
the table, the start and every join, equal chips on it, the house's net and chips cashed out),
and reading /history records back."""

from __future__ import annotations

import random

from games import house
from games.base import Event, HandRecord
from games.cards import Card, full_deck, shuffle


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


def record_text(record: HandRecord) -> str:
    """Every text of a /history record, to search for cards."""
    return "\n".join([record["seed"], *record["cards"], *record["actions"], record["result"]])


def replay(seed: str, decks: int) -> list[Card]:
    """The shoe a record's seed names, from the position where the round's cards began."""
    table_seed, rest = seed.split(":")
    number, position = rest.split("@")
    return shuffle(full_deck() * decks, random.Random(f"{table_seed}:{number}"))[int(position):]
