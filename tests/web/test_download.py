"""One download (issue 22): a Chromium phone's first visit fetches each file once, and only the
Flutter build it runs; a reload fetches nothing; a new release fetches only the files that
changed. Counted by the server (tests/support/web/counting.py), which sees the page's, its Python
worker's and its service worker's requests alike."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from companion.fonts import FILES
from companion.web_build import BUILDS, write_worker
from tests.support.app.process import PHONE
from tests.support.app.ui import open_page, see
from tests.support.web.cache import COPY_DIGEST, DAMAGE
from tests.support.web.counting import CountingSite
from tests.support.web.site import START

pytestmark = pytest.mark.browser

FIRST_VISIT = 15 * 10**6  # bytes: issue 36's budget for what a Chromium phone downloads
# Issue 30's fonts for more scripts (Chinese, Arabic, Hebrew, Devanagari, Thai): 4 MB more at most.
MORE_SCRIPTS = {f"/fonts/{FILES[family]}" for family in (
    "Noto Sans SC", "Noto Sans TC", "Noto Sans Arabic", "Noto Sans Hebrew",
    "Noto Sans Devanagari", "Noto Sans Thai")}
MORE_SCRIPTS_BUDGET = 4 * 10**6
# The browser asks for the worker's script itself to see whether it changed (on registering and
# on navigating): not a file the app downloads.
WORKER = "/sw.js"
OFFLINE = "() => window.tableCompanion && window.tableCompanion.offline === true"
UPDATED = """async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const before = registration.active;
    await registration.update();
    for (let i = 0; i < 1200 && (registration.active === before
                                  || registration.active.state !== "activated"); i++) {
        await new Promise((done) => setTimeout(done, 50));
    }
    return registration.active !== before;
}"""


def test_a_first_visit_fetches_each_file_once_and_one_build_and_a_release_what_changed(
        browser, web_folder: Path, tmp_path: Path) -> None:
    folder = tmp_path / "site"
    shutil.copytree(web_folder, folder)
    with CountingSite(folder) as site:
        context = browser.new_context(viewport=PHONE)
        try:
            page = context.new_page()
            open_page(page, site.url)
            see(page, "New Caro match", timeout=START)
            page.wait_for_function(OFFLINE, timeout=START, polling=250)
            requests, sizes = site.sent.snapshot()
            twice = {path: n for path, n in requests.items() if n > 1 and path != WORKER}
            assert not twice, f"fetched more than once: {twice}"
            scripts = sum(sizes[path] for path in MORE_SCRIPTS)
            assert sizes.total() - scripts <= FIRST_VISIT, f"{sizes.total() / 10**6:.1f} MB"
            assert scripts <= MORE_SCRIPTS_BUDGET, f"fonts for more scripts: {scripts} bytes"
            # The big files come gzipped, whatever the host (this one compresses nothing).
            assert requests["/main.dart.wasm.gz"] == 1, "Chromium runs the WebAssembly build"
            for plain in ("/main.dart.wasm", "/pyodide/pyodide.asm.wasm", "/canvaskit/skwasm.wasm"):
                assert plain not in requests and requests[f"{plain}.gz"] == 1, plain
            other = {f"/{name}{gz}" for name in BUILDS["js"] for gz in ("", ".gz")} & set(requests)
            assert not other, f"the build Chromium does not run was fetched: {other}"

            site.sent.reset()
            page.reload()
            open_page(page, site.url)
            see(page, "New Caro match", timeout=START)
            requests, _ = site.sent.snapshot()
            assert set(requests) <= {WORKER}, f"a reload fetched {dict(requests)}"

            # A new release with one file changed: the worker fetches that file alone, and a
            # file whose copy was damaged since (issue 35): the install checks each file it
            # copies forward from the older release's cache.
            damaged = "pyodide/pyodide-lock.json"
            assert page.evaluate(DAMAGE, [damaged, "not the release's file"]) == 1
            page.context.new_cdp_session(page).send("Network.clearBrowserCache")
            site.sent.reset()
            (folder / "version.json").write_text('{"app_name": "a new release"}')
            write_worker(folder)
            assert page.evaluate(UPDATED), "the new release's worker did not take over"
            requests, _ = site.sent.snapshot()
            assert set(requests) == {WORKER, "/version.json", f"/{damaged}.gz"}, dict(requests)
            right = hashlib.sha256((folder / damaged).read_bytes()).hexdigest()
            assert page.evaluate(COPY_DIGEST, damaged) == right
        finally:
            context.close()
