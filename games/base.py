"""The contract every game module offers the runtime (DESIGN.md, "The game contract").

A game module (e.g. `games.blackjack`) defines:

- `NAME: str` and `Options`, a frozen dataclass with defaults and a `validate()` that raises
  `IllegalAction` naming the bad option;
- `MIN_SEATS`, `MAX_SEATS`, `CHIPS: bool` (a betting game: seats have stacks), `HOUSE: bool`
  (settles against the house), `JOIN_MID_GAME: bool` (seats may be added after the start);
- `new(options, seats) -> State` where `seats` is a list of `SeatSpec`;
- `legal_actions(state, player) -> list[Action]`, `apply(state, player, action) -> list[Event]`
  (validates first and raises `IllegalAction(reason)` with the state untouched; only then
  mutates the state in place);
- `pending(state) -> list[int]`: the players the game waits on now (for the turn timer);
- `default_action(state, player) -> Action`: the safe move a timeout plays;
- `is_over(state) -> bool`: the game is played to its end; the runtime then closes the table (chips
  back, as `/table end`) in the same transaction as the last move;
- `round_to_settle(state) -> int | None`: the number of the round that ending the table now must
  play out rather than void — its cards have been dealt (someone has seen them) and it is not
  settled yet; None when nothing anyone has seen is at stake (a betting window before the deal,
  a table waiting for players, a game without chips). To end, the runtime plays the pending
  players' `default_action` (a computer player's `computer_action`) until this no longer
  answers that number, then pays out `refunds`;
- `chips_on_table(state) -> int` (chip games): every chip the table holds, stacks and bets;
- `round_in_play(state) -> int | None` (optional): the number of the round being played, where
  `round_to_settle` does not give it (a game without chips, whose end does not play it out);
  when no person is left in play, the computers finish this round and no more (a seat a
  computer plays for a person included), then the table waits for a person;
- `view(state, player | None) -> dict`: what that player (or a spectator) may see, JSON-able;
- `to_dict(state) -> dict` / `from_dict(data) -> State`, exact round trips.

Fair deals (`games/fairness.py`, scheme `hmac-sha256-v1`): `new(options, seats, fair=None)` takes
the table's `fairness.Dealer` (the runtime's, whose first seed its lobby committed to) and keeps
it as `state.fair`; every deal — each hand, each shoe, each shuffle inside a hand — is
`state.fair.draw(label, seated players in seat order, pack=, decks=, gathered=)`: the dealer
makes the unshuffled deck itself (whole packs, or the gathered cards in the canonical order),
spends the committed seed, numbers the deal (its nonce) and commits the next seed. Cards leave a deal from
its top (`Deal.take`). A game
- emits `fairness.committed(deal)` when a deal starts after `new` and `fairness.revealed(deal)`
  once nothing more can be dealt from it and nothing it decided is still hidden;
- `deals_in_play(state) -> list[Deal]`: the deals started and not yet revealed (the runtime
  stores their commitments when the table starts, and reveals them when the table ends);
- `view` carries `"commitments"`: the commitments (`Deal.public()`) of the deals in play, never a seed;
- a revealed deal's record (`Deal.record()`: scheme, seed, commitment, client string, nonce, how
  the unshuffled deck was made, that deck and the cards that left it) is all `/verify` needs:
  `fairness.problem(record)` (the deck rebuilt), then `fairness.redeal(record)`.

Optional, where a game needs them:
- `players(state) -> list[int]`: the seated players in seat order (required once started);
- chip games: `refunds(state) -> dict[int, int]` (what each player gets back if the table is
  ended now, once no round is left to settle: stacks plus bets not yet dealt to) and
  `buy_in_range(options) -> (low, high)`;
- `step_key(state) -> str`: what a button must match to be current (by default the state
  version); players acting at the same time (a betting window, Loc's simultaneous plays) share
  one step so they do not stale each other's buttons; only [A-Za-z0-9_.-] characters;
- `lasting_step(state) -> str`: the step of controls that stay good while others move (poker's
  Turn buttons last the street); a button carrying it is current while it matches;
- `seat_range(options) -> (low, high)`: seats needed to start and allowed (default
  MIN_SEATS, MAX_SEATS);
- `history(state, player) -> list[HandRecord]`: the last hands (at most `HISTORY_HANDS`, oldest
  first) that `player` took part in, as they may see them, for `/history`;
- reaction windows (Arcanoid's out-of-turn moves): `reaction_window(state) -> int | None`, the
  seconds of a window open now (None: none). While one is open `pending` may be empty; the
  runtime stores the window's deadline like a turn's (a restart re-arms the full window) and,
  when it passes, applies `{"type": "close_window"}` as `RUNTIME_PLAYER` (never a timeout of
  anyone's). `reactors(state) -> list[int]` are the players who may still act in it (private:
  the runtime only uses it to let computer players react; it is never shown);
- `played_by_computer(state) -> list[int]`: people whose seat a computer plays for now (they
  left, or timed out twice); the runtime moves for them as for its own computer players;
- computer players: an option `bots` (the runtime seats that many players with ids -1, -2, …
  at creation), an option `level` (one of `LEVELS`) and
  `computer_action(state, player, level="normal") -> Action`, played after a short pause
  whenever a computer player is pending. It decides from `player`'s view only, and the same
  view gives the same decision (a `hard` search seeds its randomness from the view:
  `games/search.py`).

A "player" is the int id of the person in the seat (a Discord user id; computer players use
negative ids). Actions are JSON-able dicts with a "type" key, so the action log is plain JSON.
Seats join and leave a running game through the actions `{"type": "join", "stack": n}` and
`{"type": "leave"}`; chips leaving the table are reported with a `cashout` event.
"""

