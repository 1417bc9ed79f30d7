"""Major Poker (rules/poker.md): no-limit hold'em (2-10 seats) and five-card draw (2-8 seats)
with the 78-card deck, played hand after hand at a table whose chips move only between
players.

A hand: the button moves, the blinds are posted, hole cards are dealt (upright: a player's
cards are theirs to turn), then the streets — hold'em: preflop, flop, turn, river; draw:
predraw, draw, postdraw — and the showdown, all within the `apply` of the move that ends the
last betting round. The next hand is dealt at once; players out of chips leave the table.
Betting lives in games/betting.py, pots in games/pots.py, hand values in games/poker/hands.py.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from games import base, fairness, pots
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
    mention,
    parse_amount,
    plain_copy,
    require,
)
from games.betting import Betting, Bettor
from games.cards import DECK_STYLES, Card, CardParseError, card, cards, codes, parse_cards
from games.poker.hands import (
    best_five,
    best_hand,
    best_orientation,
    category_of,
    explain,
    hand_value,
)

NAME = "poker"
MIN_SEATS = 2
MAX_SEATS = 10
CHIPS = True
HOUSE = False
JOIN_MID_GAME = True
FORMATS = {"holdem": 10, "draw": 8}  # format -> most seats
ORIENTATIONS = ("best", "manual")
HOLE_CARDS = {"holdem": 2, "draw": 5}
STREETS = {"holdem": ("preflop", "flop", "turn", "river"), "draw": ("predraw", "draw", "postdraw")}
BETTING_STREETS = ("preflop", "flop", "turn", "river", "predraw", "postdraw")
BOARD_CARDS = {"flop": 3, "turn": 1, "river": 1}
BETTING_MOVES = ("check", "call", "bet", "raise", "fold", "allin")

def category(cards_: Iterable[Card]) -> str:
    """The category of five cards (or of the best five of six or seven)."""
    return category_of(best_hand(list(cards_)))


@dataclass(frozen=True)
class Options:
    small_blind: int = 5
    big_blind: int = 10
    min_buy_in: int = 20  # in big blinds
    max_buy_in: int = 100  # in big blinds
    format: str = "holdem"
    orientation: str = "best"
    timer: int = 60
    style: str = "rws"
    bots: int = 0  # computer players seated at creation
    level: str = "normal"  # the computer players' strength: easy, normal or hard

    def validate(self) -> None:
        check_level(self.level)
        _check_int("small_blind", self.small_blind, 1, 1_000_000)
        _check_int("big_blind", self.big_blind, self.small_blind, 2_000_000)
        _check_int("min_buy_in", self.min_buy_in, 1, 10_000)
        _check_int("max_buy_in", self.max_buy_in, self.min_buy_in, 10_000)
        require(self.format in FORMATS, N_("format must be holdem or draw"))
        require(self.orientation in ORIENTATIONS, N_("orientation must be best or manual"))
        _check_int("timer", self.timer, 0, 600)
        require(self.style in DECK_STYLES, N_("style must be one of {styles}"), styles=", ".join(DECK_STYLES))
        if self.format in FORMATS:
            _check_int("bots", self.bots, 0, FORMATS[self.format] - 1)


def _check_int(name: str, value: Any, low: int, high: int) -> None:
    ok = isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
    require(ok, N_("{name} must be a whole number from {low} to {high}"), name=name, low=low, high=high)


def seat_range(options: Options) -> tuple[int, int]:
    return MIN_SEATS, FORMATS.get(options.format, MAX_SEATS)


def buy_in_range(options: Options) -> tuple[int, int]:
    """Chips a player may bring: `min_buy_in` to `max_buy_in` big blinds."""
    return options.min_buy_in * options.big_blind, options.max_buy_in * options.big_blind


# --- the state -------------------------------------------------------------------------------


@dataclass
class Seat:
    player: int
    number: int  # the place at the table, fixed while seated: the button goes round by it
    stack: int  # chips not in the current hand (a seat dealt in has moved its stack into the hand)
    sitting_out: bool = False


@dataclass
class Hand:
    number: int
    button: int  # seat number
    street: str
    betting: Betting
    holes: list[list[Card]]  # by bettor index
    deck: list[Card]
    small: int  # bettor index of the small blind
    big: int
    deal: fairness.Deal  # the hand's secret seed and the cards that left its deck
    board: list[Card] = field(default_factory=list)
    burned: list[Card] = field(default_factory=list)
    mucked: list[Card] = field(default_factory=list)  # draw: the discards
    reshuffles: int = 0
    spent: list[fairness.Deal] = field(default_factory=list)  # draw: deals this hand emptied, revealed at its end
    drawer: int | None = None  # draw: bettor index of the player to draw
    drawn: list[int] = field(default_factory=list)  # draw: cards each bettor drew (-1: not yet)
    log: list[str] = field(default_factory=list)  # what happened, for /history: each line marked and written once (`_log`)

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "button": self.button, "street": self.street,
                "betting": self.betting.to_dict(), "holes": [codes(h) for h in self.holes],
                "deck": codes(self.deck), "small": self.small, "big": self.big, "deal": self.deal.to_dict(),
                "board": codes(self.board), "burned": codes(self.burned), "mucked": codes(self.mucked),
                "reshuffles": self.reshuffles, "spent": [d.to_dict() for d in self.spent], "drawer": self.drawer, "drawn": list(self.drawn),
                "log": list(self.log)}  # lines are strings: a list copy is a whole one

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Hand:
        return cls(**{**data, "betting": Betting.from_dict(data["betting"]),
                      "holes": [cards(h) for h in data["holes"]], "deck": cards(data["deck"]),
                      "deal": fairness.Deal.from_dict(data["deal"]),
                      "spent": [fairness.Deal.from_dict(d) for d in data.get("spent", [])],
                      "board": cards(data["board"]), "burned": cards(data["burned"]),
                      "mucked": cards(data["mucked"]), "drawn": list(data["drawn"]),
                      "log": list(data["log"])})


@dataclass
class State:
    options: Options
    seats: list[Seat]
    hand_no: int = 0
    button: int | None = None  # seat number of the last button
    hand: Hand | None = None
    actions: int = 0  # accepted moves: part of the step key, so a button from an earlier turn is refused
    last_round: dict[str, Any] | None = None  # the finished hand as everyone saw it
    history: list[dict[str, Any]] = field(default_factory=list)  # the last hands, cards included
    fair: fairness.Dealer = field(default_factory=fairness.new_dealer)  # the next deal's committed seed


def new(options: Options, seats: list[SeatSpec], fair: fairness.Dealer | None = None,
        opening: list[Event] | None = None) -> State:
    options.validate()
    low, high = seat_range(options)
    require(low <= len(seats) <= high, N_("a {format} table seats {low} to {high} players"), format=options.format,
            low=low, high=high)
    players_ = [s.player for s in seats]
    require(len(set(players_)) == len(players_), N_("a player can only sit once at a table"))
    require(all(isinstance(s.stack, int) and s.stack >= 0 for s in seats), N_("a stack cannot be negative"))
    state = State(options, [Seat(s.player, i, s.stack) for i, s in enumerate(seats)],
                  fair=fair or fairness.new_dealer())
    _start_hand(state, [] if opening is None else opening)
    return state


def to_dict(state: State) -> dict[str, Any]:
    return {"options": base.options_dict(state.options),
            "seats": [base.flat_dict(s) for s in state.seats], "hand_no": state.hand_no,
            "button": state.button, "hand": state.hand.to_dict() if state.hand else None,
            "actions": state.actions, "last_round": _copy(state.last_round),
            "history": _copy(state.history), "fair": state.fair.to_dict()}


def from_dict(data: dict[str, Any]) -> State:
    return State(Options(**data["options"]), [Seat(**s) for s in data["seats"]],
                 data["hand_no"], data["button"],
                 Hand.from_dict(data["hand"]) if data["hand"] is not None else None,
                 data["actions"], _copy(data["last_round"]), _copy(data["history"]),
                 fairness.Dealer.from_dict(data.get("fair")))


def _copy(value: Any) -> Any:
    return plain_copy(value)  # records are plain data: copied in C (games.base.plain_copy)


def is_over(state: State) -> bool:
    return False


def players(state: State) -> list[int]:
    return [s.player for s in state.seats]


def chips_on_table(state: State) -> int:
    in_hand = state.hand.betting.in_play() if state.hand else 0
    return sum(s.stack for s in state.seats) + in_hand


def round_to_settle(state: State) -> int | None:
    """The hand being played: its hole cards are out from the deal on, so ending the table
    plays it to its end (check or fold, as the timer does)."""
    return state.hand_no if state.hand is not None else None


def refunds(state: State) -> dict[int, int]:
    """The table ends now: a hand still open (only one dealt within the closing transaction,
    which nobody has seen) is void; everyone gets their stack and what they put in (a player
    who left mid-hand gets back what they had put in)."""
    back = {s.player: s.stack for s in state.seats}
    if state.hand:
        for b in state.hand.betting.bettors:
            back[b.player] = back.get(b.player, 0) + b.stack + b.put_in
    return back


def step_key(state: State) -> str:
    return f"h{state.hand_no}-a{state.actions}"


def lasting_step(state: State) -> str:
    """Turn buttons stay good through the street, whoever bets; a draw changes the cards, so at
    the draw each player's draw starts a new step."""
    hand = state.hand
    if hand is None:
        return step_key(state)
    drawn = sum(1 for n in hand.drawn if n >= 0)
    return f"h{hand.number}.{hand.street}.{drawn}"


