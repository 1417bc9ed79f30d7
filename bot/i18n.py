"""Speaking the reader's language: the one translation function (`_`, `ngettext`, `pgettext`),
the language being spoken now (a context variable set where a reader is known), numbers
written the language's way, and the games' marked texts (`games.base.Text`) translated.

Catalogs are GNU gettext `.po` files under `locales/<language>/LC_MESSAGES/<domain>.po`, one
domain per area (`common`, `tarot`, `poker`…) so that several translators never edit one file.
They are read as they are, with nothing compiled beforehand: the first text asked in a language
compiles that language's `.po` files into `.mo` bytes in memory (Babel's `read_po` and
`write_mo`) and chains their domains into one lookup. English is the source language: it has no
catalog, its texts are the message ids themselves.

Whose language: `speaking(language)` sets it for a block (a table's public message speaks the
table's language, a DM its reader's); an interaction speaks its member's Discord language
(`bot.client` sets it as the interaction arrives, so every task it starts inherits it). The
pseudo-language `en-XA` wraps every translated text in « » (marks the images' font can draw) and
lengthens it: a test plays in it and finds any text shown without the markers, i.e. never
translated."""

from __future__ import annotations

import contextlib
import copy
import gettext
import io
import string
from collections.abc import Iterator
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from re import Pattern
from typing import Any

from babel import Locale
from babel.dates import format_date
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_percent

from games.base import Number, Text
from games.elision import elided, eliding_sites

LOCALES = Path(__file__).resolve().parent.parent / "locales"
SOURCE = "en"  # the language of the message ids
PSEUDO = "en-XA"  # every text marked: the test that nothing is left untranslated
OPEN_MARK, CLOSE_MARK = "«", "»"
LANGUAGE_NAMES = {"en": "English", "fr": "Français"}  # the languages a table may speak (`language:`)

current: ContextVar[str] = ContextVar("language", default=SOURCE)


def load() -> None:
    """Every language's catalogs read now (at start-up), not at its first text, and its images'
    words gathered (`domain_templates`) and its way with numbers and plurals (Babel's locale
    data), not at its first picture."""
    for language in languages()[1:]:
        _catalog(language)
        format(Number(1000, language), ",")
        locale_of(language).plural_form(0)
        for template_file in sorted(LOCALES.glob("*.pot")):
            domain_templates(language, template_file.stem)


def N_(msgid: str) -> str:  # noqa: N802 - gettext's name for a marker
    """Marks a text for the catalogs without translating it (it is translated where it is shown)."""
    return msgid


def languages() -> list[str]:
    """The languages with a catalog, English first."""
    found = sorted(p.name for p in LOCALES.iterdir() if (p / "LC_MESSAGES").is_dir()) if LOCALES.is_dir() else []
    return [SOURCE, *found]


def language_of(locale: Any) -> str:
    """The language the bot speaks to a Discord locale (`discord.Locale`, or its value such as
    `fr`, `en-GB`, `pt-BR`): one with a catalog, else English."""
    value = str(getattr(locale, "value", locale) or SOURCE)
    if value == PSEUDO:
        return PSEUDO
    base = value.split("-")[0].lower()
    return base if base in _known() else SOURCE


@cache
def _known() -> frozenset[str]:
    return frozenset(languages())


@contextlib.contextmanager
def speaking(language: str | None) -> Iterator[None]:
    """Texts made inside this block speak `language` (None: the one spoken already)."""
    if language is None:
        yield
        return
    token = current.set(language)
    try:
        yield
    finally:
        current.reset(token)


@cache
def _catalog(language: str) -> gettext.NullTranslations:
    """Every domain of a language in one lookup: one catalog whose messages are all the domains'
    (where two domains translate the same text, the first by name wins), so a text is one
    dictionary lookup, not one a domain. A text whose domain is known (a command's) is looked up
    in its own domain first (`pgettext_in`)."""
    merged: gettext.NullTranslations = gettext.NullTranslations()
    folder = LOCALES / language / "LC_MESSAGES"
    for po in sorted(folder.glob("*.po"), reverse=True) if folder.is_dir() else []:
        domain = copy.copy(_domain_catalog(language, po.stem))
        if isinstance(merged, gettext.GNUTranslations):
            domain._catalog = {**merged._catalog, **domain._catalog}  # type: ignore[attr-defined]
        merged = domain
    return merged


