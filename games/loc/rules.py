"""Loc (rules/loc.md), the rules: a betting game of simultaneous hidden plays for one pot.

A hand: every player antes one bet, gets six cards, discards one face down (all at once, in
private), then five plays. In each play every player chooses a card in private; when the last
one has chosen, the cards are revealed together and `resolve` says who takes the pot (and
everyone refreshes it) or who is excused (and the others pay). The fifth play's highest card
takes the pot and the next hand starts within the same `apply`.

Chips move between players only: `chips_on_table` is the stacks plus the pot, and the pot is
always the sum of what each seat has put in since it was last taken (`Seat.in_pot`).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from games import base, fairness
from games.base import (
    HISTORY_HANDS,
    N_,
    Action,
    Event,
    HandRecord,
    IllegalAction,
    Plural,
    SeatSpec,
    Text,
    cashout,
    check_level,
    has_person,
    mention,
    require,
)
from games.cards import (
    STANDARD_STYLE,
    Card,
    CardParseError,
    card,
    card_name,
    card_or_none,
    cards,
    code_or_none,
    codes,
    major_name,
    parse_card,
)
from games.pots import pay_in

NAME = "loc"
MIN_SEATS = 3
MAX_SEATS = 10
CHIPS = True
HOUSE = False
JOIN_MID_GAME = True

DECKS = ("tarot", "standard")
POT_TRUMPS = ("all", "high")
SEATS = {"tarot": (3, 10), "standard": (3, 8)}
HAND_SIZE = 6
PLAYS = 5
REWARDING = 4  # the source: fewer players "will not be rewarding"
MIN_BUY_IN_BETS = 10
MAX_BUY_IN_BETS = 100
HIGH_TRUMPS = 15  # with pot_trumps=high, trumps 15-21 and the Fool take the pot
KNIGHT = 12
FOOL = 0

# Ties of rank are settled by suit: tarot Swords > Cups > Coins > Batons, standard Spades >
# Hearts > Diamonds > Clubs -- the same order, as cups are hearts and coins diamonds.
SUIT_ORDER = {"S": 3, "C": 2, "P": 1, "W": 0}
STANDARD_SUITS = {"S": "S", "H": "C", "D": "P", "C": "W"}  # standard letter -> tarot suit
STANDARD_LETTERS = {tarot: letter for letter, tarot in STANDARD_SUITS.items()}
STANDARD_RANKS = {1: "A", 11: "J", 13: "Q", 14: "K"}
# The majors' short names (a menu, a reveal): "Fool", "Empress" — the catalog's names without "The".
SHORT_MAJORS = (N_("Fool"), N_("Magician"), N_("High Priestess"), N_("Empress"), N_("Emperor"), N_("Hierophant"),
                N_("Lovers"), N_("Chariot"), N_("Strength"), N_("Hermit"), N_("Wheel of Fortune"), N_("Justice"),
                N_("Hanged Man"), N_("Death"), N_("Temperance"), N_("Devil"), N_("Tower"), N_("Star"), N_("Moon"),
                N_("Sun"), N_("Judgement"), N_("World"))
_STANDARD_CODE = re.compile(r"^(10|[2-9]|[AJQK])([SHDC])$", re.IGNORECASE)
_JOKER_WORDS = ("joker", "jk", "the joker", "fool", "the fool", "excuse", "0")


@dataclass(frozen=True)
class Options:
    bet: int = 10
    deck: str = "tarot"
    pot_trumps: str = "all"
    timer: int = 60
    bots: int = 0  # computer players seated at creation
    level: str = "normal"  # the computer players' strength: easy, normal or hard

    def validate(self) -> None:
        check_level(self.level)
        _check_int("bet", self.bet, 1, 100_000)
        _check_int("timer", self.timer, 0, 600)
        require(self.deck in DECKS, N_("deck must be tarot or standard"))
        require(self.pot_trumps in POT_TRUMPS, N_("pot_trumps must be all or high"))
        _check_int("bots", self.bots, 0, SEATS[self.deck][1] - 1)


def _check_int(name: str, value: Any, low: int, high: int) -> None:
    ok = isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
    require(ok, N_("{name} must be a whole number from {low} to {high}"), name=name, low=low, high=high)


# --- the cards and their order -------------------------------------------------------------


def deck_cards(deck: str) -> list[Card]:
    """The cards of a hand's deck, upright: all 78, or the standard 52 (no Knights) and the
    Fool as the Joker."""
    return fairness.cards_of(fairness.PACKS[deck])


def in_deck(c: Card, deck: str) -> bool:
    if deck == "standard":
        return c.rank == FOOL if c.is_major else c.rank != KNIGHT
    return True


def strength(c: Card) -> tuple[int, int, int]:
    """Higher is better: any trump above any suit card; trumps by number with the Fool above
    21; suit cards Ace, King, Queen, Knight, Page, 10 ... 2, then by suit."""
    if c.is_major:
        return 1, 22 if c.rank == FOOL else c.rank, 0
    return 0, c.poker_rank, SUIT_ORDER[c.suit]  # type: ignore[index]


def takes_pot(c: Card, deck: str = "tarot", pot_trumps: str = "all") -> bool:
    """Does this card have the power of a trump to take the pot (before any Ace)?"""
    if not c.is_major:
        return False
    if deck == "standard" or pot_trumps == "all":
        return True
    return c.rank == FOOL or c.rank >= HIGH_TRUMPS


def is_ace(c: Card) -> bool:
    return not c.is_major and c.rank == 1


def resolve(plays: Mapping[Any, Card | str], last: bool = False, deck: str = "tarot",
            pot_trumps: str = "all") -> tuple[Any, Any]:
    """The reveal of one play: (taker, excused), exactly one of them a seat of `plays`, the
    other None. On the `last` (fifth) play the highest card always takes the pot."""
    if not plays:
        raise ValueError("a reveal needs at least one card")
    shown = {seat: card(c) if isinstance(c, str) else c for seat, c in plays.items()}
    for c in shown.values():
        if not in_deck(c, deck):
            raise ValueError(f"{c.code} is not in the {deck} deck")

    def best(seats: list[Any]) -> Any:
        return max(seats, key=lambda seat: strength(shown[seat]))

    everyone = list(shown)
    if last:
        return best(everyone), None
    trumps = [s for s in everyone if takes_pot(shown[s], deck, pot_trumps)]
    if trumps:
        return best(trumps), None
    aces = [s for s in everyone if is_ace(shown[s])]
    if aces:
        return best(aces), None
    return None, best(everyone)


# --- notation per deck ---------------------------------------------------------------------


def card_style(deck: str, tarot_style: str = "rws") -> str:
    """How the deck's cards are drawn: a standard deck as standard cards (J Q K, the Joker)."""
    return STANDARD_STYLE if deck == "standard" else tarot_style


