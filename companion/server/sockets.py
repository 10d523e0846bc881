"""Bound what browser sessions cost the server: per address, and once their page is closed.

Every open page is a WebSocket and a Flet session that re-renders at every change to its match.
Four limits keep pages nobody looks at from slowing the scorekeeper down:

- At most `PER_ADDRESS` open sockets from one network address (the socket's peer, never a header);
  the next handshake is refused (HTTP 403) before Flet or the app runs. A closed page frees its
  slot when its socket closes, so a phone reloading never waits for anything.
- At most `TOTAL` open sockets in all, from every address: the next is refused as well, before
  Flet or the app runs, with a close reason in the asking browser's language saying the table is
  full (`FULL`; the page's connection notice shows it). The server's own record decides who
  always gets in beyond it (`welcome`: the keeper's devices, never what a page claims).
- A closed socket's session is disconnected at once. Flet 1.0.5 skips that when the page closes
  while the server is still sending to it (its send loop raises, and `disconnect_session` is never
  reached): such a session stayed "connected" for ever, rendering every change into a queue no one
  reads. Flet keeps a disconnected session `GRACE` seconds, so a reload within that time finds its
  place again, and then closes it (`companion.session.follow` then lets go of its listeners).
- At most `PER_ADDRESS` such closed-but-kept sessions an address: the oldest beyond that are let go
  of at Flet's next sweep, so opening and closing pages in a loop costs a bounded amount.

The handshake's Accept-Language (at most `HEADER_MOST` bytes, else not read) is kept with its
socket: a new session's first screen is drawn in the language it names (`asked_languages`).

A message from a page that has changed a match (the keeper's) holds the other pages' redraws
until that page has been sent something back (companion/session/followers.py): every socket is
read between two followers' renders, and the keeper's is answered before any follower is drawn.

The app tells the socket which session it carries with `attach(page)` (in its entry point and on
each reconnect): the socket's handler runs in a context of its own, which Flet's session tasks
inherit. Outside this server (tests, the web app) `attach` does nothing.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import weakref
from collections import Counter, deque
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from urllib.parse import unquote

from companion.i18n import N_
from companion.i18n.catalog import Voice
from companion.i18n.choice import DEFAULT, accepted, best_match
from companion.server.origin import ASGIApp, Receive, Scope, Send
from companion.session.followers import FOLLOWERS

log = logging.getLogger(__name__)

Message = MutableMapping[str, Any]

ADDRESSES_KEPT = 64  # addresses with kept sessions before the expired ones are forgotten
PER_ADDRESS = 20  # open pages from one address; a table's phones each have their own address
TOTAL = 60  # open pages in all: a club evening's phones and screens, with room to spare
FULL = 4013  # the close code of a page refused because the table is full (connection.js)
REASON_BYTES = 123  # the most a WebSocket close reason may hold (RFC 6455)
GRACE = 45  # seconds a closed page's session is kept for a reload (Flet's default: an hour)
LINGER = 5.0  # seconds Flet's handler gets to finish once its socket has closed
HEADER_MOST = 512  # a browser's Accept-Language is a few dozen bytes; a longer one is ignored
COOKIES_MOST = 4096  # the Cookie header read for a trusted device's token (connection.js)


@dataclass(eq=False)
class Socket:
    """One WebSocket and the Flet session it carries (once the app has said which)."""

    address: str
    # The handshake's Accept-Language (the browser's preferred languages, as untrusted as any
    # header): the language a new session's first screen is drawn in (companion/i18n/choice.py).
    languages: str = ""
    session: Any = None  # flet.messaging.session.Session
    connection: Any = None  # the session's connection while this socket carries it
    # Set once the socket has closed: lets go of a session attached only after that.
    ended: Callable[[Socket], Awaitable[None]] | None = None


_current: contextvars.ContextVar[Socket | None] = contextvars.ContextVar(
    "companion_socket", default=None)


def attach(page: Any) -> None:
    """Record that the socket whose handler runs this code carries `page`'s session."""
    socket = _current.get()
    if socket is None:
        return
    socket.session = page.session
    socket.connection = page.session.connection
    if socket.ended is not None:  # the page closed before its session began: let it go now
        asyncio.ensure_future(socket.ended(socket))


