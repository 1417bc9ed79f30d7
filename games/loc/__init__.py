"""Loc (rules/loc.md): the rules (`rules`) and the computer player (`ai`), offered to the
runtime as one game module. The computer player depends on the rules, never the reverse."""

from games.base import Action
from games.loc import ai
from games.loc.rules import *  # noqa: F403 - the game contract
from games.loc.rules import State, view


def computer_action(state: State, player: int, level: str = "normal") -> Action:
    """The computer's choice at `level`, made from what it may see (`view`), never from the state."""
    return ai.choose(view(state, player), level)
