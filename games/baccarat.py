"""Major Baccarat (rules/baccarat.md): punto banco with a 78-card shoe.

Players bet on Player, Banker or Tie in a betting window (house.py); when everyone waited on
has bet or passed, the coup is dealt by the tableau, settled, and the next window opens, all
within the same `apply`. Nobody turns a card: every card keeps its deck orientation.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from games import fairness, house
from games.base import N_, Action, Event, HandRecord, IllegalAction, SeatSpec, Text, require
from games.cards import Card, cards, codes

NAME = "baccarat"
MIN_SEATS = 1
MAX_SEATS = 10
CHIPS = True
HOUSE = True
JOIN_MID_GAME = True
SIDES = ("player", "banker", "tie")
ROAD_LENGTH = 20
TIE_ODDS = 8
COMMISSIONS = (0, 5)


@dataclass(frozen=True)
class Options:
    min_bet: int = 10
    max_bet: int = 500
    decks: int = 2
    commission: int = 5
    timer: int = 60

    def validate(self) -> None:
        house.check_common_options(self.min_bet, self.max_bet, self.decks, self.timer)
        ok = self.commission in COMMISSIONS and not isinstance(self.commission, bool)
        require(ok, N_("commission must be 5 or 0 (percent)"))


# --- the rules as functions ----------------------------------------------------------------


def value(c: Card) -> int:
    """A card's baccarat value: majors their number mod 10, minor ace 1, 2-9, 10 and courts 0."""
    if c.is_major:
        return c.rank % 10
    return c.rank if c.rank <= 9 else 0


def count(hand: Sequence[Card]) -> int:
    return sum(value(c) for c in hand) % 10


def banker_draws(banker: int, third: Card | None) -> bool:
    """The tableau: does the Banker, at count `banker`, draw after Player's third card?"""
    if third is None:
        return banker <= 5
    v = value(third)
    if banker <= 2:
        return True
    rule = {3: v != 8, 4: 2 <= v <= 7, 5: 4 <= v <= 7, 6: 6 <= v <= 7}
    return rule.get(banker, False)


def deal_coup(shoe: Sequence[Card]) -> tuple[list[Card], list[Card]]:
    """Both hands dealt from `shoe` in order: P, B, P, B, then the tableau's third cards."""
    stream = iter(shoe)

    def take() -> Card:
        found = next(stream, None)
        if found is None:
            raise ValueError("not enough cards for a coup")
        return found

    player = [take()]
    banker = [take()]
    player.append(take())
    banker.append(take())
    if count(player) >= 8 or count(banker) >= 8:
        return player, banker
    third = None
    if count(player) <= 5:
        third = take()
        player.append(third)
    if banker_draws(count(banker), third):
        banker.append(take())
    return player, banker


def has_major(hand: Sequence[Card]) -> bool:
    return any(c.is_major for c in hand)


def outcome(player_cards: Sequence[Card], banker_cards: Sequence[Card]) -> str:
    """The first rule that applies: one major, higher count, more reversed cards, else tie."""
    if has_major(player_cards) != has_major(banker_cards):
        return "player" if has_major(player_cards) else "banker"
    keys = [(count(player_cards), sum(c.reversed for c in player_cards)),
            (count(banker_cards), sum(c.reversed for c in banker_cards))]
    if keys[0] == keys[1]:
        return "tie"
    return "player" if keys[0] > keys[1] else "banker"


def reason(player_cards: Sequence[Card], banker_cards: Sequence[Card]) -> str:
    """Why the coup went the way it did, in the words of the rule that decided it."""
    winner = outcome(player_cards, banker_cards)
    counts = {"player": count(player_cards), "banker": count(banker_cards)}
    if has_major(player_cards) != has_major(banker_cards):
        return Text(REASONS[winner][0])
    flips = (sum(c.reversed for c in player_cards), sum(c.reversed for c in banker_cards))
    if winner == "tie":
        return Text(N_("A tie: {player} v {banker}, with as many reversed cards ({flips} each)"), flips=flips[0],
                    **counts)
    if count(player_cards) != count(banker_cards):
        return Text(REASONS[winner][1], **counts)
    mine, theirs = flips if winner == "player" else flips[::-1]
    return Text(REASONS[winner][2], mine=mine, theirs=theirs, **counts)


# Why a side won: it alone holds a major; its count; as many points but more reversed cards.
REASONS = {
    "player": (N_("Player wins: it holds a major and the other hand does not"), N_("Player wins, {player} v {banker}"),
               N_("Player wins: {player} v {banker}, and it has more reversed cards ({mine} v {theirs})")),
    "banker": (N_("Banker wins: it holds a major and the other hand does not"), N_("Banker wins, {player} v {banker}"),
               N_("Banker wins: {player} v {banker}, and it has more reversed cards ({mine} v {theirs})")),
}


def payout(on: str, amount: int, winner: str, commission: int) -> int:
    """Chips returned to the stack, the stake included."""
    if winner == "tie":
        return amount * (TIE_ODDS + 1) if on == "tie" else amount
    if on != winner:
        return 0
    fee = amount * commission // 100 if on == "banker" else 0
    return 2 * amount - fee


