"""The Tarot Rummy images: the table (both players' plates and hidden hands, the stock and the
discard pile; after a call both hands laid out in melds with the layoffs and the score line)
and a player's private hand grouped by its current melds with the unmelded value."""

from __future__ import annotations

from typing import Any

from games.base import N_, capitalised
from games.rummy.melds import KIND_NAMES, MELD_SET_WORDS
from games.rummy.rules import ending_words
from renders import layout as L
from renders import text
from renders.cards import game_faces
from renders.hand import render_hand
from renders.words import ENGLISH, Words, now, said, speaking

LAID_ON = {"serpent": N_("Laid on the Serpent"), "sword": N_("Laid on the Sword"), "sphere": N_("Laid on the Sphere"),
           "path": N_("Laid on the Path"), "mother": N_("Laid on the Mother"), "double": N_("Laid on the Double"),
           "single": N_("Laid on the Single")}
DISCARDS_SHOWN = 6
CARD = L.TABLE_CARD
BACK_CARD = 60  # a player's hidden hand: backs, nothing to read on them
MELD_CARD = 52  # laid-out cards, side by side, each with its notation under it
MELD_GAP = 6
SMALL_MELD_CARD = 44  # the laid-out cards where the game's result takes a line more


def render_rummy(view: dict[str, Any], names: dict[int, str], style: str = "rws", words: Words = ENGLISH) -> bytes:
    """The table as PNG bytes. `view` is games.rummy's view (any player's or a spectator's:
    only public parts are drawn); `names` maps player ids to display names; `words`: the
    image's words in the reader's language (renders/words.py)."""
    with speaking(words):
        return _render_rummy(view, names, game_faces("rummy", style))


def _kind(kind: str) -> str:
    return now()(KIND_NAMES[kind]) if kind in KIND_NAMES else kind


def _render_rummy(view: dict[str, Any], names: dict[int, str], style: str) -> bytes:
    w = now()
    shown, heading = _what_to_show(view, names)
    info = w("{melds} · limit {limit} · target {target} · {attributions}",
             melds=w(MELD_SET_WORDS.get(shown["melds"], MELD_SET_WORDS["all"])), limit=shown["call_limit"],
             target=shown["target"], attributions=w("Thoth") if shown["attributions"] == "thoth" else w("Golden Dawn"))
    title = w("Tarot Rummy · hand {number}", number=shown["round"])
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
    w = now()
    head = w("{player} wins the game", player=_name(names, winner)) if winner is not None else w("Game over")
    return w("{result} · {first} to {second}", result=head, first=scores[0]["score"], second=scores[1]["score"])


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
    w = now()
    if view["phase"] == "choosing":
        return w("{player} deals and chooses the melds and the call limit", player=_name(names, view["dealer"]))
    if view.get("turn") is None:
        return ""
    if view["phase"] == "draw":
        return w("{player} draws", player=_name(names, view["turn"]))
    return w("{player} discards or calls", player=_name(names, view["turn"]))


def _seat(view: dict[str, Any], seat: dict[str, Any], names: dict[int, str], style: str) -> L.Block:
    w = now()
    is_turn = seat["player"] in view.get("pending", [])
    doing = w("chooses") if view["phase"] == "choosing" else w("to play")
    badge = (doing, L.GOLD) if is_turn else ((w("dealer"), L.MUTED) if seat["dealer"] else None)
    cards = (w.plural("{n} card · dealer", "{n} cards · dealer", seat["cards"]) if seat["dealer"] and is_turn
             else w.plural("{n} card", "{n} cards", seat["cards"]))
    details = [(w("Score {score} of {target}", score=seat["score"], target=view["target"]), L.TEXT), (cards, L.MUTED)]
    plate = L.plate(_name(names, seat["player"]), details, 300, turn=is_turn, badge=badge)
    backs = L.fan([None] * seat["cards"], BACK_CARD, style, offset=14, markers=False) if seat["cards"] else L.spacer()
    return L.panel(L.column([plate, backs], gap=6), pad=6, outline=L.GOLD if is_turn else None, outline_width=3)


def _stock(view: dict[str, Any], style: str) -> L.Block:
    pile = L.fan([None] if view["stock"] else [], CARD, style, markers=False)
    w = now()
    return L.section(w("Stock · {count}", count=view["stock"]), pile, fill=L.MUTED)


