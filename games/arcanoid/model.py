"""The state of an Arcanoid game and the card movements every rule shares: seats, commitments,
the deck and the discard pile, drawing back to the hand's limit, removal from play."""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field
from typing import Any

from games import fairness
from games.arcanoid.battle import (
    ABDICATION,
    FIELDS,
    JUDGMENT_FORM,
    TIER,
)
from games.base import N_, IllegalAction, Text, check_level, options_dict, require
from games.cards import Card, card, card_or_none, code_or_none, codes, from_codes

HAND_SIZE = 6
DAEMON_BASE = -100  # daemon seats are -101, -102, ... (computer players are -1 ... -9)
USA = -200  # the mechanical GAZA player
MAX_REFILLS = 3  # refills per round: a round cannot cycle the discard pile for ever (decided here)

VARIANTS = ("DRESDEN", "NASSAU", "KOBLENZ", "MALTA*", "WORMS*")
PLAYER, DAEMON, MECHANICAL = "player", "daemon", "usa"


@dataclass(frozen=True)
class Options:
    variant: str = "DRESDEN"
    gaza: bool = False
    rounds: int = 5
    reaction_seconds: int = 20  # a person notices the DM, reads whose commitment it is and answers (issue 20)
    bots: int = 0
    level: str = "normal"  # the computer players' strength: easy, normal or hard
    timer: int = 120

    def validate(self) -> None:
        check_level(self.level)
        require(self.variant in VARIANTS, N_('variant must be one of {choices}'), choices=', '.join(VARIANTS))
        require(isinstance(self.gaza, bool), N_("gaza must be true or false"))
        _check_int("rounds", self.rounds, 1, 20)
        _check_int("reaction_seconds", self.reaction_seconds, 2, 60)
        _check_int("bots", self.bots, 0, 9)
        _check_int("timer", self.timer, 0, 600)

    # The variants as flags (rules/arcanoid.md, "Variants").
    @property
    def nassau(self) -> bool:
        """Temperance binds its owner too and leaves only by a full move or a dry deck."""
        return self.variant != "DRESDEN"

    @property
    def secret_once(self) -> bool:
        return self.variant == "KOBLENZ"

    @property
    def magician_secret(self) -> bool:
        return self.variant == "MALTA*"

    @property
    def ace_completion(self) -> bool:
        return self.variant == "WORMS*"


def _check_int(name: str, value: Any, low: int, high: int) -> None:
    ok = isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
    require(ok, N_('{name} must be a whole number from {low} to {high}'), name=name, low=low, high=high)


@dataclass
class Commitment:
    """What one seat put down on one battlefield. A couple on two battlefields keeps its cards
    on the first; the second holds none and names the first in `linked`."""

    cards: list[Card]
    form: str
    order: int  # when it was made in the round (ties go to the earlier)
    secret: bool = False
    linked: str | None = None
    ace_open: bool = False  # WORMS*: an ace alone, which may still be completed once
    transmuted: str | None = None  # the code of the card the Magician carried

    @property
    def abdicated(self) -> bool:
        return TIER[self.form] == 0

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "cards": codes(self.cards)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Commitment:
        return cls(**{**data, "cards": from_codes(data["cards"])})


@dataclass
class Seat:
    player: int  # a Discord id, a computer (-1..-9), a daemon (-101..) or the USA (-200)
    kind: str = PLAYER
    master: int | None = None  # a daemon's master
    hand: list[Card] = field(default_factory=list)  # the USA's oldest card first
    visible: list[Card] = field(default_factory=list)  # Strength's two visible cards
    limit: int = HAND_SIZE
    fields: dict[str, Commitment] = field(default_factory=dict)
    finished: bool = False  # removed from play for the round
    chariot: Card | None = None
    reserve: list[Card] = field(default_factory=list)
    hermit: Card | None = None
    hermit_moves: int = 0
    devil: Card | None = None  # a daemon keeps its Devil while it plays
    secret_used: bool = False
    looks: list[dict[str, Any]] = field(default_factory=list)  # private: what this seat was shown
    shown: list[Card] = field(default_factory=list)  # the USA's cards turned up for everyone

    @property
    def controller(self) -> int:
        return self.master if self.kind == DAEMON else self.player  # type: ignore[return-value]

    @property
    def open_fields(self) -> list[str]:
        return [f for f in FIELDS if f not in self.fields]

    @property
    def complete(self) -> bool:
        return len(self.fields) == len(FIELDS)

    @property
    def in_play(self) -> bool:
        return not self.finished and not self.complete

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "kind": self.kind, "master": self.master, "hand": codes(self.hand),
                "visible": codes(self.visible), "limit": self.limit,
                "fields": {f: c.to_dict() for f, c in self.fields.items()}, "finished": self.finished,
                "chariot": code_or_none(self.chariot), "reserve": codes(self.reserve), "hermit": code_or_none(self.hermit),
                "hermit_moves": self.hermit_moves, "devil": code_or_none(self.devil),
                "secret_used": self.secret_used, "looks": [dict(look) for look in self.looks],
                "shown": codes(self.shown)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seat:
        return cls(
            player=data["player"], kind=data["kind"], master=data["master"], hand=from_codes(data["hand"]),
            visible=from_codes(data["visible"]), limit=data["limit"],
            fields={f: Commitment.from_dict(c) for f, c in data["fields"].items()},
            finished=data["finished"], chariot=card_or_none(data["chariot"]), reserve=from_codes(data["reserve"]),
            hermit=card_or_none(data["hermit"]), hermit_moves=data["hermit_moves"], devil=card_or_none(data["devil"]),
            secret_used=data["secret_used"], looks=[dict(look) for look in data["looks"]],
            shown=from_codes(data["shown"]))