def asked_languages() -> str:
    """The Accept-Language of the socket whose handler runs this code ("" outside one)."""
    socket = _current.get()
    return socket.languages if socket is not None else ""


def _header(scope: Scope, name: bytes, most: int = HEADER_MOST) -> str:
    """A request header's value, or "" when absent or longer than `most` bytes (not read)."""
    for key, value in scope.get("headers") or ():
        if key.lower() == name:
            return value.decode("latin-1") if len(value) <= most else ""
    return ""


def cookie(scope: Scope, name: str) -> str | None:
    """The handshake's cookie `name` (None when absent, or when the Cookie header is longer than
    `COOKIES_MOST` bytes: not read). A browser sends it with the socket of a page of this origin;
    what it holds is as untrusted as any header."""
    for pair in _header(scope, b"cookie", COOKIES_MOST).split(";"):
        key, _, value = pair.strip().partition("=")
        if key == name:
            return unquote(value)
    return None


def _kept(session: Any) -> bool:
    """Is `session` disconnected and waiting for a reload (not yet expired)?"""
    expires = session.expires_at
    return (session.connection is None and expires is not None
            and expires > datetime.now(UTC))


TABLE_FULL = N_("This table is full: too many pages are open. Try again later.")


def full_reason(languages: str) -> str:
    """`TABLE_FULL` in the language `languages` (an Accept-Language) asks for first, cut to
    what a close frame holds."""
    said = Voice(best_match(accepted(languages)) or DEFAULT).gettext(TABLE_FULL)
    return said.encode("utf-8")[:REASON_BYTES].decode("utf-8", errors="ignore")


Welcome = Callable[[str, Scope], bool]


def no_one(address: str, scope: Scope) -> bool:
    """No page gets in beyond the total (the app without --lan has no keeper to tell apart)."""
    return False


