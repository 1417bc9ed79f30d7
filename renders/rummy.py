"""The Tarot Rummy images: the table (both players' plates and hidden hands, the stock and the
discard pile; after a call both hands laid out in melds with the layoffs and the score line)
and a player's private hand grouped by its current melds with the unmelded value."""

from __future__ import annotations

from typing import Any

from games.base import capitalised, plural
from games.rummy.melds import meld_set_words
from games.rummy.rules import ending_words
from renders import layout as L
from renders import text
from renders.cards import game_faces
from renders.hand import render_hand

KIND_LABELS = {"serpent": "Serpent", "sword": "Sword", "sphere": "Sphere", "path": "Path",
               "mother": "Mother", "double": "Double", "single": "Single"}
DISCARDS_SHOWN = 6
CARD = L.TABLE_CARD
BACK_CARD = 60  # a player's hidden hand: backs, nothing to read on them
MELD_CARD = 52  # laid-out cards, side by side, each with its notation under it
MELD_GAP = 6
SMALL_MELD_CARD = 44  # the laid-out cards where the game's result takes a line more


def render_rummy(view: dict[str, Any], names: dict[int, str], style: str = "rws") -> bytes:
    """The table as PNG bytes. `view` is games.rummy's view (any player's or a spectator's:
    only public parts are drawn); `names` maps player ids to display names."""
    style = game_faces("rummy", style)
    shown, heading = _what_to_show(view, names)
    info = (f"{meld_set_words(shown['melds'])} · limit {shown['call_limit']} · target {shown['target']} · "
            f"{'Thoth' if shown['attributions'] == 'thoth' else 'Golden Dawn'}")
    title = f"Tarot Rummy · hand {shown['round']}"
    if shown.get("ending") and shown["ending"]["outcome"] != "dead":
        ended = [_ended(shown, names, style, heading, width)  # the game's result heads the score lines
                 for width in (MELD_CARD, SMALL_MELD_CARD)]
        body = L.best_fit(ended, L.header_height(title, info))
    else:
        body = _ended(shown, names, style) if shown.get("ending") else _in_play(shown, names, style)
        if heading:
            body = L.column([L.panel(L.label(heading, L.NAME_SIZE, L.GOLD, bold=True), pad=8), body], gap=8)
    return L.to_png(L.compose(title, info, body))


def _what_to_show(view: dict[str, Any], names: dict[int, str]) -> tuple[dict[str, Any], str]:
    """The game's end shows the last hand under the final result."""
    if view["phase"] == "over" and view.get("last_round"):
        return view["last_round"], _final_line(view, names)
    return view, ""


def _final_line(view: dict[str, Any], names: dict[int, str]) -> str:
    scores = sorted(view["seats"], key=lambda s: -s["score"])
    winner = view.get("winner")
    head = f"{_name(names, winner)} wins the game" if winner is not None else "Game over"
    return f"{head} · {' to '.join(str(s['score']) for s in scores)}"


def _name(names: dict[int, str], player: int) -> str:
    return L.player_name(names, player)


# --- a hand in play -------------------------------------------------------------------------


def _in_play(view: dict[str, Any], names: dict[int, str], style: str) -> L.Block:
    seats = [_seat(view, seat, names, style) for seat in view["seats"]]
    middle = L.row([_stock(view, style), _discards(view, style)], gap=24)
    parts = [L.row(seats, gap=12), L.panel(middle, pad=10)]
    status = _status(view, names)
    if status:
        parts.append(L.label(status, L.SMALL, L.MUTED))
    return L.column(parts, gap=8)


def _status(view: dict[str, Any], names: dict[int, str]) -> str:
    if view["phase"] == "choosing":
        return f"{_name(names, view['dealer'])} deals and chooses the melds and the call limit"
    if view.get("turn") is None:
        return ""
    verb = "draws" if view["phase"] == "draw" else "discards or calls"
    return f"{_name(names, view['turn'])} {verb}"


def _seat(view: dict[str, Any], seat: dict[str, Any], names: dict[int, str], style: str) -> L.Block:
    is_turn = seat["player"] in view.get("pending", [])
    doing = "chooses" if view["phase"] == "choosing" else "to play"
    badge = (doing, L.GOLD) if is_turn else (("dealer", L.MUTED) if seat["dealer"] else None)
    dealer_note = " · dealer" if seat["dealer"] and is_turn else ""
    details = [(f"Score {seat['score']} of {view['target']}", L.TEXT), (f"{plural(seat['cards'], 'card')}{dealer_note}", L.MUTED)]
    plate = L.plate(_name(names, seat["player"]), details, 300, turn=is_turn, badge=badge)
    backs = L.fan([None] * seat["cards"], BACK_CARD, style, offset=14, markers=False) if seat["cards"] else L.spacer()
    return L.panel(L.column([plate, backs], gap=6), pad=6, outline=L.GOLD if is_turn else None, outline_width=3)


def _stock(view: dict[str, Any], style: str) -> L.Block:
    pile = L.fan([None] if view["stock"] else [], CARD, style, markers=False)
    return L.section(f"Stock · {view['stock']}", pile, fill=L.MUTED)


