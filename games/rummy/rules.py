"""Tarot Rummy (rules/rummy.md): two players, qabalistic melds, a game to a target score.

A hand: the dealer deals ten cards each and turns the upcard; the non-dealer plays first. A
turn is a draw (stock or discard pile) and a discard, or a call: a face-down discard ending the
hand when the caller's unmelded cards are worth no more than the call limit. Then the caller's
melds go down, the opponent lays off onto them, and the hand is scored; with `identification`
the caller first answers a question per card of their melds in a column the opponent picks.
A hand whose stock runs out is dead. The player who scored deals the next hand. Each finished
hand is kept, moves included, for `history` (/history).

The melds, attributions and the exact searches live in games/rummy/melds.py; the computer
opponent in games/rummy/ai.py (it plays from `view`, never from the state).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
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
    check_level,
    hand_over_seat,
    mention,
    require,
    seat_handover,
)
from games.cards import (
    DECK_STYLES,
    Card,
    CardParseError,
    card_name,
    codes,
    from_codes,
    parse_card,
    parse_cards,
)
from games.rummy import melds as rm

NAME = "rummy"
MIN_SEATS = 2
MAX_SEATS = 2
CHIPS = False
HOUSE = False
JOIN_MID_GAME = False
HAND_SIZE = 10
BONUS = 22
OPPONENTS = ("human", "bot")
IN_HAND = ("draw", "discard")
CLEAR_WORDS = ("auto", "clear", "reset", "none")

meld_type = rm.meld_type
card_value = rm.card_value
best_melds = rm.best_melds


@dataclass(frozen=True)
class Options:
    melds: str = "all"
    call_limit: int = 10
    target: int = 156
    attributions: str = "gd"
    style: str = "rws"
    dealer_choice: bool = False
    upcard_choice: bool = False
    identification: bool = False
    opponent: str = "human"
    level: str = "normal"  # the computer players' strength: easy, normal or hard
    timer: int = 120

    @property
    def bots(self) -> int:
        """The runtime seats a computer player (id -1) when the opponent is the bot."""
        return 1 if self.opponent == "bot" else 0

    def validate(self) -> None:
        check_level(self.level)
        require(self.melds in rm.MELD_SETS, N_("melds must be all or basic"))
        require(_whole(self.call_limit) and 0 <= self.call_limit <= 200, N_("call_limit must be 0 to 200"))
        require(_whole(self.target) and 1 <= self.target <= 10_000, N_("target must be 1 to 10000"))
        require(self.attributions in rm.ATTRIBUTIONS, N_("attributions must be gd or thoth"))
        require(self.style in DECK_STYLES, N_("style must be one of {styles}"), styles=", ".join(DECK_STYLES))
        require(self.opponent in OPPONENTS, N_("opponent must be human or bot"))
        require(_whole(self.timer) and 0 <= self.timer <= 3600, N_("timer must be 0 to 3600 seconds"))
        for name in ("dealer_choice", "upcard_choice", "identification"):
            require(isinstance(getattr(self, name), bool), N_("{name} must be true or false"), name=name)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# --- the state -------------------------------------------------------------------------------


@dataclass
class Seat:
    player: int
    hand: list[Card] = field(default_factory=list)
    score: int = 0
    pins: list[list[Card]] = field(default_factory=list)  # melds the player arranged by hand

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "hand": codes(self.hand), "score": self.score,
                "pins": [codes(p) for p in self.pins]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seat:
        return cls(data["player"], from_codes(data["hand"]), data["score"],
                   [from_codes(p) for p in data["pins"]])


@dataclass
class State:
    options: Options
    seats: list[Seat]
    dealer: int = 0  # seat index
    hand_no: int = 0
    deal: fairness.Deal | None = None  # the hand's secret seed: its cut (hand 1), deal, questions
    phase: str = "draw"  # choosing, draw, discard, column, identify, over
    turn: int = 0  # seat index of the player to move in draw / discard
    stock: list[Card] = field(default_factory=list)  # the top is the first
    discard: list[Card] = field(default_factory=list)  # the top is the end
    taken: Card | None = None  # the card taken from the discard pile this turn
    melds: str = "all"  # this hand's meld set (dealer's choice may change it)
    call_limit: int = 10  # this hand's call limit
    steps: int = 0
    ending: dict[str, Any] | None = None  # a called hand waiting for its identification
    questions: list[dict[str, Any]] = field(default_factory=list)
    answered: int = 0
    last_hand: dict[str, Any] | None = None  # the finished hand as the table showed it
    history: list[dict[str, Any]] = field(default_factory=list)
    winner: int | None = None
    left: list[int] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)  # this hand's moves: "<seat> <verb> <details>"
    records: list[dict[str, Any]] = field(default_factory=list)  # the last hands, for /history
    fair: fairness.Dealer = field(default_factory=fairness.new_dealer)  # the next deal's committed seed
    robots: list[int] = field(default_factory=list)  # people a computer plays for (timed out twice), until they sit in


def new(options: Options, seats: list[SeatSpec], fair: fairness.Dealer | None = None,
        opening: list[Event] | None = None) -> State:
    options.validate()
    require(len(seats) == 2, N_("Tarot Rummy is for exactly two players"))
    require(seats[0].player != seats[1].player, N_("a player can only sit once at a table"))
    state = State(options, [Seat(s.player) for s in seats], melds=options.melds,
                  call_limit=options.call_limit, fair=fair or fairness.new_dealer())
    state.dealer = cut(state.fair.next_seed)
    _begin_hand(state, [] if opening is None else opening)
    return state


def cut(seed: str) -> int:
    """The cut for the first deal (the seat that deals): read from the first deal's committed
    seed (a message no client string can be: it has spaces), so it is checked with that deal."""
    return fairness.Stream(seed, "the cut", 0).uniform(2)


def deals_in_play(state: State) -> list[fairness.Deal]:
    return [state.deal] if state.deal else []


def to_dict(state: State) -> dict[str, Any]:
    return {
        "options": base.options_dict(state.options), "deal": state.deal.to_dict() if state.deal else None,
        "seats": [s.to_dict() for s in state.seats], "dealer": state.dealer,
        "hand_no": state.hand_no, "phase": state.phase, "turn": state.turn,
        "stock": codes(state.stock), "discard": codes(state.discard),
        "taken": state.taken.code if state.taken else None, "melds": state.melds,
        "call_limit": state.call_limit, "steps": state.steps,
        "ending": base.plain_copy(state.ending), "questions": base.plain_copy(state.questions),
        "answered": state.answered, "last_hand": base.plain_copy(state.last_hand),
        "history": base.plain_copy(state.history), "winner": state.winner, "left": list(state.left),
        "moves": list(state.moves), "records": base.plain_copy(state.records), "fair": state.fair.to_dict(),
        "robots": list(state.robots),
    }


def from_dict(data: dict[str, Any]) -> State:
    fields = copy.deepcopy(data)
    fields["options"] = Options(**data["options"])
    fields["seats"] = [Seat.from_dict(s) for s in data["seats"]]
    fields["stock"], fields["discard"] = from_codes(data["stock"]), from_codes(data["discard"])
    if "fair" not in data:  # saved before hmac-sha256-v1, when the stock's top was its end
        fields["stock"].reverse()
    fields["taken"] = from_codes([data["taken"]])[0] if data["taken"] else None
    fields["deal"] = fairness.Deal.from_dict(data["deal"]) if data.get("deal") else None
    fields["fair"] = fairness.Dealer.from_dict(data.get("fair"))
    return State(**fields)


def players(state: State) -> list[int]:
    return [s.player for s in state.seats if s.player not in state.left]


def round_in_play(state: State) -> int | None:
    """The hand being played (the next is dealt as one is scored)."""
    return None if state.phase == "over" else state.hand_no


def played_by_computer(state: State) -> list[int]:
    """The people whose seat a computer plays for now (they timed out twice in a row)."""
    return list(state.robots)


def is_over(state: State) -> bool:
    return state.phase == "over"


def round_to_settle(state: State) -> int | None:
    """No chips are at stake: ending the table stops the game where it is, with no score
    recorded for the unfinished deal."""
    return None


def step_key(state: State) -> str:
    """Changes with every accepted action: buttons from before any move are stale."""
    return f"h{state.hand_no}.s{state.steps}"


def chips_on_table(state: State) -> int:
    return 0


# --- helpers ---------------------------------------------------------------------------------


def _tree(state: State) -> rm.Tree:
    return rm.tree(state.options.attributions, state.options.style)


def _kinds(state: State) -> tuple[str, ...]:
    return rm.meld_kinds(state.melds)


def _seat_of(state: State, player: int) -> Seat:
    return base.seat_of((s for s in state.seats if s.player not in state.left), player)


def _index(state: State, seat: Seat) -> int:
    return state.seats.index(seat)


def _other(state: State, seat: Seat) -> Seat:
    return state.seats[1 - _index(state, seat)]


def arrangement(state: State, seat: Seat, hand: list[Card] | None = None) -> rm.Arrangement:
    """The arrangement the bot keeps for a player: the melds they arranged by hand (plus the
    best of the rest) when that leaves no more unmelded than the best, otherwise the best."""
    cards = seat.hand if hand is None else hand
    best = rm.arrange(cards, _tree(state), _kinds(state))
    pins = [p for p in seat.pins if all(c in cards for c in p)]
    if not pins:
        return best
    pinned = _pinned(state, cards, pins)
    return pinned if pinned.value <= best.value else best


def _pinned(state: State, cards: list[Card], pins: list[list[Card]]) -> rm.Arrangement:
    rest = [c for c in cards if not any(c in p for p in pins)]
    found = rm.arrange(rest, _tree(state), _kinds(state))
    kinds = [str(rm.meld_type(p, state.options.attributions, state.options.style, state.melds)) for p in pins]
    return rm.Arrangement([list(p) for p in pins] + found.melds, kinds + found.kinds, found.unmelded, found.value)


def _value_without(state: State, seat: Seat, c: Card) -> int:
    return arrangement(state, seat, [x for x in seat.hand if x != c]).value


def _read_card(state: State, seat: Seat, raw: Any) -> Card:
    """The card of the player's hand that `raw` names (notation or a name, any orientation)."""
    require(isinstance(raw, str) and raw.strip() != "", N_("name a card, e.g. KC or 16"))
    try:
        named = parse_card(raw, state.options.style)
    except CardParseError as error:
        raise IllegalAction(error.text) from None
    found = next((c for c in seat.hand if c.face == named.face), None)
    require(found is not None, N_("{code} ({name}) is not in your hand"), code=named.face.code, name=_name(state, named))
    return found  # type: ignore[return-value]