# --- seats -----------------------------------------------------------------------------------


def find_seat(state: State, player: int) -> Seat | None:
    return base.find_seat(state.seats, player)


def _seated(state: State, player: int) -> Seat:
    return base.seat_of(state.seats, player)


def _ready(state: State) -> list[Seat]:
    return [s for s in state.seats if s.stack > 0 and not s.sitting_out]


def _next_button(state: State, ready: list[Seat]) -> Seat:
    if state.button is None:
        return ready[0]
    size = FORMATS[state.options.format]
    return min(ready, key=lambda s: (s.number - state.button - 1) % size)  # type: ignore[operator]


# --- a hand ----------------------------------------------------------------------------------


def _start_hand(state: State, events: list[Event]) -> None:
    """Deal the next hand when two players can play, a person among them (computers never play
    on alone); otherwise the table waits."""
    ready = _ready(state)
    if len(ready) < 2 or not base.has_person(s.player for s in ready):
        state.hand = None
        return
    button = _next_button(state, ready)
    at = ready.index(button)
    order = ready[at + 1:] + ready[:at + 1]  # from the left of the button; the button last
    state.hand_no += 1
    deal, deck = state.fair.draw(f"hand {state.hand_no}", _in_seat_order(state, order))
    bettors = [Bettor(s.player, s.stack) for s in order]
    for seat in order:
        seat.stack = 0
    n = len(order)
    small, big = (n - 1, 0) if n == 2 else (0, 1)  # heads-up, the button posts the small blind
    betting = Betting(bettors, state.options.big_blind)
    posted = betting.post_blinds(small, big, state.options.small_blind, state.options.big_blind)
    count = HOLE_CARDS[state.options.format]
    holes: list[list[Card]] = [[] for _ in order]
    for _ in range(count):
        for hole in holes:
            hole.append(deal.take(deck).face)  # upright: the player orients their own cards
    street = STREETS[state.options.format][0]
    hand = Hand(state.hand_no, button.number, street, betting, holes, deck, small, big, deal,
                drawn=[-1] * n if state.options.format == "draw" else [])
    state.hand = hand
    betting.actor = betting.next_actor(small if n == 2 else (big + 1) % n)
    blinds = {"small": [bettors[small].player, posted[0]], "big": [bettors[big].player, posted[1]]}
    _log(hand, Text(N_("Hand {number}: {button} has the button; {small} posts {small_blind}, {big} posts {big_blind}"),
                    number=hand.number, button=mention(button.player), small=mention(bettors[small].player),
                    small_blind=posted[0], big=mention(bettors[big].player), big_blind=posted[1]))
    if state.hand_no > 1:
        events.append(Event("round_open", {"round": state.hand_no}))
    events.append(fairness.committed(deal))
    events.append(Event("dealt", {"hand": state.hand_no, "button": button.player,
                                  "players": [b.player for b in bettors], "blinds": blinds}))
    _advance(state, events)


