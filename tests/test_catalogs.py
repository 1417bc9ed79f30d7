"""The message catalogs: complete where they say they are, in step with the code, and giving
every slash command a French name Discord accepts; the translation function itself."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.app_commands import TranslationContext
from discord.app_commands import TranslationContextLocation as Where

from bot import i18n
from bot.i18n_commands import CHOICE, NAME, OPTION, TarotTranslator, command_texts, localized, valid_name
from games.base import IllegalAction, Plural, Text
from locales import extract


@pytest.mark.parametrize("language", sorted(extract.FINISHED))
def test_a_finished_catalog_misses_nothing(language):
    assert extract.problems(language) == []


@pytest.mark.parametrize("domain", sorted(extract.DOMAINS))
def test_the_templates_hold_every_marked_text(domain):
    """`python -m locales.extract` was run after the last text changed."""
    wanted = {(m.context, m.id) for m in extract.template(domain) if m.id}
    stored = {(m.context, m.id) for m in extract.read(extract.LOCALES / f"{domain}.pot") if m.id}
    assert wanted - stored == set(), "run `python -m locales.extract`"
    # a text the template holds that no code marks any more: dropped, or marked in a way the
    # extractor cannot see (`now()("…")` rather than `w = now()` then `w("…")`), so never translated
    assert stored - wanted == set(), "run `python -m locales.extract`, and mark texts as docs/translating.md says"


def finished_commands(language: str) -> list[tuple[str, str, str]]:
    done = extract.FINISHED.get(language, [])
    return [(top, context, text) for top, context, text in command_texts()
            if extract.COMMAND_DOMAINS.get(top, "common") in done]


@pytest.mark.parametrize("language", sorted(extract.FINISHED))
def test_every_command_option_and_choice_of_a_finished_domain_speaks_it(language):
    missing, refused = [], []
    for top, context, text in finished_commands(language):
        with i18n.speaking(language):
            found = i18n.pgettext_in(extract.COMMAND_DOMAINS.get(top, "common"), context, text)
        if found == text and not _translated_as_itself(language, context, text):
            missing.append(f"/{top} {context}: {text}")
        if context in (NAME, OPTION) and not valid_name(found):
            refused.append(f"/{top} {context}: {found!r}")
    assert not missing, "no French for:\n" + "\n".join(missing)
    assert not refused, "names Discord refuses:\n" + "\n".join(refused)


def _translated_as_itself(language: str, context: str, text: str) -> bool:
    """A catalog entry whose translation is the text itself ("table", "Prise")."""
    for domain in extract.FINISHED[language]:
        for message in extract.read(extract.po_path(language, domain), language):
            if message.context == context and message.id == text and message.string:
                return True
    return False


def test_discord_names_rules():
    assert valid_name("créer") and valid_name("règlement_excuse") and valid_name("a-b_1")
    assert not valid_name("Créer") and not valid_name("deux mots") and not valid_name("x" * 33)


def test_the_translator_gives_french_names_and_nothing_for_english():
    translator = TarotTranslator()
    command = app_commands.Command(name="create", description="Open a French Tarot table in this channel",
                                   callback=_noop)
    name = TranslationContext(Where.command_name, command)
    found = asyncio.run(translator.translate(app_commands.locale_str("create"), discord.Locale.french, name))
    assert found == "créer"
    assert asyncio.run(translator.translate(app_commands.locale_str("create"), discord.Locale.american_english,
                                            name)) is None
    assert localized(CHOICE, "Garde contre le chien", "fr") is None, "the same words: Discord shows the default"


async def _noop(interaction: discord.Interaction) -> None:
    return None


def test_numbers_are_written_the_language_s_way():
    with i18n.speaking("fr"):
        assert i18n.chips(1000) == "1\u202f000 jetons"
        assert i18n.chips(1) == "1 jeton" and i18n.chips(0) == "0 jeton"
    assert i18n.chips(1000) == "1000 chips" and i18n.chips(0) == "0 chips", "English as the bot always wrote it"


def test_a_language_without_catalog_speaks_english_and_never_a_message_id():
    assert i18n.language_of("pt-BR") == "en" and i18n.language_of("fr") == "fr"
    assert i18n.language_of(discord.Locale.french) == "fr" and i18n.language_of(None) == "en"
    with i18n.speaking("fr"):
        assert i18n._("a text no catalog has, {name}", name="Ann") == "a text no catalog has, Ann"


def test_a_game_s_marked_refusal_is_english_as_a_string_and_french_for_a_french_reader():
    refusal = IllegalAction(Text("you may not discard a king ({card})", card=Text("{rank} of Cups", rank=Text("King"))))
    assert refusal.reason == "you may not discard a king (King of Cups)"
    with i18n.speaking("fr"):
        assert i18n.refusal(refusal) == "vous ne pouvez pas écarter un roi (Roi de Coupes)"
    with i18n.speaking(i18n.PSEUDO):
        assert i18n.refusal(refusal).startswith(i18n.OPEN_MARK)


def test_plural_forms_follow_the_language():
    text = Plural("{n} card", "{n} cards", 0)
    assert text == "0 cards"
    with i18n.speaking("fr"):
        assert i18n.translated(text) == "0 carte"
        assert i18n.translated(Plural("{n} card", "{n} cards", 2)) == "2 cartes"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_word_drawn_on_the_tarot_images_is_translated(players, monkeypatch):
    """The table (the five-player row layout included), the sheet and the final ranking drawn
    with the pseudo-language's words: every text on them is marked (names, codes, numbers aside)."""
    from cogs.answers import render_words
    from cogs.tarot import TarotUI
    from games import french_tarot as ft
    from games.base import SeatSpec
    from games.french_tarot import ai
    from renders.french_tarot import render_tarot
    from tests.discord.languages import Seen, untranslated, watch_drawings

    render_tarot(ft.view(ft.new(ft.Options(players=3, bots=2, hands=1, timer=0),
                                [SeatSpec(-1), SeatSpec(-2), SeatSpec(-3)]), None), {}, "rws")  # warm: the palette
    seen = Seen()
    watch_drawings(monkeypatch, seen)  # the cards' own faces aside
    state = ft.new(ft.Options(players=players, bots=players - 1, hands=1, timer=0),
                   [SeatSpec(10**17)] + [SeatSpec(-n) for n in range(1, players)])
    names = {10**17: "alice", **{-n: f"Computer {n}" for n in range(1, players)}}
    with i18n.speaking(i18n.PSEUDO):
        words = render_words("tarot")
    views = []
    while not ft.is_over(state):
        if state.phase == "playing" and len(state.trick) == 1 or not views:
            views.append(ft.view(state, None))
        player = ft.pending(state)[0]
        ft.apply(state, player, ai.choose(state, player))
    views += [ft.view(state, None), *([state.last_hand] if state.last_hand else [])]
    ui = TarotUI()
    for view in views[-4:]:
        with i18n.speaking(i18n.PSEUDO):
            shown = ui.drawn_view(view)  # the marked texts a view carries, said as the Discord side says them
        render_tarot(shown, names, "rws", words)
    missed = {t for t in seen.drawn if untranslated(t, ("alice", "Computer"))}
    assert not missed, missed


