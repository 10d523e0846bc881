"""Closed pages cost the keeper nothing, and one address opens at most PER_ADDRESS pages.

The served app (Origin check, session limits, Flet) runs in a thread on loopback, on tables the
test holds; pages are raw Flet clients (tests/support/app/wire.py). A keeper's tap is `tables.undo`
with the keeper's pass, and what it renders is counted: the pages it schedules a refresh on.
"""

from __future__ import annotations

import asyncio
import gc
import threading
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import flet as ft
import pytest
import uvicorn
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from companion.app import build_main
from companion.games.caro.watch import turn_line
from companion.server.origin import allowed_origins
from companion.server.serve import sweep_anew, web_app, web_root
from companion.server.sockets import PER_ADDRESS, SessionLimit
from companion.session.access import Gate, Pass
from companion.session.followers import Followers
from companion.session.open_matches import OpenMatches
from companion.session.preferences import Preferences
from storage import Store
from tests.support.app.process import free_port
from tests.support.app.wire import REGISTER_CLIENT, Wire
from tests.support.companion.apart import run_apart
from tests.support.companion.caro_undo_cost import mid_game
from tests.support.polling import settled, until

PIN = "2468"
GRACE = 2  # seconds a closed page's session is kept here (45 when served)
FLOOD = 100


@dataclass
class Served:
    port: int
    tables: OpenMatches
    keeper: Pass
    mid: str
    limit: SessionLimit
    # Every session begun, by its page (weakly: a closed session must be freed).
    started: list[weakref.ref[ft.Page]] = field(default_factory=list)

    @property
    def route(self) -> str:
        return f"/match/{self.mid}"

    def open_sockets(self) -> int:
        return self.limit.open.get("127.0.0.1", 0)



@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    yield from serving(tmp_path_factory.mktemp("dead"))


@pytest.fixture
def own_served(tmp_path: Path) -> Iterator[Served]:
    """An app of the test's own: no session of another test's pages ends during it."""
    yield from serving(tmp_path)


def serving(folder: Path) -> Iterator[Served]:
    store = Store(folder / "data")
    tables = OpenMatches(store, Gate(PIN))
    keeper = tables.gate.new_pass("192.0.2.1")
    tables.gate.unlock(keeper, PIN)
    mid = tables.create(mid_game(), by=keeper)
    port = free_port()
    app_main = build_main(tables, Preferences(folder))
    started: list[weakref.ref[ft.Page]] = []

    def main(page: ft.Page) -> None:
        started.append(weakref.ref(page))
        app_main(page)

    guard = web_app(main, allowed_origins("127.0.0.1", port), web_root(folder / "web"),
                    grace=GRACE)
    server = uvicorn.Server(uvicorn.Config(guard, host="127.0.0.1", port=port,
                                           log_level="warning", ws="websockets-sansio",
                                           proxy_headers=False))
    thread = threading.Thread(target=server.run, name="served-app", daemon=True)
    thread.start()
    assert until(lambda: server.started), "the server did not start"
    limit = guard
    while not isinstance(limit, SessionLimit):  # inside the CSP and the Origin check
        limit = limit.app
    yield Served(port, tables, keeper, mid, limit, started)
    server.should_exit = True
    thread.join(10)
    store.close()


def freed(pages: list[weakref.ref[ft.Page]]) -> int:
    """How many of `pages` have been freed (after a full garbage collection)."""
    gc.collect()
    return sum(1 for page in pages if page() is None)


def rendered_by(served: Served, tap: Callable[[], None], monkeypatch: pytest.MonkeyPatch,
                ) -> set[int]:
    """The pages (by id) that `tap` schedules a refresh on (queued for the followers' task)."""
    pages: set[int] = set()
    put = Followers.put

    def recording(followers: Followers, page: ft.Page, *args: Any, **kwargs: Any) -> Any:
        pages.add(id(page))
        return put(followers, page, *args, **kwargs)

    monkeypatch.setattr(Followers, "put", recording)
    tap()
    monkeypatch.setattr(Followers, "put", put)
    return pages


def test_a_hundred_closed_pages_are_not_rendered_at_a_keepers_tap(
        own_served: Served, monkeypatch: pytest.MonkeyPatch) -> None:
    served = own_served  # its listeners are this test's own, whichever test ran before
    listeners = len(served.tables._listeners)
    live = [Wire(served.port, served.route) for _ in range(2)]
    try:
        flood_while_two_follow(served, live, listeners, monkeypatch)
    finally:
        for page in live:
            page.close()
    assert until(lambda: served.open_sockets() == 0)


