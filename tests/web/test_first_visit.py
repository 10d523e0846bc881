"""A first visit on a slow network (issue 36): the splash shows the download from its first frame
("3.1 of 13.0 MB", a bar), the amount moves as the bytes come, and a download that stalls is
said and tried again until the app reaches Home.

The network is slowed by the server (tests/support/web/counting.py's Line): one link shared by
the page's, its Python worker's and its service worker's downloads, as a phone's is.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from companion.i18n.page_words import table
from tests.support.app.process import PHONE
from tests.support.app.ui import see
from tests.support.web.counting import CountingSite
from tests.support.web.site import START

pytestmark = pytest.mark.browser

WORDS = table("en")
RATE = 2_000_000  # bytes a second: 16 Mbit/s, a 13 MB start in some 7 s
STALL_AFTER = 1500  # ms with no byte before the worker calls a download stalled (sw.js)
DOWNLOAD = "() => window.tableCompanion.download"


def test_the_splash_shows_the_download_moving_and_a_stall_said_and_overcome(
        browser, web_folder: Path, tmp_path: Path) -> None:
    folder = tmp_path / "site"
    shutil.copytree(web_folder, folder)
    with CountingSite(folder, rate=RATE) as site:
        context = browser.new_context(viewport=PHONE)
        bounds = json.dumps({"stallAfter": STALL_AFTER})
        context.add_init_script(f"localStorage.setItem('table-companion.bounds', '{bounds}')")
        try:
            page = context.new_page()
            page.goto(site.url)
            # From the first frame: the bar and the total, before a byte of the app came.
            bar = page.locator("#tc-download")
            expect(bar).to_have_attribute("role", "progressbar")
            first = page.evaluate(DOWNLOAD)
            assert 10 * 10**6 < first["total"] < 15 * 10**6, first
            expect(page.locator("#tc-downloaded")).to_contain_text(" of ")
            page.wait_for_function(
                "() => window.tableCompanion.download.got > 2e6", timeout=START, polling=50)
            site.line.hold()
            try:
                expect(page.locator("#tc-stalled")).to_have_text(
                    WORDS["downloadStalled"], timeout=30_000)
                held = page.evaluate(DOWNLOAD)["got"]
                said = WORDS["downloaded"].format(got=f"{held / 1e6:.1f}",
                                                  total=f"{first['total'] / 1e6:.1f}")
                assert bar.get_attribute("aria-valuetext") == said
                expect(page.locator("#tc-downloaded")).to_have_text(said)
            finally:
                site.line.release()
            page.wait_for_function(
                f"() => window.tableCompanion.download.got > {held}", timeout=START, polling=100)
            expect(page.locator("#tc-stalled")).to_have_text("")
            page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=START)
            page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
            see(page, "New Caro match", timeout=START)
            page.wait_for_function(
                "() => window.tableCompanion.download.got === window.tableCompanion.download.total",
                timeout=START, polling=200)
            seen = page.evaluate(DOWNLOAD)
            assert seen["total"] == first["total"]
            assert seen["stalled"] >= 1
            amounts = seen["seen"]
            assert len(amounts) >= 10, amounts  # it moved, step by step
            assert amounts == sorted(amounts) and amounts[-1] == seen["total"]
            assert page.locator("#tc-splash").count() == 0
        finally:
            context.close()
