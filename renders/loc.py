"""The Loc table image: the pot and the step in the middle (how many cards are down, never
whose), then every seat with its stack, its cards still in hand (face down) and the cards it
has shown this hand, the latest reveal in front, marked taken, excused or paid."""

from __future__ import annotations

from typing import Any

from games.loc import card_style, reveal_line
from renders import layout as L
from renders import text
from renders.cards import game_faces

CENTRE_WIDTH = 250  # the pot, the step and the latest reveal, down the left
LATEST_WIDTH = CENTRE_WIDTH - 20  # the latest reveal's text, wrapped within it
CARD = L.TABLE_CARD
SMALL_CARD = 64  # earlier plays of the hand, beside the latest one
SMALL_STEP = 22  # each earlier play shows its corner index
SEAT_WIDTH = (L.BODY[0] - CENTRE_WIDTH - 10 - 8) // 2  # two seats to a row beside the centre
EXCUSED = L.WIN


def render_loc(view: dict[str, Any], names: dict[int, str], style: str = "rws") -> bytes:
    """The table as PNG bytes. `view` is games.loc's view (public: no hidden card in it);
    `names` maps player ids to display names. Standard-deck tables draw French faces."""
    style = game_faces("loc", card_style(view["deck"], style))
    trumps = " · trumps 15+ take" if view["pot_trumps"] == "high" and view["deck"] == "tarot" else ""
    info = f"Bet {L.chips(view['bet'])} · {view['deck']} deck{trumps} · {_phase_word(view)}"
    title = f"Loc · hand {view['round']}"
    return L.to_png(L.compose(title, info, L.fit_frame(lambda room: _table(view, names, style, room))))


def _phase_word(view: dict[str, Any]) -> str:
    phase = view["phase"]
    if phase == "play":
        return f"play {view['play']} of {view['plays']}"
    return {"discard": "discarding", "settled": "hand over", "waiting": "waiting"}.get(phase, phase)


def _table(view: dict[str, Any], names: dict[int, str], style: str, room: int = L.BODY[0]) -> L.Block:
    """The middle of the table down the left, the seats beside it (two to a row in the usual
    frame)."""
    latest = view["reveals"][-1] if view["reveals"] else None
    seats = [_seat(seat, view, latest, names, style) for seat in view["seats"]]
    if not seats:
        seats = [L.panel(L.label("No one is seated.", L.SMALL, L.MUTED), pad=14)]
    grid = L.flow(seats, room - CENTRE_WIDTH - 10, gap=8, row_gap=8)
    return L.row([_centre(view, latest, names, style), grid], gap=10, align="top")


# --- the middle of the table ---------------------------------------------------------------


def _centre(view: dict[str, Any], latest: dict[str, Any] | None, names: dict[int, str],
            style: str) -> L.Block:
    pot = L.row([L.label("POT", L.NAME_SIZE, L.GOLD, bold=True), L.label(L.chips(view["pot"]), 36, L.TEXT, bold=True)],
                gap=12, align="middle")
    pot = L.column([pot, L.label(f"one bet is {L.chips(view['bet'])}", L.SMALL, L.MUTED)], gap=0)
    blocks = [L.panel(pot, pad=8, outline=L.GOLD, min_width=CENTRE_WIDTH), _step(view, style)]
    if latest is not None:
        blocks.append(_latest(view, latest, names))
    return L.column(blocks, gap=8)


def _step(view: dict[str, Any], style: str) -> L.Block:
    """What the table waits for; the face-down cards already chosen, in one heap."""
    phase, done, waited = view["phase"], view["done"], view["waited"]
    if phase == "waiting":
        lines = [("WAITING FOR PLAYERS", L.GOLD), (f"a hand needs {view['need']} with chips", L.TEXT),
                 ("/table join to sit in", L.MUTED)]
        return L.panel(L.lines(lines, L.SMALL, bold_first=True, max_width=LATEST_WIDTH), pad=8, min_width=CENTRE_WIDTH)
    if phase == "settled":
        return L.panel(L.lines([("HAND OVER", L.GOLD), ("the fifth play took the pot", L.MUTED)], L.SMALL,
                               bold_first=True, max_width=LATEST_WIDTH), pad=8, min_width=CENTRE_WIDTH)
    if phase == "discard":
        heading, what = "DISCARD", f"{done} of {waited} discarded"
        hint = "each lays one card face down"
    else:
        heading, what = f"PLAY {view['play']} OF {view['plays']}", f"{done} of {waited} cards down"
        hint = "cards show when all have chosen"
    heap = L.fan([None] * done, 40, style, offset=10, markers=False) if done else L.spacer(40, 64)
    words = L.lines([(heading, L.GOLD), (what, L.TEXT)], L.SMALL, bold_first=True)
    hint_lines = L.column([L.label(line, L.SMALL, L.MUTED) for line in text.wrap(hint, L.SMALL, LATEST_WIDTH)], gap=0)
    return L.panel(L.column([L.row([heap, words], gap=10, align="middle"), hint_lines], gap=2), pad=8,
                   min_width=CENTRE_WIDTH)