from __future__ import annotations

import dataclasses
import functools
import marshal
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypedDict, TypeVar

Action = dict[str, Any]
HISTORY_HANDS = 10  # hands a game keeps for /history
RUNTIME_PLAYER = 0  # the player id the runtime acts as (closing a reaction window); no Discord id is 0


class DealSeed(TypedDict):
    """A deal as a record names it: its commitment always, its seed only once it is over."""

    label: str  # "hand 4", "shoe 2"
    commitment: str  # the seed's SHA-256, shown when the deal started
    seed: str | None


class HandRecord(TypedDict):
    """One finished hand as a player may see it, for `/history`. Texts name players with
    `mention`; nothing in them may be hidden from that player (others' cards only if shown)."""

    hand: int  # the hand's number at the table, from 1
    deals: list[DealSeed]  # the deals its cards came from: commitments, seeds once revealed
    cards: list[str]  # one line per hand of cards: "You: 7♥ K♠", "Dealer: 10♣ 9♦", "Board: …"
    actions: list[str]  # the moves, in order: "<@1> bets 20", "Computer 2 plays 5♥"
    result: str  # the outcome for this player: "+40 chips", "made garde by 4: +112 points"


def N_(msgid: str) -> str:  # noqa: N802 - gettext's name for a marker
    """Marks a text for the catalogs (`locales/`) without translating it: the rules know no
    language; the Discord side translates the text where it knows its reader."""
    return msgid


def NP_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 - a marker
    """Marks a text's singular and plural forms for the catalogs (an image's words)."""
    return singular, plural


