"""The Loc table image: the pot and the step in the middle (how many cards are down, never
whose), then every seat with its stack, its cards still in hand (face down) and the cards it
has shown this hand, the latest reveal in front, marked taken, excused or paid."""

from __future__ import annotations

from typing import Any

from games.base import N_
from games.loc import card_style, reveal_line
from renders import layout as L
from renders import text
from renders.cards import game_faces
from renders.words import ENGLISH, Words, said, speaking

CENTRE_WIDTH = 250  # the pot, the step and the latest reveal, down the left
LATEST_WIDTH = CENTRE_WIDTH - 20  # the latest reveal's text, wrapped within it
CARD = L.TABLE_CARD
SMALL_CARD = 64  # earlier plays of the hand, beside the latest one
SMALL_STEP = 22  # each earlier play shows its corner index
SEAT_WIDTH = (L.BODY[0] - CENTRE_WIDTH - 10 - 8) // 2  # two seats to a row beside the centre
EXCUSED = L.WIN


DECKS = {"tarot": N_("tarot deck"), "standard": N_("standard deck")}
PHASES = {"discard": N_("discarding"), "settled": N_("hand over"), "waiting": N_("waiting")}


def render_loc(view: dict[str, Any], names: dict[int, str], style: str = "rws", words: Words = ENGLISH) -> bytes:
    """The table as PNG bytes. `view` is games.loc's view (public: no hidden card in it);
    `names` maps player ids to display names. Standard-deck tables draw French faces. `words`:
    the image's words in the reader's language."""
    with speaking(words):
        style = game_faces("loc", card_style(view["deck"], style))
        trumps = words(" · trumps 15+ take") if view["pot_trumps"] == "high" and view["deck"] == "tarot" else ""
        info = words("Bet {bet} · {deck}{trumps} · {phase}", bet=L.chips(view["bet"]),
                     deck=words(DECKS.get(view["deck"], view["deck"])), trumps=trumps, phase=_phase_word(view, words))
        title = words("Loc · hand {round}", round=view["round"])
        usual = L.fit_frame(lambda room: _table(view, names, style, words, room), most=2)
        body = L.best_fit([usual, _crowded(view, names, style, words)], L.header_height(title, info))
        return L.to_png(L.compose(title, info, body))


def _phase_word(view: dict[str, Any], words: Words) -> str:
    phase = view["phase"]
    if phase == "play":
        return words("play {play} of {plays}", play=view["play"], plays=view["plays"])
    return words(PHASES[phase]) if phase in PHASES else phase


def _table(view: dict[str, Any], names: dict[int, str], style: str, words: Words, room: int = L.BODY[0]) -> L.Block:
    """The middle of the table down the left, the seats beside it (two to a row in the usual
    frame)."""
    latest = view["reveals"][-1] if view["reveals"] else None
    seats = [_seat(seat, view, latest, names, style, words) for seat in view["seats"]]
    if not seats:
        seats = [L.panel(L.label(words("No one is seated."), L.SMALL, L.MUTED), pad=14)]
    grid = L.flow(seats, room - CENTRE_WIDTH - 10, gap=8, row_gap=8)
    return L.row([_centre(view, latest, names, style, words), grid], gap=10, align="top")


# --- a crowded table -----------------------------------------------------------------------

CELLS_IN_A_ROW = 4
CELL_CARD = L.SMALLER_CARDS[1]  # 32 px once the frame shows it


def _crowded(view: dict[str, Any], names: dict[int, str], style: str, words: Words) -> L.Block:
    """Many seats in the usual frame: the pot, the step and every seat in cells of a grid, a
    seat showing its latest play (drawn upside down when reversed) beside its stack and what it
    put in, its outcome under them. The reveals in words, and the earlier plays, are the
    message's."""
    width = (L.BODY[0] - 6 * (CELLS_IN_A_ROW - 1)) // CELLS_IN_A_ROW
    latest = view["reveals"][-1] if view["reveals"] else None
    pot = L.column([L.row([L.label(words("POT"), L.NAME_SIZE, L.GOLD, bold=True),
                           L.label(L.chips(view["pot"]), 36, L.TEXT, bold=True)], gap=12, align="middle"),
                    L.label(words("one bet is {bet}", bet=L.chips(view["bet"])), L.SMALL, L.MUTED)], gap=0)
    cells = [L.panel(pot, pad=8, outline=L.GOLD, min_width=width), _crowded_step(view, style, width, words)]
    cells += [_cell(seat, view, latest, names, style, width, words) for seat in view["seats"]]
    rows = [L.row(cells[i:i + CELLS_IN_A_ROW], gap=6) for i in range(0, len(cells), CELLS_IN_A_ROW)]
    if latest is not None and len(rows) < 3:  # room under two rows for the reveal in words
        rows.append(_latest(view, latest, names, words, L.BODY[0] - 16))
    return L.column(rows, gap=6, align="left")


