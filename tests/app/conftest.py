"""Browser tests: the real app on a free port with its own data folder, in headless Chromium.

How a browser test uses the fixtures (each of them marks the test `browser`):
- `app`: the module's shared app (one process per test module). Start your own match (New ...
  match, which opens it by its route) or open a seeded one by route; never rely on Home or
  History holding only your matches, and never stop the app.
- `SEEDS = {"name": build}` at module level: `build()` returns a `scoring` match that is stored
  before the app opens the folder; open it with `open_page(phone, f"{app.url}/match/"
  f"{app.seeded['name']}")`. One seed per test that changes it, so no test sees another's taps.
- `@pytest.mark.own_app`: `app` is then a fresh process for this test alone (its own data folder,
  seeded with SEEDS too), for a test that stops or restarts the app, changes preferences, or
  needs Home or History to hold only its own matches.
- `phone`: a new tab in the one shared phone-sized context (a new session; closed afterwards).
  `new_phone(browser)`: another person's phone, a context of its own, closed afterwards.
- `lan_app`: the module's app shared with --lan behind LAN_PIN; every page starts locked.
A test that starts the app without these fixtures marks itself `@pytest.mark.browser`.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.support.app.process import (
    LAN_OPTIONS,
    OTHER_PHONES,
    PHONE,
    TABS,
    AppProcess,
    draw_on_cpu,
    seeded_process,
)


@pytest.fixture(scope="module")
def shared_app(request: pytest.FixtureRequest,
               tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppProcess]:
    """One app for every test of a module that does not ask for its own (see `app`).

    Its data folder is seeded, before the app opens it, with the module's `SEEDS` (a dict of
    name -> function returning a `scoring` match): `app.seeded[name]` is that match's id, so a
    test opens its own late-game state by route (`f"{app.url}/match/{id}"`) and no other test
    touches it.
    """
    process = seeded_process(tmp_path_factory.mktemp("app") / "data",
                             getattr(request.module, "SEEDS", {}))
    yield process.start()
    process.stop()
    nothing_misshapen(process, request)


@pytest.fixture
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[AppProcess]:
    """The app under test: the module's shared one, or with `@pytest.mark.own_app` a fresh one on
    a data folder of its own (holding only the module's SEEDS), for a test that stops or restarts
    it, changes preferences, or needs Home to hold only its own matches."""
    if request.node.get_closest_marker("own_app") is None:
        process = request.getfixturevalue("shared_app")
        yield process
        assert process.proc is not None and process.proc.poll() is None, (
            "this test stopped the module's shared app: mark it @pytest.mark.own_app")
        return
    process = seeded_process(tmp_path / "data", getattr(request.module, "SEEDS", {})).start()
    yield process
    process.stop()
    nothing_misshapen(process, request)


@pytest.fixture(scope="module")
def lan_app(request: pytest.FixtureRequest,
            tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppProcess]:
    """The app shared as with --lan, scorekeeping behind LAN_PIN, served on loopback only (one per
    module: every page is a session of its own, locked until it enters the PIN)."""
    process = AppProcess(tmp_path_factory.mktemp("lan") / "data", LAN_OPTIONS).start()
    yield process
    process.stop()
    nothing_misshapen(process, request)


def nothing_misshapen(process: AppProcess, request: pytest.FixtureRequest) -> None:
    """Every message a real page sent fitted the shapes the app checks (companion/session/
    shapes.py): the guard refused none. A module that sends misshapen ones on purpose says so
    with `CRAFTED = True`."""
    if getattr(request.module, "CRAFTED", False):
        return
    refused = [line for line in process.output().splitlines() if "misshapen" in line]
    assert not refused, "the app refused a real page's message:\n" + "\n".join(refused[:5])


@pytest.fixture
def phones(browser):
    """One phone-sized browser context for the whole run (for each launch of the browser): each
    test's `phone` is a new tab in it (a new session of the app, locked on a --lan table), and
    the web client is cached."""
    return browser.shared("phones", lambda chromium: chromium.new_context(viewport=PHONE))


@pytest.fixture
def cpu_phones(browser):
    """The same, for a module with `CPU_DRAWN = True`: its pages draw on the CPU (NO_WEBGL)."""
    return browser.shared("cpu_phones", lambda chromium: draw_on_cpu(
        chromium.new_context(viewport=PHONE)))


# Playwright's `expect` waits 5 s by default, whatever a page's own timeout: on a busy 2-core
# machine a page opened by address can take longer to draw its first screen, so an assertion
# made first thing failed for nothing (Ratel's "Ann to play", Careta's points table). Every wait
# in these tests is the same 15 s as the pages' (a wait, never a sleep: it returns at once when
# the page is ready).
expect.set_options(timeout=15_000)


@pytest.fixture
def phone(request: pytest.FixtureRequest) -> Page:
    """A phone-sized tab of its own in the shared context (closed after the test)."""
    cpu = getattr(request.module, "CPU_DRAWN", False)
    page = request.getfixturevalue("cpu_phones" if cpu else "phones").new_page()
    page.set_default_timeout(15_000)
    TABS.append(page)
    return page


@pytest.fixture(autouse=True)
def _close_tabs() -> Iterator[None]:
    """After a test, close the tabs and phones it opened (`phone`, `new_phone`)."""
    yield
    while TABS:
        tab = TABS.pop()
        if not tab.is_closed():  # closed with its browser, if that was launched anew
            tab.close()
    while OTHER_PHONES:
        OTHER_PHONES.pop().close()


BROWSER_FIXTURES = {"app", "lan_app", "shared_app", "phone", "phones", "browser"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test that starts the app or drives Chromium through these fixtures is `browser`."""
    for item in items:
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """On a failure, keep a screenshot of each open tab and the app's log beside the test's temp
    folder (the pages are closed only after this, by `_close_tabs`)."""
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and report.failed:
        process = item.funcargs.get("app") or item.funcargs.get("lan_app")
        folder = item.funcargs.get("tmp_path") or Path(tempfile.mkdtemp(prefix="failure-"))
        pages = [page for page in TABS if not page.is_closed()] + [
            page for context in OTHER_PHONES for page in context.pages]
        for number, page in enumerate(pages):
            try:
                page.screenshot(path=str(folder / f"failure-{number}.png"))
                report.sections.append(("screenshot", str(folder / f"failure-{number}.png")))
                # What the page said, for a run whose screenshots cannot be opened (CI).
                said = page.locator("flt-semantics-host").inner_text(timeout=2_000)
                fields = page.evaluate("""() => [...document.querySelectorAll('input, textarea')]
                    .map(e => `${e.getAttribute('aria-label') || e.name || e.tagName}: `
                              + `${JSON.stringify(e.value)}`
                              + (e === document.activeElement ? ' (focused)' : ''))""")
                said += "\n-- fields: " + ("; ".join(fields) or "none")
                report.sections.append((f"page {number} ({page.url})", said[-2_000:]))
            except Exception:
                pass
        if process is not None:
            report.sections.append(("app log", process.output()[-8000:]))
