"""No-limit betting for one hand, written once (rules/poker.md, "Betting"): blinds, bets and
raises with the minimum-raise rule, all-in for less not reopening the betting, the end of a
betting round, uncalled bets returned and the pots (games/pots.py) built from what each
player put in.

The chips a player brings into a hand live in their `Bettor` for the hand (`stack` behind,
`bet` this round, `put_in` this hand); the game moves them back to the table seat when the
hand ends. Every move comes as a check and a do (`verify_raise` / `raise_to` ...): the check
raises `IllegalAction` with a sentence for the player and changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games import pots
from games.base import N_, IllegalAction, Text, flat_dict, parse_amount, require


@dataclass
class Bettor:
    player: int
    stack: int
    bet: int = 0
    put_in: int = 0
    folded: bool = False
    acted: bool = False
    raises_seen: int = 0  # the round's count of full bets and raises when this bettor last acted

    @property
    def all_in(self) -> bool:
        return not self.folded and self.stack == 0

    @property
    def can_act(self) -> bool:
        return not self.folded and self.stack > 0

    def pay(self, amount: int) -> int:
        """Move up to `amount` from the stack to the bet; what was actually paid."""
        paid = pots.pay_in(self.stack, amount)
        self.stack -= paid
        self.bet += paid
        self.put_in += paid
        return paid


@dataclass
class Betting:
    """One hand's betting. `bettors` are in seat order from the left of the button (the order
    that also breaks odd chips); `actor` indexes the bettor to act, None between rounds."""

    bettors: list[Bettor]
    big_blind: int
    current_bet: int = 0
    last_raise: int = 0  # the size of the last full bet or raise this round (at least the big blind)
    raises: int = 0  # full bets and raises this round
    actor: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {**flat_dict(self), "bettors": [flat_dict(b) for b in self.bettors]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Betting:
        return cls(**{**data, "bettors": [Bettor(**b) for b in data["bettors"]]})

    # --- looking -----------------------------------------------------------------------

    def find(self, player: int) -> Bettor | None:
        return next((b for b in self.bettors if b.player == player), None)

    def current(self) -> Bettor | None:
        return None if self.actor is None else self.bettors[self.actor]

    def live(self) -> list[Bettor]:
        return [b for b in self.bettors if not b.folded]

    def to_call(self, bettor: Bettor) -> int:
        return min(self.current_bet - bettor.bet, bettor.stack)

    def min_raise_to(self) -> int:
        """The smallest total a full bet (no bet yet: the big blind) or raise reaches."""
        return self.current_bet + max(self.last_raise, self.big_blind)

    def max_to(self, bettor: Bettor) -> int:
        return bettor.bet + bettor.stack

    def others_can_act(self, bettor: Bettor) -> bool:
        return any(b.can_act for b in self.bettors if b is not bettor)

    def may_raise(self, bettor: Bettor) -> bool:
        """Raising is open to a bettor who has not acted since the last full raise, has chips
        beyond a call, and faces someone who could still answer."""
        reopened = not bettor.acted or bettor.raises_seen < self.raises
        return reopened and bettor.stack > self.current_bet - bettor.bet and self.others_can_act(bettor)

    def needs_action(self, bettor: Bettor) -> bool:
        return bettor.can_act and (not bettor.acted or bettor.bet < self.current_bet)

    def closed(self) -> bool:
        """No betting is possible any more this hand: at most one bettor has chips, and that
        one has nothing to call."""
        able = [b for b in self.bettors if b.can_act]
        return len(able) == 0 or (len(able) == 1 and able[0].bet >= self.current_bet)

    def next_actor(self, start: int) -> int | None:
        """The first bettor from index `start` on (going round) who must act; None when the
        round is over."""
        if len(self.live()) <= 1 or self.closed():
            return None
        n = len(self.bettors)
        for step in range(n):
            index = (start + step) % n
            if self.needs_action(self.bettors[index]):
                return index
        return None

    def pots(self) -> list[pots.Pot]:
        all_in = {b.player for b in self.bettors if b.all_in}
        return pots.build_pots(self.contributions(), self.folded(), self.order(), all_in)

    def contributions(self) -> dict[int, int]:
        return {b.player: b.put_in for b in self.bettors}

    def folded(self) -> set[int]:
        return {b.player for b in self.bettors if b.folded}

    def order(self) -> list[int]:
        return [b.player for b in self.bettors]

    def in_play(self) -> int:
        """Every chip of the hand: stacks behind and everything put in."""
        return sum(b.stack + b.put_in for b in self.bettors)

    # --- the round -----------------------------------------------------------------------

    def post_blinds(self, small: int, big: int, small_blind: int, big_blind: int) -> tuple[int, int]:
        """Post the blinds (a short stack posts all it has); the bet to call is the full big
        blind. Returns the chips actually posted."""
        posted = self.bettors[small].pay(small_blind), self.bettors[big].pay(big_blind)
        self.current_bet = big_blind
        self.last_raise = big_blind
        return posted

    def start_round(self, first: int) -> None:
        """A new betting round (after the flop, the draw...): bets back to zero."""
        for b in self.bettors:
            b.bet = 0
            b.acted = False
            b.raises_seen = 0
        self.current_bet = 0
        self.last_raise = self.big_blind
        self.raises = 0
        self.actor = self.next_actor(first)

    def end_round(self) -> None:
        """Between rounds (the draw, the showdown): bets are in the pot, no one is to act."""
        for b in self.bettors:
            b.bet = 0
        self.current_bet = 0
        self.actor = None

    def return_uncalled(self) -> tuple[int, int] | None:
        """At the end of a round: the part of the top contribution nobody matched goes back."""
        back = pots.uncalled(self.contributions(), self.folded())
        if back is None:
            return None
        bettor = self.find(back[0])
        assert bettor is not None
        bettor.stack += back[1]
        bettor.put_in -= back[1]
        bettor.bet -= back[1]
        return back

    # --- moves: verify, then do ----------------------------------------------------------

    def verify_turn(self, player: int, mention: str) -> Bettor:
        bettor = self.find(player)
        require(bettor is not None, N_("you are not in this hand; you'll be dealt in at the next one"))
        assert bettor is not None
        require(not bettor.folded, N_("you have folded this hand"))
        current = self.current()
        require(current is not None, N_("no one is betting right now"))
        assert current is not None
        require(current is bettor, N_("it is not your turn: {player} is to act"), player=mention)
        return bettor

    def verify_check(self, bettor: Bettor) -> None:
        owed = self.to_call(bettor)
        require(owed == 0, N_("you can't check: it is {owed} to call — call {owed}, raise or fold"), owed=owed)

    def verify_call(self, bettor: Bettor) -> int:
        owed = self.to_call(bettor)
        require(owed > 0, N_("there is nothing to call: check or bet"))
        return owed

    def verify_bet(self, bettor: Bettor, raw: Any) -> int:
        """A first bet of the round; returns the amount."""
        require(self.current_bet == 0, N_("there is already a bet of {bet}: call, raise to a total, or fold"),
                bet=self.current_bet)
        amount = parse_amount(raw, "bet")
        require(amount <= bettor.stack, N_("you have {n} chip, the bet is {amount}"),
                plural=N_("you have {n} chips, the bet is {amount}"), count=bettor.stack, amount=amount)
        require(self.others_can_act(bettor), N_("no one is left to answer a bet: check"))
        if amount < bettor.stack:
            require(amount >= self.big_blind, N_("the minimum bet is {bet} (or all-in for {stack})"),
                    bet=self.big_blind, stack=bettor.stack)
        return amount

    def verify_raise(self, bettor: Bettor, raw: Any) -> int:
        """A raise to a total of `raw` chips this round; returns that total. With no bet yet,
        it is a bet of that total."""
        if self.current_bet == 0:
            return self.verify_bet(bettor, raw)
        total = parse_amount(raw, "raise")
        most = self.max_to(bettor)
        require(total <= most, N_("you have {n} chip: the most you can raise to is {most}"),
                plural=N_("you have {n} chips: the most you can raise to is {most}"), count=bettor.stack, most=most)
        require(total > self.current_bet, N_("a raise must go above the bet of {bet}; the minimum raise is to {least}"),
                bet=self.current_bet, least=self.min_raise_to())
        require(self.may_raise(bettor), self._why_no_raise(bettor))
        if total < most:
            require(total >= self.min_raise_to(),
                    N_("the minimum raise is to {least} (the last raise was {last}), or all-in to {most}"),
                    least=self.min_raise_to(), last=max(self.last_raise, self.big_blind), most=most)
        return total

    def _why_no_raise(self, bettor: Bettor) -> Text:
        if not self.others_can_act(bettor):
            return Text(N_("everyone else is all-in: you can only call or fold"))
        if bettor.stack <= self.current_bet - bettor.bet:
            return Text(N_("you don't have the chips to raise: call all-in or fold"))
        return Text(N_("the all-in for less than a full raise did not reopen the betting: call or fold"))

    def verify_allin(self, bettor: Bettor) -> int:
        """All-in: a call (maybe for less), a bet or a raise. Returns the total it reaches."""
        most = self.max_to(bettor)
        if most <= self.current_bet:
            return most
        if self.current_bet == 0:
            require(self.others_can_act(bettor), N_("no one is left to answer a bet: check"))
        else:
            owed = self.to_call(bettor)
            why = self._why_no_raise(bettor)
            require(self.may_raise(bettor), Text(N_("{why} (call {owed})"), why=why, owed=owed) if owed else why)
        return most

    def check(self, bettor: Bettor) -> None:
        self._acted(bettor)

    def call(self, bettor: Bettor) -> int:
        paid = bettor.pay(self.current_bet - bettor.bet)
        self._acted(bettor)
        return paid

    def fold(self, bettor: Bettor) -> None:
        bettor.folded = True
        self._acted(bettor)

    def raise_to(self, bettor: Bettor, total: int) -> str:
        """Bet or raise to `total` (an all-in may fall short of a full raise, or even of a
        call). Returns what it was: "bet", "raise", "call" or "short" (an all-in raise of
        less than a full raise: the bet to call goes up, the betting is not reopened)."""
        increase = total - self.current_bet
        bettor.pay(total - bettor.bet)
        if increase <= 0:
            kind = "call"
        elif self.current_bet == 0:
            kind = "bet"
        elif increase >= max(self.last_raise, self.big_blind):
            kind = "raise"
        else:
            kind = "short"
        if kind in ("bet", "raise"):
            self.last_raise = max(increase, self.big_blind)
            self.raises += 1
        if increase > 0:
            self.current_bet = total
        self._acted(bettor)
        return kind

    def _acted(self, bettor: Bettor) -> None:
        bettor.acted = True
        bettor.raises_seen = self.raises
        index = self.bettors.index(bettor)
        self.actor = self.next_actor(index + 1)


__all__ = ["Betting", "Bettor", "IllegalAction"]
