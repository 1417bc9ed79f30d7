"""Elision where a template meets what fills it: French writes "d’Ann", "qu’Ann", "l’As", not
"de Ann", "que Ann", "le As". A translation cannot know the name or word that will follow its
"de {player}", so the words are joined as the text is filled in (bot.i18n for messages,
renders.words for images). Pure text: no language data beyond the short words that elide."""

from __future__ import annotations

import re
from functools import cache, lru_cache
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
    with a vowel (in `language`; unchanged in a language without elision). A template is
    worked out once for each way its fields open (a table names the same players at every move);
    the caches are keyed by strings, whose hashes are kept, not by the pattern (hashed anew)."""
    fields = _fields(language, template)
    if not fields:
        return template
    return _elided(language, template, tuple(_opens_with_vowel(str(params.get(f, ""))[:2]) for f in fields))


@cache
def _fields(language: str, template: str) -> tuple[str, ...]:
    """The fields that follow an eliding word in the template, in order (none: nothing elides)."""
    sites = eliding_sites(language, template)
    return () if sites is None else tuple(found.group(3) for found in sites.finditer(template))


@lru_cache(maxsize=4096)
def _opens_with_vowel(value: str) -> bool:
    """Whether a value opens with a vowel, from its first two letters (all the pattern reads)."""
    return _OPENS_WITH_VOWEL.match(value) is not None


@lru_cache(maxsize=4096)
def _elided(language: str, template: str, vowels: tuple[bool, ...]) -> str:
    """The template with the eliding words before the fields that open with a vowel elided
    (`vowels`: for each site in order)."""
    sites = eliding_sites(language, template)
    assert sites is not None  # _fields found some
    opens = iter(vowels)

    def join(found: re.Match[str]) -> str:
        word, marks, field, spec = found.groups()
        if not next(opens):
            return found.group(0)
        return f"{word[:-1]}{APOSTROPHE}{marks}{{{field}{spec or ''}}}"

    return sites.sub(join, template)
