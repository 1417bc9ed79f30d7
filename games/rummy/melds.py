"""Tarot Rummy's melds (rules/rummy.md): the attributions of the trumps (Golden Dawn, or Thoth
with the Emperor and the Star exchanged; Strength and Justice by the deck style's numbering),
the seven meld types, the card values, and two exact searches: the arrangement of a hand that
leaves the lowest unmelded value, and the layoffs onto a caller's melds that leave the
opponent the lowest.

Both searches first list every meld the cards hold (structurally, by type, not by trying
subsets) as bit masks over the cards, then run a memoised dynamic programme over the subsets:
the lowest card of what is left is either left unmelded or starts one of the melds it can
start. With ten or eleven cards that is at most 2,048 subsets, so the answer is exact."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from games.base import N_, Text
from games.cards import Card, card, card_name

MELD_TYPES = ("serpent", "sword", "sphere", "path", "mother", "double", "single")
BASIC_MELDS = ("serpent", "sword", "sphere")
MELD_SETS = {"all": MELD_TYPES, "basic": BASIC_MELDS}
MELD_SET_WORDS = {"all": N_("every kind of meld"), "basic": N_("the basic melds only")}  # the `melds` option as members read it


def meld_set_words(melds: str) -> Text:
    """The table's `melds` option in words ("every kind of meld"), never its value ("all")."""
    return Text(MELD_SET_WORDS.get(melds, MELD_SET_WORDS["all"]))
ATTRIBUTIONS = ("gd", "thoth")

ELEMENTAL = frozenset({0, 12, 20})
PLANETARY = frozenset({1, 2, 3, 10, 16, 19, 21})
ZODIACAL = frozenset({4, 5, 6, 7, 8, 9, 11, 13, 14, 15, 17, 18})
MOTHER = ELEMENTAL
EMPEROR, STAR = 4, 17
COURT_VALUE = 10
TRUMP_VALUES = {**dict.fromkeys(ELEMENTAL, 3), **dict.fromkeys(PLANETARY, 7), **dict.fromkeys(ZODIACAL, 12)}

# Golden Dawn, by archetype (the rws number: 8 Strength, 11 Justice):
# Hebrew letter, path number, the two spheres it joins, astrological attribution.
GD_TRUMPS: dict[int, tuple[str, int, tuple[int, int], str]] = {
    0: ("Aleph", 11, (1, 2), "Air"), 1: ("Beth", 12, (1, 3), "Mercury"),
    2: ("Gimel", 13, (1, 6), "Moon"), 3: ("Daleth", 14, (2, 3), "Venus"),
    4: ("Heh", 15, (2, 6), "Aries"), 5: ("Vav", 16, (2, 4), "Taurus"),
    6: ("Zayin", 17, (3, 6), "Gemini"), 7: ("Cheth", 18, (3, 5), "Cancer"),
    8: ("Teth", 19, (4, 5), "Leo"), 9: ("Yod", 20, (4, 6), "Virgo"),
    10: ("Kaph", 21, (4, 7), "Jupiter"), 11: ("Lamed", 22, (5, 6), "Libra"),
    12: ("Mem", 23, (5, 8), "Water"), 13: ("Nun", 24, (6, 7), "Scorpio"),
    14: ("Samekh", 25, (6, 9), "Sagittarius"), 15: ("Ayin", 26, (6, 8), "Capricorn"),
    16: ("Peh", 27, (7, 8), "Mars"), 17: ("Tzaddi", 28, (7, 9), "Aquarius"),
    18: ("Qoph", 29, (7, 10), "Pisces"), 19: ("Resh", 30, (8, 9), "Sun"),
    20: ("Shin", 31, (8, 10), "Fire"), 21: ("Tav", 32, (9, 10), "Saturn"),
}
# The zodiac in the order of the letters (Heh ... Qoph), by archetype.
GD_ZODIAC = (4, 5, 6, 7, 8, 9, 11, 13, 14, 15, 17, 18)
SPHERE_NAMES = ("Kether", "Chokmah", "Binah", "Chesed", "Geburah", "Tiphareth", "Netzach", "Hod",
                "Yesod", "Malkuth")
