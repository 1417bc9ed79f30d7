"""The Arcanoid table image: the four battlefields side by side, each with every seat's forces
in the order they were committed (secret ones as backs); then every seat with its hand count,
Strength's visible cards, the Chariot's reserve, a daemon's open hand, the USA's turned-up
cards; the shared Justice row and Temperance; the deck, the discard pile, whose turn it is and
an open reaction window. `render_round` draws a finished round's four battles and winners."""

from __future__ import annotations

from typing import Any

from games.arcanoid.battle import FIELDS
from renders import layout as L

FORCE_CARD = 46  # a committed card on a battlefield
SEAT_CARD = 40  # cards shown on a seat (visible, reserve, a daemon's hand)
JUSTICE_CARD = SEAT_CARD + 8  # Justice's shared row
SPRITE_WIDTHS = (FORCE_CARD, SEAT_CARD, JUSTICE_CARD)  # warmed at start-up (renders.warm_up)
FIELD_WIDTH = 300
FIELD_TITLES = {"swords": "SWORDS", "staves": "STAVES", "cups": "CUPS", "coins": "COINS"}
FORM_WORDS = {"abdication": "abdicated", "judgment": "Judgment: abdicated", "world": "the World",
              "imperial": "imperial couple", "royal": "royal couple", "illegitimate": "Lovers' couple",
              "secret": "secret"}


def seat_name(seat: dict[str, Any], names: dict[int, str]) -> str:
    if seat["kind"] == "daemon":
        return f"Daemon of {L.player_name(names, seat['master'])}"
    if seat["kind"] == "usa":
        return "USA (mechanical)"
    return L.player_name(names, seat["player"])


def render_arcanoid(view: dict[str, Any], names: dict[int, str], style: str = "rws",
                    seconds_left: int | None = None) -> bytes:
    """The table as PNG bytes from a view (public or a player's: only what it holds is drawn)."""
    title = f"Arcanoid · round {view['round']} of {view['rounds']} · {view['variant']}" + (
        " + GAZA" if view["gaza"] else "")
    info = f"deck {view['deck']} · discard {view['discard']} · {_step(view, names, seconds_left)}"
    body = L.column([_fields(view, names, style), _extras(view, names, style), _seats(view, names, style)], gap=14)
    return L.to_png(L.compose(title, info, body))


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


def _fields(view: dict[str, Any], names: dict[int, str], style: str) -> L.Block:
    tempered = view["temperance"]
    panels = []
    for field in FIELDS:
        forces = sorted(((s, s["fields"][field]) for s in view["seats"] if field in s["fields"]),
                        key=lambda pair: pair[1]["order"])
        rows = [_force(seat, commit, view, names, style) for seat, commit in forces]
        if not rows:
            rows = [L.label("nothing committed", 13, L.MUTED)]
        head = [L.label(FIELD_TITLES[field], 17, L.GOLD, bold=True)]
        if tempered is not None and tempered["field"] == field:
            head.append(L.tag(f"tempered by {L.player_name(names, tempered['owner'])}", L.PUSH))
        if view["window"] is not None and view["window"]["field"] == field:
            head.append(L.tag("just committed", L.GOLD))
        body = L.column([L.row(head, gap=8, align="middle"), *rows], gap=6, align="left")
        panels.append(L.panel(body, pad=10, min_width=FIELD_WIDTH))
    return L.row(panels, gap=10)


def _force(seat: dict[str, Any], commit: dict[str, Any], view: dict[str, Any], names: dict[int, str],
           style: str) -> L.Block:
    form = commit["form"]
    if commit["linked"]:
        linked = seat["fields"][commit["linked"]]
        cards = L.fan(L.parse(linked["cards"]), FORCE_CARD, style, offset=18, markers=False)
        word = FORM_WORDS.get(linked["form"], "") + f" (with {commit['linked']})"
    elif form == "secret":
        cards = L.fan([None] * commit["count"], FORCE_CARD, style, offset=12, markers=False)
        word = f"secret · {commit['count']} cards"
    elif commit["cards"] and form not in ("judgment",):
        cards = L.fan(L.parse(commit["cards"]), FORCE_CARD, style, offset=18, markers=False)
        word = FORM_WORDS.get(form, _force_word(commit["cards"]))
    else:
        cards = L.spacer(FORCE_CARD, 20)
        word = FORM_WORDS.get(form, form)
    text = L.label(f"{seat_name(seat, names)} · {word}", 13, L.TEXT, max_width=150)
    return L.row([text, cards], gap=6, align="middle")


