"""A player's private hand (for DMs and `/hand`): big cards with their notation underneath,
optionally split into labelled groups (melds, a talon, cards set aside...)."""

from __future__ import annotations

from collections.abc import Sequence

from games.base import plural
from renders import layout as L

CARD_WIDTHS = (L.HAND_CARD, 150, 120, 104, 90, 80, 72)  # the largest whose image the frame shows largest


def render_hand(cards: list[str | None], style: str = "rws", caption: str = "",
                groups: list[list[str]] | None = None,
                labels: Sequence[str] | None = None, counts: bool = True, info: str = "", rest: str = "Hand") -> bytes:
    """`cards` as PNG bytes (None is a face-down card). With `groups`, each group is shown
    apart under its label (`labels[i]`, else "Group i", with its number of cards unless not
    `counts`), and the cards of `cards` that are in no group come first, under "Hand". `info`,
    the line under the caption, says how many cards are shown unless given. The cards are
    as large as the frame (renders/layout.py) lets them be. `rest`: the heading of the cards in no
    group (the words are given in the reader's language: the render looks nothing up)."""
    body = L.shrink_to_fit(lambda width: _body(cards, style, groups, labels, counts, width, rest), CARD_WIDTHS)
    return L.to_png(L.compose(caption or "Your hand", info or plural(len(cards), "card"), body))


def _body(cards: list[str | None], style: str, groups: list[list[str]] | None, labels: Sequence[str] | None,
          counts: bool, width: int, heading: str = "Hand") -> L.Block:
    if not groups:
        return _cards(cards, style, width)
    parts = []
    rest = _outside(cards, groups)
    if rest:
        parts.append(L.section(heading, _cards(rest, style, width)))
    for i, group in enumerate(groups):
        name = labels[i] if labels and i < len(labels) else f"Group {i + 1}"
        parts.append(L.section(f"{name} · {len(group)}" if counts else name, _cards(group, style, width)))
    return L.flow(parts, L.BODY[0], gap=16, row_gap=8)


def _cards(codes: Sequence[str | None], style: str, width: int) -> L.Block:
    return L.card_rows(L.parse(codes), width, style, L.BODY[0], codes=True)


def _outside(cards: Sequence[str | None], groups: list[list[str]]) -> list[str | None]:
    """The cards not taken by any group (as a multiset: a code counts once per group use)."""
    taken: dict[str, int] = {}
    for group in groups:
        for code in group:
            taken[code] = taken.get(code, 0) + 1
    rest: list[str | None] = []
    for code in cards:
        if code is not None and taken.get(code, 0) > 0:
            taken[code] -= 1
        else:
            rest.append(code)
    return rest
