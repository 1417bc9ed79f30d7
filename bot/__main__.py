"""`python -m bot`: read `.env`, set up logging, check the database, start the bot.
`python -m bot migrate --to postgresql://…`: copy the SQLite database into PostgreSQL.
`python -m bot rebuild-records`: make the players' records again from the action log still kept.
`python -m bot --sandbox`: the same bot on a simulated Discord in the browser (bot/sandbox.py)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from pathlib import Path

import discord

from bot.client import TarotBot, create_bot
from bot.config import Config, load_config
from bot.shard_claim import ShardsTaken
from bot.store import DatabaseRefused, Store, StoreUnavailable, is_postgres_url

NO_TOKEN = """No Discord bot token found.

Put it in a file named .env beside pyproject.toml (copy .env.example):

    DISCORD_TOKEN=your-bot-token

The token comes from https://discord.com/developers/applications -> your application -> Bot ->
Reset Token. The README walks through creating the application and inviting the bot.

No token yet? Play in your browser first, on a simulated Discord: python -m bot --sandbox
"""


async def check_store(config: Config) -> None:
    """Open (and migrate) the database before connecting to Discord, so a wrong TAROT_DB is
    reported at once."""
    store = await Store.open(config.db_path)
    try:
        await store.check_intact()
    finally:
        await store.close()


async def serve(bot: TarotBot, token: str) -> None:
    """What `bot.run` does, with the store opened and this process's shards claimed first (a
    second process for the same shards waits for them, then stops) before Discord is reached."""
    async with bot:
        await bot.open_store()
        await bot.start(token)
    if bot.shards_taken is not None:  # another process owns this one's shards now (bot/shard_claim.py)
        raise bot.shards_taken


def run_migrate(argv: list[str], config: Config) -> int:
    from bot.migrate import MigrationRefused, migrate

    parser = argparse.ArgumentParser(prog="python -m bot migrate",
                                     description="Copy a SQLite database into an empty PostgreSQL database.")
    parser.add_argument("--to", required=True, help="the postgresql:// URL of the empty database")
    parser.add_argument("--from", dest="source", default=None,
                        help="the SQLite file (default: TAROT_DB, else data/tarot.sqlite3)")
    args = parser.parse_args(argv)
    source = Path(args.source) if args.source else config.db_path
    if is_postgres_url(source):
        print("--from must name the SQLite file to copy (TAROT_DB is already a PostgreSQL URL)", file=sys.stderr)
        return 2
    try:
        report = asyncio.run(migrate(Path(source), args.to))
    except (MigrationRefused, StoreUnavailable) as refusal:
        print(f"migration refused: {refusal}", file=sys.stderr)
        return 2
    print(report)
    return 0


def run_rebuild_records(argv: list[str], config: Config) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot rebuild-records",
        description="Make the players' records (/profile, /leaderboard) again by replaying every table's action "
                    "log still kept: for a database from before records began. Stop the bot first.")
    parser.add_argument("--replace", action="store_true",
                        help="replace records that exist (rounds whose log was pruned are then lost)")
    args = parser.parse_args(argv)
    try:
        report = asyncio.run(rebuild_records(config, args.replace))
    except StoreUnavailable as error:
        print(error, file=sys.stderr)
        return 2
    print(report)
    return 0 if report.startswith("rebuilt") else 2


async def rebuild_records(config: Config, replace: bool) -> str:
    from bot import records
    from games.base import plural

    store = await Store.open(config.db_path)
    try:
        held = (await store.fetchone("SELECT COUNT(*) FROM records"))[0]
        if held and not replace:
            return (f"the database already holds {held} records: add --replace to make them again from the "
                    "action log (rounds whose log was pruned would be lost)")
        done = await records.rebuild(store)
    finally:
        await store.close()
    stopped = "".join(f"\n  {line}" for line in done.stopped)
    return f"rebuilt the records of {plural(done.rounds, 'round')} from {plural(done.tables, 'table')}" + \
        (f"; replays stopped early:{stopped}" if stopped else "")


def run_sandbox(argv: list[str], config: Config) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot --sandbox",
                                     description="Play in the browser against a simulated Discord on this "
                                                 "machine (no token needed).")
    parser.add_argument("--sandbox", action="store_true")
    parser.add_argument("--port", type=int, default=0, help="the loopback port of its page (default: any free one)")
    parser.add_argument("--open", action="store_true", help="open the page in your browser")
    parser.add_argument("--computer-pause", type=float, default=None, metavar="SECONDS",
                        help="how long computer players wait before each move (default 1.5)")
    args = parser.parse_args(argv)
    from bot import sandbox

    discord.utils.setup_logging(level=getattr(logging, config.log_level, logging.INFO), root=True)
    if "TAROT_LOG_LEVEL" not in os.environ:  # the terminal shows the address, not the simulated gateway
        logging.getLogger().setLevel(logging.WARNING)
        logging.getLogger("discord").setLevel(logging.ERROR)
    return sandbox.main(config, port=args.port, open_browser=args.open, computer_pause=args.computer_pause)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    config = load_config()
    if argv[:1] == ["migrate"]:
        return run_migrate(argv[1:], config)
    if argv[:1] == ["rebuild-records"]:
        return run_rebuild_records(argv[1:], config)
    if "--sandbox" in argv:
        return run_sandbox(argv, config)
    if argv:
        print(f"unknown command {argv[0]!r}: run `python -m bot` to start the bot, "
              "`python -m bot --sandbox` to play in your browser without Discord, or "
              "`python -m bot migrate --to postgresql://…` to move the database, or "
              "`python -m bot rebuild-records` to make players' records from the action log", file=sys.stderr)
        return 2
    if not config.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    try:
        asyncio.run(check_store(config))
    except DatabaseRefused as refusal:  # the right database, which the bot must not start on
        print(refusal, file=sys.stderr)
        return 2
    except StoreUnavailable as error:
        print(f"{error}\n\nTAROT_DB is either a SQLite file path (the default, data/tarot.sqlite3) or a "
              "URL like postgresql://user:password@host:5432/database; see the README.", file=sys.stderr)
        return 2
    discord.utils.setup_logging(level=getattr(logging, config.log_level, logging.INFO), root=True)
    bot = create_bot(config=config)
    try:
        asyncio.run(serve(bot, config.token))
    except KeyboardInterrupt:
        return 0
    except ShardsTaken as taken:
        print(taken, file=sys.stderr)
        return 2
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
