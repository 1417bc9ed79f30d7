"""`python -m bot`: read `.env`, set up logging, start the bot."""

from __future__ import annotations

import asyncio
import logging
import sys
from pathlib import Path

import discord

from bot.client import create_bot
from bot.config import load_config
from bot.store import DatabaseRefused, Store

NO_TOKEN = """No Discord bot token found.

Put it in a file named .env beside pyproject.toml (copy .env.example):

    DISCORD_TOKEN=your-bot-token

The token comes from https://discord.com/developers/applications -> your application -> Bot ->
Reset Token. The README walks through creating the application and inviting the bot.
"""


def main() -> int:
    config = load_config()
    if not config.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    refusal = asyncio.run(database_refusal(config.db_path))
    if refusal:
        print(refusal, file=sys.stderr)
        return 3
    discord.utils.setup_logging(level=getattr(logging, config.log_level, logging.INFO), root=True)
    bot = create_bot(config=config)
    try:
        bot.run(config.token, log_handler=None)
    except discord.LoginFailure:
        print("Discord refused the token in DISCORD_TOKEN: reset it in the developer portal and "
              "paste the new one into .env.", file=sys.stderr)
        return 2
    except discord.PrivilegedIntentsRequired:
        print("Turn on 'Server Members Intent' for the bot in the developer portal (Bot page), "
              "then start it again.", file=sys.stderr)
        return 2
    return 0


async def database_refusal(path: Path) -> str | None:
    """Why the database cannot be used (newer than this bot, not a database), before anything
    connects to Discord; None when it opens (and is migrated to this version)."""
    try:
        store = await Store.open(path)
    except DatabaseRefused as refused:
        return f"The bot will not start: {refused}"
    await store.close()
    return None


if __name__ == "__main__":
    sys.exit(main())
