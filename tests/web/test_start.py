"""The web app's start (issue 22): its own splash, with the app's name and a line saying what
loads, from before Flutter's first frame until Home; the page keeps its theme colour."""

from __future__ import annotations

import pytest

from tests.web.conftest import web_app

pytestmark = pytest.mark.browser

THEME = "#00796B"  # assets/manifest.json's theme_color


@pytest.fixture(scope="module")
def app(browser, site):
    with web_app(browser, site, storage_kept=True) as shared:
        yield shared


def test_the_splash_says_what_loads_from_the_start_until_home(app) -> None:
    page = app.at_home()  # opened in a fresh profile: its first start
    said = page.evaluate("() => window.tableCompanion.said")
    assert said == ["flutter", "python", "app", "matches", "home"], said
    assert page.locator("#tc-splash").count() == 0, "gone once Home is up"
    page.reload()
    splash = page.locator("#tc-splash")
    assert "Table Companion" in splash.inner_text(), "the name from the page's first script on"
    assert page.locator("#tc-splash img").get_attribute("src") == "icons/icon-192.png"
    page.wait_for_function("() => window.tableCompanion.stage === 'home'", timeout=240_000)
    assert page.evaluate("() => window.tableCompanion.said")[-1] == "home"
    page.close()  # its semantics are off since the reload: the next test opens its own tab


def test_the_page_keeps_its_theme_colour(app) -> None:
    page = app.at_home()
    colours = page.evaluate("""() => Array.from(
        document.querySelectorAll('meta[name="theme-color"]'), (meta) => meta.content)""")
    assert colours and set(colours) == {THEME}, colours


def test_the_worker_says_when_the_copy_is_complete(app) -> None:
    page = app.at_home()
    page.wait_for_function("() => window.tableCompanion.offline === true", timeout=240_000)
