"""Card faces and the card back, drawn (rules/cards.md, "The printed-deck design for images").

`card_image(card, width, style)` is the only entry point: an RGBA sprite of a 5:8 card with
rounded corners (transparent outside), drawn at twice the size and halved for clean edges,
cached per (card, orientation, size, style). A reversed card is the upright sprite turned 180°,
except in the face variant of a game where orientation means nothing (`GAME_FACES`).
The returned images are shared by every caller: paste them, never draw on them.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable

from PIL import Image, ImageDraw

from games.cards import CARD_STYLES, ROMAN, STANDARD_STYLE, STYLE_COURTS, Card, major_name
from renders import text
from renders.symbols import SUIT_COLOURS, Box, draw_suit, star_points

RATIO = 8 / 5
SCALE = 2  # drawn at twice the size, then halved

INK = (30, 28, 36)
PAPER = (252, 249, 240)
VIOLET = (52, 26, 98)
VIOLET_LIGHT = (84, 50, 140)
GOLD = (222, 178, 66)
GOLD_LIGHT = (250, 226, 150)
LAVENDER = (214, 198, 246)
BACK_FIELD = (24, 46, 92)
BACK_LINE = (56, 86, 150)

COURT_LETTERS = {
    "rws": {11: "P", 12: "N", 13: "Q", 14: "K"},
    "marseille": {11: "V", 12: "N", 13: "Q", 14: "K"},
    "thoth": {11: "Ps", 12: "Pr", 13: "Q", 14: "Kn"},
    "french": {11: "V", 12: "C", 13: "D", 14: "R"},
    STANDARD_STYLE: {11: "J", 12: "N", 13: "Q", 14: "K"},
}

# pip positions (column 0 left, 1 centre, 2 right; row 0 top .. 1 bottom) for 2-10
_L, _C, _R = 0, 1, 2
_T3 = (0.0, 1 / 3, 2 / 3, 1.0)
PIPS: dict[int, list[tuple[int, float]]] = {
    2: [(_C, 0.0), (_C, 1.0)],
    3: [(_C, 0.0), (_C, 0.5), (_C, 1.0)],
    4: [(c, r) for r in (0.0, 1.0) for c in (_L, _R)],
    5: [(c, r) for r in (0.0, 1.0) for c in (_L, _R)] + [(_C, 0.5)],
    6: [(c, r) for r in (0.0, 0.5, 1.0) for c in (_L, _R)],
    7: [(c, r) for r in (0.0, 0.5, 1.0) for c in (_L, _R)] + [(_C, 0.25)],
    8: [(c, r) for r in (0.0, 0.5, 1.0) for c in (_L, _R)] + [(_C, 0.25), (_C, 0.75)],
    9: [(c, r) for r in _T3 for c in (_L, _R)] + [(_C, 0.5)],
    10: [(c, r) for r in _T3 for c in (_L, _R)] + [(_C, 1 / 6), (_C, 5 / 6)],
}


# A face variant: what a game reads on its cards, added to the deck style as "+flag"s
# ("rws+numbered+upright"). The printed deck (rules/cards.md) carries a major's poker index,
# its lesser label and major suit (F, S, T), and turns a reversed card over; a game
# that reads neither draws what it uses instead.
NUMBERED = "numbered"  # majors go by number (0-21): their corners carry it
UPRIGHT = "upright"  # orientation means nothing: every card is drawn upright, unmarked
ARCANOID = "arcanoid"  # the majors carry Arcanoid's names (8 Justice, 11 Strength, Judgment)
FLAGS = (NUMBERED, UPRIGHT, ARCANOID)

# Each game's faces: only poker reads the poker index; only poker, blackjack and baccarat
# read orientation (a hand's rank, the tie-breaks); Loc's records write it.
GAME_FACES: dict[str, tuple[str, ...]] = {
    "poker": (),
    "blackjack": (NUMBERED,),
    "baccarat": (NUMBERED,),
    "loc": (NUMBERED,),
    "french_tarot": (NUMBERED, UPRIGHT),
    "rummy": (NUMBERED, UPRIGHT),
    "arcanoid": (NUMBERED, UPRIGHT, ARCANOID),
}


def faces(style: str) -> tuple[str, frozenset[str]]:
    """(the deck style, its variant's flags) of a style string."""
    base, *flags = style.split("+")
    return base, frozenset(flags)


def with_flags(style: str, *flags: str) -> str:
    """`style` with `flags` added, in one order (one sprite cache entry per variant)."""
    base, present = faces(style)
    wanted = present | set(flags)
    return "+".join([base, *(flag for flag in FLAGS if flag in wanted)])


def game_faces(game: str, style: str = "rws") -> str:
    """The style `game`'s cards are drawn in: the deck style with what that game reads."""
    return with_flags(style, *GAME_FACES[game])


def numbered_trumps(style: str) -> str:
    return with_flags(style, NUMBERED)


def arcanoid_names(style: str) -> str:
    return game_faces("arcanoid", style)


def oriented(style: str) -> bool:
    """Whether cards drawn in `style` show their orientation (turned over, with a marker)."""
    return UPRIGHT not in faces(style)[1]


def _variant(style: str) -> tuple[str, bool]:
    """(the deck style, whether majors show their number); the French style always does."""
    base, flags = faces(style)
    return base, NUMBERED in flags or base == "french"


def _major_title(number: int, style: str) -> str:
    """The name a major's face carries: the deck style's, or Arcanoid's in its variant."""
    if ARCANOID in faces(style)[1]:
        from games.arcanoid.words import major_title

        return major_title(number)
    return major_name(number, _variant(style)[0])


def card_height(width: int) -> int:
    return round(width * RATIO)


def rank_label(c: Card, style: str = "rws") -> str:
    """The corner index: A, 2-10, the style's court letters; a major's lesser label (its trump
    number in the French style and in numbered-trump variants)."""
    style, numbered = _variant(style)
    if c.is_major:
        return str(c.rank) if numbered else c.lesser_label
    if c.rank == 1:
        return "A"
    return COURT_LETTERS.get(style, COURT_LETTERS["rws"]).get(c.rank, str(c.rank))


@functools.lru_cache(maxsize=1024)
def card_image(c: Card | None, width: int, style: str = "rws") -> Image.Image:
    """The sprite of `c` (None: the back) `width` pixels wide, 5:8, RGBA. Shared: do not
    draw on it. An unknown style draws as the default one."""
    base, flags = faces(style)
    if base not in CARD_STYLES:
        return card_image(c, width, with_flags("rws", *flags))
    if UPRIGHT in flags:
        return card_image(None if c is None else c.face, width, with_flags(base, *(flags - {UPRIGHT})))
    if flags and (c is None or not c.is_major):
        return card_image(c, width, base)  # a variant changes the majors only: the rest are shared
    if c is not None and c.reversed:
        return card_image(c.face, width, style).transpose(Image.Transpose.ROTATE_180)
    numbered = _variant(style)[1]
    w, h = width * SCALE, card_height(width) * SCALE
    image = Image.new("RGBA", (w, h), INK + (0,))
    d = ImageDraw.Draw(image)
    if c is None:
        _draw_back(d, w, h)
    elif c.is_major:
        _draw_major(d, c, w, h, base, numbered, _major_title(c.rank, style))
    else:
        _draw_minor(d, c, w, h, base)
    return image.reduce(SCALE)


def _outline(d: ImageDraw.ImageDraw, w: int, h: int, fill: tuple[int, int, int]) -> None:
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=round(w * 0.07), fill=fill, outline=INK,
                        width=max(2, round(w * 0.011)))