def _name(state: State, c: Card) -> str:
    return card_name(c, state.options.style, orientation=False)


# --- the deal --------------------------------------------------------------------------------


def _begin_hand(state: State, events: list[Event]) -> None:
    state.hand_no += 1
    state.deal = None  # drawn when the cards are dealt (after a dealer's choice)
    for seat in state.seats:
        seat.hand, seat.pins = [], []
    state.stock, state.discard, state.taken = [], [], None
    state.ending, state.questions, state.answered = None, [], 0
    state.moves = []
    if state.options.dealer_choice:
        state.phase = "choosing"
        return
    _deal(state, events, state.options.melds, state.options.call_limit)


def _deal(state: State, events: list[Event], melds: str, call_limit: int) -> None:
    deal, deck = state.fair.draw(f"hand {state.hand_no}", [s.player for s in state.seats])
    state.deal = deal
    events.append(fairness.committed(deal))
    first = 1 - state.dealer  # the dealer deals to the other player first
    for i in range(2 * HAND_SIZE):
        state.seats[(first + i) % 2].hand.append(deal.take(deck))
    upcard = deal.take(deck)
    state.stock, state.discard = deck, [upcard]
    state.melds = melds
    state.call_limit = rm.card_value(upcard) if state.options.upcard_choice else call_limit
    state.turn, state.phase = first, "draw"
    events.append(Event("dealt", {"hand": state.hand_no, "dealer": state.seats[state.dealer].player,
                                  "upcard": upcard.code, "melds": state.melds, "call_limit": state.call_limit}))


