"""Major Blackjack (rules/blackjack.md): 1-7 players against the house, a 78-card shoe.

A round: a betting window (house.py), then the dealer's up card and hole card (deck
orientation), then ONE card to each player who bet; players play their hands in seat order
(hit, stand, double, split, and `turn` at `manual` tables); when the last hand is finished the
dealer plays and every hand is settled within the same `apply`, and the next window opens.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from games import base, fairness, house
from games.base import N_, Action, Event, HandRecord, IllegalAction, SeatSpec, Text, mention, require
from games.cards import Card, cards, codes

NAME = "blackjack"
MIN_SEATS = 1
MAX_SEATS = 7
CHIPS = True
HOUSE = True
JOIN_MID_GAME = True
MAX_HANDS = 4
ORIENTATIONS = ("best", "manual")
ACE = 1
RESULT_WORDS = {"blackjack": N_("blackjack"), "win": N_("won"), "push": N_("push"), "loss": N_("lost")}


@dataclass(frozen=True)
class Options:
    min_bet: int = 10
    max_bet: int = 500
    decks: int = 2
    orientation: str = "best"
    timer: int = 60

    def validate(self) -> None:
        house.check_common_options(self.min_bet, self.max_bet, self.decks, self.timer)
        require(self.orientation in ORIENTATIONS, N_("orientation must be best or manual"))


# --- the rules as functions ----------------------------------------------------------------


def card_value(c: Card) -> int:
    """A major counts its number (0-21); a minor ace 1 (see `total` for 11); courts 10."""
    if c.is_major:
        return c.rank
    return min(c.rank, 10)


def is_minor_ace(c: Card) -> bool:
    return not c.is_major and c.rank == ACE


def total(hand: Sequence[Card]) -> int:
    """The best total not over 21: a minor ace counts 11 where that does not bust."""
    hard = sum(card_value(c) for c in hand)
    if any(is_minor_ace(c) for c in hand) and hard + 10 <= 21:
        return hard + 10
    return hard


def is_blackjack(hand: Sequence[Card]) -> bool:
    """21 with one or two cards (whether the hand came from a split is the caller's concern)."""
    return len(hand) in (1, 2) and total(hand) == 21


def has_major(hand: Sequence[Card]) -> bool:
    return any(c.is_major for c in hand)


def reversed_count(hand: Sequence[Card]) -> int:
    return sum(c.reversed for c in hand)


def _compare(a: int, b: int) -> int:
    return (a > b) - (a < b)


def outcome(player_cards: Sequence[Card], dealer_cards: Sequence[Card]) -> int:
    """1 the player wins, 0 a push, -1 the player loses: the first rule that applies."""
    mine, theirs = total(player_cards), total(dealer_cards)
    if mine > 21:
        return -1
    if theirs > 21:
        return 1
    if has_major(player_cards) != has_major(dealer_cards):
        return 1 if has_major(player_cards) else -1
    if mine != theirs:
        return _compare(mine, theirs)
    return _compare(reversed_count(player_cards), reversed_count(dealer_cards))


def reason(player_cards: Sequence[Card], dealer_cards: Sequence[Card]) -> str:
    """Why a settled hand won, lost or pushed: the rule of `outcome` that decided it, worded
    for everyone (the table image and the channel show it under the player's name)."""
    mine, theirs = total(player_cards), total(dealer_cards)
    if mine > 21:
        return Text(N_("bust with {total}"), total=mine)
    if theirs > 21:
        return Text(N_("the dealer busts with {total}"), total=theirs)
    if has_major(player_cards) != has_major(dealer_cards):
        return Text(N_("holds a major, the dealer does not")) if has_major(player_cards) \
            else Text(N_("the dealer holds a major, this hand does not"))
    if mine != theirs:
        return Text(N_("{mine} v {theirs}"), mine=mine, theirs=theirs)
    flips = reversed_count(player_cards), reversed_count(dealer_cards)
    if flips[0] == flips[1]:
        return Text(N_("{mine} v {theirs}, as many reversed cards"), mine=mine, theirs=theirs)
    more = N_("{mine} v {theirs}: this hand has more reversed cards ({flips} v {dealer_flips})") if flips[0] > flips[1] \
        else N_("{mine} v {theirs}: the dealer has more reversed cards ({flips} v {dealer_flips})")
    return Text(more, mine=mine, theirs=theirs, flips=flips[0], dealer_flips=flips[1])


def split_value(c: Card) -> int:
    """Cards that may be split together: same number for majors, courts as 10, a minor ace
    only with a minor ace (it counts 1 or 11, the Magician only 1)."""
    return -1 if is_minor_ace(c) else card_value(c)


def payout(bet: int, result: str) -> int:
    """Chips returned to the stack for a settled hand, the stake included."""
    winnings = {"blackjack": bet * 3 // 2, "win": bet, "push": 0, "loss": -bet}[result]
    return bet + winnings


# --- the state -----------------------------------------------------------------------------


@dataclass
class Hand:
    cards: list[Card]
    bet: int
    status: str = "playing"  # playing, stood, bust, blackjack, doubled
    split: bool = False
    split_aces: bool = False
    result: str | None = None
    payout: int | None = None

    @property
    def finished(self) -> bool:
        return self.status != "playing"

    def to_dict(self) -> dict[str, Any]:
        return {"cards": codes(self.cards), "bet": self.bet, "status": self.status,
                "split": self.split, "split_aces": self.split_aces, "result": self.result,
                "payout": self.payout}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Hand:
        return cls(**{**data, "cards": cards(data["cards"])})


@dataclass
class Seat(house.Seat):
    hands: list[Hand] = field(default_factory=list)

    def in_play(self) -> int:
        if self.hands:
            return sum(h.bet for h in self.hands if h.payout is None)
        return self.bet or 0

    def clear_round(self) -> None:
        super().clear_round()
        self.hands = []

    def to_dict(self) -> dict[str, Any]:
        return {**self.base_dict(), "hands": [h.to_dict() for h in self.hands]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seat:
        return cls(**{**data, "hands": [Hand.from_dict(h) for h in data["hands"]]})


@dataclass
class State(house.Table):
    dealer: list[Card] = field(default_factory=list)


def new(options: Options, seats: list[SeatSpec], fair: fairness.Dealer | None = None,
        opening: list[Event] | None = None) -> State:  # opening: nothing is dealt before the first bets
    options.validate()
    house.check_seats(seats, MAX_SEATS)
    return State(**house.start(options, [Seat(s.player, s.stack) for s in seats], fair))


def to_dict(state: State) -> dict[str, Any]:
    data = house.table_dict(state, [s.to_dict() for s in _seats(state)])
    return {**data, "dealer": codes(state.dealer)}


def from_dict(data: dict[str, Any]) -> State:
    seats: list[house.Seat] = [Seat.from_dict(s) for s in data["seats"]]
    fields = house.table_fields(data, Options(**data["options"]), seats)
    return State(**fields, dealer=cards(data["dealer"]))


# The contract's table-wide answers are the same for every house game (games/house.py).
is_over, chips_on_table, refunds, players, buy_in_range, round_to_settle, deals_in_play = (
    house.is_over, house.chips_on_table, house.refunds, house.players, house.buy_in_range,
    house.round_to_settle, house.deals_in_play)


# --- whose turn ----------------------------------------------------------------------------


def _seats(state: State) -> list[Seat]:
    return state.seats  # type: ignore[return-value]


def current_turn(state: State) -> tuple[Seat, int] | None:
    """The first unfinished hand in seat order, hand order."""
    if state.phase != "playing":
        return None
    for seat in _seats(state):
        for index, hand in enumerate(seat.hands):
            if not hand.finished:
                return seat, index
    return None


def pending(state: State) -> list[int]:
    if state.phase == "betting":
        return house.window_pending(state)
    turn = current_turn(state)
    return [turn[0].player] if turn else []


def step_key(state: State) -> str:
    """Changes when the moves on offer change: a new window, another hand to play, a card more.
    Bets in one window share it, so one player's bet does not stale another's buttons."""
    turn = current_turn(state)
    if turn is None:
        return f"r{state.round}-bet"
    seat, index = turn
    return f"r{state.round}-{seat.player}-h{index}-c{len(seat.hands[index].cards)}"


def default_action(state: State, player: int) -> Action:
    return {"type": "pass"} if state.phase == "betting" else {"type": "stand"}


def _table_cards(state: State) -> list[Card]:
    return state.dealer + [c for s in _seats(state) for h in s.hands for c in h.cards]


def _draw(state: State, events: list[Event]) -> Card:
    return house.draw(state, _table_cards(state), events)


def _can_draw(state: State) -> bool:
    return house.available(state.shoe, _table_cards(state)) > 0


def _player_card(state: State, c: Card) -> Card:
    """A player's card as placed: reversed at `best` tables, upright at `manual` ones."""
    return c.oriented(state.options.orientation == "best")


def _check_21(hand: Hand) -> None:
    """A hand over 21 busts; a hand at 21 stands (a blackjack if it may be one)."""
    value = total(hand.cards)
    if value > 21:
        hand.status = "bust"
    elif value == 21:
        hand.status = "blackjack" if not hand.split and is_blackjack(hand.cards) else "stood"


def _stand_all(seat: Seat) -> None:
    for hand in seat.hands:
        if not hand.finished:
            hand.status = "stood"


def _stand_away(state: State, seat: Seat, why: str) -> None:
    """A seat that is away (leaving, sitting out) stands on the hands it still plays; `why`
    (marked) says so in its log."""
    if any(not hand.finished for hand in seat.hands):
        _stand_all(seat)
        house.log(state, seat.player, why)


def _cards_text(hand: Sequence[Card]) -> Text:
    value = total(hand)
    template = N_("{cards} ({total}, bust)") if value > 21 else N_("{cards} ({total})")
    return Text(template, cards=" ".join(codes(hand)), total=value)


# The moves of a hand, logged: (one hand, one of split hands) × (still in, bust)
HIT_LOG = ((N_("{player} hits: {card} ({total})"), N_("{player} hits: {card} ({total}, bust)")),
           (N_("{player} hits hand {hand}: {card} ({total})"), N_("{player} hits hand {hand}: {card} ({total}, bust)")))
DOUBLE_LOG = ((N_("{player} doubles to {bet}: {card} ({total})"), N_("{player} doubles to {bet}: {card} ({total}, bust)")),
              (N_("{player} doubles hand {hand} to {bet}: {card} ({total})"),
               N_("{player} doubles hand {hand} to {bet}: {card} ({total}, bust)")))
STAND_LOG = (N_("{player} stands on {total}"), N_("{player} stands hand {hand} on {total}"))
SPLIT_LOG = (N_("{player} splits: {cards}"), N_("{player} splits hand {hand}: {cards}"))


DEALER_TURNS_LOG = (N_("Dealer turns {card} ({total})"), N_("Dealer turns {card} ({total}, bust)"))
DEALER_DRAWS_LOG = (N_("Dealer draws {card} ({total})"), N_("Dealer draws {card} ({total}, bust)"))


def _log_dealer(state: State, moves: tuple[str, str], shown: Card) -> None:
    value = total(state.dealer)
    state.log.append(Text(moves[value > 21], card=shown.code, total=value))


def _log_draw(state: State, seat: Seat, index: int, moves: tuple[tuple[str, str], ...]) -> None:
    """A hit or a double, logged with the card drawn and the hand's total."""
    hand = seat.hands[index]
    value = total(hand.cards)
    house.log(state, seat.player, moves[len(seat.hands) > 1][value > 21], hand=index + 1, bet=hand.bet,
              card=hand.cards[-1].code, total=value)


# --- the round -----------------------------------------------------------------------------


def _advance(state: State, events: list[Event]) -> list[Event]:
    """Housekeeping after every accepted action: close the window, deal, settle."""
    if state.phase == "betting":
        result = house.window_result(state)
        if result == "deal":
            _deal(state, events)
        elif result == "reopen":
            events.append(house.open_window(state))
    if state.phase == "playing" and current_turn(state) is None:
        _settle(state, events)
    return events


def _deal(state: State, events: list[Event]) -> None:
    events.extend(house.prepare_deal(state))
    state.phase = "playing"
    state.dealer = [_draw(state, events), _draw(state, events)]
    for seat in _seats(state):
        if seat.bet is None:
            continue
        hand = Hand([_player_card(state, _draw(state, events))], seat.bet)
        seat.hands = [hand]
        _check_21(hand)
        if seat.leaving or seat.sitting_out:
            _stand_away(state, seat, N_("{player} is away: stands"))
    dealt = [{"player": s.player, "cards": codes(s.hands[0].cards)} for s in _seats(state) if s.hands]
    events.append(Event("dealt", {"round": state.round, "dealer": [state.dealer[0].code, None],
                                  "players": dealt}))


def _result(hand: Hand, dealer: list[Card]) -> str:
    score = outcome(hand.cards, dealer)
    if score > 0:
        return "blackjack" if hand.status == "blackjack" else "win"
    return "push" if score == 0 else "loss"


def _play_dealer(state: State, events: list[Event]) -> None:
    """The hole card is turned, then the dealer draws to 17."""
    _log_dealer(state, DEALER_TURNS_LOG, state.dealer[1])
    while total(state.dealer) < 17 and _can_draw(state):
        state.dealer.append(_draw(state, events))
        _log_dealer(state, DEALER_DRAWS_LOG, state.dealer[-1])
    if total(state.dealer) <= 21:
        state.log.append(Text(N_("Dealer stands on {total}"), total=total(state.dealer)))


def _settle(state: State, events: list[Event]) -> None:
    _play_dealer(state, events)
    events.append(Event("dealer", {"round": state.round, "cards": codes(state.dealer),
                                   "total": total(state.dealer)}))
    results, gained = [], 0
    for seat in _seats(state):
        for index, hand in enumerate(seat.hands):
            hand.result = _result(hand, state.dealer)
            hand.payout = payout(hand.bet, hand.result)
            seat.stack += hand.payout
            gained += hand.bet - hand.payout
            results.append({"player": seat.player, "hand": index, "bet": hand.bet,
                            "result": hand.result, "payout": hand.payout,
                            "net": hand.payout - hand.bet, "reason": reason(hand.cards, state.dealer)})
    state.house_net += gained
    state.phase = "settled"
    house.remember(state, {"dealer": codes(state.dealer)},
                   [{"player": s.player, "hands": [_hand_entry(h) for h in s.hands]}
                    for s in _seats(state) if s.hands])
    snapshot = _view(state, None)
    events.append(Event("settled", {"round": state.round, "results": results, "house": gained,
                                    "dealer": codes(state.dealer)}))
    state.dealer = []
    events.extend(house.finish_round(state, snapshot))


# --- actions -------------------------------------------------------------------------------


def _bet(state: State, player: int, action: Action) -> list[Event]:
    seat = house.seated(state, player)
    house.verify_can_bet(state, seat)
    amount = house.verify_amount(state, seat, action.get("amount"))
    house.do_bet(seat, amount)
    house.log(state, player, N_("{player} bets {amount}"), amount=amount)
    return _advance(state, [Event("bet", {"player": player, "amount": amount})])


def _pass(state: State, player: int, action: Action) -> list[Event]:
    seat = house.seated(state, player)
    house.verify_pass(state, seat)
    seat.passed = True
    return _advance(state, [Event("pass", {"player": player})])


def _my_turn(state: State, player: int) -> tuple[Seat, Hand, int]:
    seat = house.seated(state, player)
    require(state.phase == "playing", N_("the cards are not dealt yet: betting is open"))
    require(bool(seat.hands), N_("you have no hand in this round"))
    turn = current_turn(state)
    assert turn is not None  # a playing round always has a hand to play
    require(turn[0] is seat, N_("it is not your turn: {player} is playing"), player=mention(turn[0].player))
    return seat, seat.hands[turn[1]], turn[1]


def _hit(state: State, player: int, action: Action) -> list[Event]:
    seat, hand, index = _my_turn(state, player)
    require(_can_draw(state), N_("the shoe is empty"))
    events: list[Event] = []
    hand.cards.append(_player_card(state, _draw(state, events)))
    _check_21(hand)
    _log_draw(state, seat, index, HIT_LOG)
    events.append(Event("hit", {"player": player, "hand": index, "card": hand.cards[-1].code,
                                "total": total(hand.cards), "status": hand.status}))
    return _advance(state, events)


def _stand(state: State, player: int, action: Action) -> list[Event]:
    seat, hand, index = _my_turn(state, player)
    hand.status = "stood"
    house.log(state, player, STAND_LOG[len(seat.hands) > 1], hand=index + 1, total=total(hand.cards))
    return _advance(state, [Event("stand", {"player": player, "hand": index})])


def _verify_double(state: State, seat: Seat, hand: Hand) -> None:
    require(len(hand.cards) == 2, N_("you can only double on a two-card hand"))
    require(seat.stack >= hand.bet, N_("you have {n} chip, doubling needs {more} more"),
            plural=N_("you have {n} chips, doubling needs {more} more"), count=seat.stack, more=hand.bet)
    require(_can_draw(state), N_("the shoe is empty"))


def _double(state: State, player: int, action: Action) -> list[Event]:
    seat, hand, index = _my_turn(state, player)
    _verify_double(state, seat, hand)
    events: list[Event] = []
    seat.stack -= hand.bet
    hand.bet *= 2
    hand.cards.append(_player_card(state, _draw(state, events)))
    hand.status = "bust" if total(hand.cards) > 21 else "doubled"
    _log_draw(state, seat, index, DOUBLE_LOG)
    events.append(Event("double", {"player": player, "hand": index, "card": hand.cards[-1].code,
                                   "total": total(hand.cards), "status": hand.status}))
    return _advance(state, events)


def _verify_split(seat: Seat, hand: Hand) -> None:
    require(len(hand.cards) == 2, N_("you can only split a two-card hand"))
    first, second = hand.cards
    require(split_value(first) == split_value(second), N_("you can only split two cards of the same value"))
    require(not (hand.split_aces and is_minor_ace(first)), N_("aces cannot be split again"))
    require(len(seat.hands) < MAX_HANDS, N_("you cannot play more than {most} hands"), most=MAX_HANDS)
    require(seat.stack >= hand.bet, N_("you have {n} chip, splitting needs {more} more"),
            plural=N_("you have {n} chips, splitting needs {more} more"), count=seat.stack, more=hand.bet)


def _split(state: State, player: int, action: Action) -> list[Event]:
    seat, hand, index = _my_turn(state, player)
    _verify_split(seat, hand)
    aces = is_minor_ace(hand.cards[0])
    house.log(state, player, SPLIT_LOG[len(seat.hands) > 1], hand=index + 1, cards=" ".join(codes(hand.cards)))
    seat.stack -= hand.bet
    second = Hand([hand.cards.pop()], hand.bet, split=True, split_aces=aces or hand.split_aces)
    hand.split, hand.split_aces = True, aces or hand.split_aces
    seat.hands.insert(index + 1, second)
    return _advance(state, [Event("split", {"player": player, "hand": index})])


def _index(value: Any, size: int, missing: str) -> int:
    ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value < size
    require(ok, missing, value=repr(value))
    return value


def _turn_card(state: State, player: int, action: Action) -> list[Event]:
    seat = house.seated(state, player)
    require(state.options.orientation == "manual", N_("cards are placed reversed at this table; "
                                                      "turning them is for tables with manual orientation"))
    require(state.phase == "playing" and bool(seat.hands), N_("you have no cards to turn"))
    hand = seat.hands[_index(action.get("hand"), len(seat.hands), N_("there is no hand {value}"))]
    position = _index(action.get("card"), len(hand.cards), N_("there is no card {value}"))
    require(not hand.finished, N_("that hand is finished: its cards are placed"))
    turned = hand.cards[position].turned()
    house.log(state, player, N_("{player} turns {card} to {turned}"), card=hand.cards[position].code, turned=turned.code)
    hand.cards[position] = turned
    return [Event("turned", {"player": player, "hand": action["hand"], "card": position,
                             "now": hand.cards[position].code})]


def _join(state: State, player: int, action: Action) -> list[Event]:
    stack = house.verify_join(state, player, action, MAX_SEATS)
    state.seats.append(Seat(player, stack))
    return [Event("joined", {"player": player, "stack": stack})]


def _leave(state: State, player: int, action: Action) -> list[Event]:
    seat = house.seated(state, player)
    house.verify_leave(seat)
    events = house.leave(state, seat)
    if seat.leaving:
        _stand_away(state, seat, N_("{player} leaves: stands"))
    return _advance(state, events)


def _sitout(state: State, player: int, action: Action) -> list[Event]:
    seat = house.seated(state, player)
    house.verify_sitout(seat)
    seat.sitting_out = True
    _stand_away(state, seat, N_("{player} sits out: stands"))
    return _advance(state, [Event("sitout", {"player": player})])


HANDLERS: dict[str, Callable[[State, int, Action], list[Event]]] = {
    "bet": _bet, "pass": _pass, "hit": _hit, "stand": _stand, "double": _double,
    "split": _split, "turn": _turn_card, "join": _join, "leave": _leave, "sitout": _sitout,
    "sitin": house.sitin,
}


def apply(state: State, player: int, action: Action) -> list[Event]:
    """Play one action; IllegalAction (state untouched) when it is refused."""
    kind = house.action_type(action)
    handler = HANDLERS.get(kind)
    if handler is None:
        raise IllegalAction(Text(N_("blackjack has no action {kind}"), kind=repr(kind)))
    return handler(state, player, action)


def legal_actions(state: State, player: int) -> list[Action]:
    seat = house.find_seat(state, player)
    actions: list[Action] = []
    if isinstance(seat, Seat):
        if house.can_bet(state, seat):
            actions.append({"type": "bet", **house.bet_limits(state, seat)})
        if base.allowed(lambda: house.verify_pass(state, seat)):
            actions.append({"type": "pass"})
        actions.extend(_play_actions(state, seat))
    return actions + house.seat_actions(state, player, MAX_SEATS)


def _play_actions(state: State, seat: Seat) -> list[Action]:
    actions: list[Action] = []
    turn = current_turn(state)
    if turn is not None and turn[0] is seat:
        hand = seat.hands[turn[1]]
        if _can_draw(state):
            actions.append({"type": "hit"})
        actions.append({"type": "stand"})
        if base.allowed(lambda: _verify_double(state, seat, hand)):
            actions.append({"type": "double"})
        if base.allowed(lambda: _verify_split(seat, hand)):
            actions.append({"type": "split"})
    if state.options.orientation == "manual" and state.phase == "playing":
        for h, hand in enumerate(seat.hands):
            if not hand.finished:
                actions.extend({"type": "turn", "hand": h, "card": c} for c in range(len(hand.cards)))
    return actions


# --- what players see ----------------------------------------------------------------------


def _hand_view(hand: Hand, dealer: list[Card]) -> dict[str, Any]:
    settled = hand.result is not None and bool(dealer)
    return {"cards": codes(hand.cards), "bet": hand.bet, "total": total(hand.cards),
            "status": hand.status, "result": hand.result, "payout": hand.payout,
            "reason": reason(hand.cards, dealer) if settled else None}


def _seat_view(seat: Seat, dealer: list[Card]) -> dict[str, Any]:
    return {"player": seat.player, "stack": seat.stack, "bet": seat.bet, "passed": seat.passed,
            "sitting_out": seat.sitting_out, "leaving": seat.leaving,
            "hands": [_hand_view(h, dealer) for h in seat.hands]}


def _dealer_view(state: State) -> dict[str, Any]:
    if not state.dealer:
        return {"cards": [], "total": None}
    if state.phase == "playing":  # the hole card stays face down until the dealer plays
        return {"cards": [state.dealer[0].code, None], "total": total(state.dealer[:1])}
    return {"cards": codes(state.dealer), "total": total(state.dealer)}


def _view(state: State, last_round: dict[str, Any] | None) -> dict[str, Any]:
    turn = current_turn(state)
    return {
        "game": NAME, "phase": state.phase, "round": state.round,
        "min_bet": state.options.min_bet, "max_bet": state.options.max_bet,
        "orientation": state.options.orientation, "shoe_remaining": len(state.shoe.cards),
        "dealer": _dealer_view(state), "seats": [_seat_view(s, state.dealer) for s in _seats(state)],
        "turn": {"player": turn[0].player, "hand": turn[1]} if turn else None,
        "last_round": last_round, "commitments": house.deals_view(state),
    }


def view(state: State, player: int | None = None) -> dict[str, Any]:
    """The table as anyone may see it: the hole card face down (None), never the shoe."""
    return _view(state, state.last_round)


# --- /history ------------------------------------------------------------------------------


def _hand_entry(hand: Hand) -> dict[str, Any]:
    assert hand.result is not None and hand.payout is not None  # only settled hands are kept
    return {"cards": codes(hand.cards), "result": hand.result, "net": hand.payout - hand.bet}


def history(state: State, player: int) -> list[HandRecord]:
    """The last rounds `player` played. Every card of a settled round ended face up (players'
    cards are dealt face up, the dealer turns the hole card before drawing), so a record shows
    the whole table; the shoe never appears."""
    return house.hand_records(state, player, _record_lines)


def _record_lines(entry: dict[str, Any], mine: house.SeatEntry) -> tuple[list[str], str]:
    lines = _seat_lines(Text(N_("You")), mine)
    for seat in entry["seats"]:
        if seat["player"] != mine["player"]:
            lines += _seat_lines(mention(seat["player"]), seat)
    lines.append(Text(N_("Dealer: {cards}"), cards=_cards_text(cards(entry["dealer"]))))
    words = {f"r{i}": Text(RESULT_WORDS[h["result"]]) for i, h in enumerate(mine["hands"])}
    listed = ", ".join(f"{{{key}}}" for key in words)  # a list of its own (no catalog has it): its words translate
    results = Text(listed, **words)
    return lines, Text(N_("{results}: {chips}"), results=results,
                       chips=house.chips_text(sum(h["net"] for h in mine["hands"])))


def _seat_lines(name: str, seat: house.SeatEntry) -> list[str]:
    hands = seat["hands"]
    if len(hands) == 1:
        return [Text(N_("{player}: {cards}"), player=name, cards=_cards_text(cards(hands[0]["cards"])))]
    return [Text(N_("{player}, hand {number}: {cards}"), player=name, number=i, cards=_cards_text(cards(h["cards"])))
            for i, h in enumerate(hands, 1)]
