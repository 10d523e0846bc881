"""Ratel: its match screen and the pieces it is drawn from."""

from companion.games.ratel.screen import UI

__all__ = ["UI"]