def deck_code(c: Card, deck: str) -> str:
    """What players of this deck type: tarot notation (`KC`, `3`), or standard notation
    (`KH` for the King of Hearts, `JS` the Jack of Spades, `Joker`)."""
    if deck != "standard":
        return c.face.code
    if c.is_major:
        return "Joker"
    return STANDARD_RANKS.get(c.rank, str(c.rank)) + STANDARD_LETTERS[c.suit]  # type: ignore[index]


def card_label(c: Card, deck: str) -> Text:
    """A short name for logs and menus, marked: `King of Cups`, `Fool`, `Empress`; standard
    tables `Jack of Spades`, `Joker`."""
    style = STANDARD_STYLE if deck == "standard" else "rws"
    if c.is_major:
        return major_name(FOOL, style) if deck == "standard" else Text(SHORT_MAJORS[c.rank])
    return card_name(c.face, style, orientation=False)  # type: ignore[return-value]


def read_card(text: Any, deck: str) -> Card:
    """The card a player means (upright); standard tables read standard notation first."""
    require(isinstance(text, str) and bool(text.strip()), N_("name a card, e.g. KC or 7S"))
    raw = text.strip()
    if deck == "standard":
        if raw.lower() in _JOKER_WORDS:
            return Card(None, FOOL)
        match = _STANDARD_CODE.match(raw)
        if match:
            rank_text, letter = match.groups()
            rank = {"A": 1, "J": 11, "Q": 13, "K": 14}.get(rank_text.upper()) or int(rank_text)
            return Card(STANDARD_SUITS[letter.upper()], rank)
    try:
        return parse_card(raw).face
    except CardParseError as error:
        raise IllegalAction(error.text) from None


# --- the state -----------------------------------------------------------------------------