class Text(str):
    """A marked text with its parameters: as a `str` it is the English text (the message id
    filled in), and the Discord side translates it for its reader (`bot.i18n.translated`) from
    `msgid` and `params` (parameters may be Texts themselves, translated in turn). `plural` is
    the message id's plural form and `count` the number choosing between them (`{n}`)."""

    msgid: str
    params: dict[str, Any]
    plural: str | None = None  # most texts have no plural form: kept on the class, not on each
    count: int = 1

    def __new__(cls, msgid: str, /, plural: str | None = None, count: int = 1, **params: Any) -> Text:
        if plural is not None:
            english = (msgid if abs(count) == 1 else plural).format(n=count, **params)
        elif params:
            try:
                english = msgid.format(**params)
            except KeyError:  # a `{n}` without a plural form: the count
                english = msgid.format(n=count, **params)
        else:
            english = msgid
        text = str.__new__(cls, english)
        text.msgid, text.params = msgid, params
        if plural is not None or count != 1:
            text.plural, text.count = plural, count
        return text

    def __reduce__(self) -> Any:  # pickled (to a worker process) with its parameters
        return _text, (self.msgid, self.plural, self.count, self.params)

    def marked(self) -> dict[str, Any]:
        """The text as JSON keeps it (in a view, a stored sheet): `Text.from_marked` reads it."""
        params = {k: v.marked() if isinstance(v, Text) else v for k, v in self.params.items()}
        return {"msgid": self.msgid, "plural": self.plural, "count": self.count, "params": params}

    @classmethod
    def from_marked(cls, data: dict[str, Any]) -> Text:
        params = {k: cls.from_marked(v) if isinstance(v, dict) and "msgid" in v else v
                  for k, v in data.get("params", {}).items()}
        return cls(data["msgid"], plural=data.get("plural"), count=data.get("count", 1), **params)


def _text(msgid: str, plural: str | None, count: int, params: dict[str, Any]) -> Text:
    return Text(msgid, plural=plural, count=count, **params)


class Number(int):
    """A whole number that writes itself the way `language` writes numbers (Babel's locale
    formats: 1 000 in French, with its narrow no-break space), its sign kept: the one place the
    messages (bot.i18n) and the images (renders.words) write a number in a language. English
    keeps Python's own formats ("1000", "1,000" with `,`, "+5" with `+`); so does any format
    other than the whole-number ones below. Babel is imported only when a number is written
    in another language: the rules never write one."""

    language: str

    def __new__(cls, value: int, language: str) -> Number:
        number = super().__new__(cls, value)
        number.language = language
        return number

    def __format__(self, spec: str) -> str:
        if self.language.split("-")[0] == "en" or spec not in _WHOLE_FORMATS:
            return int.__format__(int(self), spec)
        sign = ("+" if self >= 0 else "-") if spec.startswith("+") else ("-" if self < 0 else "")
        return sign + _grouped(abs(int(self)), self.language)

    def __str__(self) -> str:
        return self.__format__("")

    def __reduce__(self) -> Any:
        return Number, (int(self), self.language)


_WHOLE_FORMATS = frozenset(("", "d", "+", "+d", ",", "+,", ",d", "+,d"))


@functools.lru_cache(maxsize=8192)
def _grouped(value: int, language: str) -> str:
    """A whole number (not negative) as a language writes it: kept, since a table draws the same
    stacks, pots and scores again at every move."""
    return _writer(language)(value)


_SAMPLES = (0, 7, 999, 1000, 9999, 12345, 999999, 1234567, 10**12 + 5)


@functools.cache
def _writer(language: str) -> Callable[[int], str]:
    """How a language writes a whole number: Babel's way (30 µs a number), or where that is the
    thousands grouped by threes with one separator (French: a narrow no-break space), the same
    written by Python's own format — checked against Babel's on numbers of every length."""
    from babel.numbers import format_decimal

    locale = language.replace("-", "_")

    def babel(value: int) -> str:
        return format_decimal(value, locale=locale)

    separator = babel(1000)[1:-3]

    def grouped(value: int) -> str:
        return f"{value:,}".replace(",", separator)

    return grouped if separator and all(grouped(v) == babel(v) for v in _SAMPLES) else babel


def Plural(singular: str, plural: str, count: int, /, **params: Any) -> Text:  # noqa: N802 - a marker
    """A marked text with a plural form, chosen by `count` (`{n}` in the texts)."""
    return Text(singular, plural=plural, count=count, **params)


