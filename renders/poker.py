"""The Major Poker table image: the seats around the board (half above, half below), the pot
and side pots, each seat's stack, bet, position and state, hole cards face down (or face up
for their owner and at the showdown, where each hand is named and the winners marked)."""

from __future__ import annotations

from typing import Any

from games.base import N_
from renders import layout as L
from renders import text
from renders.cards import card_height
from renders.words import ENGLISH, Words, speaking

FORMAT_NAMES = {"holdem": N_("Hold'em"), "draw": N_("Five-card draw")}
PHASES = {"preflop": N_("before the flop"), "flop": N_("the flop"), "turn": N_("the turn"), "river": N_("the river"),
          "predraw": N_("before the draw"), "draw": N_("the draw"), "postdraw": N_("after the draw"),
          "showdown": N_("showdown"), "won": N_("hand over"), "waiting": N_("waiting for players")}
ROLES = {"D": N_("D"), "SB": N_("SB"), "BB": N_("BB")}  # the button, the small and the big blind
WAITING = N_("Waiting for a second player with chips: join with /table join.")
BOARD_SLOTS = 5
SEAT_WIDTH = 230  # a seat's plate; its hole cards lie beside it
CARD = L.TABLE_CARD
HOLE_STEP = 30  # hole cards overlap, each showing its corner index
SMALL_CARD = L.SMALLER_CARDS[1]  # a crowded table's cards: 32 px once the frame shows them
PER_ROW = 5  # a crowded table's seats to a row, two rows around the board


def render_poker(view: dict[str, Any], names: dict[int, str], style: str = "rws", words: Words = ENGLISH) -> bytes:
    """The table as PNG bytes. `view` is games.poker's view (hidden cards are None and drawn
    face down) or the `last_round` snapshot of a finished hand; `names` maps ids to names;
    `words`: the image's words in the reader's language."""
    with speaking(words):
        fmt = words(FORMAT_NAMES[view["format"]]) if view.get("format") in FORMAT_NAMES else words("Poker")
        phase = words(PHASES[view["phase"]]) if view["phase"] in PHASES else view["phase"]
        info = words("{format} · blinds {small}/{big} · {phase}", format=fmt, small=L.chips(view["small_blind"]),
                     big=L.chips(view["big_blind"]), phase=phase)
        title = words("Major Poker · hand {number}", number=view["round"]) if view.get("round") else words("Major Poker")
        return L.to_png(L.compose(title, info, _body(view, names, style, L.header_height(title, info), words)))


def _pot_name(words: Words, index: int, count: int) -> str:
    """games.pots.pot_name in the reader's words."""
    if count == 1:
        return words("Pot")
    return words("Main pot") if index == 0 else words("Side pot {number}", number=index)


def _body(view: dict[str, Any], names: dict[int, str], style: str, head: int = L.HEAD,
          words: Words = ENGLISH) -> L.Block:
    """The table under a header `head` high: as usual, or crowded when that fits the frame better."""
    last = view.get("last_round")
    if view["phase"] == "waiting":
        waiting = L.panel(L.label(words(WAITING), 16, L.MUTED), pad=14)
        plates = [_seat(seat, view, names, style, words=words) for seat in view["seats"]] or [waiting]
        parts = [L.flow(plates, L.BODY[0], gap=8, row_gap=8), waiting]
        if last:
            parts.append(L.section(words("Last hand ({number})", number=last["round"]),
                                   _table(last, names, style, words=words), fill=L.MUTED))
        return L.best_fit([L.column(parts, gap=12),
                           *(_crowded_waiting(view, names, style, why, words) for why in (True, False))], head)
    return L.best_fit([L.fit_frame(lambda room: _table(view, names, style, room, words), most=2),
                       *(_crowded(view, names, style, why, words) for why in (True, False))], head)


def _crowded_waiting(view: dict[str, Any], names: dict[int, str], style: str, reasons: bool = True,
                     words: Words = ENGLISH) -> L.Block:
    """A crowded table between hands: the call to join and the last hand's heading on a line,
    then the last hand as a crowded table draws it (its plates give each seat's stack; without
    `reasons`, its pots' winners without why: the hand's own message gave them)."""
    call = L.label(words(WAITING), L.SMALL, L.MUTED)
    last = view.get("last_round")
    if not last:
        return call
    heading = L.label(words("Last hand ({number})", number=last["round"]).upper(), L.SMALL, L.MUTED, bold=True)
    return L.column([L.row([call, heading], gap=16, align="middle"), _crowded(last, names, style, reasons, words)],
                    gap=4)


