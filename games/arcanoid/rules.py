"""Arcanoid's rules as the game contract (games/base.py): the deal, the turn, every move, the
refill vote, reaction windows, the end of a round and of the game. The majors' own powers are
in `powers`; who wins is in `battle`."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from itertools import combinations
from typing import Any

from games import fairness
from games.arcanoid import powers
from games.arcanoid.battle import (
    ABDICATION,
    ARCANA,
    CHARIOT,
    COUPLES,
    EMPEROR,
    EMPRESS,
    FIELD_SUIT,
    FIELDS,
    FOOL,
    FORCE,
    ILLEGITIMATE,
    IMPERIAL,
    JUDGMENT_FORM,
    LOVERS,
    MAGICIAN,
    MOON,
    STAR,
    SUN,
    TEMPERANCE,
    TOWER,
    WORLD,
    WORLD_FORM,
    can_steal,
    field_word,
    form_of,
    game_winners,
    winner_index,
)
from games.arcanoid.model import (
    DAEMON,
    HAND_SIZE,
    MAX_REFILLS,
    MECHANICAL,
    PLAYER,
    USA,
    Commitment,
    Options,
    Seat,
    State,
    abdicate,
    find_cards,
    next_order,
    refill_justice,
    remove_from_play,
    remove_temperance,
    take,
    throw,
    top_up,
    usable,
)
from games.arcanoid.powers import Outcome, arcanum_of, field_of, held_major
from games.base import (
    N_,
    RUNTIME_PLAYER,
    Action,
    DealSeed,
    Event,
    IllegalAction,
    Plural,
    SeatSpec,
    Text,
    mention,
    plain_copy,
    require,
)
from games.cards import Card, CardParseError, codes, from_codes, full_deck, parse_card, parse_cards
from games.fairness import commitment

NAME = "arcanoid"
MIN_SEATS = 2
MAX_SEATS = 10
CHIPS = False
HOUSE = False
JOIN_MID_GAME = False
RUNTIME = RUNTIME_PLAYER  # who closes a reaction window when its time is up
MAX_CARDS_IN_ACTION = 30
TURN_MOVES = ("discard", "commit", "play", "chariot", "chariot_add", "chariot_drop", "remove_temperance")


# --- a new game, a new round ---------------------------------------------------------------


def new(options: Options, seats: list[SeatSpec], fair: fairness.Dealer | None = None,
        opening: list[Event] | None = None) -> State:
    """A game: every round is a deal of the table's dealer (`games.fairness`), its commitment
    shown before it is drawn, its seed revealed when the round is over."""
    options.validate()
    players = [spec.player for spec in seats]
    require(MIN_SEATS <= len(players) <= MAX_SEATS, N_('Arcanoid seats {low} to {high} players'), low=MIN_SEATS, high=MAX_SEATS)
    require(len(set(players)) == len(players), N_("a player can only sit once at a table"))
    require(all(p > DAEMON_FLOOR for p in players), N_("player ids below -99 are reserved"))
    state = State(options, players, fair=fair or fairness.new_dealer())
    _deal_round(state, [] if opening is None else opening)
    return state


DAEMON_FLOOR = -100


def _deal_round(state: State, events: list[Event]) -> None:
    state.round += 1
    shift = (state.round - 1) % len(state.players)
    order = state.players[shift:] + state.players[:shift]
    state.seats = [Seat(p) for p in order] + ([Seat(USA, kind=MECHANICAL)] if state.options.gaza else [])
    deal, deck = state.fair.draw(f"round {state.round}", state.players)
    state.deal, state.seed, state.spent = deal, deal.seed, []
    for _ in range(HAND_SIZE):
        for seat in state.seats:
            seat.hand.append(deal.take(deck))
    state.deck, state.discard, state.aside = deck, [], []
    state.justice = state.temperance = state.window = state.vote = state.choice = state.reveal = None
    state.turn, state.phase, state.dry, state.no_refill = 0, "play", False, False
    state.refills = state.daemons = state.sequence = 0
    state.flow, state.touched, state.log = {}, [], []
    events.append(Event("round_open", {"round": state.round, "commitment": commitment(state.seed)}))
    events.append(fairness.committed(deal))


# --- the contract --------------------------------------------------------------------------


def _round_deals(state: State) -> list[fairness.Deal]:
    """The round's deals: the opening deal, then each refill's."""
    return [*state.spent, *([state.deal] if state.deal else [])]


def deals_in_play(state: State) -> list[fairness.Deal]:
    return _round_deals(state) if state.deal and state.phase != "over" and \
        not (state.history and state.history[-1]["round"] == state.round) else []


def players(state: State) -> list[int]:
    return list(state.players)


def is_over(state: State) -> bool:
    return state.phase == "over"


def to_dict(state: State) -> dict[str, Any]:
    return state.to_dict()


def from_dict(data: dict[str, Any]) -> State:
    return State.from_dict(data)


def current_seat(state: State) -> Seat:
    return state.seats[state.turn]


def pending(state: State) -> list[int]:
    """Who must act now: the player on turn (a daemon's master for it), the voter, the player
    finishing a Wheel or a call. Nobody during a reaction window: its time closes it."""
    if state.phase == "play":
        return [current_seat(state).controller]
    if state.phase == "vote":
        return [state.vote["voters"][len(state.vote["yes"])]]  # type: ignore[index]
    if state.phase == "choice":
        return [_seat(state, state.choice["seat"]).controller]  # type: ignore[index]
    return []


def round_in_play(state: State) -> int | None:
    """The round being played (the next is dealt as one ends): with no person left in play, the
    computers finish this one and no more."""
    return None if state.phase == "over" else state.round


def reaction_window(state: State) -> int | None:
    """The seconds of the reaction window open now (None: none is open)."""
    return state.options.reaction_seconds if state.phase == "window" else None


def step_key(state: State) -> str:
    if state.phase == "window":
        return f"r{state.round}-w{state.window['id']}"  # type: ignore[index]
    return f"r{state.round}-s{state.sequence}-{state.phase}-{len(state.log)}"


def reactors(state: State) -> list[int]:
    """Who may act in the open window and has not passed (private: for the runtime's
    computer players and each player's own button, never shown to others): a player for
    their own seat, or a daemon's master for their daemon's Fool or Hermit."""
    if state.phase != "window":
        return []
    passed = state.window["passed"]  # type: ignore[index]
    ready = [s.controller for s in state.seats if s.controller not in passed
             and ((s.kind in (PLAYER, DAEMON) and _hermit_ready(s)) or _may_fool(state, s))]
    return list(dict.fromkeys(ready))


def react_in_turn(state: State, decide: Callable[[int], Action]) -> int:
    """The open reaction window as computers play it among themselves (the arena, a searching
    player's imagined rounds, tests): each player who may react is asked in turn (`decide`) and
    their move played; the first move other than a pass ends the window, else the runtime
    closes it. How many were asked."""
    asked = 0
    for player in reactors(state):
        action = decide(player)
        apply(state, player, action)
        asked += 1
        if action["type"] != "pass":
            return asked
    if state.phase == "window":
        apply(state, RUNTIME, {"type": "close_window"})
    return asked


def _seat(state: State, player: int) -> Seat:
    found = state.seat(player)
    if found is None:
        raise IllegalAction(Text(N_("you are not seated at this table")))
    return found


# --- apply ---------------------------------------------------------------------------------


def apply(state: State, player: int, action: Action) -> list[Event]:
    """Play one action; IllegalAction with nothing changed when it is refused."""
    require(isinstance(action, dict) and isinstance(action.get("type"), str), N_("an action needs a type"))
    require(state.phase != "over", N_("the game is over"))
    kind = action["type"]
    _check_keys(action)
    events: list[Event] = []
    if kind == "close_window":
        _close_window(state, player, events)
    elif kind == "pass":
        _pass(state, player)
    elif kind == "fool":
        _fool(state, player, action, events)
    elif kind == "vote":
        _vote(state, player, action, events)
    elif kind in ("wheel", "call"):
        _choice(state, player, action, events)
    elif kind in ("leave", "sitout", "sitin"):
        _robot(state, player, kind, events)
    elif kind in TURN_MOVES:
        seat, out_of_turn = _mover(state, player, action.get("seat"))
        _move(state, seat, action, out_of_turn, events)
    else:
        raise IllegalAction(Text(N_('Arcanoid has no move {kind}; moves: {choices}, fool, vote'), kind=repr(kind), choices=', '.join(TURN_MOVES)))
    _run(state, events)
    return events


ACTION_KEYS = {  # a turn move's `seat`: the daemon whose Hermit moves out of turn
    "discard": {"card", "seat"}, "commit": {"field", "cards", "second", "secret", "chariot", "seat"},
    "play": {"arcanum", "seat"}, "chariot": {"cards", "seat"}, "chariot_add": {"cards", "seat"},
    "chariot_drop": {"seat"}, "remove_temperance": {"seat"},
    "fool": {"seat"}, "pass": set(), "close_window": set(), "leave": set(), "sitout": set(), "sitin": set(), "vote": {"refill"}, "wheel": {"cards"}, "call": {"card"},
}
ARCANUM_KEYS = {2: {"target"}, 5: {"call"}, 11: {"option"}, 12: {"target"}, 14: {"field"},
                16: {"target", "field"}, 17: {"call"}, 18: {"call"}, 19: {"call"}, 20: {"target", "field"}}


def _check_keys(action: Action) -> None:
    """A move carries only what it uses: a stray field is an error, not something ignored."""
    allowed = ACTION_KEYS.get(action["type"])
    if allowed is None:
        return
    if action["type"] == "play":
        with contextlib.suppress(IllegalAction):  # a bad arcanum is refused by the move itself
            allowed = allowed | ARCANUM_KEYS.get(arcanum_of(action.get("arcanum")), set())
    extra = sorted(set(action) - allowed - {"type"})
    if extra:
        takes = f"; it takes {', '.join(sorted(allowed))}" if allowed else ""
        raise IllegalAction(Text(N_('{move} takes no {extra}{takes}'), move=action['type'], extra=repr(extra[0]), takes=takes))


def _mover(state: State, player: int, daemon: Any = None) -> tuple[Seat, bool]:
    """The seat a turn move is for, and whether it is a Hermit's move out of turn."""
    if daemon is not None:
        require(state.phase == "window", N_("seat names your daemon for its Hermit's move out of turn, "
                                            "in a reaction window only (on its turn, just move)"))
        seat = _daemon_seat(state, player, daemon, Text(N_("Hermit")))
        require(seat.in_play, N_("that daemon is out of play for this round"))
        require(_hermit_ready(seat), N_("that daemon has no Hermit with moves left on the table"))
        return seat, True
    if state.phase == "play":
        seat = current_seat(state)
        if seat.controller == player:
            return seat, False
        raise IllegalAction(Text(N_("it is {player}'s turn"), player=_name(seat)))
    if state.phase == "window":
        seat = state.seat(player)
        if seat is not None and _hermit_ready(seat):
            return seat, True
        raise IllegalAction(Text(N_("a reaction window is open: the next move waits until it closes")))
    if state.phase == "vote":
        raise IllegalAction(Text(N_('the refill vote is on: waiting for {player}'), player=mention(pending(state)[0])))
    raise IllegalAction(Text(N_('waiting for {player} to finish their move'), player=mention(pending(state)[0])))


def _name(seat: Seat) -> str:
    if seat.kind == DAEMON:
        return Text(N_("the daemon of {player}"), player=mention(seat.master))  # type: ignore[arg-type]
    return Text(N_("the USA")) if seat.kind == MECHANICAL else mention(seat.player)


MOVES: dict[str, Callable[[State, Seat, Action, list[Event]], Outcome]] = {}


def _move(state: State, seat: Seat, action: Action, out_of_turn: bool, events: list[Event]) -> None:
    handler = MOVES[action["type"]]
    resume = state.window["resume"] if out_of_turn else None  # type: ignore[index]
    window = state.window
    outcome = handler(state, seat, action, events)  # checks everything first, then acts
    if out_of_turn:
        _settle_window(state, window, stolen=False)
        seat.hermit_moves -= 1
        if seat.hermit_moves == 0 and seat.hermit is not None:
            throw(state, [seat.hermit])
            seat.hermit = None
    else:
        resume = "again" if outcome.again else "advance"
    state.log.append(_log_line(seat, action, outcome))
    if outcome.hold:
        state.phase = "choice"
        state.flow = {"actor": seat.player, "resume": resume, "window": None}
        return
    _conclude(state, seat, outcome, resume, events)  # type: ignore[arg-type]


def _log_line(seat: Seat, action: Action, outcome: Outcome) -> str:
    kind = action["type"]
    if kind == "commit":
        return f"{_name(seat)} commits on {action.get('field')}"
    if kind == "play":
        return f"{_name(seat)} plays {ARCANA.get(arcanum_of(action.get('arcanum')), 'an arcanum')}"
    return f"{_name(seat)}: {kind.replace('_', ' ')}"


def _conclude(state: State, actor: Seat, outcome: Outcome, resume: str, events: list[Event]) -> None:
    """After a move: the mover draws back, Justice's row refills, a dry deck asks for the vote,
    then a reaction window opens (after a commitment, or any move while a Hermit is out)."""
    top_up(state, actor)
    refill_justice(state)
    window = None
    if outcome.committed is not None:
        holder = actor if outcome.holder is None else state.seat(outcome.holder)
        commit = holder.fields.get(outcome.committed) if holder is not None else None
        window = {"after": actor.player, "holder": holder.player if holder is not None else actor.player,
                  "field": outcome.committed,
                  "order": None if commit is None else commit.order,
                  "part": None if outcome.stealable is None else codes(outcome.stealable),
                  "secret": bool(commit and commit.secret), "drop_ace": False}
        if outcome.stealable is not None and commit is not None and len(commit.cards) > len(outcome.stealable):
            window["drop_ace"] = any(c.is_court for c in outcome.stealable)
    state.flow = {"actor": actor.player, "resume": resume, "window": window}
    state.window, state.phase = None, "play"
    _settle_dry(state, actor, events)
    if state.phase != "vote":
        _open_window(state, events)


def _open_window(state: State, events: list[Event]) -> None:
    flow = state.flow
    if not flow.get("reaction") and (flow["window"] is not None or _hermit_out(state)):
        state.windows += 1
        base = flow["window"] or {"after": flow["actor"], "field": None, "order": None, "part": None,
                                  "secret": False, "drop_ace": False}
        state.window = {**base, "resume": flow["resume"], "passed": [], "id": state.windows}
        state.phase, state.flow = "window", {}
        events.append(Event("window", {"after": base["after"], "field": base["field"],
                                       "seconds": state.options.reaction_seconds}))
        return
    resume = flow["resume"]
    state.flow = {}
    _resume(state, resume, events)


def _hermit_out(state: State) -> bool:
    return any(s.hermit is not None for s in state.seats)


def _resume(state: State, resume: str, events: list[Event]) -> None:
    state.window, state.phase = None, "play"
    for seat in state.seats:
        if seat.complete and not seat.finished:
            remove_from_play(state, seat)
            events.append(Event("finished_round", {"seat": seat.player}))
    if resume == "advance" or not current_seat(state).in_play:
        _advance_turn(state)


def _advance_turn(state: State) -> None:
    count = len(state.seats)
    for step in range(1, count + 1):
        index = (state.turn + step) % count
        if state.seats[index].in_play:
            state.turn = index
            return


def _run(state: State, events: list[Event]) -> None:
    """Play on what needs no one: the USA's mechanical turns, the end of a round."""
    while state.phase == "play":
        if not any(s.in_play for s in state.seats):
            _end_round(state, events)
            continue
        seat = current_seat(state)
        if not seat.in_play:
            _advance_turn(state)
            continue
        if seat.kind != MECHANICAL:
            return
        if seat.hand:
            _move(state, seat, {"type": "discard", "card": seat.hand[0].code}, False, events)
        else:
            _move(state, seat, {"type": "commit", "field": seat.open_fields[0], "cards": []}, False, events)


# --- the deck running dry and the vote -----------------------------------------------------


def _settle_dry(state: State, drawer: Seat, events: list[Event]) -> None:
    if not state.dry:
        return
    state.dry = False
    if state.options.nassau:
        remove_temperance(state)
    if state.no_refill or state.refills >= MAX_REFILLS or not state.discard:
        _stays_dry(state, events)
        return
    start = state.seats.index(drawer) if drawer in state.seats else 0
    ordered = state.seats[start:] + state.seats[:start]
    voters = [s.player for s in ordered if s.kind == PLAYER]
    state.vote = {"voters": voters, "yes": [], "drawer": drawer.player}
    state.phase = "vote"
    events.append(Event("vote", {"voters": voters}))


def _stays_dry(state: State, events: list[Event]) -> None:
    state.no_refill = True
    remove_temperance(state)
    events.append(Event("deck_dry", {"discard": len(state.discard)}))


def _vote(state: State, player: int, action: Action, events: list[Event]) -> None:
    require(state.phase == "vote", N_("there is no refill vote now"))
    require(pending(state) == [player], N_("it is {player}'s turn to vote"), player=mention(pending(state)[0]))
    agree = action.get("refill")
    require(isinstance(agree, bool), N_("vote refill: true or false"))
    vote = state.vote
    if not agree:
        state.vote, state.phase = None, "play"
        events.append(Event("voted", {"player": player, "refill": False}))
        _stays_dry(state, events)
        _open_window(state, events)
        return
    vote["yes"].append(player)  # type: ignore[index]
    events.append(Event("voted", {"player": player, "refill": True}))
    if len(vote["yes"]) < len(vote["voters"]):  # type: ignore[index]
        return
    state.refills += 1
    if state.deal is not None:
        state.spent.append(state.deal)
    state.deal, state.deck = state.fair.draw(f"round {state.round} refill {state.refills}", state.players,
                                             gathered=state.discard)
    state.discard, state.vote, state.phase = [], None, "play"
    events.append(fairness.committed(state.deal))
    events.append(Event("refilled", {"deck": len(state.deck)}))
    drawer = state.seat(vote["drawer"])  # type: ignore[index]
    if drawer is not None:
        top_up(state, drawer)
    refill_justice(state)
    if drawer is not None:
        _settle_dry(state, drawer, events)
    if state.phase != "vote":
        _open_window(state, events)


# --- computer players taking a seat over -------------------------------------------------


def played_by_computer(state: State) -> list[int]:
    """The people whose seat a computer plays (rules/arcanoid.md, "Chat play")."""
    return list(state.robots)


def _robot(state: State, player: int, kind: str, events: list[Event]) -> None:
    require(player in state.players, N_("you are not seated at this table"))
    if kind == "sitin":
        require(player in state.robots and player not in state.left,
                Text(N_("you play your own seat")) if player not in state.left else Text(N_("you left this game")))
        state.robots.remove(player)
        events.append(Event("sitin", {"player": player}))
        return
    if kind == "leave":
        require(player not in state.left, N_("you have already left this game"))
        state.left.append(player)
    else:
        require(player not in state.robots, N_("a computer already plays your seat"))
    if player not in state.robots:
        state.robots.append(player)
    events.append(Event("left" if kind == "leave" else "sitout", {"player": player, "computer": True}))


# --- reaction windows ----------------------------------------------------------------------


def _close_window(state: State, player: int, events: list[Event]) -> None:
    require(player == RUNTIME, N_("only the table's clock closes a reaction window"))
    require(state.phase == "window", N_("no reaction window is open"))
    window = state.window
    _settle_window(state, window, stolen=False)
    events.append(Event("window_closed", {"id": window["id"]}))  # type: ignore[index]
    _resume(state, window["resume"], events)  # type: ignore[index]


def _settle_window(state: State, window: dict[str, Any] | None, stolen: bool) -> None:
    """What waits on the window: WORMS*'s ace under a knave or knight goes once it stands."""
    if window is None or not window.get("drop_ace") or stolen:
        return
    seat = state.seat(window["after"])
    commit = seat.fields.get(window["field"]) if seat is not None else None
    if commit is not None:
        aces = [c for c in commit.cards if not c.is_major and c.rank == 1]
        for c in aces:
            commit.cards.remove(c)
        throw(state, aces)
    window["drop_ace"] = False


def _pass(state: State, player: int) -> None:
    require(state.phase == "window", N_("no reaction window is open"))
    _seat(state, player)
    passed = state.window["passed"]  # type: ignore[index]
    require(player not in passed, N_("you have already passed in this window"))
    passed.append(player)


def _daemons_of(state: State, player: int) -> list[Seat]:
    return [s for s in state.seats if s.kind == DAEMON and s.master == player]


def _hermit_ready(seat: Seat) -> bool:
    return seat.hermit is not None and seat.hermit_moves > 0 and seat.in_play


def _may_fool(state: State, seat: Seat) -> bool:
    if not any(c.is_major and c.rank == FOOL for pool in (seat.hand, seat.visible, state.justice or ()) for c in pool):
        return False  # no Fool to play: asked of every seat after every commitment, answered without a refusal
    try:
        _fool_check(state, seat)
    except IllegalAction:
        return False
    return True


def _fool_check(state: State, seat: Seat) -> tuple[Card, Seat, Commitment]:
    require(state.phase == "window", N_("the Fool is played right after a commitment, in its reaction window"))
    window = state.window
    require(window["field"] is not None and window["part"] is not None,  # type: ignore[index]
            N_("the Fool cannot steal that: the last move was no commitment it can take"))
    require(seat.kind in (PLAYER, DAEMON), N_("only a player or a daemon plays the Fool"))
    require(seat.in_play, Text(N_("you are out of play for this round")) if seat.kind == PLAYER else
            Text(N_("that daemon is out of play for this round")))
    require(window["after"] != seat.player, N_("the Fool steals another player's commitment"))  # type: ignore[index]
    field_ = window["field"]  # type: ignore[index]
    require(field_ not in seat.fields, N_('you have already committed on {field}'), field=field_word(field_))
    fool = held_major(state, seat, FOOL)
    victim = state.seat(window["after"])  # type: ignore[index]
    commit = victim.fields.get(field_) if victim is not None else None
    require(commit is not None and commit.order == window["order"], N_("that commitment is gone"))  # type: ignore[index]
    part = from_codes(window["part"])  # type: ignore[index]
    require(window["secret"] or can_steal(part),  # type: ignore[index]
            N_("the Fool cannot steal a couple, the World, an abdication or anything with an ace"))
    return fool, victim, commit  # type: ignore[return-value]


def _fool_seat(state: State, player: int, daemon: Any) -> Seat:
    """The seat whose Fool steals: the player's own, or (`seat`) a daemon they are master of."""
    own = _seat(state, player)
    return own if daemon is None else _daemon_seat(state, player, daemon, Text(N_("Fool")))


def _daemon_seat(state: State, player: int, daemon: Any, power: str) -> Seat:
    """The daemon a move's `seat` names, refused unless `player` is its master."""
    _seat(state, player)
    require(isinstance(daemon, int) and not isinstance(daemon, bool), N_("seat: name the daemon (its seat number)"))
    found = state.seat(daemon)
    require(found is not None and found.kind == DAEMON, N_('there is no daemon {daemon} at this table'), daemon=daemon)
    require(found.master == player, N_("only a daemon's master plays its {power}"), power=power)  # type: ignore[union-attr]
    return found  # type: ignore[return-value]


def _fool(state: State, player: int, action: Action, events: list[Event]) -> None:
    seat = _fool_seat(state, player, action.get("seat"))
    fool, victim, commit = _fool_check(state, seat)
    window = state.window
    field_ = window["field"]  # type: ignore[index]
    powers.spend(state, seat, fool)
    part = [c for c in commit.cards if c.code in window["part"]]  # type: ignore[index]
    if commit.secret:
        seat.looks.append({"round": state.round, "by": "fool", "player": victim.player, "cards": codes(part)})
        if not can_steal(part):
            events.append(Event("fool_lost", {"seat": seat.player, "victim": victim.player, "field": field_}))
            _after_reaction(state, seat, victim, window, events)  # type: ignore[arg-type]
            return
    if len(part) < len(commit.cards):  # WORMS*: the completion goes, the ace stays
        for c in part:
            commit.cards.remove(c)
        commit.ace_open = False
        window["drop_ace"] = False  # type: ignore[index]
    else:
        del victim.fields[field_]
    seat.fields[field_] = Commitment(part, FORCE, commit.order, secret=commit.secret, transmuted=commit.transmuted)
    events.append(Event("stolen", {"seat": seat.player, "victim": victim.player, "field": field_,
                                   "cards": [] if commit.secret else codes(part)}))
    _after_reaction(state, seat, victim, window, events)  # type: ignore[arg-type]


def _after_reaction(state: State, seat: Seat, victim: Seat, window: dict[str, Any], events: list[Event]) -> None:
    """The victim draws first, then the Fool's player; the window is spent."""
    _settle_window(state, window, stolen=True)
    top_up(state, victim)
    top_up(state, seat)
    refill_justice(state)
    state.flow = {"actor": seat.player, "resume": window["resume"], "window": None, "reaction": True}
    state.window, state.phase = None, "play"
    _settle_dry(state, seat, events)
    if state.phase != "vote":
        _open_window(state, events)


# --- the further choice of a move (the Wheel, a second call) -------------------------------


def _choice(state: State, player: int, action: Action, events: list[Event]) -> None:
    require(state.phase == "choice", N_("there is no choice to make now"))
    seat = _seat_for_choice(state)
    require(seat.controller == player, N_('waiting for {player}'), player=mention(seat.controller))
    if "discard" in state.choice:  # type: ignore[operator]
        require(action["type"] == "wheel", N_("choose the cards to discard after the Wheel (wheel cards)"))
        powers.choose_wheel(state, seat, action)
        outcome = Outcome()
    else:
        require(action["type"] == "call", N_("make your next call (call card), or stop (call with no card)"))
        outcome = powers.call_again(state, seat, action, events)
    flow = state.flow
    if outcome.hold:
        return
    _conclude(state, seat, outcome, flow["resume"], events)


def _seat_for_choice(state: State) -> Seat:
    return _seat(state, state.choice["seat"])  # type: ignore[index]


# --- the turn's moves ----------------------------------------------------------------------


def _read_cards(value: Any, what: str = "cards") -> list[Card]:
    if isinstance(value, str):
        try:
            value = [c.code for c in parse_cards(value)]
        except CardParseError as error:
            raise IllegalAction(error.text) from None
    require(isinstance(value, list) and all(isinstance(x, str) for x in value), N_('name the {what} as a list of cards'), what=what)
    require(len(value) <= MAX_CARDS_IN_ACTION, N_('at most {most} cards in one move'), most=MAX_CARDS_IN_ACTION)
    faces = []
    for code in value:
        try:
            faces.append(parse_card(code).face)
        except CardParseError as error:
            raise IllegalAction(error.text) from None
    require(len(set(faces)) == len(faces), N_("each card can be named only once"))
    return faces


def _discard(state: State, seat: Seat, action: Action, events: list[Event]) -> Outcome:
    faces = _read_cards([action.get("card")] if isinstance(action.get("card"), str) else action.get("card"), "card")
    require(len(faces) == 1, N_("discard exactly one card"))
    match = next((c for c in [*seat.hand, *seat.visible] if c.face == faces[0]), None)
    require(match is not None, N_('{code} is not in your hand'), code=faces[0].code)
    take(state, seat, [match])  # type: ignore[list-item]
    throw(state, [match])  # type: ignore[list-item]
    events.append(Event("discarded", {"seat": seat.player}))
    return Outcome()


def commit_plan(state: State, seat: Seat, action: Action) -> dict[str, Any]:
    """Every check of a commitment, nothing changed: what would be committed and how."""
    field_ = field_of(action.get("field"))
    suit = FIELD_SUIT[field_]
    options = state.options
    faces = _read_cards(action.get("cards", []))
    use_chariot = action.get("chariot") is True
    if use_chariot:
        require(seat.chariot is not None, N_("you have no Chariot on the table"))
    existing = seat.fields.get(field_)
    if existing is not None:
        require(not existing.abdicated, N_("you have abdicated on {field}: no commitment there this round"),
                field=field_word(field_))
        require(options.ace_completion and existing.ace_open, N_('you have already committed on {field}'), field=field_word(field_))
        return _completion_plan(state, seat, field_, existing, faces)
    cards = [*(seat.reserve if use_chariot else []), *find_cards(state, seat, faces)]
    magician = next((c for c in cards if c.is_major and c.rank == MAGICIAN), None)
    secret = False
    body = list(cards)
    if options.magician_secret and magician is not None:
        secret = True
        body.remove(magician)
    if action.get("secret") is True:
        require(options.secret_once, N_("secret commitments are a KOBLENZ rule (MALTA*: with the Magician)"))
        require(not seat.secret_used, N_("you have already made your secret commitment this round"))
        secret = True
    form = form_of(body, suit, transmute=not options.magician_secret)
    require(form is not None, _form_help(body, field_))
    require(form != JUDGMENT_FORM, N_("Judgment is played as an arcanum on a player's battlefield"))
    if secret:
        require(form not in (WORLD_FORM, ABDICATION), N_("only cards can be committed secretly (not the World)"))
    second = action.get("second")
    fields_ = [field_]
    if second is not None:
        second = field_of(second)
        two_field = form == IMPERIAL or (form == ILLEGITIMATE and not any(c.is_court for c in body))
        require(two_field, N_("only the Empress and Emperor, or the Lovers with one of them, take two battlefields"))
        require(second != field_ and second not in seat.fields, N_('you have already committed on {second}'), second=field_word(second))
        require(not secret, N_("a secret couple takes one battlefield"))
        fields_.append(second)
    _temperance_check(state, seat, fields_, form)
    if form == WORLD_FORM:
        require(field_ not in state.touched, N_('the World needs a battlefield nothing was committed on; {field} was'), field=field_word(field_))
    return {"field": field_, "second": fields_[1] if len(fields_) > 1 else None, "cards": cards, "body": body,
            "form": form, "secret": secret, "flag_secret": action.get("secret") is True,
            "magician": magician, "chariot": use_chariot, "completion": False}


def _form_help(body: list[Card], field_: str) -> Text:
    suit = FIELD_SUIT[field_]
    wrong = [c.code for c in body if not c.is_major and c.suit != suit]
    if wrong:
        return Plural(N_("{cards} is not {field}: on {field} commit cards of that suit (the Magician may carry one "
                         "numeric card of another)"),
                      N_("{cards} are not {field}: on {field} commit cards of that suit (the Magician may carry one "
                         "numeric card of another)"), len(wrong), cards=", ".join(wrong), field=field_word(field_))
    return Text(N_("that is no commitment: on {field} commit numeric cards, the page or the knight alone or "
                   "with only an ace, the queen with the king, a couple with the Lovers or the Empress and "
                   "Emperor, the World, or nothing (abdication)"), field=field_word(field_))


def _temperance_check(state: State, seat: Seat, fields_: list[str], form: str) -> None:
    tempered = state.temperance
    if tempered is None or form == ABDICATION or tempered["field"] not in fields_:
        return
    if tempered["owner"] == seat.player and not state.options.nassau:
        return
    raise IllegalAction(Text(N_('Temperance holds {field}: only abdication or Judgment there for now'), field=field_word(tempered['field'])))


def _completion_plan(state: State, seat: Seat, field_: str, existing: Commitment, faces: list[Card]) -> dict[str, Any]:
    """WORMS*: a lone ace completed once by numerics or a knave or knight (not a couple)."""
    suit = FIELD_SUIT[field_]
    require(bool(faces), N_("complete your ace with cards (an abdication is no completion)"))
    new = find_cards(state, seat, faces)
    had_magician = any(c.is_major for c in existing.cards)
    require(not (had_magician and any(c.is_major and c.rank == MAGICIAN for c in new)),
            N_("the Magician committed with the ace cannot serve again"))
    courts = [c for c in new if c.is_court]
    if courts:
        form = form_of(new, suit, transmute=not state.options.magician_secret)
        require(form == FORCE and len(new) == 1, N_("an ace is completed by numerics, or by a page or knight alone"))
    else:
        form = form_of([*existing.cards, *new], suit, transmute=not state.options.magician_secret)
        require(form == FORCE, _form_help(new, field_))
    _temperance_check(state, seat, [field_], FORCE)
    return {"field": field_, "second": None, "cards": new, "body": new, "form": FORCE, "secret": False,
            "flag_secret": False, "magician": None, "chariot": False, "completion": True}


def _commit(state: State, seat: Seat, action: Action, events: list[Event]) -> Outcome:
    plan = commit_plan(state, seat, action)
    field_, body = plan["field"], plan["body"]
    take(state, seat, plan["cards"])
    if plan["completion"]:
        commit = seat.fields[field_]
        commit.cards += body
        commit.ace_open = False
        events.append(Event("committed", {"seat": seat.player, "field": field_, "cards": codes(body),
                                          "form": FORCE, "completion": True}))
        return Outcome(committed=field_, stealable=body)
    if plan["chariot"]:
        throw(state, [seat.chariot])  # type: ignore[list-item]
        seat.chariot = None
    if plan["secret"] and plan["magician"] is not None and state.options.magician_secret:
        throw(state, [plan["magician"]])
    minors = [c for c in body if not c.is_major]
    off = [c.code for c in minors if c.suit != FIELD_SUIT[field_]]
    lone_ace = plan["form"] == FORCE and len(minors) == 1 and minors[0].rank == 1
    commit = Commitment(body, plan["form"], next_order(state), secret=plan["secret"],
                        ace_open=state.options.ace_completion and lone_ace,
                        transmuted=off[0] if off else None)
    seat.fields[field_] = commit
    if plan["flag_secret"]:
        seat.secret_used = True
    if plan["second"] is not None:
        seat.fields[plan["second"]] = Commitment([], plan["form"], commit.order, linked=field_)
    for f in (field_, plan["second"]):
        if f is not None and f not in state.touched:
            state.touched.append(f)
    tempered = state.temperance
    if tempered is not None and tempered["owner"] == seat.player and tempered["field"] in (field_, plan["second"]) \
            and plan["form"] != ABDICATION:
        remove_temperance(state)  # DRESDEN: its owner committing there lifts it
    if plan["form"] == WORLD_FORM:
        _world(state, seat, field_, events)
    events.append(Event("committed", {"seat": seat.player, "field": field_, "second": plan["second"],
                                      "form": plan["form"], "count": len(body),
                                      "cards": [] if plan["secret"] else codes(body)}))
    stealable = body if plan["form"] == FORCE else None
    if plan["form"] in COUPLES or plan["form"] in (WORLD_FORM, ABDICATION):
        stealable = None
    if plan["secret"]:
        stealable = body
    return Outcome(committed=field_, stealable=stealable)


def _world(state: State, seat: Seat, field_: str, events: list[Event]) -> None:
    """Everyone else abdicates there at once; whoever that finishes is out of play."""
    for other in state.seats:
        if other is seat or other.finished or field_ in other.fields:
            continue
        abdicate(state, other, field_)
        if other.complete:
            remove_from_play(state, other)


def _play(state: State, seat: Seat, action: Action, events: list[Event]) -> Outcome:
    number = arcanum_of(action.get("arcanum"))
    power = powers.POWERS.get(number)
    if power is None:
        raise IllegalAction(powers.COMMITTED_MAJORS.get(number) or
                            Text(N_("{arcanum} has no power of its own"), arcanum=ARCANA[number]))
    held = held_major(state, seat, number)
    return power(state, seat, held, action, events)


def _chariot(state: State, seat: Seat, action: Action, events: list[Event]) -> Outcome:
    require(seat.chariot is None, N_("your Chariot is already on the table"))
    chariot = held_major(state, seat, CHARIOT)
    faces = _read_cards(action.get("cards", []))
    require(chariot.face not in faces, N_("the Chariot holds other cards, not itself"))
    held = find_cards(state, seat, faces)
    powers.spend(state, seat, chariot, to_discard=False)
    take(state, seat, held)
    seat.chariot, seat.reserve = chariot, held
    events.append(Event("chariot", {"seat": seat.player, "cards": codes(held)}))
    return Outcome()


def _chariot_add(state: State, seat: Seat, action: Action, events: list[Event]) -> Outcome:
    require(seat.chariot is not None, N_("you have no Chariot on the table"))
    faces = _read_cards(action.get("cards", []))
    require(1 <= len(faces) <= 2, N_("add one or two cards to the Chariot"))
    held = find_cards(state, seat, faces)
    take(state, seat, held)
    seat.reserve += held
    events.append(Event("chariot", {"seat": seat.player, "cards": codes(held), "added": True}))
    return Outcome()


def _chariot_drop(state: State, seat: Seat, action: Action, events: list[Event]) -> Outcome:
    require(seat.chariot is not None, N_("you have no Chariot on the table"))
    throw(state, [seat.chariot, *seat.reserve])  # type: ignore[list-item]
    seat.chariot, seat.reserve = None, []
    events.append(Event("chariot_dropped", {"seat": seat.player}))
    return Outcome()


def _remove_temperance(state: State, seat: Seat, action: Action, events: list[Event]) -> Outcome:
    return powers.remove_temperance_move(state, seat, events)


MOVES.update({"discard": _discard, "commit": _commit, "play": _play, "chariot": _chariot,
              "chariot_add": _chariot_add, "chariot_drop": _chariot_drop, "remove_temperance": _remove_temperance})


# --- the end of a round and of the game ----------------------------------------------------


def battles(state: State) -> dict[str, dict[str, Any]]:
    """Each battlefield's commitments in the order made and its winner (the seat; credited to
    a daemon's master)."""
    result = {}
    for field_ in FIELDS:
        entries = []
        for seat in state.seats:
            commit = seat.fields.get(field_)
            if commit is None:
                continue
            cards = seat.fields[commit.linked].cards if commit.linked else commit.cards
            entries.append((commit.order, seat, commit.form, cards))
        entries.sort(key=lambda e: e[0])
        if not entries:
            result[field_] = {"winner": None, "credited": None, "forces": []}
            continue
        best = winner_index([(form, cards) for _, _, form, cards in entries])
        winner = entries[best][1]
        credited = winner.master if winner.kind == DAEMON else winner.player
        result[field_] = {"winner": winner.player, "credited": credited,
                          "forces": [_force_entry(s, form, cards) for _, s, form, cards in entries]}
    return result


def _force_entry(seat: Seat, form: str, cards: list[Card]) -> dict[str, Any]:
    """One force of a round's battle; a daemon's names its master (the round's picture says whose)."""
    entry = {"seat": seat.player, "form": form, "cards": codes(cards)}
    return {**entry, "master": seat.master} if seat.kind == DAEMON else entry


def _end_round(state: State, events: list[Event]) -> None:
    fought = battles(state)
    winners = {f: fought[f]["credited"] for f in FIELDS}
    state.results.append(winners)
    deals = _round_deals(state)
    state.history.append({"round": state.round, "seed": state.seed, "commitment": commitment(state.seed),
                          "deals": [d.named(revealed=True) for d in deals], "winners": winners, "battles": fought})
    events += [fairness.revealed(d) for d in deals]
    events.append(Event("round_over", {"round": state.round, "winners": winners, "battles": fought}))
    # the leaderboard: each round played, with the battles won in it as points
    events.append(Event("settled", {"results": [
        {"player": p, "net": sum(1 for w in winners.values() if w == p)} for p in state.players if p > 0]}))
    if state.round >= state.options.rounds:
        state.phase = "over"
        state.winners = game_winners(state.results)
        events.append(Event("game_over", {"winners": state.winners, "scores": scores(state)}))
        return
    _deal_round(state, events)


def scores(state: State) -> dict[str, int]:
    """Battles won so far by each player (the USA's too, with GAZA)."""
    counts = dict.fromkeys(state.players, 0)
    for winners in state.results:
        for player in winners.values():
            counts[player] = counts.get(player, 0) + 1
    return {str(p): n for p, n in counts.items()}


# --- legal moves ---------------------------------------------------------------------------


def legal_actions(state: State, player: int) -> list[Action]:
    if state.phase == "over":
        return []
    return _game_actions(state, player) + _seat_actions(state, player)


def _seat_actions(state: State, player: int) -> list[Action]:
    """Leaving, or letting a computer play the seat for now, and taking it back."""
    if player not in state.players or player in state.left:
        return []
    return [{"type": "leave"}, {"type": "sitin"} if player in state.robots else {"type": "sitout"}]


def _game_actions(state: State, player: int) -> list[Action]:
    if state.seat(player) is None and state.phase != "vote":
        return []
    if state.phase == "vote":
        return [{"type": "vote", "refill": True}, {"type": "vote", "refill": False}] if pending(state) == [player] else []
    if state.phase == "choice":
        return _choice_actions(state) if pending(state) == [player] else []
    if state.phase == "window":
        seat = _seat(state, player)
        actions: list[Action] = []
        if player not in state.window["passed"]:  # type: ignore[index]
            actions.append({"type": "pass"})
        if _may_fool(state, seat):
            actions.append({"type": "fool"})
        actions += [{"type": "fool", "seat": d.player} for d in _daemons_of(state, player) if _may_fool(state, d)]
        if _hermit_ready(seat):
            actions += turn_actions(state, seat)
        for daemon in _daemons_of(state, player):
            if _hermit_ready(daemon):
                actions += [{**a, "seat": daemon.player} for a in turn_actions(state, daemon)]
        return actions
    seat = current_seat(state)
    return turn_actions(state, seat) if seat.controller == player else []


def _choice_actions(state: State) -> list[Action]:
    seat = _seat_for_choice(state)
    choice = state.choice
    if "discard" in choice:  # type: ignore[operator]
        faces = [c.face.code for c in seat.hand]
        return [{"type": "wheel", "cards": list(combo)} for combo in combinations(faces, choice["discard"])]  # type: ignore[index]
    return [{"type": "call", "card": None}] + [{"type": "call", "card": c.code} for c in full_deck() if not c.is_major]


def turn_actions(state: State, seat: Seat) -> list[Action]:
    """Every move the seat may make now (commitments enumerated in full)."""
    actions: list[Action] = [{"type": "discard", "card": c.face.code} for c in _distinct([*seat.hand, *seat.visible])]
    for field_ in FIELDS:
        actions += commit_actions(state, seat, field_)
    actions += _power_actions(state, seat)
    actions += _chariot_actions(state, seat)
    tempered = state.temperance
    if state.options.nassau and tempered is not None and tempered["owner"] == seat.player:
        actions.append({"type": "remove_temperance"})
    return actions


def _distinct(cards: list[Card]) -> list[Card]:
    seen: dict[Card, Card] = {}
    for c in cards:
        seen.setdefault(c.face, c)
    return list(seen.values())


def _accepts(state: State, seat: Seat, action: Action) -> bool:
    try:
        commit_plan(state, seat, action)
    except IllegalAction:
        return False
    return True


def commit_actions(state: State, seat: Seat, field_: str) -> list[Action]:
    existing = seat.fields.get(field_)
    if existing is not None and not existing.ace_open:
        return []
    pool = [c.face for c in _distinct(usable(state, seat))]
    candidates = commit_candidates(pool, FIELD_SUIT[field_], state.options.magician_secret)
    if existing is not None:
        candidates = [combo for combo in candidates if combo]
    actions: list[Action] = []
    for combo in candidates:
        action: Action = {"type": "commit", "field": field_, "cards": [c.code for c in combo]}
        actions += _variants_of(state, seat, field_, action, combo)
    if seat.chariot is not None and existing is None:
        reserve = [c.face for c in seat.reserve]
        for combo in commit_candidates([*reserve, *pool], FIELD_SUIT[field_], state.options.magician_secret):
            if all(c in combo for c in reserve):
                extra = [c.code for c in combo if c not in reserve]
                action = {"type": "commit", "field": field_, "cards": extra, "chariot": True}
                if _accepts(state, seat, action):
                    actions.append(action)
    return actions


def _variants_of(state: State, seat: Seat, field_: str, action: Action, combo: list[Card]) -> list[Action]:
    found = [action] if _accepts(state, seat, action) else []
    if not found:
        return []
    numbers = sorted(c.rank for c in combo if c.is_major)
    if numbers in ([EMPRESS, EMPEROR], [EMPRESS, LOVERS], [EMPEROR, LOVERS]):
        for second in FIELDS:
            two = {**action, "second": second}
            if second != field_ and _accepts(state, seat, two):
                found.append(two)
    if state.options.secret_once and combo and not seat.secret_used:
        hidden = {**action, "secret": True}
        if _accepts(state, seat, hidden):
            found.append(hidden)
    return found


def commit_candidates(pool: list[Card], suit: str, magician_secret: bool) -> list[list[Card]]:
    """The card sets that may form a commitment on a battlefield of `suit` from `pool`
    (checked again by `commit_plan`): abdication, numerics, knave/knight (+ ace), couples, the
    World, each with the Magician where it may go."""
    numerics = [c for c in pool if not c.is_major and c.suit == suit and c.rank <= 10]
    ace = [c for c in numerics if c.rank == 1]
    courts = {c.rank: c for c in pool if c.is_court and c.suit == suit}
    majors = {c.rank: c for c in pool if c.is_major}
    base: list[list[Card]] = []
    for size in range(1, len(numerics) + 1):
        base += [list(combo) for combo in combinations(numerics, size)]
    for rank in (11, 12):
        if rank in courts:
            base.append([courts[rank]])
            base += [[courts[rank], a] for a in ace]
    if 13 in courts and 14 in courts:
        base.append([courts[13], courts[14]])
    if LOVERS in majors:
        base += [[majors[LOVERS], c] for c in courts.values()]
        base += [[majors[LOVERS], majors[n]] for n in (EMPRESS, EMPEROR) if n in majors]
    if EMPRESS in majors and EMPEROR in majors:
        base.append([majors[EMPRESS], majors[EMPEROR]])
    result = [[], *base]
    if WORLD in majors:
        result.append([majors[WORLD]])
    magician = majors.get(MAGICIAN)
    if magician is None:
        return result
    if magician_secret:
        return result + [[*combo, magician] for combo in base]
    others = [c for c in pool if not c.is_major and c.suit != suit and c.rank <= 10]
    plain = [combo for combo in base if all(not c.is_major for c in combo) and not any(c.rank in (13, 14) for c in combo)]
    result += [[*combo, magician] for combo in plain]
    numeric_sets = [[]] + [combo for combo in plain if all(c.rank <= 10 for c in combo)]
    for other in others:
        result += [[*combo, other, magician] for combo in numeric_sets]
        if other.rank == 1:
            result += [[courts[r], other, magician] for r in (11, 12) if r in courts]
    return result


def _power_actions(state: State, seat: Seat) -> list[Action]:
    actions: list[Action] = []
    held = {c.rank for c in usable(state, seat) if c.is_major}
    others = [s for s in state.seats if s is not seat]
    for number in sorted(held):
        play: Action = {"type": "play", "arcanum": str(number)}
        if number == 2:
            actions += [{**play, "target": s.player} for s in others]
        elif number == 5:
            actions += [{**play, "call": call} for call in powers.HIEROPHANT_CALLS]
        elif number == 8:
            actions += [play] if state.justice is None else []
        elif number in (9, 10, 13, 15):
            actions += [play] if number != 15 or seat.kind == PLAYER else []
        elif number == 11:
            actions += [{**play, "option": o} for o in ("visible", "hidden")]
        elif number == 12:
            actions += [{**play, "target": s.player} for s in state.seats if s.in_play]
        elif number == TEMPERANCE:
            actions += _temperance_actions(state, seat, play)
        elif number == TOWER:
            actions += _tower_actions(state, seat, play)
        elif number in (STAR, MOON, SUN):
            calls = [c for c in full_deck() if not c.is_major or (number == SUN and c.rank not in powers.UNCALLABLE)]
            actions += [{**play, "call": c.code} for c in calls]
        elif number == 20:
            actions += [{**play, "target": s.player, "field": f} for s in state.seats if not s.finished
                        for f in s.open_fields]
    if seat.kind == MECHANICAL:
        return []
    return actions


def _temperance_actions(state: State, seat: Seat, play: Action) -> list[Action]:
    if not state.deck or state.temperance is not None:
        return []
    return [{**play, "field": f} for f in FIELDS if f not in seat.fields or seat.fields[f].abdicated]


def _tower_actions(state: State, seat: Seat, play: Action) -> list[Action]:
    return [{**play, "target": s.player, "field": f} for s in state.seats if s.in_play
            for f, c in s.fields.items() if c.form not in (ABDICATION, JUDGMENT_FORM, WORLD_FORM)]


def _chariot_actions(state: State, seat: Seat) -> list[Action]:
    if seat.kind == MECHANICAL:
        return []
    pool = [c.face for c in _distinct(usable(state, seat))]
    if seat.chariot is None:
        if not any(c.is_major and c.rank == CHARIOT for c in pool):
            return []
        rest = [c for c in pool if not (c.is_major and c.rank == CHARIOT)]
        return [{"type": "chariot", "cards": [c.code for c in combo]}
                for size in range(len(rest) + 1) for combo in combinations(rest, size)]
    adds = [{"type": "chariot_add", "cards": [c.code for c in combo]}
            for size in (1, 2) for combo in combinations(pool, size)]
    return [*adds, {"type": "chariot_drop"}]


# --- what each seat sees -------------------------------------------------------------------


def view(state: State, player: int | None = None) -> dict[str, Any]:
    """The table as `player` (None: a spectator) may see it: see the package docstring."""
    me = state.seat(player) if player is not None else None
    current = current_seat(state) if state.phase != "over" and state.seats else None
    window = None
    if state.window is not None:
        window = {"id": state.window["id"], "after": state.window["after"], "field": state.window["field"],
                  "holder": state.window.get("holder", state.window["after"]),  # absent from older saves
                  "seconds": state.options.reaction_seconds}
    return {
        "game": NAME, "variant": state.options.variant, "gaza": state.options.gaza,
        "round": state.round, "rounds": state.options.rounds, "phase": state.phase,
        "turn": None if current is None else current.player,
        "turn_controller": None if current is None else current.controller,
        "pending": pending(state), "commitment": commitment(state.seed) if state.seed else None,
        "commitments": [deal.public() for deal in deals_in_play(state)],
        "deck": len(state.deck), "discard": len(state.discard or []), "refills": state.refills,
        "no_refill": state.no_refill,
        "justice": None if state.justice is None else _codes(state.justice),
        "temperance": None if state.temperance is None else
        {"owner": state.temperance["owner"], "field": state.temperance["field"]},
        "touched": list(state.touched),
        "seats": [_seat_view(state, s, player) for s in state.seats],
        "window": window, "vote": None if state.vote is None else
        {"voters": list(state.vote["voters"]), "yes": list(state.vote["yes"])},
        "choice": None if state.choice is None else dict(state.choice),
        "reveal": None if state.reveal is None else plain_copy(state.reveal),
        "log": state.log[-12:], "results": [dict(r) for r in state.results], "scores": scores(state),
        "winners": list(state.winners), "players": list(state.players),
        "history": [{"round": h["round"], "seed": h["seed"], "commitment": h["commitment"],
                     "winners": dict(h["winners"])} for h in state.history],
        "me": None if me is None else _own_view(state, me),
    }


def _codes(items: list[Card]) -> list[str]:
    """Cards' notations (each card holds its own: no lookup, no hashing)."""
    return [c.code for c in items] if items else []


def _seat_view(state: State, seat: Seat, viewer: int | None) -> dict[str, Any]:
    own = viewer is not None and seat.controller == viewer
    fields = {}
    for f, commit in seat.fields.items():
        hidden = commit.secret and not own
        fields[f] = {"form": "secret" if hidden else commit.form, "order": commit.order,
                     "cards": [] if hidden else _codes(commit.cards), "count": len(commit.cards),
                     "secret": commit.secret, "linked": commit.linked, "ace_open": commit.ace_open}
    shown = [c.code for c in seat.shown if c in seat.hand] if seat.shown else []
    return {
        "player": seat.player, "kind": seat.kind, "master": seat.master, "controller": seat.controller,
        "hand_count": len(seat.hand), "hand": _codes(seat.hand) if seat.kind == DAEMON or own else None,
        "visible": _codes(seat.visible), "limit": seat.limit, "fields": fields,
        "finished": seat.finished, "complete": len(seat.fields) == 4,
        "chariot": seat.chariot is not None, "reserve": _codes(seat.reserve),
        "hermit": seat.hermit is not None, "hermit_moves": seat.hermit_moves,
        "secret_used": seat.secret_used, "shown": shown,
    }


def _own_view(state: State, seat: Seat) -> dict[str, Any]:
    in_window = state.phase == "window"
    can_fool = in_window and _may_fool(state, seat)
    daemons = _daemons_of(state, seat.player)
    daemon_fools = [d.player for d in daemons if _may_fool(state, d)] if in_window and daemons else []
    daemon_hermits = [d.player for d in daemons if _hermit_ready(d)] if in_window else []
    return {
        "player": seat.player, "hand": codes(seat.hand), "visible": codes(seat.visible),
        "looks": [dict(look) for look in seat.looks if look["round"] == state.round],
        "reactions": (["fool"] if can_fool else []) + (["daemon_fool"] if daemon_fools else [])
        + (["hermit"] if in_window and _hermit_ready(seat) else [])
        + (["daemon_hermit"] if daemon_hermits else []),
        "fool_daemons": daemon_fools, "hermit_daemons": daemon_hermits,
        "passed": state.window is not None and seat.player in state.window["passed"],
        "secret": {f: codes(c.cards) for f, c in seat.fields.items() if c.secret},
        "daemons": [d.player for d in daemons],
    }


def _faces(codes_: list[str]) -> str:
    """Cards in a line of text: by their face, since orientation means nothing in Arcanoid."""
    return " ".join(parse_card(code).face.code for code in codes_)


# The forms a force shows in /history when it shows no card (marked).
FORM_NAMES = {ABDICATION: Text(N_("abdication")), JUDGMENT_FORM: Text(N_("judgment"))}


def history(state: State, player: int) -> list[dict[str, Any]]:
    """Finished rounds (seeds revealed), for /history and /verify: marked texts (a battlefield
    and its forces a line, then who won each)."""
    return [{"hand": entry["round"],
             "deals": entry.get("deals") or
             [DealSeed(label=f"round {entry['round']}", commitment=entry["commitment"], seed=entry["seed"])],
             "cards": [Text(N_("{field}: {forces}"), field=field_word(f), forces=_listed(
                 [_faces(c["cards"]) or FORM_NAMES.get(c["form"], c["form"]) for c in b["forces"]]))
                 for f, b in entry["battles"].items()],
             "actions": [], "result": _listed([Text(N_("{field} {player}"), field=field_word(f), player=_seat_said(w))
                                               for f, w in entry["winners"].items()])}
            for entry in state.history]


def _listed(parts: list[str]) -> Text:
    """Parts (marked texts among them) joined by commas as one text: the Discord side says each
    part in its reader's language."""
    params = {f"p{i}": part for i, part in enumerate(parts)}
    template = ", ".join("{" + name + "}" for name in params)
    return Text(template, **params)


def _seat_said(player: int | None) -> str:
    if player is None:
        return Text(N_("nobody"))
    return Text(N_("USA")) if player == USA else mention(player)