# --- actions ---------------------------------------------------------------------------------


def _my_turn(state: State, player: int) -> Seat:
    seat = _seat_of(state, player)
    require(state.phase != "over", N_("the game is over"))
    require(state.phase in IN_HAND, _waiting_for(state))
    mover = state.seats[state.turn]
    require(mover is seat, N_("it is not your turn: {player} is playing"), player=mention(mover.player))
    return seat


def _waiting_for(state: State) -> Text:
    waiting = " and ".join(mention(p) for p in pending(state))  # one player waited for in each phase
    if state.phase == "choosing":
        return Text(N_("the hand is not dealt yet: {player} is choosing its melds and call limit"), player=waiting)
    if state.phase == "column":
        return Text(N_("the hand is over: {player} is choosing the identification column"), player=waiting)
    return Text(N_("the hand is over: {player} is answering the identification questions"), player=waiting)


def _draw(state: State, player: int, action: Action) -> list[Event]:
    seat = _my_turn(state, player)
    source = action.get("from")
    require(source in ("stock", "discard"), N_("draw from the stock or from the discard pile"))
    require(state.phase == "draw", N_("you have drawn already this turn: now discard a card, or call"))
    if source == "discard":
        require(bool(state.discard), N_("the discard pile is empty: draw from the stock"))
    require(source == "discard" or bool(state.stock), N_("the stock is empty"))
    if source == "discard":
        drawn = state.discard.pop()
    else:
        assert state.deal is not None
        drawn = state.deal.take(state.stock)
    seat.hand.append(drawn)
    state.taken = drawn if source == "discard" else None
    state.phase = "discard"
    state.moves.append(f"{state.turn} {'stock' if source == 'stock' else 'take'} {drawn.code}")
    shown = drawn.code if source == "discard" else None  # a stock card stays hidden
    return [Event("draw", {"player": player, "from": source, "card": shown})]


def _verify_discard(state: State, player: int, action: Action) -> tuple[Seat, Card]:
    seat = _my_turn(state, player)
    require(state.phase == "discard", N_("draw first: take the top card of the stock or of the discard pile"))
    chosen = _read_card(state, seat, action.get("card"))
    return seat, chosen


def _discard(state: State, player: int, action: Action) -> list[Event]:
    seat, chosen = _verify_discard(state, player, action)
    require(chosen != state.taken, N_("you took {card} from the discard pile this turn: discard another card"),
            card=chosen.face.code)
    _remove(seat, chosen)
    state.discard.append(chosen)
    state.taken = None
    state.moves.append(f"{state.turn} discard {chosen.code}")
    events = [Event("discard", {"player": player, "card": chosen.code})]
    if not state.stock:
        _dead_hand(state, events)
        return events
    state.turn, state.phase = 1 - state.turn, "draw"
    return events


def _remove(seat: Seat, c: Card) -> None:
    seat.hand.remove(c)
    seat.pins = [p for p in seat.pins if c not in p]


def call_value(state: State, seat: Seat, c: Card) -> int:
    """The caller's unmelded value after discarding `c` face down."""
    return _value_without(state, seat, c)


def _call(state: State, player: int, action: Action) -> list[Event]:
    seat, chosen = _verify_discard(state, player, action)
    value = call_value(state, seat, chosen)
    require(value <= state.call_limit,
            N_("you can't call: after discarding {card} your unmelded cards are worth {value}, and the call "
               "limit is {limit}"), card=chosen.face.code, value=value, limit=state.call_limit)
    _remove(seat, chosen)
    state.taken = None
    state.moves.append(f"{state.turn} call {chosen.code}")
    events = [Event("call", {"player": player})]
    _end_by_call(state, seat, chosen, events)
    return events


def _choose(state: State, player: int, action: Action) -> list[Event]:
    seat = _seat_of(state, player)
    require(state.phase == "choosing", N_("the hand's melds and call limit are already set"))
    dealer = state.seats[state.dealer]
    require(seat is dealer, N_("it is {player}'s deal: the dealer chooses"), player=mention(dealer.player))
    melds = action.get("melds", state.options.melds)
    limit = action.get("call_limit", state.options.call_limit)
    require(melds in rm.MELD_SETS, N_("melds must be all or basic"))
    require(_whole(limit) and 0 <= limit <= 200, N_("the call limit must be a whole number from 0 to 200"))
    events: list[Event] = [Event("chosen", {"player": player, "melds": melds, "call_limit": limit})]
    _deal(state, events, melds, limit)
    return events