def _draw_minor(d: ImageDraw.ImageDraw, c: Card, w: int, h: int, style: str) -> None:
    suit = c.suit
    assert suit is not None
    main, _dark, _light, tint = SUIT_COLOURS[suit]
    _outline(d, w, h, PAPER)
    inset = round(w * 0.035)
    d.rounded_rectangle((inset, inset, w - 1 - inset, h - 1 - inset), radius=round(w * 0.05),
                        outline=tint, width=max(2, round(w * 0.012)))
    label = rank_label(c, style)
    for cx in (w * 0.13, w * 0.87):
        _index(d, cx, h * 0.035, w, label, main, lambda box: draw_suit(d, suit, box, style))
    if c.rank == 1:
        size = w * 0.56
        draw_suit(d, suit, _square(w / 2, h * 0.56, size), style)
    elif c.is_court:
        _draw_court(d, c, w, h, style, label)
    else:
        _draw_pips(d, suit, c.rank, w, h, style)


def reads_both_ways(label: str) -> bool:
    """A number that turned 180° reads as another (6 and 9, 16 and 91...): printed cards
    underline it, so a reversed card's index still says which it is."""
    return label.isdigit() and any(ch in "69" for ch in label)


def _label(d: ImageDraw.ImageDraw, xy: tuple[float, float], label: str, size: int,
           fill: tuple[int, int, int], anchor: str = "mt") -> None:
    """A number or letter on a card, bold; underlined when it could be read upside down."""
    text.draw(d, xy, label, size, fill, anchor=anchor, bold=True)
    if reads_both_ways(label):
        left, _top, right, bottom = text.font(size).getbbox(label, anchor=anchor)
        thick = max(2, round(size * 0.09))
        y = xy[1] + bottom + thick
        d.rectangle((xy[0] + left, y, xy[0] + right, y + thick - 1), fill=fill)


