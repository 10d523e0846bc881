"""Did a tap reach the app? Read from the app's message trace, never guessed from the screen.

The browser tests start the app with TABLE_COMPANION_TRACE (tests/app/conftest.py): its log gets
one line for each message a page sent, as the server reads it (companion/session/guard.py:
"<session> read event click on <id> ..."). On a busy machine a tap now and then never leaves the
browser, and tapping again is then safe. A tap that reached the server and changed nothing is the
app's fault (a guard that dropped it, a handler that ran with an old value): tapping again would
hide that, so `tap_until` fails the test instead, with the trace lines since the tap.

A page served by something else than an app the tests started (the offline web app, served as
static files: no server reads its messages) has no trace; there a tap is retried on what the
screen shows alone, as before, and the docstring of each helper says when.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

TRACE = "INFO companion.trace: "
LOGS: dict[int, Path] = {}  # port -> the log of the app the tests started there
FIRST_WAIT = 5_000  # ms: what a tap's answer gets before the trace is read
PATIENCE = 15_000  # ms more for an answer to a tap that reached the app (a busy machine)
SETTLE_MS = 1_000  # a tap read by the server just as the first wait ran out is still seen


def register(port: int, log: Path) -> None:
    LOGS[port] = log


class Trace:
    """The app's trace lines written since this object was made, for the app serving `page`;
    `available` is False when no app the tests started serves it."""

    def __init__(self, page: Page) -> None:
        self.log = LOGS.get(urlsplit(page.url).port or 0)
        self.start = self.log.stat().st_size if self.log and self.log.exists() else 0

    @property
    def available(self) -> bool:
        return self.log is not None

    def lines(self) -> list[str]:
        if self.log is None or not self.log.exists():
            return []
        with self.log.open("rb") as file:
            file.seek(self.start)
            text = file.read().decode(errors="replace")
        return [line[len(TRACE):] for line in text.splitlines() if line.startswith(TRACE)]

    def reached(self, events: Iterable[str]) -> bool:
        """Did the server read one of these events (e.g. "click") since the mark?"""
        wanted = tuple(f" read event {name} on " for name in events)
        return any(mark in line for line in self.lines() for mark in wanted)


def reached_within(page: Page, trace: Trace, events: Iterable[str], ms: float) -> bool:
    """Wait up to `ms` for the server to read one of `events` since `trace` was made."""
    waited = 0.0
    while not trace.reached(events):
        if waited >= ms:
            return False
        page.wait_for_timeout(50)
        waited += 50
    return True


def tap_until(page: Page, tap: Callable[[], None], done: Callable[[float], None],
              events: Iterable[str] = ("click",), tries: int = 3,
              may_retry: Callable[[], bool] = lambda: True) -> None:
    """`tap()`, then `done(timeout_ms)` (raising PlaywrightTimeout or AssertionError until the
    tap's effect shows). Tapped again, `tries` times in all, only while the trace shows that none
    of `events` reached the app since the last tap (and `may_retry()`); a tap that reached it
    gets PATIENCE more, then fails the test. Without a trace (see the module docstring), tapped
    again while `may_retry()` says the screen still offers it."""
    events = tuple(events)
    for attempt in range(tries):
        trace = Trace(page)
        tap()
        try:
            done(FIRST_WAIT)
            return
        except (PlaywrightTimeout, AssertionError):
            pass
        page.wait_for_timeout(SETTLE_MS)
        if trace.available and trace.reached(events):
            try:
                done(PATIENCE)
                return
            except (PlaywrightTimeout, AssertionError) as error:
                said = "\n  ".join(trace.lines()[-20:]) or "(nothing)"
                raise AssertionError(
                    f"the tap reached the app ({'/'.join(events)} read) and did not do what "
                    f"was expected; the trace since the tap:\n  {said}") from error
        if attempt + 1 == tries or not may_retry():
            break
    try:
        done(PATIENCE)  # the last chance
    except (PlaywrightTimeout, AssertionError) as error:
        raise AssertionError(f"{attempt + 1} taps, none of them did what was expected and "
                             f"{'none reached the app' if trace.available else 'no trace'}"
                             ) from error
