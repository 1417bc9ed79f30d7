"""Arcanoid (rules/arcanoid.md): the battle game of the 22 major arcana. The rules (`rules`),
the majors' powers (`powers`), who wins (`battle`) and the computer player (`ai`), offered to
the runtime as one game module. The computer player depends on the rules, never the reverse.

Actions (JSON dicts; cards in the notation of rules/cards.md, orientation ignored):
- `{"type": "discard", "card": "7S"}` - one card from the hand (or Strength's visible cards).
- `{"type": "commit", "field": "swords", "cards": ["9S", "10S"]}` - `cards: []` abdicates;
  optional `"second": "cups"` (the Empress and Emperor, or the Lovers with one of them, on two
  battlefields), `"secret": true` (KOBLENZ, once a round), `"chariot": true` (the Chariot's
  reserve goes too; `cards` are the extra cards). The Magician `"1"` in `cards` transmutes one
  numeric card (MALTA*: commits secretly). WORMS*: a commit on a field holding a lone ace
  completes it.
- `{"type": "play", "arcanum": "16", ...}` - a major's power: High Priestess and Hanged Man
  `target` (a seat's player id); Hierophant `call` (swords/staves/cups/coins/trumps/fool);
  Strength `option` (visible/hidden); Temperance `field`; Tower and Judgment `target` and
  `field`; Star/Moon/Sun `call` (a card; the Sun may call a major other than 0, 20, 21).
- `{"type": "chariot", "cards": [...]}`, `{"type": "chariot_add", "cards": [one or two]}`,
  `{"type": "chariot_drop"}`; `{"type": "remove_temperance"}` (NASSAU and after).
- After a move that waits on its player: `{"type": "wheel", "cards": [the N to discard]}`,
  `{"type": "call", "card": "KC" | null}` (a further call of the Moon or Sun, null to stop).
- `{"type": "vote", "refill": true | false}` - the refill vote, in turn.
- In a reaction window: `{"type": "fool"}` (steal the commitment just made; `"seat": -101`
  for the Fool in the hand of a daemon one is master of: the daemon steals), any turn move
  by a player whose Hermit has moves left (with `"seat": -101`, the move of a daemon one is
  master of whose Hermit has moves left), `{"type": "pass"}`; the runtime closes the window
  with `{"type": "close_window"}` as player 0 (`rules.RUNTIME`) when `reaction_window(state)`
  seconds have passed.

The view (`view(state, player | None)`): `phase` (play, choice, vote, window, over), `round`,
`rounds`, `variant`, `gaza`, `turn` (the seat on turn) and `turn_controller` (who moves it),
`pending`, `commitment` (SHA-256 of the round's secret seed), `deck`, `discard`, `justice` (the
shared row or None), `temperance` ({owner, field} or None), `touched` (battlefields the World may
no longer take), `seats` (each: player, kind player/daemon/usa, master, controller, hand_count,
hand (own seat and daemons only), visible, fields {field: form, cards (hidden when secret),
count, secret, linked, ace_open}, finished, complete, chariot, reserve, hermit, hermit_moves,
shown (the USA's cards turned up)), `window` ({id, after, field, holder (whose battlefield took
the commitment: after's, or Judgment's target), seconds} - never who can react),
`vote`, `choice`, `reveal` (the last cards shown to all), `log`, `results` (each round's
winners), `scores`, `winners`, `history` (finished rounds with their seeds), and `me` (own seat
only: hand, visible, looks (High Priestess and Fool looks), reactions (["fool", "daemon_fool",
"hermit", "daemon_hermit"] when the player may react now), fool_daemons and hermit_daemons (the
daemons whose Fool, or whose Hermit's move, they may play now), passed, secret, daemons).
"""

from games.arcanoid import ai, hard
from games.arcanoid.battle import battle_winner, can_steal, game_winners
from games.arcanoid.rules import *  # noqa: F403 - the game contract
from games.arcanoid.rules import State, view
from games.base import Action

__all__ = ["battle_winner", "can_steal", "game_winners", "default_action", "computer_action"]


def default_action(state: State, player: int) -> Action:
    """A timeout (rules/arcanoid.md, "Chat play"): the lowest numeric card is discarded, with
    no card left the first open battlefield abdicated; a vote agrees; a choice keeps the best."""
    return ai.timeout_move(view(state, player))


def computer_action(state: State, player: int, level: str = "normal") -> Action:
    """The computer's move at `level`, chosen from what its seat may see (`view`; the hard
    player imagines the rest anew from it), never from the hidden cards."""
    if level == "hard":
        return hard.choose(state, player)
    return ai.choose(view(state, player), level)
