"""The in-browser platform (Pyodide): the one seam between the app and the browser.

The web entry (`companion.main`) calls `open_data` before the store opens; the rest of the app
learns only `Place.in_browser` (and whether the browser keeps its storage) through its services.
In the browser:
- each deployment (its base URL: two may share an origin) keeps its own IndexedDB database and
  Web Lock, named in one place (web/scope.js, `data_names`);
- a Web Lock makes one tab at a time own the data (two tabs on one IndexedDB folder lose
  matches: the last one to write wins); a second tab says the app is open elsewhere and waits;
- the data folder is an Emscripten IDBFS mount, loaded from IndexedDB once (`syncfs(true)`)
  before the store reads it; then every file the app writes, renames or deletes there is put
  into IndexedDB by itself (web/persist.js: a save costs the same with 0 or 1,000 stored
  matches, where IDBFS's `autoPersist` syncs the whole folder), and the page's updates wait for
  that commit (`HeldUpdates`): what the screen shows is in IndexedDB;
- a save returns only once IndexedDB has committed it (`committing`, the store's durable
  point): where IndexedDB refuses (the origin's storage is full), the folder is put back as
  IndexedDB holds it and the save raises, so the screen says so and shows what is stored.
- the browser is asked to keep the storage (`navigator.storage.persist()`, by the page).
Outside a browser (`flet run`, `flet build` for a desktop) the data folder is the user's.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import flet as ft

from scoring.said import Said, said

DATA = Path("/home/pyodide/table-companion")  # where the IDBFS mount lives in the worker
PERSIST = Path(__file__).resolve().parent / "web" / "persist.js"
SCOPE = Path(__file__).resolve().parent / "web" / "scope.js"
# Chromium's default: a transaction completes once the browser has written it (it survives the
# browser killed at any moment, tests/web/test_restart.py), not once the disk has flushed it
# (a power cut within the system's write-back delay can lose the last actions). "strict", the
# served app's fsync, cost about 50 ms a tap here (Undo/Redo 142 ms against 55 ms): more than
# the rest of the tap.
DURABILITY = "relaxed"
log = logging.getLogger(__name__)
FULL = said("Not saved: the phone's storage for this app is full. Free some space on the phone "
            "(files or apps you no longer need), then try again.")
REFUSED = said("Not saved: this browser's storage refused the change ({reason}). Try again; if it "
               "keeps failing, export your matches (Settings).")
# Where a save cannot wait for IndexedDB (a browser without JavaScript Promise Integration):
# the change stays in memory and is tried again with the next one.
NOT_KEPT = said("The last change could not be kept in this browser's storage ({reason}); it is "
                "tried again with the next one. Until then it would be lost if the browser "
                "closed: free some space on the phone, or export your matches (Settings).")
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


def tell_page(news: object) -> None:
    """Tell the page's script how the start goes, for its splash (web/start.js: "app", "matches",
    "elsewhere", "home"); nothing outside a browser. On the tab's own channel, named after this
    worker (start.js names it): a channel reaches every tab, and the worker's messages are
    Flet's, read by its client."""
    if not in_browser():
        return
    import js

    channel = js.BroadcastChannel.new(f"table-companion {js.name}")
    channel.postMessage(news)
    channel.close()


def tell_page_imported() -> None:
    """Tell the page's script the modules imported and the languages read by now (Home is up):
    a memory snapshot with them makes the next start shorter (web/snapshot.js); nothing
    outside a browser."""
    if not in_browser():
        return
    import js
    from pyodide.ffi import to_js

    from companion.i18n.catalog import read_languages

    tell_page(to_js({"modules": sorted(sys.modules), "languages": read_languages()},
                    dict_converter=js.Object.fromEntries))


def preferred_languages() -> str:
    """The browser's preferred languages (navigator.languages, which the app's worker reads
    as the page would) as an Accept-Language list, so the first screen is drawn in the
    device's language; "" outside a browser or without an answer."""
    if not in_browser():
        return ""
    try:
        import js

        return ",".join(str(tag) for tag in list(js.navigator.languages)[:8])
    except Exception:  # a worker without navigator.languages: English first, as before
        return ""


