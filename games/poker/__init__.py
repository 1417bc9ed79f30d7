"""Major Poker (rules/poker.md): the rules (`rules`), the hand values (`hands`) and the
computer players (`ai`: normal and easy; `hard`), offered to the runtime as one game module.
The computer players depend on the rules, never the reverse."""

from games.base import Action
from games.poker import ai, hard
from games.poker.hands import CATEGORIES, best_hand, hand_value  # noqa: F401 - the hand values, for callers
from games.poker.rules import *  # noqa: F403 - the game contract
from games.poker.rules import State, view


def computer_action(state: State, player: int, level: str = "normal") -> Action:
    """The computer's move at `level`, chosen from what it may see (`view`), never from the state."""
    seen = view(state, player)
    return hard.choose(seen, player) if level == "hard" else ai.choose(seen, player, level)
