"""Every game module by the name its commands use."""

from __future__ import annotations

from types import ModuleType

from games import baccarat, blackjack

GAMES: dict[str, ModuleType] = {
    "blackjack": blackjack,
    "baccarat": baccarat,
}
