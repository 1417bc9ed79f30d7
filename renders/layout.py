"""The one shared table layout: a felt canvas, blocks of cards and labels arranged in rows,
columns and wrapping flows, name plates, the reversed-card marker, and PNG encoding.

A render builds a tree of `Block`s (a size and a paint function) bottom-up, so every size is
known before anything is drawn; `compose` then makes the canvas and paints the tree once.
Games add only the blocks that differ (renders/blackjack.py ...).

Every image is drawn for the frame a chat shows it in before a click (`FRAME`, 400 x 300: a
Discord embed, the sandbox page): a canvas of the frame's 4:3 shape, a whole number of times
its size (`FACTOR` for a table of usual size, so it is shown at exactly half), and no text
smaller than `SMALL`, 10 px in the frame at that factor.
"""

from __future__ import annotations

import functools
import io
import math
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFilter

from games.base import seat_name
from games.cards import Card, card, full_deck
from renders import text
from renders.cards import card_height, card_image, oriented
from renders.words import now

Colour = tuple[int, int, int]

FELT = (22, 96, 64)
FELT_DARK = (16, 76, 50)
HEADER = (12, 46, 32)
PLATE = (13, 52, 36)
PLATE_EDGE = (40, 122, 86)
TEXT = (244, 242, 232)
MUTED = (168, 204, 184)
GOLD = (240, 196, 76)
WIN = (110, 226, 134)
LOSS = (255, 120, 104)
PUSH = (206, 214, 210)
PLAYER_BLUE = (84, 156, 236)
BANKER_RED = (236, 92, 72)
TIE_GREEN = (86, 196, 116)
TEXT_COLOURS = (TEXT, MUTED, GOLD, WIN, LOSS, PUSH, PLAYER_BLUE, BANKER_RED, TIE_GREEN)

TABLE_CARD = 90  # card width on table images: rules/cards.md's least, 45 px once the frame shows it
HAND_CARD = 180  # card width in a player's private hand (about 180x288)
SMALLER_CARDS = (72, 64)  # the smaller cards a table also draws (a last round or trick, the dog, earlier plays)
CODE = 26  # height of the row of notation under cards
CODE_STEP = 48  # the least step between cards with their notation under them ("10Sr")
MARKER = 22  # height of the row under a fan that holds the reversed-card markers
MARGIN = 16
MAX_WIDTH = 1440
FRAME = (400, 300)  # the most of an image a chat shows before a click (Discord's embed, the sandbox page)
FACTOR = 2  # a usual table is drawn at twice the frame (800 x 600) and shown at half
SMALL = 20  # the smallest text drawn: 10 px once the frame shows the image at half
NAME_SIZE = 22  # players' names, headings
TITLE_SIZE = 28  # the image's title
HEAD = 48  # the header bar's height (one line)
BODY = (FACTOR * FRAME[0] - 2 * MARGIN, FACTOR * FRAME[1] - HEAD - 2 * MARGIN)  # what a usual table fills


