"""The Arcanoid table image: the four battlefields two by two, each with every seat's forces
in the order they were committed (secret ones as backs); then every seat with its hand count,
Strength's visible cards, the Chariot's reserve, a daemon's open hand, the USA's turned-up
cards; the shared Justice row and Temperance; the deck, the discard pile, whose turn it is and
an open reaction window. `render_round` draws a finished round's four battles and winners.

Every card is `CARD` (90 px) wide, the least rules/cards.md allows, on the battlefields and the
seats alike, and a crowded battlefield grows downward (its forces two to a line, a force of many
cards overlapping on a line of its own) rather than shrinking its cards.

An embed shows its image within about 400 x 280 px (`EMBED_BOX`), scaled down to fit. The
battlefields go two to a row (an image about 730 px wide) or four side by side (1,440 px),
whichever that box shows larger: two to a row for a table with little on it (the first image of
a game, 1,438 x 227 side by side, had words 4 px tall there), four for a crowded one (two to a
row would make it tall, and the box scales a tall image by its height)."""

from __future__ import annotations

from typing import Any

from games.arcanoid.battle import FIELDS
from games.arcanoid.words import capitalised, card_label, does, face_code, whose
from renders import layout as L
from renders.cards import arcanoid_names

CARD = 90  # every card of the image (rules/cards.md: at least ~90 px wide in a table image)
STYLE = arcanoid_names("rws")  # the faces carry Arcanoid's names: 8 Justice, 11 Strength, Judgment
SPRITE_WIDTHS = (CARD,)  # warmed at start-up (renders.warm_up)
MIN_STEP = round(CARD * 0.22)  # the least of a card a fan shows: its corner index (layout.fan)
SEAT_STEP = CARD // 2  # a seat's few cards show half of each: both left corners, so a reversed card's index too
FIELD_WIDTH = 344  # two battlefields side by side fill the image's width
FIELD_GAP = 10
NARROW = 2 * FIELD_WIDTH + FIELD_GAP  # the image's width inside its margins, two battlefields to a row
WIDE = L.MAX_WIDTH - 2 * L.MARGIN  # four side by side
EMBED_BOX = (400, 280)  # what a Discord embed (and SimCord's preview) shows its image within
FIELD_PAD = 8
FIELD_INNER = FIELD_WIDTH - 2 * FIELD_PAD
CELL_GAP = 8
CELL = (FIELD_INNER - CELL_GAP) // 2  # a force takes half a battlefield's width, or all of it
FIELD_TITLES = {"swords": "SWORDS", "staves": "STAVES", "cups": "CUPS", "coins": "COINS"}
FORM_WORDS = {"abdication": "abdicated", "judgment": "Judgment: abdicated", "world": "the World",
              "imperial": "imperial couple", "royal": "royal couple", "illegitimate": "Lovers' couple",
              "secret": "secret"}


def seat_name(seat: dict[str, Any], names: dict[int, str]) -> str:
    if seat["kind"] == "daemon":
        return f"Daemon of {L.player_name(names, seat['master'])}"
    if seat["kind"] == "usa":
        return "USA"
    return L.player_name(names, seat["player"])


def render_arcanoid(view: dict[str, Any], names: dict[int, str], style: str = "rws",
                    seconds_left: int | None = None) -> bytes:
    """The table as PNG bytes from a view (public or a player's: only what it holds is drawn)."""
    style = arcanoid_names(style)
    title = f"Arcanoid · round {view['round']} of {view['rounds']} · {view['variant']}" + (
        " + GAZA" if view["gaza"] else "")
    info = f"deck {view['deck']} · discard {view['discard']} · {_step(view, names, seconds_left)}"
    bodies = [L.column([_fields(view, names, style, per_row), _extras(view, names, style, width),
                        _seats(view, names, style, width)], gap=14)
              for per_row, width in ((2, NARROW), (4, WIDE))]  # laid out only: painting is lazy
    return L.to_png(L.compose(title, info, max(bodies, key=_shown_scale)))


def _shown_scale(body: L.Block) -> float:
    """How much an image of this body is scaled to fit an embed's box (more is more readable)."""
    return min(EMBED_BOX[0] / (body.width + 2 * L.MARGIN), EMBED_BOX[1] / (body.height + 40 + 2 * L.MARGIN))


