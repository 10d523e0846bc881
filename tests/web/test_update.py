"""A new release says so (issue 36): two builds served in turn from one origin; once the service
worker holds the second whole, the page says a new version is ready, but only at Home (a match
open keeps its screen, untouched), and one tap starts the new release."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from companion.i18n.page_words import table
from companion.web_build import write_worker
from tests.support.app.process import PHONE
from tests.support.app.ui import add_players, button, open_page, see
from tests.support.web.counting import CountingSite
from tests.support.web.site import START

pytestmark = pytest.mark.browser

WORDS = table("en")
OFFLINE = "() => window.tableCompanion && window.tableCompanion.offline === true"
MARK = '<meta name="tc-test-release" content="second">'
SECOND = "() => !!document.querySelector('meta[name=\"tc-test-release\"]')"


def second_release(web_folder: Path, into: Path) -> Path:
    """The build with its page marked (so a test can tell which release runs), listed anew."""
    shutil.copytree(web_folder, into)
    index = into / "index.html"
    index.write_text(index.read_text().replace("</head>", f"{MARK}\n</head>", 1))
    write_worker(into)
    return into


def test_a_new_release_is_offered_at_home_never_in_a_match_and_starts_on_a_tap(
        browser, web_folder: Path, tmp_path: Path) -> None:
    first = tmp_path / "first"
    shutil.copytree(web_folder, first)
    second = second_release(web_folder, tmp_path / "second")
    with CountingSite(first) as site:
        context = browser.new_context(viewport=PHONE)
        try:
            page = context.new_page()
            open_page(page, site.url)
            see(page, "New Caro match", timeout=START)
            page.wait_for_function(OFFLINE, timeout=START, polling=250)
            assert not page.evaluate(SECOND)

            button(page, "New Caro match").click()
            add_players(page, "Ann", "Ben")
            button(page, "Start match").click()
            see(page, "Ann lays the first caro")

            site.folder = second  # the next release, deployed at the same address
            page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
            page.wait_for_function("() => window.tableCompanion.update === 'ready'",
                                   timeout=START, polling=250)
            # Its worker has the page, yet the match stays on screen and nothing is offered.
            assert page.locator("#tc-update").count() == 0
            see(page, "Ann lays the first caro")
            assert not page.evaluate(SECOND)

            page.evaluate("location.hash = '#/'")  # back at Home
            see(page, "New Caro match")
            notice = page.locator("#tc-update")
            expect(notice).to_contain_text(WORDS["updateReady"])
            expect(notice).to_have_attribute("role", "status")
            page.locator("#tc-update-now").click()
            page.wait_for_function(SECOND, timeout=START, polling=250)
            page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=START)
            page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
            see(page, "New Caro match", timeout=START)
            assert page.locator("#tc-update").count() == 0, "said once, for the release it is"
        finally:
            context.close()