SUIT_ELEMENTS = {"W": "Fire", "C": "Water", "S": "Air", "P": "Earth"}
KIND_NAMES = {"serpent": N_("Serpent"), "sword": N_("Sword"), "sphere": N_("Sphere"), "path": N_("Path"),
              "mother": N_("Mother"), "double": N_("Double"), "single": N_("Single")}
KIND_WORDS = {"serpent": N_("serpent"), "sword": N_("sword"), "sphere": N_("sphere"), "path": N_("path"),
              "mother": N_("mother"), "double": N_("double"), "single": N_("single")}  # in a sentence (/history)


def archetype(number: int, deck_style: str = "rws") -> int:
    """The rws number of the trump's archetype: Marseille and Thoth number Justice VIII and
    Strength XI (rules/cards.md); the attributions follow the archetype."""
    if number in (8, 11) and deck_style in ("marseille", "thoth"):
        return 19 - number
    return number


@dataclass(frozen=True)
class Tree:
    """The attributions for one table, by the number printed on the card."""

    letters: dict[int, str]
    paths: dict[int, int]
    joins: dict[int, tuple[int, int]]
    signs: dict[int, str]
    zodiac: dict[int, int]  # zodiacal trump number -> its place in the Single order (0-11)


@lru_cache(maxsize=16)
def tree(attributions: str = "gd", deck_style: str = "rws") -> Tree:
    by_archetype = dict(GD_TRUMPS)
    zodiac = list(GD_ZODIAC)
    if attributions == "thoth":  # AL I:57: the Star and the Emperor exchange letters and paths
        emperor, star = by_archetype[EMPEROR], by_archetype[STAR]
        by_archetype[EMPEROR] = (star[0], star[1], star[2], emperor[3])
        by_archetype[STAR] = (emperor[0], emperor[1], emperor[2], star[3])
        zodiac[0], zodiac[10] = STAR, EMPEROR
    numbers = {archetype(n, deck_style): n for n in range(22)}  # archetype -> printed number
    return Tree(
        letters={numbers[a]: v[0] for a, v in by_archetype.items()},
        paths={numbers[a]: v[1] for a, v in by_archetype.items()},
        joins={numbers[a]: v[2] for a, v in by_archetype.items()},
        signs={numbers[a]: v[3] for a, v in by_archetype.items()},
        zodiac={numbers[a]: place for place, a in enumerate(zodiac)},
    )


def card_value(c: Card) -> int:
    """An unmelded card's value: Ace-10 face value, courts 10, elemental trumps 3, planetary
    7, zodiacal 12 (Strength and Justice are zodiacal whichever number they carry)."""
    if c.is_major:
        return TRUMP_VALUES[c.rank]
    return min(c.rank, COURT_VALUE)


def hand_value(cards: Iterable[Card]) -> int:
    return sum(card_value(c) for c in cards)


# --- the meld types, one predicate each --------------------------------------------------------


def _consecutive(values: Sequence[int]) -> bool:
    ordered = sorted(values)
    return all(b == a + 1 for a, b in zip(ordered, ordered[1:], strict=False))


def is_serpent(cs: Sequence[Card]) -> bool:
    return len(cs) >= 3 and all(c.is_major for c in cs) and _consecutive([c.rank for c in cs])


def is_sword(cs: Sequence[Card]) -> bool:
    return (len(cs) >= 3 and all(not c.is_major for c in cs) and len({c.suit for c in cs}) == 1
            and _consecutive([c.rank for c in cs]))


def is_sphere(cs: Sequence[Card]) -> bool:
    return (3 <= len(cs) <= 4 and all(not c.is_major for c in cs) and len({c.rank for c in cs}) == 1
            and len({c.suit for c in cs}) == len(cs))


def is_mother(cs: Sequence[Card]) -> bool:
    return len(cs) == 3 and all(c.is_major for c in cs) and {c.rank for c in cs} == MOTHER


def is_double(cs: Sequence[Card]) -> bool:
    return len(cs) >= 3 and all(c.is_major and c.rank in PLANETARY for c in cs)


def is_single(cs: Sequence[Card], t: Tree) -> bool:
    if len(cs) < 3 or not all(c.is_major and c.rank in t.zodiac for c in cs):
        return False
    places = {t.zodiac[c.rank] for c in cs}
    if len(places) == 12:
        return True
    ends = sum(1 for p in places if (p + 1) % 12 not in places)
    return ends == 1  # one run around the circle: exactly one place whose successor is missing