def _step(view: dict[str, Any], names: dict[int, str], seconds_left: int | None) -> str:
    phase = view["phase"]
    if phase == "over":
        return "game over"
    if phase == "window":
        left = view["window"]["seconds"] if seconds_left is None else seconds_left
        return f"reaction window · {left}s"
    if phase == "vote":
        return f"refill vote · {L.player_name(names, view['pending'][0])}"
    seat = next((s for s in view["seats"] if s["player"] == view["turn"]), None)
    return "turn: " + (seat_name(seat, names) if seat else "?")


def _fields(view: dict[str, Any], names: dict[int, str], style: str, per_row: int) -> L.Block:
    tempered = view["temperance"]
    panels = []
    for field in FIELDS:
        forces = sorted(((s, s["fields"][field]) for s in view["seats"] if field in s["fields"]),
                        key=lambda pair: pair[1]["order"])
        head = [L.cached_label(FIELD_TITLES[field], 17, L.GOLD, bold=True)]
        if tempered is not None and tempered["field"] == field:
            head.append(L.tag(f"tempered by {L.player_name(names, tempered['owner'])}", L.PUSH, cached=True))
        if view["window"] is not None and view["window"]["field"] == field:
            head.append(L.tag("just committed", L.GOLD, cached=True))
        cells = [_force(seat, commit, names, style) for seat, commit in forces]
        panels.append(_battlefield(L.row(head, gap=8, align="middle"), cells))
    rows = [L.row(panels[i:i + per_row], gap=FIELD_GAP, align="top") for i in range(0, len(panels), per_row)]
    return L.column(rows, gap=FIELD_GAP, align="left")


def _battlefield(head: L.Block, cells: list[L.Block]) -> L.Block:
    """A battlefield's panel: its head, then its forces in the order they were committed, two
    to a line (a force too wide for half the panel takes a line of its own)."""
    lines: list[list[L.Block]] = []
    for cell in cells:
        if lines and len(lines[-1]) == 1 and lines[-1][0].width <= CELL and cell.width <= CELL:
            lines[-1].append(cell)
        else:
            lines.append([cell])
    rows = [L.row(line, gap=CELL_GAP) for line in lines] or [L.cached_label("nothing committed", 15, L.MUTED)]
    body = L.column([head, *rows], gap=8, align="left")
    return L.panel(L.Block(FIELD_INNER, body.height, body.paint), pad=FIELD_PAD)  # its forces from the left


def _cell(name: str, word: str, codes: list[str | None], style: str, name_fill: L.Colour = L.TEXT) -> L.Block:
    """One force: who, what (form or force), and its cards, in half a battlefield's width when
    they show there (each card's index at least), else in the whole width."""
    n = len(codes)
    width = CELL if n <= 1 or (CELL - CARD) // (n - 1) >= MIN_STEP else FIELD_INNER
    parts = [L.cached_label(name, 15, name_fill, bold=True, max_width=width),
             L.cached_label(word, 14, L.MUTED, max_width=width)]
    if codes:
        parts.append(L.fan(L.parse(codes), CARD, style, max_width=width, markers=False))
    return L.column(parts, gap=2, align="left")


def _force(seat: dict[str, Any], commit: dict[str, Any], names: dict[int, str], style: str) -> L.Block:
    form = commit["form"]
    codes: list[str | None] = []
    if commit["linked"]:
        linked = seat["fields"][commit["linked"]]
        codes = list(linked["cards"])
        word = FORM_WORDS.get(linked["form"], "") + f" (with {commit['linked']})"
    elif form == "secret":
        codes = [None] * commit["count"]
        word = f"secret · {commit['count']} cards"
    elif commit["cards"] and form != "judgment":
        codes = list(commit["cards"])
        word = FORM_WORDS.get(form, _force_word(commit["cards"]))
    else:
        word = FORM_WORDS.get(form, form)
    return _cell(seat_name(seat, names), word, codes, style)


def _force_word(codes: list[str]) -> str:
    from games.arcanoid.battle import force
    from games.cards import from_codes

    return f"force {force(from_codes(codes)):g}"


