"""The offline web app in headless Chromium: it starts, runs offline, keeps matches, stays home.

The tests share one profile where the app starts once (`WebApp.at_home`); each leaves the app
usable for the next, in whatever order they run.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from companion.screens.settings import MAY_BE_CLEARED
from companion.server.own_origin import policy
from scoring import caro
from storage import Store
from storage.transfer import export_json
from tests.support.app.caro import choose, lay
from tests.support.app.process import PHONE
from tests.support.app.ui import add_players, button, host, open_page, see, text, type_into
from tests.support.storage import finished
from tests.support.web.site import START, web_app

pytestmark = pytest.mark.browser



@pytest.fixture(scope="module")
def app(browser, site):
    with web_app(browser, site, storage_kept=True) as shared:
        yield shared


def test_home_renders_and_nothing_is_fetched_from_another_origin(app) -> None:
    """Not even Rive's runtime, which Flet's client asks a CDN for (issue 23, item 7): the build
    points it at a stub of the app's own; and the page's policy blocked nothing it loaded."""
    page = app.at_home()
    assert page.title() == "Table Companion"
    manifest = page.evaluate("fetch('manifest.json').then(r => r.json())")
    assert manifest["name"] == "Table Companion"
    assert not app.elsewhere, f"requests to other origins: {app.elsewhere}"
    assert page.evaluate("window.__violations") == []
    assert app.policy_console == []


def test_chromium_runs_the_webassembly_build_with_skwasm(app) -> None:
    """The loader's choice in a browser that can run it (4x faster to draw a tap, see
    companion/web_build.py); other browsers get the JavaScript build with CanvasKit."""
    page = app.at_home()
    assert page.evaluate("!!window._flutter_skwasmInstance && !window.flutterCanvasKit")


def test_a_browser_given_the_javascript_build_runs_it_with_canvaskits_full_variant(
        browser, site) -> None:
    """What Safari and Firefox load (the loader offers the WebAssembly build to Chromium only),
    forced here in Chromium by asking for CanvasKit: the variant the folder keeps must be the
    one it fetches (Chromium's own variant is left out)."""
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)

        def ask_for_canvaskit(route) -> None:
            response = route.fetch()
            page_text = response.text()
            assert 'flet.webRenderer="auto"' in page_text
            changed = page_text.replace('flet.webRenderer="auto"', 'flet.webRenderer="canvaskit"')
            # The page's policy names its inline scripts by hash: name the changed one.
            changed = re.sub(r'(http-equiv="Content-Security-Policy" content=")[^"]+',
                             lambda m: m.group(1) + policy(changed, in_meta=True), changed)
            route.fulfill(response=response, body=changed)

        page.route(lambda url: urlsplit(url).path in ("/", "/index.html"), ask_for_canvaskit)
        fetched: list[str] = []
        page.on("request", lambda request: fetched.append(urlsplit(request.url).path))
        open_page(page, site.url)
        see(page, "New Caro match", timeout=START)
        assert page.evaluate("!!window.flutterCanvasKit && !window._flutter_skwasmInstance")
        assert "/canvaskit/canvaskit.wasm" in fetched
        assert not [path for path in fetched if "skwasm" in path or "chromium" in path]
    finally:
        context.close()


def test_settings_where_the_browser_keeps_the_storage_warn_of_nothing(app) -> None:
    page = app.at_home()
    button(page, "Settings").click()
    see(page, "Every match is saved in this browser")
    button(page, "Export all as JSON").wait_for()
    assert text(page, MAY_BE_CLEARED[:40]).count() == 0


def test_import_reads_the_file_chooser_and_export_downloads(app, tmp_path: Path) -> None:
    with Store(tmp_path / "other") as other:  # a match from another device
        other.create(finished.careta_finished(seed=7))
        fresh = tmp_path / "from-another-device.json"
        fresh.write_bytes(export_json(other).data)
    page = app.at_home()
    button(page, "Settings").click()
    with page.expect_file_chooser() as chooser:
        button(page, "Import from JSON").click()
    chooser.value.set_files(str(fresh))
    see(page, "Imported 1 match.")
    with page.expect_download() as download:
        button(page, "Export all as JSON").click()
    exported = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    imported = json.loads(fresh.read_text(encoding="utf-8"))["matches"][0]
    assert imported["events"] in [m["events"] for m in exported["matches"]]


def test_the_installed_app_starts_from_its_service_worker_with_the_server_stopped(app) -> None:
    page = app.at_home()
    # The worker says once its copy holds everything this browser needs (companion/web/sw.js).
    page.wait_for_function("() => window.tableCompanion.offline === true", timeout=START)
    app.site.stop()
    try:
        page.reload()
        open_page(page, app.site.url)
        see(page, "New Caro match", timeout=START)
        button(page, "New Caro match").click()
        host(page).get_by_role("textbox", name="Player name").wait_for()
    finally:
        app.site.start()


def test_a_caro_match_survives_a_reload(app) -> None:
    page = app.at_home()
    button(page, "New Caro match").click()
    add_players(page, "Ann", "Ben")
    type_into(page, "Player name", "\u0410nn")  # the skeleton's data loads in Pyodide too
    page.keyboard.press("Enter")
    see(page, "“\u0410nn” looks the same as Ann, who is already playing: choose another name.")
    button(page, "Start match").click()
    see(page, "Ann lays the first caro")
    mirror = caro.Match(players=["Ann", "Ben"], starter="Ann")
    lay(page, mirror, "red", (mirror.area, mirror.area))
    colour, cell = choose(mirror)
    lay(page, mirror, colour, cell)
    button(page, "Undo").click()
    see(page, "Undone: ")
    mirror.undo()

    match_url = page.url
    page.reload()
    open_page(page, match_url)
    see(page, "Ben to lay", timeout=START)
    see(page, mirror.history[-1]["text"])


def test_a_second_tab_says_at_once_why_it_waits_and_starts_once_the_first_closes(app) -> None:
    """The page's own script reads the Web Lock (companion/web/start.js): the second tab says
    so before Flutter or Python load, and loads them once the first tab has closed."""
    first = app.at_home()
    second = app.context.new_page()
    second.goto(app.site.url)
    expect(second.locator("#tc-progress")).to_contain_text("open in another tab")
    assert second.evaluate("() => typeof window._flutter") == "undefined", "nothing loaded"
    assert second.evaluate("() => window.tableCompanion.said") == ["flutter", "elsewhere"]
    first.close()
    second.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=START)
    second.evaluate("document.querySelector('flt-semantics-placeholder').click()")
    see(second, "New Caro match", timeout=START)