def parse_melds(raw: Any, style: str) -> list[list[Card]] | None:
    """Melds from what a player typed: groups split by `|` or `/` ("8C 15 6C | 2W 3W 4W"), or
    a list of lists of codes; None for `auto` (let the bot arrange everything)."""
    if isinstance(raw, str):
        if raw.strip().lower() in CLEAR_WORDS:
            return None
        groups = [g for g in re.split(r"[|/]", raw) if g.strip()]
        require(bool(groups), N_("name the cards of a meld, e.g. 8C 15 6C"))
        try:
            return [parse_cards(g, style) for g in groups]
        except CardParseError as error:
            raise IllegalAction(error.text) from None
    if isinstance(raw, list) and raw and all(isinstance(c, str) for c in raw):
        raw = [raw]  # one meld as a flat list of codes
    ok = isinstance(raw, list) and raw and all(isinstance(g, list) and all(isinstance(c, str) for c in g) for g in raw)
    require(bool(ok), N_("name the cards of a meld, e.g. 8C 15 6C"))
    try:
        return [parse_cards(" ".join(g), style) for g in raw]
    except CardParseError as error:
        raise IllegalAction(error.text) from None


def _meld(state: State, player: int, action: Action) -> list[Event]:
    seat = _my_turn(state, player)
    groups = parse_melds(action.get("cards", action.get("melds")), state.options.style)
    if groups is None:
        seat.pins = []
        return [Event("melds", {"player": player, "melds": [], "value": arrangement(state, seat).value})]
    pins = [_held_meld(state, seat, g) for g in groups]
    flat = [c for p in pins for c in p]
    require(len(set(flat)) == len(flat), N_("a card can only be in one meld"))
    kept = [p for p in seat.pins if not any(c in p for c in flat)] + pins
    _verify_no_worse(state, seat, kept)
    seat.pins = kept
    value = arrangement(state, seat).value
    return [Event("melds", {"player": player, "melds": [codes(p) for p in kept], "value": value})]


def _held_meld(state: State, seat: Seat, group: list[Card]) -> list[Card]:
    held = []
    for named in group:
        found = next((c for c in seat.hand if c.face == named.face), None)
        require(found is not None, N_("{code} ({name}) is not in your hand"), code=named.face.code, name=_name(state, named))
        held.append(found)
    problem = rm.meld_problem(held, state.options.attributions, state.options.style, state.melds)
    if problem is not None:
        raise IllegalAction(Text(N_("{cards} is not a meld: {problem}"), cards=" ".join(c.face.code for c in held),
                                 problem=problem))
    return rm.ordered(held, str(rm.meld_type(held, state.options.attributions, state.options.style,
                                             state.melds)), _tree(state))


def _verify_no_worse(state: State, seat: Seat, pins: list[list[Card]]) -> None:
    """Melds by hand are kept only when they leave no more unmelded than the best arrangement
    (with eleven cards: after at least one discard)."""
    hands = [seat.hand]
    if len(seat.hand) > HAND_SIZE:
        hands += [[x for x in seat.hand if x != c] for c in seat.hand if not any(c in p for p in pins)]
    mine, best = 0, 0
    for cards in hands:
        mine = _pinned(state, cards, pins).value
        best = rm.arrange(cards, _tree(state), _kinds(state)).value
        if mine <= best:
            return
    raise IllegalAction(Text(N_("those melds would leave {mine} unmelded where the best arrangement leaves {best}, "
                             "so they were not kept"), mine=mine, best=best))


# --- the end of a hand -----------------------------------------------------------------------


def _meld_view(melds: list[list[Card]], kinds: list[str]) -> list[dict[str, Any]]:
    return [{"cards": codes(m), "kind": k} for m, k in zip(melds, kinds, strict=True)]


def _outcome(mine: int, theirs: int) -> tuple[str, str | None, int]:
    """(outcome, who scores: "caller" / "opponent" / None, points) from both unmelded values
    (the opponent's after layoffs)."""
    if mine == 0:
        return "all melded", "caller", BONUS + theirs
    if theirs > mine:
        return "caller wins", "caller", theirs - mine
    if theirs < mine:
        return "undercut", "opponent", BONUS + mine - theirs
    return "zero", None, 0


def _side(found: rm.Arrangement | rm.Layoff) -> dict[str, Any]:
    layoffs = found.layoffs if isinstance(found, rm.Layoff) else {}
    return {"melds": _meld_view(found.melds, found.kinds), "unmelded": codes(found.unmelded),
            "value": found.value, "layoffs": {str(i): codes(cs) for i, cs in layoffs.items()}}


def _end_by_call(state: State, caller: Seat, call_card: Card, events: list[Event]) -> None:
    opponent = _other(state, caller)
    mine = arrangement(state, caller)
    theirs: rm.Arrangement | rm.Layoff
    if mine.value == 0:  # everything melded: the opponent lays nothing off
        theirs = rm.arrange(opponent.hand, _tree(state), _kinds(state))
    else:
        theirs = rm.lay_off(opponent.hand, mine.melds, _tree(state), _kinds(state))
    outcome, scorer, points = _outcome(mine.value, theirs.value)
    by_role = {"caller": caller.player, "opponent": opponent.player, None: None}
    state.ending = {
        "hand": state.hand_no, "caller": caller.player, "opponent": opponent.player,
        "call_card": call_card.code, "outcome": outcome, "points": points, "scorer": by_role[scorer],
        "players": {str(caller.player): _side(mine), str(opponent.player): _side(theirs)},
    }
    identification = bool(state.options.identification and scorer == "caller" and _columns(state))
    events.append(Event("hand_end", {**_public_ending(state.ending), "identification": identification}))
    if identification:
        state.phase = "column"
        return
    _score(state, events)


def _public_ending(ending: dict[str, Any]) -> dict[str, Any]:
    """The hand's end as anyone may see it: the face-down call card stays hidden."""
    return {k: copy.deepcopy(v) for k, v in ending.items() if k != "call_card"}


def _score(state: State, events: list[Event]) -> None:
    ending = state.ending
    assert ending is not None
    scorer = ending["scorer"]
    if scorer is not None:
        next(s for s in state.seats if s.player == scorer).score += ending["points"]
        next_dealer = _seat_index(state, scorer)
    else:
        next_dealer = 1 - state.dealer  # nobody scored: the deal alternates
    _close_hand(state, events, next_dealer)