def is_path(cs: Sequence[Card], t: Tree) -> bool:
    return _path_problem(cs, t) is None


def _path_problem(cs: Sequence[Card], t: Tree, deck_style: str = "rws") -> Text | None:
    """Why these cards are not a Path (None when they are one)."""
    trumps = [c for c in cs if c.is_major]
    minors = [c for c in cs if not c.is_major]
    if not trumps or not minors:
        return Text(N_("a Path mixes numbered cards with trumps"))
    if any(c.rank > 10 for c in minors):
        return Text(N_("court cards have no sphere, so they cannot be in a Path"))
    if len({c.suit for c in minors}) != 1:
        return Text(N_("the numbered cards of a Path are all of one suit"))
    if len(minors) != len(trumps) + 1:
        return Text(N_("a Path alternates card, trump, card: it needs one trump fewer than numbered cards"))
    spheres = {c.rank for c in minors}
    degree = dict.fromkeys(spheres, 0)
    for trump in trumps:
        a, b = t.joins[trump.rank]
        if a not in spheres or b not in spheres:
            return Text(N_("{card} is the path between spheres {a} and {b}; it does not join two of these cards"),
                        card=card_name(trump, deck_style, orientation=False), a=a, b=b)
        degree[a] += 1
        degree[b] += 1
    if max(degree.values()) > 2 or not _connected(spheres, [t.joins[c.rank] for c in trumps]):
        return Text(N_("the trumps do not join these cards into one chain"))
    return None


def _connected(nodes: set[int], edges: list[tuple[int, int]]) -> bool:
    start = next(iter(nodes))
    seen, todo = {start}, [start]
    while todo:
        node = todo.pop()
        for a, b in edges:
            for here, there in ((a, b), (b, a)):
                if here == node and there not in seen:
                    seen.add(there)
                    todo.append(there)
    return seen == nodes


def _faces(cards: Iterable[Card | str]) -> list[Card]:
    return [(card(c) if isinstance(c, str) else c).face for c in cards]


def meld_kinds(melds: str = "all") -> tuple[str, ...]:
    return MELD_SETS[melds]


def fits(kind: str, cards: Sequence[Card | str], attributions: str = "gd", deck_style: str = "rws") -> bool:
    """Whether the cards make a meld of this one type (several types may fit one set)."""
    cs = _faces(cards)
    if len(set(cs)) != len(cs):
        return False
    t = tree(attributions, deck_style)
    checks = {"serpent": is_serpent, "sword": is_sword, "sphere": is_sphere, "mother": is_mother,
              "double": is_double, "single": lambda x: is_single(x, t), "path": lambda x: is_path(x, t)}
    return checks[kind](cs)


def meld_type(cards: Sequence[Card | str], attributions: str = "gd", deck_style: str = "rws",
              melds: str = "all") -> str | None:
    """The meld these cards make, named by the first type that fits in the order serpent,
    sword, sphere, path, mother, double, single; None when they make none."""
    for kind in meld_kinds(melds):
        if fits(kind, cards, attributions, deck_style):
            return kind
    return None


def meld_problem(cards: Sequence[Card | str], attributions: str = "gd", deck_style: str = "rws",
                 melds: str = "all") -> Text | None:
    """Why these cards are not a meld, in a sentence (None when they are one)."""
    cs = _faces(cards)
    if meld_type(cs, attributions, deck_style, melds) is not None:
        return None
    if len(set(cs)) != len(cs):
        return Text(N_("a card appears twice"))
    if len(cs) < 3:
        return Text(N_("a meld needs at least three cards"))
    kinds = meld_kinds(melds)
    if melds == "basic" and meld_type(cs, attributions, deck_style) is not None:
        return Text(N_("this hand is played with the basic melds only (Serpent, Sword, Sphere)"))
    trumps = [c for c in cs if c.is_major]
    if len(trumps) == len(cs):
        return _trump_problem(cs, tree(attributions, deck_style), kinds)
    if not trumps:
        return _minor_problem(cs)
    if "path" not in kinds:
        return Text(N_("trumps and suit cards only meld together in a Path, which this hand does not play"))
    return Text(N_("trumps and suit cards meld together only as a Path, and {problem}"),
                problem=_path_problem(cs, tree(attributions, deck_style), deck_style))


