"""Refuse WebSocket connections opened by pages from other origins (cross-site WebSocket hijacking).

A browser lets any web page open a WebSocket to any address, including `ws://localhost:8550/ws`,
and the app's socket is where every tap arrives: without a check, a hostile page the user visits
could relay frames and tap Undo on a match (without `--lan` every session keeps score). Browsers
always send the page's `Origin` on a WebSocket handshake and a page cannot change or omit it, so
a handshake whose Origin is not one of the app's own addresses is refused before Flet starts a
session for it.

A handshake without an Origin is let through: only non-browser clients (scripts, tests) send none,
and those could send any Origin they like anyway; the check guards against hostile *pages*, the
PIN (`--lan`) and the loopback-only default guard against other programs.

>>> allowed = allowed_origins("127.0.0.1", 8550)
>>> origin_allowed(b"http://localhost:8550", allowed)
True
>>> origin_allowed(b"http://evil.example", allowed)
False
>>> origin_allowed(None, allowed)
True
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

LOOPBACK = ("localhost", "127.0.0.1", "[::1]")
ALL_INTERFACES = ("0.0.0.0", "", "::")


def _origin(url: str) -> str:
    """`scheme://host[:port]` of a URL, lower case, the port left out when it is the default.

    Browsers send `http://host` (no port) for port 80, so both spellings reduce to one.
    """
    parts = urlsplit(url.strip().lower())
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    try:
        port = parts.port
    except ValueError:
        return ""  # a malformed port matches nothing
    default = {"http": 80, "https": 443}.get(parts.scheme)
    return f"{parts.scheme}://{host}" + ("" if port in (None, default) else f":{port}")


def allowed_origins(host: str, port: int, lan_urls: Iterable[str] = (),
                    scheme: str = "http") -> frozenset[str]:
    """The origins of the app's own pages: loopback names, the host served on, the LAN URLs
    (all of them https, never http, when the app serves https: `scheme`).

    `lan_urls` are the addresses a `--lan` run prints (`companion.server.lan.share_for`); a wildcard
    `host` (0.0.0.0) is not an address a page can have, so it adds nothing by itself.
    """
    hosts = list(LOOPBACK)
    if host not in ALL_INTERFACES:
        hosts.append(f"[{host}]" if ":" in host and not host.startswith("[") else host)
    urls = [f"{scheme}://{h}:{port}" for h in hosts] + list(lan_urls)
    return frozenset(o for o in map(_origin, urls) if o)


def origin_allowed(origin: bytes | None, allowed: frozenset[str]) -> bool:
    """May a handshake with this Origin header (None: absent) go on? See the module docstring."""
    if origin is None:
        return True
    try:
        text = origin.decode("ascii")
    except UnicodeDecodeError:
        return False
    return _origin(text) in allowed if text.strip().lower() != "null" else False


def host_allowed(host: bytes, allowed: frozenset[str], scheme: str = "http") -> bool:
    """Is this Host header one of the app's own addresses? (A page of another site whose name
    was pointed at this machine, DNS rebinding, sends its own name.)

    >>> allowed = allowed_origins("127.0.0.1", 8550)
    >>> host_allowed(b"localhost:8550", allowed), host_allowed(b"evil.example:8550", allowed)
    (True, False)
    """
    try:
        text = host.decode("ascii")
    except UnicodeDecodeError:
        return False
    return "/" not in text and "@" not in text and _origin(f"{scheme}://{text}") in allowed


class OriginGuard:
    """ASGI middleware: a WebSocket handshake from a foreign Origin is closed before the app runs.

    Closing before accepting makes the server answer the handshake with HTTP 403, so no Flet
    session is ever created for it. Plain HTTP (the page, its files) passes untouched: reading
    them gives a foreign page nothing it could not fetch for itself.
    """

    def __init__(self, app: ASGIApp, allowed: frozenset[str]) -> None:
        self.app = app
        self.allowed = allowed
        self.refused = 0  # handshakes refused, for the log and for tests

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            origins = [v for k, v in scope.get("headers", ()) if k.lower() == b"origin"]
            # Two Origin headers is no browser's doing: refuse rather than pick one.
            if len(origins) > 1 or not origin_allowed(origins[0] if origins else None,
                                                      self.allowed):
                self.refused += 1
                await receive()  # the websocket.connect message
                await send({"type": "websocket.close", "code": 1008})
                return
        await self.app(scope, receive, send)
