"""The French Tarot images: the table (seats, the trick on the table or the last one taken, the
dog, poignées), the hand's score sheet (each side's pile in its counted groups, the numbers of
the score, the running totals) and, at the end, the final ranking above the last sheet."""

from __future__ import annotations

from typing import Any

from games.base import plural
from games.cards import Card
from renders import layout as L
from renders.cards import numbered_trumps

CONTRACTS = {"prise": "Prise", "garde": "Garde", "garde_sans": "Garde sans le chien",
             "garde_contre": "Garde contre le chien", "pass": "Pass"}
ROLE_BADGES = {"taker": ("taker", L.GOLD), "partner": ("partner", L.PLAYER_BLUE)}
OUDLER_NAMES = {"0": "Excuse", "1": "Petit", "21": "21"}
PLATE_WIDTH = 214
PILE_CARD = 50
SMALL_CARD = 72
TRICK_GAP = 12


def render_tarot(view: dict[str, Any], names: dict[int, str], style: str = "rws") -> bytes:
    """The image for a view of games.french_tarot (the table, a scored hand's sheet, or the
    end of the game) as PNG bytes; `names` maps player ids to display names. Trumps go by
    number in French Tarot, so they carry it in their corners whatever the deck style."""
    style = numbered_trumps(style)
    if view["phase"] == "scored":
        return render_sheet(view, names, style)
    if view["phase"] == "over":
        return _render_final(view, names, style)
    title = f"French Tarot · hand {view['round']} of {view['deals']}"
    info = "everyone passed: the next dealer deals" if view["phase"] == "passed" else _info(view, names)
    return L.to_png(L.compose(title, info, _table(view, names, style)))


def contract_text(view: dict[str, Any], names: dict[int, str]) -> str:
    if not view.get("contract"):
        return ""
    text = f"{CONTRACTS[view['contract']]} x{view['multiplier']} · taker {L.player_name(names, view['taker'])}"
    return text + (f" · called {view['called']}" if view.get("called") else "")


def _info(view: dict[str, Any], names: dict[int, str]) -> str:
    phase = {"bidding": "bidding", "calling": "calling a king", "discarding": "the discard",
             "chelem": "chelem?", "playing": f"trick {min(view['trick_number'], view['tricks_total'])} "
                                             f"of {view['tricks_total']}"}[view["phase"]]
    contract = contract_text(view, names)
    return f"{contract} · {phase}" if contract else phase


# --- the table -----------------------------------------------------------------------------


def _table(view: dict[str, Any], names: dict[int, str], style: str) -> L.Block:
    width = L.MAX_WIDTH - 2 * L.MARGIN
    plates = L.flow([_plate(seat, view, names) for seat in view["seats"]], width, gap=10, row_gap=10)
    centre = [_trick(view, names, style)] if view["phase"] == "playing" else []
    if view["phase"] == "playing" and view["trick"] and view.get("last_trick"):
        centre.append(_last_trick(view["last_trick"], names, style))
    centre.append(_dog(view, names, style))
    parts = [plates, L.row(centre, gap=18, align="middle")]
    extras = _annulled(view, names, style) + _poignees(view, names, style) + _discard_trumps(view, style)
    if extras:
        parts.append(L.flow(extras, width, gap=12, row_gap=10))
    return L.column(parts, gap=16)


def _plate(seat: dict[str, Any], view: dict[str, Any], names: dict[int, str]) -> L.Block:
    player = seat["player"]
    turn = view.get("turn") == player
    details: list[tuple[str, L.Colour]] = []
    if view["phase"] in ("bidding", "passed"):
        details.append(_bid_line(seat, turn))
    else:
        tricks = seat["tricks"]
        details.append((f"{plural(seat['cards'], 'card')} · {plural(tricks, 'trick')}", L.MUTED))
    details.append((f"Score {seat['total']:+d}" + (" · dealer" if seat["dealer"] else ""), L.TEXT))
    if seat.get("poignee"):
        details.append((f"Poignee {seat['poignee']['level']}", L.GOLD))
    badge = ROLE_BADGES.get(seat.get("role") or "")
    return L.plate(L.player_name(names, player), details, PLATE_WIDTH, turn=turn, badge=badge)


def _bid_line(seat: dict[str, Any], turn: bool) -> tuple[str, L.Colour]:
    bid = seat.get("bid")
    if bid is None:
        return ("To speak..." if turn else "Waiting to speak", L.GOLD if turn else L.MUTED)
    if bid == "pass":
        return ("Passed", L.MUTED)
    return (f"Bids {CONTRACTS[bid]}", L.WIN)


def _trick(view: dict[str, Any], names: dict[int, str], style: str) -> L.Block:
    """The trick being played; between tricks, the one just taken and who took it."""
    cards, heading, winner = view["trick"], f"Trick {view['trick_number']}", None
    if not cards and view.get("last_trick"):
        last = view["last_trick"]
        cards, winner = last["cards"], last["winner"]
        heading = f"Trick {last['number']} taken by {L.player_name(names, winner)}"
    slots = [_played(entry, names, style, entry["player"] == winner) for entry in cards]
    if not slots:
        slots = [L.fan([], L.TABLE_CARD, style, markers=False)]
    body = L.column([L.label(heading.upper(), 16, L.GOLD, bold=True), L.row(slots, gap=TRICK_GAP)], gap=8)
    return L.panel(body, pad=12, min_width=3 * (L.TABLE_CARD + TRICK_GAP))


