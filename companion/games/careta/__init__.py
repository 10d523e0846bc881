"""Careta: its match screen and the pieces it is drawn from."""

from companion.games.careta.screen import UI

__all__ = ["UI"]
