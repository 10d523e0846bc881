"""A closed page is one info line in the server's log; a real error keeps its traceback.

The served app (uvicorn, the Origin check, the session limits, Flet) runs in a thread on
loopback; pages are raw Flet clients (tests/app/wire.py) closed as phones close them: with a
close frame, before any frame, or dropped (a reset, no close frame) while the server sends to
them. The last is the case that logged "ERROR: Exception in ASGI application" with a whole
`WebSocketDisconnect` traceback (and Flet's "Receive loop error" warning with another): the send
fails before Flet's receive loop has read the close. A reconnect held open here (as on a busy
server) lets the test drop the page at that moment every time.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import struct
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from flet_web.fastapi.flet_app_manager import app_manager
from starlette.websockets import WebSocketDisconnect, WebSocketDisconnected
from websockets.sync.client import connect

from companion.app import build_main
from companion.server import closes
from companion.server.closes import FLET_LOGGER, QuietCloses, quiet_flet_reads
from companion.server.origin import allowed_origins
from companion.server.serve import web_app, web_root
from companion.session.open_matches import OpenMatches
from companion.session.preferences import Preferences
from storage import Store
from tests.support.app.process import free_port
from tests.support.app.wire import Wire
from tests.support.companion.caro_undo_cost import mid_game
from tests.support.polling import until


@dataclass
class Served:
    port: int
    tables: OpenMatches
    mid: str
    quiet: QuietCloses



def serve(app: Any) -> tuple[int, uvicorn.Server, threading.Thread]:
    """`app` served on loopback by uvicorn as serve.py runs it; its records reach the root
    logger (no log config of uvicorn's own), so caplog reads them."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_config=None,
                                           log_level="warning", ws="websockets-sansio",
                                           proxy_headers=False))
    thread = threading.Thread(target=server.run, name="served-app", daemon=True)
    thread.start()
    assert until(lambda: server.started), "the server did not start"
    return port, server, thread


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    folder: Path = tmp_path_factory.mktemp("closes")
    store = Store(folder / "data")
    tables = OpenMatches(store)
    mid = tables.create(mid_game())
    holder: list[Any] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:  # the port first, then the app
        await holder[0](scope, receive, send)

    port, server, thread = serve(app)
    guard = web_app(build_main(tables, Preferences(folder)), allowed_origins("127.0.0.1", port),
                    web_root(folder / "web"), grace=30)
    holder.append(guard)
    assert isinstance(guard, QuietCloses)
    yield Served(port, tables, mid, guard)
    server.should_exit = True
    thread.join(10)
    store.close()


def dropped(page: Wire) -> None:
    """Drop the page's connection as a phone leaving the Wi-Fi does: a reset, no close frame."""
    page.ws.socket.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    page.ws.socket.close()


def noisy(caplog: pytest.LogCaptureFixture) -> list[str]:
    """The records a person reading the log would take for trouble: errors and tracebacks."""
    return [f"{r.levelname} {r.name}: {r.getMessage()}" for r in caplog.records
            if r.levelno >= logging.ERROR or r.exc_info or "Traceback" in r.getMessage()]


def test_pages_closed_every_way_log_no_error_and_no_traceback(
        served: Served, caplog: pytest.LogCaptureFixture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    route = f"/match/{served.mid}"
    first = Wire(served.port, route)
    first.read(until=1)
    session_id = first.received[0][1]["session_id"]
    first.close()

    # The page comes back within the grace period and is dropped while Flet reconnects it;
    # a change is then sent to it before Flet's receive loop reads again.
    gone, sent = threading.Event(), threading.Event()
    reconnect = app_manager.reconnect_session

    async def held_reconnect(*args: Any, **kwargs: Any) -> Any:
        result = await reconnect(*args, **kwargs)
        await asyncio.to_thread(gone.wait, 10)
        await asyncio.to_thread(served.tables.undo, served.mid)  # rendered to the dropped page
        await asyncio.to_thread(until, lambda: served.quiet.closed > closed_before, 30)
        sent.set()
        return result

    monkeypatch.setattr(app_manager, "reconnect_session", held_reconnect)
    closed_before = served.quiet.closed
    with caplog.at_level(logging.INFO):
        back = Wire(served.port, route, session_id=session_id)
        time.sleep(0.2)  # no elapsed time is asserted: the reconnect waits for `gone`
        dropped(back)
        gone.set()
        assert sent.wait(30)
        monkeypatch.setattr(app_manager, "reconnect_session", reconnect)

        for n in range(6):  # and the ordinary closes
            page = Wire(served.port, route)
            page.read(until=n % 3)
            (dropped if n % 2 else Wire.close)(page)
        with connect(f"ws://127.0.0.1:{served.port}/ws",
                     origin=f"http://127.0.0.1:{served.port}", open_timeout=10):
            pass  # closed before its session began
        served.tables.redo(served.mid)
        time.sleep(1)  # the server reads the last closes (nothing is asserted on the time)
    assert noisy(caplog) == []
    assert served.quiet.closed == closed_before + 1
    said = [r.getMessage() for r in caplog.records if r.name == closes.__name__]
    assert said and all("closed" in line for line in said)
    assert len([line for line in said if "while the server was sending" in line]) == 1


def test_a_real_error_in_a_socket_handler_still_logs_its_traceback(
        caplog: pytest.LogCaptureFixture) -> None:
    async def failing(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "websocket":
            return
        await receive()
        await send({"type": "websocket.accept"})
        await receive()  # a message from the page
        raise (WebSocketDisconnect(1001) if scope["path"] == "/closed" else
               RuntimeError("a handler's own bug"))

    quiet = QuietCloses(failing)
    port, server, thread = serve(quiet)
    try:
        with caplog.at_level(logging.INFO):
            with connect(f"ws://127.0.0.1:{port}/closed", open_timeout=10) as page:
                page.send(b"x")
                until(lambda: quiet.closed == 1, tries=100)
            with connect(f"ws://127.0.0.1:{port}/bug", open_timeout=10) as page:
                page.send(b"x")
                until(lambda: any(r.exc_info for r in caplog.records), tries=100)
        errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert len(errors) == 1 and "Exception in ASGI application" in errors[0].getMessage()
        assert errors[0].exc_info and isinstance(errors[0].exc_info[1], RuntimeError)
        assert quiet.closed == 1
    finally:
        server.should_exit = True
        thread.join(10)


def test_flets_read_of_a_closed_socket_is_one_line_its_other_warnings_stay(
        caplog: pytest.LogCaptureFixture) -> None:
    quiet_flet_reads()
    quiet_flet_reads()  # once is enough: the second adds nothing
    flet = logging.getLogger(FLET_LOGGER)
    assert len([f for f in flet.filters if isinstance(f, type(closes._CLOSED_READS))]) == 1
    with caplog.at_level(logging.INFO):
        for error in (WebSocketDisconnected("WebSocket is not connected."),
                      ValueError("a frame Flet cannot read")):
            try:
                raise error
            except Exception as caught:
                flet.warning("Receive loop error: %s", caught, exc_info=True)
    kept = [r for r in caplog.records if r.name == FLET_LOGGER]
    assert [type(r.exc_info[1]) for r in kept] == [ValueError]
    assert [r.getMessage() for r in caplog.records if r.name == closes.__name__] == [
        "A page closed while Flet was reading it (WebSocket is not connected.)"]
