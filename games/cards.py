"""The 78-card tarot deck: the card value, its notation, names in every deck style, the parser
and the shuffle that rotates half the deck (rules/cards.md)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from games.base import N_, Text

SUITS = ("W", "C", "S", "P")
SUIT_NAMES = {"W": "Wands", "C": "Cups", "S": "Swords", "P": "Pentacles"}
MINOR_RANKS = tuple(range(1, 15))
MAJOR_NUMBERS = tuple(range(22))
PAGE, KNIGHT, QUEEN, KING = 11, 12, 13, 14
OUDLERS = frozenset({0, 1, 21})

DECK_STYLES = ("rws", "marseille", "thoth", "french")  # the styles a tarot table may choose
STANDARD_STYLE = "standard"  # the 52 cards and the Joker of a standard deck (Loc), drawn and named
CARD_STYLES = (*DECK_STYLES, STANDARD_STYLE)

RANK_CODES = {1: "A", 11: "J", 12: "N", 13: "Q", 14: "K"}
CODE_RANKS = {"A": 1, "J": 11, "N": 12, "Q": 13, "K": 14}

MAJOR_NAMES = [
    N_("The Fool"), N_("The Magician"), N_("The High Priestess"), N_("The Empress"), N_("The Emperor"),
    N_("The Hierophant"), N_("The Lovers"), N_("The Chariot"), N_("Strength"), N_("The Hermit"),
    N_("Wheel of Fortune"), N_("Justice"), N_("The Hanged Man"), N_("Death"), N_("Temperance"), N_("The Devil"),
    N_("The Tower"), N_("The Star"), N_("The Moon"), N_("The Sun"), N_("Judgement"), N_("The World"),
]
ROMAN = [
    "0", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
    "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI",
]
SUIT_WORDS = (N_("Wands"), N_("Cups"), N_("Swords"), N_("Pentacles"), N_("Batons"), N_("Coins"), N_("Disks"),
              N_("Clubs"), N_("Hearts"), N_("Spades"), N_("Diamonds"), N_("♣"), N_("♥"), N_("♠"), N_("♦"))  # marked
STYLE_SUITS = {
    "rws": SUIT_NAMES,
    "marseille": {"W": "Batons", "C": "Cups", "S": "Swords", "P": "Coins"},
    "thoth": {"W": "Wands", "C": "Cups", "S": "Swords", "P": "Disks"},
    "french": {"W": "♣", "C": "♥", "S": "♠", "P": "♦"},
    STANDARD_STYLE: {"W": "Clubs", "C": "Hearts", "S": "Spades", "P": "Diamonds"},
}
STYLE_COURTS = {
    "rws": {11: N_("Page"), 12: N_("Knight"), 13: N_("Queen"), 14: N_("King")},
    "marseille": {11: N_("Valet"), 12: N_("Knight"), 13: N_("Queen"), 14: N_("King")},
    "thoth": {11: N_("Princess"), 12: N_("Prince"), 13: N_("Queen"), 14: N_("Knight")},
    "french": {11: N_("Valet"), 12: N_("Cavalier"), 13: N_("Dame"), 14: N_("Roi")},
    STANDARD_STYLE: {11: N_("Jack"), 12: N_("Knight"), 13: N_("Queen"), 14: N_("King")},
}
# A minor card's name by its suit's word, marked for the catalogs (its rank fills {rank}).
OF_SUIT = {"Wands": N_("{rank} of Wands"), "Cups": N_("{rank} of Cups"), "Swords": N_("{rank} of Swords"),
           "Pentacles": N_("{rank} of Pentacles"), "Batons": N_("{rank} of Batons"), "Coins": N_("{rank} of Coins"),
           "Disks": N_("{rank} of Disks"), "Clubs": N_("{rank} of Clubs"), "Hearts": N_("{rank} of Hearts"),
           "Spades": N_("{rank} of Spades"), "Diamonds": N_("{rank} of Diamonds"),
           "♣": N_("{rank} ♣"), "♥": N_("{rank} ♥"), "♠": N_("{rank} ♠"), "♦": N_("{rank} ♦")}
THOTH_MAJORS = {14: N_("Art"), 20: N_("Aeon"), 21: N_("The Universe")}
THOTH_SWAPPED = {"Strength": N_("Lust"), "Justice": N_("Adjustment")}


class CardParseError(ValueError):
    """A token that names no card; `token` is what could not be read."""

    def __init__(self, token: str, hint: str = "") -> None:
        self.token = token
        shown = token if len(token) <= 40 else token[:40] + "…"
        if hint:
            self.text = Text(N_("I can't read {token} as a card ({hint})"), token=repr(shown), hint=Text(hint))
        else:
            self.text = Text(N_("I can't read {token} as a card"), token=repr(shown))
        super().__init__(str(self.text))


@dataclass(frozen=True, slots=True)
class Card:
    """One card. Minors have a suit (W, C, S, P) and a rank 1-14; majors have suit None and
    their number 0-21 as rank. Orientation is part of the value: `reversed`."""

    suit: str | None
    rank: int
    reversed: bool = False
    # The notation: `KC`, `10S`, `6Pr`, `16r`, `0`. Written once, when the card is made: a
    # state's every move writes all its cards' codes (a shoe holds up to 312).
    code: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.suit is None:
            if not 0 <= self.rank <= 21:
                raise ValueError(f"no major numbered {self.rank}")
            base = str(self.rank)
        elif self.suit not in SUITS or not 1 <= self.rank <= 14:
            raise ValueError(f"no minor card {self.rank}{self.suit}")
        else:
            base = RANK_CODES.get(self.rank, str(self.rank)) + self.suit
        object.__setattr__(self, "code", base + ("r" if self.reversed else ""))

    @property
    def is_major(self) -> bool:
        return self.suit is None

    @property
    def number(self) -> int:
        """A major's number (0-21); a minor's rank (1-14)."""
        return self.rank

    @property
    def is_court(self) -> bool:
        return not self.is_major and self.rank >= PAGE

    @property
    def is_oudler(self) -> bool:
        return self.is_major and self.rank in OUDLERS

    @property
    def major_suit(self) -> str | None:
        """F (First: 0, 21), S (Second: 1-10) or T (Third: 11-20) for majors."""
        if not self.is_major:
            return None
        if self.rank in (0, 21):
            return "F"
        return "S" if self.rank <= 10 else "T"

    @property
    def poker_suit(self) -> str:
        return self.suit if self.suit is not None else "M" + self.major_suit  # type: ignore[operator]

    @property
    def poker_rank(self) -> int:
        """Rank for ranking games, Ace high: 2-10, Page 11, Knight 12, Queen 13, King 14,
        Ace 15. A major ranks as its last digit with 0 read as 10 (1, 11, 21 are Aces)."""
        if self.is_major:
            digit = self.rank % 10
            if digit == 1:
                return 15
            return 10 if digit == 0 else digit
        return 15 if self.rank == 1 else self.rank

    @property
    def lesser_label(self) -> str:
        """The A-10 label a major carries in the printed deck (rules/cards.md)."""
        rank = self.poker_rank
        return "A" if rank == 15 else str(rank)

    @property
    def face(self) -> Card:
        """The same card upright: its identity without orientation."""
        return self if not self.reversed else Card(self.suit, self.rank, False)

    def turned(self) -> Card:
        return Card(self.suit, self.rank, not self.reversed)

    def oriented(self, reversed_: bool) -> Card:
        return self if self.reversed == reversed_ else Card(self.suit, self.rank, reversed_)

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"


@lru_cache(maxsize=512)
def card(code: str) -> Card:
    """The card of one notation token (`KC`, `16r`); raises CardParseError. Cached, so
    restored states share one object per card instead of allocating their own."""
    found = _parse_code(code.strip())
    if found is None:
        raise CardParseError(code)
    return found


def cards(codes: str | Iterable[str]) -> list[Card]:
    """Cards from notation tokens: `cards("KC 10S 16r")`."""
    tokens = codes.split() if isinstance(codes, str) else codes
    return [card(token) for token in tokens]


def full_deck() -> list[Card]:
    """The 78 cards upright: the four suits Ace to King, then majors 0 to 21."""
    minors = [Card(suit, rank) for suit in SUITS for rank in MINOR_RANKS]
    return minors + [Card(None, number) for number in MAJOR_NUMBERS]


def shuffle(deck: list[Card], rng: random.Random) -> list[Card]:
    """A new list: a uniformly random half (floor n/2) of the cards turned around, then the
    whole deck permuted uniformly."""
    turned_positions = set(rng.sample(range(len(deck)), len(deck) // 2))
    result = [c.turned() if i in turned_positions else c for i, c in enumerate(deck)]
    rng.shuffle(result)
    return result


# --- names ---------------------------------------------------------------------------------


def major_name(number: int, style: str = "rws") -> Text:
    """A major's name in a deck style, marked for translation (a `str`: the English name)."""
    if style == "french":
        return Text(N_("Excuse")) if number == 0 else Text(N_("Trump {number}"), number=number)
    if style == STANDARD_STYLE:
        return Text(N_("Joker")) if number == 0 else Text(N_("Trump {number}"), number=number)
    if number in (8, 11) and style in ("marseille", "thoth"):
        number = 19 - number  # 8 <-> 11: the two styles swap Strength and Justice
        name = MAJOR_NAMES[number]
        if style == "thoth":
            name = THOTH_SWAPPED[name]
        return Text(name)
    if style == "thoth":
        return Text(THOTH_MAJORS.get(number, MAJOR_NAMES[number]))
    return Text(MAJOR_NAMES[number])