def _seat_index(state: State, player: int) -> int:
    return next(i for i, s in enumerate(state.seats) if s.player == player)


def _dead_hand(state: State, events: list[Event]) -> None:
    state.ending = {"hand": state.hand_no, "outcome": "dead", "points": 0, "scorer": None}
    events.append(Event("dead", dict(state.ending)))
    _close_hand(state, events, state.dealer)  # the same dealer deals again


def _close_hand(state: State, events: list[Event], next_dealer: int) -> None:
    """Record the hand, keep its picture, then deal the next one or end the game."""
    ending = state.ending
    assert ending is not None
    state.history.append({"hand": state.hand_no, "outcome": ending["outcome"], "scorer": ending["scorer"],
                          "points": ending["points"], "scores": [s.score for s in state.seats]})
    _record_hand(state)
    if state.deal is not None:
        events.append(fairness.revealed(state.deal))
        state.deal = None
    state.phase = "hand_over"
    state.last_hand = _public_view(state)
    leader = max(state.seats, key=lambda s: s.score)
    if leader.score > state.options.target:
        _end_game(state, events, leader.player)
        return
    events.append(Event("settled", {"hand": state.hand_no}))  # no results: those come with the game's end
    state.dealer = next_dealer
    _begin_hand(state, events)
    events.append(Event("round_open", {"round": state.hand_no}))


def _end_game(state: State, events: list[Event], winner: int) -> None:
    state.phase, state.winner = "over", winner
    state.ending, state.questions = None, []
    results = [{"player": s.player, "net": s.score} for s in state.seats]
    events.append(Event("settled", {"hand": state.hand_no, "winner": winner, "results": results}))


# --- identification --------------------------------------------------------------------------


def _caller_melded(state: State) -> list[Card]:
    ending = state.ending
    assert ending is not None
    melds = ending["players"][str(ending["caller"])]["melds"]
    return [c for m in melds for c in from_codes(m["cards"])]


def _columns(state: State) -> list[str]:
    """The columns that cover at least one card of the caller's melds."""
    melded = _caller_melded(state)
    return [col for col in rm.COLUMNS if any(rm.covers(col, c) for c in melded)]


def _column(state: State, player: int, action: Action) -> list[Event]:
    seat = _seat_of(state, player)
    require(state.phase == "column", N_("there is no identification column to choose now"))
    ending = state.ending
    assert ending is not None
    require(seat.player == ending["opponent"], N_("{player} chooses the column"), player=mention(ending["opponent"]))
    column = action.get("column")
    choices = _columns(state)
    require(column in choices, N_("choose one of these columns: {columns}"), columns=", ".join(choices))
    state.questions = _questions(state, str(column))
    state.answered, state.phase = 0, "identify"
    state.moves.append(f"{_index(state, seat)} column {column}")
    return [Event("column", {"player": player, "column": column, "questions": len(state.questions)})]


def _questions(state: State, column: str) -> list[dict[str, Any]]:
    t = _tree(state)
    assert state.deal is not None
    stream = fairness.Stream(state.deal.seed, "identify questions", state.deal.nonce)  # no client string has a space
    entries = rm.column_entries(column, t)
    asked = []
    for c in (c for c in _caller_melded(state) if rm.covers(column, c)):
        answer = rm.correspondence(column, c, t)
        wrong = stream.permute([e for e in entries if e != answer])[:min(3, len(entries) - 1)]
        choices = stream.permute([answer, *wrong])
        asked.append({"card": c.code, "column": column, "choices": choices, "answer": answer})
    return asked


def _answer(state: State, player: int, action: Action) -> list[Event]:
    seat = _seat_of(state, player)
    require(state.phase == "identify", N_("there is no identification question to answer now"))
    ending = state.ending
    assert ending is not None
    require(seat.player == ending["caller"], N_("{player} answers the questions"), player=mention(ending["caller"]))
    choice = action.get("choice")
    question = state.questions[state.answered]
    require(choice == "" or choice in question["choices"],
            N_("answer with one of: {choices}"), choices=", ".join(question["choices"]))
    right = choice == question["answer"]
    state.moves.append(f"{_index(state, seat)} answer {question['card']} {'right' if right else 'wrong'}")
    events = [Event("answer", {"player": player, "card": question["card"], "right": right,
                               "answer": question["answer"]})]
    if not right:
        ending.update(outcome="unidentified", scorer=None, points=0, missed=question["card"])
        _close_hand(state, events, _seat_index(state, ending["opponent"]))  # the opponent deals
        return events
    state.answered += 1
    if state.answered == len(state.questions):
        _score(state, events)
    return events


# --- the hand records (/history) --------------------------------------------------------------

DRAWN_FROM = {"stock": "stock", "take": "discard pile"}  # a record's draw verbs (`take`: from the discard pile)
CALLED = {"all melded": N_("{caller} called with everything melded ({mine} unmelded against {theirs})"),
          "caller wins": N_("{caller} called and won ({mine} unmelded against {theirs})"),
          "zero": N_("{caller} called and tied ({mine} unmelded against {theirs})"),
          "undercut": N_("{caller} called, undercut by {opponent} ({mine} unmelded against {theirs})")}
NOT_SCORED = {False: N_("the hand is not scored"), True: N_("The hand is not scored")}
NOBODY_SCORES = {False: N_("nobody scores"), True: N_("Nobody scores")}
SCORES = (N_("{scorer} scores {n} point ({sum})"), N_("{scorer} scores {n} points ({sum})"))
SCORES_IF = (N_("{scorer} scores {n} point ({sum}) if the cards are identified"),
             N_("{scorer} scores {n} points ({sum}) if the cards are identified"))


