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
# English formats its message id with Python's own `str.format_map`, nothing else. Another
# language looks its template up once per message id (and plural form) and keeps it with where
# its words elide (`_plans`); saying a text is then that lookup and one `format_map`, as in
# English. Its parameters are handed on as they are when the language writes all their kinds as
# Python does (one test in C, no loop: `_kinds`); otherwise a nested Text is said the same way
# and a number written the language's way where that differs from Python's (1 000, not 1000).
# A nested Text whose template the language says as English does (no catalog has it, or its
# translation is the same words), its parameters all handed on as they are, is its English
# already: it is handed on as it is, not filled in again. No text is kept whole: a key for a
# text (its parameters, nested texts and their types) costs more to make, hash and compare than
# the format it would save (bench/bench_language.py).

MEMO_SIZE = 20_000  # templates kept, all languages together; full, they start again
# A template, its eliding words before a field (None: none), whether its fields are all bare
# (`{name}`, no format spec or conversion: a number may be handed to it already written),
# whether it says a text as English does (the message id itself, nothing eliding), and the
# kinds of parameters its language is handed as they are (`_kinds`, kept with each template:
# one lookup less).
Plan = tuple[str, Pattern[str] | None, bool, bool, frozenset[type]]
_plans: dict[str, dict[str, Plan]] = {}  # language -> msgid -> its plan (never the pseudo-language's)
_plural_plans: dict[str, dict[tuple[str, str, int], Plan]] = {}  # language -> (singular, plural, form) -> plan
_forms: dict[str, dict[int, int]] = {}  # language -> count -> the plural form it takes
_numbers: dict[str, dict[int, str]] = {}  # language -> number -> as written in a bare field
# language -> the kinds of parameters it is handed as they are at any value, and whether it
# writes a number under 1000 as Python does (so that such a number is handed on as it is)
_kinds: dict[str, tuple[frozenset[type], bool]] = {}
_PLAIN = frozenset((str, bool, float, type(None)))  # kinds every language is handed as they are


def _spoken(language: str, msgid: str, plural: str | None, count: int, params: dict[str, Any]) -> str:
    """A text in a language other than English (the pseudo-language included): its template in
    the language, its parameters filled in (`_filled`). The pseudo-language marks the English."""
    if language == PSEUDO:
        english = msgid if plural is None or abs(count) == 1 else plural
        if plural is not None:
            params = {"n": count, **params}
        return _marked(english.format_map(params) if params else english)
    if plural is None:
        try:
            plan = _plans[language][msgid]
        except KeyError:
            plan = _plan(language, msgid)
        if not params:
            return plan[0]
    else:
        plan = _plural_plan(language, msgid, plural, count)
        params = {"n": count, **params}
    return _filled(language, plan, params)


def _filled(language: str, plan: Plan, params: dict[str, Any]) -> str:
    """A template (not the pseudo-language's) filled in: the parameters as they are when the
    language writes all their kinds as Python does, else written the language's way (`_written`),
    the words before them elided. (`_` does the same, written out: one call less.)"""
    template, sites, bare, _same, plain = plan
    values = params if plain.issuperset(map(type, params.values())) else _written(language, bare, params)
    if sites is not None:
        template = elided(template, values, language)  # "de {player}" → "d’Ann"
    return template.format_map(values)


def _written(language: str, bare: bool, params: dict[str, Any]) -> dict[str, Any]:
    """A text's parameters as a language writes them, the same dict where each is written as it
    is (else a copy): each nested Text said in the language (`_nested`), each number written the
    language's way where that differs from Python's (French: from 1 000)."""
    plain, small = _kinds[language]
    values = params
    for key, value in params.items():
        kind = type(value)
        if kind is str or (kind is int and small and -1000 < value < 1000):
            continue
        if kind is Text:
            written = _nested(language, value, plain)
            if written is value:  # said as English says it
                continue
        elif kind is int and bare:
            written = _number_text(value, language)
        else:
            written = _value(value, language)
        if values is params:
            values = dict(params)
        values[key] = written
    return values