def in_browser() -> bool:
    return sys.platform == "emscripten"


@dataclass(frozen=True)
class DataNames:
    """What this deployment's matches go by in the browser (web/scope.js)."""

    scope: str  # the deployment's base path, "/" at the site's root
    database: str  # its IndexedDB database
    lock: str  # its Web Lock
    legacy: str  # the database every deployment shared before issue 35


def data_names() -> DataNames:
    """This deployment's names, from the folder of the app's worker script (web/scope.js, which
    the page runs too)."""
    from pyodide.code import run_js

    run_js(SCOPE.read_text(encoding="utf-8"))
    import js

    found = js.tableCompanionData()
    return DataNames(str(found.scope), str(found.database), str(found.lock), str(found.legacy))


@dataclass(frozen=True)
class Place:
    """Where the matches are kept, as the app's screens need to know it."""

    folder: Path
    in_browser: bool = False
    # False where the browser refused `navigator.storage.persist()`: it may then clear the
    # matches under storage pressure, and Settings says so beside Export.
    storage_persisted: bool = True


async def open_data(page: ft.Page) -> Place:
    """Make the data folder ready and this tab its only user."""
    if not in_browser():
        import platformdirs

        folder = Path(platformdirs.user_data_dir("table-companion", appauthor=False))
        folder.mkdir(parents=True, exist_ok=True)
        return Place(folder)
    names = data_names()
    await hold_lock(page, names.lock)
    persist = await mount(DATA, names.database, names.legacy)
    hold_updates(page, persist)
    from storage import atomic

    atomic.on_durable(committing(persist))
    return Place(DATA, in_browser=True, storage_persisted=await storage_persisted())


async def hold_lock(page: ft.Page, lock: str) -> None:
    from pyodide.code import run_js
    from pyodide.ffi import create_once_callable

    notice = ft.Text(WAITING, size=18, text_align=ft.TextAlign.CENTER)

    def waiting() -> None:
        tell_page("elsewhere")
        page.add(ft.SafeArea(ft.Container(notice, padding=24)))
        page.update()

    await run_js(_ACQUIRE)(lock, create_once_callable(waiting))
    tell_page("matches")
    if page.controls:
        page.controls.clear()
        page.update()


class Persist(Protocol):
    """companion/web/persist.js: the data folder's changes, put into IndexedDB path by path."""

    def busy(self) -> bool: ...

    def flush(self) -> Awaitable[Any]:
        """Resolves to None once every change is committed, else to IndexedDB's refusal
        (`.name`, `.message`); the refused changes stay marked for the next flush."""
        ...

    def commit(self) -> Awaitable[Any]:
        """`flush`, and on a refusal the folder put back as IndexedDB holds it."""
        ...


async def mount(folder: Path, database: str | None = None, legacy: str | None = None) -> Persist:
    """Mount IndexedDB database `database` (by default IDBFS's own, named after the folder) at
    `folder`, first copied from `legacy` if it is new and the origin has that one; load what it
    holds (once, before the store opens), and from then on put each file the app writes there
    into IndexedDB (persist.js)."""
    import pyodide_js
    from pyodide.code import run_js

    setup = run_js(PERSIST.read_text(encoding="utf-8"))
    try:
        return await setup(pyodide_js.FS, pyodide_js.FS.filesystems.IDBFS, str(folder),
                           database or str(folder), legacy, DURABILITY)
    except Exception as error:
        raise OSError(f"could not load the matches kept in this browser: {error}") from error


class NotKept(OSError):
    """A change IndexedDB refused for another reason than a full storage; nothing was kept.
    `.said` says so in the reader's language, as a store error's does."""

    def __init__(self, sentence: Said) -> None:
        super().__init__(errno.EIO, str(sentence))
        self.said = sentence

    def __str__(self) -> str:  # the sentence alone
        return self.strerror


def refusal(name: str, message: str) -> OSError:
    """The error a save raises for IndexedDB's refusal `name` (its `message`)."""
    from storage.errors import StorageFullError

    if name == "QuotaExceededError":
        return StorageFullError(FULL)
    return NotKept(said(REFUSED.msg, reason=f"{name}: {message}"))