def _index(d: ImageDraw.ImageDraw, cx: float, top: float, w: int, label: str,
           fill: tuple[int, int, int], symbol: Callable[[Box], None]) -> None:
    """A corner index: the rank label, the suit symbol under it."""
    size = round(w * (0.16 if len(label) < 2 else 0.14))
    _label(d, (cx, top), label, size, fill)
    sym = w * 0.15
    symbol(_square(cx, top + w * 0.17 + sym / 2 + w * 0.02, sym))


def _square(cx: float, cy: float, size: float) -> Box:
    return (cx - size / 2, cy - size / 2, cx + size / 2, cy + size / 2)


def _draw_pips(d: ImageDraw.ImageDraw, suit: str, rank: int, w: int, h: int, style: str) -> None:
    pip = w * (0.24 if rank <= 8 else 0.21)
    columns = (w * 0.33, w * 0.5, w * 0.67)
    top, bottom = h * 0.2, h * 0.88
    for column, row in PIPS[rank]:
        cy = top + (bottom - top) * row
        draw_suit(d, suit, _square(columns[column], cy, pip), style)


def _draw_court(d: ImageDraw.ImageDraw, c: Card, w: int, h: int, style: str, letter: str) -> None:
    suit = c.suit
    assert suit is not None
    main, dark, _light, tint = SUIT_COLOURS[suit]
    panel = (w * 0.1, h * 0.25, w * 0.9, h * 0.83)
    d.rounded_rectangle(panel, radius=round(w * 0.06), fill=tint, outline=main,
                        width=max(2, round(w * 0.012)))
    size = round(w * (0.42 if len(letter) < 2 else 0.34))
    text.draw(d, (w / 2, h * 0.44), letter, size, dark, anchor="mm", bold=True)
    draw_suit(d, suit, _square(w / 2, h * 0.67, w * 0.26), style)
    name = STYLE_COURTS[style][c.rank]
    size = text.fit_size(name, round(w * 0.78), round(w * 0.11))
    text.draw(d, (w / 2, h * 0.905), name, size, dark, anchor="mm")


