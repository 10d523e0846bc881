"""A static server that counts what it sends: every request that reaches the network, from the
page, its Python worker and its service worker alike (the browser's own events see each context
apart; the server sees them all). Used by tests/web/test_download.py and bench/web_download.py.
"""

from __future__ import annotations

import threading
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


class _Handler(SimpleHTTPRequestHandler):
    sent: Sent

    def log_message(self, format: str, *args: object) -> None:  # quiet
        pass

    def copyfile(self, source, outputfile) -> None:  # type: ignore[no-untyped-def]
        before = source.tell()
        super().copyfile(source, outputfile)
        self.sent.add(unquote(urlsplit(self.path).path), source.tell() - before)

    def send_response(self, code: int, message: str | None = None) -> None:
        if code != 200:  # a 304 or 404 is a request too, with no body
            self.sent.add(unquote(urlsplit(self.path).path), 0)
        super().send_response(code, message)


class CountingSite:
    """The folder served on loopback in a thread of this process, counting what it sends."""

    def __init__(self, folder: Path) -> None:
        self.sent = Sent()
        self.folder = folder  # may be swapped for another release's, on the same origin
        handler = type("Handler", (_Handler,), {"sent": self.sent})
        self.server = ThreadingHTTPServer(
            ("127.0.0.1", 0),
            lambda *args: handler(*args, directory=str(self.folder)))
        self.server.daemon_threads = True
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