class Canvas:
    """The image being painted, with its draw context."""

    def __init__(self, width: int, height: int, fill: Colour = FELT) -> None:
        self.image = Image.new("RGB", (width, height), fill)
        self.draw = ImageDraw.Draw(self.image)

    def card(self, c: Card | None, x: int, y: int, width: int, style: str) -> None:
        shadow = _shadow(width)
        self.image.paste(shadow, (x - 3, y - 1), shadow)
        sprite = card_image(c, width, style)
        self.image.paste(sprite, (x, y), sprite)

    def marker(self, cx: int, y: int) -> None:
        sprite = _marker()
        self.image.paste(sprite, (cx - sprite.width // 2, y), sprite)


Painter = Callable[[Canvas, int, int], None]


@dataclass(frozen=True, slots=True)
class Block:
    """A rectangle of the layout: its size, and how to paint it with its top-left at (x, y)."""

    width: int
    height: int
    paint: Painter


def _nothing(canvas: Canvas, x: int, y: int) -> None:
    return None


def spacer(width: int = 0, height: int = 0) -> Block:
    return Block(width, height, _nothing)


# --- text ----------------------------------------------------------------------------------


def label(value: str, size: int = SMALL, fill: Colour = TEXT, bold: bool = False,
          max_width: int | None = None) -> Block:
    """One line of text (cleaned for the font; cut with "..." beyond `max_width`), never
    smaller than `SMALL`."""
    size = max(size, SMALL)
    value = _fitted(value, size, max_width)
    height = round(size * 1.25)

    def paint(canvas: Canvas, x: int, y: int) -> None:
        text.draw(canvas.draw, (x, y + height // 2), value, size, fill, anchor="lm", bold=bold)

    return Block(text.width(value, size) + (2 if bold else 0), height, paint)


def cached_label(value: str, size: int = SMALL, fill: Colour = TEXT, bold: bool = False,
                 max_width: int | None = None) -> Block:
    """`label` for the many small labels a table draws again at every move (names, forms,
    captions): its strokes are drawn once and pasted in any colour afterwards, a tenth of
    the time of drawing text."""
    size = max(size, SMALL)
    value = _fitted(value, size, max_width)

    def paint(canvas: Canvas, x: int, y: int) -> None:
        mask, dx, dy = _label_mask(value, size, bold)
        if mask.width:
            canvas.image.paste(fill, (x + dx, y + dy, x + dx + mask.width, y + dy + mask.height), mask)

    return Block(text.width(value, size) + (2 if bold else 0), round(size * 1.25), paint)


def _fitted(value: str, size: int, max_width: int | None) -> str:
    value = text.clean(value, "")
    return value if max_width is None else text.ellipsize(value, size, max_width)


@functools.lru_cache(maxsize=2048)
def _label_mask(value: str, size: int, bold: bool) -> tuple[Image.Image, int, int]:
    """A small label's coverage, drawn once and pasted in any colour, and where its top-left
    goes from the label's: a table redraws the same names and words at every move, and drawing
    text is most of an image's time. Drawn with a margin of half the size (overhanging strokes),
    then cut to what it covers: pasting costs by the area (none for a label with nothing drawn)."""
    pad = size // 2
    height = round(size * 1.25)
    mask = Image.new("L", (text.width(value, size) + 2 + 2 * pad, height + 2 * pad), 0)
    text.draw(ImageDraw.Draw(mask), (pad, pad + height // 2), value, size, 255, anchor="lm", bold=bold)
    box = mask.getbbox() or (pad, pad, pad, pad)
    return mask.crop(box), box[0] - pad, box[1] - pad


def value_label(value: str, size: int = NAME_SIZE, fill: Colour = TEXT, bold: bool = True) -> Block:
    """A label that typesets vulgar fractions ("3½", "⅔") as a small numerator over a slash
    and denominator: the bundled font has no fraction glyphs."""
    blocks: list[Block] = []
    plain = ""
    for char in value:
        parts = _fraction(char)
        if parts is None:
            plain += char
            continue
        if plain:
            blocks.append(label(plain, size, fill, bold))
            plain = ""
        blocks.append(_fraction_block(*parts, size, fill))
    if plain or not blocks:
        blocks.append(label(plain, size, fill, bold))
    return row(blocks, gap=1, align="middle")


def _fraction(char: str) -> tuple[str, str] | None:
    decomposition = unicodedata.decomposition(char)
    if not decomposition.startswith("<fraction>"):
        return None
    codes = decomposition.split()[1:]
    slash = codes.index("2044")
    numerator = "".join(chr(int(c, 16)) for c in codes[:slash])
    return numerator, "".join(chr(int(c, 16)) for c in codes[slash + 1:])


def _fraction_block(numerator: str, denominator: str, size: int, fill: Colour) -> Block:
    small = max(SMALL, round(size * 0.62))
    num_w, den_w, slash_w = text.width(numerator, small), text.width(denominator, small), text.width("/", size)
    height = round(size * 1.25)

    def paint(canvas: Canvas, x: int, y: int) -> None:
        d = canvas.draw
        text.draw(d, (x, y + height * 0.1), numerator, small, fill, anchor="lt", bold=True)
        text.draw(d, (x + num_w, y + height // 2), "/", size, fill, anchor="lm")
        text.draw(d, (x + num_w + slash_w, y + height * 0.95), denominator, small, fill, anchor="lb",
                  bold=True)

    return Block(num_w + slash_w + den_w + 1, height, paint)


def lines(items: Sequence[tuple[str, Colour]], size: int = SMALL, bold_first: bool = False,
          max_width: int | None = None, cached: bool = False) -> Block:
    """Lines of coloured text, one under the other, centred; `cached` draws them with
    `cached_label`."""
    text_block = cached_label if cached else label
    blocks = [text_block(value, size + (1 if bold_first and i == 0 else 0), fill,
                         bold=bold_first and i == 0, max_width=max_width)
              for i, (value, fill) in enumerate(items) if value]
    return column(blocks, gap=1)


# --- arranging -----------------------------------------------------------------------------


def column(blocks: Sequence[Block], gap: int = 6, align: str = "center") -> Block:
    """Blocks one under the other; `align` "center" or "left"."""
    blocks = list(blocks)
    if not blocks:
        return spacer()
    w = max(b.width for b in blocks)
    h = sum(b.height for b in blocks) + gap * (len(blocks) - 1)

    def paint(canvas: Canvas, x: int, y: int) -> None:
        for b in blocks:
            dx = (w - b.width) // 2 if align == "center" else 0
            b.paint(canvas, x + dx, y)
            y += b.height + gap

    return Block(w, h, paint)


def row(blocks: Sequence[Block], gap: int = 10, align: str = "top") -> Block:
    """Blocks side by side; `align` "top" or "middle"."""
    blocks = list(blocks)
    if not blocks:
        return spacer()
    w = sum(b.width for b in blocks) + gap * (len(blocks) - 1)
    h = max(b.height for b in blocks)

    def paint(canvas: Canvas, x: int, y: int) -> None:
        for b in blocks:
            dy = (h - b.height) // 2 if align == "middle" else 0
            b.paint(canvas, x, y + dy)
            x += b.width + gap

    return Block(w, h, paint)


def flow(blocks: Sequence[Block], max_width: int, gap: int = 12, row_gap: int = 12) -> Block:
    """Blocks left to right, wrapping into centred rows no wider than `max_width`."""
    rows: list[list[Block]] = []
    used = 0
    for b in blocks:
        if rows and used + gap + b.width <= max_width:
            rows[-1].append(b)
            used += gap + b.width
        else:
            rows.append([b])
            used = b.width
    return column([row(r, gap) for r in rows], gap=row_gap)


def panel(inner: Block, pad: int = 10, fill: Colour | None = FELT_DARK,
          outline: Colour | None = None, outline_width: int = 2, radius: int = 12,
          min_width: int = 0) -> Block:
    """`inner` on a rounded panel with `pad` pixels around it, centred."""
    w = max(inner.width + 2 * pad, min_width)
    h = inner.height + 2 * pad

    def paint(canvas: Canvas, x: int, y: int) -> None:
        canvas.draw.rounded_rectangle((x, y, x + w - 1, y + h - 1), radius=radius, fill=fill,
                                      outline=outline, width=outline_width if outline else 0)
        inner.paint(canvas, x + (w - inner.width) // 2, y + pad)

    return Block(w, h, paint)


def factor(width: int, height: int) -> int:
    """How many times the frame an image of this size is drawn at: the least whole number
    (and at least `FACTOR`) whose frame holds it."""
    return max(FACTOR, math.ceil(width / FRAME[0]), math.ceil(height / FRAME[1]))


def body_factor(body: Block, head: int = HEAD) -> int:
    """The factor of an image of this body under a header `head` high (one line by default)."""
    return factor(body.width + 2 * MARGIN, body.height + head + 2 * MARGIN)


def header_height(title: str, info: str, body_width: int = 0) -> int:
    """The header's height over a body this wide: one line, or two when the title and the
    info do not fit side by side (as `compose` draws it)."""
    title_block = label(title, TITLE_SIZE, GOLD, bold=True)
    info_block = label(info, SMALL, MUTED)
    one_line = title_block.width + info_block.width + 3 * MARGIN
    return HEAD if one_line <= max(body_width + 2 * MARGIN, FACTOR * FRAME[0]) else HEAD + info_block.height


def best_fit(bodies: Iterable[Block], head: int = HEAD) -> Block:
    """The first body drawn at the least factor under a header `head` high: the one the frame
    shows largest (the rest are not laid out once one fits the usual factor)."""
    best: Block | None = None
    for body in bodies:
        if best is None or body_factor(body, head) < body_factor(best, head):
            best = body
        if body_factor(best, head) <= FACTOR:
            break
    return best if best is not None else spacer()


def fit_frame(build: Callable[[int], Block], most: int = 4, head: int = HEAD) -> Block:
    """`build(width)` for the body width of a picture `FACTOR` times the frame, or, for a table
    too crowded for it, of the least factor (up to `most`) whose picture holds it under a header
    `head` high."""
    bodies = []
    for k in range(FACTOR, most + 1):
        body = build(k * FRAME[0] - 2 * MARGIN)
        if body_factor(body, head) <= k:
            return body
        bodies.append(body)
    return best_fit(bodies, head)


def shrink_to_fit(build: Callable[[int], Block], widths: Sequence[int]) -> Block:
    """`build(card_width)` at the first card width whose image the frame shows largest: a
    crowded table gets smaller cards rather than a bigger image."""
    return best_fit(build(width) for width in widths)


def section(title: str, body: Block, size: int = SMALL, fill: Colour = GOLD) -> Block:
    """A titled part of the table: the title in small capitals above `body`."""
    return column([label(title.upper(), size, fill, bold=True), body], gap=6)


# --- cards ---------------------------------------------------------------------------------


def parse(codes: Sequence[str | None]) -> list[Card | None]:
    """Cards from view notation; None stays None (a face-down card)."""
    return [None if code is None else card(code) for code in codes]


def fan(cards: Sequence[Card | None], width: int, style: str, offset: int | None = None,
        max_width: int | None = None, markers: bool = True, codes: bool = False) -> Block:
    """Cards overlapping left to right (each shows at least its left strip, which holds an
    index whichever way up it lies), a turn arrow under every reversed one and, with `codes`,
    its notation under that. `offset` is the step between cards (default 0.4 of a card, 0.32
    from four cards); `max_width` squeezes it, never below 0.22 of a card. The markers' row is
    there only when a card is reversed, and never in a style where orientation means nothing
    (its cards are drawn upright)."""
    cards = list(cards) if oriented(style) else [None if c is None else c.face for c in cards]
    markers = markers and any(c is not None and c.reversed for c in cards)
    height = card_height(width)
    n = len(cards)
    step = offset if offset is not None else round(width * (0.4 if n <= 3 else 0.32))
    if max_width is not None and n > 1:
        step = max(round(width * 0.22), min(step, (max_width - width) // (n - 1)))
    w = width + step * (n - 1) if n else width
    h = height + (MARKER if markers else 0) + (CODE if codes else 0)

    def paint(canvas: Canvas, x: int, y: int) -> None:
        if not cards:
            _empty_slot(canvas, x, y, width, height)
        for i, c in enumerate(cards):
            canvas.card(c, x + i * step, y, width, style)
        for i, c in enumerate(cards):
            strip = width if i == n - 1 else min(step, width)
            cx = x + i * step + strip // 2
            if markers and c is not None and c.reversed:
                canvas.marker(cx, y + height + 2)
            if codes and c is not None:
                code = cached_label(c.code, SMALL, MUTED)
                code.paint(canvas, cx - code.width // 2, y + h - CODE + (CODE - code.height) // 2)

    return Block(w, h, paint)


def card_rows(cards: Sequence[Card | None], width: int, style: str, max_width: int,
              codes: bool = False, gap: int = 8) -> Block:
    """Cards side by side (`gap` apart) when they fit in `max_width`, else overlapping, and
    beyond 0.3 of a card per step wrapped into balanced rows."""
    cards = list(cards)
    min_step = max(round(width * 0.3), CODE_STEP if codes else 0)
    per_row = max(1, 1 + (max_width - width) // min_step)
    n_rows = max(1, -(-len(cards) // per_row))
    size = -(-len(cards) // n_rows) if cards else 0
    rows = [cards[i:i + size] for i in range(0, len(cards), size)] if cards else [[]]
    fans = []
    for part in rows:
        step = width + gap
        if len(part) > 1:
            step = min(step, (max_width - width) // (len(part) - 1))
        fans.append(fan(part, width, style, offset=step, codes=codes))
    return column(fans, gap=6)


def _empty_slot(canvas: Canvas, x: int, y: int, width: int, height: int) -> None:
    canvas.draw.rounded_rectangle((x, y, x + width - 1, y + height - 1), radius=width // 14,
                                  outline=PLATE_EDGE, width=2)


@functools.lru_cache(maxsize=16)
def _shadow(width: int) -> Image.Image:
    height = card_height(width)
    image = Image.new("RGBA", (width + 8, height + 8), (0, 0, 0, 0))
    ImageDraw.Draw(image).rounded_rectangle((4, 6, width + 3, height + 5), radius=width // 14,
                                            fill=(0, 0, 0, 90))
    return image.filter(ImageFilter.GaussianBlur(2))


@functools.lru_cache(maxsize=1)
def _marker() -> Image.Image:
    """A small turning arrow on a dark disc (drawn at 4x, reduced): marks a reversed card."""
    s, size = 4, 20
    big = size * s
    image = Image.new("RGBA", (big, big), GOLD + (0,))
    d = ImageDraw.Draw(image)
    d.ellipse((0, 0, big - 1, big - 1), fill=HEADER + (230,), outline=PLATE_EDGE, width=s)
    centre, radius, line = big / 2, big * 0.3, round(1.8 * s)
    d.arc((centre - radius, centre - radius, centre + radius, centre + radius), start=125,
          end=20, fill=GOLD, width=line)
    # the arrowhead at the arc's end (lower right), pointing along the turn (clockwise)
    angle = math.radians(20)
    ex, ey = centre + (radius - line / 2) * math.cos(angle), centre + (radius - line / 2) * math.sin(angle)
    tx, ty = -math.sin(angle), math.cos(angle)  # clockwise tangent
    nx, ny = math.cos(angle), math.sin(angle)  # outward normal
    head, half = 4.6 * s, 4.2 * s
    d.polygon([(ex + tx * head, ey + ty * head), (ex + nx * half, ey + ny * half),
               (ex - nx * half, ey - ny * half)], fill=GOLD)
    return image.reduce(s)


# --- plates --------------------------------------------------------------------------------


def player_name(names: dict[int, str], player: int) -> str:
    """The display name the font can draw; the seat's own name (games/base.py `seat_name`) when
    unknown or nothing drawable."""
    given = names.get(player) or ""
    return text.clean(given, "") or seat_name(player)


def plate(name: str, details: Sequence[tuple[str, Colour]], width: int, turn: bool = False,
          badge: tuple[str, Colour] | None = None, cached: bool = False) -> Block:
    """A player's name plate: the name (with a gold pointer when it is their turn), then
    detail lines (stack, bet, status, result), on a dark rounded plate `width` wide; `cached`
    draws its text with `cached_label`."""
    text_block = cached_label if cached else label
    inner_width = width - 20
    pointer = 16 if turn else 0
    lines = [text_block(v, SMALL, c, max_width=inner_width) for v, c in details if v]
    head = text_block(name, NAME_SIZE, GOLD if turn else TEXT, bold=True, max_width=inner_width - pointer)
    if badge is not None:
        badge_block = tag(*badge, cached=cached)
        beside = [i for i, line in enumerate(lines) if line.width + 8 + badge_block.width <= inner_width]
        if head.width + 8 + badge_block.width <= inner_width - pointer:
            head = row([head, badge_block], gap=8, align="middle")
        elif beside:  # a long name keeps its room: the badge goes after the first line it fits beside
            lines[beside[0]] = row([lines[beside[0]], badge_block], gap=8, align="middle")
        else:
            lines.insert(0, badge_block)
    if turn:
        head = row([_pointer(), head], gap=6, align="middle")
    body = column([head, *lines], gap=1, align="left")
    h = body.height + 14

    def paint(canvas: Canvas, x: int, y: int) -> None:
        canvas.draw.rounded_rectangle((x, y, x + width - 1, y + h - 1), radius=10, fill=PLATE,
                                      outline=GOLD if turn else PLATE_EDGE, width=3 if turn else 1)
        body.paint(canvas, x + 10, y + 7)

    return Block(width, h, paint)


def _pointer() -> Block:
    def paint(canvas: Canvas, x: int, y: int) -> None:
        canvas.draw.polygon([(x, y), (x + 10, y + 7), (x, y + 14)], fill=GOLD)

    return Block(10, 14, paint)


def tag(value: str, fill: Colour, cached: bool = False) -> Block:
    """A small coloured badge ("TO ACT", "WINS")."""
    inner = (cached_label if cached else label)(value.upper(), SMALL, PLATE, bold=True)

    def paint(canvas: Canvas, x: int, y: int) -> None:
        canvas.draw.rounded_rectangle((x, y, x + inner.width + 11, y + inner.height + 1),
                                      radius=6, fill=fill)
        inner.paint(canvas, x + 6, y + 1)

    return Block(inner.width + 12, inner.height + 2, paint)


def chips(amount: int) -> str:
    """An amount as the image's language writes it: "1,000" in English, "1 000" in French."""
    return now().number(amount)


def number(value: int, spec: str = ",") -> str:
    """A whole number as the image's language writes it, in one of Python's whole-number
    formats (`spec`: "+" signed, "," grouped, "+," both)."""
    return now().number(value, spec)


# --- the whole image -----------------------------------------------------------------------


def compose(title: str, info: str, body: Block) -> Image.Image:
    """The image: a header bar (title left, info right, or under the title when both do not
    fit on a line) over `body` on felt, on a canvas of the frame's shape a whole number of
    times its size (`factor`), the body centred in it."""
    title_block = label(title, TITLE_SIZE, GOLD, bold=True)
    info_block = label(info, SMALL, MUTED)
    head_h = header_height(title, info, body.width)
    k = factor(max(body.width, title_block.width, info_block.width) + 2 * MARGIN,
               head_h + body.height + 2 * MARGIN)
    width, height = k * FRAME[0], k * FRAME[1]
    canvas = Canvas(width, height)
    canvas.draw.rectangle((0, 0, width, head_h - 1), fill=HEADER)
    if head_h == HEAD:
        title_block.paint(canvas, MARGIN, (head_h - title_block.height) // 2)
        info_block.paint(canvas, width - MARGIN - info_block.width, (head_h - info_block.height) // 2)
    else:
        title_block.paint(canvas, MARGIN, (HEAD - title_block.height) // 2)
        info_block.paint(canvas, MARGIN, HEAD - 8)
    room = height - head_h - body.height
    body.paint(canvas, (width - body.width) // 2, head_h + max(MARGIN, room // 2))
    return canvas.image


def to_png(image: Image.Image, adaptive: bool = False) -> bytes:
    """PNG bytes, small and quick. The image is reduced to 256 colours without dithering (flat
    card art and felt survive it unchanged to the eye) and zlib runs at its lowest level: a third
    of the size and time of an RGB PNG (level 1 against 3: 12% less time encoding, 10% more
    bytes, 20-40 KB a table picture). By default the palette is the table palette, made
    once from a sheet of every card and every layout colour (mapping to a fixed palette takes
    ~2 ms where computing one takes ~12 ms); `adaptive` computes one for an image with
    colours the table palette does not know."""
    rgb = image.convert("RGB") if image.mode != "RGB" else image
    if adaptive:
        paletted = rgb.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    else:
        paletted = rgb.quantize(palette=table_palette(), dither=Image.Dither.NONE)
    out = io.BytesIO()
    paletted.save(out, "PNG", compress_level=1)
    return out.getvalue()


@functools.lru_cache(maxsize=1)
def table_palette() -> Image.Image:
    """The 256-colour palette every table image is mapped to, computed once from a sample
    sheet: all 78 cards both ways up and the back, with shadows and markers, and plates,
    badges, beads and labels in every text colour on every background."""
    sheet = _palette_sheet()
    return sheet.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def warm_up(widths: Iterable[int], style: str = "rws") -> None:
    """Fill the caches a first table image would otherwise fill while a player waits: the
    table palette and every card both ways up (and the back) at these widths, with their shadows; and
    Pillow's PNG encoder, which it loads on first use."""
    to_png(Image.new("RGB", (4, 4), FELT))
    for width in widths:
        for fill in sprite_fills(width, style):
            fill()


def sprite_fills(width: int, style: str = "rws") -> list[Callable[[], object]]:
    """The sprite caches at one width filled in small steps (a card both ways up, the back, the
    shadow), so that a drawing worker can take them one at a time between jobs."""
    return [functools.partial(_shadow, width), functools.partial(card_image, None, width, style),
            *(functools.partial(_both_ways_up, c, width, style) for c in full_deck())]


def _both_ways_up(c: Card, width: int, style: str) -> None:
    card_image(c, width, style)
    card_image(c.turned(), width, style)


def _palette_sheet() -> Image.Image:
    deck: list[Card | None] = [c.turned() if i % 2 else c for i, c in enumerate(full_deck())]
    cards = card_rows(deck + [None], TABLE_CARD, "rws", MAX_WIDTH - 2 * MARGIN, codes=True)
    plates = [plate("Name", [(f"Detail {i}", fill), ("Stack 1,000", MUTED)], 200, turn=i == 0,
                    badge=("tag", fill)) for i, fill in enumerate(TEXT_COLOURS)]
    labels = [label(f"Total 21 · {i}", 17, fill, bold=True) for i, fill in enumerate(TEXT_COLOURS)]
    beads = [_bead(fill) for fill in (PLAYER_BLUE, BANKER_RED, TIE_GREEN)]
    extras = row([panel(column(labels), outline=GOLD), column(labels), value_label("3½", 18, GOLD),
                  row(beads), fan([None], 90, "rws")], gap=16)
    body = column([cards, flow(plates, MAX_WIDTH), extras, section("Section", spacer(10, 10))])
    return compose("Title · palette", "info", body)


def _bead(fill: Colour) -> Block:
    def paint(canvas: Canvas, x: int, y: int) -> None:
        canvas.draw.ellipse((x, y, x + 21, y + 21), fill=fill)
        text.draw(canvas.draw, (x + 11, y + 12), "B", 13, TEXT, anchor="mm", bold=True)

    return Block(22, 22, paint)
