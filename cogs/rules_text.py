"""The short rules `/rules` shows, one entry per game."""

RULES = {
    "blackjack": (
        "Beat the dealer without going over 21. Minor cards count as usual (courts 10, Ace 1 or 11); "
        "**majors count their number, 0–21** — the World alone is a blackjack.\n"
        "• Bet in the betting window, then the dealer takes one card up and one down and you get **one** card.\n"
        "• Hit, Stand (even on one card), Double (two cards: double the bet, one more card), "
        "Split (two cards of the same value).\n"
        "• Dealer draws to 17. Settlement: bust loses; dealer bust wins; **a hand holding a major beats one "
        "without**; higher total; equal totals: more reversed cards wins; else push.\n"
        "• Win pays 1:1, blackjack 3:2.\n"
        "Start: `/blackjack create`, then `/table join` and the host's `/table start`."
    ),
    "baccarat": (
        "Punto banco: bet on **Player**, **Banker** or **Tie**; the bot deals both hands by the usual tableau.\n"
        "• Counts are mod 10: courts and tens 0; **majors count their number mod 10** (the Fool, 10, 20 are 0).\n"
        "• **A hand holding a major beats one without**; then the higher count; equal counts: more reversed "
        "cards wins; else a tie.\n"
        "• Player pays 1:1, Banker 1:1 less 5% commission, Tie 8:1 (Player and Banker bets come back on a tie).\n"
        "Start: `/baccarat create`, then `/table join` and the host's `/table start`."
    ),
    "poker": "Major Poker: hold'em and draw with the 78-card deck — majors are three extra suits and beat minors. Coming soon.",
    "tarot": "French Tarot: the trick-taking game for 3–5 players, scored by the card-point counter. Coming soon.",
    "rummy": "Tarot Rummy: two players meld Serpents, Swords, Spheres, Paths, Mothers, Doubles and Singles. Coming soon.",
    "loc": "Loc: everyone plays a card at once for the pot; the highest takes it, the Fool excuses. Coming soon.",
    "arcanoid": "Arcanoid: a battle on four battlefields with the 22 major-arcana powers. Coming soon.",
}