def committing(persist: Persist) -> Callable[[str], None]:
    """The store's durable point in the browser (`storage.atomic.on_durable`): wait there for
    IndexedDB to commit what was written, so a save returns only once it is stored; a refusal
    puts the folder back as IndexedDB holds it and raises (`refusal`), so the save is refused
    as by a full disk: the store and the open match stay as they were, and the screen says so.

    Why here: a store's save "returns once it is safely on disk", and every caller already
    handles one that raises (OpenMatches.act drops the in-memory change, the screens say why);
    the folder is put back file by file, so the store's own record of its files (their stats
    and summaries, kept only once a write returned) still matches them. Holding back or dropping
    the screen's updates instead would part Flet's controls from the page's.

    The wait is synchronous, as a save is (`run_sync`, JavaScript Promise Integration: Chromium
    browsers). Where it cannot wait (no JSPI, or code not called from an event), the page's
    updates still wait for the commit (`HeldUpdates`) and a refusal is told by `hold_updates`.
    """
    def commit(folder: str) -> None:
        from pyodide.ffi import can_run_sync, run_sync

        if not can_run_sync():
            return
        refused = run_sync(persist.commit())
        if refused is not None:
            log.error("IndexedDB refused a save: %s: %s", refused.name, refused.message)
            raise refusal(str(refused.name), str(refused.message))

    return commit


class HeldUpdates:
    """Flet's messages to the screen, held while a file written before them is not yet in
    IndexedDB: a browser closed the moment the screen changed keeps what the screen showed.

    Flet sends from plain (synchronous) code right after a handler ran, so a message that must
    wait is queued and sent, in order, by a task that awaits the commit.
    """

    def __init__(self, send: Callable[[Any], None], persist: Persist,
                 on_failure: Callable[[str], None] | None = None) -> None:
        self._send = send
        self._persist = persist
        self._on_failure = on_failure  # told once each time commits start failing
        self._failing = False
        self._held: list[Any] = []
        self._releasing: asyncio.Future[None] | None = None
        self.waits = 0  # messages that waited for a commit

    def send(self, message: Any) -> None:
        if not self._held and not self._persist.busy():
            self._send(message)
            return
        self._held.append(message)
        self.waits += 1
        if len(self._held) == 1:  # kept: the loop holds its tasks only weakly
            self._releasing = asyncio.ensure_future(self._release())

    async def _release(self) -> None:
        failed = None
        try:
            while self._persist.busy():  # changes made while waiting are awaited too
                refused = await self._persist.flush()
                if refused is not None:  # IndexedDB refused (full?): the change stays marked
                    # and the next flush tries again; the screen is not kept frozen meanwhile.
                    failed = f"{refused.name}: {refused.message}"
                    break
        except Exception as error:  # the flush itself failed
            failed = str(error)
        if failed is not None:
            log.error("Could not keep the last change in this browser's storage: %s", failed)
        held, self._held = self._held, []
        for message in held:
            self._send(message)
        if failed is None:
            self._failing = False
        elif not self._failing:  # once, not again for the message that tells it
            self._failing = True
            if self._on_failure is not None:
                self._on_failure(failed)


def hold_updates(page: ft.Page, persist: Persist) -> HeldUpdates:
    """Send the page's updates only once what was written before them is in IndexedDB."""
    def tell(error: str) -> None:
        from companion.i18n import say

        text = say(Said(NOT_KEPT.msg, {"reason": error}))
        page.show_dialog(ft.SnackBar(ft.Text(text), duration=10_000))

    connection = page.session.connection
    held = HeldUpdates(connection.send_message, persist, tell)
    connection.send_message = held.send  # Session sends every message through this attribute
    return held


async def storage_persisted() -> bool:
    """Whether the browser keeps the matches under storage pressure. The page asked it to
    (`navigator.storage.persist()` in web/start.js: a worker cannot ask); this worker
    reads the answer."""
    from js import navigator

    try:
        return bool(await navigator.storage.persisted())
    except Exception:  # no StorageManager (old browsers): the data still works
        return False
