"""The Arcanoid table image: the four battlefields, each with every seat's forces in the order
they were committed (secret ones as backs); then every seat with its hand count, Strength's
visible cards, the Chariot's reserve, a daemon's open hand, the USA's turned-up cards; the shared
Justice row and Temperance; the deck, the discard pile, whose turn it is and an open reaction
window. `render_round` draws a finished round's four battles and winners.

Every card is `CARD` (90 px) wide, the least rules/cards.md allows, on the battlefields and the
seats alike, and a crowded battlefield grows downward rather than shrinking its cards. Cards
are drawn as Arcanoid reads them: upright (orientation means nothing in it), majors by number
and by Arcanoid's names (renders/cards.py, `GAME_FACES`).

The battlefields go four side by side or two to a row, whichever the frame (renders/layout.py)
shows larger: four for a table with forces of a card or two, two to a row for long forces."""

from __future__ import annotations

from typing import Any

from games.arcanoid.battle import FIELD_WORDS, FIELDS
from games.arcanoid.words import capitalised, card_label, face_code, is_you
from games.base import N_
from renders import layout as L
from renders import text
from renders.cards import arcanoid_names
from renders.words import ENGLISH, Words, now, said, speaking

CARD = L.TABLE_CARD
STYLE = arcanoid_names("rws")  # the faces Arcanoid reads: upright, 8 Justice, 11 Strength, Judgment
SPRITE_WIDTHS = (CARD,)  # warmed at start-up (renders.warm_up)
MIN_STEP = round(CARD * 0.22)  # the least of a card a fan shows: its corner index (layout.fan)
SEAT_STEP = CARD // 3  # a seat's few cards show a third of each: their corner index
FIELD_GAP = 8
FIELD_PAD = 6
CELL_GAP = 8
FIELD_TITLES = {"swords": N_("SWORDS"), "staves": N_("STAVES"), "cups": N_("CUPS"), "coins": N_("COINS")}
SEAT_WIDTH = 186  # four plates to a row
FORM_WORDS = {"abdication": N_("abdicated"), "judgment": N_("Judgment: abdicated"), "world": N_("the World"),
              "imperial": N_("imperial couple"), "royal": N_("royal couple"), "illegitimate": N_("Lovers' couple"),
              "secret": N_("secret")}
OUT = N_("out of play this round")
SHOWN = {"hand": N_("hand"), "visible": N_("Strength, visible"), "reserve": N_("Chariot reserve"),
         "shown": N_("turned up")}  # the captions of the cards a seat shows


def seat_name(seat: dict[str, Any], names: dict[int, str], words: Words | None = None) -> str:
    """A seat's name (a daemon after its master, the USA) in `words` (the drawing's by default)."""
    w = words or now()
    if seat["kind"] == "daemon":
        return w("Daemon of {player}", player=said(L.player_name(names, seat["master"]), w))
    if seat["kind"] == "usa":
        return w("USA")
    return said(L.player_name(names, seat["player"]), w)


def _player(names: dict[int, str], player: int) -> str:
    """A player's name as the font draws it; a seat the names do not know by its kind, in the
    drawing's words ("a daemon")."""
    return said(L.player_name(names, player), now())


def _called(view: dict[str, Any], names: dict[int, str], player: int) -> str:
    """A seat of the view by the name the table shows (a daemon after its master, even once the
    table's names have forgotten it)."""
    seat = next((s for s in view["seats"] if s["player"] == player), None)
    return seat_name(seat, names) if seat is not None else _player(names, player)


def _title(field: str) -> str:
    return now()(FIELD_TITLES[field])


def _field(field: str) -> str:
    """A battlefield's name as a sentence says it (`swords`)."""
    return said(FIELD_WORDS[field], now()) if field in FIELD_WORDS else field


def _form(form: str) -> str:
    return now()(FORM_WORDS[form]) if form in FORM_WORDS else form


def render_arcanoid(view: dict[str, Any], names: dict[int, str], style: str = "rws",
                    seconds_left: int | None = None, words: Words = ENGLISH) -> bytes:
    """The table as PNG bytes from a view (public or a player's: only what it holds is drawn);
    `words`: the image's words in the reader's language (renders/words.py)."""
    with speaking(words):
        return _render_arcanoid(view, names, style, seconds_left)


