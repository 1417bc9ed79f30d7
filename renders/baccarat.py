"""The Major Baccarat table image: the Player and Banker hands with their counts and the
winner, the bead road of past results, and every seat's bet and payout."""

from __future__ import annotations

from typing import Any

from games.base import N_
from renders import layout as L
from renders import text
from renders.cards import game_faces
from renders.words import ENGLISH, Words, speaking

SIDES: dict[str, tuple[str, L.Colour]] = {
    "player": (N_("Player"), L.PLAYER_BLUE), "banker": (N_("Banker"), L.BANKER_RED), "tie": (N_("Tie"), L.TIE_GREEN)}
PHASES = {"betting": N_("betting"), "settled": N_("settled")}
BET_ON = {"player": N_("Bet {chips} on Player"), "banker": N_("Bet {chips} on Banker"), "tie": N_("Bet {chips} on Tie")}
ROAD_ROWS = 6
ROAD_COLUMNS = 8  # the latest 48 results
BEAD = 28
CARD = L.TABLE_CARD
PLATE_WIDTH = 222


def render_baccarat(view: dict[str, Any], names: dict[int, str], style: str = "rws", words: Words = ENGLISH) -> bytes:
    """The table as PNG bytes. `view` is games.baccarat's view; `names` maps player ids to
    display names; `words` the image's words in the table's language."""
    with speaking(words):
        phase = words(PHASES[view["phase"]]) if view["phase"] in PHASES else view["phase"]
        low, high = L.chips(view["min_bet"]), L.chips(view["max_bet"])
        info = words("Bets {low}-{high} · commission {percent}% · shoe {cards} · {phase}", low=low, high=high,
                     percent=view["commission"], cards=view["shoe_remaining"], phase=phase) if view.get("commission") \
            else words("Bets {low}-{high} · no commission · shoe {cards} · {phase}", low=low, high=high,
                       cards=view["shoe_remaining"], phase=phase)
        title = words("Major Baccarat · round {round}", round=view["round"])
        head = L.header_height(title, info)
        return L.to_png(L.compose(title, info, _body(view, names, game_faces("baccarat", style), words, head)))


def _body(view: dict[str, Any], names: dict[int, str], style: str, words: Words, head: int = L.HEAD) -> L.Block:
    shown, heading = view, None
    last = view.get("last_round")
    if not view["player_cards"] and not view["banker_cards"] and last:
        shown, heading = last, words("Last round ({round})", round=last["round"])
    hands = L.row([_side(shown, "player", style, words), _side(shown, "banker", style, words)], gap=12)
    if shown.get("reason"):
        hands = L.column([hands, L.label(shown["reason"], L.SMALL, L.GOLD, bold=True, max_width=L.BODY[0])], gap=4)
    table = L.section(heading, hands, fill=L.MUTED) if heading else hands
    road = _road(view["road"], words)
    plates = [_seat(seat, view, names, words) for seat in view["seats"]]
    if not plates:
        plates = [L.panel(L.label(words("No one is seated yet: join the table to bet."), L.SMALL, L.MUTED), pad=14)]
    usual = L.fit_frame(lambda room: L.column([table, L.row([road, L.flow(plates, room - road.width - 12, gap=8,
                                                                          row_gap=8)], gap=12, align="top")], gap=10),
                        most=2)
    return L.best_fit([usual, _crowded(shown, heading, view, names, style, words)], head)


def _crowded(shown: dict[str, Any], heading: str | None, view: dict[str, Any], names: dict[int, str],
             style: str, words: Words) -> L.Block:
    """Many seats: the road beside the hands, and the seats' plates four to a row under them."""
    small = L.SMALLER_CARDS[1]
    hands = L.row([_side(shown, "player", style, words, small), _side(shown, "banker", style, words, small),
                   _road(view["road"], words)], gap=8)
    parts = [L.section(heading, hands, fill=L.MUTED) if heading else hands]
    if shown.get("reason"):
        parts.append(L.label(shown["reason"], L.SMALL, L.GOLD, bold=True, max_width=L.BODY[0]))
    width = (L.BODY[0] - 2 * 12) // 3
    cells = [_seat_cell(seat, view, names, width, words) for seat in view["seats"]]
    parts.append(L.column([L.row(cells[i:i + 3], gap=12) for i in range(0, len(cells), 3)], gap=4, align="left"))
    return L.column(parts, gap=6)


