"""The Major Blackjack table image: the dealer's hand on top, then every seat with its name
plate and hands (split hands side by side), whose turn it is, totals, statuses, results."""

from __future__ import annotations

from typing import Any

from renders import layout as L
from renders import text
from renders.cards import game_faces

STATUS = {"playing": ("", L.TEXT), "stood": ("stood", L.MUTED), "bust": ("BUST", L.LOSS),
          "blackjack": ("BLACKJACK", L.GOLD), "doubled": ("doubled", L.TEXT)}
RESULT = {"win": ("Win", L.WIN), "blackjack": ("Blackjack win", L.GOLD), "push": ("Push", L.PUSH),
          "loss": ("Loss", L.LOSS)}
PHASE = {"betting": "betting open", "playing": "in play", "settled": "settled"}
HAND_TEXT = 150  # the narrowest a hand's text lines wrap to
SEATS_IN_A_ROW = 4
CARD = L.TABLE_CARD
SEAT_WIDTH = 176  # four seats to a row
PAST_CARD = 72  # the last round's cards, under the next round's bets
SIDE_BY_SIDE = 4  # cards a hand shows whole, side by side; more close up but keep each centre


def _cards(codes: list[str | None], width: int, style: str, whole: bool = True, room: int | None = None) -> L.Block:
    """A hand's cards, side by side when they fit in `room`, else overlapping, each showing
    its corner index (a major's number, what blackjack counts); or, where a seat's split hands
    need the room, overlapping with each card's notation under it ("13")."""
    if whole:
        room = SIDE_BY_SIDE * (width + 8) - 8 if room is None else room
        return L.card_rows(L.parse(codes), width, style, max(room, width))
    return L.fan(L.parse(codes), width, style, codes=True, max_width=room)


def render_blackjack(view: dict[str, Any], names: dict[int, str], style: str = "rws") -> bytes:
    """The table as PNG bytes. `view` is games.blackjack's view (spectator or player: hidden
    cards are None and drawn face down); `names` maps player ids to display names."""
    info = (f"Bets {L.chips(view['min_bet'])}-{L.chips(view['max_bet'])} · "
            f"shoe {view['shoe_remaining']} · {PHASE.get(view['phase'], view['phase'])}")
    title = f"Major Blackjack · round {view['round']}"
    return L.to_png(L.compose(title, info, _body(view, names, game_faces("blackjack", style))))


def _body(view: dict[str, Any], names: dict[int, str], style: str) -> L.Block:
    last = view.get("last_round")
    if view["phase"] == "betting" and not view["dealer"]["cards"] and last:
        def betting(room: int) -> L.Block:
            plates = [_seat(seat, view, names, style, with_hands=False) for seat in view["seats"]]
            return L.column([L.flow(plates or [_nobody()], room, gap=6, row_gap=6),
                             _table(last, names, style, PAST_CARD, True, room)],
                            gap=8)

        return L.fit_frame(betting)
    return L.fit_frame(lambda room: _table(view, names, style, CARD, room=room))


def _table(view: dict[str, Any], names: dict[int, str], style: str, width: int,
           past: bool = False, room: int = L.BODY[0]) -> L.Block:
    """The dealer over the seats. A `past` round (shown while the next one takes bets) shows
    only the seats that played, under their names alone."""
    played = [seat for seat in view["seats"] if seat["hands"] or not past]
    in_a_row = max(1, min(len(played), SEATS_IN_A_ROW))
    seat_room = (room - 6 * (in_a_row - 1)) // in_a_row - 6  # inside its panel
    seats = [_seat(seat, view, names, style, card_width=width, details=not past, room=seat_room) for seat in played]
    return L.column([_dealer(view["dealer"], style, width, f"Last round ({view['round']})" if past else ""),
                     L.flow(seats or [_nobody()], room, gap=6, row_gap=6)], gap=8)


def _nobody() -> L.Block:
    return L.panel(L.label("No one is seated yet: join the table to play.", L.SMALL, L.MUTED), pad=14)


def _dealer(dealer: dict[str, Any], style: str, width: int, past: str = "") -> L.Block:
    total = dealer.get("total")
    hidden = None in dealer["cards"]
    heading = "Dealer" if total is None else f"Dealer · {'shows ' if hidden else ''}{total}"
    colour = L.LOSS if total is not None and total > 21 else L.GOLD
    if total is not None and total > 21:
        heading += " · BUST"
    cards = _cards(dealer["cards"], width, style)
    words = L.column(([L.label(past.upper(), L.SMALL, L.MUTED, bold=True)] if past else []) +
                     [L.label(heading, L.NAME_SIZE, colour, bold=True)], gap=2, align="left")
    return L.panel(L.row([words, cards], gap=16, align="middle"), pad=8)


