"""Ratel: its match screen and the pieces it is drawn from."""

from dataclasses import replace

from companion.games.ratel.screen import UI as PLAY
from companion.games.ratel.watch import RatelWatch

# The watcher's view lives beside the scorekeeper's screen, not in it (screen.py knows nothing
# of watchers): the frame picks one by whether the session keeps score.
UI = replace(PLAY, watch=RatelWatch)

__all__ = ["UI"]
