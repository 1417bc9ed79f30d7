"""The Major Blackjack table image: the dealer's hand on top, then every seat with its name
plate and hands (split hands side by side), whose turn it is, totals, statuses, results."""

from __future__ import annotations

from typing import Any

from games.base import N_
from renders import layout as L
from renders import text
from renders.cards import game_faces
from renders.words import ENGLISH, Words, speaking

STATUS = {"playing": ("", L.TEXT), "stood": (N_("stood"), L.MUTED), "bust": (N_("BUST"), L.LOSS),
          "blackjack": (N_("BLACKJACK"), L.GOLD), "doubled": (N_("doubled"), L.TEXT)}
RESULT = {"win": (N_("Win"), L.WIN), "blackjack": (N_("Blackjack win"), L.GOLD), "push": (N_("Push"), L.PUSH),
          "loss": (N_("Loss"), L.LOSS)}
PHASE = {"betting": N_("betting open"), "playing": N_("in play"), "settled": N_("settled")}
HAND_TEXT = 150  # the narrowest a hand's text lines wrap to
SEATS_IN_A_ROW = 4
CARD = L.TABLE_CARD
SEAT_WIDTH = 176  # four seats to a row
PAST_CARD = 72  # the last round's cards, under the next round's bets
SIDE_BY_SIDE = 4  # cards a hand shows whole, side by side; more close up but keep each centre
TO_ACT = N_("to act")


def _cards(codes: list[str | None], width: int, style: str, whole: bool = True, room: int | None = None) -> L.Block:
    """A hand's cards, side by side when they fit in `room`, else overlapping, each showing
    its corner index (a major's number, what blackjack counts); or, where a seat's split hands
    need the room, overlapping with each card's notation under it ("13")."""
    if whole:
        room = SIDE_BY_SIDE * (width + 8) - 8 if room is None else room
        return L.card_rows(L.parse(codes), width, style, max(room, width))
    return L.fan(L.parse(codes), width, style, codes=True, max_width=room)


def render_blackjack(view: dict[str, Any], names: dict[int, str], style: str = "rws", words: Words = ENGLISH) -> bytes:
    """The table as PNG bytes. `view` is games.blackjack's view (spectator or player: hidden
    cards are None and drawn face down); `names` maps player ids to display names; `words`
    the image's words in the table's language."""
    with speaking(words):
        info = words("Bets {low}-{high} · shoe {cards} · {phase}", low=L.chips(view["min_bet"]), high=L.chips(view["max_bet"]),
                     cards=view["shoe_remaining"], phase=words(PHASE[view["phase"]]) if view["phase"] in PHASE else view["phase"])
        title = words("Major Blackjack · round {round}", round=view["round"])
        head = L.header_height(title, info)
        return L.to_png(L.compose(title, info, _body(view, names, game_faces("blackjack", style), words, head)))


def _body(view: dict[str, Any], names: dict[int, str], style: str, words: Words, head: int = L.HEAD) -> L.Block:
    last = view.get("last_round")
    if view["phase"] == "betting" and not view["dealer"]["cards"] and last:
        def betting(room: int) -> L.Block:
            plates = [_seat(seat, view, names, style, words, with_hands=False) for seat in view["seats"]]
            return L.column([L.flow(plates or [_nobody(words)], room, gap=6, row_gap=6),
                             _table(last, names, style, words, PAST_CARD, True, room)],
                            gap=8)

        return L.best_fit([L.fit_frame(betting, most=2), _crowded_betting(view, names, style, words)], head)
    return L.best_fit([L.fit_frame(lambda room: _table(view, names, style, words, CARD, room=room), most=2),
                       _crowded(view, names, style, words)], head)


# --- a crowded table: the dealer and every seat in cells of a grid -------------------------

CELLS_IN_A_ROW = 4
SMALL_CARD = L.SMALLER_CARDS[1]  # 32 px once the frame shows it


def _cell_width() -> int:
    return (L.BODY[0] - 6 * (CELLS_IN_A_ROW - 1)) // CELLS_IN_A_ROW


