"""Text for images: one font, Roboto (OFL), installed with the bot as the `fontpkg-roboto`
package (pyproject.toml), so every machine draws the same letters at the same widths.

Roboto draws every letter of French (é è à ç ô œ, « », the narrow no-break space that groups
French numbers: 1\u202f000) and of most Latin, Greek and Cyrillic scripts, but no card suit
glyphs, no arrows, no emoji. `clean` turns any text into what the font can draw (look-alikes
for what it lacks, accents stripped only from letters it lacks, the rest dropped), so a
player's display name never shows as boxes. Fonts are cached per thread: renders run in
worker threads and a FreeType face should not be shared between them.
"""

from __future__ import annotations

import functools
import math
import threading
import unicodedata

import fontpkg
from PIL import Image, ImageDraw, ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

_local = threading.local()
_glyph_lock = threading.Lock()
FAMILY = "Roboto"  # its regular weight; bold is drawn thicker (`draw`), keeping the layouts' widths
NO_BREAK = frozenset("\u00a0\u202f")  # no-break spaces: a line never breaks at them ("1 000")
DRAWN_NO_BREAK = "\u00a0"  # how both are drawn: the font's narrow one (0.12 em, French numbers' group
# separator) all but vanishes once a picture is shown at half its size, and "12 530" would read "12530"
_REPLACEMENTS = {"–": "-", "—": "-", "‘": "'", "“": '"', "”": '"', "•": "·", "×": "x",
                 "½": " 1/2", "⅓": " 1/3", "⅔": " 2/3", "¼": " 1/4", "¾": " 3/4",
                 "♣": "C", "♥": "H", "♠": "S", "♦": "D", "œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE"}


def font(size: int) -> Font:
    """The images' font at `size` pixels, cached for this thread."""
    cache: dict[int, Font] | None = getattr(_local, "fonts", None)
    if cache is None:
        cache = _local.fonts = {}
    found = cache.get(size)
    if found is None:
        found = cache[size] = _face(size)
    return found


@functools.cache
def _font_file() -> str:
    return str(fontpkg.path(FAMILY))


def _face(size: int) -> ImageFont.FreeTypeFont:
    """Laid out by FreeType alone, as Pillow's bundled font was (no text shaping: Latin, Greek and
    Cyrillic need none), measured three times quicker than with Raqm."""
    return ImageFont.truetype(_font_file(), size, layout_engine=ImageFont.Layout.BASIC)


@functools.lru_cache(maxsize=4096)
def has_glyph(char: str) -> bool:
    """Whether the images' font draws `char` (rather than its empty-box glyph)."""
    with _glyph_lock:  # one shared probe font; the cache makes this rare
        probe = _probe_font()
        return bytes(probe.getmask(char)) != bytes(probe.getmask("\ue000"))


@functools.lru_cache(maxsize=1)
def _probe_font() -> Font:
    return _face(16)


@functools.lru_cache(maxsize=4096)
def clean(text: str, fallback: str = "?") -> str:
    """`text` made drawable: what the font lacks replaced by a known look-alike or stripped of
    its accents, anything else it lacks (emoji, CJK, symbols) dropped, spaces made one (a
    no-break one kept, drawn as wide as a space); `fallback` if nothing printable is left.
    Cached: a table cleans the same names and words hundreds of times an image."""
    out: list[str] = []
    for char in text:
        if char in NO_BREAK:
            out.append(DRAWN_NO_BREAK)
        elif char.isspace():
            out.append(" ")
        elif has_glyph(char):
            out.append(char)
        elif char in _REPLACEMENTS:
            out.append(_REPLACEMENTS[char])
        else:
            base = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
            out.append("".join(c for c in base if c.isprintable() and has_glyph(c)))
    result = " ".join(spaced("".join(out)))
    return result or fallback


def spaced(text: str) -> list[str]:
    """The words of `text` between its plain spaces (a no-break space joins, as in "1 000")."""
    return [word for word in text.split(" ") if word]


@functools.lru_cache(maxsize=8192)
def width(text: str, size: int) -> int:
    """The drawn width of `text` (the same in every thread; layouts measure the same names
    and words at every image)."""
    return int(font(size).getlength(text) + 0.5)


def fit_size(text: str, max_width: int, max_size: int, min_size: int = 8) -> int:
    """The largest size (down to `min_size`) at which `text` fits in `max_width`."""
    size = max_size
    while size > min_size and width(text, size) > max_width:
        size -= 1
    return size


def ellipsize(text: str, size: int, max_width: int) -> str:
    """`text` cut with "..." to fit `max_width` at `size`."""
    if width(text, size) <= max_width:
        return text
    while text and width(text + "...", size) > max_width:
        text = text[:-1]
    return text.rstrip() + "..."


def wrap_two(text: str, size: int, max_width: int) -> list[str]:
    """One line if it fits, else the most balanced split into two lines at a space."""
    if width(text, size) <= max_width or " " not in text:
        return [text]
    words = spaced(text)
    best = [text]
    best_w = width(text, size)
    for i in range(1, len(words)):
        lines = [" ".join(words[:i]), " ".join(words[i:])]
        w = max(width(line, size) for line in lines)
        if w < best_w:
            best, best_w = lines, w
    return best


def wrap(text: str, size: int, max_width: int) -> list[str]:
    """`text` on as many lines as it needs, each no wider than `max_width` (a word wider than
    that has a line of its own), words kept in order."""
    lines: list[str] = []
    for word in spaced(text):
        if lines and width(lines[-1] + " " + word, size) <= max_width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def draw(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
         fill: tuple[int, ...] | str, anchor: str = "la", bold: bool = False) -> None:
    """Draw `text` (already clean) at `xy` with a Pillow anchor ("mm" centre, "la" top-left...).
    `bold` thickens the strokes of the one regular face (so text measures the same bold or
    not): a one-pixel stroke at large sizes, a second pass one pixel to the right at small ones."""
    stroke = 1 if bold and size >= 28 else 0
    _stamp(d, xy, text, size, fill, anchor, stroke)
    if bold and not stroke:
        _stamp(d, (xy[0] + 1, xy[1]), text, size, fill, anchor, 0)


def _stamp(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
           fill: tuple[int, ...] | str, anchor: str, stroke: int) -> None:
    """What `d.text` draws, its coverage taken from `coverage` (rendered once per text, size and
    sub-pixel start): the same mask at the same place blended the same way, so the same pixels."""
    if "\n" in text or d.fontmode != "L":  # what `coverage` does not cover: Pillow draws it
        d.text(xy, text, font=font(size), fill=fill, anchor=anchor, stroke_width=stroke, stroke_fill=fill)
        return
    x, y = xy
    mask, (dx, dy) = coverage(text, size, anchor, stroke, math.modf(x)[0], math.modf(y)[0])
    d.bitmap((int(x) + dx, int(y) + dy), mask, fill=fill)


@functools.lru_cache(maxsize=2048)
def coverage(text: str, size: int, anchor: str, stroke: int, start_x: float,
             start_y: float) -> tuple[Image.Image, tuple[int, int]]:
    """The text's coverage mask and its offset from the drawing point, as Pillow's `ImageDraw.text`
    renders it for a text starting `start` of a pixel in: rendering glyphs is most of a label's
    time, and a table draws the same names and words at every move. At most 2,048 masks (a few
    MB). Shared between threads: read only."""
    mask, offset = font(size).getmask2(text, "L", anchor=anchor, start=(start_x, start_y),
                                       stroke_width=stroke, stroke_filled=True)
    return Image.frombytes("L", mask.size, bytes(mask)), offset