def _crowded_step(view: dict[str, Any], style: str, width: int, words: Words) -> L.Block:
    phase, done, waited = view["phase"], view["done"], view["waited"]
    if phase == "discard":
        lines = [(words("DISCARD"), L.GOLD), (words("{done} of {waited} discarded", done=done, waited=waited), L.TEXT)]
    elif phase == "play":
        lines = [(words("PLAY {play} OF {plays}", play=view["play"], plays=view["plays"]), L.GOLD),
                 (words("{done} of {waited} cards down", done=done, waited=waited), L.TEXT)]
    else:
        return _step(view, style, words)
    heap = L.fan([None] * done, 40, style, offset=6, markers=False) if done else L.spacer(0, 0)
    wrapped = [(line, colour) for value, colour in lines for line in text.wrap(value, L.SMALL, width - 16)]
    said_lines = L.lines(wrapped, L.SMALL, bold_first=True, max_width=width - 16, cached=True)
    return L.panel(L.column([said_lines, heap], gap=4), pad=8, min_width=width)


def _cell(seat: dict[str, Any], view: dict[str, Any], latest: dict[str, Any] | None, names: dict[int, str],
          style: str, width: int, words: Words) -> L.Block:
    """A seat's cell: its name; its latest play beside its lines (a line too long for the
    room beside the card broken after its first word); its outcome beside them when it fits,
    else under them."""
    inner = width - 12
    badge, outline = _outcome(seat, view, latest, words)
    name = L.column([L.cached_label(line, L.NAME_SIZE, L.TEXT, bold=True, max_width=inner)
                     for line in text.wrap(L.player_name(names, seat["player"]), L.NAME_SIZE, inner)], gap=0, align="left")
    played = L.parse(seat["played"][-1:])
    beside = inner - CELL_CARD - 6 if played else inner
    details = _details(seat, view, words, in_a_cell=True)
    blocks = [L.cached_label(line, L.SMALL, colour, max_width=beside) for value, colour in details
              for line in ([value] if text.width(value, L.SMALL) <= beside else value.split(" ", 1))]
    tag = L.tag(*badge, cached=True) if badge else None
    if tag is not None and tag.width <= beside:
        blocks.append(tag)
        tag = None
    lines = L.column(blocks, gap=1, align="left")
    body = L.row([L.fan(played, CELL_CARD, style, markers=False), lines], gap=6) if played else lines
    parts = [name, body, *([tag] if tag else [])]
    return L.panel(L.column(parts, gap=2, align="left"), pad=6, outline=outline, outline_width=3, min_width=width)


# --- the middle of the table ---------------------------------------------------------------


def _centre(view: dict[str, Any], latest: dict[str, Any] | None, names: dict[int, str],
            style: str, words: Words) -> L.Block:
    pot = L.row([L.label(words("POT"), L.NAME_SIZE, L.GOLD, bold=True),
                 L.label(L.chips(view["pot"]), 36, L.TEXT, bold=True)], gap=12, align="middle")
    pot = L.column([pot, L.label(words("one bet is {bet}", bet=L.chips(view["bet"])), L.SMALL, L.MUTED)], gap=0)
    blocks = [L.panel(pot, pad=8, outline=L.GOLD, min_width=CENTRE_WIDTH), _step(view, style, words)]
    if latest is not None:
        blocks.append(_latest(view, latest, names, words))
    return L.column(blocks, gap=8)


def _step(view: dict[str, Any], style: str, words: Words) -> L.Block:
    """What the table waits for; the face-down cards already chosen, in one heap."""
    phase, done, waited = view["phase"], view["done"], view["waited"]
    if phase == "waiting":
        lines = [(words("WAITING FOR PLAYERS"), L.GOLD), (words("a hand needs {need} with chips", need=view["need"]),
                                                          L.TEXT), (words("/table join to sit in"), L.MUTED)]
        return L.panel(_wrapped(lines), pad=8, min_width=CENTRE_WIDTH)
    if phase == "settled":
        return L.panel(_wrapped([(words("HAND OVER"), L.GOLD), (words("the fifth play took the pot"), L.MUTED)]), pad=8,
                       min_width=CENTRE_WIDTH)
    if phase == "discard":
        heading, what = words("DISCARD"), words("{done} of {waited} discarded", done=done, waited=waited)
        hint = words("each lays one card face down")
    else:
        heading = words("PLAY {play} OF {plays}", play=view["play"], plays=view["plays"])
        what, hint = words("{done} of {waited} cards down", done=done, waited=waited), words("cards show when all have chosen")
    heap = L.fan([None] * done, 40, style, offset=10, markers=False) if done else L.spacer(40, 64)
    said_lines = L.lines([(heading, L.GOLD), (what, L.TEXT)], L.SMALL, bold_first=True)
    hint_lines = L.column([L.label(line, L.SMALL, L.MUTED) for line in text.wrap(hint, L.SMALL, LATEST_WIDTH)], gap=0)
    return L.panel(L.column([L.row([heap, said_lines], gap=10, align="middle"), hint_lines], gap=2), pad=8,
                   min_width=CENTRE_WIDTH)


