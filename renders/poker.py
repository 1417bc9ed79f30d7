"""The Major Poker table image: the seats around the board (half above, half below), the pot
and side pots, each seat's stack, bet, position and state, hole cards face down (or face up
for their owner and at the showdown, where each hand is named and the winners marked)."""

from __future__ import annotations

from typing import Any

from games.pots import pot_name
from renders import layout as L
from renders.cards import card_height

FORMAT_NAMES = {"holdem": "Hold'em", "draw": "Five-card draw"}
PHASES = {"preflop": "before the flop", "flop": "the flop", "turn": "the turn", "river": "the river",
          "predraw": "before the draw", "draw": "the draw", "postdraw": "after the draw",
          "showdown": "showdown", "won": "hand over", "waiting": "waiting for players"}
BOARD_SLOTS = 5
SEAT_WIDTH = 230  # a seat's plate; its hole cards lie beside it
CARD = L.TABLE_CARD
HOLE_STEP = 30  # hole cards overlap, each showing its corner index


def render_poker(view: dict[str, Any], names: dict[int, str], style: str = "rws") -> bytes:
    """The table as PNG bytes. `view` is games.poker's view (hidden cards are None and drawn
    face down) or the `last_round` snapshot of a finished hand; `names` maps ids to names."""
    fmt = FORMAT_NAMES.get(view.get("format", ""), "Poker")
    info = (f"{fmt} · blinds {L.chips(view['small_blind'])}/{L.chips(view['big_blind'])} · "
            f"{PHASES.get(view['phase'], view['phase'])}")
    title = f"Major Poker · hand {view['round']}" if view.get("round") else "Major Poker"
    return L.to_png(L.compose(title, info, _body(view, names, style)))


def _body(view: dict[str, Any], names: dict[int, str], style: str) -> L.Block:
    last = view.get("last_round")
    if view["phase"] == "waiting":
        waiting = L.panel(L.label("Waiting for a second player with chips: join with /table join.",
                                  16, L.MUTED), pad=14)
        plates = [_seat(seat, view, names, style) for seat in view["seats"]] or [waiting]
        parts = [L.flow(plates, L.BODY[0], gap=8, row_gap=8), waiting]
        if last:
            parts.append(L.section(f"Last hand ({last['round']})", _table(last, names, style),
                                   fill=L.MUTED))
        return L.column(parts, gap=12)
    return L.fit_frame(lambda room: _table(view, names, style, room))


def _table(view: dict[str, Any], names: dict[int, str], style: str, room: int = L.BODY[0]) -> L.Block:
    """Half the seats above the board, half below, each half in seat order."""
    seats = [_seat(seat, view, names, style) for seat in _shown_seats(view)]
    half = (len(seats) + 1) // 2
    top = L.flow(seats[:half], room, gap=8, row_gap=8)
    bottom = L.flow(seats[half:], room, gap=8, row_gap=8)
    middle = _centre(view, names, style)
    return L.column([top, middle, bottom] if seats[half:] else [top, middle], gap=8)


