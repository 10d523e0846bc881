"""Carrera: its match screen and the pieces it is drawn from."""

from dataclasses import replace

from companion.games.carrera.screen import UI as PLAY
from companion.games.carrera.watch import CarreraWatch

# The watcher's view lives beside the scorekeeper's screen, not in it (screen.py knows nothing
# of watchers): the frame picks one by whether the session keeps score.
UI = replace(PLAY, watch=CarreraWatch)

__all__ = ["UI"]
