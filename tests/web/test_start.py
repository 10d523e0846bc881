"""The web app's start (issue 22): its own splash, with the app's name and a line saying what
loads, from before Flutter's first frame until Home; the page keeps its theme colour."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion.screens.settings import NOT_READY_OFFLINE, READY_OFFLINE
from tests.support.app.process import PHONE
from tests.support.app.ui import go_to, open_page, see, text
from tests.support.web.site import START, StaticSite, web_app

pytestmark = pytest.mark.browser

THEME = "#00796B"  # assets/manifest.json's theme_color


@pytest.fixture(scope="module")
def app(browser, site):
    with web_app(browser, site, storage_kept=True) as shared:
        yield shared


def test_the_splash_says_what_loads_until_home_and_ready_offline_is_told_once(app) -> None:
    page = app.at_home()  # opened in a fresh profile: its first start
    said = page.evaluate("() => window.tableCompanion.said")
    assert said == ["flutter", "python", "app", "matches", "home"], said
    assert page.locator("#tc-splash").count() == 0, "gone once Home is up"
    # The worker's copy complete, the page says so, once.
    page.wait_for_function("() => window.tableCompanion.offline === true", timeout=240_000)
    told = page.evaluate("() => window.tableCompanion.told")
    assert len(told) == 1 and told[0].startswith("Ready offline"), told
    page.reload()
    splash = page.locator("#tc-splash")
    assert "Table Companion" in splash.inner_text(), "the name from the page's first script on"
    assert page.locator("#tc-splash img").get_attribute("src") == "icons/icon-192.png"
    page.wait_for_function("() => window.tableCompanion.stage === 'home'", timeout=240_000)
    assert page.evaluate("() => window.tableCompanion.said")[-1] == "home"
    page.wait_for_function("() => window.tableCompanion.offline === true", timeout=240_000)
    assert page.evaluate("() => window.tableCompanion.told") == [], "told once, not each start"
    page.close()  # its semantics are off since the reload: the next test opens its own tab


def test_the_page_keeps_its_theme_colour(app) -> None:
    page = app.at_home()
    colours = page.evaluate("""() => Array.from(
        document.querySelectorAll('meta[name="theme-color"]'), (meta) => meta.content)""")
    assert colours and set(colours) == {THEME}, colours


def test_settings_say_the_app_is_ready_offline(app) -> None:
    page = app.at_home()
    page.wait_for_function("() => window.tableCompanion.offline === true", timeout=240_000)
    go_to(page, "Settings", "Your data")
    see(page, READY_OFFLINE)
    assert text(page, NOT_READY_OFFLINE[:40]).count() == 0


def test_a_copy_that_cannot_be_completed_is_warned_of_at_start_and_in_settings(
        browser, web_folder: Path, tmp_path: Path) -> None:
    """A file the worker cannot keep (its bytes are not the release's: a host serving another
    copy): the app runs, and the page and Settings say it is not ready offline."""
    folder = tmp_path / "site"
    shutil.copytree(web_folder, folder)
    (folder / "assets" / "NOTICES.gz").write_bytes(b"not the release's file")  # never loaded
    site = StaticSite(folder).start()
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        open_page(page, site.url)
        see(page, "New Caro match", timeout=START)
        page.wait_for_function("() => window.tableCompanion.offline === false", timeout=START)
        told = page.evaluate("() => window.tableCompanion.told")
        assert len(told) == 1 and told[0].startswith("Not ready offline"), told
        go_to(page, "Settings", "Your data")
        see(page, NOT_READY_OFFLINE)
        assert text(page, READY_OFFLINE[:40]).count() == 0
    finally:
        context.close()
        site.stop()