def _extras(view: dict[str, Any], names: dict[int, str], style: str, width: int) -> L.Block:
    blocks = []
    if view["justice"] is not None:
        row = L.fan(L.parse(view["justice"]), CARD, style, offset=CARD + 6, markers=False, max_width=width - 16)
        blocks.append(L.panel(L.section("Justice · shared by all", row, size=14), pad=8))
    reveal = view["reveal"]
    if reveal is not None and "shown" in reveal:
        shown = ", ".join(f"{L.player_name(names, int(p))}: {' '.join(face_code(x) for x in c)}"
                          for p, c in reveal["shown"].items())
        called = {"fool": "the Fool", "trumps": "the trumps"}.get(reveal["call"], reveal["call"])
        text = (f"{capitalised(whose(L.player_name(names, reveal['by'])))} Hierophant called {called}: "
                f"{shown or 'nobody holds any'}")
        blocks.append(L.panel(L.label(text, 13, L.TEXT, max_width=width - 16), pad=8))
    elif reveal is not None:
        got = "given by " + L.player_name(names, reveal["from"]) if reveal["from"] is not None else "nobody had it"
        said = f"{does(L.player_name(names, reveal['by']), 'called')} {card_label(reveal['call'])}: {got}"
        blocks.append(L.panel(L.label(said, 13, L.TEXT, max_width=width - 16), pad=8))
    if view["window"] is not None:
        blocks.append(L.panel(L.cached_label("Reaction window open: the Fool or a Hermit may act now", 14, L.GOLD,
                                             bold=True), pad=8, outline=L.GOLD))
    if not blocks:
        return L.spacer(0, 0)
    return L.flow(blocks, width, gap=10, row_gap=10)


def _seats(view: dict[str, Any], names: dict[int, str], style: str, width: int) -> L.Block:
    plates = []
    for seat in view["seats"]:
        details: list[tuple[str, L.Colour]] = []
        status = "out of play this round" if seat["finished"] else f"{seat['hand_count']} cards in hand"
        won = view["scores"].get(str(seat["player"]))
        if won:
            status += f" · {won} battle{'s' if won > 1 else ''} won"
        details.append((status, L.MUTED))
        if seat["hermit"]:
            details.append((f"Hermit: {seat['hermit_moves']} moves left", L.GOLD))
        if seat["chariot"]:
            details.append(("Chariot on the table", L.GOLD))
        turn = seat["player"] == view["turn"] and view["phase"] == "play"
        plate = L.plate(seat_name(seat, names), details, 220, turn=turn, cached=True)
        shown = [("hand", seat["hand"] if seat["kind"] == "daemon" else None), ("Strength, visible", seat["visible"]),
                 ("Chariot reserve", seat["reserve"]), ("turned up", seat["shown"])]
        cards = [L.column([L.cached_label(caption, 14, L.MUTED), L.fan(L.parse(codes), CARD, style, offset=SEAT_STEP, markers=False)],
                          gap=2, align="left") for caption, codes in shown if codes]
        body = L.column([plate, L.row(cards, gap=10)], gap=4, align="left") if cards else plate
        plates.append(L.panel(body, pad=6, outline=L.GOLD if turn else None))
    return L.flow(plates, width, gap=10, row_gap=10)


def _named(player: int, names: dict[int, str]) -> str:
    if player == -200:
        return "USA"
    return "Daemon" if player <= -101 else L.player_name(names, player)


def _won_by(credited: int | None, names: dict[int, str]) -> str:
    return "no winner" if credited is None else "won by " + _named(credited, names)


def render_round(battles: dict[str, Any], round_number: int, names: dict[int, str], style: str = "rws") -> bytes:
    """A finished round: each battlefield's forces (everything revealed) and its winner."""
    style = arcanoid_names(style)
    panels = []
    for field in FIELDS:
        battle = battles[field]
        cells = []
        for force in battle["forces"]:
            win = force["seat"] == battle["winner"]
            codes = force["cards"] if force["form"] != "judgment" else []
            word = FORM_WORDS.get(force["form"]) or (_force_word(codes) if codes else force["form"])
            word = f"wins · {word}" if win else word
            who = (f"Daemon of {L.player_name(names, force['master'])}" if "master" in force
                   else _named(force["seat"], names))
            cells.append(_cell(who, word, codes, style, L.GOLD if win else L.TEXT))
        head = L.row([L.cached_label(FIELD_TITLES[field], 17, L.GOLD, bold=True),
                      L.tag(_won_by(battle["credited"], names), L.WIN, cached=True)], gap=8, align="middle")
        panels.append(_battlefield(head, cells))
    return L.to_png(L.compose(f"Arcanoid · round {round_number} · the battles", "", L.row(panels, gap=10)))
