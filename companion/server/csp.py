"""ASGI middleware: every HTTP response of the app carries the Content-Security-Policy of
`own_origin.policy`, so a page of the app loads nothing from another origin, even if something
in it asks to.

A page's policy names its inline scripts by hash, read from the page as it is sent (Flet fills
its settings into index.html when the first page is asked for). A page is small: one larger than
`PAGE_LIMIT` is sent with the policy that allows no inline script rather than held in memory.
A 304 (Not Modified) gets no policy: the browser keeps the headers of the page it cached, and a
304's headers would replace them.
"""

from __future__ import annotations

from companion.server.origin import ASGIApp, Receive, Scope, Send
from companion.server.own_origin import policy

PAGE_LIMIT = 256 * 1024  # bytes; index.html is about 6 KB
HEADER = b"content-security-policy"


class SecurityPolicy:
    """Adds the policy to each HTTP response of `app` (WebSocket traffic passes untouched)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.plain = policy().encode()  # for a response that is not a page

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        held: dict | None = None  # a page's start, sent once its body is read
        body: list[bytes] = []

        async def send_with_policy(message: dict) -> None:
            nonlocal held
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", ())
                           if k.lower() != HEADER]
                message = {**message, "headers": headers}
                if message["status"] == 304:
                    await send(message)
                elif _is_page(headers) and _length(headers) <= PAGE_LIMIT:
                    held = message
                else:
                    headers.append((HEADER, self.plain))
                    await send(message)
                return
            if held is None or message["type"] != "http.response.body":
                await send(message)
                return
            body.append(message.get("body", b""))
            if message.get("more_body", False) and sum(map(len, body)) <= PAGE_LIMIT:
                return
            page = b"".join(body)
            text = page.decode("utf-8", "replace") if len(page) <= PAGE_LIMIT else ""
            held["headers"].append((HEADER, policy(text).encode()))
            start, held = held, None
            await send(start)
            await send({**message, "body": page})

        await self.app(scope, receive, send_with_policy)


def _is_page(headers: list[tuple[bytes, bytes]]) -> bool:
    return any(k.lower() == b"content-type" and v.lower().startswith(b"text/html")
               for k, v in headers)


def _length(headers: list[tuple[bytes, bytes]]) -> int:
    """The declared Content-Length (0 when none: a streamed page is bounded while read)."""
    for k, v in headers:
        if k.lower() == b"content-length":
            try:
                return int(v)
            except ValueError:
                return PAGE_LIMIT + 1
    return 0
