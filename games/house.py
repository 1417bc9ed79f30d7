"""What the two house games (blackjack, baccarat) share: the shoe, the seats, the betting
window, joining, leaving and sitting out, bet validation and the chip count.

A shoe holds `decks` full 78-card decks, a deal of its own (`games/fairness.py`): its commitment
is shown before it is drawn and while it is in use, its seed once it is replaced
(by a full new shoe before a round when it runs low, or mid-round by a shoe of the discards when
it runs out — that one waits for the round's settlement, as its cards may still be hidden).

Each settled round is kept for `/history` as a compact entry (codes and ints) in `history`; its
"seats" list says who took part, and each game turns an entry into a player's `HandRecord`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from games import base, fairness
from games.base import (
    HISTORY_HANDS,
    N_,
    Action,
    Event,
    HandRecord,
    Plural,
    SeatSpec,
    Text,
    cashout,
    mention,
    parse_amount,
    plain_copy,
    require,
)
from games.cards import Card, cards, codes, full_deck

DECK_SIZE = 78


# --- the shoe ------------------------------------------------------------------------------


@dataclass
class Shoe:
    """The cards left to draw, shuffled with the secret seed of this shoe alone (`deal`)."""

    decks: int
    number: int  # shoes the table has used, this one included
    deal: fairness.Deal
    cards: list[Card] = field(default_factory=list)

    @property
    def size(self) -> int:
        return self.decks * DECK_SIZE

    def to_dict(self) -> dict[str, Any]:
        return {"decks": self.decks, "number": self.number, "deal": self.deal.to_dict(),
                "cards": codes(self.cards)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Shoe:
        return cls(data["decks"], data["number"], fairness.Deal.from_dict(data["deal"]), cards(data["cards"]))


def new_shoe(fair: fairness.Dealer, seated: list[int], decks: int, number: int = 1,
             without: Iterable[Card] = ()) -> Shoe:
    """The table's next deal, to the players `seated`, as a shoe: `decks` decks one after the
    other, or, mid-round, the discards (every card but those `without`, on the table) in the
    canonical order."""
    aside = list(without)
    gathered = discards_of(decks, aside) if aside else None
    deal, shuffled = fair.draw(f"shoe {number}", seated, decks=decks, gathered=gathered)
    return Shoe(decks, number, deal, shuffled)


def discards_of(decks: int, on_table: list[Card]) -> list[Card]:
    """Every card of `decks` decks but (one copy each of) those on the table."""
    aside = Counter(face_key(c) for c in on_table)
    faces = []
    for face in FULL_DECK * decks:
        if aside[face_key(face)]:
            aside[face_key(face)] -= 1
        else:
            faces.append(face)
    return faces


def is_low(shoe: Shoe) -> bool:
    """Fewer than a quarter of the shoe remains."""
    return len(shoe.cards) * 4 < shoe.size


def replace_shoe(state: Table, on_table: list[Card]) -> list[Event]:
    """A new shoe with its own seed. The old one is revealed once no card it dealt is hidden:
    now between rounds (nothing on the table), at settlement when the round drew from it."""
    old = state.shoe
    state.shoe = new_shoe(state.fair, players(state), old.decks, old.number + 1, on_table)
    if not on_table:
        events = [fairness.revealed(old.deal)]
        fairness.reveal_in(state.history, old.deal)
    else:
        state.retired.append(old.deal)
        events = []
    return [*events, fairness.committed(state.shoe.deal), shuffle_event(state.shoe)]


def prepare_deal(state: Table) -> list[Event]:
    """Before a round's cards: a low shoe (or one of the old, predictable seed scheme) is
    replaced by a full new one, and the round notes the shoe and position its cards begin at."""
    worn = is_low(state.shoe) or fairness.is_old_scheme(state.shoe.deal)
    events = replace_shoe(state, []) if worn else []
    note_shoe(state)
    return events


def note_shoe(state: Table) -> None:
    """The round draws from the current shoe, from its next card on."""
    shoe = state.shoe
    named = shoe.deal.named(revealed=False)
    named["label"] = f"{named['label']} from card {len(shoe.deal.dealt) + 1}"
    state.round_deals.append(named)


def shuffle_event(shoe: Shoe) -> Event:
    return Event("shuffle", {"shoe": shoe.number, "cards": len(shoe.cards),
                             "commitment": shoe.deal.commitment})


FULL_DECK = tuple(full_deck())


def face_key(c: Card) -> tuple[str | None, int]:
    """A card's identity without its orientation."""
    return c.suit, c.rank


