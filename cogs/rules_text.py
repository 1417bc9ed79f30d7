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
    "poker": (
        "No-limit **hold'em** (2 hole cards, 5 on the board, best five of seven) or five-card **draw** (one draw, "
        "two betting rounds), blinds, side pots.\n"
        "• Majors are three extra suits: First {0, 21}, Second {1–10}, Third {11–20}; a major ranks by its last "
        "digit (1, 11, 21 are Aces; 0, 10, 20 are tens) and never has courts.\n"
        "• **Any hand holding a major beats every hand without one** — a royal flush loses to a major high card.\n"
        "• Cards are of a kind only with the same rank **and orientation**: a reversed pair beats the same pair "
        "upright. Straights and flushes ignore orientation. Straight flush ranks above five of a kind.\n"
        "• Orientation `best`: your hole cards are turned for your best hand at showdown; `manual`: you turn them "
        "in your DM (or `/poker turn`).\n"
        "• `/poker check | call | bet | raise | fold | allin`, `/poker discard` at the draw; `/history` for your last hands.\n"
        "Start: `/poker create`, then `/table join` and the host's `/table start`."
    ),
    "tarot": (
        "French Tarot (FFT rules), 3–5 players; computer players can fill seats (`bots`).\n"
        "• Bid once each, higher or pass: **Prise** ×1 < **Garde** ×2 < **Garde sans** ×4 < **Garde contre** ×6. "
        "With 5 the taker calls a king: its holder is the secret partner.\n"
        "• Prise, garde: the dog is shown; the taker discards as many (no king, no oudler; trumps only if forced).\n"
        "• Follow suit; void, trump; always overtrump if you can. The **Excuse** excuses: it stays with its side "
        "for an empty card.\n"
        "• Oudlers (1, 21, Excuse) set the points needed: 56, 51, 41, 36 of 91. Score (25 + difference) × contract, "
        "petit au bout, poignées, chelem; zero-sum.\n"
        "Start: `/tarot create players:4 bots:3`, then Start; play from your DM menu or `/tarot play`."
    ),
    "rummy": (
        "Two players (or you against the computer) meld by the Tree of Life. Ten cards each, an upcard starts the "
        "discard pile; a turn is **draw** (stock or discard pile) then **discard**.\n"
        "• Melds of 3+: **Serpent** consecutive trumps · **Sword** a run in one suit · **Sphere** one rank, "
        "3–4 suits · **Path** Ace–10 of a suit joined by the trumps of their paths (8C 15 6C) · **Mother** 0 12 20 · "
        "**Double** planetary trumps · **Single** consecutive signs, round the zodiac.\n"
        "• Unmelded values: Ace–10 face value, courts 10, elemental trumps 3, planetary 7, zodiacal 12.\n"
        "• **Call** (discard face down) when your unmelded value is within the call limit (10). All melded: 22 + "
        "theirs. Otherwise they lay off onto your melds; you score the difference, or if you are **undercut** they "
        "score 22 + it. The stock running out kills the hand. The game goes past 156.\n"
        "Start: `/rummy create` (`opponent:bot` to play the computer); `/rummy meld` arranges melds by hand."
    ),
    "loc": (
        "Everyone plays a card at once for one pot; the bet is fixed when the table is created.\n"
        "• Each hand: ante one bet, get six cards by DM, discard one face down, then **five plays**: each "
        "player picks a card in private (DM menu or `/loc play`); all are revealed together.\n"
        "• A **trump** on the table: the highest trump takes the pot (the **Fool** is above 21). Else an "
        "**Ace**: the highest Ace takes it. After a take, everyone (the winner too) puts one bet back in.\n"
        "• No trump, no Ace: the highest card is **excused**; every other player pays one bet.\n"
        "• The fifth play: the highest card takes the pot, whatever it is. Then a new hand.\n"
        "• Suit cards rank A K Q Kn P 10…2; ties by suit: Swords, Cups, Pentacles, Wands. `deck: standard` "
        "plays 52 cards and the Joker (a super-Ace); `pot_trumps: high` lets only 15–21 and the Fool take.\n"
        "• Short of chips? You put in what you have and play on; with none at a hand's start you leave.\n"
        "Start: `/loc create bet:10`, then `/table join` (3–10 players; 4+ is better) and `/table start`."
    ),
    "arcanoid": "Arcanoid: a battle on four battlefields with the 22 major-arcana powers. Coming soon.",
}