def _hand(state: State) -> Hand:
    hand = state.hand
    require(hand is not None, N_("no hand is being played: the table waits for players"))
    assert hand is not None
    return hand


def _advance(state: State, events: list[Event]) -> None:
    """Housekeeping after every move: sitting-out players check or fold, rounds close,
    streets are dealt, the draw goes round, the hand is shown down and paid."""
    while state.hand is not None:
        hand = state.hand
        betting = hand.betting
        if len(betting.live()) == 1:
            _finish(state, events, showdown=False)
            return
        if hand.street in BETTING_STREETS:
            current = betting.current()
            if current is not None:
                if not _away(state, current.player):
                    return
                _auto_bet(hand, current, events)
                continue
            back = betting.return_uncalled()
            if back is not None:
                events.append(Event("uncalled", {"player": back[0], "amount": back[1]}))
                _log(hand, Text(N_("{amount} uncalled returned to {player}"), amount=back[1], player=mention(back[0])))
            betting.end_round()
            _next_street(state, hand, events)
        elif hand.street == "draw":
            if hand.drawer is None:
                hand.street = "postdraw"
                betting.start_round(0)
                continue
            drawer = betting.bettors[hand.drawer].player
            if not _away(state, drawer):
                return
            _do_discard(state, hand, hand.drawer, [], events, auto=True)
        else:
            _finish(state, events, showdown=True)
            return


def _away(state: State, player: int) -> bool:
    seat = find_seat(state, player)
    return seat is None or seat.sitting_out


def _auto_bet(hand: Hand, bettor: Bettor, events: list[Event]) -> None:
    """A player sitting out checks when checking is free, else folds."""
    if hand.betting.to_call(bettor) == 0:
        hand.betting.check(bettor)
        _record(hand, events, bettor.player, "check", 0, auto=True)
    else:
        hand.betting.fold(bettor)
        _record(hand, events, bettor.player, "fold", 0, auto=True)


def _next_street(state: State, hand: Hand, events: list[Event]) -> None:
    streets = STREETS[state.options.format]
    position = streets.index(hand.street)
    if position + 1 == len(streets):
        hand.street = "showdown"
        return
    hand.street = streets[position + 1]
    if hand.street in BOARD_CARDS:
        hand.burned.append(hand.deal.take(hand.deck))
        dealt = [hand.deal.take(hand.deck) for _ in range(BOARD_CARDS[hand.street])]  # as they lie in the deck
        hand.board.extend(dealt)
        events.append(Event("street", {"street": hand.street, "cards": codes(dealt)}))
        _log(hand, Text(STREET_LOG[hand.street], cards=" ".join(codes(dealt))))
        hand.betting.start_round(0)
    elif hand.street == "draw":
        hand.drawer = _next_drawer(hand, 0)
        events.append(Event("street", {"street": "draw", "cards": []}))
        _log(hand, Text(N_("The draw")))
    else:
        hand.betting.start_round(0)


