"""The computer player of Arcanoid. It decides from its seat's view alone (its own hand, what
is on the table, the counts), so it cannot cheat, and it plays with purpose:

- it commits a strong force where it beats what is already there, and lowers its demands as
  the deck runs down; couples and the World go where they win at once, the imperial couple on
  the two most contested battlefields;
- it uses a power when it pays: the free looks and Justice (they play again), Strength, the
  Devil (a second army), the Star/Moon/Sun to call the partner of a half couple or a big card,
  the Tower on the strongest enemy force where it is losing, Judgment on a rival's open field
  where that rival could beat it, the Fool on a commitment worth stealing;
- otherwise it discards the card it needs least (cards of a battlefield it has finished with
  first), and abdicates only when it holds nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from games.arcanoid.battle import (
    ABDICATION,
    EMPEROR,
    EMPRESS,
    FIELD_SUIT,
    FIELDS,
    FOOL,
    FORCE,
    IMPERIAL,
    JUDGMENT,
    LOVERS,
    MAGICIAN,
    SUN,
    TIER,
    TOWER,
    WORLD,
    form_of,
    strength_key,
)
from games.cards import KING, KNIGHT, PAGE, QUEEN, Card, card, from_codes

Action = dict[str, Any]
Key = tuple[float, ...]
Worth = Callable[[Key, Key], Any]  # how good our best key is against the strongest other (None: not here)
STEAL_WORTH = 12.0  # a force worth taking with the Fool
TOWER_WORTH = 16.0  # an enemy force worth destroying
EAGER_POWERS = (2, 5, 8, 11, 15)  # High Priestess, Hierophant, Justice, Strength, the Devil


def choose(view: dict[str, Any], level: str = "normal") -> Action:
    """The normal player's move (`easy`: `choose_easy`'s; `hard` is games/arcanoid/hard.py)."""
    if level == "easy":
        return choose_easy(view)
    phase = view["phase"]
    me = view["me"]
    if phase == "vote":
        return {"type": "vote", "refill": _wants_refill(view)}
    if phase == "choice":
        return _finish_choice(view)
    if phase == "window":
        return _react(view, me)
    return _turn(view)


def _react(view: dict[str, Any], me: dict[str, Any] | None) -> Action:
    """The Fool on a commitment worth stealing, our own first, else a daemon's we are master of
    (its wins are ours); else a Hermit's move out of turn where it pays; otherwise let it stand."""
    if me is None:
        return {"type": "pass"}
    if _worth_stealing(view):
        if "fool" in me["reactions"]:
            return {"type": "fool"}
        if me["fool_daemons"]:
            return {"type": "fool", "seat": me["fool_daemons"][0]}
    hermits = ([me["player"]] if "hermit" in me["reactions"] else []) + me["hermit_daemons"]
    for player in hermits:
        move = _hermit_move(view, next(s for s in view["seats"] if s["player"] == player))
        if move is not None:
            return move if player == me["player"] else {**move, "seat": player}
    return {"type": "pass"}


def _hermit_move(view: dict[str, Any], seat: dict[str, Any]) -> Action | None:
    """A Hermit's extra move (ours or our daemon's) only when it pays: a commitment that wins
    where it goes, or the Tower or Judgment on a rival (never on our own side: our daemon's and
    master's forces count as ours), never a discard."""
    pool = _pool(view, seat)
    open_fields = [f for f in FIELDS if f not in seat["fields"]]
    for decide in (_great_commit, _attack, _good_commit):
        move = decide(view, seat, pool, open_fields)
        if move is not None:
            return move
    return None


def _wants_refill(view: dict[str, Any]) -> bool:
    """A second deck only helps a player still building: several battlefields open and
    little in hand to fight with."""
    me = next((s for s in view["seats"] if s["player"] == view["me"]["player"]), None)
    if me is None or me["finished"] or view["refills"] > 0:
        return False
    open_fields = [f for f in FIELDS if f not in me["fields"]]
    if len(open_fields) < 2:
        return False
    pool = _pool(view, me)
    strong = [f for f in open_fields if any(k[0] > TIER[FORCE] or k[1] >= 15 for k, _ in _options(view, me, pool, f)[:1])]
    return len(strong) < len(open_fields) - 1


