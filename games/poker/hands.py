"""Major Poker hand values (rules/poker.md, "Comparing two five-card hands").

A hand's value is one int, so values compare with <, == and >. From the most significant bits:
  bit 44      has a major (any hand with a major beats every hand without),
  bits 40-43  the category (0 high card ... 9 straight flush),
  bits 0-39   five group bytes, the first group highest: kind << 3 | majors in the group,
              where kind = rank << 1 | reversed (rank 2..15, Ace 15; a wheel's Ace is 1).
Groups are cards of a kind (same rank AND orientation) for sets, single cards for high card
and flushes, the sequence positions for straights, ordered by size, then key, largest first.

`hand_value` is the rule as written, for five cards. `best_hand` is the best five of five to
seven cards, computed from counts of kinds (no subset enumeration): for each category from the
top, the best selection of kinds, where a hand holding a major may only play five cards that
hold one (key 1 makes every such five beat every five without).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

from games.base import N_, Plural, Text
from games.cards import Card

# The categories' names (marked: the Discord side says them in the reader's language).
CATEGORIES = (N_("high card"), N_("one pair"), N_("two pair"), N_("three of a kind"), N_("straight"), N_("flush"),
              N_("full house"), N_("four of a kind"), N_("five of a kind"), N_("straight flush"))
HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, FIVE, STRAIGHT_FLUSH = range(10)
MAJOR_BIT = 1 << 44
ACE = 15
# slot sizes of the set categories, largest first
PATTERNS = {FIVE: (5,), QUADS: (4, 1), FULL_HOUSE: (3, 2), TRIPS: (3, 1, 1), TWO_PAIR: (2, 2, 1),
            PAIR: (2, 1, 1, 1), HIGH: (1, 1, 1, 1, 1)}
_SIZES = {(5,): FIVE, (4, 1): QUADS, (3, 2): FULL_HOUSE, (3, 1, 1): TRIPS, (2, 2, 1): TWO_PAIR,
          (2, 1, 1, 1): PAIR, (1, 1, 1, 1, 1): HIGH}


def _pack(major: bool, category: int, groups: Sequence[int]) -> int:
    value = (MAJOR_BIT if major else 0) | category << 40
    shift = 32
    for group in groups:
        value |= group << shift
        shift -= 8
    return value


def _group(rank: int, reversed_: bool, majors: int) -> int:
    return ((rank << 1 | reversed_) << 3) | majors


def _straight_top(ranks: Sequence[int]) -> int | None:
    """The top of five distinct ranks in sequence (5 for A-2-3-4-5), else None."""
    ordered = sorted(ranks, reverse=True)
    if ordered[0] - ordered[4] == 4:
        return ordered[0]
    if ordered == [ACE, 5, 4, 3, 2]:
        return 5
    return None


# --- the rule as written: five cards ---------------------------------------------------------


def hand_value(cards: Iterable[Card]) -> int:
    """The value of exactly five cards under the whole comparison of rules/poker.md."""
    hand = list(cards)
    if len(hand) != 5:
        raise ValueError(f"a poker hand has five cards, not {len(hand)}")
    major = any(c.is_major for c in hand)
    ranks = [c.poker_rank for c in hand]
    if len(set(ranks)) == 5:
        top = _straight_top(ranks)
        flush = len({c.poker_suit for c in hand}) == 1
        if top is not None or flush:
            category = STRAIGHT_FLUSH if top is not None and flush else FLUSH if flush else STRAIGHT
            wheel = top == 5
            keys = sorted((_group(1 if wheel and c.poker_rank == ACE else c.poker_rank, c.reversed,
                                  int(c.is_major)) for c in hand), reverse=True)
            return _pack(major, category, keys)
    kinds: dict[tuple[int, bool], list[Card]] = {}
    for c in hand:
        kinds.setdefault((c.poker_rank, c.reversed), []).append(c)
    groups = sorted(((len(cs), _group(rank, rev, sum(c.is_major for c in cs)))
                     for (rank, rev), cs in kinds.items()), reverse=True)
    category = _SIZES[tuple(size for size, _ in groups)]
    return _pack(major, category, [key for _, key in groups])


def category_of(value: int) -> str:
    return CATEGORIES[(value >> 40) & 15]


def category(cards: Iterable[Card]) -> str:
    """The category name of five cards, or of the best five of six or seven."""
    return category_of(best_hand(list(cards)))


def has_major(value: int) -> bool:
    return bool(value & MAJOR_BIT)


def best_hand_by_subsets(cards: Sequence[Card]) -> int:
    """The best five by trying every subset: the definition `best_hand` must agree with."""
    return max(hand_value(five) for five in itertools.combinations(cards, 5))


def best_five(cards: Sequence[Card]) -> list[Card]:
    """The five cards that make the best hand (for showing it), in their given order."""
    if len(cards) <= 5:
        return list(cards)
    return list(max(itertools.combinations(cards, 5), key=hand_value))


def best_orientation(hole: Sequence[Card], board: Sequence[Card]) -> list[Card]:
    """The player's hole cards turned for their best hand with the board (rules/poker.md,
    orientation `best`). On equal hands, more reversed cards (the seed's playing rule: "when
    reversal is an option, play the cards as reversed")."""
    best: tuple[int, int] | None = None
    chosen: list[Card] = list(hole)
    for flips in itertools.product((True, False), repeat=len(hole)):
        turned = [c.oriented(flip) for c, flip in zip(hole, flips, strict=True)]
        score = (best_hand([*turned, *board]), sum(flips))
        if best is None or score > best:
            best, chosen = score, turned
    return chosen


# --- the fast best five of five to seven --------------------------------------------------------
# A card's key: rank << 5 | reversed << 4 | major << 3 | poker suit (0-6). Sorted keys put
# cards of a kind side by side, majors first within a kind; key >> 4 is the kind.

_SUIT_BASE = {"W": 0, "C": 32, "S": 64, "P": 96, None: 128}  # card index = base + rank * 2 + reversed
_POKER_SUITS = ("W", "C", "S", "P", "MF", "MS", "MT")
KEY = [0] * 172  # by card index
RBIT = [0] * 512  # by key: the rank's bit for straights (an Ace also sets bit 1, for the wheel)
SBIT = [0] * 512  # by key: a count of one in the suit's 4-bit field, for flushes
BYTE = [0] * 512  # by key: the group byte of the card alone


def _fill_tables() -> None:
    from games.cards import full_deck

    for face in full_deck():
        for c in (face, face.turned()):
            key = c.poker_rank << 5 | c.reversed << 4 | c.is_major << 3 | _POKER_SUITS.index(c.poker_suit)
            KEY[_SUIT_BASE[c.suit] + c.rank * 2 + c.reversed] = key
            RBIT[key] = 1 << c.poker_rank | (2 if c.poker_rank == ACE else 0)
            SBIT[key] = 1 << (4 * (key & 7))
            BYTE[key] = _group(c.poker_rank, c.reversed, int(c.is_major))


_fill_tables()
_FLUSH_PROBE = sum(3 << (4 * s) for s in range(7))  # adding 3 carries into bit 3 of a count >= 5
_FLUSH_CARRY = sum(8 << (4 * s) for s in range(7))


def best_hand(cards: Sequence[Card]) -> int:
    """The value of the best five of five to seven cards (equal to `best_hand_by_subsets`)."""
    n = len(cards)
    if not 5 <= n <= 7:
        raise ValueError(f"the best hand is chosen from five to seven cards, not {n}")
    base, table, rbit, sbit = _SUIT_BASE, KEY, RBIT, SBIT
    keys = sorted([table[base[c.suit] + c.rank * 2 + c.reversed] for c in cards], reverse=True)
    last = -1
    dups = majors = rmask = suits = 0
    for k in keys:
        kind = k >> 4
        if kind == last:
            dups += 1
        last = kind
        majors += k >> 3 & 1
        rmask |= rbit[k]
        suits += sbit[k]
    need = majors > 0  # with a major among the cards, only fives holding one may play
    flush = 0
    if (suits + _FLUSH_PROBE) & _FLUSH_CARRY:
        flush = _flush(keys, suits, need)
        if flush >> 40 & 15 == STRAIGHT_FLUSH:
            return flush
    straights = rmask & rmask >> 1 & rmask >> 2 & rmask >> 3 & rmask >> 4
    if dups <= 1:  # no set above a pair
        if flush:
            return flush
        if straights:
            value = _straight(_groups(keys), straights, need)
            if value is not None:
                return value
        return _one_pair(keys, need) if dups else _high_card(keys, need)
    groups = _groups(keys)
    most = max(g[1] for g in groups)
    if most >= 3:
        for category in (FIVE, QUADS, FULL_HOUSE):
            value = _sets(groups, category, need)
            if value is not None:
                return value
    if flush:
        return flush
    if straights:
        value = _straight(groups, straights, need)
        if value is not None:
            return value
    for category in (TRIPS, TWO_PAIR, PAIR, HIGH):
        if PATTERNS[category][0] <= most:
            value = _sets(groups, category, need)
            if value is not None:
                return value
    raise AssertionError("five to seven cards always make a hand")


def _groups(keys: list[int]) -> list[list[int]]:
    """[kind, count, majors] of each kind among the sorted keys, highest kind first."""
    groups: list[list[int]] = []
    for k in keys:
        if groups and groups[-1][0] == k >> 4:
            groups[-1][1] += 1
            groups[-1][2] += k >> 3 & 1
        else:
            groups.append([k >> 4, 1, k >> 3 & 1])
    return groups


def _high_card(keys: list[int], need: bool) -> int:
    """All cards of different kinds: the five highest, or the four highest and the best major."""
    top = keys[:5]
    has = any(k & 8 for k in top)
    if need and not has:
        top = keys[:4] + [next(k for k in keys[5:] if k & 8)]
        has = True
    return _pack(has, HIGH, [BYTE[k] for k in top])


def _one_pair(keys: list[int], need: bool) -> int:
    """One pair and singles: the pair and the three best singles (the two best and the best
    major single when neither the pair nor those three hold a major)."""
    i = next(i for i in range(len(keys) - 1) if keys[i] >> 4 == keys[i + 1] >> 4)
    pair_majors = (keys[i] >> 3 & 1) + (keys[i + 1] >> 3 & 1)
    singles = keys[:i] + keys[i + 2:]
    top = singles[:3]
    has = pair_majors > 0 or any(k & 8 for k in top)
    if need and not has:
        top = singles[:2] + [next(k for k in singles[3:] if k & 8)]
        has = True
    return _pack(has, PAIR, [(keys[i] >> 4) << 3 | pair_majors] + [BYTE[k] for k in top])


def _greedy(groups: list[list[int]], sizes: Sequence[int], fixed: int = -1,
            fixed_size: int = 0) -> tuple[bool, list[tuple[int, int]]] | None:
    """Kinds for the slots, best first (`fixed` placed in a slot of `fixed_size` beforehand):
    whether a major is among them, and the (size, group byte) of each slot."""
    chosen: list[tuple[int, int]] = []
    used = [False] * len(groups)
    has = False
    remaining = list(sizes)
    if fixed >= 0:
        kind, _, majors = groups[fixed]
        taken = min(fixed_size, majors)
        chosen.append((fixed_size, kind << 3 | taken))
        has = taken > 0
        used[fixed] = True
        remaining.remove(fixed_size)
    for size in remaining:
        for j, (kind, count, majors) in enumerate(groups):
            if not used[j] and count >= size:
                used[j] = True
                taken = min(size, majors)
                has = has or taken > 0
                chosen.append((size, kind << 3 | taken))
                break
        else:
            return None
    return has, chosen


def _sets(groups: list[list[int]], category: int, need: bool) -> int | None:
    """The best five of a set category (five of a kind ... high card), None if impossible.
    Greedy (largest slot first, best kind first) is the best; when it holds no major but must,
    the best is among: one kind holding a major placed first in a slot, the rest greedy."""
    sizes = PATTERNS[category]
    found = _greedy(groups, sizes)
    if found is None:
        return None
    has, chosen = found
    if need and not has:
        best: list[tuple[int, int]] | None = None
        for j, (_, count, majors) in enumerate(groups):
            if not majors:
                continue
            for size in set(sizes):
                option = _greedy(groups, sizes, j, size) if count >= size else None
                if option is not None:
                    ordered = sorted(option[1], reverse=True)
                    if best is None or ordered > best:
                        best = ordered
        if best is None:
            return None
        chosen, has = best, True
    ordered = sorted(chosen, reverse=True)
    return _pack(has, category, [key for _, key in ordered])


def _straight(groups: list[list[int]], lows: int, need: bool) -> int | None:
    """The best straight (tops from high to low; `lows` has a bit at each straight's low
    rank), each position its best card: reversed, then major; with `need`, one position may
    take its best major instead."""
    by_kind = {g[0]: g for g in groups}
    for low in range(lows.bit_length() - 1, 0, -1):
        if not lows >> low & 1:
            continue
        positions: list[int] = []
        majors_at: list[int] = []  # per position: the best major's byte, or -1
        for rank in range(low + 4, low - 1, -1):
            real = ACE if rank == 1 else rank
            rev, up = by_kind.get(real << 1 | 1), by_kind.get(real << 1)
            best = rev if rev is not None else up
            assert best is not None
            positions.append(_group(rank, best is rev, 1 if best[2] else 0))
            major = rev if rev is not None and rev[2] else up if up is not None and up[2] else None
            majors_at.append(-1 if major is None else _group(rank, major is rev, 1))
        has = any(p & 1 for p in positions)
        if has or not need:
            return _pack(has, STRAIGHT, positions)
        options = [positions[:i] + [m] + positions[i + 1:] for i, m in enumerate(majors_at) if m >= 0]
        if options:
            return _pack(True, STRAIGHT, max(options))
    return None


def _flush(keys: list[int], suits: int, need: bool) -> int:
    """The best flush or straight flush of the one suit holding five or more of the cards;
    0 when it may not play (a minor flush holds no major: with `need` it loses to any five
    holding one)."""
    suit = next(s for s in range(7) if (suits >> (4 * s) & 15) >= 5)
    if need and suit < 4:
        return 0
    mine = [k for k in keys if k & 7 == suit]
    major = suit >= 4
    rmask = 0
    for k in mine:
        rmask |= RBIT[k]
    lows = rmask & rmask >> 1 & rmask >> 2 & rmask >> 3 & rmask >> 4
    if lows:
        low = lows.bit_length() - 1
        by_rank = {k >> 5: k for k in mine}
        positions = []
        for rank in range(low + 4, low - 1, -1):
            k = by_rank[ACE if rank == 1 else rank]
            positions.append(_group(rank, bool(k & 16), k >> 3 & 1))
        return _pack(major, STRAIGHT_FLUSH, positions)
    return _pack(major, FLUSH, [BYTE[k] for k in mine[:5]])


# --- hands in words: what a hand is and why it beat another ---------------------------------

_RANK_WORDS = {1: N_("ace"), 2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six"),
               7: N_("seven"), 8: N_("eight"), 9: N_("nine"), 10: N_("ten"), 11: N_("page"), 12: N_("knight"),
               13: N_("queen"), 14: N_("king"), 15: N_("ace")}
_RANKS_WORDS = {1: N_("aces"), 2: N_("twos"), 3: N_("threes"), 4: N_("fours"), 5: N_("fives"), 6: N_("sixes"),
                7: N_("sevens"), 8: N_("eights"), 9: N_("nines"), 10: N_("tens"), 11: N_("pages"),
                12: N_("knights"), 13: N_("queens"), 14: N_("kings"), 15: N_("aces")}
# A set of one rank; aces have theirs (a language may elide before them: "paire d'as").
_SET_WORDS = {2: N_("a pair of {ranks}"), 3: N_("three {ranks}"), 4: N_("four {ranks}"), 5: N_("five {ranks}")}
_ACE_SET_WORDS = {2: N_("a pair of {aces}"), 3: N_("three {aces}"), 4: N_("four {aces}"), 5: N_("five {aces}")}
_SINGLES = (1, 1, 1, 1, 1)


def _slots(value: int) -> list[tuple[int, int]]:
    """(size, group byte) of each group of a hand value, largest first."""
    sizes = PATTERNS.get((value >> 40) & 15, _SINGLES)
    return [(size, (value >> (32 - 8 * i)) & 0xFF) for i, size in enumerate(sizes)]


def _kind(key: int, many: bool) -> Text:
    rank, flipped = key >> 4, key >> 3 & 1
    word = Text((_RANKS_WORDS if many else _RANK_WORDS)[rank])
    if not flipped:
        return word
    return Text(N_("reversed {ranks}"), ranks=word) if many else Text(N_("reversed {rank}"), rank=word)


def _rank(key: int) -> Text:
    return Text(_RANK_WORDS[key >> 4])


def describe(value: int) -> Text:
    """A hand value in words: "three kings", "two pair, aces and reversed sixes", "king high"."""
    category = (value >> 40) & 15
    slots = _slots(value)
    top = slots[0][1]
    if category == STRAIGHT:
        return Text(N_("a straight to the {rank}"), rank=_rank(top))
    if category == STRAIGHT_FLUSH:
        return Text(N_("a straight flush to the {rank}"), rank=_rank(top))
    if category == HIGH:
        return Text(N_("{rank} high"), rank=_rank(top))
    if category == FLUSH:
        return Text(N_("a flush, {rank} high"), rank=_rank(top))
    if category == TWO_PAIR:
        return Text(N_("two pair, {high} and {low}"), high=_kind(top, True), low=_kind(slots[1][1], True))
    if category == FULL_HOUSE:
        return Text(N_("a full house, {high} over {low}"), high=_kind(top, True), low=_kind(slots[1][1], True))
    if top >> 4 in (1, ACE):
        return Text(_ACE_SET_WORDS[slots[0][0]], aces=_kind(top, True))
    return Text(_SET_WORDS[slots[0][0]], ranks=_kind(top, True))


def _many(hand: Text) -> bool:
    """Whether a described hand takes a plural verb in English: "three kings beat", "a pair of sixes beats"."""
    return hand.split()[0] in ("three", "four", "five")


def explain(winner: int, loser: int) -> Text:
    """Why the hand of value `winner` beats (or ties) the one of value `loser`, naming the
    deciding cards: "three kings beat three tens", "both a pair of sixes: the ace kicker beats
    the king". The first key of rules/poker.md that differs is the one named."""
    won, lost = describe(winner), describe(loser)
    if winner == loser:
        return Text(N_("a tie: both {hand}"), hand=won)
    if has_major(winner) != has_major(loser):
        return Text(N_("{won} with a major beat {lost} without one") if _many(won)
                    else N_("{won} with a major beats {lost} without one"), won=won, lost=lost)
    if winner >> 40 != loser >> 40:
        return _beats(won, lost)
    category = (winner >> 40) & 15
    for index, ((size, mine), (_, theirs)) in enumerate(zip(_slots(winner), _slots(loser), strict=True)):
        if mine == theirs:
            continue
        if (mine >> 3) == (theirs >> 3):  # same rank and orientation: majors in the group decide
            kind = _kind(mine, size > 1)
            if size > 1:
                return Plural(N_("both {hand}: {kind} with {n} major beat {kind} with {other}"),
                              N_("both {hand}: {kind} with {n} majors beat {kind} with {other}"), mine & 7,
                              hand=won, kind=kind, other=theirs & 7)
            return Plural(N_("both {hand}: {kind} with {n} major beats {kind} with {other}"),
                          N_("both {hand}: {kind} with {n} majors beats {kind} with {other}"), mine & 7,
                          hand=won, kind=kind, other=theirs & 7)
        if index == 0 or size > 1:
            return _beats(won, lost)
        if category in (HIGH, FLUSH, STRAIGHT, STRAIGHT_FLUSH):
            return Text(N_("both {hand}: then the {card} beats the {other}"), hand=won, card=_kind(mine, False),
                        other=_kind(theirs, False))
        return Text(N_("both {hand}: the {card} kicker beats the {other}"), hand=won, card=_kind(mine, False),
                    other=_kind(theirs, False))
    return Text(N_("both {hand}"), hand=won)


def _beats(won: Text, lost: Text) -> Text:
    return Text(N_("{won} beat {lost}") if _many(won) else N_("{won} beats {lost}"), won=won, lost=lost)