def _next_drawer(hand: Hand, start: int) -> int | None:
    for index in range(start, len(hand.betting.bettors)):
        if not hand.betting.bettors[index].folded and hand.drawn[index] < 0:
            return index
    return None


def _finish(state: State, events: list[Event], showdown: bool) -> None:
    hand = state.hand
    assert hand is not None
    betting = hand.betting
    back = betting.return_uncalled()
    if back is not None:
        events.append(Event("uncalled", {"player": back[0], "amount": back[1]}))
    values: dict[int, int] = {}
    if showdown:
        values = _show(state, hand)
    order = betting.order()
    paid = [(pot, pots.award([pot], lambda p: values.get(p, 0), order)) for pot in betting.pots()]
    won: dict[int, int] = {}
    for _, shares in paid:
        for player, chips in shares.items():
            won[player] = won.get(player, 0) + chips
    results = [{"player": b.player, "put_in": b.put_in, "won": won.get(b.player, 0),
                "net": won.get(b.player, 0) - b.put_in} for b in betting.bettors]
    snapshot = _final_view(state, hand, values, paid, results, showdown)
    _remember(state, hand, values, results)
    for bettor in betting.bettors:
        bettor.stack += won.get(bettor.player, 0)
        bettor.put_in = 0
        seat = find_seat(state, bettor.player)
        if seat is not None:
            seat.stack += bettor.stack
        bettor.stack = 0
    if showdown:
        events.append(Event("showdown", {"hands": snapshot["hands"]}))
    events.append(Event("settled", {"round": hand.number, "results": results,
                                    "pots": snapshot["pots"]}))
    events.extend(fairness.revealed(deal) for deal in [*hand.spent, hand.deal])
    state.last_round = snapshot
    state.hand = None
    state.button = hand.button
    for seat in [s for s in state.seats if s.stack == 0]:
        state.seats.remove(seat)
        events.extend([Event("busted", {"player": seat.player}), cashout(seat.player, 0)])
    _start_hand(state, events)


def _show(state: State, hand: Hand) -> dict[int, int]:
    """Turn the live players' cards face up (at `best` tables, oriented for their best hand)
    and value them."""
    values: dict[int, int] = {}
    for index, bettor in enumerate(hand.betting.bettors):
        if bettor.folded:
            continue
        if state.options.orientation == "best":
            hand.holes[index] = best_orientation(hand.holes[index], hand.board)
        values[bettor.player] = _value(hand.holes[index], hand.board)
    return values


def _value(hole: list[Card], board: list[Card]) -> int:
    played = [*hole, *board]
    return hand_value(played) if len(played) == 5 else best_hand(played)


def _remember(state: State, hand: Hand, values: dict[int, int], results: list[dict[str, Any]]) -> None:
    """The hand for /history: every player's cards (shown to others only if shown down)."""
    entry = {"hand": hand.number, "deals": [d.named(revealed=True) for d in [*hand.spent, hand.deal]], "board": codes(hand.board),
             "players": [{"player": b.player, "cards": codes(hand.holes[i]), "shown": b.player in values,
                          "category": category_of(values[b.player]) if b.player in values else None,
                          "net": results[i]["net"]} for i, b in enumerate(hand.betting.bettors)],
             "log": list(hand.log)}  # marked lines, each one string (`_log`)
    state.history = [*state.history, entry][-HISTORY_HANDS:]


# --- moves -----------------------------------------------------------------------------------


def _record(hand: Hand, events: list[Event], player: int, move: str, amount: int, auto: bool = False) -> None:
    text = Text(MOVE_LOG[move], player=mention(player), amount=amount)
    _log(hand, Text(N_("{move} (away)"), move=text) if auto else text)
    events.append(Event("action", {"player": player, "move": move, "amount": amount, "auto": auto,
                                   "street": hand.street, "text": text}))


def _betting_turn(state: State, player: int) -> tuple[Hand, Bettor]:
    _seated(state, player)
    hand = _hand(state)
    if hand.street == "draw":
        bettor = hand.betting.find(player)
        require(bettor is not None and not bettor.folded, Text(N_("you are not in this hand")) if bettor is None
                else Text(N_(Text(N_("you have folded this hand")))))
        raise IllegalAction(Text(N_("it is the draw: discard the cards you want replaced (/poker discard), "
                                    "or keep them all")))
    current = hand.betting.current()
    who = mention(current.player) if current else Text(N_("no one"))
    return hand, hand.betting.verify_turn(player, who)


def verify_betting_turn(state: State, player: int) -> None:
    """Whether `player` may bet now (IllegalAction says why not): asked before a bet's or a
    raise's amount is asked for."""
    _betting_turn(state, player)


