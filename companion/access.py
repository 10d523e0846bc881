"""Who may keep score: the PIN of a shared (`--lan`) table and the rate limit on guessing it.

Without `--lan` the app serves only this computer and every session keeps score, as before. With
`--lan`, anyone on the network can open the app and follow the matches, and a session keeps score
only after its PIN is entered. The check sits on the server, in `companion.tables.Tables`, where
every change to a match is made: whatever a page sends, a locked session changes nothing.

Each session holds a `Pass`; the `Gate` alone decides whether a pass is unlocked (a pass is only a
random token, so code that holds one cannot unlock it by itself). Wrong PINs are rate limited per
session and across all sessions (a new tab is a new session), with waits that double each time.

>>> gate = Gate("2468", clock=lambda: 0.0)
>>> p = gate.new_pass()
>>> gate.allows(p)
False
>>> gate.unlock(p, "2468")
>>> gate.allows(p)
True
>>> Gate(None).allows(Gate(None).new_pass())
True
"""

from __future__ import annotations

import hmac
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from scoring import RuleViolation

FREE_TRIES = 5  # wrong PINs a session may enter before it has to wait
GLOBAL_FREE_TRIES = 20  # wrong PINs from all sessions together before everyone waits
FIRST_WAIT = 30.0  # seconds; each further wrong PIN doubles the wait
LONGEST_WAIT = 3600.0
PIN_DIGITS = range(4, 9)


class Locked(RuleViolation):
    """A change asked for by a session that has not entered the PIN."""

    def __init__(self) -> None:
        super().__init__(
            "locked",
            "Only the scorekeeper can change the match here: enter the PIN (Share) to keep "
            "score. You can follow the match as it is played.",
        )


class PinRefused(RuleViolation):
    """A wrong PIN, or a try made while the rate limit asks to wait (`wait` seconds)."""

    def __init__(self, rule: str, message: str, wait: float = 0.0) -> None:
        super().__init__(rule, message)
        self.wait = wait


def new_pin() -> str:
    """A random 4-digit PIN for one run of the app."""
    return f"{secrets.randbelow(10_000):04d}"


def check_pin(pin: str) -> str:
    """`pin` if it is 4 to 8 digits; ValueError with a sentence otherwise."""
    if not pin.isascii() or not pin.isdigit() or len(pin) not in PIN_DIGITS:
        raise ValueError("the PIN must be 4 to 8 digits, e.g. --pin 2468")
    return pin


@dataclass(frozen=True, eq=False)
class Pass:
    """One session's identity at the tables: an unguessable token, compared by identity."""

    token: str = field(default_factory=lambda: secrets.token_urlsafe(16))

    def __repr__(self) -> str:
        return "Pass(...)"


@dataclass
class _Tries:
    wrong: int = 0
    not_before: float = 0.0


def _wait(wrong: int, free: int) -> float:
    """Seconds to wait after the `wrong`-th wrong PIN when `free` are allowed without a wait."""
    if wrong < free:
        return 0.0
    return min(LONGEST_WAIT, FIRST_WAIT * 2 ** (wrong - free))


def say_wait(seconds: float) -> str:
    """'30 s', '2 min', '1 h' for a wait, rounded up."""
    seconds = max(1, int(seconds + 0.999))
    if seconds < 90:
        return f"{seconds} s"
    if seconds < 5400:
        return f"{(seconds + 59) // 60} min"
    return f"{(seconds + 3599) // 3600} h"


class Gate:
    """The PIN of one run (None: no PIN, everyone keeps score) and which passes are unlocked."""

    def __init__(self, pin: str | None, *, clock: Callable[[], float] = time.monotonic) -> None:
        self._pin = check_pin(pin) if pin is not None else None
        self._clock = clock
        self._lock = threading.Lock()
        self._unlocked: set[str] = set()
        self._tries: dict[str, _Tries] = {}
        self._all = _Tries()

    @property
    def open(self) -> bool:
        """True when there is no PIN: every session keeps score."""
        return self._pin is None

    def new_pass(self) -> Pass:
        return Pass()

    def allows(self, who: Pass | None) -> bool:
        """May `who` change matches? Always without a PIN; with one, only an unlocked pass."""
        if self._pin is None:
            return True
        with self._lock:
            return who is not None and who.token in self._unlocked

    def check(self, who: Pass | None) -> None:
        """Raise Locked unless `who` may change matches."""
        if not self.allows(who):
            raise Locked()

    def unlock(self, who: Pass, attempt: str) -> None:
        """Unlock `who` with the PIN; PinRefused (wrong, or wait first) otherwise.

        While a wait is running no PIN is compared at all, so guessing faster gains nothing.
        """
        if self._pin is None:
            return
        with self._lock:
            now = self._clock()
            mine = self._tries.get(who.token, _Tries())
            for tries, whose in ((mine, "this device"), (self._all, "this table")):
                if now < tries.not_before:
                    left = tries.not_before - now
                    raise PinRefused("pin-wait", f"Too many wrong PINs on {whose}: wait "
                                     f"{say_wait(left)} before trying again.", left)
            if hmac.compare_digest(attempt.strip().encode(), self._pin.encode()):
                self._unlocked.add(who.token)
                self._tries.pop(who.token, None)
                return
            self._tries[who.token] = mine  # kept only for sessions that entered a wrong PIN
            mine.wrong += 1
            self._all.wrong += 1
            waits = (_wait(mine.wrong, FREE_TRIES), _wait(self._all.wrong, GLOBAL_FREE_TRIES))
            mine.not_before = now + waits[0]
            self._all.not_before = now + waits[1]
            wait = max(waits)
            if wait:
                raise PinRefused("wrong-pin", f"Wrong PIN. Too many wrong PINs: wait "
                                 f"{say_wait(wait)} before trying again.", wait)
            left = FREE_TRIES - mine.wrong
            raise PinRefused("wrong-pin", f"Wrong PIN. {left} {'try' if left == 1 else 'tries'} "
                             "left before a wait.")

    def lock(self, who: Pass) -> None:
        """Lock `who` again (a scorekeeper handing the phone to a spectator)."""
        with self._lock:
            self._unlocked.discard(who.token)
