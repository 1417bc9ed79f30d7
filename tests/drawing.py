"""What the renders paint, recorded by spying on the drawing primitives every image goes
through (cards, table markers, text) while still painting them: the `drawn` fixture."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from renders import layout, text


@dataclass
class Drawn:
    cards: list[tuple[object, int, int, int]] = field(default_factory=list)  # card (None: face down), x, y, width
    styles: list[str] = field(default_factory=list)  # the style each card was drawn in, as `cards`
    markers: int = 0
    texts: list[str] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)  # each text's font size (px), as `texts`

    @property
    def faces(self) -> list[object]:
        """The cards painted, in order (None for each one face down)."""
        return [card for card, *_ in self.cards]

    def joined(self) -> str:
        return "\n".join(self.texts)

    def clear(self) -> None:
        self.cards.clear()
        self.styles.clear()
        self.markers = 0
        self.texts.clear()
        self.sizes.clear()


def drawn_here(drawing: Any) -> bytes:
    """A cog's image for the drawing pool (cogs.common.Drawing), drawn in this thread."""
    return drawing.function(*drawing.args, **drawing.kwargs)


def spy_on_drawing(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    layout.table_palette()  # made once, from a sheet painted with the same tools: not recorded
    layout._label_mask.cache_clear()  # every label is painted again, so the spy sees it
    record = Drawn()
    real_card, real_marker, real_text = layout.Canvas.card, layout.Canvas.marker, text.draw

    def spy_card(self, c, x, y, width, style):  # type: ignore[no-untyped-def]
        record.cards.append((c, x, y, width))
        record.styles.append(style)
        real_card(self, c, x, y, width, style)

    def spy_marker(self, cx, y):  # type: ignore[no-untyped-def]
        record.markers += 1
        real_marker(self, cx, y)

    def spy_text(d, xy, value, size, *args, **kwargs):  # type: ignore[no-untyped-def]
        record.texts.append(value)
        record.sizes.append(size)
        real_text(d, xy, value, size, *args, **kwargs)

    monkeypatch.setattr(layout.Canvas, "card", spy_card)
    monkeypatch.setattr(layout.Canvas, "marker", spy_marker)
    monkeypatch.setattr(text, "draw", spy_text)
    return record


def frame_factor(image: Any) -> int:
    """How many times the 400 x 300 frame (renders/layout.py) a picture is, checking it is the
    frame's shape and a whole number of times its size."""
    width, height = image.size
    assert width * 3 == height * 4 and width % 400 == 0, f"{width}x{height} is not a whole number of frames"
    return width // 400
