"""The Discord client: opens the store, restores every table, loads the cogs, syncs commands."""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import discord
from discord import app_commands
from discord.ext import commands

from bot import drawing, i18n
from bot.config import Config
from bot.drawing import DrawingPool
from bot.economy import Economy
from bot.i18n_commands import TarotTranslator
from bot.retention import DAY, Retention
from bot.shard_claim import ShardsTaken, claim_shards
from bot.store import Store, database_target
from bot.tables import DAMAGED_TEXT, DamagedTable, TableService

log = logging.getLogger(__name__)


def discord_clock() -> float:
    """Seconds since the epoch as Discord sees them (simulated clocks in tests follow it)."""
    return discord.utils.utcnow().timestamp()


FAILURE_TEXT = i18n.N_("Something went wrong — nothing was changed. Please try again.")

InteractionCheck = Callable[[discord.Interaction], Awaitable[bool]]


def damaged_table_in(error: BaseException | None) -> DamagedTable | None:
    """The damaged table behind a failure, if that is what it was (however it was wrapped)."""
    seen = 0
    while error is not None and seen < 10:
        if isinstance(error, DamagedTable):
            return error
        error, seen = error.__cause__ or error.__context__, seen + 1
    return None


async def answer_failure(interaction: discord.Interaction, error: BaseException) -> None:
    """The one answer to an unexpected failure of a command, button, menu or form: logged, and
    the member told privately. A table whose saved game turns out unreadable is set aside and
    the member told so. Never raises (it is the last line of defence)."""
    damaged = damaged_table_in(error)
    text = i18n._(FAILURE_TEXT)  # in the member's language (set as the interaction arrived)
    if damaged is not None:
        text = i18n._("Sorry — {what}.", what=i18n._(DAMAGED_TEXT))
        try:
            await interaction.client.tables.set_aside(damaged)  # type: ignore[attr-defined]
        except Exception:
            log.exception("table %s: could not set it aside", damaged.table_id)
            text = i18n._(FAILURE_TEXT)
    else:
        log.error("interaction %s (%s) by %s failed", interaction.id, interaction.type, interaction.user.id,
                  exc_info=error)
    try:
        if interaction.type is discord.InteractionType.autocomplete:
            if not interaction.response.is_done():
                await interaction.response.autocomplete([])
        elif interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("interaction %s: could not send the failure answer", interaction.id)


async def acknowledge(interaction: discord.Interaction) -> None:
    """Answer first: tell Discord the interaction is being handled before any lock wait, commit,
    render or DM. A deferral tells nothing: a click's message stays as it is (edited later with
    the move's outcome), a command or form shows "thinking" until its private follow-up.
    A deferral Discord fails is not the member's doing: the work goes on, and its answer is
    then tried as the response itself."""
    if interaction.response.is_done() or interaction.type is discord.InteractionType.autocomplete:
        return
    try:
        if interaction.type is discord.InteractionType.component:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
    except discord.HTTPException as error:
        log.warning("interaction %s: could not acknowledge it: %s", interaction.id, error)
    # Yield once: the interactions already waiting on the loop (a burst) are acknowledged before
    # this one's move is applied, serialised and committed, rather than after it.
    await asyncio.sleep(0)


def answers_itself(interaction: discord.Interaction) -> bool:
    """A command that may show its answer to the channel (a `public` option, /profile) chooses
    its deferral itself, after reading (never writing) what it shows; every other command is
    acknowledged, privately, before its work begins."""
    command = interaction.command
    parameters = getattr(command, "parameters", None) or []
    return any(parameter.name == "public" for parameter in parameters)


FULL_COLLECTION_EVERY = 100  # younger collections between two full ones (Python's default: 10)


def freeze_long_lived() -> None:
    """After start-up, what is loaded (modules, the restored tables, caches) lives as long as the
    process: it is moved out of the garbage collector's sight, so a full collection no longer
    walks all of it on the event loop (one took 38 ms mid-command). What is garbage now is
    collected first, so nothing frozen is garbage. The tables' states decoded from then on are
    long-lived too, and a full pass over 10,000 of them holds the loop 200-600 ms: full passes
    come ten times less often (FULL_COLLECTION_EVERY; short-lived cycles are still collected
    young, and the moves' garbage is freed by reference counting)."""
    started = time.perf_counter()
    gc.collect()
    gc.freeze()
    youngest, younger, _ = gc.get_threshold()
    gc.set_threshold(youngest, younger, FULL_COLLECTION_EVERY)
    log.info("start-up objects frozen for the garbage collector: %d, in %.0f ms", gc.get_freeze_count(),
             (time.perf_counter() - started) * 1000)


class TarotTree(app_commands.CommandTree):
    """The command tree: the checks cogs register run before any command or autocomplete does
    its work (input length, for one), and every unexpected failure gets an answer."""

    def __init__(self, client: discord.Client) -> None:
        super().__init__(client)
        self.checks: list[InteractionCheck] = []

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        try:
            for check in self.checks:
                if not await check(interaction):
                    return False
            if interaction.type is discord.InteractionType.application_command and not answers_itself(interaction):
                await acknowledge(interaction)  # every command's answer is a private follow-up
        except Exception as error:  # a failing check must not leave the member unanswered
            await answer_failure(interaction, error)
            return False
        return True

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError, /) -> None:
        if isinstance(error, (app_commands.TransformerError, app_commands.CommandNotFound,
                              app_commands.CommandSignatureMismatch)):
            send = interaction.followup.send if interaction.response.is_done() else interaction.response.send_message
            await send(i18n._("I couldn't read that command's options (your Discord may show an outdated version of "
                              "it) — nothing was changed. Please try again."), ephemeral=True)
            return
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        await answer_failure(interaction, cause)


