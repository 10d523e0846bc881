"""What every test shares: one Chromium for the whole run, and how the run is split over workers.

Playwright's sync API allows one running instance per process, so tests/app (the served app) and
tests/web (the offline web app) drive the same browser, each in contexts of its own.

The suite runs in worker processes (pytest-xdist, `-n` in pyproject.toml): four workers keep two
cores busy (most of the CPU is Chromium drawing the pages; 3 workers took as long). A
test module is one unit of work (`--dist loadfile`: its module-scoped app or Pyodide page starts
once; tests/web's folder is built once per run, under a file lock). Units are handed out in
collection order (`--no-loadscope-reorder`): the longest first, the short pure modules last, to
fill the gaps.

A browser test that fails is run once more (pytest-rerunfailures; at most 3 reruns in a whole
run, so a broken build still fails at once), its new pages in a freshly launched Chromium (a
tests/web module's own context goes on in the old one). On a busy shared machine a tap or a
key press now and then never reaches the page, in Chromium or Flutter, a test's step times out
for nothing, and one such failure in 90 browser tests kept a correct change from landing; and
now and then a renderer crashes (NO_WEBGL's note in tests/support/app/process.py). A test
that fails twice fails the run. Each first failure is still reported in full: the rerun
summary gives its traceback, and "first attempt of" what the page showed and what the app's
log said.

A test that never ends (a page that stops answering: Playwright's evaluate waits for it without
a limit) would hold the run until CI's time runs out. pytest-timeout fails it after the `timeout`
in pyproject.toml, by a signal in the worker's main thread (the worker and its browser go on),
with every thread's stack in its report; a browser test is then run again like any other.
"""

from __future__ import annotations

import pytest

from tests.support.app.process import Chromium

# Collection order, first to last: the longest units first (their share of a run, measured), so
# no worker is left with a long one at the end; the short pure modules fill the gaps.
ORDER = ("tests/app/test_languages_walk.py", "tests/web/test_offline.py",
         "tests/app/test_shared_table.py", "tests/app/test_caro_grid.py",
         "tests/web/test_restart.py", "tests/app/test_caro_turns.py",
         "tests/app/test_careta.py", "tests/app/test_shell.py", "tests/app/test_lan.py",
         "tests/app/test_sessions.py", "tests/app/", "tests/web/",
         "tests/scoring/test_caro_playout.py", "tests/scoring/test_carrera_playout.py",
         "tests/scoring/test_careta_playout.py", "tests/storage/test_kill.py",
         "tests/scoring/test_ratel_playout.py")


RUNNING: list[Chromium] = []  # this worker's `browser`, once a test has asked for it


@pytest.fixture(scope="session")
def browser():
    """The run's Chromium: a Playwright Browser, launched anew after a page of it crashed or a
    browser test failed (tests/support/app/process.py's Chromium)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = Chromium(pw)
        RUNNING.append(chromium)
        yield chromium
        RUNNING.clear()
        chromium.close()


def _rank(item: pytest.Item) -> int:
    return next((n for n, prefix in enumerate(ORDER) if item.nodeid.startswith(prefix)),
                len(ORDER))


@pytest.hookimpl(trylast=True)  # after tests/app/conftest.py has marked the browser tests
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=_rank)  # stable: each module keeps its own order
    for item in items:
        if item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.flaky(reruns=1))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):  # noqa: ARG001
    """After a browser test failed, its rerun (and the next test) gets a fresh Chromium: in CI a
    test whose page crashed crashed again in its rerun, in the same browser."""
    outcome = yield
    if outcome.get_result().failed and item.get_closest_marker("browser") and RUNNING:
        RUNNING[0].renew()


def pytest_terminal_summary(terminalreporter) -> None:  # noqa: ANN001 (pytest's own type)
    """For each browser test that was run again, what its first attempt saw."""
    for report in terminalreporter.stats.get("rerun", []):
        sections = [(title, text) for title, text in report.sections
                    if title.startswith("page ") or title == "app log"]
        if not sections:
            continue
        terminalreporter.write_sep("-", f"first attempt of {report.nodeid}")
        for title, text in sections:
            terminalreporter.write_line(f"[{title}]")
            terminalreporter.write_line(text)
