"""Extract the texts to translate into the templates and merge them into every catalog.

    python -m locales.extract             # remake locales/<domain>.pot, update every .po
    python -m locales.extract tarot       # only these domains (translators of other areas untouched)
    python -m locales.extract --init de   # start a German catalog for every domain
    python -m locales.extract --check fr  # fail when a finished domain misses or fuzzes an entry

One gettext domain per area (DOMAINS: the files whose marked texts it holds) so that several
translators never edit one file. Texts are marked with `_`, `ngettext`, `pgettext` (bot.i18n),
`N_`, `Text` and `Plural` (games.base); the slash commands' names, descriptions, options and
choices are read from the cogs' command trees (each command group to its game's domain) with
the contexts the Translator looks them up by (`bot.i18n_commands`)."""

from __future__ import annotations

import argparse
import datetime
import sys
from collections.abc import Iterator
from pathlib import Path
from string import Formatter

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
KEYWORDS = {**DEFAULT_KEYWORDS, "Text": None, "Plural": (1, 2), "NP_": (1, 2)}
RENDER_KEYWORDS = {**KEYWORDS, "words": None, "w": None, "plural": (1, 2)}  # a render's `words(…)`, `w(…)`, `words.plural(…)`
COMMENT_TAGS = ["Translators:"]
# The files carry no date of their own: extracting twice writes the same bytes, and two helpers
# who extract different domains never touch each other's files (nor conflict over a date).
STAMP = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)

# The files of each domain (globs from the repository's root). A file belongs to one domain.
DOMAINS: dict[str, list[str]] = {
    "common": ["bot/*.py", "bot/tables/*.py", "cogs/common.py", "cogs/answers.py", "cogs/controls.py",
               "cogs/presenter.py", "cogs/last_moves.py", "cogs/private_hands.py", "cogs/vanished.py",
               "cogs/option_words.py", "cogs/tables.py", "cogs/economy.py", "cogs/records.py", "cogs/fair.py",
               "cogs/card_words.py", "games/base.py", "games/cards.py", "games/betting.py", "games/pots.py",
               "games/records.py", "games/fairness.py", "renders/layout.py", "renders/records.py", "renders/count.py",
               "renders/hand.py", "games/house.py"],
    "tarot": ["cogs/tarot.py", "games/french_tarot/*.py", "renders/french_tarot.py"],
    "poker": ["cogs/poker.py", "games/poker/*.py", "renders/poker.py"],
    "blackjack": ["cogs/blackjack.py", "games/blackjack.py", "renders/blackjack.py"],
    "baccarat": ["cogs/baccarat.py", "games/baccarat.py", "renders/baccarat.py"],
    "rummy": ["cogs/rummy.py", "games/rummy/*.py", "renders/rummy.py"],
    "loc": ["cogs/loc.py", "games/loc/*.py", "renders/loc.py"],
    "arcanoid": ["cogs/arcanoid*.py", "games/arcanoid/*.py", "renders/arcanoid.py"],
}
# The domains whose French catalog is complete (tests/test_catalogs.py holds them to it).
FINISHED = {"fr": ["common", "tarot", "loc", "blackjack", "baccarat", "poker", "rummy", "arcanoid"]}
# Which domain a slash command's texts go to: a game's group to its game's, the rest to common.
COMMAND_DOMAINS = {"tarot": "tarot", "poker": "poker", "blackjack": "blackjack", "baccarat": "baccarat",
                   "rummy": "rummy", "loc": "loc", "arcanoid": "arcanoid"}

Entry = tuple[str | tuple[str, str], str | None, str, int, list[str]]  # msgid(s), context, file, line, comments


def files_of(domain: str) -> list[Path]:
    return sorted({path for pattern in DOMAINS[domain] for path in ROOT.glob(pattern)})


def source_entries(domain: str) -> Iterator[Entry]:
    for path in files_of(domain):
        for line, message, comments, context in extract_from_file(
                "python", str(path), keywords=RENDER_KEYWORDS if path.parent.name == "renders" else KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True):
            yield message, context, str(path.relative_to(ROOT)), line, comments