@dataclass
class Seat:
    player: int
    stack: int
    in_pot: int = 0  # chips put in the pot since it was last taken
    start_stack: int = 0  # the stack before this hand's ante
    in_hand: bool = False
    folded: bool = False
    leaving: bool = False
    sitting_out: bool = False
    cards: list[Card] = field(default_factory=list)
    discard: Card | None = None
    choice: Card | None = None
    played: list[Card] = field(default_factory=list)

    @property
    def active(self) -> bool:
        return self.in_hand and not self.folded

    def clear_hand(self) -> None:
        self.in_hand = self.folded = False
        self.cards, self.played = [], []
        self.discard = self.choice = None

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "stack": self.stack, "in_pot": self.in_pot,
                "start_stack": self.start_stack, "in_hand": self.in_hand, "folded": self.folded,
                "leaving": self.leaving, "sitting_out": self.sitting_out, "cards": codes(self.cards),
                "discard": code_or_none(self.discard), "choice": code_or_none(self.choice), "played": codes(self.played)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seat:
        return cls(**{**data, "cards": cards(data["cards"]), "discard": card_or_none(data["discard"]),
                      "choice": card_or_none(data["choice"]), "played": cards(data["played"])})


@dataclass
class State:
    options: Options
    seats: list[Seat]
    hand: int = 0  # hands dealt so far; the current one while a hand is on
    deal: fairness.Deal | None = None  # the hand in play's secret seed and cards dealt
    phase: str = "waiting"  # waiting (for players), discard, play
    play: int = 0  # 1-5 in the play phase
    reveals: list[dict[str, Any]] = field(default_factory=list)  # this hand's, public
    last_round: dict[str, Any] | None = None  # the finished hand's final public view
    history: list[dict[str, Any]] = field(default_factory=list)  # the last hands, hidden cards included
    fair: fairness.Dealer = field(default_factory=fairness.new_dealer)  # the next deal's committed seed

    @property
    def pot(self) -> int:
        return sum(s.in_pot for s in self.seats)


def new(options: Options, seats: list[SeatSpec], fair: fairness.Dealer | None = None,
        opening: list[Event] | None = None) -> State:
    options.validate()
    low, high = seat_range(options)
    seats_text = N_("a standard Loc table seats {low} to {high} players") if options.deck == "standard" \
        else N_("a tarot Loc table seats {low} to {high} players")
    require(low <= len(seats) <= high, seats_text, low=low, high=high)
    players = [spec.player for spec in seats]
    require(len(set(players)) == len(players), N_("a player can only sit once at a table"))
    for spec in seats:
        require(isinstance(spec.stack, int) and spec.stack >= 0, N_("a stack cannot be negative"))
    state = State(options, [Seat(spec.player, spec.stack) for spec in seats], fair=fair or fairness.new_dealer())
    _next_hand(state, [] if opening is None else opening)
    return state


def to_dict(state: State) -> dict[str, Any]:
    return {"options": base.options_dict(state.options),
            "seats": [s.to_dict() for s in state.seats], "hand": state.hand,
            "deal": state.deal.to_dict() if state.deal else None, "phase": state.phase,
            "play": state.play, "reveals": copy.deepcopy(state.reveals),
            "last_round": copy.deepcopy(state.last_round), "history": copy.deepcopy(state.history),
            "fair": state.fair.to_dict()}


def from_dict(data: dict[str, Any]) -> State:
    return State(Options(**data["options"]), [Seat.from_dict(s) for s in data["seats"]],
                 data["hand"], fairness.Deal.from_dict(data["deal"]) if data.get("deal") else None, data["phase"], data["play"], copy.deepcopy(data["reveals"]),
                 copy.deepcopy(data["last_round"]), copy.deepcopy(data.get("history", [])),
                 fairness.Dealer.from_dict(data.get("fair")))


def seat_range(options: Options) -> tuple[int, int]:
    return SEATS.get(options.deck, (MIN_SEATS, MAX_SEATS))


def buy_in_range(options: Options) -> tuple[int, int]:
    """A stack covers at least 10 bets (the five of a hand, twice) and at most 100."""
    return MIN_BUY_IN_BETS * options.bet, MAX_BUY_IN_BETS * options.bet


def chips_on_table(state: State) -> int:
    return sum(s.stack + s.in_pot for s in state.seats)


def round_to_settle(state: State) -> int | None:
    """The hand being discarded or played: ending the table plays it out (lowest cards)."""
    return state.hand if state.phase in ("discard", "play") else None


def refunds(state: State) -> dict[int, int]:
    """Once no hand is left to settle: each gets back what they put in the pot not yet taken
    (a pot carried over, or the ante of a hand dealt within the closing transaction)."""
    return {s.player: s.stack + s.in_pot for s in state.seats}