def _crowded(view: dict[str, Any], names: dict[int, str], style: str, reasons: bool = True,
             words: Words = ENGLISH) -> L.Block:
    """A table of many seats in the usual frame: rows of narrow plates around a board of
    smaller cards; a face-down hand is not drawn (the plate says whether the seat is in the
    hand). At a finished hand, the hands shown lie under their plates in a row of their own, and
    every other seat is a line."""
    seats = _shown_seats(view)
    shown = [s for s in seats if any(c is not None for c in s.get("cards") or [])] if view.get("final") else []
    if shown:
        others = [s for s in seats if s not in shown]
        top = L.row([_seat(s, view, names, style, _narrow(len(shown)), SMALL_CARD, words) for s in shown], gap=8)
        lines = [L.cached_label(_seat_line(s, view, names, words), L.SMALL, L.MUTED, max_width=L.BODY[0] // 2 - 8)
                 for s in others]
        bottom = L.flow(lines, L.BODY[0], gap=16, row_gap=2) if lines else None
    else:
        per_row = min(PER_ROW, max(1, (len(seats) + 1) // 2))
        plates = [_seat(seat, view, names, style, _narrow(per_row), SMALL_CARD, words) for seat in seats]
        top = L.row(plates[:per_row], gap=8)
        bottom = L.flow(plates[per_row:], L.BODY[0], gap=8, row_gap=8) if plates[per_row:] else None
    centre = _centre(view, names, style, SMALL_CARD, reasons, words)
    return L.column([top, centre, *([bottom] if bottom else [])], gap=4)


def _narrow(per_row: int) -> int:
    return (L.BODY[0] - 8 * (min(per_row, PER_ROW) - 1)) // min(per_row, PER_ROW) - 10


def _seat_line(seat: dict[str, Any], view: dict[str, Any], names: dict[int, str], words: Words = ENGLISH) -> str:
    """A seat that showed nothing, on a line: its name and its plate's lines."""
    return " · ".join([L.player_name(names, seat["player"]),
                       *(value for value, _ in _details(seat, view, words) if value)])


def _table(view: dict[str, Any], names: dict[int, str], style: str, room: int = L.BODY[0],
           words: Words = ENGLISH) -> L.Block:
    """Half the seats above the board, half below, each half in seat order."""
    seats = [_seat(seat, view, names, style, words=words) for seat in _shown_seats(view)]
    half = (len(seats) + 1) // 2
    top = L.flow(seats[:half], room, gap=8, row_gap=8)
    bottom = L.flow(seats[half:], room, gap=8, row_gap=8)
    middle = _centre(view, names, style, words=words)
    return L.column([top, middle, bottom] if seats[half:] else [top, middle], gap=8)


def _shown_seats(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Seats in table order; a finished hand shows those who played it (who left, last)."""
    seats = [s for s in view["seats"] if s.get("in_hand") or not view.get("final")]
    return sorted(seats, key=lambda s: (s.get("left", False), s.get("number", 0)))


def _centre(view: dict[str, Any], names: dict[int, str], style: str, card_width: int = CARD,
            reasons: bool = True, words: Words = ENGLISH) -> L.Block:
    """The board (slots for the cards to come) beside the pot, or over it at a finished hand,
    whose winners of each pot go on wrapped lines under the pot."""
    pots = view.get("pots") or []
    board = None
    if view.get("format") == "holdem" and (view["board"] or not view.get("final")):
        board = _board(L.parse(view["board"]), style, slots=not view.get("final"), width=card_width)
    beside = board is not None and not view.get("final")
    room = L.BODY[0] - 40 - (board.width + 16 if board is not None and beside else 0)
    parts = [L.label(words("POT {amount}", amount=L.chips(view["pot"])), L.TITLE_SIZE, L.GOLD, bold=True)]
    if view.get("final") and pots:
        parts.append(_winners_line(view, names, room, reasons, words))
    elif len(pots) > 1:
        shares = " · ".join(words("{pot}: {amount}", pot=_pot_name(words, i, len(pots)), amount=L.chips(p["amount"]))
                           for i, p in enumerate(pots))
        parts.append(L.label(shares, L.SMALL, L.MUTED))
    if view["phase"] == "draw" and view.get("turn"):
        who = L.player_name(names, view["turn"]["player"])
        parts.append(L.label(words("The draw: {player} chooses cards to replace", player=who), L.SMALL, L.TEXT, max_width=L.BODY[0] - 40))
    middle = L.column(parts, gap=4)
    if board is not None:
        middle = L.row([board, middle], gap=16, align="middle") if beside else L.column([board, middle], gap=6)
    return L.panel(middle, pad=10, outline=L.PLATE_EDGE, outline_width=1)


def _winners_line(view: dict[str, Any], names: dict[int, str], room: int = L.BODY[0] - 40,
                  reasons: bool = True, words: Words = ENGLISH) -> L.Block:
    lines = []
    for i, pot in enumerate(view["pots"]):
        who = " & ".join(L.player_name(names, p) for p in pot.get("winners", []))
        why = f" ({pot['reason']})" if pot.get("reason") and reasons else ""
        said = words("{pot} of {amount} to {players}", pot=_pot_name(words, i, len(view["pots"])),
                     amount=L.chips(pot["amount"]), players=who) + why
        lines += [(line, L.WIN) for line in text.wrap(said, L.SMALL, room)]
    return L.lines(lines, L.SMALL, max_width=room)


def _board(board: list[Any], style: str, slots: bool, width: int = CARD) -> L.Block:
    """The community cards side by side; with `slots`, empty places for those still to come (a
    crowded table's smaller cards go without the reversed-card markers: they lie upside down)."""
    cards = L.fan(board, width, style, offset=width + 8, markers=width == CARD) if board else L.spacer()
    count = BOARD_SLOTS if slots else len(board)

    def paint(canvas: L.Canvas, x: int, y: int) -> None:
        cards.paint(canvas, x, y)
        height = card_height(width)
        for i in range(len(board), count):
            left = x + i * (width + 8)
            canvas.draw.rounded_rectangle((left, y, left + width - 1, y + height - 1), radius=width // 14,
                                          outline=L.PLATE_EDGE, width=2)

    return L.Block(count * (width + 8) - 8, max(cards.height, card_height(width)), paint)


def _seat(seat: dict[str, Any], view: dict[str, Any], names: dict[int, str], style: str,
          width: int = SEAT_WIDTH, card_width: int | None = None, words: Words = ENGLISH) -> L.Block:
    """A seat: its plate, its hole cards beside it; or, at a crowded table (`card_width`
    given), the plate `width` wide and shown cards under it."""
    turn = view.get("turn") or {}
    is_turn = turn.get("player") == seat["player"]
    won = seat.get("won") or 0
    badge = (words("to act"), L.GOLD) if is_turn else (words("wins"), L.WIN) if won else None
    name = L.player_name(names, seat["player"])
    codes = seat.get("cards") or []
    if card_width is not None:
        shown = [c for c in codes if c is not None]
        cards = L.fan(L.parse(shown), card_width, style, offset=round(card_width * 0.4), markers=False,
                      max_width=width) if shown else None
        beside = cards is not None and width - cards.width - 8 >= SEAT_WIDTH - 40
        plate = L.plate(name, _details(seat, view, words), width - cards.width - 8 if beside else width, turn=is_turn,
                        badge=badge, cached=True)
        body = plate if cards is None else L.row([plate, cards], gap=8) if beside else L.column([plate, cards], gap=4)
    else:
        plate = L.plate(name, _details(seat, view, words), width, turn=is_turn, badge=badge)
        body = L.row([plate, L.fan(L.parse(codes), CARD, style, offset=HOLE_STEP)], gap=8) if codes else plate
    outline = L.GOLD if is_turn else L.WIN if won else None
    return L.panel(body, pad=5, outline=outline, outline_width=3)


def _details(seat: dict[str, Any], view: dict[str, Any], words: Words = ENGLISH) -> list[tuple[str, L.Colour]]:
    roles = " · ".join(words(ROLES[r]) if r in ROLES else r for r in seat.get("roles") or [])
    stack = words("Left the table") if seat.get("left") else words("Stack {chips}", chips=L.chips(seat["stack"]))
    head = (f"{roles} · " if roles else "") + stack
    lines: list[tuple[str, L.Colour]] = [(head, L.MUTED)]
    if view.get("final"):
        return lines + _result_lines(seat, view, words)
    if seat.get("sitting_out") and not seat.get("in_hand"):
        return lines + [(words("Sitting out"), L.MUTED)]
    if not seat.get("in_hand"):
        waiting = words("Waiting for a hand") if view["phase"] == "waiting" else words("Dealt in next hand")
        return lines + [(waiting, L.MUTED)]
    if seat.get("folded"):
        return lines + [(words("Folded"), L.LOSS)]
    state = [words("Bet {chips}", chips=L.chips(seat["bet"])) if seat.get("bet")
             else words("In for {chips}", chips=L.chips(seat["put_in"]))]
    if seat.get("all_in"):
        state.append(words("ALL-IN"))
    if seat.get("drawn") is not None:
        state.append(words("drew {number}", number=seat["drawn"]) if seat["drawn"] else words("stood pat"))
    colour = L.GOLD if seat.get("all_in") else L.TEXT
    return lines + [(" · ".join(state), colour)]


def _result_lines(seat: dict[str, Any], view: dict[str, Any], words: Words = ENGLISH) -> list[tuple[str, L.Colour]]:
    hand = next((h for h in view.get("hands", []) if h["player"] == seat["player"]), None)
    lines: list[tuple[str, L.Colour]] = []
    if hand is not None:
        lines.append((words(hand["category"]).capitalize(), L.GOLD))
    elif seat.get("folded"):
        lines.append((words("Folded and left") if seat.get("left") else words("Folded"), L.MUTED))
    net = seat.get("net", 0)
    if seat.get("won"):
        signed = L.number(net, "+,")
        lines.append((words("Wins {chips} ({net})", chips=L.chips(seat["won"]), net=signed), L.WIN))
    elif net:
        lines.append((L.number(net, "+,"), L.LOSS))
    return lines