def rank_name(rank: int, style: str = "rws") -> str:
    if rank in STYLE_COURTS[style]:
        return Text(STYLE_COURTS[style][rank])
    return Text(N_("Ace")) if rank == 1 else str(rank)


@lru_cache(maxsize=4096)
def card_name(c: Card, style: str = "rws", *, orientation: bool = True) -> str:
    """The card's name in a deck style: `King of Cups`, `XVI The Tower`, `Roi ♥` — a marked
    `Text` (the English name as a `str`; the Discord side says it in the reader's language),
    made once (a Text is never changed): a table names the same cards at every move."""
    name: str
    if c.is_major:
        major = major_name(c.rank, style)
        name = major if style in ("french", STANDARD_STYLE) else Text("{numeral} {name}", numeral=ROMAN[c.rank],
                                                                       name=major)
    else:
        name = Text(OF_SUIT[STYLE_SUITS[style][c.suit]], rank=rank_name(c.rank, style))  # type: ignore[index]
    return Text(N_("{card} (reversed)"), card=name) if orientation and c.reversed else name


# --- parsing -------------------------------------------------------------------------------
#
# A person's text is read word by word, left to right. At each word the parser tries the forms a
# card name can take (longest first), each of which spans a few words at most, then an optional
# orientation word. So the work is linear in the input, nothing recurses, and two cards are never
# read as one: the only multi-word forms join a number or rank to words that are not cards
# themselves (a suit, "of", "trump", a major's name that must agree with the number).

