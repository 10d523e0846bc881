"""Moved to companion/flet_internals.py: the offline web app checks its Flet version with it and
ships no server code. This name stays for the served app's code and tests; it is the same module
object (a patch made through either name reaches both)."""

import sys

from companion import flet_internals

sys.modules[__name__] = flet_internals