@pytest.mark.parametrize("language", i18n.languages()[1:])
def test_every_domain_s_translation_is_found_through_the_one_catalog(language):
    """A language's domains are merged into one catalog (one lookup a text): each entry of each
    `.po` reads as that file says, unless a domain earlier by name translates the same text (it
    wins, as it did in a chain of domains)."""
    folder = i18n.LOCALES / language / "LC_MESSAGES"
    claimed: set[tuple[str | None, str]] = set()
    checked = 0
    for po in sorted(folder.glob("*.po")):
        for message in extract.read(po):
            if not message.id or not message.string or message.fuzzy:
                continue
            key = (message.context, message.id if isinstance(message.id, str) else message.id[0])
            if key in claimed:
                continue
            claimed.add(key)
            with i18n.speaking(language):
                if isinstance(message.id, tuple):
                    found = list(i18n.plural_templates(*message.id))
                    assert found == list(message.string[:2]), (po.name, message.id)
                elif message.context:
                    assert i18n._catalog(language).pgettext(message.context, message.id) == message.string
                else:
                    assert i18n.template(message.id) == message.string, (po.name, message.id)
            checked += 1
    assert checked > 1000


async def test_each_game_s_commands_are_named_by_its_own_catalog():
    """The same English word names different things in different games: the Translator asks a
    command's, an option's and (through its `domain`) a choice's own game first."""
    from discord import Locale
    from discord.app_commands import TranslationContext, locale_str
    from discord.app_commands import TranslationContextLocation as Where

    from bot.i18n_commands import TarotTranslator, cog_commands

    translator, tree = TarotTranslator(), {c.name: c for c in cog_commands()}

    def command(top: str, name: str) -> Any:
        return next(c for c in tree[top].commands if c.name == name)

    async def french(where: Where, item: Any, text: Any) -> str | None:
        return await translator.translate(text if isinstance(text, locale_str) else locale_str(text), Locale.french,
                                          TranslationContext(where, item))

    named = {(top, name): await french(Where.command_name, command(top, name), name)
             for top, name in (("tarot", "call"), ("rummy", "call"), ("poker", "discard"), ("rummy", "discard"))}
    assert named == {("tarot", "call"): "appeler", ("rummy", "call"): "frapper", ("poker", "discard"): "écarter",
                     ("rummy", "discard"): "défausser"}
    target = next(p for p in command("rummy", "create").parameters if p.name == "target")
    assert await french(Where.parameter_name, target, "target") == "objectif"
    melds = next(p for p in command("rummy", "create").parameters if p.name == "melds")
    every_meld = next(c for c in melds.choices if c.value == "all")
    assert await french(Where.choice_name, every_meld, every_meld._locale_name) == "toutes"