def _trump_problem(cs: Sequence[Card], t: Tree, kinds: Sequence[str]) -> Text:
    allowed = {"serpent": N_("consecutive numbers (Serpent)"), "mother": N_("the Fool, XII and XX (Mother)"),
               "double": N_("all planetary (Double)"), "single": N_("consecutive signs of the zodiac (Single)")}
    wanted: Text | str = ""
    for kind, text in allowed.items():
        if kind in kinds:
            wanted = Text(N_("{first}, nor {second}"), first=wanted, second=Text(text)) if wanted else Text(text)
    return Text(N_("these trumps are not {kinds}"), kinds=wanted)


def _minor_problem(cs: Sequence[Card]) -> Text:
    if len({c.suit for c in cs}) == 1:
        return Text(N_("a Sword needs consecutive ranks in one suit (Ace, 2 ... 10, Page, Knight, Queen, King)"))
    if len({c.rank for c in cs}) == 1:
        return Text(N_("a Sphere holds at most four cards, one of each suit"))
    return Text(N_("suit cards meld as a Sword (one suit, consecutive ranks) or a Sphere (one rank, different suits)"))


# --- every meld a set of cards holds ----------------------------------------------------------


def candidate_melds(cards: Sequence[Card], t: Tree, kinds: Sequence[str]) -> dict[int, str]:
    """Every meld among `cards` as {bit mask over the cards: type}, sub-melds included (a run
    of five also yields its runs of three and four). A set that fits several types is named
    by the first of them."""
    found: dict[int, str] = {}
    trumps = {c.rank: 1 << i for i, c in enumerate(cards) if c.is_major}
    for kind in kinds:
        for mask in _GENERATORS[kind](cards, trumps, t):
            found.setdefault(mask, kind)
    return found


def _runs(present: dict[int, int]) -> Iterable[int]:
    """Masks of every run of three or more consecutive keys of `present` (key -> bit)."""
    keys = sorted(present)
    for index, start in enumerate(keys):
        mask, previous = present[start], start
        for key in keys[index + 1:]:
            if key != previous + 1:
                break
            mask, previous = mask | present[key], key
            if key - start >= 2:
                yield mask


def _serpents(cards: Sequence[Card], trumps: dict[int, int], t: Tree) -> Iterable[int]:
    return _runs(trumps)


def _swords(cards: Sequence[Card], trumps: dict[int, int], t: Tree) -> Iterable[int]:
    by_suit: dict[str, dict[int, int]] = {}
    for i, c in enumerate(cards):
        if not c.is_major:
            by_suit.setdefault(c.suit, {})[c.rank] = 1 << i  # type: ignore[arg-type]
    for ranks in by_suit.values():
        if len(ranks) >= 3:
            yield from _runs(ranks)


def _spheres(cards: Sequence[Card], trumps: dict[int, int], t: Tree) -> Iterable[int]:
    by_rank: dict[int, list[int]] = {}
    for i, c in enumerate(cards):
        if not c.is_major:
            by_rank.setdefault(c.rank, []).append(1 << i)
    for bits in by_rank.values():
        for size in range(3, len(bits) + 1):
            for combo in combinations(bits, size):
                yield sum(combo)


def _mothers(cards: Sequence[Card], trumps: dict[int, int], t: Tree) -> Iterable[int]:
    if all(n in trumps for n in MOTHER):
        yield sum(trumps[n] for n in MOTHER)


def _doubles(cards: Sequence[Card], trumps: dict[int, int], t: Tree) -> Iterable[int]:
    bits = [bit for n, bit in trumps.items() if n in PLANETARY]
    for size in range(3, len(bits) + 1):
        for combo in combinations(bits, size):
            yield sum(combo)


