"""The slash commands in every language with a catalog: discord.py's `app_commands.Translator`
looks each command's, option's and choice's English name or description up in the catalogs,
by a context saying what it is (a name follows Discord's rules; a description does not)."""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where
from discord.ext import commands

from bot import i18n

NAME = "command name"
DESCRIPTION = "command description"
OPTION = "option name"
OPTION_HELP = "option description"
CHOICE = "choice"
CONTEXTS = {Where.command_name: NAME, Where.group_name: NAME, Where.command_description: DESCRIPTION,
            Where.group_description: DESCRIPTION, Where.parameter_name: OPTION,
            Where.parameter_description: OPTION_HELP, Where.choice_name: CHOICE}
NAMED = (NAME, OPTION)  # the contexts whose texts are names: Discord's rules apply
DISCORD_NAME = re.compile(r"^[-_\w]{1,32}$")  # \w: letters, digits, _ (Discord: ^[-_\p{L}\p{N}]{1,32}$)
NO_DESCRIPTION = "…"  # discord.py's stand-in for an option nobody described


def valid_name(name: str) -> bool:
    """A name Discord accepts for a command or an option: lowercase, no spaces, ≤ 32 characters."""
    return bool(DISCORD_NAME.match(name)) and name == name.lower()


def localized(context: str, text: str, language: str, top: str = "") -> str | None:
    """The text in `language` (None when the catalog has nothing for it), as the catalog of its
    top-level command's game (`top`: /tarot's in tarot's) translates it first."""
    with i18n.speaking(language):
        found = i18n.pgettext_in(top or "common", context, text)
    if found == text and language != i18n.SOURCE:
        return None
    if context in NAMED and not valid_name(found):
        return None  # never a name Discord would refuse: it would refuse every command
    return found


class TarotTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext[Any, Any]) -> str | None:
        language = i18n.language_of(locale)
        kind = CONTEXTS.get(context.location)
        if language == i18n.SOURCE or language == i18n.PSEUDO or kind is None:
            return None
        domain = string.extras.get("domain") or top_command(context.data)  # a choice names it (cogs.answers.own_choices)
        return localized(kind, string.message, language, domain)


def top_command(item: Any) -> str:
    """The name of the top-level command an item of the command tree belongs to (a command, a
    group or an option; "" for a choice, which does not know its command)."""
    item = getattr(item, "command", item)  # an option: its command
    root = getattr(item, "root_parent", None) or item
    return str(getattr(root, "name", ""))


def cog_commands() -> Iterator[app_commands.Command | app_commands.Group]:
    """Every slash command the cogs define, read from their classes (no bot needed)."""
    from bot.config import Config

    for name in Config().extensions:
        module = importlib.import_module(name)
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, commands.Cog) and value.__module__ == name:
                yield from value.__cog_app_commands__


def command_texts() -> Iterator[tuple[str, str, str]]:
    """(top-level command, context, English text) for every name, description, option and
    choice of the slash commands, as the Translator will be asked them."""
    for top in cog_commands():
        yield from _texts(top.name, top)


def _texts(top: str, item: app_commands.Command | app_commands.Group) -> Iterator[tuple[str, str, str]]:
    yield top, NAME, item.name
    yield top, DESCRIPTION, item.description
    if isinstance(item, app_commands.Group):
        for child in item.commands:
            yield from _texts(top, child)  # type: ignore[arg-type]
        return
    for parameter in item.parameters:
        yield top, OPTION, parameter.name
        if parameter.description and parameter.description != NO_DESCRIPTION:
            yield top, OPTION_HELP, parameter.description
        for choice in parameter.choices:
            yield top, CHOICE, choice.name


def command_name(name: str) -> str:
    """A top-level command's name as a member speaking the language spoken now types it: /rummy
    is `/rami` in French."""
    return localized(NAME, name, i18n.current.get(), name) or name
