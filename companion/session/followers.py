"""The scorekeeper first: other pages are brought up to date after the change's own page.

A change made on one page (the keeper's tap) is told to every page following the match, and each
of those re-renders its screen: tens of milliseconds a page. Told at once, as Flet's
`page.run_task` would, every follower's render ran on the event loop before (or between the steps
of) the keeper's own answer, so 100 watchers made the keeper's Undo 75 times slower, and while the
loop was busy nothing else was read, WebSocket keepalive replies included.

Here the followers wait in one queue (`Followers`), drawn by one task on the event loop:

- first the pages that made a change: their own update is rendered and sent before any
  follower's is drawn (the keeper's answer is never behind a watcher's);
- then each follower in turn, one at a time, for the latest state only: a page queued again
  while it waits is still drawn once (its listeners' latest tasks, by key), never a backlog per
  change;
- between two followers the task leaves the event loop free for at least `GAP` seconds and
  `REST` times what the last follower took (a third of the loop's time, with `REST` 0.5), so
  the keeper's next message, a keepalive ping and every other socket are read between any two
  renders, and the rest of the followers are drawn in the turns after;
- a message from a page that has made a change (`hold`) stops the followers until that page has
  been answered or `HOLD` seconds have passed: the keeper's next tap is read, handled and
  answered with no follower drawn in between.

A follower whose tab has gone meanwhile keeps its tasks for its reload, as `follow.run_in_session`
does for one gone already. The queue is filled from any thread (a change may be made off the loop:
a thread of `page.run_thread`, a test); it is drawn only on the loop.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import sys
import threading
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Coroutine, Hashable
from dataclasses import dataclass, field
from typing import Any

import flet as ft
from flet.controls.context import _context_page

log = logging.getLogger(__name__)

Task = Callable[[], Coroutine[Any, Any, None]]

GAP = 0.002  # seconds at least between two followers: every socket read meanwhile
REST = 0.5  # ... and this much of the time the last follower took: the loop's own share
HOPS = 3  # loop turns a message read takes to reach the app (socket, uvicorn, Flet's reader)
HOLD = 0.25  # at most this long the followers wait for a keeper's message to be answered
WAIT = 0.005  # seconds between two looks at a hold


IN_BROWSER = sys.platform == "emscripten"  # the offline web app: one page, no server


class Unkeyed:
    """The key of a task that no later one replaces (each such task is run)."""


def current_page() -> ft.Page | None:
    """The page whose session the calling code runs for (None outside every session)."""
    return _context_page.get()


@dataclass(eq=False)
class _Turns:
    """One event loop's pages waiting, oldest first, each with its listeners' latest tasks by
    key: the changing pages' own (`firsts`), then the followers' (`queue`)."""

    queue: OrderedDict[ft.Page, dict[Hashable, Task]] = field(default_factory=OrderedDict)
    firsts: OrderedDict[ft.Page, dict[Hashable, Task]] = field(default_factory=OrderedDict)
    running: bool = False  # a task of the loop's draws them


class Followers:
    """The pages to bring up to date after a change, drawn after the changing page (see above)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        # Each loop's own (one when served; tests run one loop after another).
        self._turns: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Turns] = (
            weakref.WeakKeyDictionary())
        # Pages that made a change (the keeper's): their messages hold the followers.
        self._first: weakref.WeakSet[ft.Page] = weakref.WeakSet()
        self._held_until = 0.0
        self._missed: Callable[[ft.Page, dict[Hashable, Task]], None] = lambda page, tasks: None
        self.drawn = 0  # followers' renders so far (tests and bench/watchers.py count them)

    # -- filled from any thread ---------------------------------------------------------------

    def put(self, page: ft.Page, task: Task, key: Hashable | None = None, *,
            first: bool = False) -> None:
        """Queue `task` for `page` (the latest by `key`: None keeps every such task); `first`:
        the page's own task (it runs for the page that made the change), drawn before any
        follower's."""
        loop = page.session.connection.loop
        with self._lock:
            turns = self._turns.get(loop)
            if turns is None:
                turns = self._turns[loop] = _Turns()
            queue = turns.firsts if first else turns.queue
            queue.setdefault(page, {})[key if key is not None else Unkeyed()] = task
            start = not turns.running
            turns.running = True
        if start:
            loop.call_soon_threadsafe(self._start, turns)

    def acted(self, page: ft.Page | None) -> None:
        """`page` has made a change: its messages now hold the followers (`hold`), and the one
        it may have sent is answered."""
        if page is not None:
            self._first.add(page)
        self._held_until = 0.0

    def keeps_first(self, page: ft.Page | None) -> bool:
        """Has `page` made a change: are its messages answered before followers are drawn?"""
        return page is not None and page in self._first

    def hold(self) -> None:
        """A page that made a change has sent a message: draw no follower until it is answered
        (`release`) or `HOLD` seconds have passed."""
        self._held_until = time.monotonic() + HOLD

    def release(self) -> None:
        """That page has been answered: the followers go on."""
        self._held_until = 0.0

    def busy(self, loop: asyncio.AbstractEventLoop | None = None) -> bool:
        """Are pages waiting to be drawn, or being drawn, on `loop` (None: on any loop)?"""
        with self._lock:
            if loop is not None:
                turns = self._turns.get(loop)
                return turns is not None and turns.running
            return any(turns.running for turns in self._turns.values())

    def on_missed(self, missed: Callable[[ft.Page, dict[Hashable, Task]], None]) -> None:
        """Where a follower gone before it was drawn leaves its tasks (for its reload)."""
        self._missed = missed

    # -- drawn on the event loop --------------------------------------------------------------

    def _start(self, turns: _Turns) -> None:
        asyncio.ensure_future(self._drain(turns))

    async def _drain(self, turns: _Turns) -> None:
        try:
            while True:
                await self._keepers_first(turns)
                with self._lock:
                    if not turns.queue:
                        if not turns.firsts:
                            turns.running = False
                            return
                        continue
                    page, tasks = turns.queue.popitem(last=False)
                began = time.perf_counter()
                await self._bring(page, tasks)
                took = time.perf_counter() - began
                # The loop's own time: every socket read, and a keeper's message reaching the
                # app (`hold`) before the next follower is drawn.
                await asyncio.sleep(max(GAP, took * REST))
                for _ in range(HOPS):
                    await asyncio.sleep(0)
        except BaseException:
            with self._lock:
                turns.running = False
            raise

    async def _keepers_first(self, turns: _Turns) -> None:
        """Draw the pages' own tasks (the changing page's), then wait while a page that made a
        change has a message unanswered."""
        while True:
            with self._lock:
                firsts = list(turns.firsts.items())
                turns.firsts.clear()
            for page, tasks in firsts:
                await self._bring(page, tasks, count=False)
            if firsts:  # its send loop writes the update to the socket before anything else
                await asyncio.sleep(0)
            if time.monotonic() >= self._held_until:
                with self._lock:
                    if not turns.firsts:
                        return
                continue
            await asyncio.sleep(WAIT)

    async def _bring(self, page: ft.Page, tasks: dict[Hashable, Task], count: bool = True,
                     ) -> None:
        """Run `page`'s tasks in its session, then render what they changed, once."""
        if page.session.connection is None:
            self._missed(page, tasks)
            return
        context = contextvars.copy_context()
        context.run(_context_page.set, page)
        for task in tasks.values():
            asyncio.create_task(_logged(task), context=context)
        await asyncio.sleep(0)  # each task's first step (a set_state) runs before the render
        if page.session.connection is not None:
            context.run(_settle_as, page)
            self.drawn += count


async def _logged(task: Task) -> None:
    try:
        await task()
    except Exception:  # its session gone meanwhile: the others are drawn all the same
        log.exception("A page could not be brought up to date")


def _settle_as(page: ft.Page) -> None:
    from companion.session.guard import settle

    _context_page.set(page)
    settle(page.session)


FOLLOWERS = Followers()
"""The process's one queue: every session of one server shares the event loop it is drawn on."""
