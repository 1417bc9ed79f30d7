"""Tarot Rummy (rules/rummy.md): the rules (`rules`), the melds (`melds`) and the computer
players (`ai`: easy and normal; `hard`: the search), offered to the runtime as one game module.
The computer players depend on the rules, never the reverse; the moves that need both (a timeout's default, a computer's move) are
made here."""

from games.base import Action
from games.rummy import ai, hard
from games.rummy.rules import *  # noqa: F403 - the game contract
from games.rummy.rules import State, view


def default_action(state: State, player: int) -> Action:
    """What a timeout plays: the table's own melds and limit, a draw from the stock, the
    discard that leaves the least unmelded (never a call), the widest column, no answer."""
    if state.phase == "identify":
        return {"type": "answer", "choice": ""}
    move = computer_action(state, player)
    if move["type"] == "call":
        return {"type": "discard", "card": move["card"]}
    if move["type"] == "draw":
        return {"type": "draw", "from": "stock"}
    return move


def computer_action(state: State, player: int, level: str = "normal") -> Action:
    """The computer's move at `level`, chosen from what it may see (`view`), never from the state."""
    seen = view(state, player)
    return hard.choose(seen) if level == "hard" else ai.choose(seen, level)
