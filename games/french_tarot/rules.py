"""French Tarot (rules/french-tarot.md): 3, 4 or 5 players, scored with the card-point counter
(games/counting.py, counted in twos).

A game is a number of deals. Each deal: the shuffle and the deal (a petit sec annuls it and the
same dealer deals again), the bidding (each player speaks once, after the dealer), the call of a
king (5 players), the dog shown and the discard (prise, garde), the taker's chelem decision, the
tricks, the score. Phases: bidding -> calling (5) -> discarding (prise, garde) -> chelem ->
playing -> the next deal ... -> over. Every action is verified in full before anything changes,
and every accepted action moves `step`, the key buttons must match. Each deal played or passed
is kept, tricks included, for `history` (/history); `State.history` is only the deals' scores.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, NamedTuple

from games import counting, fairness
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
    options_dict,
    require,
    seat_handover,
)
from games.cards import (
    DECK_STYLES,
    KING,
    PAGE,
    STYLE_SUITS,
    SUIT_NAMES,
    Card,
    CardParseError,
    card,
    card_name,
    codes,
    from_codes,
    parse_cards,
)

NAME = "tarot"
MIN_SEATS = 3
MAX_SEATS = 5
CHIPS = False
HOUSE = False
JOIN_MID_GAME = False

CONTRACTS = ("prise", "garde", "garde_sans", "garde_contre")
CONTRACT_NAMES = {"prise": N_("Prise"), "garde": N_("Garde"), "garde_sans": N_("Garde sans le chien"),
                  "garde_contre": N_("Garde contre le chien")}
MULTIPLIER = {"prise": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}
NEEDED = (56, 51, 41, 36)  # points needed by the number of oudlers in the taker's pile
HAND_SIZE = {3: 24, 4: 18, 5: 15}
DOG_SIZE = {3: 6, 4: 6, 5: 3}
POIGNEE_LEVELS = ("simple", "double", "triple")
POIGNEE_TRUMPS = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}
POIGNEE_BONUS = (20, 30, 40)
SETTLEMENTS = {"exchange": "exchange", "adjust": "adjust", "fool_alone": "alone"}
PETIT_AU_BOUT = 10
EXCUSE_ALONE = 4  # the Excuse counted apart (the "fool alone" settlement): its reduced value
CHELEM_MADE_ANNOUNCED, CHELEM_FAILED_ANNOUNCED, CHELEM_MADE_UNANNOUNCED = 400, -200, 200
CHELEM_WORDS = {CHELEM_MADE_ANNOUNCED: N_("chelem announced and made"),
                CHELEM_FAILED_ANNOUNCED: N_("chelem announced and failed"), CHELEM_MADE_UNANNOUNCED: N_("chelem made")}
MAX_HANDS = 50
EXCUSE = Card(None, 0)
PETIT = Card(None, 1)
SUIT_ORDER = {"W": 0, "C": 1, "S": 2, "P": 3}
PHASE_WORDS = {"bidding": N_("the bidding"), "calling": N_("the call of a king"), "discarding": N_("the discard"),
               "chelem": N_("the taker's chelem decision"), "playing": N_("the play of the cards"),
               "over": N_("nothing more: the game is over")}
TURN_VERBS = {"bidding": N_("speak"), "calling": N_("call a king"), "discarding": N_("discard"),
              "chelem": N_("decide on a chelem"), "playing": N_("play")}
DOING = (N_("bid"), N_("call a king"), N_("discard"), N_("play"))  # what `_require_turn` is told a move does
POIGNEE_WORDS = (N_("simple"), N_("double"), N_("triple"))  # POIGNEE_LEVELS, marked
POIGNEE_NEEDS = (N_("a simple poignée needs {need} trumps (the Excuse may stand for one); you hold {held}"),
                 N_("a double poignée needs {need} trumps (the Excuse may stand for one); you hold {held}"),
                 N_("a triple poignée needs {need} trumps (the Excuse may stand for one); you hold {held}"))


@dataclass(frozen=True)
class Options:
    players: int = 4
    bots: int = 0
    level: str = "normal"  # the computer players' strength: easy, normal or hard
    hands: int = 0  # deals in the game; 0: one round of deals (as many as players)
    count_method: str = "valuable"
    excuse_settlement: str = "exchange"
    timer: int = 120
    style: str = "rws"

    def validate(self) -> None:
        check_level(self.level)
        _check_int("players", self.players, 3, 5)
        _check_int("bots", self.bots, 0, self.players - 1)
        _check_int("hands", self.hands, 0, MAX_HANDS)
        _check_int("timer", self.timer, 0, 600)
        require(self.count_method in counting.METHODS,
                N_("count_method must be one of {choices}"), choices=", ".join(counting.METHODS))
        require(self.excuse_settlement in SETTLEMENTS,
                f"excuse_settlement must be one of {', '.join(SETTLEMENTS)}")
        require(self.style in DECK_STYLES, f"style must be one of {', '.join(DECK_STYLES)}")

    @property
    def deals(self) -> int:
        return self.hands or self.players


def _check_int(name: str, value: Any, low: int, high: int) -> None:
    ok = isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
    require(ok, N_("{name} must be a whole number from {low} to {high}"), name=name, low=low, high=high)


def seat_range(options: Options) -> tuple[int, int]:
    """A table starts with exactly the number of players it was created for."""
    return options.players, options.players


# --- cards ---------------------------------------------------------------------------------


def is_trump(c: Card) -> bool:
    """Trumps 1-21; the Excuse is not a trump."""
    return c.suit is None and c.rank != 0


def is_excuse(c: Card) -> bool:
    return c.suit is None and c.rank == 0


def is_king(c: Card) -> bool:
    return c.suit is not None and c.rank == KING


def same(a: Card, b: Card) -> bool:
    """The same card, whichever way up."""
    return a.rank == b.rank and a.suit == b.suit


def sort_key(c: Card) -> tuple[int, int]:
    """Suits (wands, cups, swords, pentacles) Ace to King, then trumps 1-21, then the Excuse."""
    if c.suit is None:
        return (5, 0) if c.rank == 0 else (4, c.rank)
    return SUIT_ORDER[c.suit], c.rank


def sort_hand(cards: Sequence[Card]) -> list[Card]:
    return sorted(cards, key=sort_key)


def tarot_name(c: Card, style: str = "rws") -> str:
    """A card as French Tarot players say it: `King of Cups`, `trump 15`, `the Excuse`."""
    if c.suit is not None:
        return card_name(c.face, style)
    if c.rank == 0:
        return Text(N_("the Excuse"))
    return Text(N_("the Petit (trump 1)")) if c.rank == 1 else Text(N_("trump {number}"), number=c.rank)


def suit_word(suit: str | None, style: str = "rws") -> str:
    """A suit in the table's deck style: Pentacles at an rws table, Coins at a Marseille one."""
    return Text(N_("trumps")) if suit is None else Text(STYLE_SUITS.get(style, SUIT_NAMES)[suit])


def petit_sec(hand: Sequence[Card]) -> bool:
    """The Petit as the only trump, without the Excuse: the deal is annulled."""
    majors = [c for c in hand if c.suit is None]
    return len(majors) == 1 and majors[0].rank == 1


def points_text(value: Fraction | int) -> str:
    """`49`, `40½`: card points as people write them."""
    value = Fraction(value)
    sign = "-" if value < 0 else ""
    whole = math.floor(abs(value))
    rest = abs(value) - whole
    if not rest:
        return f"{sign}{whole}"
    return sign + (str(whole) if whole else "") + ("½" if rest == Fraction(1, 2) else f" {rest}")


# --- the state -----------------------------------------------------------------------------


@dataclass
class Trick:
    leader: int  # seat
    cards: list[Card]  # in play order, from the leader
    winner: int  # seat
    excused: int | None = None  # the seat whose Excuse stayed with its own side

    def to_dict(self) -> dict[str, Any]:
        return {"leader": self.leader, "cards": codes(self.cards), "winner": self.winner,
                "excused": self.excused}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Trick:
        return cls(data["leader"], from_codes(data["cards"]), data["winner"], data["excused"])


