"""The tarot card-point counter (rules/counting.md, seeds/001): a pile of cards counted in groups of
n (1-4) by any of the four methods of the source, with exact fractions.

Every method gives the same total for every pile and every n, incomplete groups included. A group
of k cards (k = n for a complete group, k < n for the left-over part) earns a *group bonus*:
1 for a complete group or a left-over part with k >= n/2 (as if empty cards completed it), 0 for a
left-over part with k < n/2, and 1/2 for the single left-over card of n = 2 (it keeps its half
point; the game rounds). In reduced values a group is worth `reduced sum + bonus`; each method
reaches that total its own way:

- original:    reduced sum + bonus (1 per group),
- fractional:  sum of (reduced + 1/n), the group's k/n rounded to its bonus,
- subtraction: nominal sum - (k - bonus)  (n - 1 for a complete group),
- valuable:    nominal sum of the valuable cards - (v - bonus) for v valuable cards
               (only empty cards: 1; v valuable cards: their sum - (v - 1)).

An *empty* card is one of nominal value 1; every other card is *valuable* for the fourth method
(so under ZWANZIGER a numeral suit card is a "valuable" card worth 0, which keeps the method
exact).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from games.cards import PAGE, Card

METHODS = ("original", "fractional", "subtraction", "valuable")
GROUP_SIZES = (1, 2, 3, 4)
SETTLEMENTS = ("exchange", "adjust", "alone")
FOOL = Card(None, 0)

Working = list[tuple[list[Card], Fraction]]


# --- value tables ----------------------------------------------------------------------------


@dataclass(frozen=True)
class ValueTable:
    """Nominal card values; reduced = nominal - 1 and fractional = reduced + 1/n are derived.

    `courts` are the nominal values of Page, Knight, Queen, King; `numerals` of suit Ace-10;
    `trumps` lists the majors worth something other than `empty_trump`."""

    name: str
    courts: tuple[int, int, int, int] = (2, 3, 4, 5)
    numerals: int = 1
    trumps: tuple[tuple[int, int], ...] = ((0, 5), (1, 5), (21, 5))
    empty_trump: int = 1

    def nominal(self, card: Card) -> Fraction:
        if card.is_major:
            return Fraction(dict(self.trumps).get(card.rank, self.empty_trump))
        if card.rank >= PAGE:
            return Fraction(self.courts[card.rank - PAGE])
        return Fraction(self.numerals)

    def reduced(self, card: Card) -> Fraction:
        return self.nominal(card) - 1

    def fractional(self, card: Card, group: int) -> Fraction:
        return self.reduced(card) + Fraction(1, group)

    def is_empty(self, card: Card) -> bool:
        """An empty card (nominal 1); every other card counts as valuable in method four."""
        return self.nominal(card) == 1

    def with_trumps(self, name: str, trumps: dict[int, int]) -> ValueTable:
        """A copy in which the given majors have the given nominal values."""
        merged = dict(self.trumps) | trumps
        return ValueTable(name, self.courts, self.numerals, tuple(sorted(merged.items())), self.empty_trump)


STANDARD = ValueTable("standard")
# Zwanzigerrufen: the suit numeral cards are worth nothing (nominal 0, reduced -1).
ZWANZIGER = ValueTable("zwanziger", numerals=0)
# The source's Italian exceptions name no particular trumps; these two tables illustrate them.
# ITALIAN: an extra 5-point trump (here XX, Judgement).
ITALIAN = STANDARD.with_trumps("italian", {20: 5})
# ITALIAN_TENS: a certain trump worth 10 points (here XXI) beside an extra 5-point one (XX).
ITALIAN_TENS = STANDARD.with_trumps("italian-tens", {20: 5, 21: 10})
VALUE_TABLES = {table.name: table for table in (STANDARD, ZWANZIGER, ITALIAN, ITALIAN_TENS)}


# --- French Tarot helpers --------------------------------------------------------------------


def is_oudler(card: Card) -> bool:
    """Trump 1, trump 21 or the Fool."""
    return card.is_oudler


def oudler_count(cards: Iterable[Card]) -> int:
    return sum(1 for c in cards if is_oudler(c))


def card_points(card: Card, values: ValueTable = STANDARD) -> Fraction:
    """French Tarot points of one card (counted in twos): oudlers and kings 9/2, queens 7/2,
    knights 5/2, pages 3/2, every other card 1/2."""
    return values.fractional(card, 2)


# --- the group bonus and the per-group value of each method --------------------------------


def group_bonus(size: int, group: int) -> Fraction:
    """What a group of `size` cards (1 <= size <= group) earns on top of its reduced values."""
    if size == group:
        return Fraction(1)
    if group == 2 and size == 1:
        return Fraction(1, 2)
    return Fraction(1) if 2 * size >= group else Fraction(0)


def _original(nominals: Sequence[Fraction], group: int) -> Fraction:
    return sum((v - 1 for v in nominals), Fraction(0)) + group_bonus(len(nominals), group)


def _fractional(nominals: Sequence[Fraction], group: int) -> Fraction:
    exact = sum((v - 1 + Fraction(1, group) for v in nominals), Fraction(0))
    return exact - Fraction(len(nominals), group) + group_bonus(len(nominals), group)


def _subtraction(nominals: Sequence[Fraction], group: int) -> Fraction:
    return sum(nominals, Fraction(0)) - (len(nominals) - group_bonus(len(nominals), group))


def _valuable(nominals: Sequence[Fraction], group: int) -> Fraction:
    valuable = [v for v in nominals if v != 1]
    if not valuable:  # only empty cards: 1 for a group (the bonus for a left-over part)
        return group_bonus(len(nominals), group)
    return sum(valuable, Fraction(0)) - (len(valuable) - group_bonus(len(nominals), group))


GROUP_VALUE: dict[str, Callable[[Sequence[Fraction], int], Fraction]] = {
    "original": _original,
    "fractional": _fractional,
    "subtraction": _subtraction,
    "valuable": _valuable,
}


# --- whole-pile totals (each method's own arithmetic over the pile) --------------------------


def _check(group: int, method: str) -> None:
    if group not in GROUP_SIZES:
        raise ValueError(f"cards are counted in groups of 1 to 4, not {group}")
    if method not in METHODS:
        raise ValueError(f"unknown counting method {method!r}; one of {', '.join(METHODS)}")


def _pile_total(nominals: Sequence[Fraction], group: int, method: str) -> Fraction:
    """The total without forming the groups: only their number and the left-over size matter
    (the valuable-cards method has no such shortcut and counts group by group)."""
    full, left = divmod(len(nominals), group)
    left_bonus = group_bonus(left, group) if left else Fraction(0)
    if method == "original":
        return sum((v - 1 for v in nominals), Fraction(0)) + full + left_bonus
    if method == "fractional":
        exact = sum((v - 1 + Fraction(1, group) for v in nominals), Fraction(0))
        return exact - Fraction(left, group) + left_bonus  # the odd k/n rounded
    if method == "subtraction":
        return sum(nominals, Fraction(0)) - full * (group - 1) - (left - left_bonus)
    chunks = [nominals[i : i + group] for i in range(0, len(nominals), group)]
    return sum((_valuable(chunk, group) for chunk in chunks), Fraction(0))


def count(
    cards: Iterable[Card], group: int = 3, method: str = "original", values: ValueTable = STANDARD
) -> Fraction:
    """The card points of a pile counted in groups of `group` by `method` (see the module)."""
    _check(group, method)
    return _pile_total([values.nominal(c) for c in cards], group, method)


# --- the working: the groups a method forms, for people ------------------------------------


def form_groups(
    cards: Sequence[Card], group: int, method: str, values: ValueTable = STANDARD
) -> list[list[Card]]:
    """The groups a method counts: in pile order, except that the valuable-cards method spreads
    the valuable cards one to a complete group as far as it can (the source's advice) and leaves
    empty cards, when there are any, for the left-over part."""
    if method != "valuable":
        return [list(cards[i : i + group]) for i in range(0, len(cards), group)]
    ordered = sorted(cards, key=values.is_empty)  # valuable cards first, stable
    full = len(ordered) // group
    body, tail = ordered[: full * group], ordered[full * group :]
    return [body[i::full] for i in range(full)] + ([tail] if tail else [])


def count_working(
    cards: Iterable[Card], group: int = 3, method: str = "original", values: ValueTable = STANDARD
) -> Working:
    """Each group the method formed with its value; the values add up to `count(...)`."""
    _check(group, method)
    value_of = GROUP_VALUE[method]
    groups = form_groups(list(cards), group, method, values)
    return [(g, value_of([values.nominal(c) for c in g], group)) for g in groups]


# --- the Fool in classic games ---------------------------------------------------------------


def _holds_fool(pile: Sequence[Card]) -> bool:
    return any(c.face == FOOL for c in pile)


def _take(pile: Sequence[Card], wanted: Callable[[Card], bool]) -> tuple[Card, list[Card]]:
    """The pile's first card for which `wanted` holds, and the pile without it."""
    for i, c in enumerate(pile):
        if wanted(c):
            return c, list(pile[:i]) + list(pile[i + 1 :])
    raise ValueError("the side keeping the Fool has no empty card to give in exchange")


def settle_fool(
    first: Sequence[Card],
    second: Sequence[Card],
    keeper: int | None,
    settlement: str = "exchange",
    group: int = 2,
    method: str = "fractional",
    values: ValueTable = STANDARD,
) -> tuple[Fraction, Fraction]:
    """Both sides' totals, (first, second), when the Fool excused: `keeper` (0 for `first`, 1 for
    `second`) played the Fool and kept it, so the other side, which won that trick, is one card
    short. `keeper=None`: nobody owes a card (the Fool was taken normally); plain counts.

    Settlements (all give the same totals):
    - "exchange": the keeper gives the first empty card of its pile to the other side;
    - "adjust": the keeper counts one empty card fewer, the other side one more, no card moves;
    - "alone": the keeper counts the Fool alone at its reduced value (4), outside any group; the
      other side counts one extra empty card.
    Raises ValueError if the keeper's pile lacks the Fool, or (exchange, adjust) lacks an empty card.
    """
    _check(group, method)
    if settlement not in SETTLEMENTS:
        raise ValueError(f"unknown Fool settlement {settlement!r}; one of {', '.join(SETTLEMENTS)}")
    piles = (list(first), list(second))
    if keeper is None:
        return count(piles[0], group, method, values), count(piles[1], group, method, values)
    if keeper not in (0, 1) or not _holds_fool(piles[keeper]):
        raise ValueError("the keeper must be side 0 or 1 and hold the Fool")
    kept, short = _SETTLE[settlement](piles[keeper], piles[1 - keeper], group, method, values)
    return (kept, short) if keeper == 0 else (short, kept)


def _exchange(
    keeper: list[Card], other: list[Card], group: int, method: str, values: ValueTable
) -> tuple[Fraction, Fraction]:
    given, kept = _take(keeper, values.is_empty)
    return count(kept, group, method, values), count([*other, given], group, method, values)


def _adjust(
    keeper: list[Card], other: list[Card], group: int, method: str, values: ValueTable
) -> tuple[Fraction, Fraction]:
    nominals = [values.nominal(c) for c in keeper]
    if Fraction(1) not in nominals:
        raise ValueError("the side keeping the Fool has no empty card to give in exchange")
    nominals.remove(Fraction(1))
    extra = [values.nominal(c) for c in other] + [Fraction(1)]
    return _pile_total(nominals, group, method), _pile_total(extra, group, method)


def _alone(
    keeper: list[Card], other: list[Card], group: int, method: str, values: ValueTable
) -> tuple[Fraction, Fraction]:
    _, rest = _take(keeper, lambda c: c.face == FOOL)
    kept = count(rest, group, method, values) + values.reduced(FOOL)
    extra = [values.nominal(c) for c in other] + [Fraction(1)]
    return kept, _pile_total(extra, group, method)


_SETTLE = {"exchange": _exchange, "adjust": _adjust, "alone": _alone}
