"""Major Poker (rules/poker.md): the rules (`rules`) and the hand values (`hands`), offered to
the runtime as one game module."""

from games.poker.hands import CATEGORIES, best_hand, hand_value  # noqa: F401 - the hand values, for callers
from games.poker.rules import *  # noqa: F403 - the game contract