def listed(parts: list[Any], separator: str = " · ", template: str = "") -> Any:
    """Texts one after the other, each translated on its own: by a separator (no word), or by a
    marked `template` of `{first}` and `{second}` (", nor ")."""
    joined = parts[0] if parts else ""
    template = template or "{first}" + separator + "{second}"
    for part in parts[1:]:
        joined = Text(template, first=joined, second=part)
    return joined


# The end of a hand in words: the one wording the table image, the channel and /history share.
# `name` names a player (a Text "you" for the reader works too: the French says no verb after a name).

def ending_said(ending: dict[str, Any], name: Callable[[int], str]) -> Text:
    """How a hand ended, from its public ending: "Ann called and won (3 unmelded against 12)"."""
    outcome = ending["outcome"]
    if outcome == "dead":
        return Text(N_("a dead hand (the stock ran out)"))
    caller = name(ending["caller"])
    if outcome == "unidentified":
        return Text(N_("{caller} missed the identification of {card}"), caller=caller, card=ending["missed"])
    mine, theirs = _values(ending)
    return Text(CALLED[outcome], caller=caller, opponent=name(ending["opponent"]), mine=mine, theirs=theirs)


def ending_scored(ending: dict[str, Any], name: Callable[[int], str], identifying: bool = False,
                  start: bool = False) -> Text:
    """Who a hand's end scores for, and how the points add up: "Ann scores 9 points (12 - 3)".
    `identifying`: the caller still has the identification questions to answer; `start`: the
    text starts a sentence."""
    if ending["outcome"] == "unidentified":
        return Text(NOT_SCORED[start])
    if ending["scorer"] is None:
        return Text(NOBODY_SCORES[start])
    mine, theirs = _values(ending)
    sums = {"all melded": f"{BONUS} + {theirs}", "caller wins": f"{theirs} - {mine}",
            "undercut": f"{BONUS} + {mine} - {theirs}"}
    one, many = SCORES_IF if identifying else SCORES
    return Plural(one, many, ending["points"], scorer=name(ending["scorer"]), sum=sums[ending["outcome"]])


def ending_words(ending: dict[str, Any], name: Callable[[int], str], identifying: bool = False) -> Text:
    """A hand's end in one line: how it ended, then what it scored (or will, once identified)."""
    return Text(N_("{said}: {scored}"), said=ending_said(ending, name), scored=ending_scored(ending, name, identifying))


def _values(ending: dict[str, Any]) -> tuple[int, int]:
    """The caller's and the opponent's unmelded values (the opponent's after layoffs)."""
    sides = ending["players"]
    return sides[str(ending["caller"])]["value"], sides[str(ending["opponent"])]["value"]


def hand_summary(ending: dict[str, Any], name: Callable[[int], str]) -> list[Text]:
    """A finished hand in words for everyone (the public ending: no face-down call card): how
    it ended, each side's melds, layoffs and unmelded cards, and who scored."""
    head = Text(N_("Hand {number}: {said}."), number=ending["hand"], said=ending_said(ending, name))
    scored = Text(N_("{scored}."), scored=ending_scored(ending, name, start=True))
    if "players" not in ending:  # no call: no hand was shown
        return [head, scored]
    sides = ending["players"]
    return [head, *(Text(N_("{player}: {side}"), player=name(p), side=_side_words(sides[str(p)]))
                    for p in (ending["caller"], ending["opponent"])), scored]


def faces(codes: list[str]) -> str:
    """Cards as Tarot Rummy's words write them: by face, orientation meaning nothing in it."""
    return " ".join(c.face.code for c in from_codes(codes))


def meld_words(melds: list[dict[str, Any]], kinds: dict[str, str] = rm.KIND_NAMES) -> Any:
    """Melds one after the other, each by its kind and its cards ("Sword 2W 3W 4W")."""
    return listed([Text(N_("{kind} {cards}"), kind=Text(kinds[m["kind"]]), cards=faces(m["cards"]))
                   for m in melds])


def _side_words(side: dict[str, Any]) -> Text:
    laid = [c for cs in side["layoffs"].values() for c in cs]
    parts = [meld_words(side["melds"]) or Text(N_("no melds"))]
    parts += [Text(N_("laid off {cards}"), cards=faces(laid))] if laid else []
    parts.append(Text(N_("unmelded {cards} ({value})"), cards=faces(side["unmelded"]), value=side["value"])
                 if side["unmelded"] else Text(N_("nothing unmelded")))
    return listed(parts, "; ")


def _upcard(state: State) -> str | None:
    """The hand's upcard: the discard pile with this hand's moves undone."""
    pile = codes(state.discard)
    for _, verb, *details in map(str.split, reversed(state.moves)):
        if verb == "discard":
            pile.pop()
        elif verb == "take":
            pile.append(details[0])
    return pile[0] if pile else None


def _record_hand(state: State) -> None:
    """Keep the finished hand for /history: both hands as they ended, the moves (stock cards
    included) and the ending; `history` builds what each player may see of them."""
    record = {"hand": state.hand_no, "deals": [state.deal.named(revealed=True)] if state.deal else [],
              "players": [s.player for s in state.seats], "dealer": state.dealer, "melds": state.melds,
              "call_limit": state.call_limit, "upcard": _upcard(state),
              "end": [codes(s.hand) for s in state.seats], "moves": list(state.moves),
              "ending": copy.deepcopy(state.ending), "scores": [s.score for s in state.seats]}
    state.records = [*state.records, record][-HISTORY_HANDS:]


def history(state: State, player: int) -> list[HandRecord]:
    """The last hands `player` played, as they saw them: their own hand, the upcard, both hands
    laid out after a call (the face-down call card only to the caller), every move (a card
    drawn from the stock only to the one who drew it) and their points."""
    return [_hand_record(r, r["players"].index(player)) for r in state.records if player in r["players"]]