def _draw_major(d: ImageDraw.ImageDraw, c: Card, w: int, h: int, style: str, numbered: bool, name: str) -> None:
    _outline(d, w, h, VIOLET)
    line = max(2, round(w * 0.012))
    inset = round(w * 0.035)
    d.rounded_rectangle((inset, inset, w - 1 - inset, h - 1 - inset), radius=round(w * 0.05),
                        outline=GOLD, width=line * 2)
    inner = round(w * 0.07)
    d.rounded_rectangle((inner, inner, w - 1 - inner, h - 1 - inner), radius=round(w * 0.035),
                        outline=GOLD, width=max(1, line // 2))
    if style == STANDARD_STYLE:  # the Joker: no tarot number or major suit
        _emblem(d, w / 2, h * 0.48, w * 0.3, "")
        _major_name(d, major_name(c.rank, style), w, h)
        return
    label = rank_label(c, numbered_trumps(style) if numbered else style)
    major_suit = "" if numbered else c.major_suit or ""  # trumps that go by number have no major suit
    top = h * 0.07
    for cx in (w * 0.19, w * 0.81):
        size = round(w * (0.14 if len(label) < 2 else 0.125))
        _label(d, (cx, top), label, size, GOLD_LIGHT)
        text.draw(d, (cx, top + w * 0.155), major_suit, round(w * 0.11), LAVENDER,
                  anchor="mt", bold=True)
    text.draw(d, (w / 2, top), ROMAN[c.rank], round(w * 0.125), GOLD, anchor="mt", bold=True)
    _emblem(d, w / 2, h * 0.48, w * 0.3, str(c.rank))
    _major_name(d, name, w, h)


def _emblem(d: ImageDraw.ImageDraw, cx: float, cy: float, radius: float, number: str) -> None:
    """A gold sun: rays, a ring, the card's number in the middle."""
    rays = 16
    sun = []
    for i in range(rays * 2):
        r = radius * (1.12 if i % 2 == 0 else 0.86)
        a = -math.pi / 2 + i * math.pi / rays
        sun.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    d.polygon(sun, fill=VIOLET_LIGHT, outline=GOLD, width=max(1, round(radius * 0.03)))
    d.ellipse(_square(cx, cy, radius * 1.6), fill=VIOLET, outline=GOLD, width=max(2, round(radius * 0.06)))
    if number:
        size = round(radius * (0.95 if len(number) < 2 else 0.8))
        _label(d, (cx, cy), number, size, GOLD_LIGHT, anchor="mm")


def _major_name(d: ImageDraw.ImageDraw, name: str, w: int, h: int) -> None:
    max_width = round(w * 0.76)
    size = round(w * 0.115)
    if text.width(name, round(w * 0.095)) <= max_width:
        size = text.fit_size(name, max_width, size)
    lines = text.wrap_two(name, size, max_width)
    size = min(text.fit_size(line, max_width, size) for line in lines)
    step = size * 1.1
    y = h * 0.86 - step * (len(lines) - 1) / 2
    for line in lines:
        text.draw(d, (w / 2, y), line, size, GOLD_LIGHT, anchor="mm")
        y += step


def _draw_back(d: ImageDraw.ImageDraw, w: int, h: int) -> None:
    _outline(d, w, h, PAPER)
    inset = round(w * 0.06)
    field = (inset, inset, w - 1 - inset, h - 1 - inset)
    d.rounded_rectangle(field, radius=round(w * 0.04), fill=BACK_FIELD)
    step = w * 0.12
    line = max(1, round(w * 0.01))
    n = int((w + h) / step) + 1
    for i in range(-n, n + 1):  # a diagonal lattice, clipped by hand to the field
        x = field[0] + i * step
        _clipped_line(d, (x, field[1]), (x + (field[3] - field[1]), field[3]), field, line)
        _clipped_line(d, (x, field[3]), (x + (field[3] - field[1]), field[1]), field, line)
    cx, cy = w / 2, h / 2
    d.ellipse(_square(cx, cy, w * 0.46), fill=BACK_FIELD, outline=GOLD, width=line * 3)
    d.polygon(star_points(cx, cy + w * 0.01, w * 0.17), fill=GOLD, outline=GOLD_LIGHT)


def _clipped_line(d: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float],
                  box: tuple[float, float, float, float], width: int) -> None:
    """The part of segment a-b (a 45° diagonal) inside `box`."""
    (x0, y0), (x1, y1) = a, b
    t0, t1 = 0.0, 1.0
    dx, dy = x1 - x0, y1 - y0
    for p, q in ((-dx, x0 - box[0]), (dx, box[2] - x0), (-dy, y0 - box[1]), (dy, box[3] - y0)):
        if p == 0:
            if q < 0:
                return
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
    if t0 < t1:
        d.line((x0 + t0 * dx, y0 + t0 * dy, x0 + t1 * dx, y0 + t1 * dy), fill=BACK_LINE, width=width)