_CODE_RE = re.compile(r"^(?:(10|[2-9]|[AJNQK])([WCSP])|(\d{1,2}))(r?)$", re.IGNORECASE | re.ASCII)
_SYMBOL_RE = re.compile(r"^(10|[2-9]|[AJQKN])([♣♥♠♦♡♢♤♧])(r?)$", re.IGNORECASE)
_ROMAN_RE = re.compile(r"^[IVXL]+$", re.IGNORECASE)
_SEPARATORS = re.compile(r"[,;\n]+")
_SUIT_WORDS = {
    "wands": "W", "wand": "W", "clubs": "W", "club": "W", "batons": "W", "baton": "W",
    "staves": "W", "staff": "W", "♣": "W", "cups": "C", "cup": "C", "hearts": "C", "heart": "C",
    "♥": "C", "swords": "S", "sword": "S", "spades": "S", "spade": "S", "♠": "S",
    "pentacles": "P", "pentacle": "P", "coins": "P", "coin": "P", "disks": "P", "disk": "P",
    "discs": "P", "disc": "P", "diamonds": "P", "diamond": "P", "♦": "P",
    "♡": "C", "♢": "P", "♤": "S", "♧": "W",
}
_RANK_WORDS = {
    "ace": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "page": 11, "jack": 11, "valet": 11, "knave": 11,
    "princess": 11, "knight": 12, "cavalier": 12, "rider": 12, "prince": 12, "queen": 13,
    "dame": 13, "king": 14, "roi": 14,
}
_OF_WORDS = frozenset({"of", "de"})
_TRUMP_WORDS = frozenset({"trump", "atout", "major", "arcanum"})
_REVERSED_WORDS = frozenset({"(reversed)", "reversed", "reverse", "rev", "(r)", "inverted", "upside-down", "↓"})