def players(state: State) -> list[int]:
    return [s.player for s in state.seats]


def is_over(state: State) -> bool:
    return False


def find_seat(state: State, player: int) -> Seat | None:
    return base.find_seat(state.seats, player)


def seated(state: State, player: int) -> Seat:
    return base.seat_of(state.seats, player)


def active_seats(state: State) -> list[Seat]:
    return [s for s in state.seats if s.active]


def pending(state: State) -> list[int]:
    """Who the current step waits on: players yet to discard, or yet to choose this play."""
    if state.phase == "discard":
        return [s.player for s in active_seats(state) if s.discard is None]
    if state.phase == "play":
        return [s.player for s in active_seats(state) if s.choice is None]
    return []


def step_key(state: State) -> str:
    """One key per discard and per play: a choice does not stale the others' menus."""
    if state.phase == "discard":
        return f"h{state.hand}-d"
    if state.phase == "play":
        return f"h{state.hand}-p{state.play}"
    return f"h{state.hand}-w"


def lowest(hand: list[Card]) -> Card:
    return min(hand, key=strength)


def default_action(state: State, player: int) -> Action:
    """The timer's move: the lowest card goes (discarded, or played)."""
    seat = seated(state, player)
    kind = "discard" if state.phase == "discard" else "play"
    require(bool(seat.cards), N_("you have no cards"))
    return {"type": kind, "card": deck_code(lowest(seat.cards), state.options.deck)}


# --- hands ---------------------------------------------------------------------------------


def _next_hand(state: State, events: list[Event]) -> bool:
    """Seats with no chips leave; with enough players left the next hand is dealt (True)."""
    for seat in [s for s in state.seats if s.stack == 0]:
        state.seats.remove(seat)
        events += [Event("left", {"player": seat.player, "reason": "no chips"}), cashout(seat.player, 0)]
    for seat in state.seats:
        seat.clear_hand()
    state.reveals, state.play = [], 0
    dealt = [s for s in state.seats if not s.sitting_out]
    low = seat_range(state.options)[0]
    if len(dealt) < low or not has_person(s.player for s in dealt):  # computers never play on alone
        state.phase = "waiting"
        events.append(Event("waiting", {"need": low, "have": len(dealt),
                                        "person": has_person(s.player for s in dealt)}))
        return False
    _deal(state, dealt, events)
    return True


def _deal(state: State, dealt: list[Seat], events: list[Event]) -> None:
    state.hand += 1
    state.phase = "discard"
    deal, deck = state.fair.draw(f"hand {state.hand}", [s.player for s in dealt], pack=state.options.deck)
    state.deal = deal
    deal.note(deck[:HAND_SIZE * len(dealt)])
    events.append(fairness.committed(deal))
    for i, seat in enumerate(dealt):
        seat.in_hand = True
        seat.start_stack = seat.stack
        seat.cards = deck[i::len(dealt)][:HAND_SIZE]  # one at a time round the table
        _pay(seat, state.options.bet)
    events.append(Event("dealt", {"hand": state.hand, "players": [s.player for s in dealt],
                                  "ante": state.options.bet, "pot": state.pot}))


def _pay(seat: Seat, bet: int) -> int:
    """One bet into the pot, or all the seat has when short (it stays in the hand)."""
    paid = pay_in(seat.stack, bet)
    seat.stack -= paid
    seat.in_pot += paid
    return paid


def _take_pot(state: State, seat: Seat) -> int:
    won = state.pot
    for s in state.seats:
        s.in_pot = 0
    seat.stack += won
    return won


def _reveal(state: State, events: list[Event]) -> None:
    """Every chosen card face up at once, the pot taken or the others paying."""
    seats = active_seats(state)
    last = state.play == PLAYS
    taker, excused = resolve({s.player: s.choice for s in seats}, last,  # type: ignore[misc]
                             state.options.deck, state.options.pot_trumps)
    shown = [{"player": s.player, "card": s.choice.code} for s in seats]  # type: ignore[union-attr]
    for seat in seats:
        seat.cards.remove(seat.choice)  # type: ignore[arg-type]
        seat.played.append(seat.choice)  # type: ignore[arg-type]
        seat.choice = None
    took = 0
    if taker is not None:
        took = _take_pot(state, seated(state, taker))
        payers = [] if last else seats
    else:
        payers = [s for s in seats if s.player != excused]
    paid = [{"player": s.player, "amount": _pay(s, state.options.bet)} for s in payers]
    record = {"play": state.play, "last": last, "cards": shown, "taker": taker, "excused": excused,
              "took": took, "paid": paid, "pot": state.pot}
    state.reveals.append(record)
    events.append(Event("revealed", {"hand": state.hand, "deck": state.options.deck, **copy.deepcopy(record)}))
    if last:
        _end_hand(state, events)
    else:
        state.play += 1


