"""The tests' Chromium after a renderer crash (tests/support/app/process.py's Chromium): the
next context comes from a fresh browser, so a crashed test's rerun does not meet the browser it
crashed in."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from playwright.sync_api import Error

from tests.support.app.process import Chromium


def descendants(pid: int) -> set[int]:
    found: set[int] = set()
    todo = [pid]
    while todo:
        for task in Path(f"/proc/{todo.pop()}/task").glob("*"):
            try:
                children = (task / "children").read_text().split()
            except OSError:
                continue  # a thread or process that ended meanwhile
            found |= {int(child) for child in children}
            todo += [int(child) for child in children]
    return found


def command(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def browsers() -> set[int]:
    """This worker's Chromium browser processes (the run's and any other it launched)."""
    return {pid for pid in descendants(os.getpid())
            if command(pid).split(" ")[0].endswith(("chromium-headless-shell", "chromium",
                                                    "chrome", "headless_shell",
                                                    "chrome-headless-shell"))
            and "--type=" not in command(pid)}


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads Linux's /proc")
def test_a_crashed_page_gets_the_next_context_a_fresh_browser(browser) -> None:
    before = browsers()
    chromium = Chromium(browser.playwright)  # a browser of its own: no other test's page is hit
    try:
        (own,) = browsers() - before
        phones = chromium.shared("phones", lambda c: c.new_context())
        page = phones.new_page()
        page.goto("data:text/html,<p>one</p>")
        assert chromium.shared("phones", lambda c: c.new_context()) is phones
        renderers = [pid for pid in descendants(own) if "--type=renderer" in command(pid)]
        assert renderers
        for pid in renderers:  # as the crash does: the renderer gone, no word said
            os.kill(pid, signal.SIGKILL)
        with pytest.raises(Error, match="crash"):
            page.inner_text("p", timeout=5_000)
        assert (chromium.crashes, chromium.launches) == (1, 1)

        again = chromium.shared("phones", lambda c: c.new_context())
        assert again is not phones and chromium.launches == 2 and chromium.crashes == 0
        fresh = again.new_page()
        fresh.goto("data:text/html,<p>two</p>")
        assert fresh.inner_text("p") == "two"
        assert own not in browsers()  # the crashed one was closed
    finally:
        chromium.close()


def test_after_a_failed_test_the_next_context_comes_from_a_fresh_browser(browser) -> None:
    chromium = Chromium(browser.playwright)
    try:
        phones = chromium.shared("phones", lambda c: c.new_context())
        page = phones.new_page()
        chromium.renew()  # what tests/conftest.py does when a browser test failed
        assert not page.is_closed()  # its pages stay, for the failure's screenshots
        assert chromium.shared("phones", lambda c: c.new_context()) is not phones
        assert page.is_closed() and chromium.launches == 2
    finally:
        chromium.close()


def test_a_context_of_its_own_outlives_the_relaunch_and_its_browser_closes_after_it(
        browser) -> None:
    """A tests/web module keeps one context for all its tests: a relaunch for the next test
    must not close it under the module's later tests."""
    before = browsers()
    chromium = Chromium(browser.playwright)
    try:
        (own,) = browsers() - before
        module = chromium.new_context()
        page = module.new_page()
        page.goto("data:text/html,<p>one</p>")
        chromium.renew()
        chromium.shared("phones", lambda c: c.new_context())
        assert chromium.launches == 2
        assert page.inner_text("p") == "one" and own in browsers()
        module.close()
        chromium.new_context().close()  # the next context asked for closes the idle old one
        assert own not in browsers()
    finally:
        chromium.close()