def _shown_seats(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Seats in table order; a finished hand shows those who played it (who left, last)."""
    seats = [s for s in view["seats"] if s.get("in_hand") or not view.get("final")]
    return sorted(seats, key=lambda s: (s.get("left", False), s.get("number", 0)))


def _centre(view: dict[str, Any], names: dict[int, str], style: str) -> L.Block:
    pot_line = L.label(f"POT {L.chips(view['pot'])}", L.TITLE_SIZE, L.GOLD, bold=True)
    parts = [pot_line]
    pots = view.get("pots") or []
    if view.get("final") and pots:
        parts.append(_winners_line(view, names))
    elif len(pots) > 1:
        shares = " · ".join(f"{pot_name(i, len(pots))}: {L.chips(p['amount'])}" for i, p in enumerate(pots))
        parts.append(L.label(shares, L.SMALL, L.MUTED))
    if view["phase"] == "draw" and view.get("turn"):
        who = L.player_name(names, view["turn"]["player"])
        parts.append(L.label(f"The draw: {who} chooses cards to replace", L.SMALL, L.TEXT, max_width=L.BODY[0] - 40))
    middle = L.column(parts, gap=4)
    if view.get("format") == "holdem" and (view["board"] or not view.get("final")):
        board = _board(L.parse(view["board"]), style, slots=not view.get("final"))
        middle = L.row([board, middle], gap=16, align="middle") if not view.get("final") or len(pots) < 2 \
            else L.column([board, middle], gap=6)
    return L.panel(middle, pad=10, outline=L.PLATE_EDGE, outline_width=1)


def _winners_line(view: dict[str, Any], names: dict[int, str]) -> L.Block:
    lines = []
    for i, pot in enumerate(view["pots"]):
        who = " & ".join(L.player_name(names, p) for p in pot.get("winners", []))
        why = f" ({pot['reason']})" if pot.get("reason") else ""
        lines.append((f"{pot_name(i, len(view['pots']))} of {L.chips(pot['amount'])} to {who}{why}", L.WIN))
    return L.lines(lines, L.SMALL, max_width=L.BODY[0] - 40)


def _board(board: list[Any], style: str, slots: bool) -> L.Block:
    """The community cards side by side; with `slots`, empty places for those still to come."""
    cards = L.fan(board, CARD, style, offset=CARD + 8) if board else L.spacer()
    count = BOARD_SLOTS if slots else len(board)

    def paint(canvas: L.Canvas, x: int, y: int) -> None:
        cards.paint(canvas, x, y)
        height = card_height(CARD)
        for i in range(len(board), count):
            left = x + i * (CARD + 8)
            canvas.draw.rounded_rectangle((left, y, left + CARD - 1, y + height - 1), radius=CARD // 14,
                                          outline=L.PLATE_EDGE, width=2)

    return L.Block(count * (CARD + 8) - 8, max(cards.height, card_height(CARD)), paint)


def _seat(seat: dict[str, Any], view: dict[str, Any], names: dict[int, str], style: str) -> L.Block:
    turn = view.get("turn") or {}
    is_turn = turn.get("player") == seat["player"]
    won = seat.get("won") or 0
    badge = ("to act", L.GOLD) if is_turn else ("wins", L.WIN) if won else None
    name = L.player_name(names, seat["player"])
    codes = seat.get("cards") or []
    plate = L.plate(name, _details(seat, view), SEAT_WIDTH, turn=is_turn, badge=badge)
    body = L.row([plate, L.fan(L.parse(codes), CARD, style, offset=HOLE_STEP)], gap=8) if codes else plate
    outline = L.GOLD if is_turn else L.WIN if won else None
    return L.panel(body, pad=5, outline=outline, outline_width=3)


def _details(seat: dict[str, Any], view: dict[str, Any]) -> list[tuple[str, L.Colour]]:
    roles = " · ".join(seat.get("roles") or [])
    stack = "Left the table" if seat.get("left") else f"Stack {L.chips(seat['stack'])}"
    head = (f"{roles} · " if roles else "") + stack
    lines: list[tuple[str, L.Colour]] = [(head, L.MUTED)]
    if view.get("final"):
        return lines + _result_lines(seat, view)
    if seat.get("sitting_out") and not seat.get("in_hand"):
        return lines + [("Sitting out", L.MUTED)]
    if not seat.get("in_hand"):
        waiting = "Waiting for a hand" if view["phase"] == "waiting" else "Dealt in next hand"
        return lines + [(waiting, L.MUTED)]
    if seat.get("folded"):
        return lines + [("Folded", L.LOSS)]
    state = [f"Bet {L.chips(seat['bet'])}" if seat.get("bet") else f"In for {L.chips(seat['put_in'])}"]
    if seat.get("all_in"):
        state.append("ALL-IN")
    if seat.get("drawn") is not None:
        state.append(f"drew {seat['drawn']}" if seat["drawn"] else "stood pat")
    colour = L.GOLD if seat.get("all_in") else L.TEXT
    return lines + [(" · ".join(state), colour)]


def _result_lines(seat: dict[str, Any], view: dict[str, Any]) -> list[tuple[str, L.Colour]]:
    hand = next((h for h in view.get("hands", []) if h["player"] == seat["player"]), None)
    lines: list[tuple[str, L.Colour]] = []
    if hand is not None:
        lines.append((hand["category"].capitalize(), L.GOLD))
    elif seat.get("folded"):
        lines.append(("Folded" + (" and left" if seat.get("left") else ""), L.MUTED))
    net = seat.get("net", 0)
    if seat.get("won"):
        lines.append((f"Wins {L.chips(seat['won'])} ({net:+,})", L.WIN))
    elif net:
        lines.append((f"{net:+,}", L.LOSS))
    return lines