def _end_hand(state: State, events: list[Event], walkover: dict[str, int] | None = None) -> None:
    """Results, the final picture kept for display, the hand remembered, leavers cashed out,
    the next hand."""
    if state.pot:  # a hand cut short with nobody left in it: the pot goes back
        for seat in state.seats:
            seat.stack += seat.in_pot
            seat.in_pot = 0
    results = [{"player": s.player, "net": s.stack - s.start_stack} for s in state.seats if s.in_hand]
    state.phase = "settled"
    state.last_round = {**view(state, None), "results": copy.deepcopy(results), "last_round": None}
    _remember(state, results, walkover)
    events.append(Event("settled", {"round": state.hand, "results": results}))
    if state.deal is not None:
        events.append(fairness.revealed(state.deal))
        state.deal = None
    for seat in [s for s in state.seats if s.leaving]:
        state.seats.remove(seat)
        events += [Event("left", {"player": seat.player}), cashout(seat.player, seat.stack)]
    events.append(Event("round_open", {"round": state.hand + 1}))
    _next_hand(state, events)


def _after_fold(state: State, events: list[Event]) -> None:
    """With one player left in the hand, that player takes the pot and the hand ends;
    otherwise the step may now be complete."""
    left = active_seats(state)
    if len(left) <= 1:
        walkover = None
        if left:
            walkover = {"player": left[0].player, "took": _take_pot(state, left[0])}
            events.append(Event("walkover", dict(walkover)))
        _end_hand(state, events, walkover)
        return
    _advance(state, events)


def _advance(state: State, events: list[Event]) -> None:
    if pending(state):
        return
    if state.phase == "discard":
        state.phase, state.play = "play", 1
        events.append(Event("plays_open", {"hand": state.hand, "play": 1}))
    elif state.phase == "play":
        _reveal(state, events)


# --- actions -------------------------------------------------------------------------------


def _in_hand(state: State, player: int) -> Seat:
    seat = seated(state, player)
    require(state.phase in ("discard", "play"),
            N_("no hand is on: Loc needs {need} players with chips to deal"), need=seat_range(state.options)[0])
    require(seat.in_hand, N_("you are not in this hand: you are dealt in from the next one"))
    require(not seat.folded, N_("you left this hand; your chips follow you at its end"))
    return seat


def _own_card(state: State, seat: Seat, raw: Any) -> Card:
    deck = state.options.deck
    wanted = read_card(raw, deck)
    shown = deck_code(wanted, deck)
    for c in seat.cards:
        if c.face == wanted:
            return c
    if any(c.face == wanted for c in seat.played):
        raise IllegalAction(Text(N_("{card} was already played this hand"), card=shown))
    if seat.discard is not None and seat.discard.face == wanted:
        raise IllegalAction(Text(N_("{card} is your discard: it is out of the hand"), card=shown))
    raise IllegalAction(Text(N_("{card} is not in your hand"), card=shown))


def _discard(state: State, player: int, action: Action) -> list[Event]:
    seat = _in_hand(state, player)
    require(state.phase == "discard", N_("the discard is over: play a card with /loc play"))
    require(seat.discard is None, N_("you have already discarded this hand"))
    chosen = _own_card(state, seat, action.get("card"))
    seat.cards.remove(chosen)
    seat.discard = chosen
    waited = active_seats(state)
    done = sum(1 for s in waited if s.discard is not None)
    events = [Event("discarded", {"player": player, "done": done, "of": len(waited)})]
    _advance(state, events)
    return events


def _play(state: State, player: int, action: Action) -> list[Event]:
    seat = _in_hand(state, player)
    if state.phase == "discard":
        require(seat.discard is not None, N_("discard a card first: you hold six (/loc discard)"))
        raise IllegalAction(Text(N_("the first play opens when everyone has discarded ({waiting} still to discard)"),
                                 waiting=len(pending(state))))
    require(seat.choice is None, N_("you have already chosen your card for this play; "
                                    "it is revealed when everyone has chosen"))
    seat.choice = _own_card(state, seat, action.get("card"))
    waited = active_seats(state)
    done = sum(1 for s in waited if s.choice is not None)
    events = [Event("chosen", {"player": player, "play": state.play, "done": done, "of": len(waited)})]
    _advance(state, events)
    return events


