"""The in-browser platform (Pyodide): the one seam between the app and the browser.

The web entry (`companion.main`) calls `open_data` before the store opens; nothing else in the app
knows it runs in a browser. In the browser:
- a Web Lock makes one tab at a time own the data (two tabs on one IDBFS folder lose matches:
  the last one to sync wins); a second tab says the app is open elsewhere and waits;
- the data folder is an Emscripten IDBFS mount with `autoPersist`, loaded from IndexedDB with
  `syncfs(true)` before the store reads it; Emscripten then writes each closed file, rename or
  unlink back to IndexedDB once Python yields. The store writes atomically (temp file + rename),
  which is what IDBFS persists (a file rewritten in place without a close is not).
- the browser is asked to keep the storage (`navigator.storage.persist()`).
Outside a browser (`flet run`, `flet build` for a desktop) the data folder is the user's.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import flet as ft

DATA = Path("/home/pyodide/table-companion")  # where the IDBFS mount lives in the worker
LOCK = "table-companion-data"
WAITING = ("Table Companion is open in another tab or window. Close it there and the app "
           "starts here by itself.")

# Resolves once this tab holds the Web Lock; calls `waiting()` first when another tab holds it.
# The lock is held until the worker ends (the tab closes): its promise never resolves.
_ACQUIRE = """
async (name, waiting) => {
  const held = () => new Promise(() => {});
  const got = await new Promise((resolve) => navigator.locks.request(
    name, {ifAvailable: true}, (lock) => { resolve(!!lock); return lock ? held() : null; }));
  if (got) return;
  waiting();
  await new Promise((resolve) => navigator.locks.request(
    name, () => { resolve(); return held(); }));
}
"""


def in_browser() -> bool:
    return sys.platform == "emscripten"


async def open_data(page: ft.Page) -> Path:
    """Make the data folder ready and this tab its only user; returns the folder."""
    if not in_browser():
        import platformdirs

        folder = Path(platformdirs.user_data_dir("table-companion", appauthor=False))
        folder.mkdir(parents=True, exist_ok=True)
        return folder
    await hold_lock(page)
    await mount(DATA)
    await ask_persist()
    return DATA


async def hold_lock(page: ft.Page) -> None:
    from pyodide.code import run_js
    from pyodide.ffi import create_once_callable

    notice = ft.Text(WAITING, size=18, text_align=ft.TextAlign.CENTER)

    def waiting() -> None:
        page.add(ft.SafeArea(ft.Container(notice, padding=24)))
        page.update()

    await run_js(_ACQUIRE)(LOCK, create_once_callable(waiting))
    if page.controls:
        page.controls.clear()
        page.update()


async def mount(folder: Path) -> None:
    """Mount IndexedDB at `folder` and load what it holds (once, before the store opens)."""
    import pyodide_js
    from pyodide.ffi import create_once_callable, to_js

    fs = pyodide_js.FS
    fs.mkdirTree(str(folder))
    fs.mount(fs.filesystems.IDBFS, to_js({"autoPersist": True}), str(folder))
    loaded: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def done(error: object = None) -> None:
        if error:
            loaded.set_exception(OSError(f"could not load the matches kept in this browser: "
                                         f"{error}"))
        else:
            loaded.set_result(None)

    fs.syncfs(True, create_once_callable(done))
    await loaded


async def ask_persist() -> bool:
    """Ask the browser not to evict the matches under storage pressure; True when granted."""
    from js import navigator

    try:
        return bool(await navigator.storage.persist())
    except Exception:  # no StorageManager (old browsers, some workers): the data still works
        return False