def _wrapped(lines: list[tuple[str, L.Colour]]) -> L.Block:
    """A step's lines, the first bold, each wrapped within the centre (a longer language's
    words go on to a next line rather than being cut)."""
    return L.lines([(part, colour) for value, colour in lines for part in text.wrap(value, L.SMALL, LATEST_WIDTH)],
                   L.SMALL, bold_first=True, max_width=LATEST_WIDTH)


def _latest(view: dict[str, Any], latest: dict[str, Any], names: dict[int, str], words: Words,
            width: int = LATEST_WIDTH) -> L.Block:
    line = said(reveal_line(latest, view["deck"], lambda p: L.player_name(names, p)), words)
    colour = L.GOLD if latest["taker"] is not None else EXCUSED
    heading = words("PLAY {play} REVEALED", play=latest["play"])
    parts = [L.label(heading, L.SMALL, L.MUTED, bold=True)]
    parts += [L.label(part, L.SMALL, colour, bold=True, max_width=width) for part in _split(line, width)]
    return L.panel(L.column(parts, gap=0, align="left"), pad=8, min_width=CENTRE_WIDTH)


def _split(line: str, width: int = LATEST_WIDTH) -> list[str]:
    """The reveal on lines of its own: the cards shown (wrapped when long), what took or was
    excused, what follows."""
    shown, _, outcome = line.partition(" — ")
    head, _, tail = outcome.partition("; ")
    parts = [shown, head + (";" if tail else ""), tail]
    return [line for part in parts for line in text.wrap(part, L.SMALL, width)]


# --- the seats -----------------------------------------------------------------------------


def _seat(seat: dict[str, Any], view: dict[str, Any], latest: dict[str, Any] | None,
          names: dict[int, str], style: str, words: Words) -> L.Block:
    player = seat["player"]
    badge, outline = _outcome(seat, view, latest, words)
    cards = _cards(seat, style)
    plate = L.plate(L.player_name(names, player), _details(seat, view, words), SEAT_WIDTH - 12, badge=badge)
    body = L.column([plate, cards], gap=4, align="left") if cards is not None else plate
    return L.panel(body, pad=6, outline=outline, outline_width=3)


def _details(seat: dict[str, Any], view: dict[str, Any], words: Words,
             in_a_cell: bool = False) -> list[tuple[str, L.Colour]]:
    """A seat's lines: its stack and what it put in the pot (on lines of their own in a
    crowded table's cell), its cards in hand (not in a cell), its result or its state."""
    stack = words("Stack {chips}", chips=L.chips(seat["stack"]))
    in_pot = L.chips(seat["in_pot"])
    if in_a_cell:
        rows = [(stack, L.MUTED)] + ([(words("In pot {chips}", chips=in_pot), L.MUTED)] if seat["in_pot"] else [])
    else:
        rows = [(stack + (words(" · in pot {chips}", chips=in_pot) if seat["in_pot"] else ""), L.MUTED)]
    if seat["cards_left"] and not in_a_cell:
        rows.append((words("{count} in hand", count=seat["cards_left"]), L.MUTED))
    results = {r["player"]: r["net"] for r in view.get("results") or []}
    if seat["player"] in results:
        net = results[seat["player"]]
        rows.append((words("Hand {net}", net=format(net, "+,")), L.WIN if net > 0 else L.LOSS if net < 0 else L.PUSH))
    elif seat["folded"]:
        rows.append((words("Left the hand"), L.MUTED))
    elif seat["sitting_out"] and not seat["in_hand"]:
        rows.append((words("Sitting out"), L.MUTED))
    elif not seat["in_hand"] and view["phase"] in ("discard", "play"):
        rows.append((words("Dealt in next hand"), L.MUTED))
    return rows


def _outcome(seat: dict[str, Any], view: dict[str, Any], latest: dict[str, Any] | None, words: Words
             ) -> tuple[tuple[str, L.Colour] | None, L.Colour | None]:
    """The badge and outline of a seat after the latest reveal."""
    if latest is None:
        return None, None
    player = seat["player"]
    if latest["taker"] == player:
        return (words("takes {chips}", chips=L.chips(latest["took"])), L.GOLD), L.GOLD
    if latest["excused"] == player:
        return (words("excused"), EXCUSED), EXCUSED
    paid = next((p["amount"] for p in latest["paid"] if p["player"] == player), None)
    if paid is not None and latest["taker"] is None:
        return (words("pays {chips}", chips=L.chips(paid)), L.LOSS), None
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
