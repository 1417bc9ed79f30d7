"""Settings from the environment; a `.env` file beside the bot is read by python-dotenv."""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dotenv import load_dotenv

from bot.draw_worker import NICENESS
from bot.drawing import machine_cores
from bot.store import database_target, is_postgres_url
from games.registry import GAMES

DEFAULT_DB_PATH = Path("data") / "tarot.sqlite3"
DEFAULT_KEEP_DAYS = 30.0
CallLater = Callable[[float, Callable[[], Any]], Any]  # (delay, callback) -> a handle with cancel()


def _int_env(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise SystemExit(f"{name} must be a whole number, not {raw!r}") from None


def _keep_days_env() -> float:
    """TAROT_KEEP_DAYS: how long finished hands' moves and revealed deals are kept (days, may be
    fractional; 0 keeps them for ever)."""
    raw = os.environ.get("TAROT_KEEP_DAYS", "").strip()
    if not raw:
        return DEFAULT_KEEP_DAYS
    try:
        days = float(raw)
    except ValueError:
        raise SystemExit(f"TAROT_KEEP_DAYS must be a number of days, like 30 or 0.5, not {raw!r}") from None
    if not days >= 0 or days == float("inf"):
        raise SystemExit(f"TAROT_KEEP_DAYS must be 0 (keep everything) or a positive number of days, not {raw!r}")
    return days


def parse_shard_ids(raw: str, shard_count: int | None) -> frozenset[int] | None:
    """TAROT_SHARD_IDS: shard numbers and ranges, e.g. `0-7` or `0,2,4-5`; each must be below
    TAROT_SHARD_COUNT, which it needs."""
    raw = raw.strip()
    if not raw:
        return None
    if shard_count is None:
        raise SystemExit("TAROT_SHARD_IDS needs TAROT_SHARD_COUNT: the shard ids are out of how many shards")
    ids: set[int] = set()
    for part in raw.split(","):
        low, _, high = part.strip().partition("-")
        try:
            first, last = int(low), int(high or low)
        except ValueError:
            raise SystemExit(f"TAROT_SHARD_IDS must be shard numbers or ranges like 0-7 or 0,2,4-5, not {raw!r}") from None
        if first > last:
            raise SystemExit(f"TAROT_SHARD_IDS: the range {part.strip()!r} runs backwards")
        ids.update(range(first, last + 1))
    outside = sorted(i for i in ids if not 0 <= i < shard_count)
    if outside:
        raise SystemExit(
            f"TAROT_SHARD_IDS names shard {outside[0]}, but with TAROT_SHARD_COUNT={shard_count} "
            f"the shards are 0 to {shard_count - 1}"
        )
    return frozenset(ids)


def game_cogs() -> tuple[str, ...]:
    """The Discord side of every game the registry holds."""
    return tuple(f"cogs.{name}" for name in GAMES if importlib.util.find_spec(f"cogs.{name}"))


@dataclass(frozen=True)
class Config:
    token: str = ""
    db_path: str | Path = DEFAULT_DB_PATH  # a SQLite file, or a postgresql:// URL
    log_level: str = "INFO"
    starting_chips: int = 1000
    daily_chips: int = 200
    daily_cooldown_hours: int = 20
    max_tables_per_guild: int = 10
    max_count_cards: int = 78
    dev_guild_id: int | None = None
    sync_commands: bool = True
    shard_count: int | None = None
    shard_ids: frozenset[int] | None = None  # this process's shards (None: all of them)
    render_workers: int = 0  # drawing worker processes (0: draw in threads); TAROT_RENDER_WORKERS
    draw_niceness: int = NICENESS  # the drawing workers' niceness above the bot's; TAROT_DRAW_NICENESS
    think_workers: int = 0  # processes where hard computers search (0: a thread); TAROT_THINK_WORKERS
    keep_days: float = DEFAULT_KEEP_DAYS  # finished hands' moves and revealed deals (0: for ever)
    shard_wait: float = 120.0  # seconds a starting process waits for another to let its shards go
    idle_minutes: float = 15.0  # a table where no person is in play (computers wait) ends after this
    extensions: tuple[str, ...] = field(default_factory=lambda: ("cogs.tables", "cogs.economy", "cogs.records", "cogs.fair", *game_cogs()))
    # seconds between two edits of a table message (None: the pace Discord's rate limits ask for)
    edit_spacing: float | None = None
    # how turn timers, reaction windows and computers' pauses are scheduled (None: the event
    # loop's call_later); the sandbox keeps them out of its simulated Discord's bookkeeping
    call_later: CallLater | None = field(default=None, compare=False, repr=False)


PROJECT_ROOT = Path(__file__).resolve().parents[1]


def load_config(env_file: str | Path | None = None) -> Config:
    """The settings, from the environment after reading `.env` — the given file, else the one
    in the current folder, else the one beside pyproject.toml — without overriding variables
    that are already set."""
    candidates = [Path(env_file)] if env_file is not None else [Path.cwd() / ".env", PROJECT_ROOT / ".env"]
    found = next((path for path in candidates if path.is_file()), None)
    if found is not None:
        load_dotenv(found, override=False)
    dev_guild = os.environ.get("TAROT_DEV_GUILD_ID", "").strip()
    shards = os.environ.get("TAROT_SHARD_COUNT", "").strip()
    if shards and (not shards.isdigit() or int(shards) < 1):
        raise SystemExit(f"TAROT_SHARD_COUNT must be a whole number of at least 1, not {shards!r}")
    shard_count = int(shards) if shards else None
    db_path = database_target(os.environ.get("TAROT_DB", "").strip() or DEFAULT_DB_PATH)
    shard_ids = parse_shard_ids(os.environ.get("TAROT_SHARD_IDS", ""), shard_count)
    if shard_ids is not None and not is_postgres_url(db_path):
        raise SystemExit("TAROT_SHARD_IDS splits the bot over several processes, which must share a PostgreSQL "
                         "database: set TAROT_DB to a postgresql:// URL (a SQLite file serves one process, "
                         "which then takes every shard: leave TAROT_SHARD_IDS empty)")
    return Config(
        token=os.environ.get("DISCORD_TOKEN", "").strip(),
        db_path=db_path,
        log_level=os.environ.get("TAROT_LOG_LEVEL", "INFO").strip().upper() or "INFO",
        starting_chips=_int_env("TAROT_STARTING_CHIPS", 1000),
        daily_chips=_int_env("TAROT_DAILY_CHIPS", 200),
        max_tables_per_guild=_int_env("TAROT_MAX_TABLES_PER_SERVER", 10),
        dev_guild_id=int(dev_guild) if dev_guild.isdigit() else None,
        sync_commands=os.environ.get("TAROT_SYNC_COMMANDS", "1").strip() != "0",
        shard_count=shard_count,
        shard_ids=shard_ids,
        render_workers=_int_env("TAROT_RENDER_WORKERS", machine_cores()),
        draw_niceness=_int_env("TAROT_DRAW_NICENESS", NICENESS),
        think_workers=_int_env("TAROT_THINK_WORKERS", machine_cores()),
        keep_days=_keep_days_env(),
        shard_wait=_int_env("TAROT_SHARD_WAIT", 120),
        idle_minutes=_int_env("TAROT_IDLE_MINUTES", 15),
    )