def command_entries(domain: str) -> Iterator[Entry]:
    from bot.i18n_commands import command_texts

    for group, context, text in command_texts():
        if COMMAND_DOMAINS.get(group, "common") == domain:
            yield text, context, f"/{group}", 0, []


def template(domain: str) -> Catalog:
    catalog = Catalog(project="tarot-table", domain=domain, charset="utf-8", fuzzy=False,
                      creation_date=STAMP, revision_date=STAMP)
    for message, context, where, line, comments in [*source_entries(domain), *command_entries(domain)]:
        if not message or (isinstance(message, tuple) and not message[0]):
            continue
        catalog.add(message, None, [(where, line)], auto_comments=comments, context=context)
    return catalog


def po_path(language: str, domain: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / f"{domain}.po"


def write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:
        write_po(out, catalog, width=100, omit_header=False, sort_output=False, include_lineno=False)


def read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as source:
        return read_po(source, locale=language, domain=path.stem)


def extract(domains: list[str] | None = None) -> None:
    """Remake the templates (all, or `domains`); merge each into every language's catalog of
    that domain."""
    for domain in domains or list(DOMAINS):
        pot = template(domain)
        write(LOCALES / f"{domain}.pot", pot)
        for folder in sorted(p for p in LOCALES.iterdir() if (p / "LC_MESSAGES").is_dir()):
            path = po_path(folder.name, domain)
            if path.exists():
                catalog = read(path, folder.name)
                catalog.update(pot, update_header_comment=False)
                catalog.obsolete.clear()
                catalog.creation_date = catalog.revision_date = STAMP
                write(path, catalog)


def init(language: str) -> None:
    """A new language: an empty catalog per domain, from the templates."""
    for domain in DOMAINS:
        path = po_path(language, domain)
        if not path.exists():
            catalog = read(LOCALES / f"{domain}.pot")
            catalog.locale = language  # type: ignore[assignment]
            catalog.domain = domain
            write(path, catalog)


def problems(language: str, domains: list[str] | None = None) -> list[str]:
    """What the finished domains of a language miss: untranslated or fuzzy entries, and
    translations that drop or invent a {parameter}."""
    found: list[str] = []
    for domain in domains if domains is not None else FINISHED.get(language, []):
        path = po_path(language, domain)
        if not path.exists():
            found.append(f"{domain}: no catalog {path.relative_to(ROOT)}")
            continue
        for message in read(path, language):
            if not message.id:
                continue
            label = f"{domain}: {message.id if isinstance(message.id, str) else message.id[0]!r}"
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if message.fuzzy:
                found.append(f"{label} is fuzzy")
            elif not all(strings):
                found.append(f"{label} is not translated")
            elif any(fields(s) - fields_of(message.id) for s in strings):
                found.append(f"{label}: its translation names a {{parameter}} the text has not")
    return found


def fields(text: str) -> set[str]:
    return {name.split(":")[0].split("!")[0] for _, name, _, _ in Formatter().parse(text) if name}


def fields_of(msgid: str | tuple[str, ...]) -> set[str]:
    return set().union(*(fields(text) for text in (msgid if isinstance(msgid, tuple) else (msgid,)))) | {"n"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--init", metavar="LANGUAGE", help="start a catalog for a new language")
    parser.add_argument("--check", metavar="LANGUAGE", help="list what the finished domains miss")
    parser.add_argument("domains", nargs="*", choices=[*DOMAINS, []], help="only these domains (default: all)")
    arguments = parser.parse_args(argv)
    if arguments.check:
        missing = problems(arguments.check)
        print("\n".join(missing) or f"{arguments.check}: complete ({', '.join(FINISHED.get(arguments.check, []))})")
        return 1 if missing else 0
    extract(arguments.domains or None)
    if arguments.init:
        init(arguments.init)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
