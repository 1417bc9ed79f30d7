"""The words an image shows, handed to a render already translated: the render stays a pure
function of what it is given (it looks nothing up). A render marks its texts with `N_` and
`NP_` (games.base) and writes them through a `Words`; the Discord side fills one with the
reader's language (cogs.answers.render_words); without one, the render speaks English."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any

from games.base import Number, Text
from games.elision import elided


class Words(dict[str, str]):
    """Translated templates by their English message id; `language`: the one they are in, whose
    way of writing numbers the image takes (games.base.Number: "1,000" in English, "1 000" in
    French); `zero_is_singular`: the language says "0 carte" (French), not "0 cards" (English)."""

    zero_is_singular: bool = False
    language: str = "en"

    def __call__(self, msgid: str, /, **params: Any) -> str:
        template = self.get(msgid, msgid)
        if not params:
            return template
        if self.language != "en":
            params = {key: self._number(value) for key, value in params.items()}
            template = elided(template, params, self.language)  # "Démon de {player}" → "Démon d’Ann"
        return template.format(**params)

    def _number(self, value: Any) -> Any:
        return Number(value, self.language) if type(value) is int else value

    def number(self, value: int, spec: str = ",") -> str:
        """A number drawn as the image's language writes it (`spec`: Python's whole-number
        formats, "," grouping the thousands, "+" signed)."""
        return format(self._number(value), spec)

    def plural(self, singular: str, plural: str, count: int, /, **params: Any) -> str:
        one = abs(count) == 1 or (self.zero_is_singular and count == 0)
        return self(singular if one else plural, n=count, **params)


ENGLISH = Words()


_current: ContextVar[Words] = ContextVar("render_words", default=ENGLISH)


@contextlib.contextmanager
def speaking(words: Words) -> Iterator[None]:
    """A render's words for the drawing made in this block (a render sets it from its `words`
    argument; its helpers read it with `now()`): held per thread, so images drawn at once in
    different languages never mix."""
    token = _current.set(words)
    try:
        yield
    finally:
        _current.reset(token)


def now() -> Words:
    """The words of the drawing being made (English outside `speaking`)."""
    return _current.get()


def said(line: Any, words: Words) -> str:
    """A game's marked text (games.base.Text) in the image's words, its parameters in turn."""
    if not isinstance(line, Text):
        return str(line)
    params = {key: said(value, words) for key, value in line.params.items()}
    if line.plural is not None:
        return words.plural(line.msgid, line.plural, line.count, **params)
    return words(line.msgid, **params)
