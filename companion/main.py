"""The app's entry module for `flet build` / `flet publish` and the offline web app.

It runs the whole app in one process with no server of its own: no sockets, no threads (Pyodide
has neither), one session, no PIN. In a browser, `companion.browser` readies the data folder
(IndexedDB) before the store opens. The served app (`table-companion`) starts from `cli.main`.
"""

from __future__ import annotations

import sys

import flet as ft

from companion import browser

browser.tell_page("app")  # the page's splash says what loads: the imports below are most of it

from companion.app import build_main  # noqa: E402
from companion.flet_internals import IN_BROWSER, mismatch, reported  # noqa: E402
from companion.session.open_matches import OpenMatches  # noqa: E402
from companion.session.preferences import Preferences  # noqa: E402


async def main(page: ft.Page) -> None:
    try:
        problem = mismatch(IN_BROWSER, reported)
        if problem:  # the build bundled another Flet than the one the guards were written for
            print(f"table-companion: {problem}", file=sys.stderr)
            page.add(ft.Text(f"Table Companion cannot start: {problem}", selectable=True))
            return
        browser.tell_page("matches")
        place = await browser.open_data(page)
        from storage import Store  # after the folder is loaded: the store reads it when it opens

        store = Store(place.folder)
        build_main(OpenMatches(store), Preferences(place.folder), place=place)(page)
    finally:  # the splash goes, whatever the page shows (Home, or why the app cannot start)
        browser.tell_page("home")
        browser.tell_page_imported()  # for the next start's snapshot (web/snapshot.js)


if __name__ == "__main__":
    ft.run(main)
