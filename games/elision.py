"""Elision where a template meets what fills it: French writes "d’Ann", "qu’Ann", "l’As", not
"de Ann", "que Ann", "le As". A translation cannot know the name or word that will follow its
"de {player}", so the words are joined as the text is filled in (bot.i18n for messages,
renders.words for images). Pure text: no language data beyond the short words that elide."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

APOSTROPHE = "’"  # the catalogs' own (l’écart, n’est)
# The words that lose their vowel before one, by language. French: "de", "que" and its compounds,
# the articles "le"/"la" (and the pronouns of the same spelling).
ELIDING = {"fr": ("de", "que", "le", "la", "jusque", "lorsque", "puisque")}
# A vowel (accented ones included) or an h (a name's h is mute as a rule: "d’Hélène", "d’Henri").
# A y elides before a consonant ("d’Yves"), not before a vowel ("de Yann").
_OPENS_WITH_VOWEL = re.compile(r"[aeiouàâäéèêëîïôöùûüœæh]|y[^aeiouàâäéèêëîïôöùûü]", re.IGNORECASE)


@cache
def eliding_sites(language: str, template: str) -> re.Pattern[str] | None:
    """The pattern of the template's eliding words followed by a field (None: the template has
    none, the usual case): a template whose words never elide is filled in as it is."""
    words = ELIDING.get(language)
    if not words or "{" not in template:
        return None
    pattern = re.compile(rf"(?<![\w’'])({'|'.join(words)}) ([*_]*)\{{(\w+)([!:][^{{}}]*)?\}}", re.IGNORECASE)
    return pattern if pattern.search(template) else None


def elided(template: str, params: dict[str, Any], language: str) -> str:
    """The template with each "de {field}" written "d’{field}" when what fills the field opens
    with a vowel (in `language`; unchanged in a language without elision)."""
    sites = eliding_sites(language, template)
    if sites is None:
        return template

    def join(found: re.Match[str]) -> str:
        word, marks, field, spec = found.groups()
        value = str(params.get(field, ""))
        if not _OPENS_WITH_VOWEL.match(value):
            return found.group(0)
        return f"{word[:-1]}{APOSTROPHE}{marks}{{{field}{spec or ''}}}"

    return sites.sub(join, template)
