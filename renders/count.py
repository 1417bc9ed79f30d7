"""The `/count` pile: the cards laid out in the groups the counter formed, each group with its
value ("3½"). Up to the whole pack: the cards shrink and the groups wrap to stay readable."""

from __future__ import annotations

from renders import layout as L
from renders.words import ENGLISH, Words, speaking

CARD_WIDTHS = (120, 104, 90, 78, 68)


def render_pile(groups: list[tuple[list[str], str]], title: str, style: str = "rws", words: Words = ENGLISH) -> bytes:
    """`groups` of (card notations, value label) as PNG bytes, under `title` (`words`: the
    image's words in the reader's language)."""
    with speaking(words):
        n_cards = sum(len(codes) for codes, _ in groups)
        cards = words.plural("{n} card", "{n} cards", n_cards)
        info = cards + " · " + words.plural("{n} group", "{n} groups", len(groups))
        body = L.fit_frame(lambda room: L.shrink_to_fit(lambda width: _pile(groups, style, width, room, words),
                                                        CARD_WIDTHS))
        return L.to_png(L.compose(title, info, body))


def _pile(groups: list[tuple[list[str], str]], style: str, width: int, room: int, words: Words = ENGLISH) -> L.Block:
    blocks = [_group(codes, value, style, width) for codes, value in groups]
    if not blocks:
        blocks = [L.panel(L.label(words("No cards."), 16, L.MUTED), pad=14)]
    return L.flow(blocks, room, gap=10, row_gap=10)


def _group(codes: list[str], value: str, style: str, width: int) -> L.Block:
    cards = L.fan(L.parse(codes), width, style, offset=round(width * 0.36))
    size = 18 if width >= 90 else 16
    return L.panel(L.column([cards, L.value_label(value, size, L.GOLD)], gap=2), pad=6, radius=10)