def _render_arcanoid(view: dict[str, Any], names: dict[int, str], style: str, seconds_left: int | None) -> bytes:
    w = now()
    style = arcanoid_names(style)
    figures = {"round": view["round"], "rounds": view["rounds"], "variant": view["variant"]}
    title = (w("Arcanoid · round {round}/{rounds} · {variant} + GAZA", **figures) if view["gaza"] else
             w("Arcanoid · round {round}/{rounds} · {variant}", **figures))
    info = w("deck {deck} · discard {discard} · {step}", deck=view["deck"], discard=view["discard"],
             step=_step(view, names, seconds_left))
    usual = L.fit_frame(lambda width: _table(view, names, style, width), most=2)
    head = L.header_height(title, info)
    body = L.best_fit([usual, *(_compact(view, names, style, codes) for codes in (True, False))], head)
    return L.to_png(L.compose(title, info, body))


def _table(view: dict[str, Any], names: dict[int, str], style: str, width: int) -> L.Block:
    """The battlefields four side by side or two to a row, whichever the frame shows larger,
    over the rest."""
    below = _below(view, names, style, width)
    return L.best_fit(L.column([_fields(view, names, style, per_row, width), below], gap=8)
                      for per_row in (4, 2))  # laid out only: painting is lazy


def _below(view: dict[str, Any], names: dict[int, str], style: str, width: int) -> L.Block:
    """Under the battlefields, side by side: who holds how many cards, what happened (Justice,
    a Hierophant's call, an open window) and the seats that show cards."""
    plain, shown = _seats(view, names, style)
    sides = [block for block in (plain, L.flow(shown, width // 2, gap=6, row_gap=6) if shown else None) if block]
    room = width - sum(block.width + 8 for block in sides) - 4
    extras = _extras(view, names, style, room)
    if extras and room < 240:  # too little room beside the seats: what happened goes under them
        return L.column([L.row(sides, gap=8), L.flow(extras, width, gap=6, row_gap=6)], gap=6, align="left")
    if extras:
        sides.insert(1 if plain else 0, L.column(extras, gap=6, align="left"))
    return L.row(sides, gap=8, align="top")


def _field_width(per_row: int, width: int = L.BODY[0]) -> int:
    return (width - FIELD_GAP * (per_row - 1)) // per_row


def _step(view: dict[str, Any], names: dict[int, str], seconds_left: int | None) -> str:
    w = now()
    phase = view["phase"]
    if phase == "over":
        return w("game over")
    if phase == "window":
        left = view["window"]["seconds"] if seconds_left is None else seconds_left
        return w("reaction window {seconds}s", seconds=left)
    if phase == "vote":
        return w("refill vote · {player}", player=_player(names, view["pending"][0]))
    seat = next((s for s in view["seats"] if s["player"] == view["turn"]), None)
    return w("turn: {player}", player=seat_name(seat, names) if seat else "?")


def _fields(view: dict[str, Any], names: dict[int, str], style: str, per_row: int, width: int) -> L.Block:
    w = now()
    tempered = view["temperance"]
    panels = []
    for field in FIELDS:
        forces = sorted(((s, s["fields"][field]) for s in view["seats"] if field in s["fields"]),
                        key=lambda pair: pair[1]["order"])
        head = [L.cached_label(_title(field), L.SMALL, L.GOLD, bold=True)]
        if tempered is not None and tempered["field"] == field:
            head.append(L.tag(w("tempered by {player}", player=_player(names, tempered["owner"])), L.PUSH,
                              cached=True))
        if view["window"] is not None and view["window"]["field"] == field:
            head.append(L.tag(w("just committed"), L.GOLD, cached=True))
        inner = _field_width(per_row, width) - 2 * FIELD_PAD
        cells = _cells([(seat_name(seat, names), *_force(seat, commit), L.TEXT) for seat, commit in forces], style, inner)
        panels.append(_battlefield(L.flow(head, inner, gap=6, row_gap=2), cells, inner))
    rows = [L.row(panels[i:i + per_row], gap=FIELD_GAP, align="top") for i in range(0, len(panels), per_row)]
    return L.column(rows, gap=FIELD_GAP, align="left")


def _battlefield(head: L.Block, cells: list[L.Block], inner: int) -> L.Block:
    """A battlefield's panel `inner` wide inside: its head, then its forces in the order they
    were committed, side by side while they fit."""
    w = now()
    lines: list[list[L.Block]] = []
    used = 0
    for cell in cells:
        if lines and used + CELL_GAP + cell.width <= inner:
            lines[-1].append(cell)
            used += CELL_GAP + cell.width
        else:
            lines.append([cell])
            used = cell.width
    if not lines:
        empty = L.cached_label(w("nothing committed"), L.SMALL, L.MUTED)
        fits = head.width + 8 + empty.width <= inner
        head = L.row([head, empty], gap=8) if fits else L.column([head, empty], gap=4, align="left")
    body = L.column([head, *(L.row(line, gap=CELL_GAP) for line in lines)], gap=4, align="left")
    return L.panel(L.Block(inner, body.height, body.paint), pad=FIELD_PAD)  # its forces from the left


def _cell(name: str, word: str, codes: list[str | None], style: str, width: int,
          name_fill: L.Colour = L.TEXT) -> L.Block:
    """One force: who and what (form or force) on a line when it fits, else two, over its
    cards (each showing its index at least) within `width`."""
    w = now()
    one_line = w("{player} · {form}", player=name, form=word)
    if text.width(one_line, L.SMALL) <= (width if len(codes) > 1 else CARD + 2 * MIN_STEP):
        parts = [L.cached_label(one_line, L.SMALL, name_fill, bold=True)]
    else:
        parts = [L.cached_label(name, L.SMALL, name_fill, bold=True, max_width=width),
                 L.cached_label(word, L.SMALL, L.MUTED, max_width=width)]
    if codes:
        parts.append(L.fan(L.parse(codes), CARD, style, max_width=width, markers=False))
    return L.column(parts, gap=0, align="left")


Force = tuple[str, str, list[str | None], L.Colour]  # who, what (form or force), its cards, the name's colour


def _cells(forces: list[Force], style: str, inner: int) -> list[L.Block]:
    """A battlefield's forces as cells: each force with cards on its own, and the forces in a
    row that show none with the same word ("abdicated") named together on one wrapped line."""
    w = now()
    cells: list[L.Block] = []
    quiet: list[Force] = []
    note_width = inner if inner < 2 * CARD + 3 * MIN_STEP + CELL_GAP else (inner - CELL_GAP) // 2

    def flush() -> None:
        if quiet:
            who = ", ".join(name for name, *_ in quiet)
            fill = quiet[0][3] if len(quiet) == 1 else L.TEXT
            lines = text.wrap(w("{players}: {form}", players=who, form=quiet[0][1]), L.SMALL, note_width)
            cells.append(L.column([L.cached_label(line, L.SMALL, fill, bold=fill != L.TEXT) for line in lines],
                                  gap=0, align="left"))
            quiet.clear()

    for force in forces:
        if force[2] or (quiet and quiet[0][1] != force[1]):
            flush()
        if force[2]:
            cells.append(_cell(*force[:3], style, inner, force[3]))
        else:
            quiet.append(force)
    flush()
    return cells


def _force(seat: dict[str, Any], commit: dict[str, Any], short: bool = False) -> tuple[str, list[str | None]]:
    """What a seat's commitment on a battlefield is called, and its cards (backs if secret);
    `short`: a force by its number alone (`14.5`, not `force 14.5`)."""
    w = now()
    form = commit["form"]
    codes: list[str | None] = []
    if commit["linked"]:
        linked = seat["fields"][commit["linked"]]
        codes = list(linked["cards"])
        word = w("{form} (with {field})", form=w(FORM_WORDS[linked["form"]]) if linked["form"] in FORM_WORDS else "",
                 field=_field(commit["linked"]))
    elif form == "secret":
        codes = [None] * commit["count"]
        word = w.plural("secret · {n} card", "secret · {n} cards", commit["count"])
    elif commit["cards"] and form != "judgment":
        codes = list(commit["cards"])
        word = _form(form) if form in FORM_WORDS else (_force_value(commit["cards"]) if short else
                                                      _force_word(commit["cards"]))
    else:
        word = _form(form)
    return word, codes


def _force_value(codes: list[str]) -> str:
    """A force's number as the drawing's language writes it: `17`, `17.5` (a knight's; `17,5`)."""
    from games.arcanoid.battle import force
    from games.cards import from_codes

    w = now()
    value = force(from_codes(codes))
    return str(int(value)) if value == int(value) else w("{whole}.5", whole=int(value))


def _force_word(codes: list[str]) -> str:
    w = now()
    return w("force {value}", value=_force_value(codes))


def _extras(view: dict[str, Any], names: dict[int, str], style: str, width: int) -> list[L.Block]:
    w = now()
    blocks = []
    if view["justice"] is not None:
        row = L.fan(L.parse(view["justice"]), CARD, style, offset=CARD + 6, markers=False, max_width=width - 16)
        blocks.append(L.panel(L.section(w("Justice · shared by all"), row), pad=6))
    for words, fill in _notes(view, names):
        blocks.append(_note(words, width, fill))
    return blocks


def _notes(view: dict[str, Any], names: dict[int, str]) -> list[tuple[str, L.Colour]]:
    """What happened, in words and its colour: a Hierophant's call, an open reaction window
    (gold)."""
    w = now()
    notes: list[tuple[str, L.Colour]] = []
    reveal = view["reveal"]
    if reveal is not None and "shown" in reveal:
        shown = ", ".join(w("{player}: {cards}", player=_called(view, names, int(p)),
                            cards=" ".join(face_code(x) for x in c)) for p, c in reveal["shown"].items())
        calls = {"fool": N_("the Fool"), "trumps": N_("the trumps")}
        called = w(calls[reveal["call"]]) if reveal["call"] in calls else _field(reveal["call"])
        by = _called(view, names, reveal["by"])
        shown = shown or w("nobody holds any")
        notes.append((w("Your Hierophant called {call}: {shown}", call=called, shown=shown) if is_you(by) else
                      w("{player}'s Hierophant called {call}: {shown}", player=by, call=called, shown=shown), L.TEXT))
    elif reveal is not None:
        by, called = _called(view, names, reveal["by"]), said(card_label(reveal["call"]), w)
        notes.append((w("{player} called {card}: given by {giver}", player=by, card=called,
                        giver=_called(view, names, reveal["from"])) if reveal["from"] is not None else
                      w("{player} called {card}: nobody had it", player=by, card=called), L.TEXT))
    if view["window"] is not None:
        notes.append((w("Reaction window: the Fool or a Hermit may act"), L.GOLD))
    return notes


def _note(words: str, width: int, fill: L.Colour = L.TEXT) -> L.Block:
    """What happened, wrapped within `width`; a gold one (an open window) is outlined."""
    lines = [L.cached_label(line, L.SMALL, fill, bold=fill == L.GOLD) for line in text.wrap(words, L.SMALL, width - 12)]
    return L.panel(L.column(lines, gap=0, align="left"), pad=6, outline=L.GOLD if fill == L.GOLD else None)


def _seats(view: dict[str, Any], names: dict[int, str], style: str) -> tuple[L.Block | None, list[L.Block]]:
    """The seats that only hold cards, each named on a line with its count, and plates for the
    seats that show something (cards, a Hermit, a Chariot)."""
    w = now()
    plates, plain = [], []
    for seat in view["seats"]:
        status = w(OUT) if seat["finished"] else w.plural("{n} card", "{n} cards", seat["hand_count"])
        won = view["scores"].get(str(seat["player"]))
        if won:
            status = w.plural("{status}, {n} battle won", "{status}, {n} battles won", won, status=status)
        turn = seat["player"] == view["turn"] and view["phase"] == "play"
        details: list[tuple[str, L.Colour]] = [(status, L.MUTED)]
        if seat["hermit"]:
            details.append((w.plural("Hermit: {n} move left", "Hermit: {n} moves left", seat["hermit_moves"]), L.GOLD))
        if seat["chariot"]:
            details.append((w("Chariot on the table"), L.GOLD))
        shown = [("", seat["hand"] if seat["kind"] == "daemon" else None), (w(SHOWN["visible"]), seat["visible"]),
                 (w(SHOWN["reserve"]), seat["reserve"]), (w(SHOWN["shown"]), seat["shown"])]
        cards = [L.column([*([L.cached_label(caption, L.SMALL, L.MUTED)] if caption else []),
                           L.fan(L.parse(codes), CARD, style, offset=SEAT_STEP, markers=False)], gap=0, align="left")
                 for caption, codes in shown if codes]
        line = L.cached_label(w("{player}: {status}", player=seat_name(seat, names), status=status), L.SMALL,
                              L.GOLD if turn else L.TEXT, bold=turn)
        if len(details) == 1 and not cards:
            plain.append(line)
            continue
        head = line if len(details) == 1 else L.plate(seat_name(seat, names), details, SEAT_WIDTH, turn=turn, cached=True)
        body = L.column([head, L.row(cards, gap=8)], gap=2, align="left") if cards else head
        plates.append(L.panel(body, pad=4, outline=L.GOLD if turn else None))
    heading = L.cached_label(w("IN HAND"), L.SMALL, L.GOLD, bold=True)
    return (L.panel(L.column([heading, *plain], gap=0, align="left"), pad=6) if plain else None), plates


# --- a crowded table: the battlefields and the seats in words ------------------------------


def _compact(view: dict[str, Any], names: dict[int, str], style: str, codes: bool) -> L.Block:
    """A table too crowded for its cards in the frame: the four battlefields in words, in four
    columns of even height (a long battlefield goes on in the next column under its name again,
    in grey), each force showing cards a line (who on the left, its force or form on the right)
    with, if `codes`, its cards by notation under it (Arcanoid reads them upright, by number and
    suit); the forces that show no card (abdicated, Judgment) named together under them; then
    the seats' hands, the cards seats show, Justice and what happened."""
    w = now()
    inner = _field_width(4) - 2 * FIELD_PAD
    fields, quiet = [], []
    for field in FIELDS:
        forces = sorted(((s, s["fields"][field]) for s in view["seats"] if field in s["fields"]),
                        key=lambda pair: pair[1]["order"])
        head = [L.cached_label(_title(field), L.SMALL, L.GOLD, bold=True)]
        if view["temperance"] is not None and view["temperance"]["field"] == field:
            head.append(L.tag(w("tempered by {player}", player=_player(names, view["temperance"]["owner"])),
                              L.PUSH, cached=True))
        if view["window"] is not None and view["window"]["field"] == field:
            head.append(L.tag(w("just committed"), L.GOLD, cached=True))
        entries = [L.flow(head, inner, gap=6, row_gap=2)]
        words: dict[str, list[str]] = {}
        for seat, commit in forces:
            word, cards = _force(seat, commit)
            if not cards:
                words.setdefault(word, []).append(seat_name(seat, names))
                continue
            lines = _name_and_value(seat_name(seat, names), _force(seat, commit, short=True)[0], inner)
            shown = [c for c in cards if c is not None]
            if codes and shown:
                lines += [L.cached_label(line, L.SMALL, L.MUTED)
                          for line in text.wrap(" ".join(face_code(c) for c in shown), L.SMALL, inner)]
            entries.append(L.column(lines, gap=0, align="left"))
        quiet += [w("{field}: {players}: {form}", field=capitalised(_field(field)), players=", ".join(who), form=word)
                  for word, who in words.items()]
        if not forces:
            entries.append(L.cached_label(w("nothing committed"), L.SMALL, L.MUTED))
        fields.append((_title(field), entries))
    columns = [L.panel(L.Block(inner, body.height, body.paint), pad=FIELD_PAD) for body in _even_columns(fields, 4)]
    width = L.BODY[0]
    said = [L.cached_label(line, L.SMALL, L.MUTED) for line in text.wrap(" · ".join(quiet), L.SMALL, width)]
    return L.column([L.row(columns, gap=FIELD_GAP, align="top"),
                     L.column([*said, *_compact_below(view, names)], gap=0, align="left")], gap=4, align="left")


def _even_columns(fields: list[tuple[str, list[L.Block]]], count: int) -> list[L.Block]:
    """The battlefields' entries (a title, then its forces) poured into `count` columns of about
    even height, a battlefield going on in the next column under its title again (grey)."""
    total = sum(entry.height for _title, entries in fields for entry in entries) + 8 * len(fields)
    target = -(-total // count)
    while True:
        columns: list[list[L.Block]] = [[]]
        used = 0
        for title, entries in fields:
            if columns[-1]:
                columns[-1].append(L.spacer(0, 8))
                used += 8
            for i, entry in enumerate(entries):
                keep = entry.height + (entries[1].height if i == 0 and len(entries) > 1 else 0)  # a title with a force
                if columns[-1] and used + keep > target:
                    columns.append([L.cached_label(title, L.SMALL, L.MUTED, bold=True)] if i else [])
                    used = sum(block.height for block in columns[-1])
                columns[-1].append(entry)
                used += entry.height
        if len(columns) <= count:
            return [L.column(blocks, gap=0, align="left") for blocks in columns]
        target += 12


def _name_and_value(name: str, value: str, inner: int) -> list[L.Block]:
    """A force on a line: who on the left, its force (or form) on the right; on more lines
    (each wrapped, the form to the right) when both do not fit."""
    *values, right = [L.cached_label(line, L.SMALL, L.GOLD, bold=True) for line in text.wrap(value, L.SMALL, inner)]
    *first, last = [L.cached_label(line, L.SMALL, L.TEXT, max_width=inner) for line in text.wrap(name, L.SMALL, inner)]
    after = [L.row([L.spacer(inner - v.width), v], gap=0) for v in (*values, right)]
    if values or last.width + 8 + right.width > inner:
        return [*first, last, *after]
    return [*first, L.row([last, L.spacer(inner - last.width - right.width), right], gap=0)]


def _compact_below(view: dict[str, Any], names: dict[int, str]) -> list[L.Block]:
    """The seats in words, run together: who holds how many cards (the battles won are the
    message's; when most seats are out of play this round, the others are named first and
    "everyone else" after), what the seats show (a daemon's hand, Strength, the Chariot's
    reserve, the USA's cards) and Justice; then what happened, a line each."""
    w = now()
    width = L.BODY[0]
    groups: dict[str, list[str]] = {}
    out_word = w(OUT)
    for seat in view["seats"]:
        status = out_word if seat["finished"] else w.plural("{n} card", "{n} cards", seat["hand_count"])
        groups.setdefault(status, []).append(seat_name(seat, names))
    out = groups.pop(out_word, [])
    counts = [w("{status}: {players}", status=capitalised(status), players=", ".join(who)) for status, who in groups.items()]
    if out:
        counts.append(w("Everyone else: out of play this round") if len(out) > len(view["seats"]) // 2 and groups
                      else w("Out of play this round: {players}", players=", ".join(out)))
    held = counts
    for seat in view["seats"]:
        name = seat_name(seat, names)
        if seat["hermit"]:
            held.append(w.plural("{player}: Hermit, {n} move left", "{player}: Hermit, {n} moves left",
                                 seat["hermit_moves"], player=name))
        if seat["chariot"]:
            held.append(w("{player}: Chariot on the table", player=name))
        for caption, codes in (("hand", seat["hand"] if seat["kind"] == "daemon" else None),
                               ("visible", seat["visible"]), ("reserve", seat["reserve"]), ("shown", seat["shown"])):
            if codes:
                held.append(w("{player} · {caption}: {cards}", player=name, caption=w(SHOWN[caption]),
                              cards=" ".join(face_code(c) for c in codes)))
    if view["justice"] is not None:
        held.append(w("Justice · shared by all: {cards}", cards=" ".join(face_code(c) for c in view["justice"])))
    blocks = [L.cached_label(line, L.SMALL, L.TEXT) for line in text.wrap(" · ".join(held), L.SMALL, width)]
    for note, fill in _notes(view, names):
        blocks += [L.cached_label(line, L.SMALL, fill, bold=fill == L.GOLD) for line in text.wrap(note, L.SMALL, width)]
    return blocks


def _named(player: int, names: dict[int, str]) -> str:
    w = now()
    if player == -200:
        return w("USA")
    return w("Daemon") if player <= -101 else _player(names, player)


def render_round(battles: dict[str, Any], round_number: int, names: dict[int, str], style: str = "rws",
                 words: Words = ENGLISH) -> bytes:
    """A finished round: each battlefield side by side with its winner, the winning force's
    cards, and every other force by name and force; `words`: the image's words."""
    with speaking(words):
        return _render_round(battles, round_number, names, style)


def _render_round(battles: dict[str, Any], round_number: int, names: dict[int, str], style: str) -> bytes:
    w = now()
    style = arcanoid_names(style)
    inner = _field_width(4) - 2 * FIELD_PAD
    panels = []
    for field in FIELDS:
        battle = battles[field]
        forces: list[Force] = []
        for force in battle["forces"]:
            win = force["seat"] == battle["winner"]
            codes = force["cards"] if force["form"] != "judgment" else []
            word = _form(force["form"]) if force["form"] in FORM_WORDS else (
                _force_word(codes) if codes else force["form"])
            word = w("wins · {form}", form=word) if win else word
            who = (w("Daemon of {player}", player=_player(names, force["master"])) if "master" in force
                   else _named(force["seat"], names))
            forces.append((who, word, codes if win else [], L.GOLD if win else L.TEXT))
        cells = _cells(forces, style, inner)
        winners = {who for who, _word, _codes, fill in forces if fill == L.GOLD}
        credited = None if battle["credited"] is None else _named(battle["credited"], names)
        shown = [] if credited in winners else text.wrap(
            w("no winner") if credited is None else w("won by {player}", player=credited), L.SMALL, inner)
        head = L.column([L.cached_label(_title(field), L.SMALL, L.GOLD, bold=True),
                         *(L.cached_label(line, L.SMALL, L.WIN, bold=True) for line in shown)], gap=0, align="left")
        panels.append(_battlefield(head, cells, inner))
    return L.to_png(L.compose(w("Arcanoid · round {round} · the battles", round=round_number), "",
                              L.row(panels, gap=FIELD_GAP)))
