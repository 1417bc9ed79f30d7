"""Fair deals anyone can check, with any tool: the scheme `hmac-sha256-v1` (rules/fairness.md).

Every deal mixes a secret server seed, committed (its SHA-256 shown) before the players' seeds
for it are fixed, with the client string (the seated people's client seeds, in seat order) and
the deal's number at its table (the nonce). The shuffle is a public algorithm over an
HMAC-SHA256 byte stream, so a player can re-deal any finished deal in a few lines of any
language (docs/fairness.md, docs/verify_deal.py).

A table keeps a `Dealer` in its state (`state.fair`): the server seed of its *next* deal (its
commitment is always shown), the nonce of the last deal, and the client string in force (the
runtime writes it before every move, `set_client`). `Dealer.draw` makes a deal of an unshuffled
deck: it spends the committed seed, numbers the deal and commits the next seed at once. Every
shuffle inside a hand (a stock made again, a refill, a redeal) is a deal of its own.

`fresh_seed()` is the only non-deterministic step in `games/`; tests make it predictable with
`predictable(base)` (or `set_source`), never by touching game code.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from games.base import N_, DealSeed, Event, Plural, Text
from games.cards import KNIGHT, Card, card, codes, full_deck

SCHEME = "hmac-sha256-v1"
LEGACY_SCHEME = "python-random-v0"  # Random(seed) shuffles, before this scheme: checkable by /verify
SEED_BYTES = 32
MAX_SEED_LENGTH = 64  # longer text is not a seed this bot made: refused before any hashing
WORD = 2 ** 32
CANONICAL = {c.code: i for i, c in enumerate(full_deck())}  # the unshuffled order (minors W C S P, majors)
# The packs a game deals from (rules/fairness.md step 3: "keeping only the cards the game uses"):
# the whole tarot deck, or Loc's standard deck (the minors without Knights, and the Fool).
PACKS: dict[str, tuple[str, ...]] = {
    "tarot": tuple(c.code for c in full_deck()),
    "standard": tuple(c.code for c in full_deck() if (c.rank == 0 if c.is_major else c.rank != KNIGHT)),
}
MAX_DECKS = 8  # the most decks a record may say were in play (a shoe has at most 4 today)
PLAIN_NONCE = re.compile(r"[1-9][0-9]*")


def secret_seed() -> str:
    """A new server seed from the operating system's randomness: 64 hex digits."""
    return secrets.token_hex(SEED_BYTES)


_source: Callable[[], str] = secret_seed


def fresh_seed() -> str:
    """A server seed for a deal to come (secret until that deal is over)."""
    return _source()


_same_client_seed: str | None = None  # tests only: every person's client seed (`set_same_client_seed`)


def new_client_seed() -> str:
    """The client seed the bot gives a member who has not chosen one: 16 random hex digits."""
    return _same_client_seed or secrets.token_hex(8)


def set_same_client_seed(seed: str | None) -> str | None:
    """Tests: every person's client seed is `seed`, the bot's (`new_client_seed`) and the one a
    dealer assumes for a person the runtime gave none, so the rules alone deal as a table does.
    None: as in play. Returns the previous setting."""
    global _same_client_seed
    previous, _same_client_seed = _same_client_seed, seed
    return previous


def commitment(seed: str) -> str:
    """What the table shows while the seed is secret: the seed's SHA-256, in hex."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def set_source(source: Callable[[], str]) -> Callable[[], str]:
    """Where `fresh_seed` takes seeds from (tests); returns the previous source."""
    global _source
    previous, _source = _source, source
    return previous


class Predictable:
    """A test source: the SHA-256 (64 hex digits, as a real seed) of "<base>:1", "<base>:2", …"""

    def __init__(self, base: object) -> None:
        self.base = base
        self.count = 0

    def __call__(self) -> str:
        self.count += 1
        return hashlib.sha256(f"{self.base}:{self.count}".encode()).hexdigest()


@contextmanager
def predictable(base: object) -> Iterator[Predictable]:
    """Within the block, `fresh_seed()` returns `Predictable(base)`'s seeds (tests only)."""
    source = Predictable(base)
    previous = set_source(source)
    try:
        yield source
    finally:
        set_source(previous)


