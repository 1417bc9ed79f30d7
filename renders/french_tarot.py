"""The French Tarot images: the table (seats, the trick on the table or the last one taken, the
dog, poignées), the hand's score sheet (each side's pile in its counted groups, the numbers of
the score, the running totals) and, at the end, the final ranking above the last sheet."""

from __future__ import annotations

from typing import Any

from games import counting
from games.base import N_
from renders import layout as L
from renders import text
from renders.cards import game_faces
from renders.words import ENGLISH, Words, now, speaking

CONTRACTS = {"prise": N_("Prise"), "garde": N_("Garde"), "garde_sans": N_("Garde sans le chien"),
             "garde_contre": N_("Garde contre le chien"), "pass": N_("Pass")}
ROLE_BADGES = {"taker": (N_("taker"), L.GOLD), "partner": (N_("partner"), L.PLAYER_BLUE)}
OUDLER_NAMES = {"0": N_("Excuse"), "1": N_("Petit"), "21": "21"}
LEVELS = {"simple": N_("simple"), "double": N_("double"), "triple": N_("triple")}  # a poignée's
METHODS = {"original": N_("original"), "fractional": N_("fractional"), "subtraction": N_("subtraction"),
           "valuable": N_("valuable")}  # the counting methods (games.counting)
SETTLEMENTS = {"exchange": N_("exchange"), "adjust": N_("adjust"), "alone": N_("alone"),
               "fool_alone": N_("fool alone")}  # the Excuse's settlements
CHELEMS = {(True, True): N_("Chelem announced, made: {points:+d}"),
           (True, False): N_("Chelem announced, failed: {points:+d}"),
           (False, True): N_("Chelem unannounced, made: {points:+d}"),
           (False, False): N_("Chelem unannounced, failed: {points:+d}")}
PLATE_WIDTH = 190
CARD = L.TABLE_CARD
PILE_CARD = 50  # the counting cards of a scored pile, with their notation
HONOUR_STEP = 36  # the least step between honours with their notation under them (two characters: "KC", "21")
SMALL_CARD = 72  # the dog and the last trick, each with its notation under it
NAME_ROOM = 18  # a name under a card of the trick may run this far beyond it ("Computer 1")
TRICK_GAP = 4


def render_tarot(view: dict[str, Any], names: dict[int, str], style: str = "rws", words: Words = ENGLISH) -> bytes:
    """The image for a view of games.french_tarot (the table, a scored hand's sheet, or the
    end of the game) as PNG bytes; `names` maps player ids to display names. Trumps go by
    number in French Tarot, so they carry it in their corners whatever the deck style, and
    orientation means nothing in it, so every card lies upright. `words`: the image's words in
    the reader's language (renders/words.py)."""
    with speaking(words):
        return _render_tarot(view, names, game_faces("french_tarot", style))


def _render_tarot(view: dict[str, Any], names: dict[int, str], style: str) -> bytes:
    w = now()
    if view["phase"] == "scored":
        return _render_sheet(view, names, style)
    if view["phase"] == "over":
        return _render_final(view, names, style)
    title = w("French Tarot · hand {round} of {deals}", round=view["round"], deals=view["deals"])
    info = w("everyone passed: the next dealer deals") if view["phase"] == "passed" else _info(view, names)
    return L.to_png(L.compose(title, info, _table(view, names, style, L.header_height(title, info))))


def contract_text(view: dict[str, Any], names: dict[int, str], multiplier: bool = True, words: Words | None = None) -> str:
    w = words or now()
    if not view.get("contract"):
        return ""
    times = f" x{view['multiplier']}" if multiplier else ""  # the image's header leaves it to the contract's name
    text = w("{contract}{times} · taker {taker}", contract=w(CONTRACTS[view["contract"]]), times=times,
             taker=L.player_name(names, view["taker"]))
    return text + (w(" · called {card}", card=view["called"]) if view.get("called") else "")


def _info(view: dict[str, Any], names: dict[int, str]) -> str:
    w = now()
    if view["phase"] == "playing":
        phase = w("trick {number}/{total}", number=min(view["trick_number"], view["tricks_total"]),
                  total=view["tricks_total"])
    else:
        phase = w({"bidding": N_("bidding"), "calling": N_("calling a king"), "discarding": N_("the discard"),
                   "chelem": N_("chelem?")}[view["phase"]])
    contract = contract_text(view, names, multiplier=False)
    return f"{contract} · {phase}" if contract else phase


# --- the table -----------------------------------------------------------------------------


