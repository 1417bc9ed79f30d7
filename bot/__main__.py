"""`python -m bot`: read `.env`, set up logging, start the bot; `python -m bot --sandbox`: the
same bot on a simulated Discord in the browser (bot/sandbox.py)."""

from __future__ import annotations

import argparse
import logging
import os
import sys

import discord

from bot.client import create_bot
from bot.config import load_config

NO_TOKEN = """No Discord bot token found.

Put it in a file named .env beside pyproject.toml (copy .env.example):

    DISCORD_TOKEN=your-bot-token

The token comes from https://discord.com/developers/applications -> your application -> Bot ->
Reset Token. The README walks through creating the application and inviting the bot.

No token yet? Play in your browser first, on a simulated Discord: python -m bot --sandbox
"""


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Run the Tarot Table bot.")
    parser.add_argument("--sandbox", action="store_true",
                        help="play in the browser against a simulated Discord on this machine (no token needed)")
    parser.add_argument("--port", type=int, default=0, help="sandbox: the loopback port of its page (default: any free one)")
    parser.add_argument("--open", action="store_true", help="sandbox: open the page in your browser")
    parser.add_argument("--computer-pause", type=float, default=None, metavar="SECONDS",
                        help="sandbox: how long computer players wait before each move (default 1.5)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    config = load_config()
    level = getattr(logging, config.log_level, logging.INFO)
    if args.sandbox:
        from bot import sandbox

        discord.utils.setup_logging(level=level, root=True)
        if "TAROT_LOG_LEVEL" not in os.environ:  # the terminal shows the address, not the simulated gateway
            logging.getLogger().setLevel(logging.WARNING)
            logging.getLogger("discord").setLevel(logging.ERROR)
        return sandbox.main(config, port=args.port, open_browser=args.open, computer_pause=args.computer_pause)
    if not config.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    discord.utils.setup_logging(level=level, root=True)
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


if __name__ == "__main__":
    sys.exit(main())
