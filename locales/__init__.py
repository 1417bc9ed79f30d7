"""The message catalogs: `<domain>.pot` templates and `<language>/LC_MESSAGES/<domain>.po`
(docs/translating.md). `python -m locales.extract` remakes the templates and updates the
catalogs; `bot/i18n.py` reads them."""
