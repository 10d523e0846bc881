"""Two deployments of the web app on one origin keep their own offline copies (issue 23, item 10):
a new release of one drops its own older caches, never the other's.

The real service worker (companion/web/sw.js, filled in by `write_worker`) in two tiny folders
served side by side, /a/ and /b/, in Chromium; no app build is needed.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.web_build import write_worker
from tests.support.web.site import StaticSite

pytestmark = pytest.mark.browser

REGISTERED = """async () => {
    const registration = await navigator.serviceWorker.register("sw.js");
    await navigator.serviceWorker.ready;
    for (let i = 0; i < 200 && !(registration.active && !registration.installing
                                  && !registration.waiting); i++) {
        await new Promise((done) => setTimeout(done, 50));
    }
    return registration.scope;
}"""
UPDATED = """async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const before = registration.active;
    await registration.update();
    // Activated: its activate handler (the clean-up) has finished (within 30 s: a guard against
    // a hang, not a speed check: 10 s once ran out on a busy machine).
    for (let i = 0; i < 600 && (registration.active === before
                                 || registration.active.state !== "activated"); i++) {
        await new Promise((done) => setTimeout(done, 50));
    }
    if (registration.active !== before) return "";
    // What the registration holds, for the failure's message.
    const state = (w) => (w ? `${w.state} ${w.scriptURL}` : "none");
    return `active ${state(registration.active)}, waiting ${state(registration.waiting)}, `
        + `installing ${state(registration.installing)}`;
}"""


def release(folder: Path, text: str) -> None:
    """Writes a release of the folder; a second one dated at least a second after the first.

    `http.server` dates a file in whole seconds and answers the browser's update check
    (If-Modified-Since) with 304 Not Modified while a file's second is not later than the
    copy's: a release rewritten within the second of the first (this test is that quick) would
    read as unchanged, and the browser would keep the old worker. A real release comes later."""
    folder.mkdir(parents=True, exist_ok=True)
    before = {path: path.stat().st_mtime for path in folder.iterdir()}
    (folder / "index.html").write_text(f"<!DOCTYPE html><title>{text}</title>")
    write_worker(folder, snapshot=False)  # no Pyodide here to key a snapshot by
    for path, old in before.items():
        if int(path.stat().st_mtime) <= int(old):
            os.utime(path, (int(old) + 1, int(old) + 1))


def test_a_new_release_drops_its_own_old_caches_and_no_other_deployments(
        browser, tmp_path: Path) -> None:
    release(tmp_path / "a", "a, first release")
    release(tmp_path / "b", "b, first release")
    site = StaticSite(tmp_path).start()
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)
        scopes = {}
        for name in ("b", "a"):
            page.goto(f"{site.url}{name}/")
            scopes[name] = page.evaluate(REGISTERED)
        first = page.evaluate("caches.keys()")
        assert len(first) == 2
        assert {n.split(" ")[1] for n in first} == set(scopes.values())
        # Caches an earlier build named without its scope: each holds its own worker's script.
        page.evaluate("""async ([a, b]) => {
            await (await caches.open("table-companion-0.1.0-aaaa")).put(a + "sw.js",
                                                                        new Response(""));
            await (await caches.open("table-companion-0.1.0-bbbb")).put(b + "sw.js",
                                                                        new Response(""));
        }""", [scopes["a"], scopes["b"]])

        release(tmp_path / "a", "a, second release")
        stuck = page.evaluate(UPDATED)
        assert not stuck, f"the new release of a is not active; the registration holds: {stuck}"
        left = set(page.evaluate("caches.keys()"))
        b_cache = next(n for n in first if n.split(" ")[1] == scopes["b"])
        a_first = next(n for n in first if n.split(" ")[1] == scopes["a"])
        assert b_cache in left, "b's copy is kept"
        assert "table-companion-0.1.0-bbbb" in left, "b's cache from an earlier build is kept"
        assert a_first not in left and "table-companion-0.1.0-aaaa" not in left
        assert len([n for n in left if n.split(" ")[1:2] == [scopes["a"]]]) == 1
    finally:
        context.close()
        site.stop()
