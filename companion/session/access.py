"""Who may keep score: the PIN of a shared (`--lan`) table and the rate limit on guessing it.

Without `--lan` the app serves only this computer and every session keeps score, as before. With
`--lan`, anyone on the network can open the app and follow the matches, and a session keeps score
only after its PIN is entered. The check sits on the server, in
`companion.session.open_matches.OpenMatches`, where every change to a
match is made: whatever a page sends, a locked session changes nothing.

Each session holds a `Pass`; the `Gate` alone decides whether a pass is unlocked (a pass is only a
random token, so code that holds one cannot unlock it by itself).

The rate limit has two aims that pull apart: guessing a 4-digit PIN must stay slow, and strangers
must not be able to lock the scorekeeper out by typing wrong PINs (before, one wrong PIN from each
of 25 addresses emptied a table-wide bucket and made the right PIN from a new phone "wait 2 h").

- A *device* is the address the page connects from (`Pass.device`; sessions of unknown address
  count as one device, which the served app never has: Flet reports every client's address). A
  reload keeps a device's failures: a new tab is cheap, an address is not. Each device has 5
  free wrong PINs, then waits that double (30 s, 60 s, ... up to 1 h).
- A device that has not got the PIN wrong itself always has it compared: nothing other devices
  do can refuse it (only the scorekeeper's lock below).
- Devices that have got it wrong share a bucket of 20 further tries that wins one back every 2
  hours: a device's second and later wrong PINs draw on it, and while it is empty those devices
  wait for the table. Strangers' guesses can thus hold up only devices that failed themselves.
- What bounds the total is the scorekeeper: every wrong PIN compared is counted, the keeper's
  screens show "N wrong PINs tried", and one tap locks new scorekeepers out (`close_to_new`):
  while closed, a PIN from a device that has not kept score in this run is not compared at all
  (a clear refusal, nothing counted); sessions that keep score, devices that already kept score
  in this run, and devices trusted across restarts (trust.py) go on as before. An attacker with
  a fresh address for every guess gets one guess per address until the keeper taps it.
- While any wait runs no PIN is compared at all, so guessing faster gains nothing. A right PIN
  costs nothing.

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
import logging
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from companion.session.listeners import Listeners
from scoring import RuleViolation
from scoring.said import Said, said, said_n

if TYPE_CHECKING:  # made by the served app's cli (a fixed --pin); never in the web app
    from companion.session.trust import Trust

log = logging.getLogger(__name__)

FREE_TRIES = 5  # wrong PINs a device may enter before it has to wait
FAILED_TRIES = 20  # the bucket that devices with failures of their own share
REFILL = 7200.0  # seconds for that bucket to win back one try
MAX_FAILED_DEVICES = 4096  # devices whose wrong PINs are remembered (the oldest forgotten first)
FIRST_WAIT = 30.0  # seconds; each further wrong PIN doubles the wait
LONGEST_WAIT = 3600.0
PIN_DIGITS = range(4, 9)


class Locked(RuleViolation):
    """A change asked for by a session that has not entered the PIN."""

    def __init__(self) -> None:
        super().__init__("locked", said(
            "Only the scorekeeper can change the match here: enter the PIN (Share) to keep "
            "score. You can follow the match as it is played."))


class PinRefused(RuleViolation):
    """A wrong PIN, or a try made while the rate limit asks to wait (`wait` seconds); its
    sentence is data (`.said`), said in the language of the device that tried."""

    def __init__(self, rule: str, message: Said, wait: float = 0.0) -> None:
        super().__init__(rule, message)
        self.wait = wait


class ClosedToNew(PinRefused):
    """A PIN from a new device while the scorekeeper has locked new scorekeepers out."""

    def __init__(self) -> None:
        super().__init__("closed-to-new", said(
            "The scorekeeper has locked new scorekeepers out, so the PIN was not checked. This "
            "device can follow the matches; to keep score here, ask the scorekeeper to let new "
            "scorekeepers in (Share)."))


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


def say_wait(seconds: float) -> Said:
    """'30 s', '2 min', '1 h' for a wait, rounded up, as data (str() is the English)."""
    seconds = max(1, int(seconds + 0.999))
    if seconds < 90:
        return said("{n} s", n=seconds)
    if seconds < 5400:
        # the catalogs' "{n} min" is a plural entry (describe/when.py asks for it by count)
        return said_n("{n} min", "{n} min", (seconds + 59) // 60)
    return said("{n} h", n=(seconds + 3599) // 3600)


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
        # Only devices that entered a wrong PIN, oldest first (bounded: MAX_FAILED_DEVICES).
        self._devices: dict[str, _Tries] = {}
        self._failed = Bucket(FAILED_TRIES, REFILL)
        self._kept_score: set[str] = set()  # devices unlocked in this run: never "new"
        self._closed_to_new = False
        self._wrong_pins = 0  # compared and wrong, since the start
        self._seen_wrong = 0  # ... of which the scorekeeper has acknowledged
        self._listeners = Listeners()

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
        """Unlock `who` with the PIN; PinRefused (wrong, wait first, or closed to new devices:
        `ClosedToNew`) otherwise. The rules are in the module docstring."""
        if self._pin is None:
            return
        try:
            self._unlock(who, attempt)
        except PinRefused as refused:
            if refused.rule == "wrong-pin":
                self._tell()
            raise

    def _unlock(self, who: Pass, attempt: str) -> None:
        with self._lock:
            now = self._clock()
            key = who.device or ""  # sessions of unknown address count as one device
            mine = self._devices.get(key, _Tries())
            if now < mine.not_before:
                left = mine.not_before - now
                raise PinRefused("pin-wait", said(
                    "Too many wrong PINs on this device: wait {wait} before trying again.",
                    wait=say_wait(left)), left)
            if self._closed_to_new and key not in self._kept_score:
                raise ClosedToNew()
            if mine.wrong and self._failed.level(now) < 1:
                left = self._failed.wait(now)
                raise PinRefused("pin-wait", said(
                    "Too many wrong PINs on this table: wait {wait} before trying again.",
                    wait=say_wait(left)), left)
            if hmac.compare_digest(attempt.strip().encode(), self._pin.encode()):
                self._unlocked.add(who.token)
                self._kept_score.add(key)
                self._devices.pop(key, None)
                return
            self._wrong_pins += 1
            if mine.wrong:  # a device's first wrong PIN is its own; later ones the table's
                self._failed.take(now)
            self._devices.pop(key, None)  # most recent last: the oldest is forgotten first
            self._devices[key] = mine
            if len(self._devices) > MAX_FAILED_DEVICES:
                del self._devices[next(iter(self._devices))]
            mine.wrong += 1
            mine.not_before = now + _wait(mine.wrong, FREE_TRIES)
            wait = max(mine.not_before - now, self._failed.wait(now))  # the next try's
            if wait:
                raise PinRefused("wrong-pin", said(
                    "Wrong PIN. Too many wrong PINs: wait {wait} before trying again.",
                    wait=say_wait(wait)), wait)
            raise PinRefused("wrong-pin", said_n("Wrong PIN. {n} try left before a wait.",
                                                 "Wrong PIN. {n} tries left before a wait.",
                                                 FREE_TRIES - mine.wrong))

    # -- what the scorekeeper sees of the guessing, and the lock on new devices ------------------

    @property
    def wrong_pins(self) -> int:
        """Wrong PINs compared since the start, or since the scorekeeper last acknowledged them."""
        with self._lock:
            return self._wrong_pins - self._seen_wrong

    @property
    def closed_to_new(self) -> bool:
        """Has the scorekeeper locked new scorekeepers out?"""
        with self._lock:
            return self._closed_to_new

    def acknowledge_wrong_pins(self, by: Pass | None) -> None:
        """The scorekeeper has seen the count: it starts again from 0 (Locked for anyone else)."""
        self.check(by)
        with self._lock:
            self._seen_wrong = self._wrong_pins
        self._tell()

    def close_to_new(self, by: Pass | None, closed: bool = True) -> None:
        """Lock new scorekeepers out, or let them in again; only a scorekeeper may (Locked)."""
        self.check(by)
        with self._lock:
            self._closed_to_new = closed
            if by is not None:  # the keeper's own device stays welcome after a reload
                self._kept_score.add(by.device or "")
        self._tell()

    def kept_score_from(self, device: str) -> bool:
        """Has a session connecting from `device` (an address) kept score in this run (the PIN
        entered there, or a trusted device's token)? The server's own record: what a page says
        of itself never adds to it."""
        with self._lock:
            return self._pin is not None and bool(device) and device in self._kept_score

    def trusted(self, token: object) -> bool:
        """Is `token` a device token this table issued and has not revoked (trust.py)? Changes
        nothing: for a page asking to get in when the table is full."""
        return self._trust is not None and self._trust.verify(token) is not None

    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call `listener()` after a wrong PIN, an acknowledgement or a change of the lock on new
        devices; returns the function that ends the subscription."""
        return self._listeners.subscribe(listener)

    def _tell(self) -> None:
        self._listeners.tell(failed="A screen could not be told of the wrong PINs")

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
            self._kept_score.add(who.device or "")  # trusted: not new while closed to new
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
