"""What every test shares: one Chromium for the whole run, and how the run is split over workers.

Playwright's sync API allows one running instance per process, so tests/app (the served app) and
tests/web (the offline web app) drive the same browser, each in contexts of its own.

The suite runs in worker processes (pytest-xdist, `-n` in pyproject.toml): four workers keep two
cores busy (most of the CPU is Chromium drawing the pages; 3 workers took as long). A
test module is one unit of work (`--dist loadfile`: its module-scoped app or Pyodide page starts
once; tests/web's folder is built once per run, under a file lock). Units are handed out in
collection order (`--no-loadscope-reorder`): the longest first, the short pure modules last, to
fill the gaps.
"""

from __future__ import annotations

import pytest

from tests.app.conftest import CHROMIUM_ARGS, chromium_path

# Collection order, first to last: the longest units first (their share of a run, measured), so
# no worker is left with a long one at the end; the short pure modules fill the gaps.
ORDER = ("tests/web/test_offline.py", "tests/app/test_shared_table.py",
         "tests/app/test_caro_grid.py", "tests/web/test_restart.py", "tests/app/test_caro_turns.py",
         "tests/app/test_careta.py", "tests/app/test_shell.py", "tests/app/test_lan.py",
         "tests/app/test_sessions.py", "tests/app/", "tests/web/",
         "tests/scoring/test_caro_playout.py", "tests/scoring/test_carrera_playout.py",
         "tests/scoring/test_careta_playout.py", "tests/storage/test_kill.py",
         "tests/scoring/test_ratel_playout.py")


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield b
        b.close()


def _rank(item: pytest.Item) -> int:
    return next((n for n, prefix in enumerate(ORDER) if item.nodeid.startswith(prefix)),
                len(ORDER))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=_rank)  # stable: each module keeps its own order
