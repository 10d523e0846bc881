"""The app's entry module for `flet build` / `flet publish` and the offline web app.

It runs the whole app in one process with no server of its own: no sockets, no threads (Pyodide
has neither), one session, no PIN. In a browser, `companion.browser` readies the data folder
(IndexedDB) before the store opens. The served app (`table-companion`) starts from `cli.main`.
"""

from __future__ import annotations

import sys

import flet as ft

from companion import browser
from companion.app import build_main
from companion.server.flet_internals import IN_BROWSER, mismatch, reported
from companion.session.open_matches import OpenMatches
from companion.session.preferences import Preferences


async def main(page: ft.Page) -> None:
    problem = mismatch(IN_BROWSER, reported)
    if problem:  # the build bundled another Flet than the one the guards were written for
        print(f"table-companion: {problem}", file=sys.stderr)
        page.add(ft.Text(f"Table Companion cannot start: {problem}", selectable=True))
        return
    place = await browser.open_data(page)
    from storage import Store  # after the folder is loaded: the store reads it when it opens

    store = Store(place.folder)
    build_main(OpenMatches(store), Preferences(place.folder), place=place)(page)
    browser.tell_page("home")


if __name__ == "__main__":
    ft.run(main)