def _crowded_betting(view: dict[str, Any], names: dict[int, str], style: str, words: Words) -> L.Block:
    """The next round's bets, each seat in two lines, over the last round as a crowded table
    draws it."""
    width = _cell_width()
    cells = [_bet_cell(seat, view, names, width, words) for seat in view["seats"]] or [_nobody(words)]
    bets = L.column([L.row(cells[i:i + CELLS_IN_A_ROW], gap=6) for i in range(0, len(cells), CELLS_IN_A_ROW)],
                    gap=4, align="left")
    last = view["last_round"]
    return L.column([bets, _crowded(last, names, style, words, past=True)], gap=8)


def _bet_cell(seat: dict[str, Any], view: dict[str, Any], names: dict[int, str], width: int, words: Words) -> L.Block:
    lines = [(L.player_name(names, seat["player"]), L.TEXT), *_seat_details(seat, view, words)]
    block = L.column([L.cached_label(value, L.SMALL, colour, bold=i == 0, max_width=width)
                      for i, (value, colour) in enumerate(lines)], gap=0, align="left")
    return L.Block(width, block.height, block.paint)


def _crowded(view: dict[str, Any], names: dict[int, str], style: str, words: Words, past: bool = False) -> L.Block:
    """The dealer and the seats in a grid of narrow cells: a seat's one hand drawn in smaller
    cards, several hands (splits) a line each; a `past` round (under the next one's bets)
    draws its hands as lines, under the names alone."""
    width = _cell_width()
    played = [seat for seat in view["seats"] if seat["hands"] or not past]
    dealer = view["dealer"]
    heading = _dealer_heading(dealer, words)
    if past:
        heading = words("Last round ({round}) · {dealer}", round=view["round"], dealer=heading)
    said = [L.cached_label(line, L.SMALL, L.GOLD, bold=True) for line in text.wrap(heading, L.SMALL, width - 12)]
    fan = L.fan(L.parse(dealer["cards"]), SMALL_CARD, style, markers=False, max_width=width - 12)
    cells = [L.panel(L.column([*said, fan], gap=2), pad=6, min_width=width)]
    cells += [_seat_cell(seat, view, names, style, width, past, words) for seat in played]
    rows = [L.row(cells[i:i + CELLS_IN_A_ROW], gap=6) for i in range(0, len(cells), CELLS_IN_A_ROW)]
    return L.column(rows, gap=6, align="left")


def _seat_cell(seat: dict[str, Any], view: dict[str, Any], names: dict[int, str], style: str, width: int,
               past: bool, words: Words) -> L.Block:
    turn = view.get("turn")
    is_turn = bool(turn) and turn["player"] == seat["player"]
    active = turn["hand"] if is_turn else -1
    plate = L.plate(L.player_name(names, seat["player"]), [] if past else _cell_details(seat, view, width - 28, words),
                    width - 8, turn=is_turn, badge=(words(TO_ACT), L.GOLD) if is_turn else None, cached=True)
    hands = seat["hands"]
    parts = [plate]
    if len(hands) == 1 and not past:
        parts.append(L.fan(L.parse(hands[0]["cards"]), SMALL_CARD, style, markers=False, max_width=width - 8))
    for i, hand in enumerate(hands):
        value, colour = _hand_line(hand, len(hands) > 1, words)
        if text.width(value, L.SMALL) > width - 8:  # too long: without the count of cards
            value = _hand_line(hand, False, words)[0]
        parts.append(L.cached_label(value, L.SMALL, L.GOLD if i == active else colour, bold=i == active,
                                    max_width=width - 8))
    return L.panel(L.column(parts, gap=2, align="left"), pad=4, outline=L.GOLD if is_turn else None, outline_width=2,
                   min_width=width)