def _singles(cards: Sequence[Card], trumps: dict[int, int], t: Tree) -> Iterable[int]:
    at = {t.zodiac[n]: bit for n, bit in trumps.items() if n in t.zodiac}
    if len(at) < 3:
        return
    if len(at) == 12:
        yield sum(at.values())
    for start in at:
        mask, place = 0, start
        for length in range(1, min(len(at), 11) + 1):
            bit = at.get(place)
            if bit is None:
                break
            mask |= bit
            if length >= 3:
                yield mask
            place = (place + 1) % 12


def _paths(cards: Sequence[Card], trumps: dict[int, int], t: Tree) -> Iterable[int]:
    edges = [(t.joins[n], bit) for n, bit in trumps.items()]
    by_suit: dict[str, dict[int, int]] = {}
    for i, c in enumerate(cards):
        if not c.is_major and c.rank <= 10:
            by_suit.setdefault(c.suit, {})[c.rank] = 1 << i  # type: ignore[arg-type]
    for spheres in by_suit.values():
        links: dict[int, list[tuple[int, int]]] = {s: [] for s in spheres}
        for (a, b), bit in edges:
            if a in spheres and b in spheres:
                links[a].append((b, bit))
                links[b].append((a, bit))
        for start in spheres:
            yield from _walks(start, spheres[start], {start}, links, spheres)


def _walks(node: int, mask: int, seen: set[int], links: dict[int, list[tuple[int, int]]],
           spheres: dict[int, int]) -> Iterable[int]:
    """Masks of every simple chain from `node` onward (each found from both of its ends;
    the caller keeps one)."""
    for nxt, bit in links[node]:
        if nxt in seen:
            continue
        extended = mask | bit | spheres[nxt]
        yield extended
        seen.add(nxt)
        yield from _walks(nxt, extended, seen, links, spheres)
        seen.discard(nxt)


_GENERATORS = {"serpent": _serpents, "sword": _swords, "sphere": _spheres, "path": _paths,
               "mother": _mothers, "double": _doubles, "single": _singles}


# --- the best arrangement ---------------------------------------------------------------------


@dataclass(frozen=True)
class Arrangement:
    melds: list[list[Card]]
    kinds: list[str]
    unmelded: list[Card]
    value: int


def _by_lowest_bit(masks: Iterable[int], size: int) -> list[list[int]]:
    by_low: list[list[int]] = [[] for _ in range(size)]
    for mask in masks:
        by_low[(mask & -mask).bit_length() - 1].append(mask)
    for group in by_low:
        group.sort(key=lambda m: -m.bit_count())  # longer melds first: ties keep them
    return by_low


def _split(full: int, values: Sequence[int], by_low: list[list[int]]) -> list[int]:
    """The melds (masks) that leave the least value unmelded among the cards of `full`."""
    memo: dict[int, tuple[int, int]] = {0: (0, 0)}

    def solve(mask: int) -> int:
        known = memo.get(mask)
        if known is not None:
            return known[0]
        low = mask & -mask
        i = low.bit_length() - 1
        best, choice = values[i] + solve(mask ^ low), 0
        for meld in by_low[i]:
            if meld & mask == meld:
                value = solve(mask ^ meld)
                if value < best:
                    best, choice = value, meld
        memo[mask] = (best, choice)
        return best

    solve(full)
    chosen, mask = [], full
    while mask:
        choice = memo[mask][1]
        if choice:
            chosen.append(choice)
            mask ^= choice
        else:
            mask ^= mask & -mask
    return chosen


def _cards_of(mask: int, cards: Sequence[Card]) -> list[Card]:
    return [c for i, c in enumerate(cards) if mask >> i & 1]


def arrange(cards: Sequence[Card], t: Tree, kinds: Sequence[str]) -> Arrangement:
    """The arrangement of `cards` into melds leaving the lowest unmelded value (exact)."""
    cards = list(cards)
    found = candidate_melds(cards, t, kinds)
    values = [card_value(c) for c in cards]
    full = (1 << len(cards)) - 1
    chosen = _split(full, values, _by_lowest_bit(found, len(cards)))
    melded = sum(chosen)
    unmelded = [c for i, c in enumerate(cards) if not melded >> i & 1]
    return Arrangement([ordered(_cards_of(m, cards), found[m], t) for m in chosen],
                       [found[m] for m in chosen], unmelded, hand_value(unmelded))