def _hand_record(record: dict[str, Any], seat: int) -> HandRecord:
    return {"hand": record["hand"], "deals": copy.deepcopy(record["deals"]), "cards": _record_cards(record, seat),
            "actions": _record_actions(record, seat), "result": _record_result(record, seat)}


def _dealt(record: dict[str, Any], seat: int) -> list[str]:
    """The seat's ten cards as dealt: its hand at the end with its own moves undone."""
    hand = list(record["end"][seat])
    for mover, verb, *details in map(str.split, reversed(record["moves"])):
        if int(mover) != seat:
            continue
        if verb in DRAWN_FROM:
            hand.remove(details[0])
        elif verb in ("discard", "call"):
            hand.append(details[0])
    return sorted_codes(from_codes(hand))


def _record_cards(record: dict[str, Any], seat: int) -> list[str]:
    lines = [Text(N_("You (dealt): {cards}"), cards=" ".join(_dealt(record, seat))),
             Text(N_("Upcard: {card}"), card=record["upcard"])]
    ending, player = record["ending"], record["players"][seat]
    if "players" not in ending:  # no call: nobody's hand was shown
        return [*lines, Text(N_("You (at the end): {cards}"), cards=" ".join(sorted_codes(from_codes(record["end"][seat]))))]
    for role in ("caller", "opponent"):
        laid = ending["players"][str(ending[role])]
        melds = meld_words(laid["melds"], rm.KIND_WORDS) or Text(N_("none"))
        layoffs = [code for cards in laid["layoffs"].values() for code in cards]
        parts = [Text(N_("melds {melds}"), melds=melds)] + (
            [Text(N_("laid off {cards}"), cards=" ".join(layoffs))] if layoffs else [])
        parts.append(Text(N_("unmelded {cards} ({value})"), cards=" ".join(laid["unmelded"]), value=laid["value"])
                     if laid["unmelded"] else Text(N_("unmelded none ({value})"), value=laid["value"]))
        lines.append(Text(ROLE_LINES[role, ending[role] == player], player=mention(ending[role]), said=listed(parts, "; ")))
    return lines


ROLE_LINES = {("caller", True): N_("You (caller): {said}"), ("opponent", True): N_("You (opponent): {said}"),
              ("caller", False): N_("{player} (caller): {said}"), ("opponent", False): N_("{player} (opponent): {said}")}
DEALS = {"all": N_("{dealer} deals: all melds, call limit {limit}"),
         "basic": N_("{dealer} deals: basic melds, call limit {limit}")}


def _record_actions(record: dict[str, Any], seat: int) -> list[str]:
    players = record["players"]
    lines = [Text(DEALS.get(record["melds"], DEALS["all"]), dealer=mention(players[record["dealer"]]),
                  limit=record["call_limit"])]
    for mover, verb, *details in map(str.split, record["moves"]):
        lines.append(_move_words(mention(players[int(mover)]), verb, details, int(mover) == seat))
    return lines


def _move_words(player: str, verb: str, details: list[str], own: bool) -> Text:
    """A move as the player `own` says whether it was theirs (a stock card and the face-down
    call card are shown only to them)."""
    if verb == "stock":
        if own:
            return Text(N_("{player} draws {card} from the stock"), player=player, card=details[0])
        return Text(N_("{player} draws from the stock"), player=player)
    if verb == "take":
        return Text(N_("{player} draws {card} from the discard pile"), player=player, card=details[0])
    if verb == "discard":
        return Text(N_("{player} discards {card}"), player=player, card=details[0])
    if verb == "call":
        if own:
            return Text(N_("{player} calls, discarding {card} face down"), player=player, card=details[0])
        return Text(N_("{player} calls, discarding face down"), player=player)
    if verb == "column":
        return Text(N_("{player} chooses the identification column {column}"), player=player, column=details[0])
    return Text(N_("{player} identifies {card}: {result}"), player=player, card=details[0], result=details[1])


def _record_result(record: dict[str, Any], seat: int) -> str:
    ending, player = record["ending"], record["players"][seat]
    won = ending["points"] if ending["scorer"] == player else 0
    said = ending_said(ending, lambda p: Text(N_("you")) if p == player else mention(p))
    return Plural(N_("{said}: {n:+} point (your score {score})"), N_("{said}: {n:+} points (your score {score})"), won,
                  said=said, score=record["scores"][seat])


# --- leaving ---------------------------------------------------------------------------------


def _leave(state: State, player: int, action: Action) -> list[Event]:
    seat = _seat_of(state, player)
    state.left.append(player)
    events = [Event("left", {"player": player})]
    if state.phase != "over":
        events.append(Event("forfeit", {"player": player}))
        _end_game(state, events, _other(state, seat).player)
    return events


def _hand_over(state: State, player: int, action: Action) -> list[Event]:
    """A computer plays the person's seat for now, or they take it back (`base.seat_handover`)."""
    _seat_of(state, player)
    require(state.phase != "over", N_("the game is over"))
    return [hand_over_seat(state.robots, player, action["type"])]


HANDLERS: dict[str, Callable[[State, int, Action], list[Event]]] = {
    "draw": _draw, "discard": _discard, "call": _call, "meld": _meld, "choose": _choose,
    "column": _column, "answer": _answer, "leave": _leave,
    "sitout": _hand_over, "sitin": _hand_over,
}


def apply(state: State, player: int, action: Action) -> list[Event]:
    """Play one action; IllegalAction (state untouched) when it is refused."""
    kind = action.get("type") if isinstance(action, dict) else None
    handler = HANDLERS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise IllegalAction(Text(N_("Tarot Rummy has no move {move}"), move=repr(kind)))
    events = handler(state, player, action)
    state.steps += 1
    return events