def _discards(view: dict[str, Any], style: str) -> L.Block:
    pile = view["discard"][-DISCARDS_SHOWN:]
    title = "Upcard" if len(view["discard"]) == 1 and view["stock"] >= 57 else "Discard pile"
    cards = L.fan(L.parse(pile), CARD, style, offset=34)
    under = f" · {len(view['discard'])}" if view["discard"] else " · empty"
    return L.section(title + under, cards, fill=L.MUTED)


# --- a finished hand ------------------------------------------------------------------------


def _ended(view: dict[str, Any], names: dict[int, str], style: str, heading: str = "",
           width: int = MELD_CARD) -> L.Block:
    """Both hands laid out and the score lines; at the game's end its result (`heading`) in
    place of the running scores it gives."""
    ending = view["ending"]
    if ending["outcome"] == "dead":
        words = f"{capitalised(_score_line(ending, names))}; the same dealer deals again."
        return L.column([_in_play({**view, "phase": "hand_over", "turn": None}, names, style),
                         L.panel(L.label(words, L.SMALL, L.GOLD, bold=True, max_width=L.BODY[0] - 20), pad=8)], gap=8)
    caller, opponent = ending["caller"], ending["opponent"]
    players = ending["players"]
    caller_melds = players[str(caller)]["melds"]
    blocks = [_laid_out(caller, players[str(caller)], names, style, "calls", None, width),
              _laid_out(opponent, players[str(opponent)], names, style, "", caller_melds, width)]
    score_line = _score_line(ending, names, identifying=bool(view.get("identify")))
    lines = [(heading, L.GOLD), (score_line, L.GOLD)] if heading else \
        [(score_line, L.GOLD), (_scores_line(view, names), L.TEXT)]
    if view.get("identify"):
        lines.append((_identify_line(view, names), L.MUTED))
    wrapped = [(part, colour) for line, colour in lines for part in text.wrap(line, L.SMALL, L.BODY[0] - 48)]
    return L.column([*blocks, L.panel(L.lines(wrapped, L.SMALL, bold_first=True), pad=8)], gap=8)


def _laid_out(player: int, side: dict[str, Any], names: dict[int, str], style: str, badge: str,
              caller_melds: list[dict[str, Any]] | None, width: int = MELD_CARD) -> L.Block:
    groups = []
    for meld in side["melds"]:
        groups.append(_group(KIND_LABELS.get(meld["kind"], meld["kind"]), meld["cards"], width, style))
    for index, cards in sorted(side.get("layoffs", {}).items()):
        onto = caller_melds[int(index)] if caller_melds else None
        target = f"Laid on the {KIND_LABELS.get(onto['kind'], '')}" if onto else "Laid off"
        groups.append(_group(target, cards, width, style, L.WIN))
    if side["unmelded"]:
        groups.append(_group(f"Unmelded · {side['value']}", side["unmelded"], width, style, L.LOSS))
    head = [L.label(_name(names, player), L.NAME_SIZE, L.TEXT, bold=True, max_width=L.BODY[0] // 2),
            *([L.tag(badge, L.GOLD)] if badge else []),
            L.label(f"unmelded value {side['value']}", L.SMALL, L.GOLD if side["value"] == 0 else L.MUTED)]
    body = L.column([L.row(head, gap=10, align="middle"), L.flow(groups, L.BODY[0] - 16, gap=12, row_gap=6)],
                    gap=2, align="left")
    return L.panel(body, pad=6)


def _group(title: str, cards: list[str], width: int, style: str, colour: L.Colour = L.MUTED) -> L.Block:
    """A meld (or layoff, or the unmelded cards) side by side: an overlap would hide a trump's
    number, which is what a meld is read by."""
    cards_block = L.fan(L.parse(cards), width, style, offset=width + MELD_GAP, codes=True)
    return L.section(title, cards_block, fill=colour)


def _score_line(ending: dict[str, Any], names: dict[int, str], identifying: bool = False) -> str:
    return ending_words(ending, lambda player: _name(names, player), identifying)


def _scores_line(view: dict[str, Any], names: dict[int, str]) -> str:
    return "Scores: " + " · ".join(f"{_name(names, s['player'])} {s['score']}" for s in view["seats"])


def _identify_line(view: dict[str, Any], names: dict[int, str]) -> str:
    identify = view["identify"]
    ending = view["ending"]
    if identify["question"] is None:
        return f"Identification: {_name(names, ending['opponent'])} chooses a column"
    return (f"Identification ({identify['column']}): {_name(names, ending['caller'])} answers "
            f"question {identify['asked'] + 1} of {identify['total']}")


# --- the private hand -----------------------------------------------------------------------


def render_rummy_hand(me: dict[str, Any], style: str = "rws") -> bytes:
    """A player's hand grouped by the melds the bot keeps for them, unmelded cards first."""
    style = game_faces("rummy", style)
    groups = [m["cards"] for m in me["melds"]]
    labels = [KIND_LABELS.get(m["kind"], m["kind"]) for m in me["melds"]]
    caption = f"Your hand · unmelded {me['value']}"
    return render_hand(list(me["hand"]), style, caption=caption, groups=groups, labels=labels)