class IllegalAction(Exception):
    """A refused move. `reason` is said to the player as it is (English); when it is a marked
    `Text`, `text` keeps it so that the Discord side says it in the player's language."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason  # a marked Text keeps its message id and parameters (still the English `str`)


@dataclass(frozen=True)
class Event:
    """Something that happened, for the runtime and the messages. `data` is JSON-able."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class SeatSpec:
    player: int
    stack: int = 0


# The seats that are no Discord member, by id: computer players -1 … -99, Arcanoid's daemons
# -101 … (named after their master when the table knows it), the GAZA seat.
DAEMON_IDS = range(-199, -100)
USA_ID = -200


def seat_name(player: int) -> str:
    """The name of a seat no member's name is known for: the one place that knows how every kind
    of seat is called when nothing better is known (never an id)."""
    if player == USA_ID:
        return "USA"
    if player in DAEMON_IDS:
        return Text(N_("a daemon"))
    if player < 0:
        return Text(N_("Computer {number}"), number=-player)
    return Text(N_("A player"))  # a member the bot no longer knows: never their id


def has_person(players: Iterable[int]) -> bool:
    """Whether a person (not one of the bot's own seats, ids < 0) is among these players:
    computers never play a hand among themselves alone."""
    return any(p > 0 for p in players)


class SeatNames(dict[int, str]):
    """A table's names by player id that names any seat it does not list (`seat_name`), through
    `[]` and `get` alike, so no caller can show an id for a name."""

    def __missing__(self, player: int) -> str:
        return seat_name(player)

    def get(self, player: Any, default: Any = None) -> Any:  # type: ignore[override]
        try:
            return self[int(player)]
        except (TypeError, ValueError):
            return default


def mention(player: int) -> str:
    """A player as game texts name them: a Discord mention, or the seat's name for the bot's
    own seats (computers, daemons, the USA)."""
    return seat_name(player) if player < 0 else f"<@{player}>"


def plural(count: int, word: str, many: str | None = None, signed: bool = False) -> str:
    """"1 card", "2 cards", "0 cards": the count and the word, in the form the count takes
    (`many` for words whose plural is not word + "s"); `signed` writes a gain or loss, "+1 chip",
    "-20 chips"."""
    number = f"{count:+}" if signed else str(count)
    return f"{number} {word if abs(count) == 1 else many or word + 's'}"


def capitalised(text: str) -> str:
    """Text made to start a sentence ("a dead hand…" → "A dead hand…")."""
    return text[:1].upper() + text[1:]


def seat_handover(robots: list[int], player: int) -> Action:
    """The move that hands a person's seat to a computer for now (`sitout`: the runtime makes it
    after two timeouts in a row) or takes it back (`sitin`), for a game whose seats cannot sit a
    round out (French Tarot, Tarot Rummy): `robots` are the people a computer plays for."""
    return {"type": "sitin"} if player in robots else {"type": "sitout"}


def hand_over_seat(robots: list[int], player: int, kind: str) -> Event:
    """`seat_handover`'s move made: the person added to `robots`, or taken off."""
    require(player > 0, N_("a computer player plays its own seat"))
    if kind == "sitin":
        require(player in robots, N_("you play your own seat"))
        robots.remove(player)
        return Event("sitin", {"player": player})
    require(player not in robots, N_("a computer already plays your seat"))
    robots.append(player)
    return Event("sitout", {"player": player, "computer": True})


def cashout(player: int, amount: int) -> Event:
    """Chips leaving the table for the player's wallet."""
    return Event("cashout", {"player": player, "amount": amount})


def options_dict(options: Any) -> dict[str, Any]:
    """A game's options as `to_dict` writes them. Options are frozen, so each set is read into
    a dict once and copied from then on (every move writes them)."""
    try:
        return dict(_options_items(options))
    except TypeError:  # options holding something unhashable: read afresh
        return dataclasses.asdict(options)