def _join(state: State, player: int, action: Action) -> list[Event]:
    require(find_seat(state, player) is None, N_("you are already seated at this table"))
    high = seat_range(state.options)[1]
    require(len(state.seats) < high, N_("the table is full ({seats} seats)"), seats=high)
    stack = action.get("stack")
    low = buy_in_range(state.options)[0]
    ok = isinstance(stack, int) and not isinstance(stack, bool) and stack >= low
    require(ok, N_("the buy-in at this table is at least {low} chips (10 bets)"), low=low)
    state.seats.append(Seat(player, stack))
    events = [Event("joined", {"player": player, "stack": stack})]
    _deal_if_waiting(state, events)
    return events


def _leave(state: State, player: int, action: Action) -> list[Event]:
    seat = seated(state, player)
    require(not seat.leaving, N_("you are already leaving at the end of this hand"))
    if not seat.active:
        state.seats.remove(seat)
        return [Event("left", {"player": player}), cashout(player, seat.stack + seat.in_pot)]
    # Leaving mid-hand folds: the cards go out unseen, the chips in the pot stay there.
    seat.leaving, seat.folded, seat.choice = True, True, None
    events = [Event("leaving", {"player": player})]
    _after_fold(state, events)
    return events


def _sitout(state: State, player: int, action: Action) -> list[Event]:
    seat = seated(state, player)
    require(not seat.sitting_out, N_("you are already sitting out"))
    seat.sitting_out = True
    return [Event("sitout", {"player": player, "from_next_hand": seat.active})]


def _sitin(state: State, player: int, action: Action) -> list[Event]:
    seat = seated(state, player)
    require(seat.sitting_out, N_("you are not sitting out"))
    seat.sitting_out = False
    events = [Event("sitin", {"player": player})]
    _deal_if_waiting(state, events)
    return events


def _deal_if_waiting(state: State, events: list[Event]) -> None:
    """A table waiting for players deals as soon as it has enough: a new table message."""
    if state.phase == "waiting" and _next_hand(state, events):
        events.append(Event("round_open", {"round": state.hand}))


HANDLERS: dict[str, Callable[[State, int, Action], list[Event]]] = {
    "discard": _discard, "play": _play, "join": _join, "leave": _leave, "sitout": _sitout,
    "sitin": _sitin,
}


def apply(state: State, player: int, action: Action) -> list[Event]:
    """Play one action; IllegalAction (state untouched) when it is refused. Every check runs
    before the first change."""
    ok = isinstance(action, dict) and isinstance(action.get("type"), str)
    require(ok, N_("an action needs a type"))
    handler = HANDLERS.get(action["type"])
    if handler is None:
        raise IllegalAction(Text(N_("Loc has no action {action}"), action=repr(action["type"])))
    return handler(state, player, action)


def legal_actions(state: State, player: int) -> list[Action]:
    seat = find_seat(state, player)
    if seat is None:
        high = seat_range(state.options)[1]
        return [{"type": "join"}] if len(state.seats) < high else []
    deck = state.options.deck
    actions: list[Action] = []
    if seat.active and state.phase == "discard" and seat.discard is None:
        actions += [{"type": "discard", "card": deck_code(c, deck)} for c in seat.cards]
    if seat.active and state.phase == "play" and seat.choice is None:
        actions += [{"type": "play", "card": deck_code(c, deck)} for c in seat.cards]
    if not seat.leaving:
        actions.append({"type": "leave"})
    actions.append({"type": "sitin"} if seat.sitting_out else {"type": "sitout"})
    return actions


# --- what players see ----------------------------------------------------------------------


def _seat_view(state: State, seat: Seat) -> dict[str, Any]:
    return {"player": seat.player, "stack": seat.stack, "in_pot": seat.in_pot,
            "in_hand": seat.in_hand, "folded": seat.folded, "leaving": seat.leaving,
            "sitting_out": seat.sitting_out, "cards_left": _cards_left(state, seat),
            "played": codes(seat.played)}


def _cards_left(state: State, seat: Seat) -> int:
    """Counted from the step, not the hand: who has already discarded stays unknown."""
    if not seat.active:
        return 0
    return HAND_SIZE - (0 if state.phase == "discard" else 1) - len(seat.played)