def _bet_move(state: State, player: int, action: Action) -> list[Event]:
    kind = action["type"]
    hand, bettor = _betting_turn(state, player)
    betting = hand.betting
    total = 0
    if kind == "check":
        betting.verify_check(bettor)
    elif kind == "call":
        betting.verify_call(bettor)
    elif kind == "bet":
        total = betting.verify_bet(bettor, action.get("amount"))
    elif kind == "raise":
        total = betting.verify_raise(bettor, action.get("amount", action.get("to")))
    elif kind == "allin":
        total = betting.verify_allin(bettor)
    events: list[Event] = []
    if kind == "check":
        betting.check(bettor)
        _record(hand, events, player, "check", 0)
    elif kind == "fold":
        betting.fold(bettor)
        _record(hand, events, player, "fold", 0)
    elif kind == "call":
        paid = betting.call(bettor)
        all_in = bettor.stack == 0
        _record(hand, events, player, "allin" if all_in else "call", bettor.bet if all_in else paid)
    else:
        made = betting.raise_to(bettor, total)
        _record(hand, events, player, "allin" if bettor.stack == 0 else made, total)
    state.actions += 1
    _advance(state, events)
    return events


# The hand's log, for /history (marked: said in the reader's language).
MOVE_LOG = {"check": N_("{player} checks"), "call": N_("{player} calls {amount}"), "bet": N_("{player} bets {amount}"),
            "raise": N_("{player} raises to {amount}"), "fold": N_("{player} folds"),
            "allin": N_("{player} is all-in for {amount}")}
STREET_LOG = {"flop": N_("Flop: {cards}"), "turn": N_("Turn: {cards}"), "river": N_("River: {cards}")}

STAND_PAT_WORDS = frozenset({"none", "nothing", "-", ""})


def _parse_codes(raw: Any) -> list[Card]:
    """The cards a player named: typed text (codes or names; `none` for none), or a list of
    codes. Parsed only once the move is known to be allowed now."""
    require(isinstance(raw, str) or (isinstance(raw, list) and all(isinstance(x, str) for x in raw)),
            N_("name the cards to discard, e.g. 3W 16"))
    try:
        if isinstance(raw, str):
            return [] if raw.strip().lower() in STAND_PAT_WORDS else parse_cards(raw)
        return [card(code) for code in raw]
    except CardParseError as error:
        raise IllegalAction(error.args[0] if error.args and isinstance(error.args[0], Text) else str(error)) from None


def _match(hole: list[Card], wanted: list[Card]) -> list[int]:
    """Positions in the hole cards of the wanted cards (orientation ignored)."""
    positions: list[int] = []
    for c in wanted:
        found = [i for i, h in enumerate(hole) if h.face == c.face and i not in positions]
        require(bool(found), N_("{card} is not in your hand"), card=c.face.code)
        positions.append(found[0])
    return positions


def _discard(state: State, player: int, action: Action) -> list[Event]:
    _seated(state, player)
    hand = _hand(state)
    require(state.options.format == "draw", N_("this is a hold'em table: there is no draw"))
    bettor = hand.betting.find(player)
    require(bettor is not None, N_("you are not in this hand; you'll be dealt in at the next one"))
    assert bettor is not None
    require(not bettor.folded, N_("you have folded this hand"))
    require(hand.street == "draw", N_("it is not the draw: discards come after the first betting round"))
    index = hand.betting.bettors.index(bettor)
    assert hand.drawer is not None
    drawer = hand.betting.bettors[hand.drawer].player
    require(hand.drawer == index, N_("it is not your turn to draw: {player} draws now"), player=mention(drawer))
    wanted = _parse_codes(action.get("cards", []))
    require(len({c.face for c in wanted}) == len(wanted), N_("name each card once"))
    positions = _match(hand.holes[index], wanted)
    events: list[Event] = []
    _do_discard(state, hand, index, positions, events)
    state.actions += 1
    _advance(state, events)
    return events


def _in_seat_order(state: State, dealt: list[Any]) -> list[int]:
    """The players dealt in (seats or bettors), in the table's seat order."""
    players_ = {d.player for d in dealt}
    return [s.player for s in sorted(state.seats, key=lambda s: s.number) if s.player in players_]


def _deck_made_again(state: State, hand: Hand) -> Event:
    """The deck is out mid-draw: the discards so far are a deal of their own (the table's next
    committed seed and nonce); the emptied deal is revealed with the hand."""
    hand.reshuffles += 1
    hand.spent.append(hand.deal)
    hand.deal, hand.deck = state.fair.draw(f"hand {hand.number} deck {hand.reshuffles + 1}",
                                           _in_seat_order(state, hand.betting.bettors), gathered=hand.mucked)
    hand.mucked = []
    return fairness.committed(hand.deal)


def _do_discard(state: State, hand: Hand, index: int, positions: list[int], events: list[Event],
                auto: bool = False) -> None:
    hole = hand.holes[index]
    thrown = [hole[i] for i in positions]
    for i in positions:
        if not hand.deck:
            events.append(_deck_made_again(state, hand))
        hole[i] = hand.deal.take(hand.deck).face
    hand.mucked.extend(thrown)
    hand.drawn[index] = len(positions)
    player = hand.betting.bettors[index].player
    text = Text(N_("{player} draws {number}"), player=mention(player), number=len(positions)) if positions \
        else Text(N_("{player} stands pat"), player=mention(player))
    _log(hand, Text(N_("{move} (away)"), move=text) if auto else text)
    events.append(Event("draw", {"player": player, "count": len(positions), "text": text}))
    hand.drawer = _next_drawer(hand, index + 1)


