"""The computer players of French Tarot: deterministic, rule-abiding and sensible.

- Bidding: a hand-strength count (the 21, the Excuse, the Petit by its protection, trumps, high
  trumps, kings and queens, voids, singletons and long suits), scaled to an 18-card hand; the
  contract whose threshold it reaches, if that outbids the table.
- Calling (5 players): the king of the suit where the hand holds the most points.
- Discard: kings and oudlers kept; short suits without a king thrown whole (voids to trump in),
  then the valuable cards of the shortest suits; trumps only when forced, the lowest.
- Play, from what the player may know (its hand, its discard, the dog if shown, the cards
  played, the voids they reveal, the called card and the partner once revealed): the taker's
  side draws trumps when it holds clearly more than are out, cashes master cards and otherwise
  leads low from its longest suit; the defence cashes its kings and
  leads into the taker's voids to shorten his trumps; following, a player "charges" points onto a
  trick its side surely wins, takes a trick with the cheapest card that will hold, and otherwise
  throws its least valuable card. The Petit is played only where it is safe (a trick its side
  wins, or when no trump can be left against it); the Excuse saves a valuable card and is never
  kept for the last trick (unless its chelem requires it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from games.base import Action, IllegalAction
from games.cards import KING, KNIGHT, PAGE, QUEEN, Card, codes, full_deck
from games.french_tarot import rules as ft

# Hand strength needed per contract: the classic count's 40 for a prise. Measured over thousands
# of deals between these players, a taker breaks even there with 3 or 4 players, and is already
# ahead at 38 with 5 (the partner helps).
THRESHOLDS = (("garde_contre", 81), ("garde_sans", 71), ("garde", 56))
PRISE_AT = {3: 40, 4: 40, 5: 38}
EASY_PRISE_AT, EASY_GARDE_AT = 48, 66  # the easy player's only contracts, on a stronger hand than needed
COURT_POINTS = {KING: 6, QUEEN: 2, KNIGHT: 2, PAGE: 1}
CHELEM_TRUMPS = {3: 16, 4: 13, 5: 11}
TRUMP = "T"
EVERY_CARD = frozenset((c.suit, c.rank) for c in full_deck())
TRUMP_RANKS_DOWN, SUIT_RANKS_DOWN = range(21, 0, -1), range(KING, 0, -1)


def value2(c: Card) -> int:
    """Twice the card's points: 9 oudlers and kings, 7 queens, 5 knights, 3 pages, 1 others."""
    if c.suit is None:
        return 9 if c.rank in (0, 1, 21) else 1
    return (1, 3, 5, 7, 9)[c.rank - 10] if c.rank > 10 else 1


def choose(state: ft.State, player: int, announce: bool = True) -> Action:
    """The computer's move for `player`, who is pending."""
    seat = state.players.index(player)
    phase = state.phase
    if phase == "bidding":
        return {"type": "bid", "contract": choose_bid(state, seat)}
    if phase == "calling":
        return {"type": "call", "card": choose_call(state.hands[seat]).code}
    if phase == "discarding":
        return {"type": "discard", "cards": codes(choose_discard(state.hands[seat], len(state.dog)))}
    if phase == "chelem":
        wants = wants_chelem(state.hands[seat], state.size)
        return {"type": "announce", "what": "chelem"} if wants else {"type": "no_chelem"}
    if phase == "playing":
        level = choose_poignee(state, seat) if announce else None
        if level is not None:
            return {"type": "announce", "what": "poignee", "level": ft.POIGNEE_LEVELS[level]}
        return {"type": "play", "card": choose_card(state, seat).code}
    raise IllegalAction("there is nothing to play: the game is over")


def choose_easy(state: ft.State, player: int) -> Action:
    """The easy player: a newcomer's game. It bids only a prise or a garde, on a stronger hand
    than it needs; it leads its best card of its longest suit, and takes a trick with the highest
    card it can (both wasteful); otherwise it plays as the normal player."""
    seat = state.players.index(player)
    if state.phase == "bidding":
        strength = hand_strength(state.hands[seat], state.size)
        wanted = "garde" if strength >= EASY_GARDE_AT else "prise" if strength >= EASY_PRISE_AT else "pass"
        return {"type": "bid", "contract": wanted if wanted in ft.legal_bids(state) else "pass"}
    if state.phase == "playing" and not ft.poignee_levels(state, seat):
        legal = ft.legal_cards(state, seat)
        plain = [c for c in legal if not ft.is_excuse(c) and not (c.suit is None and c.rank == 1)]
        if len(legal) > 1 and plain:
            return {"type": "play", "card": _easy_card(state, plain).code}
    return choose(state, player)


