"""Provably fair deals: every hand (every shoe, for the house games) shuffles with a secret seed
of its own, drawn from the operating system's randomness when it starts. The table shows the
seed's SHA-256 (its commitment) from the start; the seed itself is shown only once nothing more
is dealt from it, and anyone can then re-deal the cards from it and check the commitment.

A seed is independent of every other (no table seed, no counter): a revealed seed tells nothing
about any other deal. `fresh_seed()` is the only non-deterministic step in `games/`; tests make it
predictable with `predictable(base)` (or `set_source`), never by touching game code.

A game keeps each deal in play as a `Deal` in its state: the seed, a label ("hand 4", "shoe 2"),
what `redeal` needs besides the seed (`setup`) and the cards that have left its deck, in order.
It emits `committed(deal)` when the deal starts and `revealed(deal)` once the deal is over.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from games.base import DealSeed, Event
from games.cards import Card, codes

SEED_BYTES = 16
MAX_SEED_LENGTH = 64  # longer text is not a seed this bot made: refused before any hashing


def secret_seed() -> str:
    """A new seed from the operating system's randomness: 32 hex digits."""
    return secrets.token_hex(SEED_BYTES)


_source: Callable[[], str] = secret_seed


def fresh_seed() -> str:
    """The seed of a deal that starts now (secret until the deal is over)."""
    return _source()


def commitment(seed: str) -> str:
    """What the table shows while the seed is secret: the seed's SHA-256, in hex."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def rng(seed: str) -> random.Random:
    """The generator a deal shuffles with: a function of the seed alone."""
    return random.Random(seed)


def set_source(source: Callable[[], str]) -> Callable[[], str]:
    """Where `fresh_seed` takes seeds from (tests); returns the previous source."""
    global _source
    previous, _source = _source, source
    return previous


class Predictable:
    """A test source: the seeds "<base>:1", "<base>:2", … in order."""

    def __init__(self, base: object) -> None:
        self.base = base
        self.count = 0

    def __call__(self) -> str:
        self.count += 1
        return f"{self.base}:{self.count}"


@contextmanager
def predictable(base: object) -> Iterator[Predictable]:
    """Within the block, `fresh_seed()` returns `Predictable(base)`'s seeds (tests only)."""
    source = Predictable(base)
    previous = set_source(source)
    try:
        yield source
    finally:
        set_source(previous)


# --- a deal in play ----------------------------------------------------------------------------


@dataclass
class Deal:
    seed: str
    label: str
    setup: dict[str, Any] = field(default_factory=dict)
    dealt: list[str] = field(default_factory=list)  # codes of the cards that left the deck, in order

    @property
    def commitment(self) -> str:
        return commitment(self.seed)

    def take(self, deck: list[Card], index: int = 0) -> Card:
        """The card at `index` of `deck` (the top by default), leaving the deck and noted."""
        card = deck.pop(index)
        self.dealt.append(card.code)
        return card

    def note(self, cards: list[Card]) -> None:
        """Cards laid out from the deck at once (a whole deal), in deck order."""
        self.dealt.extend(codes(cards))

    def public(self) -> dict[str, str]:
        """What a view shows while the deal is in play."""
        return {"label": self.label, "commitment": self.commitment}

    def named(self, revealed: bool) -> DealSeed:
        return DealSeed(label=self.label, commitment=self.commitment, seed=self.seed if revealed else None)

    def to_dict(self) -> dict[str, Any]:
        return {"seed": self.seed, "label": self.label, "setup": dict(self.setup), "dealt": list(self.dealt)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Deal:
        return cls(data["seed"], data["label"], dict(data.get("setup", {})), list(data.get("dealt", [])))


def new_deal(label: str, **setup: Any) -> Deal:
    return Deal(fresh_seed(), label, setup)


OLD_SCHEME = "old scheme: not verifiable"


def old_scheme_deal(seed: str, label: str, **setup: Any) -> Deal:
    """A deal saved by the version before these fair deals (seeded from the table's seed, never
    committed): kept so its cards play on exactly, labelled as not verifiable."""
    return Deal(seed, f"{label} ({OLD_SCHEME})", {**setup, "scheme": "old"})


def is_old_scheme(deal: Deal) -> bool:
    return deal.setup.get("scheme") == "old"


def committed(deal: Deal) -> Event:
    """The deal starts: its commitment goes on record (the runtime stores it for /verify)."""
    return Event("deal_committed", deal.public())


def revealed(deal: Deal) -> Event:
    """The deal is over: its seed and the cards that left its deck go on record."""
    return Event("deal_revealed", {**deal.public(), "seed": deal.seed, "setup": dict(deal.setup),
                                   "cards": list(deal.dealt)})


def reveal_in(records: list[dict[str, Any]], deal: Deal) -> None:
    """Fill `deal`'s seed into the history entries that name its commitment (`entry["deals"]`)."""
    for entry in records:
        for named in entry.get("deals", []):
            if named["commitment"] == deal.commitment:
                named["seed"] = deal.seed


def looks_like_seed(text: str) -> bool:
    """Cheap checks before any work: short, printable, no spaces."""
    return 0 < len(text) <= MAX_SEED_LENGTH and text.isprintable() and not any(c.isspace() for c in text)
