"""Browser tests: the real app on a free port with its own data folder, in headless Chromium."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
PHONE = {"width": 412, "height": 915}


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

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> AppProcess:
        cmd = [sys.executable, "-m", "companion.cli", "--no-browser", "--port", str(self.port),
               "--data", str(self.data), *self.extra]
        root = Path(__file__).resolve().parents[2]
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(cmd, start_new_session=True, stdout=log, cwd=root,
                                         stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the app exited at start:\n{self.output()}")
            try:
                with urllib.request.urlopen(self.url, timeout=1) as response:
                    if response.status == 200:
                        return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the app did not answer within 30 s")

    def output(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        self.proc = None


@pytest.fixture
def app(tmp_path: Path) -> Iterator[AppProcess]:
    process = AppProcess(tmp_path / "data").start()
    yield process
    process.stop()


LAN_PIN = "2468"


@pytest.fixture
def lan_app(tmp_path: Path) -> Iterator[AppProcess]:
    """The app shared as with --lan, scorekeeping behind LAN_PIN, served on loopback only."""
    process = AppProcess(tmp_path / "data",
                         ("--lan", "--pin", LAN_PIN, "--host", "127.0.0.1")).start()
    yield process
    process.stop()


def chromium_path() -> str | None:
    candidates = ("/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser"))
    for candidate in candidates:
        if candidate and Path(candidate).exists():
            return candidate
    return None  # Playwright's own browser (`playwright install chromium`)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """On a failure, keep a screenshot and the app's log beside the test's temp folder."""
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and report.failed:
        page = item.funcargs.get("phone")
        process = item.funcargs.get("app") or item.funcargs.get("lan_app")
        folder = item.funcargs.get("tmp_path")
        if page is not None and folder is not None:
            try:
                page.screenshot(path=str(folder / "failure.png"))
                report.sections.append(("screenshot", str(folder / "failure.png")))
            except Exception:
                pass
        if process is not None:
            report.sections.append(("app log", process.output()[-4000:]))
