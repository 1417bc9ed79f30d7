"""Loc (rules/loc.md): the rules (`rules`) and the computer players (`ai`: easy and normal;
`hard`: the search), offered to the runtime as one game module. The computer players depend on
the rules, never the reverse."""

from games.base import Action
from games.loc import ai, hard
from games.loc.rules import *  # noqa: F403 - the game contract
from games.loc.rules import State, view


def computer_action(state: State, player: int, level: str = "normal") -> Action:
    """The computer's choice at `level`, made from what it may see (`view`), never from the state."""
    seen = view(state, player)
    return hard.choose(seen) if level == "hard" else ai.choose(seen, level)