def least_after_discard(cards: Sequence[Card], t: Tree, kinds: Sequence[str],
                        keep: Card | None = None) -> tuple[int, Card]:
    """The least unmelded value `cards` leave after discarding exactly one of them (never
    `keep`), and a card whose discard leaves it (exact, the same as arranging the hand less
    each card in turn, in one search: each card is melded, unmelded or the discard)."""
    cards = list(cards)
    values = [card_value(c) for c in cards]
    by_low = _by_lowest_bit(candidate_melds(cards, t, kinds), len(cards))
    barred = next((i for i, c in enumerate(cards) if c == keep), -1)
    memo: dict[tuple[int, bool], tuple[float, int]] = {(0, False): (0, -1), (0, True): (math.inf, -1)}

    def solve(mask: int, free: bool) -> float:
        known = memo.get((mask, free))
        if known is not None:
            return known[0]
        low = mask & -mask
        i = low.bit_length() - 1
        best, thrown = values[i] + solve(mask ^ low, free), memo.get((mask ^ low, free), (0, -1))[1]
        if free and i != barred and solve(mask ^ low, False) < best:
            best, thrown = solve(mask ^ low, False), i
        for meld in by_low[i]:
            if meld & mask == meld and solve(mask ^ meld, free) < best:
                best, thrown = solve(mask ^ meld, free), memo[(mask ^ meld, free)][1]
        memo[(mask, free)] = (best, thrown)
        return best

    least = solve((1 << len(cards)) - 1, True)
    return int(least), cards[memo[((1 << len(cards)) - 1, True)][1]]


def ordered(cs: list[Card], kind: str, t: Tree) -> list[Card]:
    """A meld's cards in the order a player lays them out (a Path as its chain)."""
    if kind == "path":
        return _chain(cs, t)
    if kind == "single":
        places = sorted(t.zodiac[c.rank] for c in cs)
        gap_end = next((p for p in places if (p - 1) % 12 not in places), places[0])
        return sorted(cs, key=lambda c: (t.zodiac[c.rank] - gap_end) % 12)
    if kind == "sphere":
        return sorted(cs, key=lambda c: "WCSP".index(c.suit or "W"))
    return sorted(cs, key=lambda c: c.rank)


def _chain(cs: list[Card], t: Tree) -> list[Card]:
    minors = {c.rank: c for c in cs if not c.is_major}
    trumps = [c for c in cs if c.is_major]
    links: dict[int, list[tuple[int, Card]]] = {s: [] for s in minors}
    for trump in trumps:
        a, b = t.joins[trump.rank]
        if a in links and b in links:
            links[a].append((b, trump))
            links[b].append((a, trump))
    ends = sorted(s for s, ls in links.items() if len(ls) == 1)
    if not ends:
        return cs
    result, node, came = [minors[ends[-1]]], ends[-1], None
    while True:
        step = next(((n, tr) for n, tr in links[node] if tr is not came), None)
        if step is None:
            return result if len(result) == len(cs) else cs
        node, came = step
        result += [came, minors[node]]


def best_melds(cards: Sequence[Card | str], attributions: str = "gd", deck_style: str = "rws",
               melds: str = "all", style: str | None = None) -> tuple[list[list[Card]], int]:
    """The melds of `cards` that leave the lowest unmelded value, and that value."""
    found = arrange(_faces_keep(cards), tree(attributions, style or deck_style), meld_kinds(melds))
    return found.melds, found.value


def _faces_keep(cards: Iterable[Card | str]) -> list[Card]:
    return [card(c) if isinstance(c, str) else c for c in cards]


# --- layoffs ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Layoff:
    """The opponent's side after a call: their own melds, the cards laid off onto each of the
    caller's melds (by meld index), and what stays unmelded."""

    melds: list[list[Card]]
    kinds: list[str]
    layoffs: dict[int, list[Card]]
    unmelded: list[Card]
    value: int


def _extensions(meld: Sequence[Card], hand: Sequence[Card], t: Tree, kinds: Sequence[str]) -> list[int]:
    """Masks over `hand` of the card sets that extend `meld` into a valid meld."""
    pool = list(meld) + list(hand)
    base = (1 << len(meld)) - 1
    found = candidate_melds(pool, t, kinds)
    return sorted({m >> len(meld) for m in found if m & base == base and m >> len(meld)})


