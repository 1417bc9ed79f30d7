"""Suit symbols drawn as shapes (no font has them): wands a budding staff, cups a chalice,
swords a blade with a hilt, pentacles a five-pointed star in a circle; the French style's
clubs, hearts, spades and diamonds. Each is drawn into a box, in the suit's colours."""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import ImageDraw

RGB = tuple[int, int, int]
Box = tuple[float, float, float, float]
Point = tuple[float, float]

# main, dark (outlines, details), light (highlights), tint (court panels)
SUIT_COLOURS: dict[str, tuple[RGB, RGB, RGB, RGB]] = {
    "W": ((204, 58, 36), (122, 28, 16), (246, 150, 92), (251, 226, 214)),  # fire red
    "C": ((30, 104, 184), (14, 54, 110), (132, 190, 240), (218, 232, 248)),  # water blue
    "S": ((104, 116, 130), (44, 52, 62), (206, 214, 222), (226, 230, 236)),  # steel grey
    "P": ((196, 146, 28), (112, 78, 8), (255, 234, 160), (246, 234, 200)),  # earth gold
}


def colour(suit: str) -> RGB:
    return SUIT_COLOURS[suit][0]


class _Pen:
    """Maps unit coordinates (0..1 in both directions) into a box and draws there."""

    def __init__(self, d: ImageDraw.ImageDraw, box: Box) -> None:
        self.d = d
        self.x0, self.y0 = box[0], box[1]
        self.w, self.h = box[2] - box[0], box[3] - box[1]
        self.line = max(1, round(min(self.w, self.h) * 0.045))

    def pt(self, u: float, v: float) -> Point:
        return (self.x0 + u * self.w, self.y0 + v * self.h)

    def poly(self, points: list[Point], fill: RGB, outline: RGB | None = None) -> None:
        mapped = [self.pt(u, v) for u, v in points]
        self.d.polygon(mapped, fill=fill, outline=outline, width=self.line if outline else 1)

    def ellipse(self, u0: float, v0: float, u1: float, v1: float, fill: RGB | None,
                outline: RGB | None = None, width: int | None = None) -> None:
        x0, y0 = self.pt(u0, v0)
        x1, y1 = self.pt(u1, v1)
        self.d.ellipse((x0, y0, x1, y1), fill=fill, outline=outline,
                       width=width or (self.line if outline else 1))

    def rect(self, u0: float, v0: float, u1: float, v1: float, fill: RGB,
             outline: RGB | None = None) -> None:
        x0, y0 = self.pt(u0, v0)
        x1, y1 = self.pt(u1, v1)
        radius = min(x1 - x0, y1 - y0) * 0.35
        self.d.rounded_rectangle((x0, y0, x1, y1), radius=radius, fill=fill, outline=outline,
                                 width=self.line if outline else 1)


def _leaf(base: Point, angle: float, length: float, breadth: float) -> list[Point]:
    """A pointed leaf growing from `base` in direction `angle` (radians, unit coordinates)."""
    ca, sa = math.cos(angle), math.sin(angle)
    points = []
    steps = 8
    for side in (1, -1):
        rng = range(steps + 1) if side == 1 else range(steps, -1, -1)
        for i in rng:
            t = i / steps
            along = t * length
            across = side * math.sin(math.pi * t) * breadth * (1 - 0.35 * t)
            points.append((base[0] + along * ca - across * sa, base[1] + along * sa + across * ca))
    return points


def _wands(p: _Pen, main: RGB, dark: RGB, light: RGB) -> None:
    # a staff from lower left to upper right, with buds sprouting on both sides
    start, end = (0.24, 0.94), (0.76, 0.06)
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    nx, ny = -dy / length * 0.1, dx / length * 0.1
    staff = [(start[0] + nx, start[1] + ny), (end[0] + nx * 0.8, end[1] + ny * 0.8),
             (end[0] - nx * 0.8, end[1] - ny * 0.8), (start[0] - nx, start[1] - ny)]
    axis = math.atan2(dy, dx)
    for t, side in ((0.34, 1), (0.52, -1), (0.7, 1)):
        base = (start[0] + dx * t, start[1] + dy * t)
        p.poly(_leaf(base, axis + side * 0.9, 0.34, 0.1), light, dark)
    p.poly(staff, main, dark)
    p.ellipse(end[0] - 0.11, end[1] - 0.11, end[0] + 0.11, end[1] + 0.11, main, dark)
    p.ellipse(start[0] - 0.1, start[1] - 0.1, start[0] + 0.1, start[1] + 0.1, dark)