def _turn(state: State, player: int, action: Action) -> list[Event]:
    _seated(state, player)
    require(state.options.orientation == "manual",
            N_("this table turns your cards for your best hand at showdown (orientation: best)"))
    hand = _hand(state)
    bettor = hand.betting.find(player)
    require(bettor is not None, N_("you are not in this hand; you'll be dealt in at the next one"))
    assert bettor is not None
    require(not bettor.folded, N_("you have folded this hand"))
    hole = hand.holes[hand.betting.bettors.index(bettor)]
    raw = action.get("card")
    if isinstance(raw, int) and not isinstance(raw, bool):
        require(0 <= raw < len(hole), N_("you have {n} card; there is no card {number}"),
                plural=N_("you have {n} cards; there is no card {number}"), count=len(hole), number=raw)
        position = raw
    else:
        require(isinstance(raw, str), N_("name the card to turn, e.g. KC"))
        named = _parse_codes(raw)
        require(len(named) == 1, N_("name exactly one card to turn, e.g. KC"))
        position = _match(hole, named)[0]
    hole[position] = hole[position].turned()
    now = hole[position]
    return [Event("turned", {"player": player, "card": position, "now": now.code})]


def _join(state: State, player: int, action: Action) -> list[Event]:
    require(find_seat(state, player) is None, N_("you are already seated at this table"))
    size = FORMATS[state.options.format]
    require(len(state.seats) < size, N_("the table is full ({size} seats)"), size=size)
    stack = parse_amount(action.get("stack"), "buy-in")
    taken = {s.number for s in state.seats}
    number = next(n for n in range(size) if n not in taken)
    state.seats.append(Seat(player, number, stack))
    state.seats.sort(key=lambda s: s.number)
    events = [Event("joined", {"player": player, "stack": stack})]
    if state.hand is None:
        _start_hand(state, events)
    return events


def _leave(state: State, player: int, action: Action) -> list[Event]:
    """Leaving folds the player's hand; their chips behind go back to their wallet now, what
    they put in stays in the pot."""
    seat = _seated(state, player)
    events: list[Event] = []
    hand = state.hand
    stack = seat.stack
    bettor = hand.betting.find(player) if hand else None
    if hand is not None and bettor is not None:
        if not bettor.folded:
            _fold_leaving(hand, bettor, events)
        stack += bettor.stack
        bettor.stack = 0
    state.seats.remove(seat)
    events += [Event("left", {"player": player, "stack": stack}), cashout(player, stack)]
    state.actions += 1
    _advance(state, events)
    return events


def _fold_leaving(hand: Hand, bettor: Bettor, events: list[Event]) -> None:
    betting = hand.betting
    if betting.current() is bettor:
        betting.fold(bettor)
    else:
        bettor.folded = True
    index = betting.bettors.index(bettor)
    if hand.drawer == index:
        hand.drawer = _next_drawer(hand, index + 1)
    _record(hand, events, bettor.player, "fold", 0)
    hand.log[-1] = _logged(Text(N_("{move} and leaves"), move=_said(hand.log[-1])))


def _sitout(state: State, player: int, action: Action) -> list[Event]:
    seat = _seated(state, player)
    require(not seat.sitting_out, N_("you are already sitting out"))
    seat.sitting_out = True
    events = [Event("sitout", {"player": player})]
    state.actions += 1
    _advance(state, events)
    return events


def _sitin(state: State, player: int, action: Action) -> list[Event]:
    seat = _seated(state, player)
    require(seat.sitting_out, N_("you are not sitting out"))
    seat.sitting_out = False
    events = [Event("sitin", {"player": player})]
    if state.hand is None:
        _start_hand(state, events)
    return events


HANDLERS: dict[str, Callable[[State, int, Action], list[Event]]] = {
    **{move: _bet_move for move in BETTING_MOVES},
    "discard": _discard, "turn": _turn, "join": _join, "leave": _leave, "sitout": _sitout,
    "sitin": _sitin,
}


def apply(state: State, player: int, action: Action) -> list[Event]:
    """Play one move; IllegalAction (state untouched) when it is refused."""
    ok = isinstance(action, dict) and isinstance(action.get("type"), str)
    require(ok, N_("an action needs a type"))
    handler = HANDLERS.get(action["type"])
    if handler is None:
        raise IllegalAction(Text(N_("poker has no action {action}"), action=repr(action["type"])))
    return handler(state, player, action)


def pending(state: State) -> list[int]:
    hand = state.hand
    if hand is None:
        return []
    if hand.street == "draw":
        return [] if hand.drawer is None else [hand.betting.bettors[hand.drawer].player]
    current = hand.betting.current()
    return [current.player] if current else []


def default_action(state: State, player: int) -> Action:
    """The timer's move: check when free, else fold; at the draw, keep every card."""
    hand = state.hand
    if hand is not None and hand.street == "draw":
        return {"type": "discard", "cards": []}
    bettor = hand.betting.find(player) if hand else None
    if hand is not None and bettor is not None and hand.betting.to_call(bettor) == 0:
        return {"type": "check"}
    return {"type": "fold"}