def _seat_cell(seat: dict[str, Any], view: dict[str, Any], names: dict[int, str], width: int, words: Words) -> L.Block:
    """A seat in two lines, `width` wide: its name and stack, then its bet and outcome (a
    plate's lines, two to a line)."""
    details = _details(seat, view, words)
    name = L.cached_label(L.player_name(names, seat["player"]), L.SMALL, L.TEXT, bold=True, max_width=width // 2)
    stack = L.cached_label(details[0][0], L.SMALL, details[0][1], max_width=width - name.width - 8)
    rest = [L.cached_label(value, L.SMALL, colour) for value, colour in details[1:] if value]
    second = L.row(rest, gap=8) if rest else L.spacer(0, name.height)
    block = L.column([L.row([name, stack], gap=8), second], gap=0, align="left")
    return L.Block(width, block.height, block.paint)


def _side(view: dict[str, Any], side: str, style: str, words: Words, width: int = CARD) -> L.Block:
    """A hand; in smaller cards (`width`), without the reversed-card markers: they lie upside down."""
    name, colour = words(SIDES[side][0]), SIDES[side][1]
    count = view[f"{side}_count"]
    heading = name.upper() + (f" · {count}" if count is not None else "")
    winner = view.get("winner")
    head = L.label(heading, L.NAME_SIZE, colour, bold=True)
    if winner in (side, "tie"):
        head = L.row([head, L.tag(words("tie") if winner == "tie" else words("wins"), L.GOLD)], gap=10,
                     align="middle")
    cards = L.fan(L.parse(view[f"{side}_cards"]), width, style, offset=width + 8, markers=width == CARD)
    won = winner in (side, "tie")
    return L.panel(L.column([head, cards], gap=4), pad=8, outline=L.GOLD if won else None,
                   outline_width=3, min_width=3 * (width + 8) + 12)


def _road(road: list[str], words: Words) -> L.Block:
    """The bead road: results top to bottom, then left to right, the latest last."""
    keep = ROAD_ROWS * ROAD_COLUMNS
    beads = [_side_key(r, words) for r in road[-keep:]]
    columns = max(ROAD_COLUMNS, (len(beads) + ROAD_ROWS - 1) // ROAD_ROWS)
    step = BEAD + 3
    grid_w, grid_h = columns * step - 3, ROAD_ROWS * step - 3

    def paint(canvas: L.Canvas, x: int, y: int) -> None:
        d = canvas.draw
        for i in range(columns * ROAD_ROWS):
            bx, by = x + (i // ROAD_ROWS) * step, y + (i % ROAD_ROWS) * step
            box = (bx, by, bx + BEAD - 1, by + BEAD - 1)
            if i >= len(beads) or beads[i] is None:
                d.ellipse(box, outline=L.PLATE_EDGE, width=1)
                continue
            letter, fill = beads[i]
            d.ellipse(box, fill=fill)
            text.draw(d, (bx + BEAD / 2, by + BEAD / 2 + 1), letter, L.SMALL, L.TEXT, anchor="mm", bold=True)

    grid = L.Block(grid_w, grid_h, paint)
    tally = " · ".join(f"{words(SIDES[k][0])[0]} {sum(1 for r in road if _key(r) == k)}" for k in SIDES)
    head = L.row([L.label(words("ROAD"), L.SMALL, L.GOLD, bold=True), L.label(tally, L.SMALL, L.MUTED)], gap=8)
    return L.panel(L.column([head, grid], gap=4), pad=8)


def _key(result: str) -> str | None:
    lowered = str(result).lower()
    return next((k for k in SIDES if k.startswith(lowered[:1])), None) if lowered else None


def _side_key(result: str, words: Words) -> tuple[str, L.Colour] | None:
    key = _key(result)
    if key is None:
        return None
    name, colour = SIDES[key]
    return words(name)[0], colour


def _seat(seat: dict[str, Any], view: dict[str, Any], names: dict[int, str], words: Words) -> L.Block:
    return L.plate(L.player_name(names, seat["player"]), _details(seat, view, words), PLATE_WIDTH)


def _details(seat: dict[str, Any], view: dict[str, Any], words: Words) -> list[tuple[str, L.Colour]]:
    """A seat's lines: its stack, then its bet and outcome (or why it has none)."""
    details: list[tuple[str, L.Colour]] = [(words("Stack {chips}", chips=L.chips(seat["stack"])), L.MUTED)]
    bet = seat.get("bet")
    if seat.get("sitting_out"):
        details.append((words("Sitting out"), L.MUTED))
    elif seat.get("passed"):
        details.append((words("Skips this round"), L.MUTED))
    elif bet:
        colour = SIDES[bet["on"]][1] if bet["on"] in SIDES else L.TEXT
        said = words(BET_ON[bet["on"]], chips=L.chips(bet["amount"])) if bet["on"] in BET_ON \
            else f"{L.chips(bet['amount'])} {bet['on']}"
        details.append((said, colour))
        details.append(_outcome(seat, bet["on"], view, words))
    elif view["phase"] == "betting":
        details.append((words("Placing a bet..."), L.GOLD))
    return details


def _outcome(seat: dict[str, Any], on: str, view: dict[str, Any], words: Words) -> tuple[str, L.Colour]:
    winner = view.get("winner")
    if view["phase"] != "settled" or winner is None:
        return ("", L.TEXT)
    net = (seat.get("payout") or 0) - seat["bet"]["amount"]
    if winner == on:
        return (words("Win {net}", net=L.number(net, "+")), L.WIN)
    if winner == "tie":
        return (words("Tie: bet returned"), L.PUSH)
    return (words("Loss {net}", net=L.number(net, "+")), L.LOSS)
