"""Python's start from a memory snapshot made on the device (companion/web/snapshot.js): the
first start makes it once Home is up, the next ones restore it, offline; a snapshot that
cannot be used (bytes that are not one, a digest that does not match) or another release's is
never restored: Python starts as it would without one, and a good one is made again.

The tests share one profile and run in order: each leaves a good snapshot for the next.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from companion.i18n.catalog import Voice
from tests.support.app.process import PHONE
from tests.support.app.ui import open_page, see
from tests.support.web.site import START, keep_storage, web_app

pytestmark = pytest.mark.browser

MADE = "() => window.tableCompanion.made && !window.tableCompanion.made.making"
HOME = "() => window.tableCompanion.stage === 'home'"
# The page's view of the snapshot's cache, through snapshot.js itself (its KEY and names).
KEPT = """async () => {
  const { KEY } = await import("./snapshot.js");
  const cache = await caches.open(`table-companion-snapshot ${new URL(".", location.href).href}`);
  const keys = (await cache.keys()).map((request) => request.url.split("/").pop());
  return { key: KEY, keys };
}"""
# Puts `bytes` (with a digest: its own or a wrong one) where the kept snapshot is.
PUT = """async ([text, digestRight]) => {
  const { KEY } = await import("./snapshot.js");
  const folder = new URL(".", location.href).href;
  const bytes = new TextEncoder().encode(text);
  const hex = (buffer) => Array.from(new Uint8Array(buffer),
    (b) => b.toString(16).padStart(2, "0")).join("");
  const digest = digestRight ? hex(await crypto.subtle.digest("SHA-256", bytes)) : "0".repeat(64);
  const cache = await caches.open(`table-companion-snapshot ${folder}`);
  await cache.put(`${folder}python-snapshot/${KEY}`, new Response(bytes,
    { headers: { "X-Digest": digest } }));
}"""
# Moves the kept snapshot under another release's key (what an older release left).
OLDER = """async () => {
  const { KEY } = await import("./snapshot.js");
  const folder = new URL(".", location.href).href;
  const cache = await caches.open(`table-companion-snapshot ${folder}`);
  const kept = await cache.match(`${folder}python-snapshot/${KEY}`);
  await cache.put(`${folder}python-snapshot/${"0".repeat(64)}`, kept);
  await cache.delete(`${folder}python-snapshot/${KEY}`);
}"""


@pytest.fixture(scope="module")
def app(browser, site):
    with web_app(browser, site, storage_kept=True) as shared:
        yield shared


def restart(page: Page) -> tuple[str, dict]:
    """Reload the page; how Python started, and what the snapshot's worker did after Home."""
    page.reload()
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=START)
    page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
    page.wait_for_function(HOME, timeout=START, polling=200)
    how = page.evaluate("() => window.tableCompanion.snapshot")
    see(page, "New Caro match", timeout=START)
    if how != "restored":
        page.wait_for_function(MADE, timeout=START, polling=500)
    return how, page.evaluate("() => window.tableCompanion.made")


def made_one(page: Page) -> None:
    """Wait for this page's snapshot (made after Home, or restored from)."""
    if page.evaluate("() => window.tableCompanion.snapshot") == "restored":
        return
    page.wait_for_function(MADE, timeout=START, polling=500)
    made = page.evaluate("() => window.tableCompanion.made")
    assert made.get("made", 0) > 1_000_000 or made.get("kept"), made
    # The language the page spoke by Home is read into it (its catalog is not parsed again).
    assert made.get("kept") or made.get("spoke") == ["en"], made


def test_the_first_start_makes_a_snapshot_and_the_next_starts_offline_from_it(app) -> None:
    page = app.at_home()
    assert page.evaluate("() => window.tableCompanion.snapshot") == "none"
    made_one(page)
    kept = page.evaluate(KEPT)
    assert kept["keys"] == [kept["key"]], kept
    # A first visit begins Python once Flutter asks for it; a start from the device's copy
    # begins it before Flutter has drawn (web/early.js).
    assert page.evaluate("() => window.tableCompanion.pythonBegunAt") is None
    app.site.stop()
    try:
        how, made = restart(page)
        assert how == "restored"
        assert made is None, "nothing made again from a restored start"
        begun, frame = page.evaluate(
            "() => [window.tableCompanion.pythonBegunAt, window.tableCompanion.firstFrameAt]")
        assert begun is not None and frame is not None and begun < frame, (begun, frame)
        # The restored Python runs the app: a screen imported since, and a tap's answer.
        page.locator("flt-semantics-host").get_by_text("New Caro match").first.click()
        see(page, "Start match", timeout=START)
    finally:
        app.site.start()


@pytest.mark.parametrize("digest_right", [True, False], ids=["not-a-snapshot", "wrong-digest"])
def test_a_snapshot_that_cannot_be_used_is_dropped_and_python_starts_as_usual(
        app, digest_right: bool) -> None:
    page = app.at_home()
    made_one(page)
    page.evaluate(PUT, ["not a memory snapshot", digest_right])
    app.site.stop()  # offline: the start and the new snapshot need only the worker's copy
    try:
        how, made = restart(page)
        assert how == "refused"
        assert made.get("made", 0) > 1_000_000, made  # a good one made in its place
        assert restart(page)[0] == "restored"
    finally:
        app.site.start()


def test_another_releases_snapshot_is_not_restored_and_is_dropped(app) -> None:
    page = app.at_home()
    made_one(page)
    page.evaluate(OLDER)
    how, made = restart(page)
    assert how == "none"
    assert made.get("made", 0) > 1_000_000, made
    kept = page.evaluate(KEPT)
    assert kept["keys"] == [kept["key"]], "the older release's snapshot is dropped"


def test_a_german_phone_draws_home_in_german_first_and_its_snapshot_holds_german(
        browser, site) -> None:
    """The web app's first screen comes in the browser's language (navigator.languages, read by
    the app's worker), not in English and then again: so the language is read by Home, and the
    snapshot made after Home holds its catalog."""
    context = browser.new_context(viewport=PHONE, locale="de-DE")
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        answer = keep_storage(page, site.url, True)  # in force while attached
        open_page(page, site.url)
        see(page, Voice("de").gettext("New {game} match").format(game="Caro"), timeout=START)
        page.wait_for_function(MADE, timeout=START, polling=500)
        made = page.evaluate("() => window.tableCompanion.made")
        assert "de" in made.get("spoke", []), made
        answer.detach()
    finally:
        context.close()
