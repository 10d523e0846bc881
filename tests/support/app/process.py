"""The app under test as a process, and Chromium's phones: AppProcess, the phone's size, a free
port, a new tab (tests/app/conftest.py's fixtures are built on them)."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from playwright.sync_api import Page

from scoring.core import Match
from tests.support.app.trace import register

if TYPE_CHECKING:
    from storage import Store


CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


PHONE = {"width": 412, "height": 915}


# Run in a page before Flutter's loader (an init script): no WebGL, so the loader picks its
# CanvasKit build and CanvasKit draws on the CPU: the renderer Flutter picks where a browser
# offers no WebGL (Safari, phones without it). The test browser's WebGL is software (SwiftShader,
# which Chrome on a phone does not use), and skwasm on it, after a page has drawn enough (20 to
# 60 screens, or one long match), stops painting while the semantics tree goes on, or crashes
# Chromium's renderer ("Target crashed") with no error in any log: on Chromium 156, in 5 of 7
# languages walks and in the score sheet's tests. Drawing on the CPU costs time (two game modules
# took 87 s instead of 62): the pages of a module with `CPU_DRAWN = True` get it
# (tests/app/conftest.py's `phone`, `new_phone(..., cpu=True)`), and the walk's. Elsewhere the
# crash is rare (one test of about 2,500 in a run) and a failed test's rerun gets a fresh browser
# (Chromium below). Without Chromium's zygote (--no-zygote) the walk crashed too (2 languages
# of 6).
NO_WEBGL = """(() => {
    for (const kind of [self.HTMLCanvasElement, self.OffscreenCanvas]) {
        if (!kind) continue;
        const own = kind.prototype.getContext;
        kind.prototype.getContext = function (type, ...rest) {
            const webgl = /^(webgl2?|experimental-webgl)$/.test(type);
            return webgl ? null : own.call(this, type, ...rest);
        };
    }
})();"""


def draw_on_cpu(context):
    """`context`, its pages drawn on the CPU from now on (NO_WEBGL)."""
    context.add_init_script(NO_WEBGL)
    return context


def answers(url: str) -> bool:
    """True once `url` serves a page (HTTP 200); False while nothing listens there yet. An https
    app on loopback (--tls) has a test's self-signed certificate: it is not checked here."""
    context = ssl._create_unverified_context() if url.startswith("https:") else None
    try:
        with urllib.request.urlopen(url, timeout=1, context=context) as response:
            return response.status == 200
    except OSError:
        return False


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class AppProcess:
    """`table-companion` running as a user starts it, stoppable and restartable."""

    def __init__(self, data: Path, extra: tuple[str, ...] = ()) -> None:
        self.data = data
        self.extra = list(extra)  # more command-line options, e.g. --lan --pin 2468
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = data.parent / f"app-{self.port}.log"
        self.seeded: dict[str, str] = {}  # seed name -> match id, see `shared_app`

    @property
    def url(self) -> str:
        return f"{'https' if '--tls' in self.extra else 'http'}://127.0.0.1:{self.port}"

    def start(self) -> AppProcess:
        cmd = [sys.executable, "-m", "companion.cli", "--no-browser", "--port", str(self.port),
               "--data", str(self.data), *self.extra]
        root = Path(__file__).resolve().parents[3]
        register(self.port, self.log)  # tests/support/app/trace.py reads what its pages sent
        with open(self.log, "ab") as log:
            # With the trace on, a failure's app log shows what each page sent, in order.
            self.proc = subprocess.Popen(cmd, start_new_session=True, stdout=log, cwd=root,
                                         stderr=subprocess.STDOUT,
                                         env={**os.environ, "TABLE_COMPANION_TRACE": "1"})
        deadline = time.monotonic() + 120  # a guard against a hang, not a speed check
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the app exited at start:\n{self.output()}")
            if answers(self.url):
                return self
            time.sleep(0.1)
        raise RuntimeError(f"the app did not answer at all (waited 120 s):\n{self.output()}")

    def output(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    @contextmanager
    def stopped_store(self) -> Iterator[Store]:
        """The app's store, opened while the app is stopped (one process per data folder),
        then the app started again: to seed matches or read what it stored."""
        from storage import Store

        self.stop()
        try:
            with Store(self.data) as store:
                yield store
        finally:
            self.start()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        self.proc = None


def seeded_process(data: Path, seeds: dict[str, Callable[[], Match]],
                   extra: tuple[str, ...] = ()) -> AppProcess:
    """An app (not started) whose data folder holds `seeds`, ids in `.seeded`."""
    process = AppProcess(data, extra)
    if seeds:
        from storage import Store

        with Store(data) as store:
            process.seeded = {name: store.create(build()) for name, build in seeds.items()}
    return process


class Chromium:
    """The run's Chromium (tests/conftest.py's `browser`), launched anew after a page of it
    crashed or a browser test failed, so the next test, and a failed test's rerun, make their
    pages in a browser that has had no trouble.

    Skwasm on the test browser's software WebGL now and then crashes a renderer with no word in
    any log (NO_WEBGL's note): 1 test in a run of about 2,500, and in CI the same test crashed
    again in its rerun, in the same browser. The next context asked for after a crash comes
    from a fresh launch. The old launch's shared contexts (`shared`: tests/app/conftest.py's
    phones) close then; the old browser itself closes once no other context of it is open (a
    tests/web module's own context goes on to the module's end). Every other attribute is the
    current Playwright Browser's.
    """

    def __init__(self, playwright) -> None:
        self.playwright = playwright
        self._browser = None
        self._shared: dict[str, object] = {}
        self._retired: list = []  # earlier launches, closed once none of their contexts is open
        self.crashes = 0  # pages crashed since the browser was launched
        self.launches = 0
        self.stale = False  # to be launched anew before the next context (`renew`)
        self._launch()

    def _launch(self) -> None:
        self._browser = self.playwright.chromium.launch(
            executable_path=chromium_path(), args=CHROMIUM_ARGS)
        self._shared = {}
        self.crashes = 0
        self.stale = False
        self.launches += 1

    def _crashed_in(self, browser) -> None:
        if browser is self._browser:  # a page of an earlier launch changes nothing now
            self.crashes += 1

    def new_context(self, **options):
        self._renew_if_needed()
        browser = self._browser
        context = browser.new_context(**options)
        context.on("page", lambda page: page.on("crash", lambda _: self._crashed_in(browser)))
        return context

    def shared(self, name: str, make: Callable[[Chromium], object]):
        """The context `name` of this launch, made by `make(self)` the first time it is asked."""
        self._renew_if_needed()
        if name not in self._shared:
            self._shared[name] = make(self)
        return self._shared[name]

    def renew(self) -> None:
        """Launch a fresh browser before the next context (tests/conftest.py: after a browser
        test failed; the failed test's pages stay open until it is torn down)."""
        self.stale = True

    def _renew_if_needed(self) -> None:
        if self.crashes or self.stale:
            for context in self._shared.values():
                _quietly(context.close)
            self._retired.append(self._browser)
            self._launch()
        for browser in list(self._retired):
            if not _quietly(lambda b=browser: b.contexts, default=[]):
                _quietly(browser.close)
                self._retired.remove(browser)

    def close(self) -> None:
        for browser in [*self._retired, self._browser]:
            _quietly(browser.close)

    def __getattr__(self, name: str):
        return getattr(self._browser, name)


def _quietly(call: Callable[[], object], default: object = None) -> object:
    """`call()`, or `default` where its browser died with a crashed page."""
    try:
        return call()
    except Exception:
        return default


LAN_PIN = "2468"


LAN_OPTIONS = ("--lan", "--pin", LAN_PIN, "--host", "127.0.0.1")


def chromium_path() -> str | None:
    """The Chromium the tests drive: Debian's headless build where it is installed (the same
    engine without the browser's own windows and WebUI pages: a full run used 920 CPU-s in 462 s
    with it, against 1,072 CPU-s in 539 s with the whole browser), else the whole browser, else
    Playwright's own (its headless build too)."""
    candidates = ("/usr/bin/chromium-headless-shell", shutil.which("chromium-headless-shell"),
                  "/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser"))
    for candidate in candidates:
        if candidate and Path(candidate).exists():
            return candidate
    return None  # Playwright's own browser (`playwright install chromium`)


OTHER_PHONES: list = []  # contexts opened by new_phone, closed after each test
TABS: list = []  # tabs opened by the `phone` fixture in a shared context, closed after each test


def new_phone(browser, *, cpu: bool = False) -> Page:
    """Another person's phone (or a second tab): a browser context of its own, so it renders
    and runs its timers as a foreground tab does. Closed after the test. `cpu`: its pages draw
    on the CPU (NO_WEBGL)."""
    context = browser.new_context(viewport=PHONE)
    if cpu:
        draw_on_cpu(context)
    OTHER_PHONES.append(context)
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page
