"""The web app never locks its matches away (issue 35): a file of the browser's copy changed or
damaged in Cache Storage is never run (fetched again, or, offline, named on the splash with a
way to fetch it again); a start restored from a snapshot that does not reach Home is dropped and
starts the long way; and whatever fails, "Save my matches" (companion/web/rescue.js, no Python)
downloads every match as an export the app's Import takes back, each match identical.

The tests share one profile (matches imported once), in order; each leaves the app at Home.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from companion.i18n.page_words import table
from companion.web_build import ARCHIVES
from scoring import caro
from storage import Store
from storage.index import fingerprint
from storage.transfer import export_json, read_export
from tests.support.app.process import PHONE
from tests.support.app.ui import button, see
from tests.support.storage import finished
from tests.support.web.cache import COPY_DIGEST, DAMAGE
from tests.support.web.site import START, StaticSite, web_app

pytestmark = pytest.mark.browser

WORDS = table("en")
HOME = "() => window.tableCompanion && window.tableCompanion.stage === 'home'"
MADE = "() => window.tableCompanion.made && !window.tableCompanion.made.making"
BOUNDS = "table-companion.bounds"  # start.js's BOUNDS_KEY
THAI = "fonts/noto-sans-thai.woff2"  # loaded only to draw Thai


def matches() -> list:
    """Every game, finished and in play, and names that JSON writes with escapes or not ASCII."""
    odd = caro.Match(players=["Zoë", "さくら 🎲"], starter="さくら 🎲")
    return [*finished.every_game(), odd]


@pytest.fixture(scope="module")
def app(browser, site, tmp_path_factory):
    """The app at Home with `matches()` imported through Settings; `app.events`: their events."""
    folder = tmp_path_factory.mktemp("integrity")
    with Store(folder / "other") as other:
        for match in matches():
            other.create(match)
        fresh = folder / "matches.json"
        fresh.write_bytes(export_json(other).data)
    with web_app(browser, site, storage_kept=True) as shared:
        page = shared.at_home()
        button(page, "Settings").click()
        with page.expect_file_chooser() as chooser:
            button(page, "Import from JSON").click()
        chooser.value.set_files(str(fresh))
        see(page, f"Imported {len(matches())} matches.")
        shared.events = sorted((m.events for m in matches()), key=fingerprint)
        yield shared


def exported_by_the_app(page: Page, tmp_path: Path) -> list:
    """The events of every match, as the app's own Export writes them."""
    button(page, "Settings").click()
    with page.expect_download() as download:
        button(page, "Export all as JSON").click()
    path = tmp_path / "app-export.json"
    download.value.save_as(path)
    return sorted((m["events"] for m in json.loads(path.read_text("utf-8"))["matches"]),
                  key=fingerprint)


def reload_home(page: Page) -> None:
    page.reload()
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=START)
    page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
    page.wait_for_function(HOME, timeout=START, polling=200)
    see(page, "New Caro match", timeout=START)


def test_a_copy_changed_in_the_browser_is_fetched_again_and_the_app_starts(
        app, web_folder: Path, tmp_path: Path) -> None:
    """The archives Python runs and its standard library, other bytes in their place: the worker
    finds them wrong as it serves them, fetches them again, and the app starts with every match.
    (A file the page itself loads may come from the page's memory cache on a reload, not from
    the worker: it is checked at the next start that asks the worker for it.)"""
    page = app.at_home()
    page.wait_for_function("() => window.tableCompanion.offline === true", timeout=START)
    damaged = (*ARCHIVES, "pyodide/python_stdlib.zip")
    for path in damaged:
        assert page.evaluate(DAMAGE, [path, f"not the release's {path}"]) == 1
    reload_home(page)
    assert sorted(page.evaluate("() => window.tableCompanion.repaired")) == sorted(damaged)
    for path in damaged:
        right = hashlib.sha256((web_folder / path).read_bytes()).hexdigest()
        assert page.evaluate(COPY_DIGEST, path) == right, f"{path} is the release's again"
    assert exported_by_the_app(page, tmp_path) == app.events


def test_offline_a_damaged_file_is_named_and_the_matches_saved_then_fetched_again(
        app, web_folder: Path, tmp_path: Path) -> None:
    """The archive Python runs damaged, offline: the start fails, and the service worker then
    checks its whole copy, so a damaged file this start never asked for (a font drawn only for
    Thai names) is named too."""
    page = app.at_home()
    page.wait_for_function("() => window.tableCompanion.offline === true", timeout=START)
    damaged = ("app.tar.gz", THAI)
    for path in damaged:
        assert page.evaluate(DAMAGE, [path, f"not the release's {path}"]) == 1
    # The browser's HTTP cache may hold the file too (the worker would take it from there).
    page.context.new_cdp_session(page).send("Network.clearBrowserCache")
    app.site.stop()
    try:
        page.reload()
        expect(page.locator("#tc-trouble")).to_have_text(
            WORDS["damaged"].format(file=", ".join(damaged)), timeout=START)
        assert page.evaluate("() => window.tableCompanion.stage") != "home"
        with page.expect_download() as download:
            page.locator("#tc-save").click()
        saved = tmp_path / download.value.suggested_filename
        download.value.save_as(saved)
        name = page.evaluate("() => window.tableCompanion.saved.name")
        assert saved.name == name and name.startswith("table-companion-")
        expect(page.locator("#tc-trouble-note")).to_have_text(WORDS["saved"].format(file=name))
        incoming = read_export(saved.read_bytes())  # what the app's Import checks
        assert sorted((i.match.events for i in incoming), key=fingerprint) == app.events
        # Offline, fetching again fails and says so; online, the app starts.
        expect(page.locator("#tc-again")).to_have_text(WORDS["fetchAgain"])
        page.locator("#tc-again").click()
        expect(page.locator("#tc-trouble-note")).to_have_text(WORDS["fetchFailed"])
    finally:
        app.site.start()
    page.locator("#tc-again").click()
    page.wait_for_function(HOME, timeout=START, polling=200)
    for path in damaged:
        right = hashlib.sha256((web_folder / path).read_bytes()).hexdigest()
        assert page.evaluate(COPY_DIGEST, path) == right, f"{path} is the release's again"
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=START)
    page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
    see(page, "New Caro match", timeout=START)
    # The saved file through the app's own Import: every match already here, identical.
    button(page, "Settings").click()
    with page.expect_file_chooser() as chooser:
        button(page, "Import from JSON").click()
    chooser.value.set_files(str(saved))
    see(page, f"Nothing imported. Skipped {len(app.events)} matches already stored:",
        timeout=START)