def _latest(view: dict[str, Any], latest: dict[str, Any], names: dict[int, str]) -> L.Block:
    line = reveal_line(latest, view["deck"], lambda p: L.player_name(names, p))
    colour = L.GOLD if latest["taker"] is not None else EXCUSED
    heading = f"PLAY {latest['play']} REVEALED"
    parts = [L.label(heading, L.SMALL, L.MUTED, bold=True)]
    parts += [L.label(part, L.SMALL, colour, bold=True, max_width=LATEST_WIDTH) for part in _split(line)]
    return L.panel(L.column(parts, gap=0, align="left"), pad=8, min_width=CENTRE_WIDTH)


def _split(line: str) -> list[str]:
    """The reveal on lines of its own: the cards shown (wrapped when long), what took or was
    excused, what follows."""
    shown, _, outcome = line.partition(" — ")
    head, _, tail = outcome.partition("; ")
    parts = [shown, head + (";" if tail else ""), tail]
    return [line for part in parts for line in text.wrap(part, L.SMALL, LATEST_WIDTH)]


# --- the seats -----------------------------------------------------------------------------


def _seat(seat: dict[str, Any], view: dict[str, Any], latest: dict[str, Any] | None,
          names: dict[int, str], style: str) -> L.Block:
    player = seat["player"]
    badge, outline = _outcome(seat, view, latest)
    cards = _cards(seat, style)
    plate = L.plate(L.player_name(names, player), _details(seat, view), SEAT_WIDTH - 12, badge=badge)
    body = L.column([plate, cards], gap=4, align="left") if cards is not None else plate
    return L.panel(body, pad=6, outline=outline, outline_width=3)


def _details(seat: dict[str, Any], view: dict[str, Any]) -> list[tuple[str, L.Colour]]:
    stack = f"Stack {L.chips(seat['stack'])}"
    if seat["in_pot"]:
        stack += f" · in pot {L.chips(seat['in_pot'])}"
    rows = [(stack, L.MUTED)]
    if seat["cards_left"]:
        rows.append((f"{seat['cards_left']} in hand", L.MUTED))
    results = {r["player"]: r["net"] for r in view.get("results") or []}
    if seat["player"] in results:
        net = results[seat["player"]]
        rows.append((f"Hand {net:+,}", L.WIN if net > 0 else L.LOSS if net < 0 else L.PUSH))
    elif seat["folded"]:
        rows.append(("Left the hand", L.MUTED))
    elif seat["sitting_out"] and not seat["in_hand"]:
        rows.append(("Sitting out", L.MUTED))
    elif not seat["in_hand"] and view["phase"] in ("discard", "play"):
        rows.append(("Dealt in next hand", L.MUTED))
    return rows


def _outcome(seat: dict[str, Any], view: dict[str, Any], latest: dict[str, Any] | None
             ) -> tuple[tuple[str, L.Colour] | None, L.Colour | None]:
    """The badge and outline of a seat after the latest reveal."""
    if latest is None:
        return None, None
    player = seat["player"]
    if latest["taker"] == player:
        return (f"takes {L.chips(latest['took'])}", L.GOLD), L.GOLD
    if latest["excused"] == player:
        return ("excused", EXCUSED), EXCUSED
    paid = next((p["amount"] for p in latest["paid"] if p["player"] == player), None)
    if paid is not None and latest["taker"] is None:
        return (f"pays {L.chips(paid)}", L.LOSS), None
    return None, None


def _cards(seat: dict[str, Any], style: str) -> L.Block | None:
    """The latest play large, then the hand's earlier plays small, each showing its index (the
    cards still in hand are counted on the plate: their backs tell nothing)."""
    played = L.parse(seat["played"])
    if not played:
        return None
    blocks = [L.fan(played[-1:], CARD, style)]
    if len(played) > 1:
        blocks.append(L.fan(played[:-1], SMALL_CARD, style, offset=SMALL_STEP))
    return L.row(blocks, gap=8, align="top")