def timeout_move(view: dict[str, Any]) -> Action:
    """The idle player's move: the lowest numeric card goes, else any card, else the first open
    battlefield is abdicated; a vote agrees; a pending choice keeps the best cards."""
    phase = view["phase"]
    if phase == "vote":
        return {"type": "vote", "refill": True}
    if phase == "choice":
        return _finish_choice(view)
    if phase == "window":
        return {"type": "pass"}
    seat = _acting_seat(view)
    hand = from_codes(seat["hand"] or []) + from_codes(seat["visible"])
    if hand:
        numeric = [c for c in hand if not c.is_major and c.rank <= 10]
        lowest = min(numeric or hand, key=lambda c: (c.is_major, c.rank))
        return {"type": "discard", "card": lowest.face.code}
    return {"type": "commit", "field": next(f for f in FIELDS if f not in seat["fields"]), "cards": []}


# --- reading the view ----------------------------------------------------------------------


def _acting_seat(view: dict[str, Any]) -> dict[str, Any]:
    if view["phase"] == "choice":
        wanted = view["choice"]["seat"]
    elif view["phase"] == "play":
        wanted = view["turn"]
    else:
        wanted = view["me"]["player"]
    return next(s for s in view["seats"] if s["player"] == wanted)


def _pool(view: dict[str, Any], seat: dict[str, Any]) -> list[Card]:
    return from_codes(seat["hand"] or []) + from_codes(seat["visible"]) + from_codes(view["justice"] or [])


def _memo(view: dict[str, Any], key: tuple[Any, ...], work: Any) -> Any:
    """One decision reads the same battlefield several times: worked out once (the view is
    this decision's own copy)."""
    cache = view.setdefault("_ai", {})
    if key not in cache:
        cache[key] = work()
    return cache[key]


def _best_against(view: dict[str, Any], seat: dict[str, Any], field: str) -> tuple[tuple[float, ...], Any]:
    return _memo(view, ("against", seat["player"], field), lambda: _strongest_other(view, seat, field))


def _strongest_other(view: dict[str, Any], seat: dict[str, Any], field: str) -> tuple[tuple[float, ...], Any]:
    """The strongest visible commitment of anyone else (not our own daemon or master) on a
    battlefield: (key, seat player)."""
    best: tuple[float, ...] = (-1.0,)
    owner = None
    friends = {seat["player"], seat["controller"]}
    for other in view["seats"]:
        if other["player"] in friends or other["controller"] in friends:
            continue
        commit = other["fields"].get(field)
        if commit is None:
            continue
        if commit["form"] == "secret":
            key: tuple[float, ...] = (TIER[FORCE], 10.0 + 2 * commit["count"], 0, 0)
        else:
            linked = other["fields"][commit["linked"]] if commit["linked"] else commit
            key = _shown_key(commit["form"], tuple(linked["cards"]))
        if key > best:
            best, owner = key, other["player"]
    return best, owner


def _stage(view: dict[str, Any]) -> float:
    """How late it is in the round: 0 with a full deck, 1 with none left to draw."""
    if view["no_refill"] and view["deck"] == 0:
        return 1.0
    return max(0.0, 1.0 - view["deck"] / 48.0)


# --- the turn ------------------------------------------------------------------------------


def _turn(view: dict[str, Any]) -> Action:
    seat = _acting_seat(view)
    pool = _pool(view, seat)
    open_fields = [f for f in FIELDS if f not in seat["fields"]]
    for decide in (_eager_power, _great_commit, _attack, _good_commit, _call):
        move = decide(view, seat, pool, open_fields)
        if move is not None:
            return move
    own = from_codes(seat["hand"] or []) + from_codes(seat["visible"])
    if own and not (view["deck"] == 0 and view["no_refill"]):
        return {"type": "discard", "card": _least_needed(view, seat, own).face.code}
    move = _last_resort(view, seat, pool, open_fields)
    if move is not None:
        return move
    if own:
        return {"type": "discard", "card": _least_needed(view, seat, own).face.code}
    return {"type": "commit", "field": _weakest_field(view, seat, open_fields), "cards": []}


def _majors(pool: list[Card]) -> set[int]:
    return {c.rank for c in pool if c.suit is None}  # majors have no suit (cheaper than is_major, read often)


def _eager_power(view: dict[str, Any], seat: dict[str, Any], pool: list[Card], open_fields: list[str]) -> Action | None:
    if seat["kind"] != "player":
        return None
    held = _majors(pool)
    others = [s for s in view["seats"] if s["player"] != seat["player"]]
    for number in EAGER_POWERS:
        if number not in held:
            continue
        play: Action = {"type": "play", "arcanum": str(number)}
        if number == 2 and others:
            rival = max(others, key=lambda s: (s["hand_count"], s["player"]))
            return {**play, "target": rival["player"]}
        if number == 5:
            return {**play, "call": "fool"}
        if number == 8 and view["justice"] is None and view["deck"] >= 6:
            return play
        if number == 11 and view["deck"] >= 2:
            return {**play, "option": "hidden"}
        if number == 15 and view["deck"] >= 6:
            return play
    return None