def discards(shoe: Shoe, on_table: Iterable[Card]) -> list[Card]:
    """The cards neither in the shoe nor on the table, upright, in full-deck order."""
    missing = Counter({face_key(c): shoe.decks for c in FULL_DECK})
    missing.subtract(face_key(c) for c in shoe.cards)
    missing.subtract(face_key(c) for c in on_table)
    if any(n < 0 for n in missing.values()):
        raise ValueError("the shoe and the table hold more copies of a card than the decks do")
    return [face for face in FULL_DECK for _ in range(missing[face_key(face)])]


def available(shoe: Shoe, on_table: list[Card]) -> int:
    """Cards that can still be drawn this round: the shoe and the discards."""
    return shoe.size - len(on_table)


def draw(state: Table, on_table: list[Card], events: list[Event]) -> Card:
    """The top card; an empty shoe mid-round gives way to a new shoe of the discards (every card
    not on the table), with a seed of its own."""
    if not state.shoe.cards:
        require(available(state.shoe, on_table) > 0, N_("the shoe is empty"))
        events += replace_shoe(state, on_table)
        note_shoe(state)
    return take(state, 1)[0]


def take(state: Table, count: int) -> list[Card]:
    """The shoe's next `count` cards, noted as dealt from its deal."""
    return [state.shoe.deal.take(state.shoe.cards) for _ in range(count)]


def reveal_retired(state: Table) -> list[Event]:
    """After settlement: the shoes this round emptied are revealed."""
    events = [fairness.revealed(deal) for deal in state.retired]
    for deal in state.retired:
        fairness.reveal_in(state.history, deal)
    state.retired = []
    return events


def deals_in_play(state: Table) -> list[fairness.Deal]:
    return [*state.retired, state.shoe.deal]


def deals_view(state: Table) -> list[dict[str, str]]:
    """The commitments of the shoe in use (and of one emptied this round)."""
    return [deal.public() for deal in deals_in_play(state)]


def start(options: Any, seats: list[Seat], fair: fairness.Dealer | None) -> dict[str, Any]:
    """The fields a new house table starts with: its dealer and its first shoe, drawn now."""
    fair = fair or fairness.new_dealer()
    return {"options": options, "seats": seats, "shoe": new_shoe(fair, [s.player for s in seats], options.decks),
            "fair": fair}


# --- seats and the table -------------------------------------------------------------------


@dataclass
class Seat:
    player: int
    stack: int
    bet: int | None = None
    passed: bool = False
    sitting_out: bool = False
    leaving: bool = False

    def in_play(self) -> int:
        """Chips of this seat on the table this round (not in the stack)."""
        return self.bet or 0

    def clear_round(self) -> None:
        self.bet = None
        self.passed = False

    def base_dict(self) -> dict[str, Any]:
        return {"player": self.player, "stack": self.stack, "bet": self.bet, "passed": self.passed,
                "sitting_out": self.sitting_out, "leaving": self.leaving}


@dataclass
class Table:
    """The fields every house game state has. `house_net` is what the house has won (negative:
    lost) over the table's life; `last_round` is the settled round's view, kept for display;
    `log` the moves of the round in play; `history` the last settled rounds (`remember`)."""

    options: Any
    seats: list[Seat]
    shoe: Shoe
    round: int = 1
    phase: str = "betting"
    house_net: int = 0
    last_round: dict[str, Any] | None = None
    round_deals: list[base.DealSeed] = field(default_factory=list)  # the shoes this round draws from
    retired: list[fairness.Deal] = field(default_factory=list)  # emptied this round, revealed at its end
    log: list[str] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)
    fair: fairness.Dealer = field(default_factory=fairness.new_dealer)  # the next shoe's committed seed


def table_dict(state: Table, seats: list[dict[str, Any]]) -> dict[str, Any]:
    return {"options": base.options_dict(state.options), "seats": seats, "shoe": state.shoe.to_dict(),
            "round": state.round, "phase": state.phase, "house_net": state.house_net,
            "last_round": plain_copy(state.last_round), "round_deals": plain_copy(state.round_deals),
            "retired": [d.to_dict() for d in state.retired],
            "log": marked_moves(state.log), "history": plain_copy(state.history), "fair": state.fair.to_dict()}


def table_fields(data: dict[str, Any], options: Any, seats: list[Seat]) -> dict[str, Any]:
    return {"options": options, "seats": seats, "shoe": Shoe.from_dict(data["shoe"]),
            "round": data["round"], "phase": data["phase"], "house_net": data["house_net"],
            "last_round": plain_copy(data["last_round"]),
            "round_deals": plain_copy(data.get("round_deals", [])),
            "retired": [fairness.Deal.from_dict(d) for d in data.get("retired", [])],
            "log": read_moves(data.get("log", [])),
            "history": plain_copy(data.get("history", [])),
            "fair": fairness.Dealer.from_dict(data.get("fair"))}


