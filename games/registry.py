"""Every game module by the name its commands use."""

from __future__ import annotations

import importlib
from types import ModuleType

GAME_NAMES = ("blackjack", "baccarat", "poker", "tarot", "rummy", "loc", "arcanoid")
MODULES = {"tarot": "french_tarot"}


def _load() -> dict[str, ModuleType]:
    games: dict[str, ModuleType] = {}
    for name in GAME_NAMES:
        module_name = f"games.{MODULES.get(name, name)}"
        try:
            games[name] = importlib.import_module(module_name)
        except ModuleNotFoundError as missing:
            if missing.name != module_name:
                raise
    return games


GAMES: dict[str, ModuleType] = _load()