# --- the public algorithm (rules/fairness.md, steps 1-6) ---------------------------------------


class Stream:
    """The byte stream HMAC-SHA256(key=seed, msg="<client>:<nonce>:<counter>"), read as 4-byte
    big-endian words, and `uniform(n)` by rejection."""

    def __init__(self, seed: str, client: str, nonce: int | str) -> None:
        self.key = seed.encode("utf-8")
        self.prefix = f"{client}:{nonce}:"
        self.counter = 0
        self.words: list[int] = []

    def word(self) -> int:
        if not self.words:
            block = hmac.digest(self.key, f"{self.prefix}{self.counter}".encode(), "sha256")
            self.counter += 1
            self.words = [int.from_bytes(block[i:i + 4], "big") for i in range(28, -1, -4)]
        return self.words.pop()

    def uniform(self, n: int) -> int:
        """0 ≤ result < n, every value equally likely: words at or above the largest multiple
        of n below 2³² are discarded."""
        if n < 1:
            raise ValueError("uniform(n) needs n ≥ 1")
        limit = WORD - WORD % n
        while True:
            w = self.word()
            if w < limit:
                return w % n


    def permute(self, items: Sequence[Any]) -> list[Any]:
        """A new list: `items` in the Fisher–Yates order of this stream (step 5)."""
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = self.uniform(i + 1)
            result[i], result[j] = result[j], result[i]
        return result