class TarotBot(commands.AutoShardedBot):
    def __init__(self, config: Config, db_path: str | Path) -> None:
        intents = discord.Intents.default()
        intents.members = True  # to see a member leave the server (their seats are freed)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            shard_count=config.shard_count,
            shard_ids=sorted(config.shard_ids) if config.shard_ids is not None else None,
            help_command=None,
            tree_cls=TarotTree,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
        )
        self.tree: TarotTree
        self.config = config
        self.db_path = db_path
        self.store: Store | None = None
        self.drawing: DrawingPool | None = None
        self.tables: TableService
        self.economy: Economy
        self.retention: Retention | None = None
        self.shards_taken: ShardsTaken | None = None  # why the bot stopped itself, if it did
        self.languages: dict[int, str] = {}  # member id -> the language they last used with the bot
        self._language_writes: set[asyncio.Task] = set()
        self._speak_on_arrival()

    def _speak_on_arrival(self) -> None:
        """An interaction speaks its member's Discord language: it is set as the interaction
        arrives, before discord.py starts the command's, button's or form's task (a task
        inherits it), and remembered for the DMs sent to the member outside an interaction."""
        parsers = self._connection.parsers
        arrive = parsers["INTERACTION_CREATE"]

        def interaction_create(data: dict) -> None:
            language = i18n.language_of(data.get("locale"))
            user = (data.get("member") or {}).get("user") or data.get("user") or {}
            if user.get("id"):
                self._remember_language(int(user["id"]), language)
            with i18n.speaking(language):
                arrive(data)

        parsers["INTERACTION_CREATE"] = interaction_create

    def _remember_language(self, member: int, language: str) -> None:
        """A member's language, kept in memory and, when it changed, in the store (a task: the
        interaction does not wait for it)."""
        if self.languages.get(member) == language:
            return
        self.languages[member] = language
        if self.store is not None:
            task = asyncio.get_running_loop().create_task(self._store_language(member, language))
            self._language_writes.add(task)
            task.add_done_callback(self._language_writes.discard)

    async def _store_language(self, member: int, language: str) -> None:
        try:
            assert self.store is not None
            await self.store.set_member_language(member, language)
        except Exception:  # a language not saved is only a DM in the language before
            log.warning("could not save the language of member %s", member, exc_info=True)

    async def load_languages(self, members: list[int]) -> None:
        """The stored languages of these members, for those this process has not seen yet (a DM
        between moves speaks the language they last used, even after a restart)."""
        unknown = [m for m in members if m > 0 and m not in self.languages]
        if unknown and self.store is not None:
            found = await self.store.member_languages(unknown)
            for member in unknown:
                self.languages[member] = found.get(member, i18n.SOURCE)

    def language_of(self, member: int) -> str:
        """The language a member last used with the bot (English before they used it)."""
        return self.languages.get(member, i18n.SOURCE)

    async def open_store(self) -> None:
        """The store opened and, on a shared PostgreSQL, this process's shards claimed
        (bot/shard_claim.py): `python -m bot` does it before connecting to Discord."""
        if self.store is None:
            self.store = await Store.open(self.db_path)
        try:
            await claim_shards(self.store, self.config, when_taken=self._stop_for_shards_taken)
        except BaseException:
            await self.store.close()
            self.store = None
            raise

    async def _stop_for_shards_taken(self, taken: ShardsTaken) -> None:
        """Another process took this one's shards while its lock connection was lost: it owns
        them now, so this process stops (`python -m bot` exits with status 2, saying why)."""
        self.shards_taken = taken
        await self.close()

    async def setup_hook(self) -> None:
        self.drawing = DrawingPool(self.config.render_workers, niceness=self.config.draw_niceness)
        await self.drawing.start()
        drawing.use(self.drawing)
        await self.open_store()
        assert self.store is not None
        self.tables = TableService(self.store, self.config, discord_clock)
        self.economy = Economy(self.store, self.config, discord_clock)
        await asyncio.to_thread(i18n.load)  # the catalogs, read once before the first interaction
        await self.tree.set_translator(TarotTranslator())
        for extension in self.config.extensions:
            await self.load_extension(extension)
        restored = await self.tables.restore(freeze=True)  # what it loads is frozen as it goes
        log.info("restored %d open tables from the %s store", restored, self.store.backend)
        freeze_long_lived()
        self.retention = Retention(self.store, self.config.keep_days * DAY, discord_clock)
        self.tables.listeners.append(self.retention.after_move)
        self.retention.start()
        if self.config.sync_commands:
            await self._sync_commands()

    async def on_ready(self) -> None:
        freeze_long_lived()  # again: the servers' caches (channels, members) arrived since start-up

    async def _sync_commands(self) -> None:
        if self.config.dev_guild_id:
            guild = discord.Object(id=self.config.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def close(self) -> None:
        if self.store is not None:
            if self.retention is not None:
                await self.retention.stop()
            if getattr(self, "tables", None) is not None:  # None when Discord refused the login
                await self.tables.close()
            await self.store.close()
            self.store = None
            gc.unfreeze()  # what this bot held may now be collected (tests start many bots in one process)
        if self.drawing is not None:
            if drawing.current is self.drawing:
                drawing.use(None)
            await self.drawing.close()
            self.drawing = None
        await super().close()


def create_bot(
    db_path: str | Path | None = None, config: Config | None = None, shard_count: int | None = None
) -> TarotBot:
    """The bot, built but not connected: `python -m bot` and the tests both start from here.
    `db_path` takes what TAROT_DB takes: a SQLite file path or a postgresql:// URL."""
    config = config or Config()
    if shard_count is not None:
        config = Config(**{**config.__dict__, "shard_count": shard_count})
    return TarotBot(config, database_target(db_path) if db_path is not None else config.db_path)