def _force_word(codes: list[str]) -> str:
    from games.arcanoid.battle import force
    from games.cards import from_codes

    return f"force {force(from_codes(codes)):g}"


def _extras(view: dict[str, Any], names: dict[int, str], style: str) -> L.Block:
    blocks = []
    if view["justice"] is not None:
        row = L.fan(L.parse(view["justice"]), JUSTICE_CARD, style, offset=JUSTICE_CARD + 4, markers=False)
        blocks.append(L.panel(L.section("Justice · shared by all", row, size=14), pad=8))
    reveal = view["reveal"]
    if reveal is not None and "shown" in reveal:
        shown = ", ".join(f"{L.player_name(names, int(p))}: {' '.join(c)}" for p, c in reveal["shown"].items())
        text = f"{L.player_name(names, reveal['by'])} called {reveal['call']}: {shown or 'nobody holds any'}"
        blocks.append(L.panel(L.label(text, 13, L.TEXT, max_width=700), pad=8))
    elif reveal is not None:
        got = "given by " + L.player_name(names, reveal["from"]) if reveal["from"] is not None else "nobody had it"
        blocks.append(L.panel(L.label(f"{L.player_name(names, reveal['by'])} called {reveal['call']}: {got}", 13,
                                      L.TEXT, max_width=700), pad=8))
    if view["window"] is not None:
        blocks.append(L.panel(L.label("Reaction window open: the Fool or a Hermit may act now", 14, L.GOLD,
                                      bold=True), pad=8, outline=L.GOLD))
    if not blocks:
        return L.spacer(0, 0)
    return L.row(blocks, gap=10, align="middle")


def _seats(view: dict[str, Any], names: dict[int, str], style: str) -> L.Block:
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
        plate = L.plate(seat_name(seat, names), details, 220, turn=turn)
        cards = []
        if seat["kind"] == "daemon" and seat["hand"]:
            cards.append(L.fan(L.parse(seat["hand"]), SEAT_CARD, style, offset=16, markers=False))
        for codes in (seat["visible"], seat["reserve"], seat["shown"]):
            if codes:
                cards.append(L.fan(L.parse(codes), SEAT_CARD, style, offset=16, markers=False))
        body = L.column([plate, L.row(cards, gap=6)], gap=4, align="left") if cards else plate
        plates.append(L.panel(body, pad=6, outline=L.GOLD if turn else None))
    return L.flow(plates, L.MAX_WIDTH - 2 * L.MARGIN, gap=10, row_gap=10)


def _named(player: int, names: dict[int, str]) -> str:
    if player == -200:
        return "USA"
    return "Daemon" if player <= -101 else L.player_name(names, player)


def render_round(battles: dict[str, Any], round_number: int, names: dict[int, str], style: str = "rws") -> bytes:
    """A finished round: each battlefield's forces (everything revealed) and its winner."""
    panels = []
    for field in FIELDS:
        battle = battles[field]
        rows = []
        for force in battle["forces"]:
            win = force["seat"] == battle["winner"]
            name = L.label(_named(force["seat"], names), 13, L.GOLD if win else L.TEXT, bold=True)
            cards = L.fan(L.parse(force["cards"]), FORCE_CARD, style, offset=18, markers=False) \
                if force["cards"] and force["form"] != "judgment" else L.label(FORM_WORDS.get(force["form"], ""), 12, L.MUTED)
            rows.append(L.row([name, cards], gap=6, align="middle"))
        winner = L.tag("won by " + _named(battle["credited"], names), L.WIN)
        body = L.column([L.label(FIELD_TITLES[field], 17, L.GOLD, bold=True), winner, *rows], gap=6, align="left")
        panels.append(L.panel(body, pad=10, min_width=FIELD_WIDTH))
    return L.to_png(L.compose(f"Arcanoid · round {round_number} · the battles", "", L.row(panels, gap=10)))