def _options(view: dict[str, Any], seat: dict[str, Any], pool: list[Card], field: str) -> list[tuple[tuple[float, ...], list[Card]]]:
    return _memo(view, ("options", seat["player"], field), lambda: _find_options(view, seat, pool, field))


def _find_options(view: dict[str, Any], seat: dict[str, Any], pool: list[Card], field: str) -> list[tuple[tuple[float, ...], list[Card]]]:
    """The strongest commitments we could make on a battlefield, each as (key, cards)."""
    suit = FIELD_SUIT[field]
    tempered = view["temperance"]
    if tempered is not None and tempered["field"] == field and (
            tempered["owner"] != seat["player"] or view["variant"] != "DRESDEN"):
        return []
    majors, minors = _memo(view, ("split", seat["player"]), lambda: _split(pool))
    numerics = [c for c in minors if c.suit == suit and c.rank <= 10]
    courts = {c.rank: c for c in minors if c.suit == suit and c.rank >= PAGE}
    found: list[list[Card]] = []
    if WORLD in majors and field not in view["touched"]:
        found.append([majors[WORLD]])
    if EMPRESS in majors and EMPEROR in majors:
        found.append([majors[EMPRESS], majors[EMPEROR]])
    if QUEEN in courts and KING in courts:
        found.append([courts[QUEEN], courts[KING]])
    if LOVERS in majors:
        partner = next((majors[n] for n in (EMPRESS, EMPEROR) if n in majors), None)
        partner = partner or next((courts[r] for r in (PAGE, KNIGHT, QUEEN, KING) if r in courts), None)
        if partner is not None:
            found.append([majors[LOVERS], partner])
    for rank in (KNIGHT, PAGE):
        if rank in courts:
            found.append([courts[rank]])
    if numerics:
        found.append(numerics)
        if MAGICIAN in majors and view["variant"] != "MALTA*":
            others = [c for c in pool if not c.is_major and c.suit != suit and c.rank <= 10]
            if others:
                found.append([*numerics, max(others, key=lambda c: c.rank), majors[MAGICIAN]])
    result = []
    for cards in found:
        key = _option_key(tuple(c.code for c in cards), suit)
        if key is not None:
            result.append((key, cards))
    result.sort(key=lambda kc: kc[0], reverse=True)
    return result


# The same cards come back at decision after decision of a round (and of a searching player's
# imagined rounds): their strength is worked out once, by their notations.
@lru_cache(maxsize=8192)
def _option_key(codes_: tuple[str, ...], suit: str) -> tuple[float, ...] | None:
    """The strength of these cards committed on a battlefield of `suit` (None: no commitment)."""
    cards = from_codes(codes_)
    form = form_of(cards, suit)
    return None if form is None else strength_key(form, cards)


@lru_cache(maxsize=8192)
def _shown_key(form: str, codes_: tuple[str, ...]) -> tuple[float, ...]:
    """The strength of a commitment on the table, of that form."""
    return strength_key(form, from_codes(codes_))


def _split(pool: list[Card]) -> tuple[dict[int, Card], list[Card]]:
    """A seat's cards as its majors by number and its minors (read once for every battlefield)."""
    return {c.rank: c for c in pool if c.suit is None}, [c for c in pool if c.suit is not None]


def _commit(field: str, cards: list[Card], second: str | None = None) -> Action:
    action: Action = {"type": "commit", "field": field, "cards": [c.face.code for c in cards]}
    if second is not None:
        action["second"] = second
    return action


def _great_commit(view: dict[str, Any], seat: dict[str, Any], pool: list[Card], open_fields: list[str]) -> Action | None:
    """The World, the imperial couple and couples win where nothing as strong stands."""
    ranked = []
    for field in open_fields:
        for key, cards in _options(view, seat, pool, field)[:1]:
            against, _ = _best_against(view, seat, field)
            if key[0] >= TIER["illegitimate"] and key > against:
                ranked.append((key, _contest(view, seat, field), field, cards))
    if not ranked:
        return None
    key, _, field, cards = max(ranked, key=lambda r: (r[0], r[1]))
    second = None
    if form_of(cards) == IMPERIAL and len(open_fields) > 1:
        rest = sorted((f for f in open_fields if f != field and _options(view, seat, pool, f)),  # not a tempered field
                      key=lambda f: -_contest(view, seat, f))
        second = rest[0] if rest else None
    return _commit(field, cards, second)


