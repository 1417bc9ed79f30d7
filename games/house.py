"""What the two house games (blackjack, baccarat) share: the shoe, the seats, the betting
window, joining, leaving and sitting out, bet validation and the chip count.

A shoe holds `decks` full 78-card decks. Every shuffle uses its own generator,
`random.Random(f"{seed}:{number}")` with `number` the count of shuffles before it, so the state
only stores the seed, that count and the cards left. Cards that are neither in the shoe nor on
the table are the discards: they are computed, never stored.

Each settled round is kept for `/history` as a compact entry (codes and ints) in `history`; its
"seats" list says who took part, and each game turns an entry into a player's `HandRecord`.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from games import base
from games.base import (
    HISTORY_HANDS,
    Action,
    Event,
    HandRecord,
    SeatSpec,
    cashout,
    mention,
    parse_amount,
    plural,
    require,
)
from games.cards import Card, cards, codes, full_deck, shuffle

DECK_SIZE = 78


# --- the shoe ------------------------------------------------------------------------------


@dataclass
class Shoe:
    decks: int
    seed: int
    shuffles: int = 0
    cards: list[Card] = field(default_factory=list)
    shuffled: int | None = None  # cards the last shuffle held (None: all the decks)

    @property
    def size(self) -> int:
        return self.decks * DECK_SIZE

    def to_dict(self) -> dict[str, Any]:
        return {"decks": self.decks, "seed": self.seed, "shuffles": self.shuffles,
                "cards": codes(self.cards), "shuffled": self.shuffled}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Shoe:
        return cls(data["decks"], data["seed"], data["shuffles"], cards(data["cards"]),
                   data.get("shuffled"))


def new_shoe(decks: int, seed: int) -> Shoe:
    shoe = Shoe(decks, seed)
    shuffle_in(shoe, full_deck() * decks)
    return shoe


def shuffle_in(shoe: Shoe, faces: Iterable[Card]) -> None:
    """Replace the shoe's cards by `faces` shuffled (half of them turned) with the next rng."""
    rng = random.Random(f"{shoe.seed}:{shoe.shuffles}")
    shoe.cards = shuffle([c.face for c in faces], rng)
    shoe.shuffles += 1
    shoe.shuffled = len(shoe.cards)


def deal_seed(shoe: Shoe) -> str:
    """Where the next card comes from: "<seed>:<shuffle>@<position>", the generator of the
    current shuffle and how many of its cards were drawn before."""
    start = shoe.size if shoe.shuffled is None else shoe.shuffled
    return f"{shoe.seed}:{shoe.shuffles - 1}@{start - len(shoe.cards)}"


def is_low(shoe: Shoe) -> bool:
    """Fewer than a quarter of the shoe remains."""
    return len(shoe.cards) * 4 < shoe.size


def reshuffle_if_low(shoe: Shoe) -> list[Event]:
    """Before a round: all `decks` decks shuffled anew when the shoe is low."""
    if not is_low(shoe):
        return []
    shuffle_in(shoe, full_deck() * shoe.decks)
    return [shuffle_event(shoe)]


def prepare_deal(state: Table) -> list[Event]:
    """Before a round's cards: a low shoe is reshuffled, and where the cards begin is noted."""
    events = reshuffle_if_low(state.shoe)
    state.dealt_from = deal_seed(state.shoe)
    return events


def shuffle_event(shoe: Shoe) -> Event:
    return Event("shuffle", {"shuffles": shoe.shuffles, "cards": len(shoe.cards)})


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


def draw(shoe: Shoe, on_table: list[Card], events: list[Event]) -> Card:
    """The top card; an empty shoe mid-round is refilled with the discards, shuffled."""
    if not shoe.cards:
        shuffle_in(shoe, discards(shoe, on_table))
        events.append(shuffle_event(shoe))
    require(bool(shoe.cards), "the shoe is empty")
    return shoe.cards.pop(0)


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
    dealt_from: str = ""  # the round's deal_seed, noted when its cards are dealt
    log: list[str] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)


def table_dict(state: Table, seats: list[dict[str, Any]]) -> dict[str, Any]:
    return {"options": asdict(state.options), "seats": seats, "shoe": state.shoe.to_dict(),
            "round": state.round, "phase": state.phase, "house_net": state.house_net,
            "last_round": copy.deepcopy(state.last_round), "dealt_from": state.dealt_from,
            "log": list(state.log), "history": copy.deepcopy(state.history)}


def table_fields(data: dict[str, Any], options: Any, seats: list[Seat]) -> dict[str, Any]:
    return {"options": options, "seats": seats, "shoe": Shoe.from_dict(data["shoe"]),
            "round": data["round"], "phase": data["phase"], "house_net": data["house_net"],
            "last_round": copy.deepcopy(data["last_round"]),
            "dealt_from": data.get("dealt_from", ""), "log": list(data.get("log", [])),
            "history": copy.deepcopy(data.get("history", []))}


