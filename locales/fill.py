"""Fill a catalog from a table of translations (a translator's helper, not needed at run time):

    python -m locales.fill fr tarot translations.py   # a module with T = {msgid: msgstr}

Keys are a msgid, a (context, msgid) pair, or a (singular, plural) pair whose value is the pair
of forms; entries already translated are kept unless the table changes them."""

from __future__ import annotations

import runpy
import sys

from locales.extract import LOCALES, STAMP, po_path, read, write


def fill(language: str, domain: str, table: dict) -> int:
    path = po_path(language, domain)
    catalog = read(path, language) if path.exists() else read(LOCALES / f"{domain}.pot", language)
    if not path.exists():
        catalog.domain = domain
    filled = 0
    for message in catalog:
        if not message.id:
            continue
        key = (message.context, message.id) if message.context else message.id
        found = table.get(key, table.get(message.id) if message.context is None else None)
        if found is None:
            continue
        if isinstance(message.id, tuple):  # the language's plural forms: the first, then the plural for the rest
            found = (found[0], *[found[1]] * (catalog.num_plurals - 1))
        message.string = found
        message.flags.discard("fuzzy")
        filled += 1
    catalog.creation_date = catalog.revision_date = STAMP
    write(path, catalog)
    return filled


if __name__ == "__main__":
    language, domain, source = sys.argv[1:4]
    print(fill(language, domain, runpy.run_path(source)["T"]), "entries filled")