def check_seats(specs: list[SeatSpec], max_seats: int) -> None:
    require(1 <= len(specs) <= max_seats, N_("a table seats 1 to {most} players"), most=max_seats)
    players = [spec.player for spec in specs]
    require(len(set(players)) == len(players), N_("a player can only sit once at a table"))
    for spec in specs:
        require(isinstance(spec.stack, int) and spec.stack >= 0, N_("a stack cannot be negative"))


def check_int(name: str, value: Any, low: int, high: int) -> None:
    ok = isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
    require(ok, N_("{name} must be a whole number from {low} to {high}"), name=name, low=low, high=high)


def check_common_options(min_bet: Any, max_bet: Any, decks: Any, timer: Any) -> None:
    check_int("min_bet", min_bet, 1, 100_000)
    check_int("max_bet", max_bet, min_bet, 1_000_000)
    check_int("decks", decks, 1, 4)
    check_int("timer", timer, 0, 600)


def action_type(action: Any) -> str:
    ok = isinstance(action, dict) and isinstance(action.get("type"), str)
    require(ok, N_("an action needs a type"))
    return action["type"]


def find_seat(state: Table, player: int) -> Seat | None:
    return base.find_seat(state.seats, player)


def seated(state: Table, player: int) -> Seat:
    return base.seat_of(state.seats, player)


def is_over(state: Table) -> bool:
    """A house table never finishes: players come and go until it is ended."""
    return False


def chips_on_table(state: Table) -> int:
    return sum(s.stack + s.in_play() for s in state.seats)


def players(state: Table) -> list[int]:
    """Everyone seated, in seat order (a seat leaving at the end of the round included)."""
    return [s.player for s in state.seats]


def buy_in_range(options: Any) -> tuple[int, int]:
    """Chips a player may bring to the table: at least one minimum bet, at most 100 maximum bets."""
    return options.min_bet, 100 * options.max_bet


def round_to_settle(state: Table) -> int | None:
    """The round whose cards are out (a blackjack round being played): ending the table plays
    it out. Bets in a betting window have seen no card; a baccarat coup is dealt and settled in
    one move, so it never has a round to settle."""
    return state.round if state.phase == "playing" else None


def refunds(state: Table) -> dict[int, int]:
    """When the table ends (no round left to settle): every seat gets its stack and the bets it
    placed in the open window back (the sum is `chips_on_table`; the house neither wins nor
    loses on bets no card was dealt to)."""
    return {s.player: s.stack + s.in_play() for s in state.seats}


# --- the betting window --------------------------------------------------------------------


def is_waited_on(state: Table, seat: Seat) -> bool:
    return (not seat.sitting_out and not seat.leaving and seat.stack >= state.options.min_bet
            and seat.bet is None and not seat.passed)


def window_pending(state: Table) -> list[int]:
    if state.phase != "betting":
        return []
    return [s.player for s in state.seats if is_waited_on(state, s)]


def window_result(state: Table) -> str | None:
    """`deal` when everyone waited on has acted and someone bet, `reopen` when all passed."""
    if state.phase != "betting" or window_pending(state):
        return None
    if any(s.bet is not None for s in state.seats):
        return "deal"
    if any(s.passed for s in state.seats):
        return "reopen"
    return None


def open_window(state: Table) -> Event:
    state.round += 1
    state.phase = "betting"
    state.log = []
    state.round_deals = []
    for seat in state.seats:
        seat.clear_round()
    return Event("round_open", {"round": state.round})


def verify_can_bet(state: Table, seat: Seat) -> None:
    require(state.phase == "betting", N_("betting is closed"))
    require(seat.bet is None, N_("you have already bet this round"))
    require(not seat.passed, N_("you passed this round; you can bet again in the next one"))


def verify_amount(state: Table, seat: Seat, raw: Any) -> int:
    amount = parse_amount(raw, "bet")
    require(amount >= state.options.min_bet, N_("the minimum bet is {amount}"), amount=state.options.min_bet)
    require(amount <= state.options.max_bet, N_("the maximum bet is {amount}"), amount=state.options.max_bet)
    require(amount <= seat.stack, N_("you have {n} chip, the bet is {amount}"),
            plural=N_("you have {n} chips, the bet is {amount}"), count=seat.stack, amount=amount)
    return amount


def do_bet(seat: Seat, amount: int) -> None:
    seat.stack -= amount
    seat.bet = amount
    seat.sitting_out = False


def verify_pass(state: Table, seat: Seat) -> None:
    require(state.phase == "betting", N_("betting is closed"))
    require(seat.bet is None, N_("you have already bet this round"))
    require(not seat.passed, N_("you have already passed this round"))