def _nested(language: str, text: Text, plain: frozenset[type]) -> str:
    """A Text in a language (not the pseudo-language): the Text itself where the language says
    it as English does (its template the message id, its parameters written as they are, nested
    texts said alike), its English made already; else said in the language."""
    if text.plural is not None:
        return _spoken(language, text.msgid, text.plural, text.count, text.params)
    try:
        template, sites, bare, same, _plain = _plans[language][text.msgid]
    except KeyError:
        template, sites, bare, same, _plain = _plan(language, text.msgid)
    params = text.params
    if not params:
        return text if same else template
    values = params if plain.issuperset(map(type, params.values())) else _written(language, bare, params)
    if same and values is params:
        return text
    if sites is not None:
        template = elided(template, values, language)
    return template.format_map(values)


def _kinds_in(language: str) -> tuple[frozenset[type], bool]:
    """`_kinds_of` a language, worked out once."""
    found = _kinds.get(language)
    if found is None:
        found = _kinds[language] = _kinds_of(language)
    return found


def _kinds_of(language: str) -> tuple[frozenset[type], bool]:
    """The kinds of parameters a language is handed as they are at any value — text, truth
    values, fractions and None always, whole numbers too where the language writes every one as
    Python does (English in all its variants: 1000, not 1 000) — and whether it writes a number
    under a thousand as Python does ("42")."""
    def same(values: tuple[int, ...]) -> bool:
        return all(format(Number(value, language), spec) == format(value, spec) for value in values for spec in _SPECS)

    small = same((0, 7, 42, -5, 999, -999))
    return (_PLAIN | {int} if small and same((1000, -1000, 12345, 10**12 + 5)) else _PLAIN), small


_SPECS = ("", "d", "+", "+d", ",", "+,", ",d", "+,d")  # the formats `Number` writes the language's way


def _plan(language: str, msgid: str) -> Plan:
    """A message id's template in a language other than English and where its words elide,
    looked up once (not the pseudo-language's: it marks each text filled in)."""
    template = _catalog(language).gettext(msgid)
    sites = eliding_sites(language, template)
    plan = (template, sites, _bare(template), template == msgid and sites is None, _kinds_in(language)[0])
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
    try:
        form = _forms[language][count]
    except KeyError:
        form = _plural_form(language, count)
    try:
        return _plural_plans[language][singular, plural, form]
    except KeyError:
        pass
    catalog = _catalog(language)
    template = catalog.ngettext(singular, plural, abs(count))
    if template in (singular, plural):  # no plural entry: the forms marked one by one
        template = catalog.gettext(singular if form == 0 else plural)
    found = (template, eliding_sites(language, template), _bare(template), False, _kinds_in(language)[0])
    plans = _plural_plans.setdefault(language, {})
    if len(plans) >= MEMO_SIZE:
        plans.clear()
    plans[singular, plural, form] = found
    return found


def _plural_form(language: str, count: int) -> int:
    """The plural form a count takes in a language, kept."""
    forms = _forms.setdefault(language, {})
    if len(forms) >= MEMO_SIZE:
        forms.clear()
    form = forms[count] = getattr(_catalog(language), "plural", _english_form)(abs(count))
    return form


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
        return msgid.format_map(params) if params else msgid
    try:  # the plan kept (`_spoken` keeps it, and says the pseudo-language's texts)
        template, sites, bare, _same, plain = _plans[language][msgid]
    except KeyError:
        return _spoken(language, msgid, None, 1, params)
    if not params:
        return template
    values = params if plain.issuperset(map(type, params.values())) else _written(language, bare, params)
    if sites is not None:  # as `_filled`, written out: the text said most often, one call less
        template = elided(template, values, language)
    return template.format_map(values)


def translate(msgid: str, language: str, /, **params: Any) -> str:
    if language == SOURCE:
        return msgid.format_map(params) if params else msgid
    return _spoken(language, msgid, None, 1, params)


def ngettext(singular: str, plural: str, count: int, /, **params: Any) -> str:
    """The form the count takes in the language spoken now; `{n}` is the count."""
    language = current.get()
    params.setdefault("n", count)  # this call's own parameters: a given `n` kept
    if language == SOURCE:
        return (singular if abs(count) == 1 else plural).format_map(params)
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
    if language == PSEUDO:
        return _spoken(language, text.msgid, text.plural, text.count, text.params)
    return str(_nested(language, text, _kinds_in(language)[0]))


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
