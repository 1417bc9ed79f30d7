"""Cards typed by name in any language the bot speaks: "roi de cœur", "l'Excuse", "atout 21",
"Dame d'Épées" read as their codes before the rules (which read English names and codes) see
them. Names are the catalogs' own (the cards' names translated in every deck style), so a new
language's typed names work once its catalog is in."""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from bot import i18n
from games.cards import DECK_STYLES, card_name, full_deck, major_name
from games.french_tarot import tarot_name

ARTICLES = re.compile(r"^(le|la|les|l'|the)\s*")


def normal(text: str) -> str:
    """A name as compared: lowercase, no accents, one kind of apostrophe, no leading article."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))
    plain = plain.replace("’", "'").replace("œ", "oe")
    return ARTICLES.sub("", " ".join(plain.split()))


@cache
def _codes() -> dict[str, str]:
    """Every card's names in every translated language and deck style → its code."""
    found: dict[str, str] = {}
    for language in i18n.languages()[1:]:
        for style in DECK_STYLES:
            for c in full_deck():
                face = c.face
                names = [card_name(face, style, orientation=False), tarot_name(face, style)]
                names += [major_name(face.rank, style)] if face.suit is None else []
                for name in names:
                    found.setdefault(normal(i18n.translated(name, language)), face.code)
    return found


def read_cards(typed: str) -> str:
    """`typed` with each card named in words (comma-separated, or the whole text) replaced by
    its code; what is no translated name is left for the rules to read (codes, English names)."""
    codes = _codes()
    whole = codes.get(normal(typed))
    if whole is not None:
        return whole
    parts = [part.strip() for part in typed.split(",")]
    if len(parts) == 1:
        return typed
    return ", ".join(codes.get(normal(part), part) for part in parts)
