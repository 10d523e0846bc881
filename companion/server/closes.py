"""A page closing is not an error: one info line for it, and tracebacks for real errors only.

When a page closes (a tab shut, a phone locked or off the Wi-Fi) while the server is sending to
it, Flet's send loop fails with Starlette's `WebSocketDisconnect`; its receive loop then reads the
socket again, gets `WebSocketDisconnected` ("not connected") and logs it as a warning with its
traceback, and `FletApp.handle` ends with the `WebSocketDisconnect`, which uvicorn logs as
"ERROR: Exception in ASGI application" with the whole traceback. A few minutes of ordinary use
left four of them, burying the real errors. Here, for WebSocket connections only:

- `QuietCloses` (outermost ASGI middleware) takes a `WebSocketDisconnect` that reaches it as the
  page's close: one info line (`companion.server.closes`), nothing for uvicorn to log. Any other
  exception goes on to uvicorn, which logs it with its traceback as before.
- `quiet_flet_reads()` filters Flet's "Receive loop error" records whose exception says the
  socket closed (one info line in their place); its other warnings are kept as they are.
"""

from __future__ import annotations

import logging

from starlette.websockets import WebSocketDisconnect, WebSocketDisconnected

from companion.server.origin import ASGIApp, Receive, Scope, Send

log = logging.getLogger(__name__)
FLET_LOGGER = "flet_web.fastapi"  # flet_web/fastapi/flet_app.py's logger
CLOSED = (WebSocketDisconnect, WebSocketDisconnected)  # a socket the page closed


def _address(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "?"


class QuietCloses:
    """ASGI middleware: a WebSocket handler ending because its page closed is logged as info."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.closed = 0  # pages seen closing through an exception, for tests

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        try:
            await self.app(scope, receive, send)
        except WebSocketDisconnect as closed:
            self.closed += 1
            log.info("A page from %s closed while the server was sending to it (code %s)",
                     _address(scope), closed.code)


class _ClosedReads(logging.Filter):
    """Drops Flet's record of a read from a socket its page closed, saying so in one line."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, CLOSED):
            log.info("A page closed while Flet was reading it (%s)", error)
            return False
        return True


_CLOSED_READS = _ClosedReads()


def quiet_flet_reads() -> None:
    """Install the filter on Flet's logger (once: a second call adds nothing)."""
    logging.getLogger(FLET_LOGGER).addFilter(_CLOSED_READS)