def _table(view: dict[str, Any], names: dict[int, str], style: str, head: int = L.HEAD) -> L.Block:
    """The usual table, or for five players (whose plates down the left do not fit the frame)
    the plates in a row with each one's card of the trick under it."""
    return L.best_fit([_usual_table(view, names, style), _row_table(view, names, style)], head)


def _row_table(view: dict[str, Any], names: dict[int, str], style: str) -> L.Block:
    """The plates side by side, each seat's card of the trick (or of the one just taken)
    under its plate; the last trick, the dog and what was shown under them."""
    seats = view["seats"]
    width = (L.BODY[0] - 6 * (len(seats) - 1)) // len(seats)
    plates = L.row([_plate(seat, view, names, width) for seat in seats], gap=6)
    parts = [plates]
    if view["phase"] == "playing":
        parts.append(_trick_row(view, names, style, width))
    under = [_last_trick(view["last_trick"], names, style)] if view["phase"] == "playing" and view["trick"] \
        and view.get("last_trick") else []
    under.append(_dog(view, names, style, taker=False))
    extras = _annulled(view, names, style) + _poignees(view, names, style, cards=False) + _discard_trumps(view, style)
    parts.append(L.flow(under + extras, L.BODY[0], gap=8, row_gap=8))
    return L.column(parts, gap=8)