@dataclass
class State:
    options: Options
    players: list[int]  # the people and computers at the table, in seat order
    round: int = 0
    seed: str = ""  # the secret seed of this round's deal
    deal: fairness.Deal | None = None  # the deck in use this round (the opening deal or a refill)
    spent: list[fairness.Deal] = field(default_factory=list)  # this round's emptied deals, revealed at its end
    fair: fairness.Dealer = field(default_factory=fairness.new_dealer)  # the next deal's committed seed
    seats: list[Seat] = field(default_factory=list)  # this round's seats in playing order
    turn: int = 0  # index in `seats` of the seat whose regular turn it is
    phase: str = "play"  # play, wheel, vote, window, over
    deck: list[Card] = field(default_factory=list)  # drawn from the top: the first
    discard: list[Card] = field(default_factory=list)
    aside: list[Card] = field(default_factory=list)  # Justice and Strength, set aside
    justice: list[Card] | None = None  # Justice's shared row, when out
    temperance: dict[str, Any] | None = None  # {"card", "owner", "field"}
    dry: bool = False  # the deck ran out during the current move
    no_refill: bool = False  # a refusal or Death: the deck stays empty this round
    refills: int = 0
    daemons: int = 0  # daemons raised this round
    sequence: int = 0  # commitments made this round
    windows: int = 0  # reaction windows opened in the game (each window's id)
    flow: dict[str, Any] = field(default_factory=dict)  # the move being concluded
    window: dict[str, Any] | None = None
    vote: dict[str, Any] | None = None
    choice: dict[str, Any] | None = None  # a further choice of the mover: the Wheel's discards, a call
    touched: list[str] = field(default_factory=list)  # battlefields anything was committed on
    reveal: dict[str, Any] | None = None  # the last cards shown to everyone (Hierophant, a call)
    log: list[str] = field(default_factory=list)  # this round's public moves
    results: list[dict[str, Any]] = field(default_factory=list)  # each round's winners, credited
    history: list[dict[str, Any]] = field(default_factory=list)  # finished rounds, seeds revealed
    winners: list[int] = field(default_factory=list)
    robots: list[int] = field(default_factory=list)  # people a computer plays for (left, or timed out twice)
    left: list[int] = field(default_factory=list)  # people who left the game: for good

    def seat(self, player: int) -> Seat | None:
        return next((s for s in self.seats if s.player == player), None)

    def to_dict(self) -> dict[str, Any]:
        plain = {k: v for k, v in self.__dict__.items()
                 if k not in ("options", "seats", "deck", "discard", "aside", "justice", "temperance",
                              "deal", "spent", "fair")}
        return {**copy.deepcopy(plain), "options": options_dict(self.options),
                "seats": [s.to_dict() for s in self.seats], "deck": codes(self.deck),
                "discard": codes(self.discard), "aside": codes(self.aside),
                "justice": None if self.justice is None else codes(self.justice),
                "temperance": None if self.temperance is None else dict(self.temperance),
                "deal": None if self.deal is None else self.deal.to_dict(),
                "spent": [d.to_dict() for d in self.spent], "fair": self.fair.to_dict()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        data = copy.deepcopy(data)
        if "deal" not in data:  # saved before rounds kept their deal: the deck was drawn from its end
            data["deck"] = list(reversed(data["deck"]))
            data["deal"] = fairness.Deal(data["seed"], f"round {data['round']}", {}, data.get("dealt", []),
                                         scheme=fairness.LEGACY_SCHEME).to_dict() if data.get("seed") else None
        data.pop("dealt", None)
        return cls(**{**data, "options": Options(**data["options"]),
                      "deal": fairness.Deal.from_dict(data["deal"]) if data.get("deal") else None,
                      "spent": [fairness.Deal.from_dict(d) for d in data.get("spent", [])],
                      "fair": fairness.Dealer.from_dict(data.get("fair")),
                      "seats": [Seat.from_dict(s) for s in data["seats"]], "deck": from_codes(data["deck"]),
                      "discard": from_codes(data["discard"]), "aside": from_codes(data["aside"]),
                      "justice": None if data["justice"] is None else from_codes(data["justice"])})


# --- where cards are -----------------------------------------------------------------------


def usable(state: State, seat: Seat) -> list[Card]:
    """The cards a seat may play from: its hand, Strength's visible cards, Justice's row."""
    return [*seat.hand, *seat.visible, *(state.justice or [])]


def find_cards(state: State, seat: Seat, wanted: list[Card], extra: list[Card] | None = None) -> list[Card]:
    """The seat's own cards matching `wanted` (upright faces), each used once; refused naming the
    first card the seat does not hold."""
    pool = [*(extra or []), *usable(state, seat)]
    found: list[Card] = []
    for face in wanted:
        match = next((c for c in pool if c.face == face), None)
        if match is None:
            raise IllegalAction(Text(N_("{code} is not in your hand (nor on the table for you)"), code=face.code)
                                if state.justice or seat.visible else Text(N_("{code} is not in your hand"), code=face.code))
        pool.remove(match)
        found.append(match)
    return found


def take(state: State, seat: Seat, taken: list[Card]) -> None:
    """Remove these exact cards from wherever the seat holds them."""
    for c in taken:
        for place in (seat.reserve, seat.hand, seat.visible, state.justice or []):
            if c in place:
                place.remove(c)
                break
        else:  # pragma: no cover - find_cards guarantees it
            raise RuntimeError(f"{c.code} vanished")


def draw(state: State, count: int) -> list[Card]:
    drawn: list[Card] = []
    while count > 0 and state.deck:
        drawn.append(state.deal.take(state.deck) if state.deal else state.deck.pop(0))
        count -= 1
        if not state.deck:
            state.dry = True
    return drawn


def top_up(state: State, seat: Seat) -> None:
    """Draw back to the hand's limit (a seat out of play draws nothing)."""
    if seat.in_play or (seat.kind == DAEMON and not seat.finished and not seat.complete):
        seat.hand += draw(state, seat.limit - len(seat.hand))


def refill_justice(state: State) -> None:
    if state.justice is not None and len(state.justice) < HAND_SIZE:
        state.justice += draw(state, HAND_SIZE - len(state.justice))


def throw(state: State, cards_: list[Card]) -> None:
    state.discard.extend(cards_)


def remove_from_play(state: State, seat: Seat) -> None:
    """A seat that has committed on all four battlefields: its cards go, its Hermit, Chariot
    and Temperance with them; a daemon's Devil goes when it is done."""
    seat.finished = True
    throw(state, seat.hand + seat.visible + seat.reserve)
    seat.hand, seat.visible, seat.reserve = [], [], []
    for attr in ("chariot", "hermit", "devil"):
        c = getattr(seat, attr)
        if c is not None:
            throw(state, [c])
            setattr(seat, attr, None)
    seat.hermit_moves = 0
    if state.temperance is not None and state.temperance["owner"] == seat.player:
        remove_temperance(state)


def remove_temperance(state: State) -> None:
    if state.temperance is not None:
        throw(state, [card(state.temperance["card"])])
        state.temperance = None


def abdicate(state: State, seat: Seat, field_: str, cards_: list[Card] | None = None,
             form: str = ABDICATION) -> None:
    seat.fields[field_] = Commitment(list(cards_ or []), form if cards_ else ABDICATION, next_order(state))
    if form == JUDGMENT_FORM:
        seat.fields[field_].form = JUDGMENT_FORM


def next_order(state: State) -> int:
    state.sequence += 1
    return state.sequence


def all_cards(state: State) -> list[Card]:
    """Every card of the round wherever it is (the invariant: 78, each once)."""
    found = [*state.deck, *state.discard, *state.aside, *(state.justice or [])]
    if state.temperance is not None:
        found.append(card(state.temperance["card"]))
    for seat in state.seats:
        found += seat.hand + seat.visible + seat.reserve
        found += [c for c in (seat.chariot, seat.hermit, seat.devil) if c is not None]
        for commitment in seat.fields.values():
            found += commitment.cards
    return found
