"""Answering a member: private replies and refusals, in the member's own language, and whose
language a text speaks (a member's Discord language, a table's language)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from functools import cache
from typing import Any

import discord
from discord import app_commands

from bot import i18n
from renders.words import Words

MESSAGE_LIMIT = 2000  # characters in a Discord message


async def refuse(interaction: discord.Interaction, reason: str) -> None:
    """A refusal is always private and always says what was wrong."""
    reason = i18n.translated(reason)  # a game's marked text, in the member's language
    text = (reason[:1].upper() + reason[1:])[:MESSAGE_LIMIT]
    await reply(interaction, text)


async def reply(interaction: discord.Interaction, content: str | None = None, **message: Any) -> int | None:
    """A private answer: the response itself, or once the interaction is acknowledged, its
    follow-up (which takes the place of a command's "thinking"). Returns the answer's message
    id when Discord gave it."""
    message = {key: value for key, value in message.items() if value is not None}
    if interaction.response.is_done():
        sent = await interaction.followup.send(content, ephemeral=True, wait=True, **message)
        return sent.id
    response = await interaction.response.send_message(content, ephemeral=True, **message)
    return response.message_id if response is not None else None


async def update_clicked(interaction: discord.Interaction, **payload: Any) -> None:
    """Edit the message whose button or menu was used: in the response, or after a deferral
    (`acknowledge`), through the interaction's original message."""
    if interaction.response.is_done():
        await interaction.edit_original_response(**payload)
    else:
        await interaction.response.edit_message(**payload)


def may_update_clicked(interaction: discord.Interaction) -> bool:
    """Whether the clicked message may still be edited through the interaction: not answered
    yet, or only deferred (the move's outcome replaces it)."""
    kind = interaction.response.type
    return kind is None or kind is discord.InteractionResponseType.deferred_message_update


def on_private_message(interaction: discord.Interaction) -> bool:
    """Whether the clicked control sits on a player's private hand: a DM, or a /hand reply."""
    message = interaction.message
    return interaction.guild is None or (message is not None and message.flags.ephemeral)


# --- whose language --------------------------------------------------------------------------

LANGUAGE_CHOICES = [app_commands.Choice(name=name, value=code) for code, name in i18n.LANGUAGE_NAMES.items()]


def own_choices(domain: str, values: Iterable[str]) -> list[app_commands.Choice[str]]:
    """Choices named by their values, translated by the game's own catalog first: a choice does
    not know its command, and the same word means different things in different games (Rummy's
    melds "all", the leaderboard's "all")."""
    return [app_commands.Choice(name=app_commands.locale_str(value, domain=domain), value=value) for value in values]
LANGUAGE_HELP = "The language of the table's messages and pictures (default: the server's)"


def table_language(table: Any) -> str:
    """The language a table's public messages and images speak (chosen when it was created)."""
    return table.extra.get("language") or i18n.SOURCE


def speaking_at(table: Any) -> contextlib.AbstractContextManager[None]:
    """Texts made in this block speak the table's language (its public messages)."""
    return i18n.speaking(table_language(table))


def speaking_to(bot: Any, member: int) -> contextlib.AbstractContextManager[None]:
    """Texts made in this block speak the member's language (a DM, their private hand)."""
    return i18n.speaking(bot.language_of(member) if member > 0 else None)


def server_language(interaction: discord.Interaction) -> str:
    """The server's language: its preferred locale (a new table speaks it unless told otherwise)."""
    guild = interaction.guild
    return i18n.language_of(interaction.guild_locale or (guild.preferred_locale if guild is not None else None))


def render_words(domain: str | tuple[str, ...]) -> Words:
    """An image's words (the texts of its game's domain, or of several: a game's and the
    cards' names of `common`) in the language spoken now."""
    return _words(i18n.current.get(), domain)


@cache
def _words(language: str, domain: str | tuple[str, ...]) -> Words:
    domains = (domain,) if isinstance(domain, str) else domain
    with i18n.speaking(language):
        words = Words({msgid: said for name in domains for msgid, said in i18n.domain_templates(language, name).items()})
        words.zero_is_singular = i18n.zero_is_singular()
        words.language = language  # its numbers written the language's way (games.base.Number)
    return words


def language_option(create: Any) -> Any:
    """The `language:` option of a game's `create` command (its function takes `language`)."""
    return app_commands.describe(language=LANGUAGE_HELP)(app_commands.choices(language=LANGUAGE_CHOICES)(create))
