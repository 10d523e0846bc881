"""The offline web app, built once per run, served as static files on loopback, in Chromium.

Python starts inside the page (Pyodide), so the first screen takes far longer than the served
app's: the waits here are generous, and no test measures time (bench/web.py does).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.app.conftest import PHONE, free_port

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
            try:
                with urllib.request.urlopen(self.url, timeout=1) as response:
                    if response.status == 200:
                        return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the static server did not answer within 10 s")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(10)
        self.proc = None


@pytest.fixture(scope="session")
def web_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from companion.web_build import build

    return build(tmp_path_factory.mktemp("web") / "site")


@pytest.fixture(scope="session")
def site(web_folder: Path) -> Iterator[StaticSite]:
    server = StaticSite(web_folder).start()
    yield server
    server.stop()


@pytest.fixture
def web_context(browser, site: StaticSite):
    """A fresh profile (no service worker, empty IndexedDB); the server is up again afterwards."""
    context = browser.new_context(viewport=PHONE)
    context.set_default_timeout(15_000)
    yield context
    context.close()
    if site.proc is None:
        site.start()