def _own_view(state: State, seat: Seat) -> dict[str, Any]:
    can = None
    if seat.active and state.phase == "discard" and seat.discard is None:
        can = "discard"
    elif seat.active and state.phase == "play" and seat.choice is None:
        can = "play"
    return {"player": seat.player, "cards": codes(seat.cards), "discard": code_or_none(seat.discard),
            "choice": code_or_none(seat.choice), "can": can}


def view(state: State, player: int | None = None) -> dict[str, Any]:
    """The table as `player` (None: anyone) may see it. Hands, discards and chosen cards are
    only in the player's own `me`; the public part says how many have chosen, never who."""
    waited = active_seats(state)
    if state.phase == "discard":
        done = sum(1 for s in waited if s.discard is not None)
    elif state.phase == "play":
        done = sum(1 for s in waited if s.choice is not None)
    else:
        done = 0
    seat = find_seat(state, player) if player is not None else None
    return {
        "game": NAME, "deck": state.options.deck, "bet": state.options.bet,
        "pot_trumps": state.options.pot_trumps, "phase": state.phase,
        "round": state.hand + (1 if state.phase == "waiting" else 0), "hand": state.hand,
        "play": state.play or None, "plays": PLAYS, "pot": state.pot, "done": done,
        "waited": len(waited), "in_hand": sum(1 for s in state.seats if s.in_hand),
        "need": seat_range(state.options)[0],
        "seats": [_seat_view(state, s) for s in state.seats],
        "reveals": copy.deepcopy(state.reveals), "results": None,
        "last_round": copy.deepcopy(state.last_round),
        "me": _own_view(state, seat) if seat is not None else None,
        "commitments": [d.public() for d in deals_in_play(state)],
    }


def deals_in_play(state: State) -> list[fairness.Deal]:
    return [state.deal] if state.deal else []


def reveal_line(record: dict[str, Any], deck: str, name: Callable[[int], str]) -> Text:
    """One play in words, every card shown, then what it did, marked:
    "<a>: 7S, <b>: 0 — <b>'s Fool takes 40; everyone refreshes the pot" (the colon keeps
    "Computer 1: 21" from reading as one number)."""
    played = listed([f"{{p{i}}}: {_written([c['card']], deck)}" for i, c in enumerate(record["cards"])],
                    {f"p{i}": name(c["player"]) for i, c in enumerate(record["cards"])})
    return Text(N_("{cards} — {outcome}"), cards=played, outcome=_outcome_line(record, deck, name))


def listed(parts: list[str], params: dict[str, Any], separator: str = ", ") -> Text:
    """Parts joined in a template of their own (no catalog has it: it holds codes and numbers),
    whose names (`{p0}`…, Texts for a computer) are still said in the reader's language."""
    return Text(separator.join(parts), **params)


def _outcome_line(record: dict[str, Any], deck: str, name: Callable[[int], str]) -> Text:
    shown = {c["player"]: card(c["card"]) for c in record["cards"]}
    if record["taker"] is not None:
        who = record["taker"]
        taken = N_("{player}'s {card} takes {took}; the hand is over") if record["last"] \
            else N_("{player}'s {card} takes {took}; everyone refreshes the pot")
        return Text(taken, player=name(who), card=card_label(shown[who], deck), took=record["took"])
    who = record["excused"]
    amounts = {p["amount"] for p in record["paid"]}
    if len(amounts) > 1:
        pays = Text(N_("the others pay {amount} in all"), amount=sum(p["amount"] for p in record["paid"]))
    elif len(record["paid"]) == 1:
        pays = Text(N_("the other pays {amount}"), amount=amounts.pop())
    else:
        pays = Text(N_("the others pay {amount} each"), amount=amounts.pop() if amounts else 0)
    return Text(N_("{player}'s {card} is highest: excused; {pays}"), player=name(who),
                card=card_label(shown[who], deck), pays=pays)


# --- /history ------------------------------------------------------------------------------


def _remember(state: State, results: list[dict[str, Any]], walkover: dict[str, int] | None) -> None:
    """The hand for /history, every seat's cards included; `history` hides what a player may
    not see. The plays' cards are each seat's `played` in order, so a play keeps only its outcome."""
    nets = {r["player"]: r["net"] for r in results}
    seats = [{"player": s.player, "ante": pay_in(s.start_stack, state.options.bet), "discard": code_or_none(s.discard),
              "played": codes(s.played), "unplayed": codes(s.cards), "left": s.folded, "net": nets[s.player]}
             for s in state.seats if s.in_hand]
    plays = [{key: copy.deepcopy(r[key]) for key in ("taker", "excused", "took", "paid")} for r in state.reveals]
    named = [state.deal.named(revealed=True)] if state.deal else []
    entry = {"hand": state.hand, "deals": named, "seats": seats, "plays": plays,
             "walkover": walkover}
    state.history = [*state.history, entry][-HISTORY_HANDS:]


