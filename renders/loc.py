"""The Loc table image: the pot and the step in the middle (how many cards are down, never
whose), then every seat with its stack, its cards still in hand (face down) and the cards it
has shown this hand, the latest reveal in front, marked taken, excused or paid."""

from __future__ import annotations

from typing import Any

from games.loc import card_style, reveal_line
from renders import layout as L
from renders import text

LATEST_WIDTH = 520  # the latest reveal's text, wrapped within it
SMALL_CARD = 64  # earlier plays of the hand, beside the latest one
BACK_CARD = 40  # the cards still in a player's hand, face down
EXCUSED = L.WIN


def render_loc(view: dict[str, Any], names: dict[int, str], style: str = "rws") -> bytes:
    """The table as PNG bytes. `view` is games.loc's view (public: no hidden card in it);
    `names` maps player ids to display names. Standard-deck tables draw French faces."""
    style = card_style(view["deck"], style)
    trumps = " · trumps 15+ take" if view["pot_trumps"] == "high" and view["deck"] == "tarot" else ""
    info = f"Bet {L.chips(view['bet'])} · {view['deck']} deck{trumps} · {_phase_word(view)}"
    title = f"Loc · hand {view['round']}"
    body = L.shrink_to_fit(lambda width: _table(view, names, style, width))
    return L.to_png(L.compose(title, info, body))


def _phase_word(view: dict[str, Any]) -> str:
    phase = view["phase"]
    if phase == "play":
        return f"play {view['play']} of {view['plays']}"
    return {"discard": "discarding", "settled": "hand over", "waiting": "waiting"}.get(phase, phase)


def _table(view: dict[str, Any], names: dict[int, str], style: str, width: int) -> L.Block:
    latest = view["reveals"][-1] if view["reveals"] else None
    seats = [_seat(seat, view, latest, names, style, width) for seat in view["seats"]]
    if not seats:
        seats = [L.panel(L.label("No one is seated.", 16, L.MUTED), pad=14)]
    parts = [_centre(view, latest, names, style)]
    parts.append(L.flow(seats, L.MAX_WIDTH - 2 * L.MARGIN, gap=12, row_gap=12))
    return L.column(parts, gap=16)


# --- the middle of the table ---------------------------------------------------------------


def _centre(view: dict[str, Any], latest: dict[str, Any] | None, names: dict[int, str],
            style: str) -> L.Block:
    pot = L.column([L.label("POT", 16, L.GOLD, bold=True), L.label(L.chips(view["pot"]), 36, L.TEXT, bold=True),
                    L.label(f"one bet is {L.chips(view['bet'])}", 13, L.MUTED)], gap=2)
    blocks = [L.panel(pot, pad=14, outline=L.GOLD, min_width=170), _step(view, style)]
    if latest is not None:
        blocks.append(_latest(view, latest, names))
    return L.row(blocks, gap=14, align="middle")


def _step(view: dict[str, Any], style: str) -> L.Block:
    """What the table waits for; the face-down cards already chosen, in one heap."""
    phase, done, waited = view["phase"], view["done"], view["waited"]
    if phase == "waiting":
        lines = [("WAITING FOR PLAYERS", L.GOLD), (f"a hand needs {view['need']} with chips", L.TEXT),
                 ("/table join to sit in", L.MUTED)]
        return L.panel(L.lines(lines, 16, bold_first=True), pad=14)
    if phase == "settled":
        return L.panel(L.lines([("HAND OVER", L.GOLD), ("the fifth play took the pot", L.MUTED)], 16,
                               bold_first=True), pad=14)
    if phase == "discard":
        heading, what = "DISCARD", f"{done} of {waited} discarded"
        hint = "each lays one card face down"
    else:
        heading, what = f"PLAY {view['play']} OF {view['plays']}", f"{done} of {waited} cards down"
        hint = "cards show when all have chosen"
    heap = L.fan([None] * done, 56, style, offset=14, markers=False) if done else L.spacer(56, 90)
    text = L.lines([(heading, L.GOLD), (what, L.TEXT), (hint, L.MUTED)], 16, bold_first=True)
    return L.panel(L.row([heap, text], gap=14, align="middle"), pad=12)


def _latest(view: dict[str, Any], latest: dict[str, Any], names: dict[int, str]) -> L.Block:
    line = reveal_line(latest, view["deck"], lambda p: L.player_name(names, p))
    colour = L.GOLD if latest["taker"] is not None else EXCUSED
    heading = f"PLAY {latest['play']} REVEALED"
    parts = [L.label(heading, 15, L.MUTED, bold=True)]
    parts += [L.label(part, 16, colour, bold=True, max_width=LATEST_WIDTH) for part in _split(line)]
    return L.panel(L.column(parts, gap=2, align="left"), pad=12)


def _split(line: str) -> list[str]:
    """The reveal on lines of its own: the cards shown (wrapped when long), what took or was
    excused, what follows."""
    shown, _, outcome = line.partition(" — ")
    head, _, tail = outcome.partition("; ")
    parts = [*text.wrap_two(shown, 16, LATEST_WIDTH), head + (";" if tail else "")] + ([tail] if tail else [])
    return [p for p in parts if p]


# --- the seats -----------------------------------------------------------------------------


def _seat(seat: dict[str, Any], view: dict[str, Any], latest: dict[str, Any] | None,
          names: dict[int, str], style: str, width: int) -> L.Block:
    player = seat["player"]
    badge, outline = _outcome(seat, view, latest)
    plate_width = 240
    details = _details(seat, view)
    cards = _cards(seat, style, width)
    if cards is not None:
        plate_width = max(plate_width, cards.width)
    plate = L.plate(L.player_name(names, player), details, plate_width, badge=badge)
    body = L.column([plate, cards], gap=8, align="left") if cards is not None else plate
    return L.panel(body, pad=8, outline=outline, outline_width=3)


def _details(seat: dict[str, Any], view: dict[str, Any]) -> list[tuple[str, L.Colour]]:
    stack = f"Stack {L.chips(seat['stack'])}"
    if seat["in_pot"]:
        stack += f" · in pot {L.chips(seat['in_pot'])}"
    rows = [(stack, L.MUTED)]
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


def _cards(seat: dict[str, Any], style: str, width: int) -> L.Block | None:
    """Cards in hand face down, then the hand's earlier plays small, the latest one large."""
    played = L.parse(seat["played"])
    blocks: list[L.Block] = []
    if seat["cards_left"]:
        blocks.append(L.fan([None] * seat["cards_left"], BACK_CARD, style, offset=9, markers=False))
    if len(played) > 1:
        blocks.append(L.fan(played[:-1], SMALL_CARD, style, offset=round(SMALL_CARD * 0.42)))
    if played:
        blocks.append(L.fan(played[-1:], width, style))
    if not blocks:
        return None
    return L.row(blocks, gap=10, align="top")