def finish_round(state: Table, snapshot: dict[str, Any]) -> list[Event]:
    """After settlement: leaving seats cash out, the round is kept for display, the next
    window opens."""
    events: list[Event] = reveal_retired(state)
    for seat in [s for s in state.seats if s.leaving]:
        state.seats.remove(seat)
        events.append(cashout(seat.player, seat.stack))
    state.last_round = snapshot
    events.append(open_window(state))
    return events


# --- joining, leaving, sitting out ---------------------------------------------------------


def verify_join(state: Table, player: int, action: Action, max_seats: int) -> int:
    require(find_seat(state, player) is None, N_("you are already seated at this table"))
    require(len(state.seats) < max_seats, N_("the table is full ({seats} seats)"), seats=max_seats)
    return parse_amount(action.get("stack"), "buy-in")


def verify_leave(seat: Seat) -> None:
    require(not seat.leaving, N_("you are already leaving at the end of this round"))


def leave(state: Table, seat: Seat) -> list[Event]:
    """Cash out now when nothing is in play; otherwise at settlement."""
    if seat.in_play():
        seat.leaving = True
        return [Event("leaving", {"player": seat.player})]
    state.seats.remove(seat)
    return [Event("left", {"player": seat.player}), cashout(seat.player, seat.stack)]


def verify_sitout(seat: Seat) -> None:
    require(not seat.sitting_out, N_("you are already sitting out"))


def verify_sitin(seat: Seat) -> None:
    require(seat.sitting_out, N_("you are not sitting out"))


def sitin(state: Table, player: int, action: Action) -> list[Event]:
    """Back from sitting out: the seat is waited on again from the next window."""
    seat = seated(state, player)
    verify_sitin(seat)
    seat.sitting_out = False
    return [Event("sitin", {"player": player})]


def seat_actions(state: Table, player: int, max_seats: int) -> list[Action]:
    """join / leave / sitout / sitin as they are legal now."""
    seat = find_seat(state, player)
    if seat is None:
        return [{"type": "join"}] if len(state.seats) < max_seats else []
    actions: list[Action] = [] if seat.leaving else [{"type": "leave"}]
    actions.append({"type": "sitin"} if seat.sitting_out else {"type": "sitout"})
    return actions


def can_bet(state: Table, seat: Seat) -> bool:
    return (state.phase == "betting" and seat.bet is None and not seat.passed
            and seat.stack >= state.options.min_bet)


def bet_limits(state: Table, seat: Seat) -> dict[str, int]:
    return {"min": state.options.min_bet, "max": min(state.options.max_bet, seat.stack)}


# --- the hand history ----------------------------------------------------------------------

SeatEntry = dict[str, Any]  # one player's part of a history entry: {"player": id, …}


def log(state: Table, player: int, move: str, **params: Any) -> None:
    """A move of the round in play, for its record, marked (`move` names the player `{player}`):
    `log(state, 1, N_("{player} bets {amount}"), amount=20)`."""
    state.log.append(Text(move, player=mention(player), **params))


def marked_moves(moves: Iterable[str | dict[str, Any]]) -> list[str | dict[str, Any]]:
    """Logged moves as JSON keeps them: a marked text as its message id and parameters."""
    return [move.marked() if isinstance(move, Text) else move for move in moves]


def read_moves(moves: Iterable[str | dict[str, Any]]) -> list[str]:
    """`marked_moves` read back: marked texts again (a plain string, logged before, as it is)."""
    return [Text.from_marked(move) if isinstance(move, dict) else move for move in moves]


def remember(state: Table, table_cards: dict[str, Any], seats: list[SeatEntry]) -> None:
    """Keep the settled round for /history: its number, the shoes it drew from, moves, the cards of the table
    (`table_cards`, codes) and one entry per player in it."""
    entry = {"hand": state.round, "deals": plain_copy(state.round_deals), **table_cards, "seats": seats,
             "log": marked_moves(state.log)}
    state.history = [*state.history, entry][-HISTORY_HANDS:]


def hand_records(state: Table, player: int,
                 build: Callable[[dict[str, Any], SeatEntry], tuple[list[str], str]]) -> list[HandRecord]:
    """`player`'s rounds in `history`, oldest first; `build(entry, seat)` gives the card lines
    and the result as that player sees them."""
    records = []
    for entry in state.history:
        seat = next((s for s in entry["seats"] if s["player"] == player), None)
        if seat is not None:
            lines, result = build(entry, seat)
            records.append(HandRecord(hand=entry["hand"], deals=plain_copy(entry["deals"]), cards=lines,
                                      actions=read_moves(entry["log"]), result=result))
    return records


def chips_text(net: int) -> Text:
    """A gain or loss in chips, marked: "+1 chip", "-20 chips"."""
    return Plural(N_("{n:+} chip"), N_("{n:+} chips"), net)