def legal_actions(state: State, player: int) -> list[Action]:
    seat = find_seat(state, player)
    if seat is None:
        return [{"type": "join"}] if len(state.seats) < FORMATS[state.options.format] else []
    actions: list[Action] = []
    hand = state.hand
    bettor = hand.betting.find(player) if hand else None
    if hand is not None and bettor is not None and not bettor.folded:
        if hand.street in BETTING_STREETS and hand.betting.current() is bettor:
            actions.extend(_betting_actions(hand.betting, bettor))
        if hand.street == "draw" and hand.drawer == hand.betting.bettors.index(bettor):
            actions.append({"type": "discard", "max": HOLE_CARDS["draw"]})
        if state.options.orientation == "manual":
            hole = hand.holes[hand.betting.bettors.index(bettor)]
            actions.extend({"type": "turn", "card": i} for i in range(len(hole)))
    actions.append({"type": "leave"})
    actions.append({"type": "sitin"} if seat.sitting_out else {"type": "sitout"})
    return actions


def _betting_actions(betting: Betting, bettor: Bettor) -> list[Action]:
    actions: list[Action] = [{"type": "fold"}]
    owed = betting.to_call(bettor)
    actions.append({"type": "check"} if owed == 0 else {"type": "call", "amount": owed})
    most = betting.max_to(bettor)
    if betting.current_bet == 0:
        if betting.others_can_act(bettor) and bettor.stack > betting.big_blind:
            actions.append({"type": "bet", "min": betting.big_blind, "max": bettor.stack})
    elif betting.may_raise(bettor) and most > betting.min_raise_to():
        actions.append({"type": "raise", "min": betting.min_raise_to(), "max": most})
    if base.allowed(lambda: betting.verify_allin(bettor)) and (most > betting.current_bet or owed == bettor.stack):
        actions.append({"type": "allin", "amount": most})
    return actions


# --- what players see ------------------------------------------------------------------------


def _roles(hand: Hand, index: int, button_player: int, player: int) -> list[str]:
    roles = []
    if player == button_player:
        roles.append("D")
    if index == hand.small:
        roles.append("SB")
    if index == hand.big:
        roles.append("BB")
    return roles


def _button_player(hand: Hand) -> int:
    return hand.betting.bettors[-1].player  # the button acts last: it is the last in the order


def _seat_view(state: State, seat: Seat, viewer: int | None) -> dict[str, Any]:
    hand = state.hand
    view: dict[str, Any] = {"player": seat.player, "number": seat.number, "stack": seat.stack,
                            "sitting_out": seat.sitting_out, "in_hand": False, "folded": False,
                            "all_in": False, "bet": 0, "put_in": 0, "cards": [], "roles": [],
                            "drawn": None}
    bettor = hand.betting.find(seat.player) if hand else None
    if hand is None or bettor is None:
        return view
    index = hand.betting.bettors.index(bettor)
    hole = hand.holes[index]
    view.update({"stack": seat.stack + bettor.stack, "in_hand": True, "folded": bettor.folded,
                 "all_in": bettor.all_in, "bet": bettor.bet, "put_in": bettor.put_in,
                 "roles": _roles(hand, index, _button_player(hand), seat.player),
                 "cards": codes(hole) if viewer == seat.player else ([] if bettor.folded else [None] * len(hole)),
                 "drawn": hand.drawn[index] if hand.drawn and hand.drawn[index] >= 0 else None})
    return view


def _turn_view(state: State, hand: Hand) -> dict[str, Any] | None:
    if hand.street == "draw":
        if hand.drawer is None:
            return None
        return {"player": hand.betting.bettors[hand.drawer].player, "action": "draw"}
    current = hand.betting.current()
    if current is None:
        return None
    betting = hand.betting
    legal = {a["type"]: a for a in _betting_actions(betting, current)}
    return {"player": current.player, "action": "bet", "to_call": betting.to_call(current),
            "current_bet": betting.current_bet, "min_bet": betting.big_blind,
            "min_raise_to": betting.min_raise_to(), "max_to": betting.max_to(current),
            "legal": sorted(legal), "allin": betting.max_to(current)}


def view(state: State, player: int | None = None) -> dict[str, Any]:
    """The table as `player` (None: a spectator) may see it: hole cards are the player's own,
    or face down (None); the showdown of the last hand is in `last_round`."""
    hand = state.hand
    base = {**_table_view(state), "commitments": [d.public() for d in deals_in_play(state)]}
    if hand is None:
        return {**base, "phase": "waiting", "board": [], "pot": 0, "pots": [], "turn": None,
                "seats": [_seat_view(state, s, player) for s in state.seats]}
    return {**base, "phase": hand.street, "board": codes(hand.board),
            "pot": sum(b.put_in for b in hand.betting.bettors),
            "pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in hand.betting.pots()],
            "current_bet": hand.betting.current_bet,
            "turn": _turn_view(state, hand),
            "button": _button_player(hand),
            "seats": [_seat_view(state, s, player) for s in state.seats]}


def _table_view(state: State) -> dict[str, Any]:
    options = state.options
    return {"game": NAME, "format": options.format, "orientation": options.orientation,
            "round": state.hand_no, "small_blind": options.small_blind, "big_blind": options.big_blind,
            "button": None, "current_bet": 0, "last_round": state.last_round, "final": False}


