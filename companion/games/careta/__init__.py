"""Careta: its match screen and the pieces it is drawn from."""

from dataclasses import replace

from companion.games.careta.screen import UI as PLAY
from companion.games.careta.watch import CaretaWatch

# The watcher's view lives beside the scorekeeper's screen, not in it (screen.py knows nothing
# of watchers): the frame picks one by whether the session keeps score.
# A finished game's result is said once, by the Last game panel (an entry with "winners").
UI = replace(PLAY, watch=CaretaWatch, says_itself=lambda entry: "winners" in entry)

__all__ = ["UI"]