def _easy_card(state: ft.State, cards: list[Card]) -> Card:
    if ft.led_card(state.trick) is None:
        suited = [c for c in cards if c.suit is not None]
        return max(_longest_suit(suited) if suited else cards, key=lambda c: c.rank)
    best = state.trick[ft.winning_position(state.trick)]
    beaters = [c for c in cards if beats(c, best)]
    return max(beaters, key=lambda c: (c.suit is None, c.rank)) if beaters else _lowest(cards)


# --- bidding, calling, discarding ----------------------------------------------------------


def hand_strength(hand: Sequence[Card], players: int) -> float:
    """Points of the classic count, on the scale of an 18-card (4-player) hand."""
    trumps = [c.rank for c in hand if ft.is_trump(c)]
    score = 2 * len(trumps) + sum(1 for r in trumps if 16 <= r <= 20)
    score += 10 if 21 in trumps else 0
    score += 8 if any(ft.is_excuse(c) for c in hand) else 0
    if 1 in trumps:
        score += (0, 0, 0, 0, 5, 7)[min(len(trumps), 5)] if len(trumps) < 6 else 9
    for suit in ft.SUIT_ORDER:
        suit_cards = [c.rank for c in hand if c.suit == suit]
        score += sum(COURT_POINTS.get(r, 0) for r in suit_cards)
        score += 1 if KING in suit_cards and QUEEN in suit_cards else 0
        score += _length_points(len(suit_cards), len(trumps))
    return score * 18 / ft.HAND_SIZE[players]


def _length_points(length: int, trumps: int) -> int:
    if length == 0:
        return 6 if trumps >= 5 else 3
    if length == 1:
        return 3 if trumps >= 5 else 1
    return 0 if length < 5 else 5 + 2 * (length - 5)


def choose_bid(state: ft.State, seat: int) -> str:
    strength = hand_strength(state.hands[seat], state.size)
    allowed = ft.legal_bids(state)
    for contract, threshold in (*THRESHOLDS, ("prise", PRISE_AT[state.size])):
        if strength >= threshold:
            return contract if contract in allowed else "pass"
    return "pass"


def choose_call(hand: Sequence[Card]) -> Card:
    """A court the hand lacks (a king when it can), in the suit where the hand holds the most
    points: the partner's king protects them."""
    options = ft.callable_cards(hand)
    missing = [c for c in options if not any(ft.same(c, h) for h in hand)] or options

    def merit(c: Card) -> tuple[int, int, int]:
        mine = [h for h in hand if h.suit == c.suit]
        return c.rank, sum(value2(h) for h in mine), len(mine)

    return max(missing, key=merit)


def choose_discard(hand: Sequence[Card], count: int) -> list[Card]:
    plain, trumps, forced = ft.discard_options(hand, count)
    if forced:
        return plain + sorted(trumps, key=lambda c: c.rank)[:forced]
    length = {s: sum(1 for c in hand if c.suit == s) for s in ft.SUIT_ORDER}
    kings = {c.suit for c in hand if ft.is_king(c)}
    chosen: list[Card] = []
    for suit in sorted((s for s in ft.SUIT_ORDER if s not in kings and length[s]), key=length.__getitem__):
        whole = [c for c in plain if c.suit == suit]
        if len(chosen) + len(whole) <= count:
            chosen += whole
    rest = sorted((c for c in plain if c not in chosen), key=lambda c: (-value2(c), length[c.suit], c.rank))
    return chosen + rest[:count - len(chosen)]


def wants_chelem(hand: Sequence[Card], players: int) -> bool:
    """Only an overwhelming hand: many trumps with the 21, and every suit card a master."""
    trumps = {c.rank for c in hand if ft.is_trump(c)}
    if len(trumps) < CHELEM_TRUMPS[players] or 21 not in trumps:
        return False
    for c in hand:
        if c.suit is not None and not all(any(h.suit == c.suit and h.rank == r for h in hand)
                                          for r in range(c.rank, KING + 1)):
            return False
    return True


def choose_poignee(state: ft.State, seat: int) -> int | None:
    """The taker's side shows its highest poignée (the bonus goes to the side that wins, so
    a defender keeps quiet)."""
    levels = ft.poignee_levels(state, seat)
    if not levels or not _on_taker_side(state, seat):
        return None
    return levels[-1]


# --- what the player knows -----------------------------------------------------------------


@dataclass
class Knowledge:
    allies: set[int]
    voids: list[set[str]]
    unseen: set[tuple[str | None, int]]  # cards neither played nor known to this player
    _tops: dict[str | None, int] = field(default_factory=dict, repr=False, compare=False)
    _counts: dict[str | None, int] = field(default_factory=dict, repr=False, compare=False)

    def top_unseen(self, suit: str | None) -> int:
        """The highest card of a suit (None: trumps) that may still be against us; 0 if none
        (found once per suit)."""
        top = self._tops.get(suit)
        if top is None:
            ranks = TRUMP_RANKS_DOWN if suit is None else SUIT_RANKS_DOWN
            top = self._tops[suit] = next((r for r in ranks if (suit, r) in self.unseen), 0)
        return top

    def unseen_count(self, suit: str | None) -> int:
        """How many cards of a suit (None: trumps, the Excuse apart) may still be against us
        (counted once per suit)."""
        count = self._counts.get(suit)
        if count is None:
            count = self._counts[suit] = sum(1 for s, r in self.unseen if s == suit and (suit is not None or r > 0))
        return count


