"""The powers of the major arcana played as moves of their own (rules/arcanoid.md and the
source, "The effect of the major arcana"). Each `play_*` checks everything first and raises
IllegalAction with nothing changed, then acts and says how the move concludes (`Outcome`).

The majors committed on a battlefield (the Magician, Empress, Emperor, Lovers, the World) are
forms of a commitment (`battle.form_of`, `rules._commit`); the Fool and the Hermit act out of
turn (`rules`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.arcanoid.battle import (
    ABDICATION,
    ARCANA,
    CHARIOT,
    DEATH,
    DEVIL,
    FIELD_SUIT,
    FIELDS,
    FOOL,
    HANGED_MAN,
    HERMIT,
    HIEROPHANT,
    JUDGMENT,
    JUDGMENT_FORM,
    JUSTICE,
    MOON,
    PRIESTESS,
    STAR,
    STRENGTH,
    SUN,
    TEMPERANCE,
    TOWER,
    WHEEL,
    WORLD,
    WORLD_FORM,
    field_word,
)
from games.arcanoid.model import (
    DAEMON,
    DAEMON_BASE,
    HAND_SIZE,
    MECHANICAL,
    Commitment,
    Seat,
    State,
    draw,
    next_order,
    refill_justice,
    remove_from_play,
    remove_temperance,
    throw,
    top_up,
)
from games.base import N_, Action, Event, IllegalAction, Text, require
from games.cards import Card, CardParseError, parse_card

HERMIT_MOVES = 3
WHEEL_DRAW = 5
HIEROPHANT_CALLS = (*FIELDS, "trumps", "fool")
CALLS = {STAR: 1, MOON: 2, SUN: 3}
UNCALLABLE = (JUDGMENT, WORLD, FOOL)


@dataclass
class Outcome:
    """How a move ends: `again` the player moves again (High Priestess, Hierophant, Justice);
    `committed` the battlefield of a committing move (a reaction window opens after it); `hold`
    the move waits for a further choice by the same player (the Wheel's discards, a second call);
    `holder` the seat whose battlefield took the commitment when it is not the mover's (Judgment)."""

    again: bool = False
    committed: str | None = None
    holder: int | None = None
    hold: bool = False
    stealable: list[Card] | None = None  # the committed cards the Fool may try to take


def arcanum_of(value: Any) -> int:
    """The major an action names: `"16"`, 16, `"the tower"`."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 21:
        return value
    require(isinstance(value, str) and bool(value.strip()), N_("name an arcanum, e.g. 16 or the Tower"))
    try:
        found = parse_card(value.strip())
    except CardParseError as error:
        raise IllegalAction(error.text) from None
    require(found.is_major, N_('{code} is not a major arcanum'), code=found.code)
    # the parser names 8 Strength and 11 Justice (RWS); Arcanoid numbers them the other way
    text = value.strip().lower()
    if "strength" in text or "justice" in text:
        return STRENGTH if "strength" in text else JUSTICE
    return found.rank


def held_major(state: State, seat: Seat, number: int) -> Card:
    for pool in (seat.hand, seat.visible, state.justice or []):
        for c in pool:
            if c.is_major and c.rank == number:
                return c
    raise IllegalAction(Text(N_('{arcana} ({number}) is not in your hand'), arcana=ARCANA[number], number=number))


def spend(state: State, seat: Seat, c: Card, to_discard: bool = True) -> None:
    for pool in (seat.hand, seat.visible, state.justice or []):
        if c in pool:
            pool.remove(c)
            break
    if to_discard:
        throw(state, [c])


def target_seat(state: State, value: Any, what: str = "target") -> Seat:
    require(isinstance(value, int) and not isinstance(value, bool), N_('name the {what} player'), what=what)
    found = state.seat(value)
    require(found is not None, N_('there is no player {value} at this table'), value=value)
    return found  # type: ignore[return-value]


def field_of(value: Any) -> str:
    require(isinstance(value, str) and value.lower() in FIELDS,
            N_('name a battlefield: {choices}'), choices=', '.join(FIELDS))
    return value.lower()


# --- the powers ----------------------------------------------------------------------------


def play_priestess(state: State, seat: Seat, c: Card, action: Action, events: list[Event]) -> Outcome:
    target = target_seat(state, action.get("target"))
    require(target is not seat, N_("the High Priestess looks at another player's hand"))
    spend(state, seat, c)
    seat.looks.append({"round": state.round, "by": "priestess", "player": target.player,
                       "cards": [x.code for x in target.hand]})
    events.append(Event("looked", {"player": seat.controller, "seat": seat.player, "target": target.player}))
    return Outcome(again=True)


def play_hierophant(state: State, seat: Seat, c: Card, action: Action, events: list[Event]) -> Outcome:
    call = action.get("call")
    require(isinstance(call, str) and call.lower() in HIEROPHANT_CALLS,
            N_('call one of {choices}'), choices=', '.join(HIEROPHANT_CALLS))
    call = call.lower()
    spend(state, seat, c)
    shown = {}
    for other in state.seats:
        if other.kind == MECHANICAL:
            other.shown = list(other.hand)
        cards_ = [x.code for x in other.hand if _called(x, call)]
        if cards_:
            shown[str(other.player)] = cards_
    state.reveal = {"by": seat.player, "call": call, "shown": shown}
    events.append(Event("revealed", dict(state.reveal)))
    return Outcome(again=True)


def _called(c: Card, call: str) -> bool:
    if call == "fool":
        return c.is_major and c.rank == FOOL
    if call == "trumps":
        return c.is_major and c.rank != FOOL
    return c.suit == FIELD_SUIT[call]


def play_chariot_is_a_move(*_: Any) -> Outcome:  # pragma: no cover - see rules._chariot
    raise IllegalAction(Text(N_("the Chariot is played with /arcanoid chariot")))


def play_justice(state: State, seat: Seat, c: Card, action: Action, events: list[Event]) -> Outcome:
    require(state.justice is None, N_("Justice's row is already on the table"))
    spend(state, seat, c, to_discard=False)
    state.aside.append(c)
    state.justice = []
    refill_justice(state)
    events.append(Event("justice", {"seat": seat.player, "row": [x.code for x in state.justice]}))
    return Outcome(again=True)


def play_hermit(state: State, seat: Seat, c: Card, action: Action, events: list[Event]) -> Outcome:
    require(seat.kind != MECHANICAL, N_("the USA plays no arcana"))
    spend(state, seat, c, to_discard=False)
    seat.hermit, seat.hermit_moves = c, HERMIT_MOVES
    events.append(Event("hermit", {"seat": seat.player}))
    return Outcome()


def play_wheel(state: State, seat: Seat, c: Card, action: Action, events: list[Event]) -> Outcome:
    spend(state, seat, c)
    seat.hand += draw(state, WHEEL_DRAW)
    events.append(Event("wheel", {"seat": seat.player}))
    excess = len(seat.hand) - seat.limit
    if excess > 0:
        state.choice = {"seat": seat.player, "discard": excess}
        return Outcome(hold=True)
    return Outcome()


def choose_wheel(state: State, seat: Seat, action: Action) -> None:
    """The Wheel's second half: the cards the player lets go (checked before anything moves)."""
    wanted = action.get("cards")
    count = state.choice["discard"]  # type: ignore[index]
    require(isinstance(wanted, list) and all(isinstance(x, str) for x in wanted),
            N_('name the {number} cards you discard'), number=count)
    faces = []
    for code in wanted:
        try:
            faces.append(parse_card(code).face)
        except CardParseError as error:
            raise IllegalAction(error.text) from None
    require(len(faces) == count, N_('discard exactly {number} cards'), number=count)
    pool = list(seat.hand)
    chosen = []
    for face in faces:
        match = next((x for x in pool if x.face == face), None)
        require(match is not None, N_('{code} is not in your hand'), code=face.code)
        pool.remove(match)  # type: ignore[arg-type]
        chosen.append(match)
    for x in chosen:
        seat.hand.remove(x)  # type: ignore[arg-type]
    throw(state, chosen)  # type: ignore[arg-type]
    state.choice = None


def play_strength(state: State, seat: Seat, c: Card, action: Action, events: list[Event]) -> Outcome:
    option = action.get("option")
    require(option in ("visible", "hidden"), N_("choose Strength's option: visible (two cards) or hidden (one)"))
    spend(state, seat, c, to_discard=False)
    state.aside.append(c)
    if option == "visible":
        seat.visible += draw(state, 2)
    else:
        seat.hand += draw(state, 1)
        seat.limit += 1
    events.append(Event("strength", {"seat": seat.player, "option": option}))
    return Outcome()


def play_hanged_man(state: State, seat: Seat, c: Card, action: Action, events: list[Event]) -> Outcome:
    target = target_seat(state, action.get("target"))
    require(target.in_play, N_("that player is out of play for this round"))
    spend(state, seat, c)
    throw(state, target.hand + target.visible)
    target.hand, target.visible = [], []
    if target is not seat:
        top_up(state, target)
    events.append(Event("hanged", {"seat": seat.player, "target": target.player}))
    return Outcome()


def play_death(state: State, seat: Seat, c: Card, action: Action, events: list[Event]) -> Outcome:
    spend(state, seat, c)
    throw(state, state.deck)
    state.deck = []
    state.no_refill = True
    state.dry = True
    events.append(Event("death", {"seat": seat.player}))
    return Outcome()


def play_temperance(state: State, seat: Seat, c: Card, action: Action, events: list[Event]) -> Outcome:
    field_ = field_of(action.get("field"))
    require(seat.kind != MECHANICAL, N_("the USA plays no arcana"))
    require(bool(state.deck), N_("Temperance needs a deck that is not empty"))
    mine = seat.fields.get(field_)
    require(mine is None or mine.abdicated, N_('you have already committed on {field}'), field=field_word(field_))
    spend(state, seat, c, to_discard=False)
    state.temperance = {"card": c.code, "owner": seat.player, "field": field_}
    events.append(Event("temperance", {"seat": seat.player, "field": field_}))
    return Outcome()


def play_devil(state: State, seat: Seat, c: Card, action: Action, events: list[Event]) -> Outcome:
    require(seat.kind == "player", N_("only a player raises a daemon"))
    spend(state, seat, c, to_discard=False)
    state.daemons += 1
    daemon = Seat(DAEMON_BASE - state.daemons, kind=DAEMON, master=seat.player, devil=c)
    daemon.hand = draw(state, HAND_SIZE)
    at = state.seats.index(seat)
    state.seats.insert(at, daemon)
    if at <= state.turn:
        state.turn += 1  # the turn stays with the same seat
    _abdicate_under_the_world(state, daemon)
    refill_justice(state)
    events.append(Event("daemon", {"seat": seat.player, "daemon": daemon.player}))
    return Outcome()


def _abdicate_under_the_world(state: State, daemon: Seat) -> None:
    """Ruling (rules/arcanoid.md, "Justice and the Devil together"): a daemon raised after the
    World was played on a battlefield abdicates there at once, as every other seat did when the
    World came down, so the World's battlefield admits no later commitment. The World's own
    battlefield is found from the commitments (the World is never taken back by the Tower)."""
    held = [f for f in FIELDS if any(s.fields.get(f) is not None and s.fields[f].form == WORLD_FORM
                                     for s in state.seats)]
    for field_ in held:
        daemon.fields[field_] = Commitment([], ABDICATION, next_order(state))


def tower_check(state: State, seat: Seat, action: Action) -> tuple[Seat, str, Commitment]:
    target = target_seat(state, action.get("target"))
    field_ = field_of(action.get("field"))
    require(not target.finished and not target.complete,
            N_("the Tower cannot decommit a player who has committed on all four battlefields"))
    commitment = target.fields.get(field_)
    require(commitment is not None, N_('nothing is committed there for that player on {field}'), field=field_word(field_))
    require(commitment.form not in ("abdication", JUDGMENT_FORM),
            N_("the Tower cannot decommit an abdication or Judgment"))
    require(commitment.form != WORLD_FORM, N_("the Tower cannot decommit the World"))
    return target, field_, commitment  # type: ignore[return-value]


def play_tower(state: State, seat: Seat, c: Card, action: Action, events: list[Event]) -> Outcome:
    target, field_, commitment = tower_check(state, seat, action)
    spend(state, seat, c)
    del target.fields[field_]
    partner = next((f for f, k in target.fields.items() if k.linked == field_), None)
    if partner is not None:  # a couple on two battlefields stays on the other one
        target.fields[partner].cards, target.fields[partner].linked = commitment.cards, None
    elif commitment.linked is not None:
        pass  # its cards stay on the first battlefield
    else:
        throw(state, commitment.cards)
    events.append(Event("tower", {"seat": seat.player, "target": target.player, "field": field_,
                                  "secret": commitment.secret}))
    return Outcome()


def play_call(state: State, seat: Seat, c: Card, action: Action, events: list[Event]) -> Outcome:
    """The Star, Moon and Sun: the first call now; a failed call leaves the Moon one more and
    the Sun two more (`call_again`). The Sun's one call may name a major instead."""
    called = called_card(action.get("call"), allow_major=c.rank == SUN)
    spend(state, seat, c)
    for other in state.seats:
        if other.kind == MECHANICAL:
            other.shown = list(other.hand)  # the USA's cards are turned up for every call
    state.choice = None
    left = CALLS[c.rank] - 1 if not called.is_major else 0
    return _resolve_call(state, seat, called, left, events, c.rank)


def called_card(value: Any, allow_major: bool) -> Card:
    require(isinstance(value, str) and bool(value.strip()), N_("name the card you call, e.g. KC"))
    try:
        found = parse_card(value.strip()).face
    except CardParseError as error:
        raise IllegalAction(error.text) from None
    if found.is_major:
        require(allow_major, N_("only the Sun may call a major arcanum"))
        require(found.rank not in UNCALLABLE, N_("Judgment, the World and the Fool cannot be called"))
    return found


def _resolve_call(state: State, seat: Seat, called: Card, left: int, events: list[Event], arcanum: int | None,
                  again: bool = False) -> Outcome:
    """One call: the card comes from whoever holds it; a failed call leaves `left` more. The
    event names the arcanum (`arcanum`) and whether it is a further call (`again`)."""
    told = {"seat": seat.player, "card": called.code, "arcanum": arcanum, "again": again}
    holder = next((o for o in state.seats if o is not seat and any(x.face == called for x in o.hand)), None)
    if holder is not None:
        given = next(x for x in holder.hand if x.face == called)
        holder.hand.remove(given)
        seat.hand.append(given)
        top_up(state, holder)
        state.reveal = {"by": seat.player, "call": called.code, "from": holder.player}
        events.append(Event("called", {**told, "from": holder.player}))
        return Outcome()
    events.append(Event("called", {**told, "from": None}))
    state.reveal = {"by": seat.player, "call": called.code, "from": None}
    if left > 0:
        state.choice = {"seat": seat.player, "calls": left, "arcanum": arcanum}
        return Outcome(hold=True)
    return Outcome()


def call_again(state: State, seat: Seat, action: Action, events: list[Event]) -> Outcome:
    """A further call after a failed one (`card` None: stop and draw)."""
    if action.get("card") in (None, "", "stop"):
        state.choice = None
        return Outcome()
    called = called_card(action.get("card"), allow_major=False)
    left = state.choice["calls"] - 1  # type: ignore[index]
    arcanum = state.choice.get("arcanum")  # type: ignore[union-attr] # None in a state saved before it was kept
    state.choice = None
    return _resolve_call(state, seat, called, left, events, arcanum, again=True)


def judgment_check(state: State, seat: Seat, action: Action) -> tuple[Seat, str]:
    target = target_seat(state, action.get("target"))
    field_ = field_of(action.get("field"))
    require(not target.finished, N_("that player is out of play for this round"))
    require(field_ not in target.fields, N_('that player has already committed on {field}'), field=field_word(field_))
    return target, field_


def play_judgment(state: State, seat: Seat, c: Card, action: Action, events: list[Event]) -> Outcome:
    target, field_ = judgment_check(state, seat, action)
    spend(state, seat, c, to_discard=False)
    target.fields[field_] = Commitment([c], JUDGMENT_FORM, next_order(state))
    if field_ not in state.touched:
        state.touched.append(field_)
    if target is not seat and target.complete:
        remove_from_play(state, target)
    events.append(Event("judgment", {"seat": seat.player, "target": target.player, "field": field_}))
    return Outcome(committed=field_, holder=target.player)


POWERS: dict[int, Callable[[State, Seat, Card, Action, list[Event]], Outcome]] = {
    PRIESTESS: play_priestess, HIEROPHANT: play_hierophant, JUSTICE: play_justice, HERMIT: play_hermit,
    WHEEL: play_wheel, STRENGTH: play_strength, HANGED_MAN: play_hanged_man, DEATH: play_death,
    TEMPERANCE: play_temperance, DEVIL: play_devil, TOWER: play_tower, STAR: play_call, MOON: play_call,
    SUN: play_call, JUDGMENT: play_judgment,
}
COMMITTED_MAJORS = {  # the majors with no power to play, and how they are played instead
    0: Text(N_("the Fool reacts out of turn (fool)")), 1: Text(N_("the Magician is committed with numeric cards")),
    3: Text(N_("the Empress is committed with the Emperor or the Lovers")),
    4: Text(N_("the Emperor is committed with the Empress or the Lovers")),
    6: Text(N_("the Lovers is committed with a court, the Empress or the Emperor")),
    CHARIOT: Text(N_("the Chariot is played with chariot")),
    WORLD: Text(N_("the World is committed on an untouched battlefield"))}


def remove_temperance_move(state: State, seat: Seat, events: list[Event]) -> Outcome:
    require(state.options.nassau, N_("in DRESDEN Temperance leaves when you commit on its battlefield"))
    require(state.temperance is not None and state.temperance["owner"] == seat.player,
            N_("you have no Temperance on the table"))
    remove_temperance(state)
    events.append(Event("temperance_removed", {"seat": seat.player}))
    return Outcome()