def _contest(view: dict[str, Any], seat: dict[str, Any], field: str) -> float:
    against, _ = _best_against(view, seat, field)
    return against[0] * 100 + (against[1] if len(against) > 1 else 0)


def _need(view: dict[str, Any], seat: dict[str, Any], open_fields: list[str]) -> float:
    """The force worth committing now: high early, lower as the deck runs down and fields fill."""
    stage = _stage(view)
    return 17.0 - 10.0 * stage - 2.0 * (4 - len(open_fields))


def _good_commit(view: dict[str, Any], seat: dict[str, Any], pool: list[Card], open_fields: list[str]) -> Action | None:
    """A force that beats what stands and is worth its cards now; the widest margin first."""
    need = _need(view, seat, open_fields)

    def margin(key: Key, against: Key) -> float | None:
        if key <= against or key[0] != TIER[FORCE] or key[1] < need:
            return None
        return key[1] - (against[1] if len(against) > 1 else 0)

    return _best_commit(view, seat, pool, open_fields, margin)


def _best_commit(view: dict[str, Any], seat: dict[str, Any], pool: list[Card], open_fields: list[str],
                 worth: Worth) -> Action | None:
    """Our strongest commitment on the battlefield where `worth(our key, the strongest other
    key)` is highest (the first such field on a tie); `worth` None leaves a field out."""
    best = None
    for field in open_fields:
        options = _options(view, seat, pool, field)
        if not options:
            continue
        key, cards = options[0]
        against, _ = _best_against(view, seat, field)
        score = worth(key, against)
        if score is not None and (best is None or score > best[0]):
            best = (score, field, cards)
    return None if best is None else _commit(best[1], best[2])


def _attack(view: dict[str, Any], seat: dict[str, Any], pool: list[Card], open_fields: list[str]) -> Action | None:
    """The Tower on the strongest enemy force where it is ahead; Judgment on a rival's open
    battlefield where we stand to win."""
    held = _majors(pool)
    if seat["kind"] == "usa":
        return None
    if TOWER in held:
        best = None
        for field in FIELDS:
            against, owner = _best_against(view, seat, field)
            target = next((s for s in view["seats"] if s["player"] == owner), None)
            if target is None or target["finished"] or target["complete"]:
                continue
            form = target["fields"][field]["form"]
            if form in (ABDICATION, "judgment", "world"):
                continue
            worth = against[0] > TIER[FORCE] or (len(against) > 1 and against[1] >= TOWER_WORTH)
            if worth and (best is None or against > best[0]):
                best = (against, owner, field)
        if best is not None:
            return {"type": "play", "arcanum": str(TOWER), "target": best[1], "field": best[2]}
    if JUDGMENT in held:
        mine = [f for f, c in seat["fields"].items() if c["form"] not in (ABDICATION, "judgment")]
        for field in mine:
            rivals = [s for s in view["seats"] if s["kind"] == "player" and s["controller"] != seat["controller"]
                      and not s["finished"] and field not in s["fields"]]
            if rivals:
                rival = max(rivals, key=lambda s: (view["scores"].get(str(s["player"]), 0), s["hand_count"]))
                return {"type": "play", "arcanum": str(JUDGMENT), "target": rival["player"], "field": field}
    return None


def _call(view: dict[str, Any], seat: dict[str, Any], pool: list[Card], open_fields: list[str]) -> Action | None:
    """The Star, Moon or Sun calls the partner of a half couple, else a big card for an open
    battlefield we are building."""
    callers = [n for n in (17, 18, 19) if n in _majors(pool)]
    if not callers or seat["kind"] == "usa":
        return None
    wanted = _wanted_card(view, seat, pool, open_fields, allow_major=callers[-1] == SUN)
    if wanted is None:
        return None
    return {"type": "play", "arcanum": str(callers[-1]), "call": wanted.code}


def _wanted_card(view: dict[str, Any], seat: dict[str, Any], pool: list[Card], open_fields: list[str],
                 allow_major: bool) -> Card | None:
    have = {c.face for c in pool}
    majors = _majors(pool)
    if allow_major and (EMPRESS in majors) != (EMPEROR in majors):
        return Card(None, EMPEROR if EMPRESS in majors else EMPRESS)
    for field in open_fields:
        suit = FIELD_SUIT[field]
        queen, king = Card(suit, QUEEN), Card(suit, KING)
        if (queen in have) != (king in have):
            return king if queen in have else queen
    for field in open_fields:
        for rank in (KNIGHT, 10, 9):
            wanted = Card(FIELD_SUIT[field], rank)
            if wanted not in have:
                return wanted
    return None