@lru_cache(maxsize=8)
def _major_words(style: str) -> dict[str, int]:
    """Every major's names (lower case, single spaces) → its number, in a table's style."""
    names: dict[str, int] = {}
    for number in MAJOR_NUMBERS:
        for variant_style in ("rws", "thoth"):
            names[_normal(major_name(number, variant_style))] = number
    names.update({"fool": 0, "the fool": 0, "excuse": 0, "the excuse": 0, "l'excuse": 0,
                  "le fou": 0, "le petit": 1, "petit": 1, "magus": 1, "the magus": 1,
                  "priestess": 2, "judgment": 20, "wheel": 10, "the wheel": 10, "fortune": 10,
                  "the wheel of fortune": 10, "le monde": 21, "world": 21, "universe": 21,
                  "hanged man": 12, "tower": 16, "star": 17, "moon": 18, "sun": 19,
                  "devil": 15, "chariot": 7, "lovers": 6, "hierophant": 5, "emperor": 4,
                  "empress": 3, "hermit": 9, "magician": 1, "high priestess": 2,
                  "aeon": 20, "art": 14})
    # Strength and Justice follow the table's style (Marseille and Thoth swap 8 and 11).
    swapped = style in ("marseille", "thoth")
    names["strength"] = 11 if swapped else 8
    names["justice"] = 8 if swapped else 11
    names["fortitude"] = names["strength"]
    names["lust"], names["adjustment"] = 11, 8
    return names


@lru_cache(maxsize=8)
def _longest_name(style: str) -> int:
    """Words in the longest major name, counting a `the` put before it."""
    return 1 + max(len(name.split()) for name in _major_words(style))


@lru_cache(maxsize=8)
def _first_words(style: str) -> frozenset[str]:
    """The words a major's name can start with (a quick no for every other word)."""
    return frozenset({"the", *(name.split()[0] for name in _major_words(style))})


def _normal(text: str) -> str:
    return " ".join(text.lower().replace("’", "'").split())


def _parse_code(token: str) -> Card | None:
    match = _CODE_RE.match(token)
    if not match:
        return None
    minor_rank, suit, major, rev = match.groups()
    reversed_ = rev == "r" or rev == "R"
    if major is not None:
        number = int(major)
        return Card(None, number, reversed_) if number <= 21 else None
    rank = CODE_RANKS.get(minor_rank.upper()) or int(minor_rank)
    return Card(suit.upper(), rank, reversed_)


def _parse_symbol(text: str) -> Card | None:
    """`Q♥`, `10♠`, `A♦r`: a playing-card rank followed by a suit symbol."""
    match = _SYMBOL_RE.match(text)
    if not match:
        return None
    rank_text, symbol, rev = match.groups()
    rank = CODE_RANKS.get(rank_text.upper()) or int(rank_text)
    return Card(_SUIT_WORDS[symbol], rank, bool(rev))


def _roman_number(text: str) -> int | None:
    upper = text.upper()
    return ROMAN.index(upper) if _ROMAN_RE.match(text) and upper in ROMAN else None


def _major_number(word: str) -> int | None:
    """A major's number written alone: `16` or `XVI`."""
    number = _small_number(word)
    if number is not None:
        return number if number <= 21 else None
    return _roman_number(word)


def _small_number(word: str) -> int | None:
    """A one- or two-digit number in ASCII digits (`²` and other digit signs are no numbers)."""
    return int(word) if len(word) <= 2 and word.isascii() and word.isdigit() else None


def _one_word(word: str) -> Card | None:
    """A card written as one word: notation, `Q♥`, a Roman numeral."""
    found = _parse_code(word) or _parse_symbol(word)
    if found is not None:
        return found
    number = _roman_number(word)
    return Card(None, number) if number is not None else None