def _discards(view: dict[str, Any], style: str) -> L.Block:
    pile = view["discard"][-DISCARDS_SHOWN:]
    w = now()
    cards = L.fan(L.parse(pile), CARD, style, offset=34)
    if not view["discard"]:
        return L.section(w("Discard pile · empty"), cards, fill=L.MUTED)
    upcard = len(view["discard"]) == 1 and view["stock"] >= 57
    title = w("Upcard · {count}") if upcard else w("Discard pile · {count}")
    return L.section(title.format(count=len(view["discard"])), cards, fill=L.MUTED)


# --- a finished hand ------------------------------------------------------------------------


def _ended(view: dict[str, Any], names: dict[int, str], style: str, heading: str = "",
           width: int = MELD_CARD) -> L.Block:
    """Both hands laid out and the score lines; at the game's end its result (`heading`) in
    place of the running scores it gives."""
    ending = view["ending"]
    if ending["outcome"] == "dead":
        w = now()
        line = w("{said}; the same dealer deals again.", said=capitalised(_score_line(ending, names)))
        return L.column([_in_play({**view, "phase": "hand_over", "turn": None}, names, style),
                         L.panel(L.label(line, L.SMALL, L.GOLD, bold=True, max_width=L.BODY[0] - 20), pad=8)], gap=8)
    caller, opponent = ending["caller"], ending["opponent"]
    players = ending["players"]
    caller_melds = players[str(caller)]["melds"]
    w = now()
    blocks = [_laid_out(caller, players[str(caller)], names, style, w("calls"), None, width),
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
    w = now()
    groups = []
    for meld in side["melds"]:
        groups.append(_group(_kind(meld["kind"]), meld["cards"], width, style))
    for index, cards in sorted(side.get("layoffs", {}).items()):
        onto = caller_melds[int(index)] if caller_melds else None
        target = w(LAID_ON.get(onto["kind"], "Laid off")) if onto else w("Laid off")
        groups.append(_group(target, cards, width, style, L.WIN))
    if side["unmelded"]:
        groups.append(_group(w("Unmelded · {value}", value=side["value"]), side["unmelded"], width, style, L.LOSS))
    head = [L.label(_name(names, player), L.NAME_SIZE, L.TEXT, bold=True, max_width=L.BODY[0] // 2),
            *([L.tag(badge, L.GOLD)] if badge else []),
            L.label(w("unmelded value {value}", value=side["value"]), L.SMALL, L.GOLD if side["value"] == 0 else L.MUTED)]
    body = L.column([L.row(head, gap=10, align="middle"), L.flow(groups, L.BODY[0] - 16, gap=12, row_gap=6)],
                    gap=2, align="left")
    return L.panel(body, pad=6)


def _group(title: str, cards: list[str], width: int, style: str, colour: L.Colour = L.MUTED) -> L.Block:
    """A meld (or layoff, or the unmelded cards) side by side: an overlap would hide a trump's
    number, which is what a meld is read by."""
    cards_block = L.fan(L.parse(cards), width, style, offset=width + MELD_GAP, codes=True)
    return L.section(title, cards_block, fill=colour)


def _score_line(ending: dict[str, Any], names: dict[int, str], identifying: bool = False) -> str:
    return said(ending_words(ending, lambda player: _name(names, player), identifying), now())


def _scores_line(view: dict[str, Any], names: dict[int, str]) -> str:
    scores = " · ".join(f"{_name(names, s['player'])} {L.number(s['score'], '')}" for s in view["seats"])
    w = now()
    return w("Scores: {scores}", scores=scores)


def _identify_line(view: dict[str, Any], names: dict[int, str]) -> str:
    identify = view["identify"]
    ending = view["ending"]
    w = now()
    if identify["question"] is None:
        return w("Identification: {player} chooses a column", player=_name(names, ending["opponent"]))
    return w("Identification ({column}): {player} answers question {number} of {total}", column=identify["column"],
             player=_name(names, ending["caller"]), number=identify["asked"] + 1, total=identify["total"])


# --- the private hand -----------------------------------------------------------------------


def render_rummy_hand(me: dict[str, Any], style: str = "rws", words: Words = ENGLISH) -> bytes:
    """A player's hand grouped by the melds the bot keeps for them, unmelded cards first."""
    style = game_faces("rummy", style)
    groups = [m["cards"] for m in me["melds"]]
    with speaking(words):
        labels = [_kind(m["kind"]) for m in me["melds"]]
    caption = words("Your hand · unmelded {value}", value=me["value"])
    info = words.plural("{n} card", "{n} cards", len(me["hand"]))
    return render_hand(list(me["hand"]), style, caption=caption, groups=groups, labels=labels, info=info,
                       rest=words("Hand"))
