"""The runtime: config, the client, the store, the table service, the economy."""

from bot.client import TarotBot, create_bot

__all__ = ["TarotBot", "create_bot"]