def flood_while_two_follow(served: Served, live: list[Wire], listeners: int,
                           monkeypatch: pytest.MonkeyPatch) -> None:
    for page in live:
        page.read(until=3)
    assert until(lambda: len(served.tables._listeners) > listeners)  # they follow the match
    # Their screens' listeners, once every one is subscribed (Home's and the match's come apart).
    following = settled(lambda: len(served.tables._listeners))

    for i in range(FLOOD):  # each page closed after its first frames, or before any
        page = Wire(served.port, served.route)
        page.read(until=2 if i % 2 else 0)
        page.close()
    assert until(lambda: served.open_sockets() == 2)
    begun = len(served.started)

    for tap in (served.tables.undo, served.tables.redo) * 2:
        pages = rendered_by(served, lambda tap=tap: tap(served.mid, by=served.keeper),
                            monkeypatch)
        assert len(pages) == 2, f"{len(pages)} pages rendered, 2 are open"
    for page in live:  # and the open ones did get the change
        seen = len(page.received)
        page.read(until=seen + 1)
        assert len(page.received) > seen

    # Once the grace period is over, Flet closes the sessions and they hold nothing.
    assert until(lambda: len(served.tables._listeners) == following), (
        f"{len(served.tables._listeners)} listeners, {following} before the flood")
    assert len(served.started) == begun
    assert until(lambda: freed(served.started[-FLOOD:]) == FLOOD, tries=100), (
        f"{FLOOD - freed(served.started[-FLOOD:])} closed pages' sessions are still in memory")


def test_the_21st_page_from_one_address_is_refused_before_the_app_runs(served: Served) -> None:
    assert until(lambda: served.open_sockets() == 0)
    earlier = len(served.started)
    pages = [Wire(served.port, "/") for _ in range(PER_ADDRESS)]
    assert until(lambda: len(served.started) == earlier + PER_ADDRESS)
    begun, refused = len(served.started), served.limit.refused
    try:
        with pytest.raises(InvalidStatus) as refusal:
            Wire(served.port, "/")
        assert refusal.value.response.status_code == 403
        # The address is the socket's own: a forwarding header names no other device.
        with pytest.raises(InvalidStatus):
            connect(f"ws://127.0.0.1:{served.port}/ws", origin=f"http://127.0.0.1:{served.port}",
                    additional_headers={"X-Forwarded-For": "192.0.2.9",
                                        "X-Real-IP": "192.0.2.9"}, open_timeout=10)
        assert served.limit.refused == refused + 2
        assert len(served.started) == begun  # no session was begun for either

        # A page closed frees its slot at once (a phone reloading is never refused).
        for _ in range(3):
            pages.pop().close()
            assert until(lambda: served.open_sockets() < PER_ADDRESS)
            pages.append(Wire(served.port, "/"))
            pages[-1].read(until=1)
            assert pages[-1].received[0][0] == REGISTER_CLIENT
        assert served.limit.refused == refused + 2
    finally:
        for page in pages:
            page.close()
    assert until(lambda: served.open_sockets() == 0)


def test_a_socket_closed_before_its_session_began_holds_nothing(served: Served) -> None:
    """Flet's handler waits for ever on a socket closed before it registered: it is ended."""
    cut, begun = served.limit.cut, len(served.started)
    for _ in range(5):
        with connect(f"ws://127.0.0.1:{served.port}/ws",
                     origin=f"http://127.0.0.1:{served.port}", open_timeout=10):
            pass
    assert until(lambda: served.open_sockets() == 0)
    assert until(lambda: served.limit.cut == cut + 5)
    assert len(served.started) == begun


def test_a_page_back_within_the_grace_period_shows_what_it_missed(served: Served) -> None:
    page = Wire(served.port, served.route)
    page.read(until=50, timeout=1.0)
    session_id = page.received[0][1]["session_id"]
    page.close()
    assert until(lambda: served.open_sockets() == 0)
    shown = b"".join(page.raw)
    served.tables.undo(served.mid, by=served.keeper)  # while the page is away
    heading = turn_line(served.tables.get(served.mid).match).encode()  # as a watcher reads it
    assert heading not in shown  # the undo changed whose turn it is

    back = Wire(served.port, served.route, session_id=session_id)
    try:
        back.read(until=50, timeout=1.0)
        assert back.received[0][1]["session_id"] == session_id  # its own session, kept
        later = b"".join(back.raw[1:])
        assert heading in later, "the reloaded page was not brought up to date"
    finally:
        back.close()
        served.tables.redo(served.mid, by=served.keeper)



def test_a_server_started_after_another_stopped_sweeps_closed_sessions_again() -> None:
    """Flet's app manager is one per process and kept an earlier server's cancelled sweep, so
    a server started after another had stopped never expired a closed page's session (a
    shuffled run of this module failed so: 408 listeners, 8 before the flood). `sweep_anew`
    lets it start one again, and leaves a sweep another running server still has."""

    class Manager:  # Flet's FletAppManager's two private fields
        pass

    async def sweep() -> None:
        await asyncio.sleep(60)

    async def check() -> tuple[Any, Any, Any]:
        stopped, running = Manager(), Manager()
        old = asyncio.create_task(sweep())
        old.cancel()  # what FletAppManager.shutdown() does, and keeps the task
        stopped._FletAppManager__evict_sessions_task = old
        stopped._FletAppManager__evict_oauth_states_task = old
        live = asyncio.create_task(sweep())
        running._FletAppManager__evict_sessions_task = live
        sweep_anew(stopped)
        sweep_anew(running)
        kept = running._FletAppManager__evict_sessions_task
        live.cancel()
        return (stopped._FletAppManager__evict_sessions_task,
                stopped._FletAppManager__evict_oauth_states_task, kept is live)

    assert run_apart(check()) == (None, None, True)  # apart: a browser test may hold a loop here