# --- the state -----------------------------------------------------------------------------


@dataclass
class Seat(house.Seat):
    on: str | None = None

    def clear_round(self) -> None:
        super().clear_round()
        self.on = None

    def to_dict(self) -> dict[str, Any]:
        return {**self.base_dict(), "on": self.on}


@dataclass
class State(house.Table):
    road: list[str] = field(default_factory=list)


def new(options: Options, seats: list[SeatSpec], fair: fairness.Dealer | None = None,
        opening: list[Event] | None = None) -> State:  # opening: nothing is dealt before the first bets
    options.validate()
    house.check_seats(seats, MAX_SEATS)
    return State(**house.start(options, [Seat(s.player, s.stack) for s in seats], fair))


def to_dict(state: State) -> dict[str, Any]:
    data = house.table_dict(state, [s.to_dict() for s in _seats(state)])
    return {**data, "road": list(state.road)}


def from_dict(data: dict[str, Any]) -> State:
    seats: list[house.Seat] = [Seat(**s) for s in data["seats"]]
    fields = house.table_fields(data, Options(**data["options"]), seats)
    return State(**fields, road=list(data["road"]))


def _seats(state: State) -> list[Seat]:
    return state.seats  # type: ignore[return-value]


# The contract's table-wide answers are the same for every house game (games/house.py).
is_over, chips_on_table, refunds, players, buy_in_range, round_to_settle, deals_in_play = (
    house.is_over, house.chips_on_table, house.refunds, house.players, house.buy_in_range,
    house.round_to_settle, house.deals_in_play)


def pending(state: State) -> list[int]:
    return house.window_pending(state)


def step_key(state: State) -> str:
    """One key per betting window: every bet in it shares its buttons."""
    return f"r{state.round}-bet"


def default_action(state: State, player: int) -> Action:
    return {"type": "pass"}


# --- the coup ------------------------------------------------------------------------------


def _advance(state: State, events: list[Event]) -> list[Event]:
    result = house.window_result(state)
    if result == "deal":
        _play_coup(state, events)
    elif result == "reopen":
        events.append(house.open_window(state))
    return events


def _play_coup(state: State, events: list[Event]) -> None:
    events.extend(house.prepare_deal(state))
    player_cards, banker_cards = deal_coup(state.shoe.cards)
    house.take(state, len(player_cards) + len(banker_cards))
    events.append(Event("dealt", {"round": state.round, "player_cards": codes(player_cards),
                                  "banker_cards": codes(banker_cards)}))
    winner = outcome(player_cards, banker_cards)
    results, payouts, gained = [], {}, 0
    for seat in _seats(state):
        if seat.bet is None or seat.on is None:
            continue
        paid = payout(seat.on, seat.bet, winner, state.options.commission)
        seat.stack += paid
        gained += seat.bet - paid
        payouts[seat.player] = paid
        results.append({"player": seat.player, "on": seat.on, "amount": seat.bet, "payout": paid,
                        "net": paid - seat.bet})
    state.house_net += gained
    state.road = (state.road + [winner])[-ROAD_LENGTH:]
    state.log += [_draw_line("player", player_cards), _draw_line("banker", banker_cards)]
    house.remember(state, {"player_cards": codes(player_cards), "banker_cards": codes(banker_cards),
                           "winner": winner},
                   [{"player": r["player"], "on": r["on"], "amount": r["amount"], "net": r["net"]}
                    for r in results])
    snapshot = _coup_view(state, player_cards, banker_cards, winner, payouts)
    events.append(Event("settled", {"round": state.round, "winner": winner,
                                    "player_cards": codes(player_cards),
                                    "banker_cards": codes(banker_cards),
                                    "player_count": count(player_cards),
                                    "banker_count": count(banker_cards),
                                    "reason": reason(player_cards, banker_cards),
                                    "results": results, "house": gained}))
    events.extend(house.finish_round(state, snapshot))


# --- actions -------------------------------------------------------------------------------


def _side(raw: Any) -> str:
    side = raw.strip().lower() if isinstance(raw, str) else None
    require(side in SIDES, N_("bet on player, banker or tie"))
    return side  # type: ignore[return-value]


def _bet(state: State, player: int, action: Action) -> list[Event]:
    seat = house.seated(state, player)
    house.verify_can_bet(state, seat)
    side = _side(action.get("on"))
    amount = house.verify_amount(state, seat, action.get("amount"))
    house.do_bet(seat, amount)
    assert isinstance(seat, Seat)
    seat.on = side
    house.log(state, player, BET_LOG[side], amount=amount)
    return _advance(state, [Event("bet", {"player": player, "on": side, "amount": amount})])


def _pass(state: State, player: int, action: Action) -> list[Event]:
    seat = house.seated(state, player)
    house.verify_pass(state, seat)
    seat.passed = True
    return _advance(state, [Event("pass", {"player": player})])


def _join(state: State, player: int, action: Action) -> list[Event]:
    stack = house.verify_join(state, player, action, MAX_SEATS)
    state.seats.append(Seat(player, stack))
    return [Event("joined", {"player": player, "stack": stack})]