def lay_off(hand: Sequence[Card], caller_melds: Sequence[Sequence[Card]], t: Tree,
            kinds: Sequence[str]) -> Layoff:
    """The opponent's melds and layoffs that lower their unmelded value most (exact): every
    split of their cards into own melds, one extension per caller meld, and the rest."""
    hand = list(hand)
    own = candidate_melds(hand, t, kinds)
    values = [card_value(c) for c in hand]
    by_low_own = _by_lowest_bit(own, len(hand))
    by_low_off: list[list[tuple[int, int]]] = [[] for _ in hand]
    for index, meld in enumerate(caller_melds):
        for mask in _extensions(meld, hand, t, kinds):
            by_low_off[(mask & -mask).bit_length() - 1].append((index, mask))
    memo: dict[tuple[int, int], tuple[int, tuple[int, int, int]]] = {}

    def solve(mask: int, used: int) -> int:
        if mask == 0:
            return 0
        known = memo.get((mask, used))
        if known is not None:
            return known[0]
        low = mask & -mask
        i = low.bit_length() - 1
        best, choice = values[i] + solve(mask ^ low, used), (0, -1, 0)
        for meld in by_low_own[i]:
            if meld & mask == meld and (value := solve(mask ^ meld, used)) < best:
                best, choice = value, (1, -1, meld)
        for index, ext in by_low_off[i]:
            if ext & mask == ext and not used >> index & 1 and (value := solve(mask ^ ext, used | 1 << index)) < best:
                best, choice = value, (2, index, ext)
        memo[(mask, used)] = (best, choice)
        return best

    full = (1 << len(hand)) - 1
    solve(full, 0)
    melds, layoffs, mask, used = [], {}, full, 0
    while mask:
        what, index, chosen = memo[(mask, used)][1] if (mask, used) in memo else (0, -1, 0)
        if what == 0:
            mask ^= mask & -mask
            continue
        if what == 1:
            melds.append(chosen)
        else:
            layoffs[index] = _cards_of(chosen, hand)
            used |= 1 << index
        mask ^= chosen
    taken = sum(melds) | sum(sum(1 << hand.index(c) for c in cs) for cs in layoffs.values())
    unmelded = [c for i, c in enumerate(hand) if not taken >> i & 1]
    return Layoff([ordered(_cards_of(m, hand), own[m], t) for m in melds], [own[m] for m in melds],
                  dict(sorted(layoffs.items())), unmelded, hand_value(unmelded))


# --- the "777" columns for identification -----------------------------------------------------

COLUMNS = ("letter", "astrology", "path", "sphere", "element")
COLUMN_NAMES = {"letter": N_("Hebrew letter"), "astrology": N_("astrological attribution"),
                "path": N_("path number"), "sphere": N_("sphere"), "element": N_("element")}


def covers(column: str, c: Card) -> bool:
    """Whether a column of the list has an entry for this card: letters, astrology and paths
    for trumps; spheres for Ace-10; elements for every suit card, courts included."""
    if column in ("letter", "astrology", "path"):
        return c.is_major
    if column == "sphere":
        return not c.is_major and c.rank <= 10
    return not c.is_major


def correspondence(column: str, c: Card, t: Tree) -> str:
    """The card's entry in a column, as the multiple-choice answer reads."""
    if column == "letter":
        return t.letters[c.rank]
    if column == "astrology":
        return t.signs[c.rank]
    if column == "path":
        return str(t.paths[c.rank])
    if column == "sphere":
        return f"{c.rank} {SPHERE_NAMES[c.rank - 1]}"
    return SUIT_ELEMENTS[c.suit]  # type: ignore[index]


def column_entries(column: str, t: Tree) -> list[str]:
    """Every answer the column holds (the pool of wrong choices)."""
    if column == "sphere":
        return [f"{n} {name}" for n, name in enumerate(SPHERE_NAMES, 1)]
    if column == "element":
        return ["Fire", "Water", "Air", "Earth"]
    table = {"letter": t.letters, "astrology": t.signs, "path": t.paths}[column]
    return sorted({str(v) for v in table.values()}, key=lambda v: (len(v), v) if column == "path" else v)