def test_a_restored_start_that_does_not_reach_home_is_dropped_and_starts_the_long_way(
        app, tmp_path: Path) -> None:
    """The watchdog's bound made tiny (as a start that never ends would meet it): the snapshot
    is dropped, the page starts again the long way (its splash offering to save the matches
    while it takes longer than its bound), and reaches Home with every match."""
    page = app.at_home()
    if page.evaluate("() => window.tableCompanion.snapshot") != "restored":
        page.wait_for_function(MADE, timeout=START, polling=500)
        reload_home(page)
    assert page.evaluate("() => window.tableCompanion.snapshot") == "restored"
    page.evaluate(f"localStorage.setItem({BOUNDS!r}, JSON.stringify({{restored: 50, stalled: 0}}))")
    try:
        page.reload()
        page.wait_for_function(
            "() => window.tableCompanion && window.tableCompanion.recovered === 'stalled'",
            timeout=START, polling=100)
        expect(page.locator("#tc-trouble")).to_have_text(WORDS["stalled"], timeout=START)
        expect(page.locator("#tc-save")).to_have_text(WORDS["save"])
        page.wait_for_function(HOME, timeout=START, polling=200)
        assert page.evaluate("() => window.tableCompanion.snapshot") == "none", "not restored"
    finally:
        page.evaluate(f"localStorage.removeItem({BOUNDS!r})")
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=START)
    page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
    see(page, "New Caro match", timeout=START)
    # Stalled once: a new snapshot is made, and the next start restores it.
    page.wait_for_function(MADE, timeout=START, polling=500)
    assert page.evaluate("() => window.tableCompanion.made").get("made", 0) > 1_000_000
    assert exported_by_the_app(page, tmp_path) == app.events


@pytest.mark.parametrize("archive", ARCHIVES)
def test_a_start_that_fails_says_so_and_offers_to_save_the_matches(
        browser, web_folder: Path, tmp_path: Path, archive: str) -> None:
    """A host serving another archive than the release's, the app's or its dependencies' (the
    worker refuses to keep it, and Python cannot run it): the splash stays, says the app could
    not start, and offers to start again and to save the matches (none on this new device)."""
    folder = tmp_path / "site"
    shutil.copytree(web_folder, folder)
    (folder / archive).write_bytes(b"not the release's archive")
    site = StaticSite(folder).start()
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(site.url)
        expect(page.locator("#tc-trouble")).to_have_text(WORDS["failed"], timeout=START)
        assert page.evaluate("() => window.tableCompanion.failure"), "the worker's error kept"
        expect(page.locator("#tc-again")).to_have_text(WORDS["tryAgain"])
        page.locator("#tc-save").click()
        expect(page.locator("#tc-trouble-note")).to_have_text(WORDS["noMatches"])
    finally:
        context.close()
        site.stop()

# JSON a match file may hold, and how storage/index.py's fingerprint writes it: rescue.js must
# give the same digest (numbers as written, keys in code point order, escapes as Python's).
AWKWARD = [
    '[{"b": 1, "a": 1.0, "c": -0, "d": -0.0, "e": 1e16, "f": 1E-5, "g": 0.0001, "h": 123.456}]',
    '[{"big": 123456789012345678901234567890, "neg": -12, "exp": 2.5e+300, "tiny": 5e-324}]',
    '[{"\\ud83c\\udfb2": 1, "\\uffff": 2, "z": 3, "Z": 4, "é": 5}]',
    '[{"s": "q\\"b\\\\s/\\b\\f\\n\\r\\t\\u0001\\u001f\\u007f\\u2028 ö さくら 🎲"}]',
    '[{"n": null, "t": true, "f": false, "l": [], "o": {}, "x": NaN, "i": -Infinity}]',
    '[{"a": 1, "a": 2}]',
]


def test_save_my_matches_fingerprints_events_as_python_does(browser, site) -> None:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(site.url + "manifest.json")  # the app's origin, the app not started
        page.add_script_tag(url=site.url + "rescue.js")
        for text in AWKWARD:
            digest = page.evaluate("(text) => window.tableCompanionRescue.fingerprint(text)",
                                   text)
            assert digest == fingerprint(json.loads(text)), text
    finally:
        context.close()