def _seat(seat: dict[str, Any], view: dict[str, Any], names: dict[int, str], style: str,
          with_hands: bool = True, card_width: int = CARD, details: bool = True, room: int | None = None) -> L.Block:
    turn = view.get("turn")
    is_turn = bool(turn) and turn["player"] == seat["player"]
    hands = seat["hands"] if with_hands else []
    active = turn["hand"] if is_turn else -1
    own_bets = len(hands) > 1 or any(hand["bet"] != seat.get("bet") for hand in hands)
    hand_room = None if room is None else (room - 8 * (len(hands) - 1)) // max(1, len(hands)) - 8
    hand_blocks = [_hand(hand, i == active, own_bets, style, card_width, whole=len(hands) == 1, room=hand_room)
                   for i, hand in enumerate(hands)]
    hands_row = L.row(hand_blocks, gap=8) if hand_blocks else None
    width = max(room or SEAT_WIDTH, hands_row.width if hands_row else 0)
    badge = ("to act", L.GOLD) if is_turn else None
    name = L.player_name(names, seat["player"])
    plate = L.plate(name, _seat_details(seat, view) if details else [], width, turn=is_turn,
                    badge=badge, cached=True)
    body = L.column([plate, hands_row], gap=4) if hands_row else plate
    return L.panel(body, pad=3, outline=L.GOLD if is_turn else None, outline_width=3)


def _seat_details(seat: dict[str, Any], view: dict[str, Any]) -> list[tuple[str, L.Colour]]:
    stack = f"Stack {L.chips(seat['stack'])}"
    if seat.get("sitting_out"):
        return [(stack, L.MUTED), ("Sitting out", L.MUTED)]
    if seat.get("passed"):
        return [(stack, L.MUTED), ("Skips this round", L.MUTED)]
    if seat.get("bet") is not None:  # the bet first: a narrow plate cuts the stack rather than it
        return [(f"{bet_text(seat).capitalize()} · {stack.lower()}", L.MUTED)]
    if view["phase"] == "betting":
        return [(stack, L.MUTED), ("Placing a bet...", L.GOLD)]
    return [(stack, L.MUTED)]


def hand_bet_text(hand: dict[str, Any], seat: dict[str, Any]) -> str:
    """A hand's bet, saying when it was doubled (a doubled hand carries twice the seat's bet)."""
    doubled = seat.get("bet") is not None and hand["bet"] > seat["bet"]
    return f"{L.chips(hand['bet'])}" + (" (doubled)" if doubled else "")


def bet_text(seat: dict[str, Any]) -> str:
    """What the seat has riding: "bet 20", "bet 40 (doubled)", "bets 20 + 40 (doubled)"."""
    hands = seat.get("hands") or []
    if not hands:
        return f"bet {L.chips(seat['bet'])}"
    word = "bets" if len(hands) > 1 else "bet"
    return f"{word} " + " + ".join(hand_bet_text(hand, seat) for hand in hands)


def _hand(hand: dict[str, Any], active: bool, show_bet: bool, style: str, width: int,
          whole: bool = True, room: int | None = None) -> L.Block:
    cards = _cards(hand["cards"], width, style, whole, room)
    status, status_colour = STATUS.get(hand.get("status") or "", ("", L.TEXT))
    total = f"{hand['total']}" + (f" · {status}" if status else "")
    rows: list[tuple[str, L.Colour]] = [(total, L.GOLD if active else status_colour)]
    if show_bet:
        rows.append((f"bet {L.chips(hand['bet'])}", L.MUTED))
    result = hand.get("result")
    width_of_text = max(cards.width, HAND_TEXT if room is None else room)
    why: list[L.Block] = []
    if result:
        word, colour = RESULT.get(result, (str(result), L.TEXT))
        payout = hand.get("payout")
        net = payout - hand["bet"] if payout is not None else 0
        rows.append((word + (f" {net:+}" if net else ""), colour))
        why = [L.lines([(line, L.MUTED) for line in text.wrap(hand["reason"], L.SMALL, width_of_text)],
                       L.SMALL, max_width=width_of_text)] if hand.get("reason") else []
    block = L.column([cards, L.lines(rows, L.SMALL, bold_first=True, max_width=width_of_text, cached=True), *why], gap=2)
    if active:
        return L.panel(block, pad=4, fill=None, outline=L.GOLD, outline_width=2, radius=8)
    return L.panel(block, pad=4, fill=None)
