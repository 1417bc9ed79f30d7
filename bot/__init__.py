"""The runtime: config, the client, the store, the table service, the economy."""

import bot.store_factory  # noqa: F401  (registers the store backends for Store.open)
from bot.client import TarotBot, create_bot

__all__ = ["TarotBot", "create_bot"]
