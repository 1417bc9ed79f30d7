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
    markers: int = 0
    texts: list[str] = field(default_factory=list)

    @property
    def faces(self) -> list[object]:
        """The cards painted, in order (None for each one face down)."""
        return [card for card, *_ in self.cards]

    def joined(self) -> str:
        return "\n".join(self.texts)


def drawn_here(drawing: Any) -> bytes:
    """A cog's image for the drawing pool (cogs.common.Drawing), drawn in this thread."""
    return drawing.function(*drawing.args, **drawing.kwargs)


def spy_on_drawing(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    layout.table_palette()  # made once, from a sheet painted with the same tools: not recorded
    record = Drawn()
    real_card, real_marker, real_text = layout.Canvas.card, layout.Canvas.marker, text.draw

    def spy_card(self, c, x, y, width, style):  # type: ignore[no-untyped-def]
        record.cards.append((c, x, y, width))
        real_card(self, c, x, y, width, style)

    def spy_marker(self, cx, y):  # type: ignore[no-untyped-def]
        record.markers += 1
        real_marker(self, cx, y)

    def spy_text(d, xy, value, *args, **kwargs):  # type: ignore[no-untyped-def]
        record.texts.append(value)
        real_text(d, xy, value, *args, **kwargs)

    monkeypatch.setattr(layout.Canvas, "card", spy_card)
    monkeypatch.setattr(layout.Canvas, "marker", spy_marker)
    monkeypatch.setattr(text, "draw", spy_text)
    return record
