"""The Major Blackjack table image: the dealer's hand on top, then every seat with its name
plate and hands (split hands side by side), whose turn it is, totals, statuses, results."""

from __future__ import annotations

from typing import Any

from renders import layout as L
from renders import text

STATUS = {"playing": ("", L.TEXT), "stood": ("stood", L.MUTED), "bust": ("BUST", L.LOSS),
          "blackjack": ("BLACKJACK", L.GOLD), "doubled": ("doubled", L.TEXT)}
RESULT = {"win": ("Win", L.WIN), "blackjack": ("Blackjack win", L.GOLD), "push": ("Push", L.PUSH),
          "loss": ("Loss", L.LOSS)}
PHASE = {"betting": "betting open", "playing": "in play", "settled": "settled"}
HAND_TEXT = 170  # the narrowest a hand's text lines wrap to
SIDE_BY_SIDE = 4  # cards a hand shows whole, side by side; more close up but keep each centre


def _cards(codes: list[str | None], width: int, style: str, whole: bool = True) -> L.Block:
    """A hand's cards. A major counts its number (0-21), printed at its top centre and middle,
    while its corner index is the lesser label (XIII shows "3 T"): so the cards lie `whole`,
    side by side, or, where a seat's split hands need the room, overlap with each card's
    notation under it ("13")."""
    if whole:
        return L.card_rows(L.parse(codes), width, style, SIDE_BY_SIDE * (width + 8) - 8)
    return L.fan(L.parse(codes), width, style, codes=True)


def render_blackjack(view: dict[str, Any], names: dict[int, str], style: str = "rws") -> bytes:
    """The table as PNG bytes. `view` is games.blackjack's view (spectator or player: hidden
    cards are None and drawn face down); `names` maps player ids to display names."""
    info = (f"Bets {L.chips(view['min_bet'])}-{L.chips(view['max_bet'])} · "
            f"shoe {view['shoe_remaining']} · {PHASE.get(view['phase'], view['phase'])}")
    title = f"Major Blackjack · round {view['round']}"
    return L.to_png(L.compose(title, info, _body(view, names, style)))


def _body(view: dict[str, Any], names: dict[int, str], style: str) -> L.Block:
    max_width = L.MAX_WIDTH - 2 * L.MARGIN
    last = view.get("last_round")
    if view["phase"] == "betting" and not view["dealer"]["cards"] and last:
        plates = [_seat(seat, view, names, style, with_hands=False) for seat in view["seats"]]
        return L.column([L.section("Bets for this round", L.flow(plates or [_nobody()], max_width)),
                         L.section(f"Last round ({last['round']})", _table(last, names, style, 90, True))],
                        gap=18)
    return L.shrink_to_fit(lambda width: _table(view, names, style, width))


def _table(view: dict[str, Any], names: dict[int, str], style: str, width: int,
           past: bool = False) -> L.Block:
    """The dealer over the seats. A `past` round (shown while the next one takes bets) shows
    only the seats that played, under their names alone."""
    played = [seat for seat in view["seats"] if seat["hands"] or not past]
    seats = [_seat(seat, view, names, style, card_width=width, details=not past) for seat in played]
    return L.column([_dealer(view["dealer"], style, width),
                     L.flow(seats or [_nobody()], L.MAX_WIDTH - 2 * L.MARGIN)], gap=16)


def _nobody() -> L.Block:
    return L.panel(L.label("No one is seated yet: join the table to play.", 16, L.MUTED), pad=14)


def _dealer(dealer: dict[str, Any], style: str, width: int) -> L.Block:
    total = dealer.get("total")
    hidden = None in dealer["cards"]
    heading = "Dealer" if total is None else f"Dealer · {'shows ' if hidden else ''}{total}"
    colour = L.LOSS if total is not None and total > 21 else L.GOLD
    if total is not None and total > 21:
        heading += " · BUST"
    cards = _cards(dealer["cards"], width, style)
    return L.panel(L.column([L.label(heading, 18, colour, bold=True), cards], gap=6), pad=10,
                   min_width=240)


def _seat(seat: dict[str, Any], view: dict[str, Any], names: dict[int, str], style: str,
          with_hands: bool = True, card_width: int = L.TABLE_CARD, details: bool = True) -> L.Block:
    turn = view.get("turn")
    is_turn = bool(turn) and turn["player"] == seat["player"]
    hands = seat["hands"] if with_hands else []
    active = turn["hand"] if is_turn else -1
    own_bets = len(hands) > 1 or any(hand["bet"] != seat.get("bet") for hand in hands)
    hand_blocks = [_hand(hand, i == active, own_bets, style, card_width, whole=len(hands) == 1)
                   for i, hand in enumerate(hands)]
    hands_row = L.row(hand_blocks, gap=12) if hand_blocks else None
    width = max(230, hands_row.width if hands_row else 0)
    badge = ("to act", L.GOLD) if is_turn else None
    name = L.player_name(names, seat["player"])
    plate = L.plate(name, _seat_details(seat, view) if details else [], width, turn=is_turn,
                    badge=badge)
    body = L.column([plate, hands_row], gap=10) if hands_row else plate
    return L.panel(body, pad=8, outline=L.GOLD if is_turn else None, outline_width=3)


def _seat_details(seat: dict[str, Any], view: dict[str, Any]) -> list[tuple[str, L.Colour]]:
    stack = f"Stack {L.chips(seat['stack'])}"
    if seat.get("sitting_out"):
        return [(stack, L.MUTED), ("Sitting out", L.MUTED)]
    if seat.get("passed"):
        return [(stack, L.MUTED), ("Sits this round out", L.MUTED)]
    if seat.get("bet") is not None:
        return [(f"{stack} · {bet_text(seat)}", L.MUTED)]
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
          whole: bool = True) -> L.Block:
    cards = _cards(hand["cards"], width, style, whole)
    status, status_colour = STATUS.get(hand.get("status") or "", ("", L.TEXT))
    total = f"{hand['total']}" + (f" · {status}" if status else "")
    rows: list[tuple[str, L.Colour]] = [(total, L.GOLD if active else status_colour)]
    if show_bet:
        rows.append((f"bet {L.chips(hand['bet'])}", L.MUTED))
    result = hand.get("result")
    width_of_text = max(cards.width, HAND_TEXT)
    why: list[L.Block] = []
    if result:
        word, colour = RESULT.get(result, (str(result), L.TEXT))
        payout = hand.get("payout")
        net = payout - hand["bet"] if payout is not None else 0
        rows.append((word + (f" {net:+}" if net else ""), colour))
        why = [L.lines([(line, L.MUTED) for line in text.wrap_two(hand["reason"], 13, width_of_text)], 13,
                       max_width=width_of_text)] if hand.get("reason") else []
    block = L.column([cards, L.lines(rows, 16, bold_first=True, max_width=width_of_text), *why], gap=2)
    if active:
        return L.panel(block, pad=5, fill=None, outline=L.GOLD, outline_width=2, radius=8)
    return L.panel(block, pad=5, fill=None)