def shuffled(deck: Sequence[Card], seed: str, client: str, nonce: int) -> list[Card]:
    """The unshuffled `deck` (upright) dealt by the scheme: ⌊n/2⌋ cards turned, then
    Fisher–Yates. Index 0 is the top."""
    stream = Stream(seed, client, nonce)
    n = len(deck)
    positions = list(range(n))
    for i in range(n // 2):
        j = i + stream.uniform(n - i)
        positions[i], positions[j] = positions[j], positions[i]
    turned = set(positions[:n // 2])
    return stream.permute([c.oriented(i in turned) for i, c in enumerate(deck)])


def canonical(gathered: Iterable[Card]) -> list[Card]:
    """Gathered cards put back in the canonical order, upright (a shuffle inside a hand)."""
    return sorted((c.face for c in gathered), key=lambda c: CANONICAL[c.code])


# --- a deal, and a table's dealer --------------------------------------------------------------


@dataclass
class Deal:
    seed: str
    label: str
    setup: dict[str, Any] = field(default_factory=dict)
    dealt: list[str] = field(default_factory=list)  # codes of the cards that left the deck, in order
    scheme: str = SCHEME
    client: str = ""  # the client string read when the deal was drawn
    nonce: int = 0  # the deal's number at its table
    deck: list[str] = field(default_factory=list)  # the unshuffled deck's codes
    pack: str = "tarot"  # the cards the game uses (PACKS)
    decks: int = 1  # how many of them are in play (a shoe's decks)
    gathered: bool = False  # a shuffle inside a hand: the deck is gathered cards, not whole packs

    @property
    def commitment(self) -> str:
        return commitment(self.seed)

    def take(self, deck: list[Card], index: int = 0) -> Card:
        """The card at `index` of `deck` (the top by default), leaving the deck and noted."""
        card_ = deck.pop(index)
        self.dealt.append(card_.code)
        return card_

    def note(self, cards_: list[Card]) -> None:
        """Cards laid out from the top of the deck at once (a whole deal), in deck order."""
        self.dealt.extend(codes(cards_))

    def public(self) -> dict[str, str]:
        """What a view shows while the deal is in play."""
        return {"label": self.label, "commitment": self.commitment}

    def named(self, revealed: bool) -> DealSeed:
        return DealSeed(label=self.label, commitment=self.commitment, seed=self.seed if revealed else None)

    def record(self) -> dict[str, Any]:
        """What anyone needs to check the deal once it is over (rules/fairness.md)."""
        return {"scheme": self.scheme, "seed": self.seed, "commitment": self.commitment, "client": self.client,
                "nonce": self.nonce, **self.make(), "deck": list(self.deck), "cards": list(self.dealt)}

    def make(self) -> dict[str, Any]:
        """How the unshuffled deck was made, which a checker rebuilds it from (`deck_problem`)."""
        return {"pack": self.pack, "decks": self.decks, "gathered": self.gathered}

    def to_dict(self) -> dict[str, Any]:
        return {"seed": self.seed, "label": self.label, "setup": dict(self.setup), "dealt": list(self.dealt),
                "scheme": self.scheme, "client": self.client, "nonce": self.nonce, "deck": list(self.deck),
                **self.make()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Deal:
        deck = list(data.get("deck", []))
        made = data if "gathered" in data else made_of(deck, int(data.get("setup", {}).get("decks", 1)))
        return cls(data["seed"], data["label"], dict(data.get("setup", {})), list(data.get("dealt", [])),
                   data.get("scheme", LEGACY_SCHEME), data.get("client", ""), int(data.get("nonce", 0)),
                   deck, str(made["pack"]), int(made["decks"]), bool(made["gathered"]))


@dataclass
class Dealer:
    """A table's deals: the server seed of the next one (committed, never redrawn), the number of
    the last one, and the people's client seeds as the runtime last read them (`set_clients`)."""

    next_seed: str
    nonce: int = 0
    # str(player id) -> client seed: the runtime's word before each move (the action log keeps it
    # where it changed), not part of the state: neither stored nor compared
    clients: dict[str, str] = field(default_factory=dict, compare=False)

    def client(self, seated: Iterable[int]) -> str:
        """The client string of a deal to `seated` (in seat order): the people's client seeds,
        joined with ","; computers (and anyone without one) add none."""
        seeds = (self.clients.get(str(p), _same_client_seed) for p in seated if p > 0)
        return ",".join(seed for seed in seeds if seed is not None)

    @property
    def next_commitment(self) -> str:
        return commitment(self.next_seed)

    def draw(self, label: str, seated: Iterable[int], pack: str = "tarot", decks: int = 1,
             gathered: Iterable[Card] | None = None, **setup: Any) -> tuple[Deal, list[Card]]:
        """The next deal to the players `seated` (seat order): the deal and its cards, top first.
        Its unshuffled deck (rules/fairness.md step 3) is `decks` whole `pack`s one after the
        other (a first deal, a shoe), or, for a shuffle inside a hand, the `gathered` cards in
        the canonical order. The seed committed for it is spent and the following one committed."""
        upright = canonical(gathered) if gathered is not None else cards_of(PACKS[pack] * decks)
        client = self.client(seated)
        seed, self.nonce, self.next_seed = self.next_seed, self.nonce + 1, fresh_seed()
        deal = Deal(seed, label, dict(setup), [], SCHEME, client, self.nonce, codes(upright), pack, decks,
                    gathered is not None)
        return deal, shuffled(upright, seed, client, self.nonce)

    def public(self) -> dict[str, Any]:
        """What a view shows of the next deal: its number and commitment."""
        return {"nonce": self.nonce + 1, "commitment": self.next_commitment}

    def to_dict(self) -> dict[str, Any]:
        return {"next_seed": self.next_seed, "nonce": self.nonce}

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Dealer:
        """A dealer as stored; a state from before this scheme gets one (its next seed fresh)."""
        if not data:
            return new_dealer()
        return cls(str(data["next_seed"]), int(data.get("nonce", 0)))


def new_dealer() -> Dealer:
    return Dealer(fresh_seed())


def set_clients(state: Any, clients: dict[int, str]) -> None:
    """The runtime's word, before a move: the client seeds of the people at the table now."""
    state.fair.clients = {str(p): seed for p, seed in clients.items()}


def redeal(record: dict[str, Any]) -> list[Card]:
    """A record's deck shuffled again by this scheme, top first (check it first: `problem`)."""
    return shuffled(cards_of(record["deck"]), record["seed"], record["client"], int(record["nonce"]))


def cards_of(codes_: Iterable[str]) -> list[Card]:
    return [card(code) for code in codes_]


def first_difference(record: dict[str, Any]) -> int | None:
    """1-based position of the first played card that is not the re-dealt one (None: they match)."""
    played = list(record["cards"])
    redealt = codes(redeal(record)[:len(played)])
    if len(redealt) < len(played):
        return len(redealt) + 1
    return next((i + 1 for i, (a, b) in enumerate(zip(redealt, played, strict=True)) if a != b), None)


# --- what a checker refuses before it re-deals (docs/verify_deal.py does the same) ---------------


def made_of(deck: Sequence[str], decks: int = 1) -> dict[str, Any]:
    """How a deck saved before deals said how it was made most likely was: whole packs (a first
    deal, a shoe) when it is exactly that, else cards gathered inside a hand from `decks` decks."""
    for name, codes_ in PACKS.items():
        whole, extra = divmod(len(deck), len(codes_))
        if whole and not extra and list(deck) == list(codes_) * whole:
            return {"pack": name, "decks": whole, "gathered": False}
    return {"pack": "tarot", "decks": decks, "gathered": True}


def problem(record: dict[str, Any]) -> str | None:
    """Why a record of this scheme cannot be a deal the bot made, before any re-dealing (None:
    it can): its fields, then its deck against the unshuffled deck rebuilt from `pack`, `decks`
    and `gathered` (rules/fairness.md step 3) — a deck of any other order would let whoever
    knows the seed put any cards on top."""
    if not isinstance(record.get("seed"), str) or commitment(record["seed"]) != record.get("commitment"):
        return Text(N_("the SHA-256 of the seed is not the commitment"))
    if not isinstance(record.get("client"), str):
        return Text(N_("the client string is missing"))
    nonce = record.get("nonce")
    plain = (type(nonce) is int and nonce >= 1) or (isinstance(nonce, str) and PLAIN_NONCE.fullmatch(nonce))
    if not plain:
        return Text(N_("the nonce must be a positive whole number written plainly (7, not \"07\" or \" 7\"): it is "
                       "{value}"), value=shown(nonce))
    played = record.get("cards")
    if not isinstance(played, list) or not played or not all(isinstance(c, str) for c in played):
        return Text(N_("the record names no card that left the deck"))
    return deck_problem(record)


def deck_problem(record: dict[str, Any]) -> str | None:
    """Why the record's deck is not the unshuffled deck its pack, decks and gathered say."""
    pack, decks, gathered, deck = (record.get(k) for k in ("pack", "decks", "gathered", "deck"))
    if pack not in PACKS:
        return Text(N_("the pack must be one of {packs}: it is {value}"), packs=", ".join(PACKS), value=shown(pack))
    if type(decks) is not int or not 1 <= decks <= MAX_DECKS:
        return Text(N_("the number of decks must be a whole number from 1 to {most}: it is {value}"), most=MAX_DECKS,
                    value=shown(decks))
    if type(gathered) is not bool or not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
        return Text(N_("the record does not say whether its deck is whole decks or gathered cards"))
    if not gathered:
        return _whole_problem(deck, list(PACKS[pack]) * decks, whole_decks(pack, decks))
    return _gathered_problem(deck, pack, decks)


def _whole_problem(deck: list[str], rebuilt: list[str], name: Text) -> str | None:
    if deck == rebuilt:
        return None
    at = next((i for i, (a, b) in enumerate(zip(deck, rebuilt, strict=False)) if a != b), min(len(deck), len(rebuilt)))
    if at == len(rebuilt) or at == len(deck):
        return Text(N_("the deck has {cards} cards; {name} in the canonical order have {rebuilt}"), cards=len(deck),
                    name=name, rebuilt=len(rebuilt))
    return Text(N_("the deck is not {name} in the canonical order: card {number} is {card}, the unshuffled deck has "
                   "{other} there"), name=name, number=at + 1, card=deck[at], other=rebuilt[at])


def _gathered_problem(deck: list[str], pack: str, decks: int) -> str | None:
    if not deck:
        return Text(N_("the gathered deck is empty"))
    strange = next((c for c in deck if c not in PACKS[pack]), None)
    if strange is not None:
        return Text(NOT_IN_PACK[pack], card=strange)
    code, count = Counter(deck).most_common(1)[0]
    if count > decks:
        return Plural(N_("{card} is in the gathered deck {times} times, more than the {n} deck in play"),
                      N_("{card} is in the gathered deck {times} times, more than the {n} decks in play"), decks,
                      card=code, times=count)
    order = [CANONICAL[c] for c in deck]
    at = next((i for i in range(1, len(order)) if order[i] < order[i - 1]), None)
    if at is not None:
        return Text(N_("the gathered cards are not in the canonical order: {card} comes after {before}"), card=deck[at],
                    before=deck[at - 1])
    return None


def shown(value: Any) -> str:
    """A record's value as its JSON text (what the member's file says), never a Python repr."""
    return json.dumps(value, ensure_ascii=False)


NOT_IN_PACK = {"tarot": N_("{card} is not an upright card of the tarot pack"),
               "standard": N_("{card} is not an upright card of the standard pack")}
WHOLE_DECKS = {"tarot": (N_("{n} whole tarot deck"), N_("{n} whole tarot decks")),
               "standard": (N_("{n} whole standard deck"), N_("{n} whole standard decks"))}
GATHERED_DECKS = {"tarot": (N_("{cards} gathered cards of {n} tarot deck"), N_("{cards} gathered cards of {n} tarot decks")),
                  "standard": (N_("{cards} gathered cards of {n} standard deck"),
                               N_("{cards} gathered cards of {n} standard decks"))}


def whole_decks(pack: str, decks: int) -> Text:
    """"1 whole tarot deck", "2 whole standard decks"."""
    return Plural(*WHOLE_DECKS[pack], decks)


def made_words(record: dict[str, Any]) -> Text:
    """The unshuffled deck a checked record was dealt from, in words."""
    decks = record["decks"]
    if record["gathered"]:
        return Plural(*GATHERED_DECKS[record["pack"]], decks, cards=len(record["deck"]))
    return Text(N_("{decks} ({cards} cards)"), decks=whole_decks(record["pack"], decks), cards=len(record["deck"]))


# --- events ------------------------------------------------------------------------------------


def committed(deal: Deal) -> Event:
    """The deal is drawn: its commitment goes on record (the runtime stores it for /verify)."""
    return Event("deal_committed", {**deal.public(), "nonce": deal.nonce})


def revealed(deal: Deal) -> Event:
    """The deal is over: its seed, client string, nonce, deck and cards go on record."""
    return Event("deal_revealed", {**deal.record(), "label": deal.label, "setup": dict(deal.setup)})


def stored_setup(data: dict[str, Any]) -> dict[str, Any]:
    """What the store keeps of a revealed deal beside its seed and cards (a legacy deal: its setup)."""
    if data.get("scheme", LEGACY_SCHEME) == LEGACY_SCHEME:
        return dict(data.get("setup", {}))
    return {**data.get("setup", {}), "scheme": data["scheme"], "client": data["client"], "nonce": data["nonce"],
            "pack": data["pack"], "decks": data["decks"], "gathered": data["gathered"], "deck": data["deck"]}


def reveal_in(records: list[dict[str, Any]], deal: Deal) -> None:
    """Fill `deal`'s seed into the history entries that name its commitment (`entry["deals"]`)."""
    for entry in records:
        for named in entry.get("deals", []):
            if named["commitment"] == deal.commitment:
                named["seed"] = deal.seed


def looks_like_seed(text: str) -> bool:
    """Cheap checks before any work: short, printable, no spaces."""
    return 0 < len(text) <= MAX_SEED_LENGTH and text.isprintable() and not any(c.isspace() for c in text)


def is_old_scheme(deal: Deal) -> bool:
    return deal.scheme != SCHEME