def _leave(state: State, player: int, action: Action) -> list[Event]:
    seat = house.seated(state, player)
    house.verify_leave(seat)
    return _advance(state, house.leave(state, seat))


def _sitout(state: State, player: int, action: Action) -> list[Event]:
    seat = house.seated(state, player)
    house.verify_sitout(seat)
    seat.sitting_out = True
    return _advance(state, [Event("sitout", {"player": player})])


HANDLERS: dict[str, Callable[[State, int, Action], list[Event]]] = {
    "bet": _bet, "pass": _pass, "join": _join, "leave": _leave, "sitout": _sitout,
    "sitin": house.sitin,
}


def apply(state: State, player: int, action: Action) -> list[Event]:
    """Play one action; IllegalAction (state untouched) when it is refused."""
    kind = house.action_type(action)
    handler = HANDLERS.get(kind)
    if handler is None:
        raise IllegalAction(Text(N_("baccarat has no action {kind}"), kind=repr(kind)))
    return handler(state, player, action)


def legal_actions(state: State, player: int) -> list[Action]:
    seat = house.find_seat(state, player)
    actions: list[Action] = []
    if seat is not None:
        if house.can_bet(state, seat):
            limits = house.bet_limits(state, seat)
            actions.extend({"type": "bet", "on": side, **limits} for side in SIDES)
        if seat.bet is None and not seat.passed:
            actions.append({"type": "pass"})
    return actions + house.seat_actions(state, player, MAX_SEATS)


# --- what players see ----------------------------------------------------------------------


def _seat_view(seat: Seat, paid: int | None) -> dict[str, Any]:
    bet = {"on": seat.on, "amount": seat.bet} if seat.bet is not None else None
    return {"player": seat.player, "stack": seat.stack, "bet": bet, "passed": seat.passed,
            "sitting_out": seat.sitting_out, "leaving": seat.leaving, "payout": paid}


def _base_view(state: State) -> dict[str, Any]:
    return {"game": NAME, "round": state.round, "min_bet": state.options.min_bet,
            "max_bet": state.options.max_bet, "commission": state.options.commission,
            "shoe_remaining": len(state.shoe.cards), "road": list(state.road)}


def _coup_view(state: State, player_cards: list[Card], banker_cards: list[Card], winner: str,
               payouts: dict[int, int]) -> dict[str, Any]:
    return {**_base_view(state), "phase": "settled", "player_cards": codes(player_cards),
            "banker_cards": codes(banker_cards), "player_count": count(player_cards),
            "banker_count": count(banker_cards), "winner": winner,
            "reason": reason(player_cards, banker_cards),
            "seats": [_seat_view(s, payouts.get(s.player)) for s in _seats(state)],
            "last_round": None}


def view(state: State, player: int | None = None) -> dict[str, Any]:
    """The table between coups: bets, stacks, the road and the last coup; never the shoe."""
    return {**_base_view(state), "phase": state.phase, "player_cards": [], "banker_cards": [],
            "player_count": None, "banker_count": None, "winner": None, "reason": None,
            "seats": [_seat_view(s, None) for s in _seats(state)],
            "last_round": state.last_round, "commitments": house.deals_view(state)}


# --- /history ------------------------------------------------------------------------------


BET_LOG = {"player": N_("{player} bets {amount} on player"), "banker": N_("{player} bets {amount} on banker"),
           "tie": N_("{player} bets {amount} on tie")}
DRAW_LOG = {"player": (N_("Player draws {card} ({points})"), N_("Player stands on {points}")),
            "banker": (N_("Banker draws {card} ({points})"), N_("Banker stands on {points}"))}
CARDS_LINE = {"player": N_("Player: {cards} ({points})"), "banker": N_("Banker: {cards} ({points})")}
ON_WORDS = {"player": N_("on player"), "banker": N_("on banker"), "tie": N_("on tie")}
WON_WORDS = {"player": N_("player won"), "banker": N_("banker won"), "tie": N_("a tie")}


def _draw_line(side: str, hand: list[Card]) -> Text:
    """The tableau's move for one side: its third card, or standing on its first two."""
    if len(hand) == 3:
        return Text(DRAW_LOG[side][0], card=hand[2].code, points=count(hand))
    return Text(DRAW_LOG[side][1], points=count(hand))


def history(state: State, player: int) -> list[HandRecord]:
    """The last coups `player` bet on. A coup's cards are all dealt face up, so a record shows
    both hands and every bet; the shoe never appears."""
    return house.hand_records(state, player, _record_lines)


def _record_lines(entry: dict[str, Any], mine: house.SeatEntry) -> tuple[list[str], str]:
    lines = [Text(CARDS_LINE[side], cards=" ".join(entry[key]), points=count(cards(entry[key])))
             for side, key in (("player", "player_cards"), ("banker", "banker_cards"))]
    return lines, Text(N_("{amount} {on}, {won}: {chips}"), amount=mine["amount"], on=Text(ON_WORDS[mine["on"]]),
                       won=Text(WON_WORDS[entry["winner"]]), chips=house.chips_text(mine["net"]))