def check_seats(specs: list[SeatSpec], max_seats: int) -> None:
    require(1 <= len(specs) <= max_seats, f"a table seats 1 to {max_seats} players")
    players = [spec.player for spec in specs]
    require(len(set(players)) == len(players), "a player can only sit once at a table")
    for spec in specs:
        require(isinstance(spec.stack, int) and spec.stack >= 0, "a stack cannot be negative")


def check_int(name: str, value: Any, low: int, high: int) -> None:
    ok = isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
    require(ok, f"{name} must be a whole number from {low} to {high}")


def check_common_options(min_bet: Any, max_bet: Any, decks: Any, timer: Any) -> None:
    check_int("min_bet", min_bet, 1, 100_000)
    check_int("max_bet", max_bet, min_bet, 1_000_000)
    check_int("decks", decks, 1, 4)
    check_int("timer", timer, 0, 600)


def action_type(action: Any) -> str:
    ok = isinstance(action, dict) and isinstance(action.get("type"), str)
    require(ok, "an action needs a type")
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


def refunds(state: Table) -> dict[int, int]:
    """When the table ends: a round in progress is void, every seat gets its stack and its bets
    back (the sum is `chips_on_table`; the house neither wins nor loses)."""
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
    for seat in state.seats:
        seat.clear_round()
    return Event("round_open", {"round": state.round})


def verify_can_bet(state: Table, seat: Seat) -> None:
    require(state.phase == "betting", "betting is closed")
    require(seat.bet is None, "you have already bet this round")
    require(not seat.passed, "you passed this round; you can bet again in the next one")


def verify_amount(state: Table, seat: Seat, raw: Any) -> int:
    amount = parse_amount(raw, "bet")
    require(amount >= state.options.min_bet, f"the minimum bet is {state.options.min_bet}")
    require(amount <= state.options.max_bet, f"the maximum bet is {state.options.max_bet}")
    require(amount <= seat.stack, f"you have {plural(seat.stack, 'chip')}, the bet is {amount}")
    return amount


def do_bet(seat: Seat, amount: int) -> None:
    seat.stack -= amount
    seat.bet = amount
    seat.sitting_out = False


def verify_pass(state: Table, seat: Seat) -> None:
    require(state.phase == "betting", "betting is closed")
    require(seat.bet is None, "you have already bet this round")
    require(not seat.passed, "you have already passed this round")


def finish_round(state: Table, snapshot: dict[str, Any]) -> list[Event]:
    """After settlement: leaving seats cash out, the round is kept for display, the next
    window opens."""
    events: list[Event] = []
    for seat in [s for s in state.seats if s.leaving]:
        state.seats.remove(seat)
        events.append(cashout(seat.player, seat.stack))
    state.last_round = snapshot
    events.append(open_window(state))
    return events


# --- joining, leaving, sitting out ---------------------------------------------------------


def verify_join(state: Table, player: int, action: Action, max_seats: int) -> int:
    require(find_seat(state, player) is None, "you are already seated at this table")
    require(len(state.seats) < max_seats, f"the table is full ({max_seats} seats)")
    return parse_amount(action.get("stack"), "buy-in")


def verify_leave(seat: Seat) -> None:
    require(not seat.leaving, "you are already leaving at the end of this round")


def leave(state: Table, seat: Seat) -> list[Event]:
    """Cash out now when nothing is in play; otherwise at settlement."""
    if seat.in_play():
        seat.leaving = True
        return [Event("leaving", {"player": seat.player})]
    state.seats.remove(seat)
    return [Event("left", {"player": seat.player}), cashout(seat.player, seat.stack)]


def verify_sitout(seat: Seat) -> None:
    require(not seat.sitting_out, "you are already sitting out")


def verify_sitin(seat: Seat) -> None:
    require(seat.sitting_out, "you are not sitting out")


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


def log(state: Table, player: int, move: str) -> None:
    """A move of the round in play, for its record: `log(state, 1, "bets 20")`."""
    state.log.append(f"{mention(player)} {move}")


def remember(state: Table, table_cards: dict[str, Any], seats: list[SeatEntry]) -> None:
    """Keep the settled round for /history: its number, seed, moves, the cards of the table
    (`table_cards`, codes) and one entry per player in it."""
    entry = {"hand": state.round, "seed": state.dealt_from, **table_cards, "seats": seats,
             "log": list(state.log)}
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
            records.append(HandRecord(hand=entry["hand"], seed=entry["seed"], cards=lines,
                                      actions=list(entry["log"]), result=result))
    return records


def chips_text(net: int) -> str:
    return plural(net, "chip", signed=True)