@dataclass
class State:
    options: Options
    players: list[int]
    dealer: int  # seat
    hand_no: int = 1
    deal: fairness.Deal | None = None  # the deal in play's secret seed (annulled shuffles included)
    phase: str = "bidding"
    step: int = 0
    hands: list[list[Card]] = field(default_factory=list)
    dog: list[Card] = field(default_factory=list)
    bids: list[str | None] = field(default_factory=list)  # per seat: None before speaking
    taker: int | None = None
    contract: str | None = None
    called: Card | None = None
    partner: int | None = None  # who holds the called card (hidden until it is played)
    partner_known: bool = False
    dog_shown: bool = False
    discard: list[Card] = field(default_factory=list)
    chelem: bool | None = None  # None until the taker decides
    poignees: list[dict[str, Any]] = field(default_factory=list)  # seat, level, cards
    tricks: list[Trick] = field(default_factory=list)
    trick: list[Card] = field(default_factory=list)
    leader: int = 0
    totals: list[int] = field(default_factory=list)
    annulled: list[dict[str, Any]] = field(default_factory=list)  # petits secs of this deal
    history: list[dict[str, Any]] = field(default_factory=list)  # each hand's scores, for the sheet
    last_hand: dict[str, Any] | None = None  # the finished hand, with its score sheet
    records: list[dict[str, Any]] = field(default_factory=list)  # the last hands in full, for /history
    fair: fairness.Dealer = field(default_factory=fairness.new_dealer)  # the next deal's committed seed
    robots: list[int] = field(default_factory=list)  # people a computer plays for (timed out twice), until they sit in

    @property
    def size(self) -> int:
        return len(self.players)


def new(options: Options, seats: list[SeatSpec], fair: fairness.Dealer | None = None,
        opening: list[Event] | None = None) -> State:
    options.validate()
    ids = [spec.player for spec in seats]
    require(len(ids) == options.players,
            N_("this table is for {players} players and {seated} are seated"), players=options.players,
            seated=len(ids))
    require(len(set(ids)) == len(ids), N_("a player can only sit once at a table"))
    state = State(options, ids, dealer=len(ids) - 1, totals=[0] * len(ids), fair=fair or fairness.new_dealer())
    dealt = _deal(state)
    if opening is not None:
        opening += dealt
    return state


def to_dict(state: State) -> dict[str, Any]:
    return {
        "options": options_dict(state.options), "players": list(state.players),
        "dealer": state.dealer, "hand_no": state.hand_no, "deal": state.deal.to_dict() if state.deal else None,
        "phase": state.phase, "step": state.step, "hands": [codes(h) for h in state.hands],
        "dog": codes(state.dog), "bids": list(state.bids), "taker": state.taker,
        "contract": state.contract, "called": state.called.code if state.called else None,
        "partner": state.partner, "partner_known": state.partner_known,
        "dog_shown": state.dog_shown, "discard": codes(state.discard), "chelem": state.chelem,
        "poignees": copy.deepcopy(state.poignees), "tricks": [t.to_dict() for t in state.tricks],
        "trick": codes(state.trick), "leader": state.leader, "totals": list(state.totals),
        "annulled": copy.deepcopy(state.annulled), "history": copy.deepcopy(state.history),
        "last_hand": copy.deepcopy(state.last_hand), "records": copy.deepcopy(state.records),
        "fair": state.fair.to_dict(), "robots": list(state.robots),
    }


def from_dict(data: dict[str, Any]) -> State:
    fields = dict(copy.deepcopy(data))
    fields["options"] = Options(**data["options"])
    fields["hands"] = [from_codes(h) for h in data["hands"]]
    for name in ("dog", "discard", "trick"):
        fields[name] = from_codes(data[name])
    fields["called"] = from_codes([data["called"]])[0] if data["called"] else None
    fields["tricks"] = [Trick.from_dict(t) for t in data["tricks"]]
    fields["deal"] = fairness.Deal.from_dict(data["deal"]) if data.get("deal") else None
    fields["fair"] = fairness.Dealer.from_dict(data.get("fair"))
    return State(**fields)


def is_over(state: State) -> bool:
    return state.phase == "over"


def round_to_settle(state: State) -> int | None:
    """No chips are at stake: ending the table stops the game where it is, with no score
    recorded for the unfinished deal."""
    return None


def players(state: State) -> list[int]:
    return list(state.players)


def round_in_play(state: State) -> int | None:
    """The deal being played (the next is dealt as one is scored)."""
    return None if state.phase == "over" else state.hand_no


def played_by_computer(state: State) -> list[int]:
    """The people whose seat a computer plays for now (they timed out twice in a row)."""
    return list(state.robots)


# --- the deal ------------------------------------------------------------------------------