@cache
def _domain_catalog(language: str, domain: str) -> gettext.GNUTranslations | None:
    """One domain of a language, compiled in memory from its `.po` file (None: there is none)."""
    po = LOCALES / language / "LC_MESSAGES" / f"{domain}.po"
    if not po.is_file():
        return None
    with po.open("rb") as source:
        catalog = read_po(source, locale=language, domain=domain)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)  # fuzzy entries are left out: they fall back to English
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


# --- a text said: a lookup and a format ------------------------------------------------------
# English formats its message id with Python's own `str.format`, nothing else. Another language
# looks its template up once per message id (and plural form) and keeps it with where its
# words elide (`_plans`); saying a text is then that lookup and one `str.format`, as in English:
# the parameters are handed on as they are, a nested Text translated the same way, a number
# written the language's way only where that differs from Python's (1 000, not 1000). No text
# is kept whole: a key for a text (its parameters, nested texts and their types) costs more to
# make, hash and compare than the format it would save (bench/bench_language.py).

MEMO_SIZE = 20_000  # templates kept, all languages together; full, they start again
# A template, its eliding words before a field (None: none), and whether its fields are all bare
# (`{name}`, no format spec or conversion: a number may be handed to it already written).
Plan = tuple[str, Pattern[str] | None, bool]
_plans: dict[str, dict[str, Plan]] = {}  # language -> msgid -> its plan
_plural_plans: dict[tuple[str, str, str, int], Plan] = {}  # (language, singular, plural, form) -> plan
_forms: dict[str, dict[int, int]] = {}  # language -> count -> the plural form it takes
_numbers: dict[str, dict[int, str]] = {}  # language -> number -> as written in a bare field
_small_plain: dict[str, bool] = {}  # language -> whether it writes a number under 1000 as Python does


def _spoken(language: str, msgid: str, plural: str | None, count: int, params: dict[str, Any]) -> str:
    """A text in a language other than English (the pseudo-language included): its template in
    the language, its parameters filled in — a nested Text translated, a number written the
    language's way where that differs from Python's (French: from 1 000), the rest as they are.
    The pseudo-language marks the English."""
    if language == PSEUDO:
        english = msgid if plural is None or abs(count) == 1 else plural
        if plural is not None:
            params = {"n": count, **params}
        return _marked(english.format(**params) if params else english)
    if plural is None:
        try:
            template, sites, bare = _plans[language][msgid]
        except KeyError:
            template, sites, bare = _plan(language, msgid)
        if not params:
            return template
    else:
        template, sites, bare = _plural_plan(language, msgid, plural, count)
        params = {"n": count, **params}
    values = params
    small = _small_plain.get(language)
    if small is None:
        small = _small_plain[language] = _small_numbers_plain(language)
    for key, value in params.items():
        kind = type(value)
        if kind is str or (kind is int and small and -1000 < value < 1000):
            continue
        if values is params:
            values = dict(params)
        if kind is Text:
            values[key] = _spoken(language, value.msgid, value.plural, value.count, value.params)
        elif kind is int and bare:
            values[key] = _number_text(value, language)
        else:
            values[key] = _value(value, language)
    if sites is not None:
        template = elided(template, values, language)  # "de {player}" → "d’Ann"
    return template.format(**values)


def _small_numbers_plain(language: str) -> bool:
    """Whether the language writes a number under a thousand as Python does ("42"), so that
    such a number is handed to its text as it is."""
    return all(str(Number(value, language)) == str(value) and format(Number(value, language), "+") == f"{value:+}"
               for value in (0, 7, 42, -5, 999, -999))


def _plan(language: str, msgid: str) -> Plan:
    """A message id's template in a language other than English and where its words elide,
    looked up once (the pseudo-language's is marked)."""
    template = _marked(msgid) if language == PSEUDO else _catalog(language).gettext(msgid)
    plan = (template, eliding_sites(language, template), _bare(template))
    plans = _plans.setdefault(language, {})
    if sum(map(len, _plans.values())) >= MEMO_SIZE:
        for kept in _plans.values():
            kept.clear()
    plans[msgid] = plan
    return plan