def _on_taker_side(state: ft.State, seat: int) -> bool:
    return seat == state.taker or seat == state.partner


def allies_of(state: ft.State, seat: int) -> set[int]:
    """Who the player knows plays with it (in doubt, nobody: it keeps its points)."""
    if seat == state.taker:
        return {seat} | ({state.partner} if state.partner_known and state.partner is not None else set())
    if seat == state.partner:
        return {seat, state.taker}  # type: ignore[arg-type]
    if state.size < 5 or ft.sides_known(state):
        return {s for s in range(state.size) if s != state.taker and s != state.partner}
    return {seat}


@dataclass
class Played:
    """What every seat has seen of the play: the cards played (the tricks and the trick on the
    table) and the voids they revealed. `read` gathers it from a state; a play-out that plays
    the cards itself keeps it up to date with `note`, card by card, rather than reading every
    trick again before each play."""

    unplayed: set[tuple[str | None, int]]  # every card not played yet
    voids: list[set[str]]

    @classmethod
    def read(cls, state: ft.State) -> Played:
        n = state.size
        played = cls(set(EVERY_CARD), [set() for _ in range(n)])
        for leader, cards in [*((t.leader, t.cards) for t in state.tricks), (state.leader, state.trick)]:
            for i, c in enumerate(cards):
                played.note(leader, cards[:i], c, n)
        return played

    def copy(self) -> Played:
        return Played(set(self.unplayed), [set(v) for v in self.voids])

    def note(self, leader: int, before: Sequence[Card], c: Card, n: int) -> None:
        """`c` is played after the cards `before` in the trick `leader` led, at a table of `n`:
        it is seen; a card off the led suit shows a void (and no trumps, if it is not a trump
        either)."""
        suit = c.suit
        self.unplayed.discard((suit, c.rank))
        if suit is None and c.rank == 0:
            return
        led = ft.led_card(before)
        if led is None or suit == led.suit:
            return
        voids = self.voids[(leader + len(before)) % n]
        if led.suit is not None:
            voids.add(led.suit)
        if suit is not None:
            voids.add(TRUMP)


def knowledge(state: ft.State, seat: int, played: Played | None = None) -> Knowledge:
    """What `seat` knows; `played`, when given, is the play so far (`Played.read(state)`), and
    the knowledge shares its voids (read them, never change them)."""
    if played is None:
        played = Played.read(state)
    unseen = played.unplayed.difference([(c.suit, c.rank) for c in state.hands[seat]])
    if seat == state.taker:
        unseen.difference_update([(c.suit, c.rank) for c in state.discard])
    if state.dog_shown:
        unseen.difference_update([(c.suit, c.rank) for c in state.dog])
    return Knowledge(allies_of(state, seat), played.voids, unseen)


# --- the play ------------------------------------------------------------------------------


def choose_card(state: ft.State, seat: int, played: Played | None = None) -> Card:
    """The card to play; `played` as in `knowledge` (a play-out passes the one it keeps)."""
    legal = ft.legal_cards(state, seat)
    if len(legal) == 1:
        return legal[0]
    excuse = next((c for c in legal if ft.is_excuse(c)), None)
    if excuse is not None and len(state.hands[seat]) == 2:
        return excuse  # the last trick would give it away
    info = knowledge(state, seat, played)
    if ft.led_card(state.trick) is None:
        return lead(state, seat, legal, info)
    return follow(state, seat, legal, info)


def _opponents(state: ft.State, info: Knowledge) -> list[int]:
    return [s for s in range(state.size) if s not in info.allies]


def _trumps_against(state: ft.State, info: Knowledge) -> bool:
    """Whether an opponent may still hold a trump."""
    return bool(info.top_unseen(None)) and any(TRUMP not in info.voids[s] for s in _opponents(state, info))


def _lowest(cards: Sequence[Card]) -> Card:
    """The cheapest card to give: the least valuable (so the Petit, an oudler, comes last), a
    suit card before a trump, the lowest."""
    return min(cards, key=lambda c: (value2(c), ft.is_trump(c), c.rank))