def history(state: State, player: int) -> list[HandRecord]:
    """The last hands `player` was dealt into, oldest first, as they may see them: their own
    six cards and discard; of the others only the cards revealed in the plays (a discard and
    the cards of a player who left the hand stay hidden)."""
    deck = state.options.deck
    return [_hand_record(entry, player, deck) for entry in state.history
            if any(s["player"] == player for s in entry["seats"])]


def _hand_record(entry: dict[str, Any], player: int, deck: str) -> HandRecord:
    mine = next(s for s in entry["seats"] if s["player"] == player)
    others = [_shown_cards_line(s, deck) for s in entry["seats"] if s["player"] != player]
    net = mine["net"]
    result = Plural(N_("{n:+} chip"), N_("{n:+} chips"), net) if net else Text(N_("0 chips (even)"))
    return {"hand": entry["hand"], "deals": copy.deepcopy(entry["deals"]), "cards": [_own_cards_line(mine, deck), *others],
            "actions": _action_lines(entry, deck), "result": result}


def _written(codes_: list[str], deck: str) -> str:
    """Cards in the table's notation, orientation kept: `KC 16r`, standard `KH 10Dr Joker`."""
    return " ".join(deck_code(c, deck) + ("r" if c.reversed else "") for c in cards(codes_))


def _own_cards_line(seat: dict[str, Any], deck: str) -> Text:
    played = _written(seat["played"], deck)
    parts = [Text(N_("You: {cards}"), cards=played) if played else Text(N_("You: no card played"))]
    if seat["unplayed"]:
        parts.append(Text(N_("not played {cards}"), cards=_written(seat["unplayed"], deck)))
    if seat["discard"] is not None:
        parts.append(Text(N_("discarded {cards}"), cards=_written([seat["discard"]], deck)))
    return listed([f"{{p{i}}}" for i in range(len(parts))], {f"p{i}": part for i, part in enumerate(parts)}, " · ")


def _shown_cards_line(seat: dict[str, Any], deck: str) -> Text:
    played = _written(seat["played"], deck)
    line = Text(N_("{player}: {cards}"), player=mention(seat["player"]), cards=played) if played \
        else Text(N_("{player}: no card shown"), player=mention(seat["player"]))
    return Text(N_("{line} · left the hand"), line=line) if seat["left"] else line


def _action_lines(entry: dict[str, Any], deck: str) -> list[str]:
    """Antes, then each play as revealed with its outcome; who left the hand goes after the
    last play they showed a card in."""
    seats = entry["seats"]
    lines: list[str] = [_ante_line(seats)]
    for number in range(len(entry["plays"]) + 1):
        lines += [Text(N_("{player} leaves the hand"), player=mention(s["player"])) for s in seats
                  if s["left"] and len(s["played"]) == number]
        if number < len(entry["plays"]):
            lines.append(_play_line(entry, number, deck))
    if entry["walkover"] is not None:
        lines.append(Text(N_("{player} takes {took}: everyone else left the hand"),
                          player=mention(entry["walkover"]["player"]), took=entry["walkover"]["took"]))
    return lines


def _ante_line(seats: list[dict[str, Any]]) -> Text:
    antes = {s["ante"] for s in seats}
    players = {f"p{i}": mention(s["player"]) for i, s in enumerate(seats)}
    if len(antes) == 1:
        return Text(N_("{players} ante {amount} each"), players=listed(list(map("{{{}}}".format, players)), players),
                    amount=antes.pop())
    return Text(N_("Antes: {antes}"), antes=listed([f"{{p{i}}} {s['ante']}" for i, s in enumerate(seats)], players))


def _play_line(entry: dict[str, Any], number: int, deck: str) -> Text:
    shown = [{"player": s["player"], "card": s["played"][number]} for s in entry["seats"]
             if len(s["played"]) > number]
    outcome = {**entry["plays"][number], "cards": shown, "last": number == PLAYS - 1}
    return Text(N_("Play {number}: {reveal}"), number=number + 1, reveal=reveal_line(outcome, deck, mention))
