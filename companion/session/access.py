"""Who may keep score: the PIN of a shared (`--lan`) table and the rate limit on guessing it.

Without `--lan` the app serves only this computer and every session keeps score, as before. With
`--lan`, anyone on the network can open the app and follow the matches, and a session keeps score
only after its PIN is entered. The check sits on the server, in
`companion.session.open_matches.OpenMatches`, where every change to a
match is made: whatever a page sends, a locked session changes nothing.

Each session holds a `Pass`; the `Gate` alone decides whether a pass is unlocked (a pass is only a
random token, so code that holds one cannot unlock it by itself).

The rate limit has two aims that pull apart: guessing a 4-digit PIN must stay slow, and strangers
must not be able to lock the scorekeeper out by typing wrong PINs (before, 40 tabs with one wrong
PIN each made the right PIN on a new phone wait 30 s, then 60 s, ..., and the count never reset).

- A *device* is the address the page connects from (`Pass.device`; sessions of unknown address
  count as one device, which the served app never has: Flet reports every client's address). A
  reload keeps a device's failures: a new tab is cheap, an address is not. Each device has 5
  free wrong PINs, then waits that double (30 s, 60 s, ... up to 1 h).
- All wrong PINs together draw on a token bucket of 20 that refills one token every 2 hours: the
  table-wide limit now decays, so a burst of wrong PINs is forgotten after a quiet day.
- While that bucket is empty, a device with failures of its own waits for the next token; a
  device with none still gets its PIN compared, from a second bucket of 5 "newcomer" tries that
  also refills one every 2 hours. The scorekeeper typing the right PIN first time is therefore
  never waiting for strangers' failures: it would take strangers who spend a fresh network
  address on every newcomer try (not just a new tab) to empty that bucket too. A right PIN
  costs no token.
- Brute force: both buckets together refill 1 try per hour, the rate the doubling waits reached
  before (they capped at 1 h), and their 25 tokens are about the 26 tries the old limits allowed in
  the first hour; from one address the device limit alone allows 11 in the first hour. Guessing
  10,000 PINs is thus no faster than before (`tests/companion/test_access.py` counts the tries).
- While any wait runs no PIN is compared at all, so guessing faster gains nothing.

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

from companion.session.trust import Trust
from scoring import RuleViolation

FREE_TRIES = 5  # wrong PINs a device may enter before it has to wait
GLOBAL_FREE_TRIES = 20  # the table-wide bucket: wrong PINs from all devices together
NEWCOMER_TRIES = 5  # the bucket for devices without failures while the table-wide one is empty
REFILL = 7200.0  # seconds for each bucket to win back one try
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
    """One session's identity at the tables: an unguessable token, compared by identity.

    `device` names where the session connects from (its address), which the rate limit counts
    wrong PINs by; sessions whose address is unknown (None) count as one device.
    """

    token: str = field(default_factory=lambda: secrets.token_urlsafe(16))
    device: str | None = None

    def __repr__(self) -> str:
        return "Pass(...)"


@dataclass
class _Tries:
    wrong: int = 0
    not_before: float = 0.0


@dataclass
class Bucket:
    """A token bucket: up to `size` tries, winning one back every `refill` seconds."""

    size: int
    refill: float
    tokens: float = -1.0
    at: float = 0.0

    def level(self, now: float) -> float:
        """The tries available at `now` (the bucket starts full)."""
        if self.tokens < 0:
            self.tokens, self.at = float(self.size), now
        self.tokens = min(float(self.size), self.tokens + (now - self.at) / self.refill)
        self.at = now
        return self.tokens

    def take(self, now: float) -> bool:
        """Spend one try if there is one."""
        if self.level(now) < 1:
            return False
        self.tokens -= 1
        return True

    def wait(self, now: float) -> float:
        """Seconds until a try is available again."""
        return max(0.0, (1 - self.level(now)) * self.refill)


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

    def __init__(self, pin: str | None, *, clock: Callable[[], float] = time.monotonic,
                 trust: Trust | None = None) -> None:
        self._pin = check_pin(pin) if pin is not None else None
        self._clock = clock
        self._lock = threading.Lock()
        self._unlocked: set[str] = set()
        # Devices that stay trusted across restarts (a fixed --pin only: trust.py); a pass
        # unlocked by a device token, or given one, maps to that device to revoke at lock().
        self._trust = trust if self._pin is not None else None
        self._devices_of: dict[str, str] = {}
        self._devices: dict[str, _Tries] = {}  # only devices that entered a wrong PIN
        self._table = Bucket(GLOBAL_FREE_TRIES, REFILL)
        self._newcomers = Bucket(NEWCOMER_TRIES, REFILL)

    @property
    def open(self) -> bool:
        """True when there is no PIN: every session keeps score."""
        return self._pin is None

    def new_pass(self, device: str | None = None) -> Pass:
        """A locked pass for a new session connecting from `device` (its address, if known)."""
        return Pass(device=device or None)

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

        The rules are in the module docstring. A PIN is compared only when the device has no wait
        running and a bucket has a try for it: the table-wide one, or for a device without
        failures of its own the newcomers' one.
        """
        if self._pin is None:
            return
        with self._lock:
            now = self._clock()
            key = who.device or ""  # sessions of unknown address count as one device
            mine = self._devices.get(key, _Tries())
            if now < mine.not_before:
                left = mine.not_before - now
                raise PinRefused("pin-wait", "Too many wrong PINs on this device: wait "
                                 f"{say_wait(left)} before trying again.", left)
            if self._table.level(now) >= 1:
                bucket = self._table
            elif mine.wrong == 0 and self._newcomers.level(now) >= 1:
                bucket = self._newcomers
            else:
                left = self._table.wait(now)
                raise PinRefused("pin-wait", "Too many wrong PINs on this table: wait "
                                 f"{say_wait(left)} before trying again.", left)
            if hmac.compare_digest(attempt.strip().encode(), self._pin.encode()):
                self._unlocked.add(who.token)
                self._devices.pop(key, None)
                return
            bucket.take(now)
            self._devices[key] = mine
            mine.wrong += 1
            mine.not_before = now + _wait(mine.wrong, FREE_TRIES)
            wait = max(mine.not_before - now, self._table.wait(now))
            if wait:
                raise PinRefused("wrong-pin", f"Wrong PIN. Too many wrong PINs: wait "
                                 f"{say_wait(wait)} before trying again.", wait)
            left = FREE_TRIES - mine.wrong
            raise PinRefused("wrong-pin", f"Wrong PIN. {left} {'try' if left == 1 else 'tries'} "
                             "left before a wait.")

    @property
    def trusts_devices(self) -> bool:
        """Does this table keep devices trusted across restarts (a fixed PIN)?"""
        return self._trust is not None

    def remember(self, who: Pass) -> str | None:
        """A token for the browser of `who`, unlocked by the PIN just now, that unlocks it again
        after a reload or a restart (`resume`); None without a fixed PIN or for a locked pass."""
        if self._trust is None or not self.allows(who):
            return None
        token = self._trust.issue()
        if token is not None:
            with self._lock:
                self._devices_of[who.token] = token.split(".")[0]
        return token

    def resume(self, who: Pass, token: object) -> bool:
        """Unlock `who` with a device token its browser kept; False (nothing changes) unless
        this table issued it with its PIN and has not revoked it."""
        if self._trust is None:
            return False
        device = self._trust.verify(token)
        if device is None:
            return False
        with self._lock:
            self._unlocked.add(who.token)
            self._devices_of[who.token] = device
        return True

    def lock(self, who: Pass) -> None:
        """Lock `who` again (a scorekeeper handing the phone to a spectator); the device token
        it was trusted by, if any, no longer verifies, and other tabs it let in are locked."""
        with self._lock:
            self._unlocked.discard(who.token)
            device = self._devices_of.pop(who.token, None)
            if device is not None:  # other tabs let in by the same token: locked too
                for token in [t for t, d in self._devices_of.items() if d == device]:
                    self._unlocked.discard(token)
                    del self._devices_of[token]
        if device is not None and self._trust is not None:
            self._trust.revoke(device)