def _cell_details(seat: dict[str, Any], view: dict[str, Any], width: int, words: Words) -> list[tuple[str, L.Colour]]:
    """A plate's lines broken at their dots for a narrow cell; split hands' bets as one figure
    a hand when they are too long to list (a doubled hand says so on its own line)."""
    details = [(part, colour) for value, colour in _seat_details(seat, view, words) for part in value.split(" · ")]
    hands = seat["hands"]
    if len(hands) > 1 and text.width(details[0][0], L.SMALL) > width:
        details[0] = (words("Bet {chips} a hand", chips=L.chips(seat["bet"])), details[0][1])
    return [(value[:1].upper() + value[1:], colour) for value, colour in details]


def _hand_line(hand: dict[str, Any], split: bool, words: Words) -> tuple[str, L.Colour]:
    """A hand on a line: its total and status, or once settled its total and result; a split
    hand says how many cards it holds."""
    status, colour = _status(hand, words)
    result = hand.get("result")
    if result:
        word, colour = _result(result, words)
        net = hand["payout"] - hand["bet"] if hand.get("payout") is not None else 0
        status = word + (f" {L.number(net, '+')}" if net else "")
    total = str(hand["total"]) if not split else words.plural("{n} card: {total}", "{n} cards: {total}",
                                                              len(hand["cards"]), total=hand["total"])
    return total + (f" · {status}" if status else ""), colour


def _status(hand: dict[str, Any], words: Words) -> tuple[str, L.Colour]:
    status, colour = STATUS.get(hand.get("status") or "", ("", L.TEXT))
    return (words(status) if status else ""), colour


def _result(result: str, words: Words) -> tuple[str, L.Colour]:
    word, colour = RESULT.get(result, (str(result), L.TEXT))
    return words(word), colour


def _table(view: dict[str, Any], names: dict[int, str], style: str, words: Words, width: int,
           past: bool = False, room: int = L.BODY[0]) -> L.Block:
    """The dealer over the seats. A `past` round (shown while the next one takes bets) shows
    only the seats that played, under their names alone."""
    played = [seat for seat in view["seats"] if seat["hands"] or not past]
    in_a_row = max(1, min(len(played), SEATS_IN_A_ROW))
    seat_room = (room - 6 * (in_a_row - 1)) // in_a_row - 6  # inside its panel
    seats = [_seat(seat, view, names, style, words, card_width=width, details=not past, room=seat_room)
             for seat in played]
    last = words("Last round ({round})", round=view["round"]) if past else ""
    return L.column([_dealer(view["dealer"], style, width, words, last),
                     L.flow(seats or [_nobody(words)], room, gap=6, row_gap=6)], gap=8)


def _nobody(words: Words) -> L.Block:
    return L.panel(L.label(words("No one is seated yet: join the table to play."), L.SMALL, L.MUTED), pad=14)


def _dealer_heading(dealer: dict[str, Any], words: Words) -> str:
    total = dealer.get("total")
    hidden = None in dealer["cards"]
    if total is None:
        return words("Dealer")
    if total > 21:
        return words("Dealer · {total} · BUST", total=total)
    return words("Dealer · shows {total}", total=total) if hidden else words("Dealer · {total}", total=total)


def _dealer(dealer: dict[str, Any], style: str, width: int, words: Words, past: str = "") -> L.Block:
    total = dealer.get("total")
    heading = _dealer_heading(dealer, words)
    colour = L.LOSS if total is not None and total > 21 else L.GOLD
    cards = _cards(dealer["cards"], width, style)
    words = L.column(([L.label(past.upper(), L.SMALL, L.MUTED, bold=True)] if past else []) +
                     [L.label(heading, L.NAME_SIZE, colour, bold=True)], gap=2, align="left")
    return L.panel(L.row([words, cards], gap=16, align="middle"), pad=8)