# --- what the game waits for -----------------------------------------------------------------


def pending(state: State) -> list[int]:
    if state.phase == "choosing":
        return [state.seats[state.dealer].player]
    if state.phase in IN_HAND:
        return [state.seats[state.turn].player]
    if state.phase in ("column", "identify") and state.ending:
        return [state.ending["opponent" if state.phase == "column" else "caller"]]
    return []


def legal_actions(state: State, player: int) -> list[Action]:
    """Every move open to the player now. Arranging melds (`meld`) is open on their turn but
    takes cards of their choosing, so it is not listed."""
    seat = next((s for s in state.seats if s.player == player and player not in state.left), None)
    if seat is None:
        return []
    actions: list[Action] = []
    if player in pending(state):
        actions = _phase_actions(state, seat)
    if state.phase != "over" and player > 0:
        actions.append(seat_handover(state.robots, player))
    return actions + [{"type": "leave"}]


def _phase_actions(state: State, seat: Seat) -> list[Action]:
    if state.phase == "choosing":
        return [{"type": "choose", "melds": m, "call_limit": state.options.call_limit} for m in rm.MELD_SETS]
    if state.phase == "draw":
        sources = ["stock"] + (["discard"] if state.discard else [])
        return [{"type": "draw", "from": s} for s in sources]
    if state.phase == "discard":
        moves: list[Action] = [{"type": "discard", "card": c.code} for c in seat.hand if c != state.taken]
        return moves + [{"type": "call", "card": c.code} for c in seat.hand
                        if call_value(state, seat, c) <= state.call_limit]
    if state.phase == "column":
        return [{"type": "column", "column": c} for c in _columns(state)]
    question = state.questions[state.answered]
    return [{"type": "answer", "choice": c} for c in question["choices"]]


# --- views -----------------------------------------------------------------------------------


def _seat_view(state: State, seat: Seat, index: int) -> dict[str, Any]:
    return {"player": seat.player, "score": seat.score, "cards": len(seat.hand),
            "dealer": index == state.dealer, "left": seat.player in state.left}


def _public_view(state: State) -> dict[str, Any]:
    o = state.options
    moving = pending(state)
    return {
        "game": NAME, "phase": state.phase, "round": state.hand_no, "melds": state.melds,
        "call_limit": state.call_limit, "target": o.target, "attributions": o.attributions,
        "style": o.style, "identification": o.identification, "dealer_choice": o.dealer_choice,
        "upcard_choice": o.upcard_choice, "options": {"melds": o.melds, "call_limit": o.call_limit},
        "dealer": state.seats[state.dealer].player, "pending": moving,
        "turn": state.seats[state.turn].player if state.phase in IN_HAND else None,
        "stock": len(state.stock), "discard": codes(state.discard),
        "seats": [_seat_view(state, s, i) for i, s in enumerate(state.seats)],
        "ending": _public_ending(state.ending) if state.ending else None,
        "identify": _identify_view(state), "history": copy.deepcopy(state.history[-12:]),
        "winner": state.winner, "table_moves": public_moves(state.moves),
    }


def public_moves(moves: list[str]) -> list[str]:
    """This hand's moves as both players saw them: a card drawn from the stock and the
    face-down call card left out ("0 stock", "1 take KC", "0 discard 5W", "1 call")."""
    return [" ".join(move.split()[:2]) if move.split()[1] in ("stock", "call") else move for move in moves]


def _identify_view(state: State) -> dict[str, Any] | None:
    if state.phase == "column":
        return {"column": None, "columns": _columns(state), "question": None, "asked": 0, "total": 0}
    if state.phase != "identify":
        return None
    question = state.questions[state.answered]
    shown = {k: question[k] for k in ("card", "column", "choices")}
    return {"column": question["column"], "columns": [], "question": shown,
            "asked": state.answered, "total": len(state.questions)}


def sorted_codes(cards: list[Card]) -> list[str]:
    """Trumps by number, then the suits (wands, cups, swords, pentacles) by rank."""
    return [c.code for c in sorted(cards, key=lambda c: (not c.is_major, "WCSP".find(c.suit or "W"), c.rank))]


def _my_view(state: State, seat: Seat) -> dict[str, Any]:
    found = arrangement(state, seat)
    discarding = state.phase == "discard" and state.seats[state.turn] is seat
    mine: dict[str, Any] = {
        "player": seat.player, "hand": sorted_codes(seat.hand),
        "melds": _meld_view(found.melds, found.kinds), "unmelded": sorted_codes(found.unmelded),
        "value": found.value, "pinned": bool(seat.pins) and any(p in found.melds for p in seat.pins),
        "taken": state.taken.code if state.taken and discarding else None,
        "drawn": seat.hand[-1].code if discarding else None, "after_discard": {},
    }
    if discarding:
        mine["after_discard"] = {c.code: call_value(state, seat, c) for c in seat.hand}
    return mine


def view(state: State, player: int | None = None) -> dict[str, Any]:
    """The table as `player` may see it: their own hand and melds, and for everyone the
    discard pile, the hand's moves as the table saw them (`table_moves`), the stock count,
    scores and, after a call, both hands laid out. The stock's order, the other hand and the
    face-down call card never appear."""
    shown = _public_view(state)
    seat = next((s for s in state.seats if s.player == player), None) if player is not None else None
    shown["me"] = _my_view(state, seat) if seat is not None and state.phase != "over" else None
    if seat is not None and state.ending and state.ending.get("caller") == player:
        shown["ending"] = copy.deepcopy(state.ending)  # the caller knows their face-down card
    shown["last_round"] = copy.deepcopy(state.last_hand)
    shown["commitments"] = [d.public() for d in deals_in_play(state)]
    return shown