def _plural_plan(language: str, singular: str, plural: str, count: int) -> Plan:
    """The template of the form `count` takes in a language (not the pseudo-language): the
    catalog's plural entry, else the forms marked one by one (a game's `Plural(N_(…), N_(…))`),
    looked up once per form; the form a count takes worked out once per count."""
    forms = _forms.get(language)
    if forms is None:
        forms = _forms[language] = {}
    form = forms.get(count)
    if form is None:
        form = getattr(_catalog(language), "plural", _english_form)(abs(count))
        if len(forms) >= MEMO_SIZE:
            forms.clear()
        forms[count] = form
    key = (language, singular, plural, form)
    found = _plural_plans.get(key)
    if found is None:
        catalog = _catalog(language)
        template = catalog.ngettext(singular, plural, abs(count))
        if template in (singular, plural):  # no plural entry: the forms marked one by one
            template = catalog.gettext(singular if form == 0 else plural)
        found = (template, eliding_sites(language, template), _bare(template))
        if len(_plural_plans) >= MEMO_SIZE:
            _plural_plans.clear()
        _plural_plans[key] = found
    return found


def _bare(template: str) -> bool:
    """Whether every field of a template is bare (`{name}`: no format spec, no conversion)."""
    try:
        return all(not spec and conversion is None for _text, field, spec, conversion in _FIELDS.parse(template)
                   if field is not None)
    except ValueError:  # not a template str.format reads: nothing handed to it written beforehand
        return False


_FIELDS = string.Formatter()


def _number_text(value: int, language: str) -> str:
    """A whole number as the language writes it in a bare field (`Number`'s own writing), kept:
    a table writes the same stacks, pots and scores at every move."""
    numbers = _numbers.get(language)
    if numbers is None:
        numbers = _numbers[language] = {}
    written = numbers.get(value)
    if written is None:
        if len(numbers) >= MEMO_SIZE:
            numbers.clear()
        written = numbers[value] = format(Number(value, language), "")
    return written


def _english_form(count: int) -> int:
    return int(count != 1)


def _value(value: Any, language: str) -> Any:
    if isinstance(value, Text):
        return translated(value, language)
    if language not in (SOURCE, PSEUDO) and isinstance(value, int) and not isinstance(value, bool):
        return Number(value, language)  # English writes a number as Python does: the int as it is
    return value


def _marked(text: str) -> str:
    return f"{OPEN_MARK}{text}{'~' * (len(text) // 8)}{CLOSE_MARK}"


def _(msgid: str, /, **params: Any) -> str:
    """`msgid` in the language spoken now, its `{parameters}` filled in."""
    language = current.get()
    if language == SOURCE:  # a Text parameter is its English already, a number Python's own
        return msgid.format(**params) if params else msgid
    return _spoken(language, msgid, None, 1, params)


def translate(msgid: str, language: str, /, **params: Any) -> str:
    if language == SOURCE:
        return msgid.format(**params) if params else msgid
    return _spoken(language, msgid, None, 1, params)


def ngettext(singular: str, plural: str, count: int, /, **params: Any) -> str:
    """The form the count takes in the language spoken now; `{n}` is the count."""
    language = current.get()
    if language == SOURCE:
        return (singular if abs(count) == 1 else plural).format(**{"n": count, **params})
    return _spoken(language, singular, plural, count, params)


def pgettext(context: str, msgid: str, /, **params: Any) -> str:
    """`msgid` in a context (a word that means different things in different places)."""
    language = current.get()
    if language == SOURCE:
        return msgid.format(**params) if params else msgid
    if language == PSEUDO:
        return _marked(msgid.format(**params) if params else msgid)
    template = _catalog(language).pgettext(context, msgid)
    if not params:
        return template
    values = {key: _value(value, language) for key, value in params.items()}
    return elided(template, values, language).format(**values)


def pgettext_in(domain: str, context: str, msgid: str) -> str:
    """`msgid` in a context, as its own domain translates it (a slash command's name: /tarot's
    "call" is not /rummy's), else as any domain does."""
    language = current.get()
    own = None if language in (SOURCE, PSEUDO) else _domain_catalog(language, domain)
    found = own.pgettext(context, msgid) if own is not None else msgid
    return found if found != msgid else pgettext(context, msgid)


def translated(text: Text | str, language: str | None = None) -> str:
    """A game's marked text (`games.base.Text`) in a language (the one spoken now by default);
    a plain string is shown as it is."""
    if not isinstance(text, Text):
        return text
    language = language or current.get()
    if language == SOURCE:
        return str(text)  # a Text is its English, filled in when it was made
    return _spoken(language, text.msgid, text.plural, text.count, text.params)


