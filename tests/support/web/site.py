"""The offline web app's folder served as a static site, and the app opened in it
(tests/web/conftest.py's fixtures are built on them)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import BrowserContext, CDPSession, Page
from playwright.sync_api import Error as PlaywrightError

from tests.support.app.origins import WATCH_VIOLATIONS, about_policy, origin_of
from tests.support.app.process import PHONE, answers, free_port
from tests.support.app.ui import open_page, see

START = 240_000  # ms: Pyodide, the app's archive and Python's imports, on a busy 2-core machine


class StaticSite:
    """`python -m http.server` on a folder, stoppable (to check the offline start) and restartable
    on the same port (the same origin, so the same service worker and IndexedDB)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> StaticSite:
        cmd = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory",
               str(self.folder), str(self.port)]
        self.proc = subprocess.Popen(cmd, start_new_session=True, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        for _ in range(100):
            if answers(self.url):
                return self
            time.sleep(0.1)
        raise RuntimeError("the static server did not answer within 10 s")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(10)
        self.proc = None


@dataclass
class WebApp:
    """One browser profile (context) for a test module, in which the app starts once and its
    tests take turns (`at_home`): Pyodide starts once per module, not once per test."""

    context: BrowserContext
    site: StaticSite
    elsewhere: list[str] = field(default_factory=list)  # requests to other origins
    policy_console: list[str] = field(default_factory=list)  # what the page's policy blocked
    storage_answer: CDPSession | None = None  # keeps `keep_storage`'s answer in force
    storage_kept: bool = True
    quota: int | None = None
    crashed: list[Page] = field(default_factory=list)  # tabs whose renderer died

    def watch(self, page: Page) -> None:
        page.on("crash", lambda: self.crashed.append(page))

    def answer_storage(self, page: Page) -> None:
        """`keep_storage`'s answer and the quota, through `page` (in force while it lives)."""
        self.storage_answer = keep_storage(page, self.site.url, self.storage_kept)
        if self.quota is not None:
            self.storage_answer.send("Storage.overrideQuotaForOrigin",
                                     {"origin": self.site.url.rstrip("/"),
                                      "quotaSize": self.quota})

    def at_home(self) -> Page:
        """The app's Home: its open tab brought back there, or a new tab where none is open.

        A tab whose renderer died (Chromium on a loaded test machine, as a phone's browser may
        kill a tab) is closed and the app opened again in a new one, once, with a warning: the
        tests here are about what the app keeps, and a new tab starts from what it kept."""
        try:
            return self._home()
        except PlaywrightError:
            if not self.crashed:
                raise
            return self._home()

    def _home(self) -> Page:
        for page in [p for p in self.crashed if not p.is_closed()]:
            warnings.warn(f"the tab's renderer crashed at {page.url}: the app opened anew",
                          stacklevel=3)
            page.close()
        pages = [p for p in self.context.pages if not p.is_closed() and p not in self.crashed]
        if pages:
            page = pages[0]
        else:
            page = self.context.new_page()
            self.answer_storage(page)
        if page.url.startswith(self.site.url):
            page.evaluate("location.hash = '#/'")  # the app's own route: no restart
        else:
            open_page(page, self.site.url)
        see(page, "New Caro match", timeout=START)
        return page


def keep_storage(page: Page, origin: str, granted: bool) -> CDPSession:
    """Answer the app's `navigator.storage.persist()` (headless Chromium refuses it), for as long
    as the returned session stays attached (Chromium drops the answer when it detaches)."""
    cdp = page.context.new_cdp_session(page)
    context_id = cdp.send("Target.getTargetInfo")["targetInfo"]["browserContextId"]
    cdp.send("Browser.setPermission", {
        "permission": {"name": "persistent-storage"}, "origin": origin.rstrip("/"),
        "setting": "granted" if granted else "denied", "browserContextId": context_id})
    return cdp


@contextmanager
def web_app(browser, site: StaticSite, *, storage_kept: bool,
            quota: int | None = None) -> Iterator[WebApp]:
    """A fresh profile (no service worker, empty IndexedDB) with the app opened at Home;
    `quota`: the origin's storage quota in bytes (Chromium's default where None). It is set
    before anything is stored: Chromium keeps the quota an origin had when its IndexedDB
    opened."""
    context = browser.new_context(viewport=PHONE)
    context.set_default_timeout(15_000)
    app = WebApp(context, site, storage_kept=storage_kept, quota=quota)
    context.on("page", app.watch)
    context.on("request", lambda r: app.elsewhere.append(r.url)
               if origin_of(r.url) != origin_of(site.url) else None)
    context.on("console", lambda m: app.policy_console.append(m.text)
               if about_policy(m.text) else None)
    context.add_init_script(WATCH_VIOLATIONS)
    try:
        app.answer_storage(context.new_page())
        app.at_home()
        yield app
    finally:
        context.close()
        if site.proc is None:
            site.start()
