"""`tap_until` (tests/support/app/trace.py) taps again only when the app's trace shows the tap never
reached the app; a tap that reached it and did nothing fails the test. No browser: a stand-in
page, and an app log written as the app's trace writes it."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.support.app.trace import Trace, register, tap_until

PORT = 1  # no app the tests start listens there


class Page:
    def __init__(self, port: int = PORT) -> None:
        self.url = f"http://127.0.0.1:{port}/new/ratel"
        self.waits = 0

    def wait_for_timeout(self, ms: float) -> None:
        self.waits += 1


@pytest.fixture
def log(tmp_path: Path) -> Path:
    path = tmp_path / "app.log"
    path.write_text("INFO companion.trace: Ab12Cd34 read event click on 7 after value 0: None\n")
    register(PORT, path)  # an earlier click, before any tap below: never counted
    return path


def arrives(log: Path, event: str = "click") -> None:
    with log.open("a") as file:
        file.write("WARNING something else\n"
                   f"INFO companion.trace: Ab12Cd34 read event {event} on 42 after value 3: "
                   "None\nINFO companion.trace: Ab12Cd34 handles click on 42 (Button)\n")


class Taps:
    """A tap whose messages reach the app only from tap number `reaches_at` on (0: never),
    and whose effect shows only if `works`."""

    def __init__(self, log: Path, reaches_at: int, works: bool, event: str = "click") -> None:
        self.log, self.reaches_at, self.works, self.event = log, reaches_at, works, event
        self.count = 0
        self.waited: list[float] = []

    def tap(self) -> None:
        self.count += 1
        if self.reaches_at and self.count >= self.reaches_at:
            arrives(self.log, self.event)

    def done(self, ms: float) -> None:
        self.waited.append(ms)
        if not (self.works and self.reaches_at and self.count >= self.reaches_at):
            raise PlaywrightTimeout("not yet")


def run(taps: Taps, page: Page | None = None, **options: object) -> Page:
    page = page or Page()
    tap_until(page, taps.tap, taps.done, **options)  # type: ignore[arg-type]
    return page


def test_a_tap_that_never_reached_the_app_is_tapped_again(log: Path) -> None:
    taps = Taps(log, reaches_at=2, works=True)
    run(taps)
    assert taps.count == 2


def test_a_tap_that_reached_the_app_and_did_nothing_fails_at_once(log: Path) -> None:
    taps = Taps(log, reaches_at=1, works=False)
    with pytest.raises(AssertionError, match="reached the app") as failed:
        run(taps)
    assert taps.count == 1  # never tapped again
    assert "read event click on 42" in str(failed.value)  # what the trace said since the tap
    assert "on 7 " not in str(failed.value)


def test_another_event_than_the_tap_s_does_not_count_as_the_tap(log: Path) -> None:
    taps = Taps(log, reaches_at=1, works=False, event="change")  # e.g. a radio, not Enter
    with pytest.raises(AssertionError, match="none reached the app"):
        run(taps, events=("submit",))
    assert taps.count == 3


def test_taps_that_never_reach_the_app_are_bounded(log: Path) -> None:
    taps = Taps(log, reaches_at=0, works=True)
    with pytest.raises(AssertionError, match="3 taps, .* none reached the app"):
        run(taps)
    assert taps.count == 3


def test_no_retry_where_the_screen_no_longer_offers_the_tap(log: Path) -> None:
    taps = Taps(log, reaches_at=0, works=True)
    with pytest.raises(AssertionError):
        run(taps, may_retry=lambda: False)
    assert taps.count == 1


def test_without_a_trace_the_screen_alone_decides(tmp_path: Path) -> None:
    page = Page(port=2)  # no log registered for it: e.g. the offline web app
    assert not Trace(page).available  # type: ignore[arg-type]
    offered: list[bool] = [True, False]
    taps = Taps(tmp_path / "none.log", reaches_at=2, works=True)
    run(taps, page, may_retry=lambda: offered.pop(0))
    assert taps.count == 2


def test_the_trace_reads_only_what_came_after_the_mark(log: Path) -> None:
    trace = Trace(Page())  # type: ignore[arg-type]
    assert not trace.reached(["click"]) and trace.lines() == []
    arrives(log)
    assert trace.reached(["click"]) and not trace.reached(["submit"])
    assert [line.split(" ")[1:3] for line in trace.lines()] == [["read", "event"],
                                                                 ["handles", "click"]]