def template(msgid: str) -> str:
    """A text's template in the language spoken now, its parameters not filled in (an image's
    words: the render fills them)."""
    language = current.get()
    if language == PSEUDO:
        return _marked(msgid)
    return msgid if language == SOURCE else _catalog(language).gettext(msgid)


def plural_templates(singular: str, plural: str) -> tuple[str, str]:
    """The singular and plural templates of a text in the language spoken now."""
    language = current.get()
    if language == PSEUDO:
        return _marked(singular), _marked(plural)
    if language == SOURCE:
        return singular, plural
    catalog = _catalog(language)
    return catalog.ngettext(singular, plural, 1), catalog.ngettext(singular, plural, 2)


@cache
def domain_templates(language: str, domain: str) -> dict[str, str]:
    """Every text of a domain's template (`locales/<domain>.pot`) by its message id, in a
    language, its parameters not filled in: an image's words, handed to a render whole (none in
    English: the words are their ids)."""
    if language == SOURCE:
        return {}
    token = current.set(language)
    try:
        found: dict[str, str] = {}
        for msgid in _template_ids(domain):
            if isinstance(msgid, tuple):
                found[msgid[0]], found[msgid[1]] = plural_templates(msgid[0], msgid[1])
            else:
                found[msgid] = template(msgid)
        return {key: value for key, value in found.items() if key != value}
    finally:
        current.reset(token)


@cache
def _template_ids(domain: str) -> tuple[str | tuple[str, str], ...]:
    """The message ids of a domain's template (`locales/<domain>.pot`), read once for every language."""
    with (LOCALES / f"{domain}.pot").open("rb") as source:
        return tuple(m.id for m in read_po(source, domain=domain) if m.id and not m.context)


def zero_is_singular() -> bool:
    """Whether the language spoken now says "0 carte" rather than "0 cards"."""
    language = current.get()
    return language not in (SOURCE, PSEUDO) and locale_of(language).plural_form(0) == "one"


def refusal(error: Exception) -> str:
    """An `IllegalAction`'s reason in the language spoken now."""
    return translated(getattr(error, "reason", str(error)))


def number(value: int) -> str:
    """A whole number the language's way: 1,000 is `1000` in English as the bot always wrote
    it, `1 000` in French."""
    return str(_value(value, current.get()))


def locale_of(language: str) -> Locale:
    return Locale.parse(SOURCE if language == PSEUDO else language.replace("-", "_"))


# --- words every part of the bot says -------------------------------------------------------

DEAL_LABELS = {"hand": N_("hand {number}"), "shoe": N_("shoe {number}"), "round": N_("round {number}")}
FROM_CARD = N_("{deal} from card {card}")  # a house round's deal: the shoe, from its card {card} on


def date_text(day: Any) -> str:
    """A date in the language spoken now: "05 Jan 2026" in English as the bot always wrote it,
    "5 janv. 2026" in French."""
    language = current.get()
    if language in (SOURCE, PSEUDO):
        return day.strftime("%d %b %Y")
    return format_date(day, "medium", locale=locale_of(language))


def percent(rate: float) -> str:
    """A rate as a whole percentage: "45%" in English, "45 %" in French."""
    language = current.get()
    if language in (SOURCE, PSEUDO):
        return f"{rate:.0%}"
    return format_percent(rate, locale=locale_of(language))


def chips(count: int) -> str:
    """"1 chip", "1 000 jetons": an amount of chips in the language spoken now."""
    return ngettext("{n} chip", "{n} chips", count)


def deal_label(label: str) -> str:
    """A deal's label as the rules name it ("hand 4", "shoe 2", a house round's "shoe 1 from
    card 40") in the language spoken now."""
    deal, found, card = label.partition(" from card ")
    if found and card.isdigit():
        return translate(FROM_CARD, current.get(), deal=deal_label(deal), card=card)
    word, _space, number = label.partition(" ")
    template = DEAL_LABELS.get(word)
    return translate(template, current.get(), number=number) if template and number.isdigit() else label


def labelled(label: str, value: str) -> str:
    """"label: value" with the language's punctuation: "1 hand: 1 won" in English,
    "1 donne : 1 gagnée" in French (a space before the colon)."""
    # Translators: a label and what it labels; French puts a space before the colon
    return _("{label}: {value}", label=label, value=value)


def listed(parts: list[str]) -> str:
    """Clauses one after another, separated by semicolons as the language writes them ("a; b",
    French "a ; b")."""
    # Translators: between two clauses of a list; French puts a space before the semicolon
    return _("; ").join(parts)