def lead(state: ft.State, seat: int, legal: list[Card], info: Knowledge) -> Card:
    cards = [c for c in legal if not ft.is_excuse(c)] or legal
    trumps = sorted((c for c in cards if ft.is_trump(c)), key=lambda c: c.rank)
    plain = [c for c in cards if c.suit is not None]
    against = _trumps_against(state, info)
    petit = next((c for c in trumps if c.rank == 1), None)
    if petit is not None and not against:
        return petit  # nothing can beat it any more
    if _on_taker_side(state, seat) and trumps and against and _strong_in_trumps(trumps, info):
        return _draw_trump(trumps, info)
    master = _master_lead(state, plain, info)
    if master is not None:
        return master
    if not _on_taker_side(state, seat):
        into_void = [c for c in plain if state.taker is not None and c.suit in info.voids[state.taker]]
        if into_void:
            return _lowest(into_void)
    if plain:
        return _lowest(_longest_suit(plain))
    return _lowest(trumps or cards)


def _strong_in_trumps(trumps: list[Card], info: Knowledge) -> bool:
    """Enough trumps to draw the opponents': clearly more than are out, or as many with the
    master trump."""
    out = info.unseen_count(None)
    return len(trumps) >= out + 2 or (len(trumps) >= out and trumps[-1].rank > info.top_unseen(None))


def _draw_trump(trumps: list[Card], info: Knowledge) -> Card:
    """The master trump if it is one, else a small trump (never the Petit) to draw theirs."""
    top = trumps[-1]
    if top.rank > info.top_unseen(None):
        return top
    small = [c for c in trumps if c.rank > 1]
    return small[0] if small else top


def _master_lead(state: ft.State, plain: list[Card], info: Knowledge) -> Card | None:
    """A suit card no opponent can beat, in a suit every opponent may still follow."""
    opponents = _opponents(state, info)
    for c in sorted(plain, key=lambda c: -c.rank):
        if c.rank <= info.top_unseen(c.suit):
            continue
        if all(c.suit not in info.voids[s] for s in opponents) and info.unseen_count(c.suit) >= len(opponents):
            return c
    return None


def _longest_suit(plain: list[Card]) -> list[Card]:
    by_suit: dict[str, list[Card]] = {}
    for c in plain:
        by_suit.setdefault(c.suit, []).append(c)  # type: ignore[arg-type]
    return max(by_suit.values(), key=len)


def beats(c: Card, best: Card) -> bool:
    """Whether `c` would take the trick from `best` (the current winning card)."""
    if ft.is_excuse(c):
        return False
    if c.suit is None:
        return best.suit is not None or c.rank > best.rank
    return best.suit == c.suit and c.rank > best.rank


def holds(state: ft.State, c: Card, after: list[int], info: Knowledge) -> bool:
    """Whether `c`, winning the trick now, stays winning whatever the opponents after play."""
    top_trump = info.top_unseen(None)
    for s in after:
        if s in info.allies:
            continue
        trumps_possible = TRUMP not in info.voids[s] and top_trump > 0
        if c.suit is None:
            if trumps_possible and top_trump > c.rank:
                return False
            continue
        if c.suit not in info.voids[s] and info.top_unseen(c.suit) > c.rank:
            return False
        short = c.suit in info.voids[s] or info.unseen_count(c.suit) < len(after)
        if short and trumps_possible:
            return False
    return True


def follow(state: ft.State, seat: int, legal: list[Card], info: Knowledge) -> Card:
    trick, n = state.trick, state.size
    position = ft.winning_position(trick)
    best, winner = trick[position], (state.leader + position) % n
    after = [(state.leader + i) % n for i in range(len(trick) + 1, n)]
    cards = [c for c in legal if not ft.is_excuse(c)]
    excuse = next((c for c in legal if ft.is_excuse(c)), None)
    if winner in info.allies and holds(state, best, after, info):
        return _charge(cards)
    beaters = [c for c in cards if beats(c, best)]
    taking = [c for c in beaters if holds(state, c, after, info)]
    if taking:
        worth = sum(value2(c) for c in trick)
        pick = min(taking, key=lambda c: (not (c.suit is None and c.rank == 1), value2(c) if c.suit else 0, c.rank))
        wasteful = pick.suit is None and pick.rank >= 18 and worth <= len(trick) and len(beaters) < len(cards)
        if not wasteful:
            return pick
    dump = [c for c in cards if not beats(c, best)] or cards
    cheapest = _lowest(dump)
    if excuse is not None and (value2(cheapest) >= 5 or (cheapest.suit is None and cheapest.rank == 1)):
        return excuse
    return cheapest


def _charge(cards: list[Card]) -> Card:
    """Points onto a trick our side takes: the Petit above all, then the most valuable suit
    card; a trump only if that is all we may play (the lowest)."""
    petit = next((c for c in cards if c.suit is None and c.rank == 1), None)
    if petit is not None:
        return petit
    plain = [c for c in cards if c.suit is not None]
    if plain:
        return max(plain, key=lambda c: (value2(c), -c.rank))
    return min(cards, key=lambda c: c.rank)