def _trick_row(view: dict[str, Any], names: dict[int, str], style: str, width: int) -> L.Block:
    """The trick with each card under its player's plate; between tricks, the one just taken."""
    cards, heading, winner = _trick_shown(view, names)
    if cards and winner is None:
        w = now()
        heading += w(" · led by {player}", player=L.player_name(names, cards[0]["player"]))
    played = {entry["player"]: entry["card"] for entry in cards}
    slots = []
    for seat in view["seats"]:
        code = played.get(seat["player"])
        card = L.fan(L.parse([code] if code else []), SMALL_CARD, style, markers=False)
        slots.append(L.Block(width, card.height, lambda canvas, x, y, c=card: c.paint(canvas, x + (width - c.width) // 2, y)))
    return L.column([L.label(heading.upper(), L.SMALL, L.GOLD, bold=True), L.row(slots, gap=6)], gap=2)


def _usual_table(view: dict[str, Any], names: dict[int, str], style: str) -> L.Block:
    """The players' plates down the left; the trick, then the last trick and the dog, beside them."""
    plates = L.column([_plate(seat, view, names) for seat in view["seats"]], gap=4)
    under = [_last_trick(view["last_trick"], names, style)] if view["phase"] == "playing" and view["trick"] \
        and view.get("last_trick") else []
    under.append(_dog(view, names, style))
    centre = [_trick(view, names, style)] if view["phase"] == "playing" else []
    centre.append(L.row(under, gap=8, align="top"))
    width = L.BODY[0] - plates.width - 10
    extras = _annulled(view, names, style) + _poignees(view, names, style) + _discard_trumps(view, style)
    if extras:
        centre.append(L.flow(extras, width, gap=8, row_gap=8))
    return L.row([plates, L.column(centre, gap=8)], gap=10, align="top")


def _plate(seat: dict[str, Any], view: dict[str, Any], names: dict[int, str], width: int = PLATE_WIDTH) -> L.Block:
    """A player's plate; a narrow one (`width` under the usual) breaks its lines at the dots."""
    w = now()
    player = seat["player"]
    turn = view.get("turn") == player
    details: list[tuple[str, L.Colour]] = []
    if view["phase"] in ("bidding", "passed"):
        details.append(_bid_line(seat, turn))
    else:
        cards = w.plural("{n} card", "{n} cards", seat["cards"])
        tricks = w.plural("{n} trick", "{n} tricks", seat["tricks"])
        details.append((f"{cards} · {tricks}", L.MUTED))
    details.append((w("Score {total:+d}", total=seat["total"]) + (w(" · dealer") if seat["dealer"] else ""), L.TEXT))
    if width < PLATE_WIDTH:
        details = [(part, colour) for value, colour in details for part in value.split(" · ")]
    if seat.get("poignee") and width >= PLATE_WIDTH:  # a narrow plate leaves it to the poignee's own panel
        details.append((w("Poignee {level}", level=w(LEVELS[seat["poignee"]["level"]])), L.GOLD))
    badge = ROLE_BADGES.get(seat.get("role") or "")
    if badge is not None:
        badge = (w(badge[0]), badge[1])
    return L.plate(L.player_name(names, player), details, width, turn=turn, badge=badge)


def _bid_line(seat: dict[str, Any], turn: bool) -> tuple[str, L.Colour]:
    w = now()
    bid = seat.get("bid")
    if bid is None:
        return (w("To speak...") if turn else w("Waiting to speak"), L.GOLD if turn else L.MUTED)
    if bid == "pass":
        return (w("Passed"), L.MUTED)
    return (w("Bids {contract}", contract=w(CONTRACTS[bid])), L.WIN)


def _trick_shown(view: dict[str, Any], names: dict[int, str]) -> tuple[list[dict[str, Any]], str, int | None]:
    """The trick being played with its heading; between tricks, the one just taken, its heading
    and who took it."""
    w = now()
    if not view["trick"] and view.get("last_trick"):
        last = view["last_trick"]
        heading = w("Trick {number} taken by {player}", number=last["number"], player=L.player_name(names, last["winner"]))
        return last["cards"], heading, last["winner"]
    return view["trick"], w("Trick {number}", number=view["trick_number"]), None


def _trick(view: dict[str, Any], names: dict[int, str], style: str) -> L.Block:
    """The trick being played; between tricks, the one just taken and who took it."""
    cards, heading, winner = _trick_shown(view, names)
    slots = [_played(entry, names, style, entry["player"] == winner) for entry in cards]
    if not slots:
        slots = [L.fan([], CARD, style, markers=False)]
    body = L.column([L.label(heading.upper(), L.SMALL, L.GOLD, bold=True), L.row(slots, gap=TRICK_GAP)], gap=4)
    return L.panel(body, pad=8, min_width=4 * (CARD + NAME_ROOM))


def _last_trick(last: dict[str, Any], names: dict[int, str], style: str) -> L.Block:
    """The trick taken before this one, small, as a player may still look at it."""
    w = now()
    cards = L.fan(L.parse([e["card"] for e in last["cards"]]), SMALL_CARD, style,
                  offset=round(SMALL_CARD * 0.56), markers=False, codes=True)
    heading = w("Last trick ({number})", number=last["number"])
    taker = w("taken by {player}", player=L.player_name(names, last["winner"]))
    return L.panel(L.column([L.label(heading.upper(), L.SMALL, L.GOLD, bold=True), cards,
                             L.label(taker, L.SMALL, L.TEXT, max_width=260)], gap=2), pad=8)


def _played(entry: dict[str, Any], names: dict[int, str], style: str, won: bool) -> L.Block:
    card = L.fan(L.parse([entry["card"]]), CARD, style)
    name = L.label(L.player_name(names, entry["player"]), L.SMALL, L.GOLD if won else L.TEXT, bold=won,
                   max_width=CARD + NAME_ROOM)
    return L.column([card, name], gap=0)


def _dog(view: dict[str, Any], names: dict[int, str], style: str, taker: bool = True) -> L.Block:
    """The dog; without `taker`, its heading leaves who took it to the header's contract."""
    w = now()
    size = view["dog_size"]
    shown = view.get("dog")
    playing = view["phase"] == "playing"
    width = SMALL_CARD if playing else CARD
    if shown:
        heading = w("Dog taken by {player}", player=L.player_name(names, view["taker"])) \
            if view.get("taker") and taker else w("Dog")
        cards = L.fan(L.parse(shown), width, style, offset=round(width * (0.56 if playing else 1.06)),
                      markers=not playing, codes=playing, max_width=L.BODY[0] - PLATE_WIDTH - 40)
    else:
        heading = _unseen_dog_heading(view)
        cards = L.fan([None] * size, width, style, offset=round(width * 0.45), markers=False)
    return L.panel(L.column([L.label(heading.upper(), L.SMALL, L.GOLD, bold=True), cards], gap=4), pad=8)


def _unseen_dog_heading(view: dict[str, Any]) -> str:
    contract = view.get("contract")
    w = now()
    if contract == "garde_sans":
        return w("Dog, unseen: counts for the taker")
    if contract == "garde_contre":
        return w("Dog, unseen: counts for the defence")
    return w("Dog · {cards}", cards=w.plural("{n} card", "{n} cards", view["dog_size"]))


def _small_panel(heading: str, codes: list[str], style: str) -> L.Block:
    cards = L.fan(L.parse(codes), 52, style, offset=40, markers=False, codes=True)
    return L.panel(L.column([L.label(heading.upper(), L.SMALL, L.GOLD, bold=True), cards], gap=4), pad=6)


def _annulled(view: dict[str, Any], names: dict[int, str], style: str) -> list[L.Block]:
    w = now()
    return [_small_panel(w("Deal annulled: petit sec of {player}", player=L.player_name(names, a["player"])),
                         a["cards"], style) for a in view.get("annulled") or []]


def _poignees(view: dict[str, Any], names: dict[int, str], style: str, cards: bool = True) -> list[L.Block]:
    """Each poignee shown, its trumps drawn or (`cards` False, at a crowded table) by number:
    French Tarot reads trumps by number alone and lays every card upright."""
    w = now()
    shown = [(w("{player} · poignee {level}", player=L.player_name(names, s["player"]),
                level=w(LEVELS[s["poignee"]["level"]])), s["poignee"]["cards"])
             for s in view["seats"] if s.get("poignee")]
    if cards:
        return [_small_panel(heading, codes, style) for heading, codes in shown]
    return [L.panel(L.column([L.label(heading.upper(), L.SMALL, L.GOLD, bold=True),
                              L.label(" ".join(c.face.code for c in L.parse(codes) if c), L.SMALL, L.TEXT, max_width=L.BODY[0] - 12)], gap=2, align="left"),
                    pad=6) for heading, codes in shown]


def _discard_trumps(view: dict[str, Any], style: str) -> list[L.Block]:
    w = now()
    shown = view.get("discard_trumps") or []
    return [_small_panel(w("Trumps in the discard"), shown, style)] if shown else []


# --- the score sheet -----------------------------------------------------------------------


def render_sheet(view: dict[str, Any], names: dict[int, str], style: str = "rws", words: Words = ENGLISH) -> bytes:
    """A scored hand: the verdict, the numbers, the running totals and both piles counted."""
    with speaking(words):
        return _render_sheet(view, names, game_faces("french_tarot", style))


def _render_sheet(view: dict[str, Any], names: dict[int, str], style: str) -> bytes:
    w = now()
    sheet = view["sheet"]
    title = w("French Tarot · score of hand {round}", round=sheet["round"])
    return L.to_png(L.compose(title, _sheet_info(sheet), _sheet(view, names, style)))


def _sheet_info(sheet: dict[str, Any]) -> str:
    w = now()
    settlement = sheet["settlement"]
    settlement = w(SETTLEMENTS[settlement]) if settlement in SETTLEMENTS else settlement.replace("_", " ")
    method = w(METHODS[sheet["method"]]) if sheet["method"] in METHODS else sheet["method"]
    return w("{method} count · Excuse: {settlement}", method=method, settlement=settlement)


def verdict(sheet: dict[str, Any], names: dict[int, str], words: Words | None = None) -> str:
    w = words or now()
    taker = L.player_name(names, sheet["taker"])
    outcome = w("makes it by {points}", points=sheet["difference"]) if sheet["made"] \
        else w("fails by {points}", points=-sheet["difference"])
    return f"{taker} · {w(CONTRACTS[sheet['contract']])} · {outcome}"


def _sheet(view: dict[str, Any], names: dict[int, str], style: str, piles: bool = True) -> L.Block:
    """The verdict and the score's working beside the totals; with `piles`, each side's pile
    under them."""
    sheet = view["sheet"]
    colour = L.WIN if sheet["made"] else L.LOSS
    scores = L.panel(_scores(sheet, view, names), pad=8)
    room = L.BODY[0] - scores.width - 24
    head = L.label(verdict(sheet, names).upper(), L.SMALL, colour, bold=True, max_width=room)
    lines = [part for line in score_lines(sheet, names) for part in text.wrap(line, L.SMALL, room)]
    numbers = L.panel(L.column([head, *(L.label(line, L.SMALL, max_width=room) for line in lines)], gap=0, align="left"),
                      pad=8)
    parts = [L.row([numbers, scores], gap=8)]
    if piles:
        parts += [_pile(pile, style, L.BODY[0]) for pile in sheet["piles"]]
    if sheet["excuse"]:
        parts.append(L.label(sheet["excuse"], L.SMALL, L.MUTED, max_width=L.BODY[0]))
    return L.column(parts, gap=8)


def score_lines(sheet: dict[str, Any], names: dict[int, str], words: Words | None = None) -> list[str]:
    """The score's working, one line each (for the image; the text sheet has its own)."""
    w = words or now()
    cards = ", ".join(w(OUDLER_NAMES[code.rstrip("r")]) for code in sheet["oudler_cards"]) or w("none")
    rounded = "" if str(sheet["rounded"]) == sheet["points"] else f" -> {sheet['rounded']}"
    lines = [w("Oudlers {oudlers} ({cards}): {needed} needed", oudlers=sheet["oudlers"], cards=cards,
               needed=sheet["needed"]),
             w("Points {points}{rounded}: difference {difference:+d}", points=sheet["points"], rounded=rounded,
               difference=sheet["difference"]),
             f"(25 + {L.number(abs(sheet['difference']))}) x {sheet['multiplier']} = {L.number(sheet['base'])}"]
    if sheet["petit_au_bout"]:
        side = w("taker") if sheet["petit_au_bout"] > 0 else w("defence")
        lines.append(w("Petit au bout ({side}): {points:+d}", side=side, points=sheet["petit_au_bout"]))
    for poignee in sheet["poignees"]:
        lines.append(w("Poignee {level} of {player}: {bonus} to the winners",
                       level=w(LEVELS.get(poignee["level"], poignee["level"])),
                       player=L.player_name(names, poignee["player"]), bonus=poignee["bonus"]))
    if sheet["chelem"]:
        lines.append(w(CHELEMS[bool(sheet["chelem_announced"]), bool(sheet["chelem_made"])], points=sheet["chelem"]))
    # the sheet counts from the taker's side
    lines.append(w("Per defender: {points:+d}", points=-sheet["per_defender"]))
    return [line.replace("½", " 1/2") for line in lines]


def _scores(sheet: dict[str, Any], view: dict[str, Any], names: dict[int, str]) -> L.Block:
    w = now()
    rows = [L.label(w("THIS HAND · TOTAL"), L.SMALL, L.GOLD, bold=True)]
    for entry in sheet["scores"]:
        colour = L.WIN if entry["delta"] > 0 else L.LOSS if entry["delta"] < 0 else L.PUSH
        role = {sheet["taker"]: w(" (taker)"), sheet.get("partner"): w(" (partner)")}.get(entry["player"], "")
        name = L.label(L.player_name(names, entry["player"]) + role, L.SMALL, L.TEXT, max_width=190)
        value = L.label(f"{L.number(entry['delta'], '+')} · {L.number(entry['total'], '+')}", L.SMALL, colour, bold=True)
        rows.append(L.row([L.Block(190, name.height, name.paint), value], gap=6))
    return L.column(rows, gap=0, align="left")


def _pile(pile: dict[str, Any], style: str, width: int) -> L.Block:
    """A side's pile: its cards and points, and the cards that count more than half a point
    (the oudlers and the courts) with their notation; the others are only counted."""
    w = now()
    who = w("Taker's side") if pile["side"] == "taker" else w("Defence")
    codes = [code for group, _ in pile["groups"] for code in group]
    if pile.get("excuse_alone"):
        codes.append("0")
    honours = [c for c in L.parse(codes) if c is not None and not counting.STANDARD.is_empty(c)]
    low = len(codes) - len(honours)
    cards = w.plural("{n} card", "{n} cards", pile["cards"])
    points = w("{points} point", points=pile["points"]) if pile["points"] == "1" \
        else w("{points} points", points=pile["points"])
    adjust = w(" · {adjust} for the Excuse", adjust=pile["adjust"]) if pile.get("adjust") else ""
    head = [L.label(f"{who} · {cards} · ".upper(), L.SMALL, L.GOLD, bold=True),
            L.value_label(points, L.SMALL, L.GOLD),
            L.value_label(" · " + w.plural("{n} low card", "{n} low cards", low) + adjust,
                          L.SMALL, L.MUTED, bold=False)]
    parts = [L.row(head, gap=0, align="middle")]
    if honours:
        per_row = 1 + (width - 16 - PILE_CARD) // HONOUR_STEP
        rows = [honours[i:i + per_row] for i in range(0, len(honours), per_row)]
        parts += [L.fan(part, PILE_CARD, style, offset=HONOUR_STEP, markers=False, codes=True) for part in rows]
    return L.panel(L.column(parts, gap=2, align="left"), pad=8, min_width=width)


# --- the end of the game -------------------------------------------------------------------


def _render_final(view: dict[str, Any], names: dict[int, str], style: str) -> bytes:
    """The final ranking beside the last hand's verdict, working and totals."""
    w = now()
    ranking = [L.label(w("FINAL RANKING"), L.NAME_SIZE, L.GOLD, bold=True)]
    for entry in view.get("ranking") or []:
        colour = L.GOLD if entry["rank"] == 1 else L.TEXT
        ranking.append(L.label(f"{entry['rank']}. {L.player_name(names, entry['player'])}   "
                               + L.number(entry['total'], "+"), L.SMALL, colour, bold=entry["rank"] == 1))
    parts = [L.panel(L.column(ranking, gap=2, align="left"), pad=10, outline=L.GOLD)]
    last = view.get("last_round")
    if last and last.get("sheet"):
        parts.append(_sheet(last, names, style, piles=False))
    title = w("French Tarot · game over after {hands}", hands=w.plural("{n} hand", "{n} hands", view["deals"]))
    return L.to_png(L.compose(title, w("final scores"), L.column(parts, gap=10)))
