"""Whether the offline web app's copy in this browser is complete, as Settings says it.

The service worker (companion/web/sw.js) keeps its answer in its cache, beside the files
("table-companion-ready"); the app's Python, in a worker of the page, reads the browser's cache
itself rather than anything the page reports. It only decides what Settings says: nothing the
app does depends on it.
"""

from __future__ import annotations

import logging

import flet as ft

from companion.browser import in_browser

log = logging.getLogger(__name__)
READY = "table-companion-ready"  # sw.js's READY
ASKING = "asking"  # not answered yet: nothing is said (rather than a warning for a moment)


async def copy_complete() -> bool:
    """True where this deployment's cache says its copy is complete (the worker's scope is the
    app's base: the folder of the Python worker's own script)."""
    import js

    scope = js.URL.new(".", js.location.href).href
    for name in await js.caches.keys():
        if str(name).startswith(f"table-companion {scope} "):
            found = await (await js.caches.open(name)).match(scope + READY)
            if found is not None and await found.text() == "true":
                return True
    return False


def use_offline_copy(web_app: bool) -> bool | str:
    """True once the copy is complete; False while it is not (not yet, or it could not be
    completed); ASKING until known (and outside the web app). A hook: call it while a screen
    renders (Settings asks each time it opens)."""
    ready, set_ready = ft.use_state(ASKING)
    page = ft.context.page

    async def ask() -> None:
        try:
            set_ready(await copy_complete())
        except Exception as error:  # no Cache API (a private window may refuse it): not ready
            log.debug("Could not read the offline copy's state: %r", error)
            set_ready(False)

    def on_mount() -> None:
        if web_app and in_browser():
            page.run_task(ask)

    ft.use_effect(on_mount, [])
    return ready
