"""French Tarot (rules/french-tarot.md): the rules (`rules`) and the computer player (`ai`),
offered to the runtime as one game module. The computer player depends on the rules, never the
reverse; the moves that need both (a timeout's default, a computer's move) are made here."""

from games.base import Action
from games.french_tarot import ai, hard
from games.french_tarot.rules import *  # noqa: F403 - the game contract
from games.french_tarot.rules import State


def default_action(state: State, player: int) -> Action:
    """A timeout: pass in the bidding, no chelem, otherwise the computer player's move."""
    if state.phase == "bidding":
        return {"type": "bid", "contract": "pass"}
    if state.phase == "chelem":
        return {"type": "no_chelem"}
    return ai.choose(state, player, announce=False)


def computer_action(state: State, player: int, level: str = "normal") -> Action:
    """The computer's move at `level`, from what `player` may know (ai.knowledge), never others' cards."""
    if level == "hard":
        return hard.choose(state, player)
    return ai.choose_easy(state, player) if level == "easy" else ai.choose(state, player)