def _seat(seat: dict[str, Any], view: dict[str, Any], names: dict[int, str], style: str, words: Words,
          with_hands: bool = True, card_width: int = CARD, details: bool = True, room: int | None = None) -> L.Block:
    turn = view.get("turn")
    is_turn = bool(turn) and turn["player"] == seat["player"]
    hands = seat["hands"] if with_hands else []
    active = turn["hand"] if is_turn else -1
    own_bets = len(hands) > 1 or any(hand["bet"] != seat.get("bet") for hand in hands)
    hand_room = None if room is None else (room - 8 * (len(hands) - 1)) // max(1, len(hands)) - 8
    hand_blocks = [_hand(hand, i == active, own_bets, style, card_width, words, whole=len(hands) == 1, room=hand_room)
                   for i, hand in enumerate(hands)]
    hands_row = L.row(hand_blocks, gap=8) if hand_blocks else None
    width = max(room or SEAT_WIDTH, hands_row.width if hands_row else 0)
    badge = (words(TO_ACT), L.GOLD) if is_turn else None
    name = L.player_name(names, seat["player"])
    plate = L.plate(name, _seat_details(seat, view, words) if details else [], width, turn=is_turn,
                    badge=badge, cached=True)
    body = L.column([plate, hands_row], gap=4) if hands_row else plate
    return L.panel(body, pad=3, outline=L.GOLD if is_turn else None, outline_width=3)


def _seat_details(seat: dict[str, Any], view: dict[str, Any], words: Words) -> list[tuple[str, L.Colour]]:
    stack = words("Stack {chips}", chips=L.chips(seat["stack"]))
    if seat.get("sitting_out"):
        return [(stack, L.MUTED), (words("Sitting out"), L.MUTED)]
    if seat.get("passed"):
        return [(stack, L.MUTED), (words("Skips this round"), L.MUTED)]
    if seat.get("bet") is not None:  # the bet first: a narrow plate cuts the stack rather than it
        return [(f"{bet_text(seat, words).capitalize()} · {stack.lower()}", L.MUTED)]
    if view["phase"] == "betting":
        return [(stack, L.MUTED), (words("Placing a bet..."), L.GOLD)]
    return [(stack, L.MUTED)]


def hand_bet_text(hand: dict[str, Any], seat: dict[str, Any], words: Words = ENGLISH) -> str:
    """A hand's bet, saying when it was doubled (a doubled hand carries twice the seat's bet)."""
    doubled = seat.get("bet") is not None and hand["bet"] > seat["bet"]
    return words("{chips} (doubled)", chips=L.chips(hand["bet"])) if doubled else L.chips(hand["bet"])


def bet_text(seat: dict[str, Any], words: Words = ENGLISH) -> str:
    """What the seat has riding: "bet 20", "bet 40 (doubled)", "bets 20 + 40 (doubled)"."""
    hands = seat.get("hands") or []
    if not hands:
        return words("bet {chips}", chips=L.chips(seat["bet"]))
    if len(hands) == 1:
        return words("bet {chips}", chips=hand_bet_text(hands[0], seat, words))
    return words("bets {chips}", chips=" + ".join(hand_bet_text(hand, seat, words) for hand in hands))


def _hand(hand: dict[str, Any], active: bool, show_bet: bool, style: str, width: int, words: Words,
          whole: bool = True, room: int | None = None) -> L.Block:
    cards = _cards(hand["cards"], width, style, whole, room)
    status, status_colour = _status(hand, words)
    total = f"{hand['total']}" + (f" · {status}" if status else "")
    rows: list[tuple[str, L.Colour]] = [(total, L.GOLD if active else status_colour)]
    if show_bet:
        rows.append((words("bet {chips}", chips=L.chips(hand["bet"])), L.MUTED))
    result = hand.get("result")
    width_of_text = max(cards.width, HAND_TEXT if room is None else room)
    why: list[L.Block] = []
    if result:
        word, colour = _result(result, words)
        payout = hand.get("payout")
        net = payout - hand["bet"] if payout is not None else 0
        rows.append((word + (f" {L.number(net, '+')}" if net else ""), colour))
        why = [L.lines([(line, L.MUTED) for line in text.wrap(hand["reason"], L.SMALL, width_of_text)],
                       L.SMALL, max_width=width_of_text)] if hand.get("reason") else []
    block = L.column([cards, L.lines(rows, L.SMALL, bold_first=True, max_width=width_of_text, cached=True), *why], gap=2)
    if active:
        return L.panel(block, pad=4, fill=None, outline=L.GOLD, outline_width=2, radius=8)
    return L.panel(block, pad=4, fill=None)
