"""The chip ledger the house games' property tests keep: chips that came to the table (the
start and every join) equal chips on it, the house's net and chips cashed out."""

from __future__ import annotations

from games import house
from games.base import Event


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