def _last_resort(view: dict[str, Any], seat: dict[str, Any], pool: list[Card], open_fields: list[str]) -> Action | None:
    """The deck is spent: commit the best there is where it does most (where it wins, else
    the strongest we have)."""
    return _best_commit(view, seat, pool, open_fields, lambda key, against: (1 if key > against else 0, key))


def _weakest_field(view: dict[str, Any], seat: dict[str, Any], open_fields: list[str]) -> str:
    return max(open_fields, key=lambda f: (_best_against(view, seat, f)[0], -FIELDS.index(f)))


def _least_needed(view: dict[str, Any], seat: dict[str, Any], own: list[Card]) -> Card:
    open_suits = {FIELD_SUIT[f] for f in FIELDS if f not in seat["fields"]}

    def worth(c: Card) -> tuple[int, int]:
        if c.is_major:
            return (2 if c.rank in (FOOL, WORLD, EMPRESS, EMPEROR, LOVERS, TOWER, JUDGMENT, MAGICIAN) else 0, c.rank)
        if c.suit not in open_suits:
            return (-1, c.rank)
        return (1, c.rank)

    return min(own, key=worth)


def _worth_stealing(view: dict[str, Any]) -> bool:
    """A force of a rival (not our own, nor our daemon's, nor our master's) worth its Fool."""
    window = view["window"]
    victim = next((s for s in view["seats"] if s["player"] == window["after"]), None)
    if victim is None or window["field"] not in victim["fields"] or victim["controller"] == view["me"]["player"]:
        return False
    commit = victim["fields"][window["field"]]
    if commit["form"] == "secret":
        return commit["count"] >= 2
    cards = from_codes(commit["cards"])
    return commit["form"] == FORCE and strength_key(FORCE, cards)[1] >= STEAL_WORTH


def _finish_choice(view: dict[str, Any]) -> Action:
    choice = view["choice"]
    seat = _acting_seat(view)
    if "discard" in choice:
        own = from_codes(seat["hand"] or [])
        let_go = []
        for _ in range(choice["discard"]):
            c = _least_needed(view, seat, own)
            own.remove(c)
            let_go.append(c.face.code)
        return {"type": "wheel", "cards": let_go}
    pool = _pool(view, seat)
    open_fields = [f for f in FIELDS if f not in seat["fields"]]
    wanted = _wanted_card(view, seat, pool, open_fields, allow_major=False)
    tried = view["reveal"]["call"] if view["reveal"] else None
    if wanted is None or wanted.code == tried:
        return {"type": "call", "card": None}
    return {"type": "call", "card": wanted.code}


# --- the easy player ------------------------------------------------------------------------

EASY_FORCE = 15.0  # the force the easy player waits for, however late it is


def choose_easy(view: dict[str, Any]) -> Action:
    """A newcomer's game: it commits its strongest cards on the first battlefield where they
    look strong, without weighing what the others put there, never uses a power, never reacts
    out of turn, and discards its smallest card while it waits; once the deck is spent for good
    it puts down what it has."""
    if view["phase"] != "play":
        return timeout_move(view)  # agrees to a refill, lets every window close
    seat = _acting_seat(view)
    pool = _pool(view, seat)
    open_fields = [f for f in FIELDS if f not in seat["fields"]]
    spent = view["deck"] == 0 and view["no_refill"]
    for field in open_fields:
        options = _options(view, seat, pool, field)
        if options and (spent or options[0][0][0] > TIER[FORCE] or options[0][0][1] >= EASY_FORCE):
            return _commit(field, options[0][1], _easy_second(view, seat, pool, field, options[0][1]))
    own = from_codes(seat["hand"] or []) + from_codes(seat["visible"])
    if own:
        return {"type": "discard", "card": min(own, key=_easy_worth).face.code}
    return {"type": "commit", "field": open_fields[0], "cards": []}


def _easy_second(view: dict[str, Any], seat: dict[str, Any], pool: list[Card], field: str,
                 cards: list[Card]) -> str | None:
    """The imperial couple's second battlefield: the next open one it may go to."""
    if form_of(cards) != IMPERIAL:
        return None
    return next((f for f in FIELDS if f != field and f not in seat["fields"]
                 and _options(view, seat, pool, f)), None)


def _easy_worth(c: Card) -> tuple[int, int]:
    """The easy player's order of letting go: small numbers first, then courts, then the powers
    it never uses; the couples' majors and the World last."""
    if c.is_major:
        return (3 if c.rank in (WORLD, EMPRESS, EMPEROR, LOVERS) else 2, c.rank)
    return (1 if c.is_court else 0, c.rank)


__all__ = ["choose", "choose_easy", "timeout_move", "card"]
