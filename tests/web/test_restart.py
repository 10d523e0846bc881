"""Matches kept in the browser outlive the browser: a restart on the same profile, and a browser
killed the very moment its screen showed an action."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from scoring import caro
from tests.support.app.caro import choose, lay
from tests.support.app.process import CHROMIUM_ARGS, PHONE, chromium_path
from tests.support.app.ui import add_players, button, open_page, see
from tests.support.web.site import START

pytestmark = pytest.mark.browser


def start_caro(page, url: str) -> caro.Match:
    open_page(page, url)
    see(page, "New Caro match", timeout=START)
    button(page, "New Caro match").click()
    add_players(page, "Ann", "Ben")
    button(page, "Start match").click()
    see(page, "Ann lays the first caro")
    return caro.Match(players=["Ann", "Ben"], starter="Ann")


class KillableChromium:
    """Chromium started by the test on a profile folder, so that it can be killed outright
    (SIGKILL, as a phone's OS ends a browser), and Playwright attached to it over CDP."""

    def __init__(self, browser_type, profile: Path) -> None:
        self.browser_type = browser_type
        self.profile = profile
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self):
        port_file = self.profile / "DevToolsActivePort"
        port_file.unlink(missing_ok=True)
        cmd = [chromium_path() or "chromium", *CHROMIUM_ARGS, "--headless=new",
               f"--user-data-dir={self.profile}", "--remote-debugging-port=0",
               "--remote-debugging-address=127.0.0.1", "about:blank"]
        self.proc = subprocess.Popen(cmd, start_new_session=True, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60  # a guard against a hang, not a speed check
        while not port_file.exists() or not port_file.read_text().strip():
            if time.monotonic() > deadline or self.proc.poll() is not None:
                raise RuntimeError("Chromium did not open its debugging port")
            time.sleep(0.1)
        port = port_file.read_text().split()[0]
        browser = self.browser_type.connect_over_cdp(f"http://127.0.0.1:{port}")
        page = browser.contexts[0].new_page()
        page.set_viewport_size(PHONE)
        page.set_default_timeout(15_000)
        return page

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)
        self.proc = None


def test_a_caro_match_survives_a_browser_restart_and_a_browser_killed_as_it_showed_a_lay(
        browser, site, tmp_path) -> None:
    """One profile, three browsers in turn (each Pyodide start costs seconds): Playwright's
    persistent context plays and closes; a Chromium of the test's own finds the match, lays
    again through Redo and is killed the moment its screen shows that; the next one has it."""
    profile = tmp_path / "profile"
    context = browser.browser_type.launch_persistent_context(
        profile, executable_path=chromium_path(), args=CHROMIUM_ARGS, viewport=PHONE)
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)
        mirror = start_caro(page, site.url)
        lay(page, mirror, "red", (mirror.area, mirror.area))
        for _ in range(2):
            lay(page, mirror, *choose(mirror))
        button(page, "Undo").click()
        mirror.undo()
        see(page, "Undone: ")
        match_url = page.url
    finally:
        context.close()

    chromium = KillableChromium(browser.browser_type, profile)
    try:
        page = chromium.start()
        open_page(page, match_url)
        see(page, f"{mirror.current} to lay", timeout=START)
        see(page, mirror.history[-1]["text"])  # the lays and the Undo are all there
        button(page, "Redo").click()  # the lay taken back is still there to redo
        mirror.redo()
        see(page, mirror.history[-1]["text"])
        chromium.kill()  # the moment the screen showed it

        page = chromium.start()
        open_page(page, match_url)
        see(page, f"{mirror.current} to lay", timeout=START)
        see(page, mirror.history[-1]["text"])
    finally:
        chromium.kill()
