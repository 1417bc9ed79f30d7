"""The short rules `/rules` shows, one entry per game."""

RULES = {
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
