"""A static server that counts what it sends: every request that reaches the network, from the
page, its Python worker and its service worker alike (the browser's own events see each context
apart; the server sees them all). Used by tests/web/test_download.py and bench/web_download.py.

It can also be a slow network: `Line(rate)` sends at most `rate` bytes a second over all its
connections at once (a phone's link, shared by the page's, its Python worker's and its service
worker's downloads, which the browser's own throttling does not all reach), and `hold()` sends
nothing until `release()` (a stalled download).
"""

from __future__ import annotations

import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit


@dataclass
class Sent:
    """What the server sent since the last `reset`: requests per path and body bytes."""

    requests: Counter[str] = field(default_factory=Counter)
    bytes: Counter[str] = field(default_factory=Counter)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, path: str, size: int) -> None:
        with self.lock:
            self.requests[path] += 1
            self.bytes[path] += size

    def snapshot(self) -> tuple[Counter[str], Counter[str]]:
        with self.lock:
            return Counter(self.requests), Counter(self.bytes)

    def reset(self) -> None:
        with self.lock:
            self.requests.clear()
            self.bytes.clear()


class Line:
    """A link of `rate` bytes a second (None: as fast as loopback), shared by every connection,
    which can be held (nothing sent) and released."""

    CHUNK = 16_384

    def __init__(self, rate: float | None = None) -> None:
        self.rate = rate
        self.lock = threading.Lock()
        self.free_at = time.monotonic()  # when the link has sent what it was given
        self.open = threading.Event()
        self.open.set()

    def hold(self) -> None:
        self.open.clear()

    def release(self) -> None:
        self.open.set()

    def send(self, data: bytes, out) -> None:  # type: ignore[no-untyped-def]
        for start in range(0, len(data), self.CHUNK):
            chunk = data[start:start + self.CHUNK]
            self.open.wait()
            if self.rate:
                with self.lock:
                    now = time.monotonic()
                    self.free_at = max(self.free_at, now) + len(chunk) / self.rate
                    wait = self.free_at - now
                time.sleep(wait)
            out.write(chunk)


class _Handler(SimpleHTTPRequestHandler):
    sent: Sent
    line: Line

    def log_message(self, format: str, *args: object) -> None:  # quiet
        pass

    def copyfile(self, source, outputfile) -> None:  # type: ignore[no-untyped-def]
        data = source.read()
        # Counted as it starts: a download the browser gives up on mid-way is counted whole.
        self.sent.add(unquote(urlsplit(self.path).path), len(data))
        self.line.send(data, outputfile)

    def send_response(self, code: int, message: str | None = None) -> None:
        if code != 200:  # a 304 or 404 is a request too, with no body
            self.sent.add(unquote(urlsplit(self.path).path), 0)
        super().send_response(code, message)


def _quiet(request, address) -> None:  # type: ignore[no-untyped-def]
    if not isinstance(sys.exc_info()[1], ConnectionError):
        ThreadingHTTPServer.handle_error(None, request, address)  # type: ignore[arg-type]


class CountingSite:
    """The folder served on loopback in a thread of this process, counting what it sends."""

    def __init__(self, folder: Path, rate: float | None = None) -> None:
        self.sent = Sent()
        self.line = Line(rate)  # bytes a second, shared by every connection
        self.folder = folder  # may be swapped for another release's, on the same origin
        handler = type("Handler", (_Handler,), {"sent": self.sent, "line": self.line})
        self.server = ThreadingHTTPServer(
            ("127.0.0.1", 0),
            lambda *args: handler(*args, directory=str(self.folder)))
        self.server.daemon_threads = True
        self.server.handle_error = _quiet  # a download the browser dropped mid-way is no error
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/"

    def __enter__(self) -> CountingSite:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
