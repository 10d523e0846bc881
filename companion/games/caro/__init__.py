"""Caro: its match screen and the pieces it is drawn from."""

from companion.games.caro.screen import UI

__all__ = ["UI"]