def _final_view(state: State, hand: Hand, values: dict[int, int],
                paid: list[tuple[pots.Pot, dict[int, int]]], results: list[dict[str, Any]],
                showdown: bool) -> dict[str, Any]:
    """The finished hand as everyone sees it: the cards shown down, each hand's category and
    best five, the pots and who won them."""
    board = hand.board
    seats: list[dict[str, Any]] = []
    hands: list[dict[str, Any]] = []
    button = _button_player(hand)
    for index, bettor in enumerate(hand.betting.bettors):
        seat = find_seat(state, bettor.player)
        shown = bettor.player in values
        result = results[index]
        seats.append({"player": bettor.player, "number": seat.number if seat else -1,
                      "stack": (seat.stack if seat else 0) + bettor.stack + result["won"],
                      "sitting_out": bool(seat and seat.sitting_out), "in_hand": True,
                      "folded": bettor.folded, "all_in": bettor.all_in, "bet": 0,
                      "put_in": result["put_in"], "won": result["won"], "net": result["net"],
                      "cards": codes(hand.holes[index]) if shown else [],
                      "roles": _roles(hand, index, button, bettor.player), "drawn": None,
                      "left": seat is None})
        if shown:
            played = [*hand.holes[index], *board]
            hands.append({"player": bettor.player, "cards": codes(hand.holes[index]),
                          "category": category_of(values[bettor.player]),
                          "best": codes(best_five(played)), "won": result["won"]})
    ranked = sorted(values.items(), key=lambda item: -item[1])
    reasons = [_pot_reason(pot, shares, values) for pot, shares in paid]
    pot_views = [{"amount": pot.amount, "eligible": list(pot.eligible),
                  "winners": [p for p, chips in shares.items() if chips],
                  "reason": str(reason) if reason else None, "reason_text": reason.marked() if reason else None}
                 for (pot, shares), reason in zip(paid, reasons, strict=True)]  # the reason in English, and marked
    return {**_table_view(state), "round": hand.number, "phase": "showdown" if showdown else "won",
            "final": True, "board": codes(board), "pot": sum(p["amount"] for p in pot_views),
            "pots": pot_views, "turn": None, "button": button, "seats": seats, "hands": hands,
            "ranking": [p for p, _ in ranked], "last_round": None}


def deals_in_play(state: State) -> list[fairness.Deal]:
    return [*state.hand.spent, state.hand.deal] if state.hand else []


def _pot_reason(pot: pots.Pot, shares: dict[int, int], values: dict[int, int]) -> Text | None:
    """Why a pot contested at the showdown went where it did: the winning hand against the
    best hand it beat (or the hands that tied)."""
    shown = [p for p in pot.eligible if p in values]
    winners = [p for p in shown if shares.get(p)]
    if len(shown) < 2 or not winners:
        return None
    beaten = [values[p] for p in shown if p not in winners]
    best = values[winners[0]]
    return explain(best, max(beaten) if beaten else best)


def history(state: State, player: int) -> list[HandRecord]:
    """The last hands `player` played, as they may see them: their own cards, others' cards
    only when shown down; the log and the hand's seed."""
    return [_record_for(entry, player) for entry in state.history
            if any(p["player"] == player for p in entry["players"])]


def _record_for(entry: dict[str, Any], player: int) -> HandRecord:
    mine = next(p for p in entry["players"] if p["player"] == player)
    cards_ = " ".join(mine["cards"])
    lines = [Text(N_("You: {cards} ({category})"), cards=cards_, category=Text(mine["category"])) if mine["category"]
             else Text(N_("You: {cards}"), cards=cards_)]
    lines += [Text(N_("{player}: {cards} ({category})"), player=mention(p["player"]), cards=" ".join(p["cards"]),
                   category=Text(p["category"])) for p in entry["players"] if p["shown"] and p["player"] != player]
    if entry["board"]:
        lines.append(Text(N_("Board: {cards}"), cards=" ".join(entry["board"])))
    return HandRecord(hand=entry["hand"], deals=copy.deepcopy(entry["deals"]), cards=lines,
                      actions=history_log(entry)[1:],
                      result=Plural(N_("{n:+} chip"), N_("{n:+} chips"), mine["net"]))


def _log(hand: Hand, text: Text) -> None:
    """A line of the hand's log: kept as its marked text (message id and parameters) written
    once into one JSON string here, which every state write and read then copies whole (a hand
    and ten remembered hands hold about 150 lines), and made a Text again only when /history
    shows it, in its reader's language (`history_log`)."""
    hand.log.append(_logged(text))


def _logged(text: Text) -> str:
    return json.dumps(text.marked(), ensure_ascii=False, separators=(",", ":"))


def _said(line: Any) -> str:
    """A stored line of the log as a Text: written by `_logged`, or marked as a dict (as states
    stored before kept it), or English (before the texts were marked)."""
    if isinstance(line, str) and line.startswith(_LOGGED):
        return Text.from_marked(json.loads(line))
    return Text.from_marked(line) if isinstance(line, dict) else line


_LOGGED = '{"msgid":'


def history_log(entry: dict[str, Any]) -> list[str]:
    """A remembered hand's log, its lines as Texts (a line stored before the texts were marked
    stays English, a `str`)."""
    return [_said(line) for line in entry["log"]]
