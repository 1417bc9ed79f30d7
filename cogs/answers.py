"""Answering a member: private replies and refusals, in the member's own language, and whose
language a text speaks (a member's Discord language, a table's language)."""

from __future__ import annotations

from typing import Any

import discord

MESSAGE_LIMIT = 2000  # characters in a Discord message


async def refuse(interaction: discord.Interaction, reason: str) -> None:
    """A refusal is always private and always says what was wrong."""
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