@functools.lru_cache(maxsize=1024)
def _options_items(options: Any) -> tuple[tuple[str, Any], ...]:
    return tuple(dataclasses.asdict(options).items())


def flat_dict(record: Any) -> dict[str, Any]:
    """A dataclass whose fields all hold scalars (numbers, text, booleans, None) as a dict: what
    `dataclasses.asdict` gives for it, without its deep walk (its field names read once per class)."""
    return {name: getattr(record, name) for name in _field_names(type(record))}


@functools.lru_cache(maxsize=256)
def _field_names(kind: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(kind))


def plain_copy(value: Any) -> Any:
    """A copy of plain JSON-like data (dicts, lists, scalars): what `to_dict` and `from_dict`
    copy, several times quicker than `copy.deepcopy` — done by `marshal` in C (exact for such
    data: types, key order and floats' bits kept), else walked here."""
    if isinstance(value, (dict, list)):
        try:
            return marshal.loads(marshal.dumps(value))
        except ValueError:  # something marshal cannot write (an object): copied by the walk below
            pass
    return _walked_copy(value)


def _walked_copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _walked_copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_walked_copy(item) for item in value]
    return value


LEVELS = ("easy", "normal", "hard")  # the computer players' strengths (docs/computers.md)


def check_level(level: object) -> None:
    """The `level` option of a game with computer players."""
    require(level in LEVELS, N_("level must be easy, normal or hard"))


def require(condition: bool, reason: str, /, *, plural: str | None = None, count: int = 1, **params: Any) -> None:
    """Refuses the move (`IllegalAction`) unless `condition` holds. `reason` is a marked text
    (`N_`) with its `params` (and a `plural` form chosen by `count`, as `Plural`), made a `Text`
    only when the move is refused: a check runs at every move and every listing of the legal
    moves, its reason is rarely said. A reason made already (a `Text`) is given as it is; a bare
    reason (no parameters), refused at every listing of the legal moves, is made once."""
    if not condition:
        if isinstance(reason, Text):
            raise IllegalAction(reason)
        if plural is None and not params:
            raise IllegalAction(_bare(reason))
        raise IllegalAction(Text(reason, plural=plural, count=count, **params))


@functools.lru_cache(maxsize=1024)
def _bare(msgid: str) -> Text:
    return Text(msgid)


def allowed(check: Callable[[], object]) -> bool:
    """Whether a verification passes (it raises IllegalAction when the move is not allowed)."""
    try:
        check()
    except IllegalAction:
        return False
    return True


class HasPlayer(Protocol):
    player: int


SeatT = TypeVar("SeatT", bound=HasPlayer)


def find_seat(seats: Iterable[SeatT], player: int) -> SeatT | None:
    return next((s for s in seats if s.player == player), None)


def seat_of(seats: Iterable[SeatT], player: int) -> SeatT:
    """The player's seat; refused when they have none."""
    seat = find_seat(seats, player)
    if seat is None:
        raise IllegalAction(Text(N_("you are not seated at this table")))
    return seat


# The amounts a refusal names (marked).
AMOUNT_WORDS = {"amount": N_("the amount"), "bet": N_("the bet"), "raise": N_("the raise"), "buy-in": N_("the buy-in"),
                "stack": N_("the stack")}


def _amount_word(what: str) -> str:
    return Text(AMOUNT_WORDS[what]) if what in AMOUNT_WORDS else f"the {what}"


def parse_amount(value: Any, what: str = "amount") -> int:
    """A whole, positive chip amount from an action field; a clear refusal otherwise."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise IllegalAction(Text(N_("{what} must be a whole number of chips"), what=_amount_word(what)))
    try:
        amount = int(value)
    except ValueError:
        raise IllegalAction(Text(N_("{what} must be a whole number of chips, not {value}"), what=_amount_word(what),
                                 value=repr(value))) from None
    if amount <= 0:
        raise IllegalAction(Text(N_("{what} must be more than zero"), what=_amount_word(what)))
    return amount
