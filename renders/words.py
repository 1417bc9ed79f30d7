"""The words an image shows, handed to a render already translated: the render stays a pure
function of what it is given (it looks nothing up). A render marks its texts with `N_` and
`NP_` (games.base) and writes them through a `Words`; the Discord side fills one with the
reader's language (cogs.answers.render_words); without one, the render speaks English."""

from __future__ import annotations

from typing import Any


class Words(dict[str, str]):
    """Translated templates by their English message id; `zero_is_singular`: the language says
    "0 carte" (French), not "0 cards" (English)."""

    zero_is_singular: bool = False

    def __call__(self, msgid: str, /, **params: Any) -> str:
        template = self.get(msgid, msgid)
        return template.format(**params) if params else template

    def plural(self, singular: str, plural: str, count: int, /, **params: Any) -> str:
        one = abs(count) == 1 or (self.zero_is_singular and count == 0)
        return self(singular if one else plural, n=count, **params)


ENGLISH = Words()
