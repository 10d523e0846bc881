"""The session guards moved to companion/session/guard.py: the offline web app runs them and
ships no server code. This name stays for the served app's code, tests and docs; it is the same
module object (so a patch made through either name reaches both)."""

import sys

from companion.session import guard

sys.modules[__name__] = guard
