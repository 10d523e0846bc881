"""Carrera: its match screen and the pieces it is drawn from."""

from companion.games.carrera.screen import UI

__all__ = ["UI"]
