"""The controls of a table and a private hand: the buttons' and menus' specifications, the
Discord items that carry their routing in custom_id (so they work after a restart), and reading
a control's code into a move."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import N_
from games.base import Action

if TYPE_CHECKING:
    from bot.tables import Table
    from cogs.common import GameUI


@dataclass(frozen=True)
class ButtonSpec:
    label: str
    code: str
    style: discord.ButtonStyle = discord.ButtonStyle.secondary
    disabled: bool = False
    lasting: bool = False  # stays current while others move (the table's lasting step)


@dataclass(frozen=True)
class SelectSpec:
    """A select menu (a card menu, mostly): options are (label, value) pairs, at most 25."""

    placeholder: str
    code: str
    options: tuple[tuple[str, str], ...]
    min_values: int = 1
    max_values: int = 1


Control = ButtonSpec | SelectSpec


MALFORMED_CONTROL = N_("that button or menu is damaged: it names no move the bot offers, so nothing was done. "
                     "Use the buttons on the latest table message, or /hand")


class MalformedControl(Exception):
    """A control whose move code (or menu choice) the game's reader cannot make a move of: a
    forged or damaged custom_id, refused like any bad input (bot/client.py never sees it)."""


@contextlib.contextmanager
def read_as_control(code: str, values: list[str] | None = None) -> Iterator[None]:
    """Reading a control's code into a move: what fails to read (`turn.a.b`, `turn.0`, a menu
    choice missing) is a malformed control, not a failure of the bot."""
    try:
        yield
    except (ValueError, IndexError, KeyError, TypeError, AttributeError, OverflowError) as error:
        raise MalformedControl(f"{code!r} {values or []!r}: {type(error).__name__}: {error}") from error


def button_action(ui: GameUI, code: str) -> Action | None:
    """The move a button code stands for (None: it opens a form); MalformedControl if unreadable."""
    with read_as_control(code):
        return ui.action_for(code)


def menu_action(ui: GameUI, code: str, values: list[str]) -> Action:
    """The move a menu's choice stands for; MalformedControl if unreadable."""
    with read_as_control(code, values):
        return ui.select_action(code, values)


def action_view(table: Table, controls: list[Control]) -> discord.ui.View | None:
    """Buttons and menus for the moves legal now, routed by custom_id (restart-proof)."""
    if not controls:
        return None
    view = discord.ui.View(timeout=None)
    step, lasting_step = table.step_key(), table.lasting_step()
    for spec in controls[:25]:
        if isinstance(spec, SelectSpec):
            view.add_item(GameSelect(table.id, step, spec))
        else:
            view.add_item(GameButton(table.id, lasting_step if spec.lasting else step, spec))
    return view


class GameButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tt:(?P<table>\d+):(?P<step>[\w.\-]+):(?P<code>[\w.\-]+)"):
    """A move button. Its routing lives in custom_id, so it works after a restart."""

    def __init__(self, table_id: int, step: str, spec: ButtonSpec) -> None:
        super().__init__(
            discord.ui.Button(
                label=spec.label, style=spec.style, disabled=spec.disabled,
                custom_id=f"tt:{table_id}:{step}:{spec.code}",
            )
        )
        self.table_id, self.step, self.code = table_id, step, spec.code

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: Any) -> GameButton:
        return cls(int(match["table"]), match["step"], ButtonSpec(item.label or "", match["code"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.common import answered, press

        await answered(interaction, press(self, interaction))


class GameSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"ts:(?P<table>\d+):(?P<step>[\w.\-]+):(?P<code>[\w.\-]+)"):
    """A move menu (choose a card…), routed like GameButton."""

    def __init__(self, table_id: int, step: str, spec: SelectSpec | None = None, code: str = "") -> None:
        code = spec.code if spec else code
        select: discord.ui.Select = discord.ui.Select(custom_id=f"ts:{table_id}:{step}:{code}")
        if spec is not None:
            select.placeholder = spec.placeholder
            select.min_values, select.max_values = spec.min_values, min(spec.max_values, len(spec.options))
            for label, value in spec.options[:25]:
                select.add_option(label=label[:100], value=value)
        super().__init__(select)
        self.table_id, self.step, self.code = table_id, step, code

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select, match: Any) -> GameSelect:
        return cls(int(match["table"]), match["step"], code=match["code"])

    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.common import answered, choose

        await answered(interaction, choose(self, interaction))
