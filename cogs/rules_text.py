"""The short rules `/rules` shows, one entry per game."""

RULES = {
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
}