def _last_trick(last: dict[str, Any], names: dict[int, str], style: str) -> L.Block:
    """The trick taken before this one, small, as a player may still look at it."""
    cards = L.fan(_upright([e["card"] for e in last["cards"]]), SMALL_CARD, style,
                  offset=round(SMALL_CARD * 0.56), markers=False, codes=True)
    heading = f"Last trick ({last['number']})"
    taker = f"taken by {L.player_name(names, last['winner'])}"
    return L.panel(L.column([L.label(heading.upper(), 15, L.GOLD, bold=True), cards,
                             L.label(taker, 14, L.TEXT, max_width=260)], gap=6), pad=10)


def _played(entry: dict[str, Any], names: dict[int, str], style: str, won: bool) -> L.Block:
    card = L.fan(L.parse([entry["card"]]), L.TABLE_CARD, style)
    name = L.label(L.player_name(names, entry["player"]), 14, L.GOLD if won else L.TEXT, bold=won,
                   max_width=L.TABLE_CARD + 8)
    return L.column([card, name], gap=0)


def _dog(view: dict[str, Any], names: dict[int, str], style: str) -> L.Block:
    size = view["dog_size"]
    shown = view.get("dog")
    playing = view["phase"] == "playing"
    width = SMALL_CARD if playing else L.TABLE_CARD - 16
    if shown:
        heading = f"Dog taken by {L.player_name(names, view['taker'])}" if view.get("taker") else "Dog"
        cards = L.fan(L.parse(shown), width, style, offset=round(width * (0.56 if playing else 1.06)),
                      markers=not playing, codes=playing)
    else:
        heading = _unseen_dog_heading(view)
        cards = L.fan([None] * size, width, style, offset=round(width * 0.45), markers=False)
    return L.panel(L.column([L.label(heading.upper(), 15, L.GOLD, bold=True), cards], gap=6), pad=10)


def _unseen_dog_heading(view: dict[str, Any]) -> str:
    contract = view.get("contract")
    if contract == "garde_sans":
        return "Dog, unseen: counts for the taker"
    if contract == "garde_contre":
        return "Dog, unseen: counts for the defence"
    return f"Dog · {plural(view['dog_size'], 'card')}"


def _upright(codes: list[str]) -> list[Card | None]:
    """Cards shown with their code under them, upright and coded without `r`: orientation
    means nothing in French Tarot."""
    return [None if c is None else c.face for c in L.parse(codes)]


def _small_panel(heading: str, codes: list[str], style: str) -> L.Block:
    cards = L.fan(_upright(codes), 52, style, offset=38, markers=False, codes=True)
    return L.panel(L.column([L.label(heading.upper(), 13, L.GOLD, bold=True), cards], gap=4), pad=8)


def _annulled(view: dict[str, Any], names: dict[int, str], style: str) -> list[L.Block]:
    return [_small_panel(f"Deal annulled: petit sec of {L.player_name(names, a['player'])}", a["cards"], style)
            for a in view.get("annulled") or []]


def _poignees(view: dict[str, Any], names: dict[int, str], style: str) -> list[L.Block]:
    return [_small_panel(f"{L.player_name(names, s['player'])} · poignee {s['poignee']['level']}",
                         s["poignee"]["cards"], style)
            for s in view["seats"] if s.get("poignee")]


def _discard_trumps(view: dict[str, Any], style: str) -> list[L.Block]:
    shown = view.get("discard_trumps") or []
    return [_small_panel("Trumps in the discard", shown, style)] if shown else []


# --- the score sheet -----------------------------------------------------------------------


def render_sheet(view: dict[str, Any], names: dict[int, str], style: str = "rws") -> bytes:
    """A scored hand: the verdict, the numbers, the running totals and both piles counted."""
    style = numbered_trumps(style)
    sheet = view["sheet"]
    title = f"French Tarot · hand {sheet['round']} · score sheet"
    return L.to_png(L.compose(title, _sheet_info(sheet), _sheet(view, names, style)))


def _sheet_info(sheet: dict[str, Any]) -> str:
    settlement = sheet["settlement"].replace("_", " ")
    return f"counted in twos, {sheet['method']} method · Excuse: {settlement}"


def verdict(sheet: dict[str, Any], names: dict[int, str]) -> str:
    taker = L.player_name(names, sheet["taker"])
    outcome = f"makes it by {sheet['difference']}" if sheet["made"] else f"fails by {-sheet['difference']}"
    return f"{taker} · {CONTRACTS[sheet['contract']]} · {outcome}"


