"""The offline web app, built once per run, served as static files on loopback, in Chromium.

Python starts inside the page (Pyodide), so the first screen takes far longer than the served
app's: the waits here are generous, and no test measures time (bench/web.py does).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: each worker builds its own folder
    fcntl = None

import pytest

from tests.support.web.site import StaticSite


@pytest.fixture(scope="session")
def web_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder, built once per run. Under pytest-xdist every worker asks for it: the first
    builds it into the run's own temporary folder (shared by the workers) under a file lock,
    the others wait for it and serve the same files (each on its own port: its own origin)."""
    from companion.web_build import build

    if not os.environ.get("PYTEST_XDIST_WORKER") or fcntl is None:
        return build(tmp_path_factory.mktemp("web") / "site")
    shared = tmp_path_factory.getbasetemp().parent  # the run's; each worker's is inside it
    site, built = shared / "web-site", shared / "web-site.built"
    with open(shared / "web-site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, or the worker dies
        if not built.exists():
            build(site)
            built.touch()
    return site


@pytest.fixture(scope="session")
def site(web_folder: Path) -> Iterator[StaticSite]:
    server = StaticSite(web_folder).start()
    yield server
    server.stop()
