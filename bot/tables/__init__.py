"""The table service: one table per channel, a lock per table, versioned state committed with
its action log before anyone is told, turn timers stored and re-armed after a restart.

The service is a package of rooms, one module each: registry, restore, cluster, lobby,
moves, chips, timers, computers; `service.TableService` joins them into the one facade the cogs
call, and `model` holds the table model and the helpers they share."""

from bot.tables.model import (
    CHANNEL_TAKEN,
    COMPUTER_PAUSE_SECONDS,
    CONFLICT_TRIES,
    DAMAGED_TEXT,
    MAX_PLAY_OUT_MOVES,
    MEMBER_TABLES_LIMIT,
    NOTICE_LIMIT,
    SIT_OUT_AFTER_TIMEOUTS,
    STALE_BUTTON,
    USUAL_STACK_IN_BETS,
    USUAL_STACK_IN_BIG_BLINDS,
    DamagedTable,
    Listener,
    Table,
    _options_problem,
    build_options,
    checked_options,
    chosen_stack,
    default_buy_in,
    options_from_json,
    refunds_of,
    retried_on_conflict,
    salvage_refunds,
    seat_range,
    state_from_json,
)
from bot.tables.service import TableService

__all__ = [
    "Listener",
    "SIT_OUT_AFTER_TIMEOUTS",
    "COMPUTER_PAUSE_SECONDS",
    "MAX_PLAY_OUT_MOVES",
    "CHANNEL_TAKEN",
    "STALE_BUTTON",
    "NOTICE_LIMIT",
    "MEMBER_TABLES_LIMIT",
    "CONFLICT_TRIES",
    "retried_on_conflict",
    "DAMAGED_TEXT",
    "DamagedTable",
    "Table",
    "seat_range",
    "USUAL_STACK_IN_BIG_BLINDS",
    "USUAL_STACK_IN_BETS",
    "default_buy_in",
    "chosen_stack",
    "refunds_of",
    "salvage_refunds",
    "state_from_json",
    "options_from_json",
    "checked_options",
    "_options_problem",
    "build_options",
    "TableService",
]