def _sheet(view: dict[str, Any], names: dict[int, str], style: str) -> L.Block:
    sheet = view["sheet"]
    colour = L.WIN if sheet["made"] else L.LOSS
    head = L.label(verdict(sheet, names).upper(), 22, colour, bold=True)
    numbers = L.panel(L.column([L.label(line, 15) for line in score_lines(sheet, names)], gap=2, align="left"),
                      pad=12)
    scores = L.panel(_scores(sheet, view, names), pad=12)
    piles = [_pile(pile, sheet, names, style) for pile in sheet["piles"]]
    parts = [head, L.row([numbers, scores], gap=16), *piles]
    if sheet["excuse"]:
        parts.append(L.label(sheet["excuse"], 15, L.MUTED))
    return L.column(parts, gap=14)


def score_lines(sheet: dict[str, Any], names: dict[int, str]) -> list[str]:
    """The score's working, one line each (ASCII, for the image; the text sheet has its own)."""
    cards = ", ".join(OUDLER_NAMES[code.rstrip("r")] for code in sheet["oudler_cards"]) or "none"
    rounded = "" if str(sheet["rounded"]) == sheet["points"] else f" -> {sheet['rounded']}"
    lines = [f"Oudlers {sheet['oudlers']} ({cards}): {sheet['needed']} needed",
             f"Points {sheet['points']}{rounded}: difference {sheet['difference']:+d}",
             f"(25 + {abs(sheet['difference'])}) x {sheet['multiplier']} = {sheet['base']}"]
    if sheet["petit_au_bout"]:
        side = "taker" if sheet["petit_au_bout"] > 0 else "defence"
        lines.append(f"Petit au bout ({side}): {sheet['petit_au_bout']:+d}")
    for poignee in sheet["poignees"]:
        lines.append(f"Poignee {poignee['level']} of {L.player_name(names, poignee['player'])}: "
                     f"{poignee['bonus']} to the winners")
    if sheet["chelem"]:
        kind = "announced" if sheet["chelem_announced"] else "unannounced"
        lines.append(f"Chelem {kind}, {'made' if sheet['chelem_made'] else 'failed'}: {sheet['chelem']:+d}")
    lines.append(f"Per defender: {sheet['per_defender']:+d}")
    return [line.replace("½", " 1/2") for line in lines]


def _scores(sheet: dict[str, Any], view: dict[str, Any], names: dict[int, str]) -> L.Block:
    rows = [L.label("THIS HAND · TOTAL", 14, L.GOLD, bold=True)]
    for entry in sheet["scores"]:
        colour = L.WIN if entry["delta"] > 0 else L.LOSS if entry["delta"] < 0 else L.PUSH
        role = {sheet["taker"]: " (taker)", sheet.get("partner"): " (partner)"}.get(entry["player"], "")
        name = L.label(L.player_name(names, entry["player"]) + role, 15, L.TEXT, max_width=200)
        value = L.label(f"{entry['delta']:+d}  ·  {entry['total']:+d}", 15, colour, bold=True)
        rows.append(L.row([L.Block(210, name.height, name.paint), value], gap=8))
    return L.column(rows, gap=3, align="left")


def _pile(pile: dict[str, Any], sheet: dict[str, Any], names: dict[int, str], style: str) -> L.Block:
    who = "Taker's side" if pile["side"] == "taker" else "Defence"
    heading = L.row([L.label(f"{who} · {plural(pile['cards'], 'card')} · ".upper(), 16, L.GOLD, bold=True),
                     L.value_label(f"{pile['points']} point{'' if pile['points'] == '1' else 's'}", 17, L.GOLD)], gap=0, align="middle")
    groups = [_group(codes, value, style) for codes, value in pile["groups"]]
    if pile.get("excuse_alone"):
        groups.append(_group(["0"], "4 (alone)", style))
    if pile.get("adjust"):
        groups.append(L.panel(L.value_label(f"{pile['adjust']} for the Excuse", 16, L.GOLD), pad=8, radius=10))
    body = L.flow(groups, L.MAX_WIDTH - 2 * L.MARGIN - 24, gap=6, row_gap=6)
    return L.panel(L.column([heading, body], gap=8, align="left"), pad=12)


def _group(codes: list[str], value: str, style: str) -> L.Block:
    cards = L.fan(_upright(codes), PILE_CARD, style, offset=PILE_CARD + 3, markers=False, codes=True)
    return L.panel(L.column([cards, L.value_label(value, 15, L.GOLD)], gap=0), pad=4, radius=8)


# --- the end of the game -------------------------------------------------------------------


def _render_final(view: dict[str, Any], names: dict[int, str], style: str) -> bytes:
    ranking = [L.label("FINAL RANKING", 18, L.GOLD, bold=True)]
    for entry in view.get("ranking") or []:
        colour = L.GOLD if entry["rank"] == 1 else L.TEXT
        ranking.append(L.label(f"{entry['rank']}. {L.player_name(names, entry['player'])}   "
                               f"{entry['total']:+d}", 17, colour, bold=entry["rank"] == 1))
    parts = [L.panel(L.column(ranking, gap=4, align="left"), pad=14, outline=L.GOLD)]
    last = view.get("last_round")
    if last and last.get("sheet"):
        parts.append(_sheet(last, names, style))
    title = f"French Tarot · game over after {plural(view['deals'], 'hand')}"
    return L.to_png(L.compose(title, "final scores", L.column(parts, gap=16)))