def distribute(deck: Sequence[Card], n: int, dealer: int) -> tuple[list[list[Card]], list[Card]]:
    """Packets of three to each player in turn from the dealer's next seat; the dog's cards
    one at a time between packets, never the first or the last card."""
    packets = n * HAND_SIZE[n] // 3
    dog_size = DOG_SIZE[n]
    dog_after = {(j + 1) * packets // (dog_size + 1) - 1 for j in range(dog_size)}
    hands: list[list[Card]] = [[] for _ in range(n)]
    dog: list[Card] = []
    position = 0
    for packet in range(packets):
        hands[(dealer + 1 + packet) % n].extend(deck[position:position + 3])
        position += 3
        if packet in dog_after:
            dog.append(deck[position])
            position += 1
    return hands, dog


def _deal(state: State) -> list[Event]:
    """Shuffle and deal until no hand holds a petit sec (each annulled deal is shown). Each
    redeal is a deal of its own (the next committed seed and nonce); an annulled deal is
    revealed at once, as nothing is played from it."""
    events: list[Event] = []
    annulled: list[dict[str, Any]] = []
    while True:
        label = f"hand {state.hand_no}" + (f" redeal {len(annulled)}" if annulled else "")
        deal, deck = state.fair.draw(label, state.players)
        deal.note(deck)
        events.append(fairness.committed(deal))
        hands, dog = distribute(deck, state.size, state.dealer)
        sec = next((s for s, hand in enumerate(hands) if petit_sec(hand)), None)
        if sec is None:
            break
        shown = {"player": state.players[sec], "cards": codes(sort_hand(hands[sec])),
                 "deal": deal.named(revealed=True)}
        annulled.append(shown)
        events += [Event("petit_sec", shown), fairness.revealed(deal)]
    state.deal = deal
    _reset_deal(state)
    state.hands, state.dog, state.annulled = hands, dog, annulled
    events.append(Event("dealt", {"round": state.hand_no, "dealer": state.players[state.dealer]}))
    return events


def _reset_deal(state: State) -> None:
    state.phase = "bidding"
    state.bids = [None] * state.size
    state.taker = state.contract = state.called = state.partner = state.chelem = None
    state.partner_known = state.dog_shown = False
    state.discard, state.poignees, state.tricks, state.trick = [], [], [], []
    state.leader = (state.dealer + 1) % state.size


def _next_deal(state: State) -> list[Event]:
    """After a deal is recorded: its seed is revealed, and the next deal starts (or the game ends)."""
    events = [fairness.revealed(state.deal)] if state.deal else []
    state.deal = None
    if state.hand_no >= state.options.deals:
        state.phase = "over"
        return [*events, Event("game_over", {"ranking": ranking(state)})]
    state.hand_no += 1
    state.dealer = (state.dealer + 1) % state.size
    events += _deal(state)
    return events + [Event("round_open", {"round": state.hand_no})]


def deals_in_play(state: State) -> list[fairness.Deal]:
    return [state.deal] if state.deal else []


def ranking(state: State) -> list[dict[str, Any]]:
    """Players by running total, best first; equal totals share a rank."""
    order = sorted(range(state.size), key=lambda s: -state.totals[s])
    result: list[dict[str, Any]] = []
    for place, seat in enumerate(order, 1):
        tied = result and result[-1]["total"] == state.totals[seat]
        result.append({"player": state.players[seat], "total": state.totals[seat],
                       "rank": result[-1]["rank"] if tied else place})
    return result


# --- whose turn ----------------------------------------------------------------------------


def speaker(state: State) -> int | None:
    """The next seat to bid: in order after the dealer, each once."""
    for i in range(1, state.size + 1):
        seat = (state.dealer + i) % state.size
        if state.bids[seat] is None:
            return seat
    return None


def turn_seat(state: State) -> int | None:
    if state.phase == "playing":  # first: the searching computer asks at every card it imagines
        return (state.leader + len(state.trick)) % state.size
    if state.phase == "bidding":
        return speaker(state)
    if state.phase in ("calling", "discarding", "chelem"):
        return state.taker
    return None


def pending(state: State) -> list[int]:
    seat = turn_seat(state)
    return [] if seat is None else [state.players[seat]]


def step_key(state: State) -> str:
    return f"h{state.hand_no}-s{state.step}"


def taker_side(state: State) -> set[int]:
    side = {state.taker} if state.taker is not None else set()
    if state.partner is not None:
        side.add(state.partner)
    return side  # type: ignore[return-value]


def has_played(state: State, seat: int) -> bool:
    """Whether the seat has played a card in this deal."""
    if state.phase != "playing":
        return False
    return bool(state.tricks) or (seat - state.leader) % state.size < len(state.trick)


# --- bidding -------------------------------------------------------------------------------


def highest_bid(state: State) -> tuple[int, str] | None:
    """(seat, contract) of the highest bid so far."""
    best: tuple[int, str] | None = None
    for seat, bid in enumerate(state.bids):
        if bid in CONTRACTS and (best is None or CONTRACTS.index(bid) > CONTRACTS.index(best[1])):
            best = (seat, bid)
    return best


def legal_bids(state: State) -> list[str]:
    best = highest_bid(state)
    floor = CONTRACTS.index(best[1]) + 1 if best else 0
    return ["pass", *CONTRACTS[floor:]]


_CONTRACT_WORDS = {"pass": "pass", "passe": "pass", "prise": "prise", "petite": "prise",
                   "garde": "garde", "garde_sans": "garde_sans", "garde_sans_le_chien": "garde_sans",
                   "sans": "garde_sans", "garde_contre": "garde_contre", "contre": "garde_contre",
                   "garde_contre_le_chien": "garde_contre"}


def parse_contract(value: Any) -> str:
    words = "_".join(str(value).lower().replace("-", " ").replace("_", " ").split())
    found = _CONTRACT_WORDS.get(words)
    require(found is not None, N_("there is no contract {value}: pass, prise, garde, garde_sans or garde_contre"),
            value=repr(value))
    return found  # type: ignore[return-value]


def _verify_higher(state: State, contract: str) -> None:
    best = highest_bid(state)
    if best is None or CONTRACTS.index(contract) > CONTRACTS.index(best[1]):
        return
    higher = [Text(CONTRACT_NAMES[c]) for c in CONTRACTS[CONTRACTS.index(best[1]) + 1:]]
    then = Text(N_("bid {contracts}, or pass"), contracts=either(higher)) if higher \
        else Text(N_("nothing is higher: pass"))
    raise IllegalAction(Text(N_("a bid must be higher than the last one: {player} bid {contract}; {then}"),
                             player=mention(state.players[best[0]]), contract=Text(CONTRACT_NAMES[best[1]]), then=then))


def either(choices: list[Text]) -> Text:
    """"A or B or C", marked: the choices joined by the language's word for "or"."""
    joined = choices[0]
    for choice in choices[1:]:
        joined = Text(N_("{first} or {second}"), first=joined, second=choice)
    return joined


def _bid(state: State, seat: int, action: Action) -> list[Event]:
    _require_turn(state, seat, "bidding", "bid")
    contract = parse_contract(action.get("contract", "pass"))
    if contract != "pass":
        _verify_higher(state, contract)
    state.bids[seat] = contract
    events = [Event("bid", {"player": state.players[seat], "contract": contract})]
    if speaker(state) is None:
        events += _end_bidding(state)
    return events


def _pass(state: State, seat: int, action: Action) -> list[Event]:
    return _bid(state, seat, {"type": "bid", "contract": "pass"})


def _end_bidding(state: State) -> list[Event]:
    best = highest_bid(state)
    if best is None:
        state.history.append({"round": state.hand_no, "contract": None, "taker": None, "made": None,
                              "scores": [0] * state.size})
        _record_hand(state, [0] * state.size, None)
        state.last_hand = {**_view(state, None), "phase": "passed"}
        return [Event("all_passed", {"round": state.hand_no}),
                Event("settled", {"round": state.hand_no, "results": [], "passed": True}), *_next_deal(state)]
    state.taker, state.contract = best
    events = [Event("taker", {"player": state.players[best[0]], "contract": best[1]})]
    if state.size == 5:
        state.phase = "calling"
        return events
    return events + _after_call(state)


def _after_call(state: State) -> list[Event]:
    """Prise, garde: the dog is shown and taken. Garde sans, garde contre: it stays unseen."""
    assert state.taker is not None
    if state.contract in ("prise", "garde"):
        state.dog_shown = True
        state.hands[state.taker].extend(state.dog)
        state.phase = "discarding"
        return [Event("dog", {"player": state.players[state.taker], "cards": codes(state.dog)})]
    state.phase = "chelem"
    owner = "taker" if state.contract == "garde_sans" else "defence"
    return [Event("dog_unseen", {"contract": state.contract, "counts_for": owner})]


# --- calling a king (5 players) -----------------------------------------------------------


def callable_cards(hand: Sequence[Card]) -> list[Card]:
    """Kings; queens too when holding all four kings; knights when holding all kings and
    queens; pages when holding every king, queen and knight."""
    lowest = KING
    while lowest > PAGE and sum(1 for c in hand if c.suit is not None and c.rank == lowest) == 4:
        lowest -= 1
    return [Card(suit, rank) for rank in range(KING, lowest - 1, -1) for suit in SUIT_ORDER]


def _call(state: State, seat: int, action: Action) -> list[Event]:
    _require_turn(state, seat, "calling", "call a king")
    chosen = _one_card(state, action.get("card"))
    allowed = callable_cards(state.hands[seat])
    if not any(same(chosen, c) for c in allowed):
        lowest = {KING: N_("you may call a king or a higher court, not {card}; a queen only when you hold all four "
                           "kings, and so on"),
                  KING - 1: N_("you may call a queen or a higher court, not {card}; a queen only when you hold all "
                               "four kings, and so on"),
                  KING - 2: N_("you may call a knight or a higher court, not {card}; a queen only when you hold all "
                               "four kings, and so on"),
                  PAGE: N_("you may call a page or a higher court, not {card}; a queen only when you hold all four "
                           "kings, and so on")}[allowed[-1].rank]
        raise IllegalAction(Text(lowest, card=tarot_name(chosen, state.options.style)))
    state.called = chosen.face
    holder = next((s for s, hand in enumerate(state.hands) if any(same(c, chosen) for c in hand)), None)
    state.partner = holder if holder is not None and holder != seat else None
    events = [Event("called", {"player": state.players[seat], "card": state.called.code})]
    return events + _after_call(state)


# --- the discard ---------------------------------------------------------------------------


def discardable(c: Card) -> bool:
    """Neither a king nor an oudler (a trump only when nothing else is possible)."""
    return not is_king(c) and not c.is_oudler


def discard_options(hand: Sequence[Card], count: int) -> tuple[list[Card], list[Card], int]:
    """(plain cards that may be discarded, trumps that may be, how many trumps must be)."""
    plain = [c for c in hand if c.suit is not None and not is_king(c)]
    trumps = [c for c in hand if is_trump(c) and not c.is_oudler]
    forced = max(0, count - len(plain))
    return plain, trumps if forced else [], forced


def verify_discard(hand: Sequence[Card], chosen: Sequence[Card], count: int, style: str = "rws") -> None:
    require(len(chosen) == count, N_("discard exactly {n} card; you chose {chosen}"),
            plural=N_("discard exactly {n} cards; you chose {chosen}"), count=count, chosen=len(chosen))
    for c in chosen:
        require(not is_king(c), N_("you may not discard a king ({card})"), card=tarot_name(c, style))
        require(not c.is_oudler, N_("you may not discard an oudler ({card})"), card=tarot_name(c, style))
    plain, _, forced = discard_options(hand, count)
    trumps = sum(1 for c in chosen if is_trump(c))
    require(trumps <= forced, N_("you may discard a trump only when nothing else is possible: you hold {n} "
                                 "other card you may discard{most}"),
            plural=N_("you may discard a trump only when nothing else is possible: you hold {n} "
                      "other cards you may discard{most}"), count=len(plain),
            most=Plural(N_(", so at most {n} trump"), N_(", so at most {n} trumps"), forced) if forced else "")


def _discard(state: State, seat: int, action: Action) -> list[Event]:
    _require_turn(state, seat, "discarding", "discard")
    chosen = _cards_in_hand(state, seat, action.get("cards", action.get("card")))
    verify_discard(state.hands[seat], chosen, len(state.dog), state.options.style)
    for c in chosen:
        state.hands[seat].remove(c)
    state.discard = chosen
    state.phase = "chelem"
    shown = [c for c in chosen if is_trump(c)]
    return [Event("discarded", {"player": state.players[seat], "count": len(chosen),
                                "trumps": codes(shown)})]


# --- announcements -------------------------------------------------------------------------


def _announce(state: State, seat: int, action: Action) -> list[Event]:
    what = str(action.get("what", "")).lower().replace("é", "e")
    if what == "chelem":
        return _announce_chelem(state, seat)
    if what == "poignee":
        return _announce_poignee(state, seat, action)
    raise IllegalAction(Text(N_("announce a poignee or a chelem")))


def _verify_chelem_decision(state: State, seat: int) -> None:
    require(state.phase == "chelem",
            N_("a chelem is announced by the taker after the discard, before the first card is played"))
    assert state.taker is not None
    require(seat == state.taker, N_("only the taker, {player}, decides on a chelem"),
            player=mention(state.players[state.taker]))


def _announce_chelem(state: State, seat: int) -> list[Event]:
    _verify_chelem_decision(state, seat)
    state.chelem = True
    state.leader = seat
    state.phase = "playing"
    return [Event("chelem", {"player": state.players[seat]})]


def _no_chelem(state: State, seat: int, action: Action) -> list[Event]:
    _verify_chelem_decision(state, seat)
    state.chelem = False
    state.phase = "playing"
    return [Event("play_begins", {"leader": state.players[state.leader]})]


def poignee_levels(state: State, seat: int) -> list[int]:
    """The poignée levels (0 simple, 1 double, 2 triple) the seat may show now."""
    if state.phase != "playing" or has_played(state, seat) or _poignee_of(state, seat):
        return []
    hand = state.hands[seat]
    available = sum(1 for c in hand if c.suit is None)  # trumps, and the Excuse standing for one
    return [level for level, need in enumerate(POIGNEE_TRUMPS[state.size]) if available >= need]


def _poignee_of(state: State, seat: int) -> dict[str, Any] | None:
    return next((p for p in state.poignees if p["seat"] == seat), None)


def poignee_cards(hand: Sequence[Card], need: int) -> list[Card]:
    """The trumps shown by default: the lowest, oudlers last; the Excuse only to complete the
    count when every trump is shown."""
    trumps = sorted((c for c in hand if is_trump(c)), key=lambda c: (c.is_oudler, c.rank))
    if len(trumps) >= need:
        return sorted(trumps[:need], key=lambda c: c.rank)
    return sorted(trumps, key=lambda c: c.rank) + [c for c in hand if is_excuse(c)]


def _poignee_level(state: State, seat: int, raw: Any) -> int:
    levels = poignee_levels(state, seat)
    require(state.phase == "playing", N_("a poignée is shown during the play, before your first card"))
    require(_poignee_of(state, seat) is None, N_("you have already shown a poignée in this deal"))
    require(not has_played(state, seat), N_("a poignée is shown before you play your first card"))
    need = POIGNEE_TRUMPS[state.size]
    if raw is None:
        require(bool(levels), POIGNEE_NEEDS[0], need=need[0], held=sum(1 for c in state.hands[seat] if c.suit is None))
        return levels[-1]
    word = str(raw).lower()
    require(word in POIGNEE_LEVELS, N_("a poignée is simple, double or triple"))
    level = POIGNEE_LEVELS.index(word)
    require(level in levels, POIGNEE_NEEDS[level], need=need[level],
            held=sum(1 for c in state.hands[seat] if c.suit is None))
    return level


def _verify_poignee_cards(hand: Sequence[Card], shown: Sequence[Card], need: int) -> None:
    require(len(shown) == need, N_("show exactly {need} trumps for that poignée; you chose {chosen}"), need=need,
            chosen=len(shown))
    require(all(c.suit is None for c in shown), N_("a poignée shows trumps (and the Excuse) only"))
    trumps_held = sum(1 for c in hand if is_trump(c))
    if any(is_excuse(c) for c in shown):
        require(sum(1 for c in shown if is_trump(c)) == trumps_held,
                N_("the Excuse may stand for a trump only when you have no more trumps to show"))


def _announce_poignee(state: State, seat: int, action: Action) -> list[Event]:
    level = _poignee_level(state, seat, action.get("level"))
    need = POIGNEE_TRUMPS[state.size][level]
    hand = state.hands[seat]
    raw = action.get("cards")
    shown = _cards_in_hand(state, seat, raw) if raw else poignee_cards(hand, need)
    _verify_poignee_cards(hand, shown, need)
    state.poignees.append({"seat": seat, "level": level, "cards": codes(shown)})
    return [Event("poignee", {"player": state.players[seat], "level": POIGNEE_LEVELS[level],
                              "cards": codes(shown)})]


# --- the play ------------------------------------------------------------------------------


def led_card(trick: Sequence[Card]) -> Card | None:
    """The card that sets the trick's suit: the first that is not the Excuse."""
    for c in trick:
        if c.suit is not None or c.rank != 0:
            return c
    return None


def highest_trump(trick: Sequence[Card]) -> int:
    top = 0
    for c in trick:
        if c.suit is None and c.rank > top:
            top = c.rank
    return top


class PlayContext(NamedTuple):
    """What the rules need to judge any card of one hand at one moment (a named tuple: made at
    every card the searching computer imagines played)."""

    last_card: bool
    keep_excuse: bool  # the chelem announcer keeps the Excuse for the last trick
    led_suit: str | None  # None: trumps led
    leading: bool  # nothing but (possibly) the Excuse on the table: this card sets the suit
    holds_led: bool
    holds_trump: bool
    top_trump: int  # the highest trump in the trick, 0 if none
    can_overtrump: bool
    banned_suit: str | None  # five players, first trick: the called suit may not be led
    called: Card | None


def play_context(state: State, seat: int) -> PlayContext:
    """The context of `seat`'s hand now, in one pass over the hand (the searching computer asks
    for it at every card it imagines played)."""
    hand, trick = state.hands[seat], state.trick
    led = led_card(trick)
    led_suit = led.suit if led is not None else None
    top = highest_trump(trick)
    holds_led = holds_trump = can_overtrump = False
    for c in hand:
        if c.suit is None:
            if c.rank:  # a trump (the Excuse is none)
                holds_trump = True
                can_overtrump = can_overtrump or c.rank > top
        elif c.suit == led_suit:
            holds_led = True
    if led is not None and led_suit is None:
        holds_led = holds_trump  # trumps led
    banned = None
    if led is None and state.called is not None and not state.tricks and state.size == 5:
        banned = state.called.suit
        if all(c.suit == banned for c in hand if not is_excuse(c)):
            banned = None  # nothing else to lead
    return PlayContext(
        last_card=len(hand) == 1,
        keep_excuse=bool(state.chelem) and seat == state.taker,
        led_suit=led_suit, leading=led is None, holds_led=holds_led,
        holds_trump=holds_trump, top_trump=top, can_overtrump=can_overtrump,
        banned_suit=banned, called=state.called,
    )


def refusal(ctx: PlayContext, c: Card) -> tuple[str, Any] | None:
    """Why the rules forbid this card now (a rule key and its detail), or None."""
    if ctx.last_card:
        return None
    if c.suit is None and c.rank == 0:
        return ("keep_excuse", None) if ctx.keep_excuse else None
    if ctx.leading:
        if ctx.banned_suit is not None and c.suit == ctx.banned_suit and not same(c, ctx.called):  # type: ignore[arg-type]
            return "called_suit", ctx.called
        return None
    if c.suit is not None:  # a suit card
        if c.suit == ctx.led_suit:
            return None
        if ctx.holds_led:
            return "follow", ctx.led_suit
        if ctx.holds_trump:
            return ("trump", ctx.led_suit) if ctx.led_suit is not None else ("follow", None)
        return None
    if ctx.led_suit is not None and ctx.holds_led:
        return "follow", ctx.led_suit
    if c.rank < ctx.top_trump and ctx.can_overtrump:
        return "overtrump", ctx.top_trump
    return None


def refusal_text(rule: tuple[str, Any], c: Card, style: str = "rws") -> Text:
    key, detail = rule
    if key == "keep_excuse":
        return Text(N_("you announced a chelem: your Excuse must be played on the last trick"))
    if key == "called_suit":
        return Text(N_("no one may lead {suit}, the called king's suit, on the first trick, except with the called "
                       "{card} itself"), suit=suit_word(detail.suit, style), card=tarot_name(detail, style))
    if key == "follow" and detail is None:
        return Text(N_("you must follow: trumps were led and you hold trumps, so {card} is not allowed"),
                    card=tarot_name(c, style))
    if key == "follow":
        return Text(N_("you must follow suit: {suit} were led and you hold {suit}"), suit=suit_word(detail, style))
    if key == "trump":
        return Text(N_("you must trump: you have no {suit} but you hold trumps"), suit=suit_word(detail, style))
    return Text(N_("you must overtrump: play a trump higher than {trump}, the highest in the trick, since you hold "
                   "one (even when your partner is winning the trick)"), trump=detail)


def legal_cards(state: State, seat: int) -> list[Card]:
    if state.phase != "playing" or turn_seat(state) != seat:
        return []
    ctx = play_context(state, seat)
    return [c for c in state.hands[seat] if refusal(ctx, c) is None]


def winning_position(cards: Sequence[Card]) -> int:
    """The position of the card that takes the trick (the Excuse never does here)."""
    best = -1
    for i, c in enumerate(cards):
        if c.suit is None and c.rank == 0:
            continue
        if best < 0:
            best = i
            continue
        top = cards[best]
        if c.suit is None:
            if top.suit is not None or c.rank > top.rank:
                best = i
        elif top.suit == c.suit and c.rank > top.rank:
            best = i
    return best


def _play(state: State, seat: int, action: Action) -> list[Event]:
    _require_turn(state, seat, "playing", "play")
    chosen = _in_hand(state, seat, _one_card(state, action.get("card")))
    rule = refusal(play_context(state, seat), chosen)
    if rule is not None:
        raise IllegalAction(refusal_text(rule, chosen, state.options.style))
    state.hands[seat].remove(chosen)
    state.trick.append(chosen)
    player = state.players[seat]
    events = [Event("played", {"player": player, "card": chosen.code, "trick": len(state.tricks) + 1})]
    if state.called is not None and same(chosen, state.called) and state.partner == seat:
        state.partner_known = True
        events.append(Event("partner", {"player": player, "card": state.called.code}))
    if len(state.trick) == state.size:
        events += _finish_trick(state)
    return events


def _side_won_all(state: State, seat: int) -> bool:
    """The seat is on the taker's side and that side took every trick so far."""
    side = taker_side(state)
    return seat in side and bool(state.tricks) and all(t.winner in side for t in state.tricks)


def _finish_trick(state: State) -> list[Event]:
    n, leader, cards = state.size, state.leader, state.trick
    last = not state.hands[leader]
    winner = (leader + winning_position(cards)) % n
    excused = None
    position = next((i for i, c in enumerate(cards) if is_excuse(c)), None)
    if position is not None:
        owner = (leader + position) % n
        if last and _side_won_all(state, owner):
            winner = owner  # a chelem: the Excuse takes the last trick
        elif not last:
            excused = owner
    state.tricks.append(Trick(leader, cards, winner, excused))
    state.trick, state.leader = [], winner
    events = [Event("trick", {"number": len(state.tricks), "winner": state.players[winner],
                              "cards": codes(cards), "leader": state.players[leader],
                              "plays": _trick_view(state, leader, cards)})]
    return events + (_score_hand(state) if last else [])


# --- scoring -------------------------------------------------------------------------------


def per_defender(players: int, contract: str, points: Fraction | int | float, oudlers: int,
                 petit_au_bout: str | None = None, poignee: int = 0, chelem: int = 0) -> dict[str, Any]:
    """The hand's score per defender, from the taker's side (positive: the taker won), with
    its parts. A half point goes to the side that wins (3 and 5 players)."""
    exact = Fraction(points)
    needed = NEEDED[oudlers]
    made = exact >= needed
    rounded = math.ceil(exact) if made else math.floor(exact)
    difference = rounded - needed
    multiplier = MULTIPLIER[contract]
    base = (25 + abs(difference)) * multiplier
    petit = {"taker": 1, "defence": -1, None: 0}[petit_au_bout] * PETIT_AU_BOUT * multiplier
    bonus = poignee if made else -poignee
    total = (base if made else -base) + petit + bonus + chelem
    return {"points": exact, "oudlers": oudlers, "needed": needed, "made": made, "rounded": rounded,
            "difference": difference, "multiplier": multiplier, "base": base,
            "petit_au_bout": petit, "poignee": bonus, "chelem": chelem, "per_defender": total}


def taker_score(players: int, contract: str, points: Fraction | int | float, oudlers: int,
                petit_au_bout: str | None = None, alone: bool = False) -> int:
    """The taker's signed total for the hand (5 players: with a partner unless `alone`)."""
    require(players in HAND_SIZE, "French Tarot is played by 3, 4 or 5 players")
    require(contract in CONTRACTS, f"there is no contract {contract!r}")
    require(0 <= oudlers <= 3, "a pile holds 0 to 3 oudlers")
    require(petit_au_bout in (None, "taker", "defence"), "petit_au_bout is None, 'taker' or 'defence'")
    score = per_defender(players, contract, points, oudlers, petit_au_bout)["per_defender"]
    share = {3: 2, 4: 3, 5: 4 if alone else 2}[players]
    return score * share


def piles(state: State) -> tuple[list[Card], list[Card], int | None]:
    """(taker's side's pile, defence's pile, who kept an excused Excuse: 0 the taker's side, 1
    the defence, None when no card is owed)."""
    side = taker_side(state)
    taken: tuple[list[Card], list[Card]] = ([], [])
    keeper = None
    for trick in state.tricks:
        gets = 0 if trick.winner in side else 1
        for c in trick.cards:
            if trick.excused is not None and is_excuse(c):
                owner = 0 if trick.excused in side else 1
                taken[owner].append(c)
                keeper = owner if owner != gets else None
            else:
                taken[gets].append(c)
    if state.contract in ("prise", "garde"):
        taken[0].extend(state.discard)
    else:
        taken[0 if state.contract == "garde_sans" else 1].extend(state.dog)
    return taken[0], taken[1], keeper


def settlement_used(pile: Sequence[Card], keeper: int | None, chosen: str) -> str:
    """The table's settlement, or "alone" when the side keeping the Excuse has no empty card
    to give (its other cards are all valuable)."""
    if keeper is None or chosen == "alone" or any(counting.STANDARD.is_empty(c) for c in pile):
        return chosen
    return "alone"


def pile_points(state: State, first: list[Card], second: list[Card], keeper: int | None
                ) -> tuple[Fraction, Fraction, str]:
    """Both sides' card points by the counter, the Excuse settled; and the settlement used."""
    kept = first if keeper == 0 else second
    used = settlement_used(kept, keeper, SETTLEMENTS[state.options.excuse_settlement])
    taker, defence = counting.settle_fool(first, second, keeper, used, 2, "original")
    return taker, defence, used


def _petit_au_bout(state: State) -> str | None:
    last = state.tricks[-1]
    if not any(c.suit is None and c.rank == 1 for c in last.cards):
        return None
    return "taker" if last.winner in taker_side(state) else "defence"


def _chelem_value(state: State) -> tuple[int, bool]:
    side = taker_side(state)
    made = all(t.winner in side for t in state.tricks)
    if state.chelem:
        return (CHELEM_MADE_ANNOUNCED if made else CHELEM_FAILED_ANNOUNCED), made
    return (CHELEM_MADE_UNANNOUNCED if made else 0), made


def _shares(state: State, value: int) -> list[int]:
    """Zero-sum: each defender -value, the partner +value, the taker the rest."""
    deltas = [0] * state.size
    for seat in range(state.size):
        if seat == state.partner:
            deltas[seat] = value
        elif seat != state.taker:
            deltas[seat] = -value
    assert state.taker is not None
    deltas[state.taker] = -sum(deltas)
    return deltas


def _score_hand(state: State) -> list[Event]:
    assert state.contract is not None and state.taker is not None
    first, second, keeper = piles(state)
    taker_points, defence_points, used = pile_points(state, first, second, keeper)
    chelem, chelem_made = _chelem_value(state)
    poignee = sum(POIGNEE_BONUS[p["level"]] for p in state.poignees)
    score = per_defender(state.size, state.contract, taker_points, counting.oudler_count(first),
                         _petit_au_bout(state), poignee, chelem)
    deltas = _shares(state, score["per_defender"])
    state.totals = [t + d for t, d in zip(state.totals, deltas, strict=True)]
    state.history.append({"round": state.hand_no, "contract": state.contract,
                          "taker": state.players[state.taker], "made": score["made"],
                          "scores": deltas})
    _record_hand(state, deltas, score)
    sides, given = sheet_piles(first, second, keeper, used, state.options.count_method)
    sheet = _sheet(state, score, (taker_points, defence_points), chelem_made, deltas)
    note = _excuse_note(keeper, used, given)
    sheet.update(piles=sides, excuse=str(note), excuse_text=note.marked() if isinstance(note, Text) else None,
                 settlement_used=used,
                 oudler_cards=[c.code for c in first if c.is_oudler])
    state.last_hand = {**_view(state, None, reveal=True), "phase": "scored", "sheet": sheet,
                       "discard": codes(state.discard)}
    results = [{"player": p, "net": d} for p, d in zip(state.players, deltas, strict=True) if p >= 0]
    events = [Event("settled", {"round": state.hand_no, "results": results,
                                "scores": dict(zip(map(str, state.players), deltas, strict=True)),
                                "made": score["made"]})]
    return events + _next_deal(state)


# --- the score sheet -----------------------------------------------------------------------


def _excuse_note(keeper: int | None, used: str, given: Card | None) -> str:
    if keeper is None:
        return ""
    sides = (Text(N_("the taker's side")), Text(N_("the defence")))
    who, other = sides[keeper], sides[1 - keeper]
    if used == "exchange":
        return Text(N_("The Excuse stays with {who}, who give {card} to {other} in exchange."), who=who,
                    card=given.face.code if given else "?", other=other)
    if used == "adjust":
        return Text(N_("The Excuse stays with {who}: they count one empty card fewer (-½), {other} one more (+½)."),
                    who=who, other=other)
    return Text(N_("The Excuse stays with {who}, counted alone as 4; {other} count one extra empty card (+½)."),
                who=who, other=other)


def sheet_piles(first: list[Card], second: list[Card], keeper: int | None, used: str,
                method: str) -> tuple[list[dict[str, Any]], Card | None]:
    """Each side's pile as the score sheet counts it, the Excuse settled as `used` says:
    "exchange" moves an empty card; "adjust" adds -½ and +½; "alone" counts the Excuse apart
    as 4 and gives the other side +½."""
    cards = [list(first), list(second)]
    adjust = [Fraction(0), Fraction(0)]
    alone = [False, False]
    given = None
    if keeper is not None:
        kept = cards[keeper]
        if used == "exchange":
            given = next(c for c in kept if counting.STANDARD.is_empty(c))
            kept.remove(given)
            cards[1 - keeper].append(given)
        elif used == "adjust":
            adjust[keeper], adjust[1 - keeper] = Fraction(-1, 2), Fraction(1, 2)
        else:
            kept.remove(next(c for c in kept if is_excuse(c)))
            alone[keeper], adjust[1 - keeper] = True, Fraction(1, 2)
    return [_sheet_pile(side, cards[side], adjust[side], alone[side], method) for side in (0, 1)], given


def _sheet_pile(side: int, cards: list[Card], adjust: Fraction, alone: bool, method: str) -> dict[str, Any]:
    working = counting.count_working(cards, 2, method)
    total = sum((value for _, value in working), Fraction(0)) + adjust + (EXCUSE_ALONE if alone else 0)
    return {"side": ("taker", "defence")[side], "cards": len(cards) + alone,
            "groups": [[codes(group), points_text(value)] for group, value in working],
            "excuse_alone": alone, "adjust": ("+" if adjust > 0 else "") + points_text(adjust) if adjust else None,
            "points": points_text(total), "exact": [total.numerator, total.denominator]}


def _sheet(state: State, score: dict[str, Any], points: tuple[Fraction, Fraction], chelem_made: bool,
           deltas: list[int]) -> dict[str, Any]:
    """The numbers of the hand's score sheet (the piles are added by the caller)."""
    return {
        "round": state.hand_no, "contract": state.contract, "taker": state.players[state.taker],  # type: ignore[index]
        "partner": state.players[state.partner] if state.partner is not None else None,
        "called": state.called.code if state.called else None, "method": state.options.count_method,
        "settlement": state.options.excuse_settlement, "oudlers": score["oudlers"],
        "needed": score["needed"], "points": points_text(points[0]), "defence_points": points_text(points[1]),
        "rounded": score["rounded"], "difference": score["difference"], "made": score["made"],
        "multiplier": score["multiplier"], "base": score["base"], "petit_au_bout": score["petit_au_bout"],
        "poignees": [{"player": state.players[p["seat"]], "level": POIGNEE_LEVELS[p["level"]],
                      "bonus": POIGNEE_BONUS[p["level"]]} for p in state.poignees],
        "poignee": score["poignee"], "chelem": score["chelem"], "chelem_announced": bool(state.chelem),
        "chelem_made": chelem_made, "per_defender": score["per_defender"],
        "scores": [{"player": p, "delta": d, "total": t}
                   for p, d, t in zip(state.players, deltas, state.totals, strict=True)],
    }


# --- the hand records (/history) ----------------------------------------------------------


def _record_hand(state: State, deltas: list[int], score: dict[str, Any] | None) -> None:
    """Keep the finished deal (or the deal everyone passed) for /history: the cards still held
    (all of them when everyone passed), the dog, the discard and the tricks; `history` builds
    what each player may see of them."""
    record: dict[str, Any] = {
        "hand": state.hand_no, "deals": [*(a["deal"] for a in state.annulled if "deal" in a),
                                       *([state.deal.named(revealed=True)] if state.deal else [])],
        "players": list(state.players),
        "dealer": state.dealer, "annulled": copy.deepcopy(state.annulled), "bids": list(state.bids),
        "held": [codes(hand) for hand in state.hands], "dog": codes(state.dog),
        "dog_shown": state.dog_shown, "contract": state.contract, "taker": state.taker,
        "called": state.called.code if state.called else None, "partner": state.partner,
        "discard": codes(state.discard), "chelem": state.chelem, "poignees": copy.deepcopy(state.poignees),
        "tricks": [[t.leader, codes(t.cards), t.winner] for t in state.tricks], "scores": list(deltas),
    }
    if score is not None:
        record["score"] = {"made": score["made"], "difference": score["difference"],
                           "points": points_text(score["points"]), "needed": score["needed"],
                           "petit_au_bout": score["petit_au_bout"], "poignee": score["poignee"],
                           "chelem": score["chelem"]}
    state.records = [*state.records, record][-HISTORY_HANDS:]


def history(state: State, player: int) -> list[HandRecord]:
    """The last deals `player` played, as they saw them: their own dealt hand, the dog if it was
    shown, their discard if they took (otherwise only its shown trumps), the bids, the call,
    the poignées and every trick, and their points for the deal."""
    return [_hand_record(r, r["players"].index(player)) for r in state.records if player in r["players"]]


def _hand_record(record: dict[str, Any], seat: int) -> HandRecord:
    return {"hand": record["hand"], "deals": copy.deepcopy(record["deals"]), "cards": _record_cards(record, seat),
            "actions": _record_actions(record), "result": _record_result(record, seat)}


def _dealt(record: dict[str, Any], seat: int) -> list[str]:
    """The seat's hand as dealt: the cards it still held and played; for a taker who took the
    dog, the discard back and the dog out."""
    size = len(record["players"])
    hand = [*record["held"][seat], *(cards[(seat - leader) % size] for leader, cards, _ in record["tricks"])]
    if seat == record["taker"] and record["dog_shown"]:
        hand += record["discard"]
        for code in record["dog"]:
            if code in hand:  # always, unless the position was set up by hand
                hand.remove(code)
    return codes(sort_hand(from_codes(hand)))


def _faces(codes_: list[str]) -> str:
    """Cards in a line of text: by their face, since orientation means nothing in French Tarot."""
    return " ".join(card(code).face.code for code in codes_)


def _record_cards(record: dict[str, Any], seat: int) -> list[str]:
    lines = [Text(N_("You: {cards}"), cards=_faces(_dealt(record, seat)))]
    lines += [Text(N_("{player}, petit sec (that deal was annulled): {cards}"), player=mention(a["player"]),
                   cards=_faces(a["cards"])) for a in record["annulled"]]
    contract = record["contract"]
    if record["dog_shown"]:
        lines.append(Text(N_("Dog: {cards}"), cards=_faces(record["dog"])))
    elif contract in ("garde_sans", "garde_contre"):
        lines.append(Text(N_("Dog: unseen, counted for the taker")) if contract == "garde_sans"
                     else Text(N_("Dog: unseen, counted for the defence")))
    shown = [c.code for c in from_codes(record["discard"]) if is_trump(c)]
    if seat == record["taker"] and record["discard"]:
        lines.append(Text(N_("Your discard: {cards}"), cards=_faces(record["discard"])))
    elif shown:
        lines.append(Text(N_("Trumps shown in the discard: {cards}"), cards=_faces(shown)))
    return lines


def _record_actions(record: dict[str, Any]) -> list[str]:
    players, size = record["players"], len(record["players"])
    dealer, taker = record["dealer"], record["taker"]
    lines = [Text(N_("{player} deals"), player=mention(players[dealer]))]
    for i in range(1, size + 1):
        seat = (dealer + i) % size
        bid = record["bids"][seat]
        lines.append(Text(N_("{player} passes"), player=mention(players[seat])) if bid == "pass" else
                     Text(N_("{player} bids {contract}"), player=mention(players[seat]), contract=Text(CONTRACT_NAMES[bid])))
    if taker is None:
        return lines
    if record["called"]:
        lines.append(Text(N_("{player} calls {card}"), player=mention(players[taker]), card=record["called"]))
    if record["dog_shown"]:
        lines.append(Plural(N_("{player} takes the dog and discards {n} card"),
                            N_("{player} takes the dog and discards {n} cards"), len(record["discard"]),
                            player=mention(players[taker])))
    if record["chelem"]:
        lines.append(Text(N_("{player} announces a chelem"), player=mention(players[taker])))
    lines += [Text(N_("{player} shows a {level} poignée: {cards}"), player=mention(players[p["seat"]]),
                   level=Text(POIGNEE_WORDS[p["level"]]), cards=_faces(p["cards"])) for p in record["poignees"]]
    for number, (leader, cards, winner) in enumerate(record["tricks"], 1):
        # a template of the trick's own (no catalog has it): its seats' names still translate
        template = ", ".join(f"{{p{i}}} {card(code).face.code}" for i, code in enumerate(cards))
        played = Text(template, **{f"p{i}": mention(players[(leader + i) % size]) for i in range(len(cards))})
        lines.append(Text(N_("Trick {number}: {cards} → {player}"), number=number, cards=played,
                          player=mention(players[winner])))
    return lines


def _record_result(record: dict[str, Any], seat: int) -> str:
    won = Plural(N_("{n:+} point"), N_("{n:+} points"), record["scores"][seat])
    if record["taker"] is None:
        return Text(N_("everyone passed, no score: {won}"), won=won)
    score = record["score"]

    def name(s: int) -> str:
        return Text(N_("you")) if s == seat else mention(record["players"][s])

    side = name(record["taker"])
    if record["partner"] is not None:
        side = Text(N_("{taker} and {partner}"), taker=side, partner=name(record["partner"]))
    elif record["called"]:
        side = Text(N_("{taker}, alone,"), taker=side)
    verdict = N_("{side} made {contract} by {difference} ({points} points, {needed} needed)") if score["made"] \
        else N_("{side} failed {contract} by {difference} ({points} points, {needed} needed)")
    text = Text(verdict, side=side, contract=Text(CONTRACT_NAMES[record["contract"]]),
                difference=abs(score["difference"]), points=score["points"], needed=score["needed"])
    extras = _record_extras(score)
    return Text(N_("{result}{extras}: {won}"), result=text, extras=", " + ", ".join(extras) if extras else "", won=won)


def _record_extras(score: dict[str, Any]) -> list[str]:
    """The bonuses in words; their values are signed from the taker's side."""
    extras = []
    if score["petit_au_bout"]:
        extras.append(Text(N_("petit au bout for {side}"), side=_side_word(score["petit_au_bout"])))
    if score["poignee"]:
        extras.append(Text(N_("poignée {points} for {side}"), points=abs(score["poignee"]),
                           side=_side_word(score["poignee"])))
    if score["chelem"]:
        extras.append(Text(CHELEM_WORDS[score["chelem"]]))
    return extras


def _side_word(value: int) -> str:
    return Text(N_("the taker")) if value > 0 else Text(N_("the defence"))


# --- leaving -------------------------------------------------------------------------------


def _leave(state: State, seat: int, action: Action) -> list[Event]:
    """A player who leaves a running game hands the seat to a computer player."""
    require(state.phase != "over", N_("the game is over: the host ends the table with /table end"))
    player = state.players[seat]
    require(player >= 0, N_("a computer player does not leave"))
    replacement = min(min(state.players), 0) - 1
    state.players[seat] = replacement
    if player in state.robots:
        state.robots.remove(player)
    return [Event("replaced", {"player": player, "by": replacement}), Event("left", {"player": player})]


def _hand_over(state: State, seat: int, action: Action) -> list[Event]:
    """A computer plays the person's seat for now, or they take it back (`base.seat_handover`)."""
    require(state.phase != "over", N_("the game is over"))
    return [hand_over_seat(state.robots, state.players[seat], action["type"])]


# --- actions -------------------------------------------------------------------------------


def _seat(state: State, player: int) -> int:
    if player not in state.players:
        raise IllegalAction("you are not seated at this table")
    return state.players.index(player)


def _require_turn(state: State, seat: int, phase: str, doing: str) -> None:
    require(state.phase != "over", N_("the game is over"))
    require(state.phase == phase, N_("you can't {doing} now: it is time for {phase}"), doing=Text(doing),
            phase=Text(PHASE_WORDS[state.phase]))
    turn = turn_seat(state)
    assert turn is not None
    require(turn == seat, N_("it is not your turn: {player} is to {verb}"), player=mention(state.players[turn]),
            verb=Text(TURN_VERBS[phase]))


def _one_card(state: State, raw: Any) -> Card:
    found = _parse(state, raw)
    require(len(found) == 1, N_("name exactly one card"))
    return found[0]


def _parse(state: State, raw: Any) -> list[Card]:
    require(raw is not None and raw != "" and raw != [], N_("name the cards"))
    text = " , ".join(str(x) for x in raw) if isinstance(raw, (list, tuple)) else str(raw)
    try:
        return parse_cards(text, state.options.style)
    except CardParseError as error:
        raise IllegalAction(error.text) from None


def _in_hand(state: State, seat: int, wanted: Card) -> Card:
    for c in state.hands[seat]:
        if same(c, wanted):
            return c
    raise IllegalAction(Text(N_("{code} ({card}) is not in your hand"), code=wanted.face.code,
                             card=tarot_name(wanted, state.options.style)))


def _cards_in_hand(state: State, seat: int, raw: Any) -> list[Card]:
    chosen = [_in_hand(state, seat, c) for c in _parse(state, raw)]
    require(len({(c.suit, c.rank) for c in chosen}) == len(chosen), N_("you named a card twice"))
    return chosen


HANDLERS: dict[str, Callable[[State, int, Action], list[Event]]] = {
    "bid": _bid, "pass": _pass, "call": _call, "discard": _discard, "announce": _announce,
    "no_chelem": _no_chelem, "play": _play, "leave": _leave, "sitout": _hand_over, "sitin": _hand_over,
}


def apply(state: State, player: int, action: Action) -> list[Event]:
    """Play one action; IllegalAction (state untouched) when it is refused."""
    require(isinstance(action, dict) and isinstance(action.get("type"), str), N_("an action needs a type"))
    handler = HANDLERS.get(action["type"])
    require(handler is not None, N_("French Tarot has no action {action}"), action=repr(action["type"]))
    events = handler(state, _seat(state, player), action)  # type: ignore[misc]
    state.step += 1
    return events


def legal_actions(state: State, player: int) -> list[Action]:
    if player not in state.players or state.phase == "over":
        return []
    seat = state.players.index(player)
    actions = _turn_actions(state, seat) if turn_seat(state) == seat else []
    actions += [{"type": "announce", "what": "poignee", "level": POIGNEE_LEVELS[level]}
                for level in poignee_levels(state, seat)]
    if player > 0:
        actions += [{"type": "leave"}, seat_handover(state.robots, player)]
    return actions


def _turn_actions(state: State, seat: int) -> list[Action]:
    phase = state.phase
    if phase == "bidding":
        return [{"type": "bid", "contract": c} for c in legal_bids(state)]
    if phase == "calling":
        return [{"type": "call", "card": c.code} for c in callable_cards(state.hands[seat])]
    if phase == "discarding":
        plain, trumps, forced = discard_options(state.hands[seat], len(state.dog))
        return [{"type": "discard", "count": len(state.dog), "plain": codes(plain),
                 "trumps": codes(trumps), "forced_trumps": forced}]
    if phase == "chelem":
        return [{"type": "announce", "what": "chelem"}, {"type": "no_chelem"}]
    return [{"type": "play", "card": c.code} for c in legal_cards(state, seat)]


# --- what players see ----------------------------------------------------------------------


def sides_known(state: State) -> bool:
    """Whether everyone knows who plays with the taker: always with 3 or 4 players; with 5 once
    the called card is seen (played, or in the dog shown)."""
    if state.taker is None or state.size < 5 or state.partner_known:
        return state.taker is not None
    called = state.called
    if called is None:
        return False
    suit, rank = called.suit, called.rank
    for cards in (state.trick, state.dog if state.dog_shown else (), *(t.cards for t in state.tricks)):
        for c in cards:  # plain loops: the searching computer asks at every card it imagines played
            if c.rank == rank and c.suit == suit:
                return True
    return False


def _role(state: State, seat: int, viewer: int | None, reveal: bool) -> str:
    if state.taker is None:
        return ""
    if seat == state.taker:
        return "taker"
    if reveal or seat == viewer or sides_known(state):
        return "partner" if seat == state.partner else "defence"
    return ""


def _seat_view(state: State, seat: int, viewer: int | None, reveal: bool = False) -> dict[str, Any]:
    poignee = _poignee_of(state, seat)
    return {"player": state.players[seat], "cards": len(state.hands[seat]), "bid": state.bids[seat],
            "role": _role(state, seat, viewer, reveal), "dealer": seat == state.dealer,
            "tricks": sum(1 for t in state.tricks if t.winner == seat), "total": state.totals[seat],
            "poignee": None if poignee is None else {"level": POIGNEE_LEVELS[poignee["level"]],
                                                     "cards": list(poignee["cards"])}}


def _trick_view(state: State, leader: int, cards: Sequence[Card]) -> list[dict[str, Any]]:
    return [{"player": state.players[(leader + i) % state.size], "card": c.code} for i, c in enumerate(cards)]


def _last_trick(state: State) -> dict[str, Any] | None:
    if not state.tricks:
        return None
    last = state.tricks[-1]
    return {"number": len(state.tricks), "cards": _trick_view(state, last.leader, last.cards),
            "winner": state.players[last.winner]}


def _view(state: State, viewer: int | None, reveal: bool = False) -> dict[str, Any]:
    turn = turn_seat(state)
    return {
        "game": NAME, "phase": state.phase, "round": state.hand_no, "deals": state.options.deals,
        "players": list(state.players), "dealer": state.players[state.dealer],
        "seats": [_seat_view(state, s, viewer, reveal) for s in range(state.size)],
        "contract": state.contract, "multiplier": MULTIPLIER.get(state.contract or ""),
        "taker": state.players[state.taker] if state.taker is not None else None,
        "called": state.called.code if state.called else None,
        "partner": state.players[state.partner] if state.partner is not None and (state.partner_known or reveal)
        else None,
        "dog": codes(state.dog) if state.dog_shown else None, "dog_size": len(state.dog),
        "discard_trumps": [c.code for c in state.discard if is_trump(c)], "chelem": state.chelem,
        "trick": _trick_view(state, state.leader, state.trick), "trick_number": len(state.tricks) + 1,
        "tricks_total": HAND_SIZE[state.size], "last_trick": _last_trick(state),
        "turn": state.players[turn] if turn is not None else None,
        "bids": [{"player": state.players[(state.dealer + i) % state.size],
                  "contract": state.bids[(state.dealer + i) % state.size]} for i in range(1, state.size + 1)],
        "annulled": copy.deepcopy(state.annulled), "totals": list(state.totals),
        "history": copy.deepcopy(state.history), "count_method": state.options.count_method,
        "excuse_settlement": state.options.excuse_settlement,
        "commitments": [d.public() for d in deals_in_play(state)],
    }


def view(state: State, player: int | None = None) -> dict[str, Any]:
    """The table as `player` may see it (a spectator: None): their own hand and discard only;
    the partner of a called king only once the card is played (or to the partner)."""
    result = _view(state, state.players.index(player) if player in state.players else None)
    result["last_round"] = copy.deepcopy(state.last_hand)
    result["ranking"] = ranking(state) if state.phase == "over" else None
    if player is None or player not in state.players:
        return result
    seat = state.players.index(player)
    result["hand"] = codes(sort_hand(state.hands[seat]))
    result["legal"] = codes(sort_hand(legal_cards(state, seat)))
    if seat == state.taker:
        result["discard"] = codes(state.discard)
    if seat == state.partner:
        result["you_are_partner"] = True
    return result