class SessionLimit:
    """ASGI middleware: the per-address and total caps, a closed socket's session let go of at
    once, and the followers held while the keeper's message is answered."""

    def __init__(self, app: ASGIApp, per_address: int = PER_ADDRESS, grace: int = GRACE,
                 linger: float = LINGER, total: int = TOTAL,
                 welcome: Welcome = no_one) -> None:
        self.app = app
        self.per_address = per_address
        self.total = total
        # Who gets in past `total` (from the server's own state: an address that keeps score).
        self.welcome = welcome
        self.grace = grace
        self.linger = linger
        self.open: Counter[str] = Counter()  # open sockets by address
        self.live = 0  # open sockets in all
        # Closed pages' sessions by address, oldest first (weakly: Flet decides when they go).
        self.kept: dict[str, deque[weakref.ref[Any]]] = {}
        self.refused = 0  # handshakes refused, for the log and for tests
        self.full = 0  # ... of which because the table was full
        self.cut = 0  # handlers ended here, still running `linger` s after their socket closed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        address = str(client[0]) if client else ""
        if self.open[address] >= self.per_address:
            self.refused += 1
            log.warning("Refused a page from %s: %d open already", address, self.open[address])
            await receive()  # the websocket.connect message
            await send({"type": "websocket.close", "code": 1008})
            return
        languages = _header(scope, b"accept-language")
        if self.live >= self.total and not self._welcome(address, scope):
            self.refused += 1
            self.full += 1
            log.warning("Refused a page from %s: %d pages open, the table is full", address,
                        self.live)
            await receive()  # the websocket.connect message
            # Accepted to be closed at once: a close frame carries the reason the page shows.
            await send({"type": "websocket.accept"})
            await send({"type": "websocket.close", "code": FULL,
                        "reason": full_reason(languages)})
            return
        self.open[address] += 1
        self.live += 1
        socket = Socket(address, languages)
        closed = asyncio.Event()

        async def receiving() -> Message:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                closed.set()
            elif FOLLOWERS.keeps_first(_page_of(socket)):
                FOLLOWERS.hold()  # the keeper's message: answered before any follower is drawn
            return message

        async def sending(message: Message) -> None:
            await send(message)
            if message["type"] == "websocket.send" and FOLLOWERS.keeps_first(_page_of(socket)):
                FOLLOWERS.release()

        held = [True]  # the slot, freed once: when the socket closes or the handler ends

        def release() -> None:
            if held:
                held.clear()
                self.live -= 1
                self.open[address] -= 1
                if self.open[address] <= 0:
                    del self.open[address]

        token = _current.set(socket)
        try:
            handler = asyncio.ensure_future(self.app(scope, receiving, sending))
        finally:
            _current.reset(token)
        try:
            await self._serve(handler, closed, release)
        finally:
            release()
            if not handler.done():
                handler.cancel()
            socket.ended = self._let_go
            await self._let_go(socket)
        error = handler.exception() if not handler.cancelled() else None
        if error is not None and not closed.is_set():
            raise error
        if error is not None:  # the page went while the server was sending: nothing to tell
            log.debug("A closed page's handler ended with %r", error)

    def _welcome(self, address: str, scope: Scope) -> bool:
        try:
            return self.welcome(address, scope)
        except Exception:  # a check that fails lets no one past the total
            log.exception("Could not tell whether a page from %s keeps score", address)
            return False

    async def _serve(self, handler: asyncio.Future[None], closed: asyncio.Event,
                     release: Callable[[], None]) -> None:
        """Wait for the handler; once the socket has closed, free its slot and give the handler
        `linger` seconds more (Flet's never ends for a socket closed before its session began)."""
        closing = asyncio.ensure_future(closed.wait())
        try:
            await asyncio.wait({handler, closing}, return_when=asyncio.FIRST_COMPLETED)
            release()
            if not handler.done():
                await asyncio.wait({handler}, timeout=self.linger)
        finally:
            closing.cancel()
        if not handler.done():
            self.cut += 1
            handler.cancel()
            await asyncio.gather(handler, return_exceptions=True)

    async def _let_go(self, socket: Socket) -> None:
        """Disconnect the socket's session if Flet did not, and bound the kept ones."""
        session, address = socket.session, socket.address
        if session is None:
            return
        if socket.connection is not None and session.connection is socket.connection:
            try:
                await session.disconnect(self.grace)
            except Exception:  # its disconnect handlers: the session is let go of all the same
                log.exception("Disconnecting a closed page's session failed")
        if not _kept(session):
            return
        if address not in self.kept and len(self.kept) >= ADDRESSES_KEPT:
            for gone in [a for a, k in self.kept.items() if not _still_kept(k)]:
                del self.kept[gone]  # addresses whose kept sessions all expired
        kept = self.kept.setdefault(address, deque())
        live = [ref for ref in _still_kept(kept) if ref() is not session]
        kept.clear()
        kept.extend(live)
        kept.append(weakref.ref(session))
        while len(kept) > self.per_address:
            oldest = kept.popleft()()
            if oldest is not None:  # expire now: Flet's next sweep (every 10 s) closes it
                try:
                    await oldest.disconnect(0)
                except Exception:
                    log.exception("Expiring a kept session failed")


def _page_of(socket: Socket) -> Any:
    session = socket.session
    return session.page if session is not None else None


def _still_kept(kept: deque[weakref.ref[Any]]) -> list[weakref.ref[Any]]:
    """The sessions of `kept` still waiting for a reload."""
    return [ref for ref in kept if (session := ref()) is not None and _kept(session)]