class _Reader:
    """Reads one chunk of words (`words`: normalised, `raw`: as typed) left to right."""

    def __init__(self, raw: list[str], style: str) -> None:
        self.raw, self.style = raw, style
        self.words = [_normal(word) for word in raw]
        self.majors, self.longest, self.starts = _major_words(style), _longest_name(style), _first_words(style)

    def read(self, most: int) -> list[Card]:
        found: list[Card] = []
        at = 0
        while at < len(self.words) and len(found) <= most:
            card_, at = self._card_at(at)
            if at < len(self.words) and self.words[at] in _REVERSED_WORDS:
                card_, at = card_.oriented(True), at + 1
            found.append(card_)
        return found

    def _card_at(self, at: int) -> tuple[Card, int]:
        for form in (self._numbered_major, self._major_by_name, self._trump, self._minor_by_name):
            read = form(at)
            if read is not None:
                return read
        single = _one_word(self.words[at])
        if single is None:
            raise self._error(at)
        return single, at + 1

    def _name_at(self, at: int) -> tuple[int, int] | None:
        """The longest major name starting at `at` (with or without `the`): (number, end)."""
        if at >= len(self.words) or self.words[at] not in self.starts:
            return None
        for size in range(min(self.longest, len(self.words) - at), 0, -1):
            phrase = " ".join(self.words[at:at + size])
            bare = phrase[4:] if phrase.startswith("the ") else phrase
            number = self.majors.get(phrase, self.majors.get(bare))
            if number is not None:
                return number, at + size
        return None

    def _major_by_name(self, at: int) -> tuple[Card, int] | None:
        named = self._name_at(at)
        return (Card(None, named[0]), named[1]) if named else None

    def _numbered_major(self, at: int) -> tuple[Card, int] | None:
        """`XVI The Tower`, `8 strength`: a number and the name of the same major."""
        number = _major_number(self.words[at])
        named = self._name_at(at + 1) if number is not None else None
        if named is None or named[0] != number:
            return None
        return Card(None, number), named[1]

    def _trump(self, at: int) -> tuple[Card, int] | None:
        """`trump 8`, `atout XXI`."""
        if self.words[at] not in _TRUMP_WORDS or at + 1 >= len(self.words):
            return None
        number = _major_number(self.words[at + 1])
        return (Card(None, number), at + 2) if number is not None else None

    def _rank(self, at: int) -> int | None:
        word = self.words[at]
        if self.style == "thoth" and word == "knight":
            return KING  # the Thoth Knight is the highest court (rules/cards.md)
        rank = _RANK_WORDS.get(word) or _small_number(word)
        return rank if rank is not None and 1 <= rank <= 14 else None

    def _suit_word_at(self, at: int) -> int | None:
        """Where the suit word of a rank at `at` stands (after an optional `of`)."""
        after = at + 1
        if after < len(self.words) and self.words[after] in _OF_WORDS:
            after += 1
        return after if after < len(self.words) else None

    def _minor_by_name(self, at: int) -> tuple[Card, int] | None:
        """`king of cups`, `dame ♥`, `cavalier de coins`, `3 of disks`."""
        rank = self._rank(at)
        where = self._suit_word_at(at) if rank is not None else None
        suit = _SUIT_WORDS.get(self.words[where]) if where is not None else None
        return (Card(suit, rank), where + 1) if suit is not None and rank is not None and where is not None else None

    def _error(self, at: int) -> CardParseError:
        """Name the word that could not be read: after a rank word, the word that should have
        been its suit (`king of cupz` → `cupz`); otherwise the word itself."""
        if self.words[at] in _RANK_WORDS:
            where = self._suit_word_at(at)
            if where is None:
                return CardParseError(self.raw[at], N_("a rank needs a suit, e.g. king of cups"))
            return CardParseError(self.raw[where], N_("not a suit: wands, cups, swords, pentacles"))
        return CardParseError(self.raw[at])


def parse_cards(text: str, style: str = "rws", most: int | None = None) -> list[Card]:
    """Cards from what a person typed: notation (`KC 16r`), names (`king of cups, the tower
    reversed`), Roman numerals, `Q♥`. Separators: commas, semicolons or spaces. Raises
    CardParseError naming the first word it cannot read. Linear in the text; with `most`, it
    stops once it has read more than `most` cards (the caller refuses that many)."""
    result: list[Card] = []
    limit = len(text) if most is None else most
    for chunk in _SEPARATORS.split(text):
        words = chunk.split()
        if words and len(result) <= limit:
            result.extend(_Reader(words, style).read(limit - len(result)))
    return result


@lru_cache(maxsize=1024)  # the rules read the same few codes in every move (a search plays thousands)
def parse_card(text: str, style: str = "rws") -> Card:
    """Exactly one card from what a person typed."""
    found = parse_cards(text, style)
    if len(found) != 1:
        raise CardParseError(text, N_("name exactly one card"))
    return found[0]


def codes(items: Iterable[Card]) -> list[str]:
    return [c.code for c in items]


def from_codes(items: Iterable[str]) -> list[Card]:
    return [card(code) for code in items]


def code_or_none(card_: Card | None) -> str | None:
    """A card slot that may be empty, as its code (for to_dict)."""
    return None if card_ is None else card_.code


def card_or_none(code: str | None) -> Card | None:
    """A card slot that may be empty, from its code (for from_dict)."""
    return None if code is None else card(code)