def _cups(p: _Pen, main: RGB, dark: RGB, light: RGB) -> None:
    p.poly([(0.4, 0.8), (0.6, 0.8), (0.8, 0.95), (0.2, 0.95)], main, dark)  # foot
    p.rect(0.44, 0.5, 0.56, 0.84, main, dark)  # stem
    p.ellipse(0.36, 0.6, 0.64, 0.71, main, dark)  # knot
    bowl = [(0.5 + 0.38 * math.cos(a), 0.1 + 0.46 * math.sin(a))
            for a in (math.pi * i / 16 for i in range(17))]
    p.poly(bowl, main, dark)
    p.ellipse(0.12, 0.03, 0.88, 0.17, light, dark)  # the mouth
    p.ellipse(0.22, 0.18, 0.34, 0.36, light)  # a glint on the bowl


def _swords(p: _Pen, main: RGB, dark: RGB, light: RGB) -> None:
    p.poly([(0.5, 0.0), (0.63, 0.16), (0.63, 0.66), (0.37, 0.66), (0.37, 0.16)], light, dark)
    x0, y0 = p.pt(0.5, 0.15)
    x1, y1 = p.pt(0.5, 0.62)
    p.d.line((x0, y0, x1, y1), fill=main, width=max(1, p.line))  # the fuller
    p.rect(0.12, 0.63, 0.88, 0.75, main, dark)  # crossguard
    p.rect(0.42, 0.73, 0.58, 0.9, dark)  # grip
    p.ellipse(0.37, 0.84, 0.63, 1.0, main, dark)  # pommel


def star_points(cx: float, cy: float, outer: float, inner_ratio: float = 0.382) -> list[Point]:
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else outer * inner_ratio
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def _pentacles(p: _Pen, main: RGB, dark: RGB, light: RGB) -> None:
    p.ellipse(0.03, 0.03, 0.97, 0.97, main, dark)
    p.ellipse(0.12, 0.12, 0.88, 0.88, None, light, max(1, round(p.line * 0.8)))
    p.poly(star_points(0.5, 0.52, 0.36), light, dark)


def _heart_points(flip: bool) -> list[Point]:
    points = []
    for i in range(48):
        t = 2 * math.pi * i / 48
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        u, v = 0.5 + x / 34, 0.44 - y / 34
        points.append((u, 1 - v) if flip else (u, v))
    return points


def _hearts(p: _Pen, main: RGB, dark: RGB, light: RGB) -> None:
    p.poly([(u, v * 1.02 + 0.04) for u, v in _heart_points(False)], main, dark)


def _spades(p: _Pen, main: RGB, dark: RGB, light: RGB) -> None:
    p.poly([(0.5, 0.62), (0.64, 0.98), (0.36, 0.98)], main, dark)
    p.poly([(u, v * 0.84 - 0.06) for u, v in _heart_points(True)], main, dark)


def _clubs(p: _Pen, main: RGB, dark: RGB, light: RGB) -> None:
    p.poly([(0.5, 0.5), (0.64, 0.98), (0.36, 0.98)], main, dark)
    for cx, cy in ((0.5, 0.24), (0.25, 0.58), (0.75, 0.58)):
        p.ellipse(cx - 0.22, cy - 0.22, cx + 0.22, cy + 0.22, main, dark)
    p.ellipse(0.38, 0.4, 0.62, 0.64, main)  # fill the gap between the leaves


def _diamonds(p: _Pen, main: RGB, dark: RGB, light: RGB) -> None:
    p.poly([(0.5, 0.0), (0.86, 0.5), (0.5, 1.0), (0.14, 0.5)], main, dark)


_TAROT: dict[str, Callable[[_Pen, RGB, RGB, RGB], None]] = {
    "W": _wands, "C": _cups, "S": _swords, "P": _pentacles}
_FRENCH: dict[str, Callable[[_Pen, RGB, RGB, RGB], None]] = {
    "W": _clubs, "C": _hearts, "S": _spades, "P": _diamonds}


def draw_suit(d: ImageDraw.ImageDraw, suit: str, box: Box, style: str = "rws") -> None:
    """The suit's symbol filling `box` (best square); the French and standard styles draw
    ♣ ♥ ♠ ♦ shapes."""
    main, dark, light, _tint = SUIT_COLOURS[suit]
    shapes = _FRENCH if style in ("french", "standard") else _TAROT
    shapes[suit](_Pen(d, box), main, dark, light)
