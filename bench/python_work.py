"""One start or one run of taps of the served app whose checkout is TREE, in this fresh Python:
the worker that bench/i18n_python.py runs for each checkout and language (alone, or under
valgrind's callgrind to count its instructions).

    python bench/python_work.py TREE start LANGUAGES HOME_TEXT STOP
    python bench/python_work.py TREE tap LANGUAGES UNDO,REDO PAIRS

start: from this process's first line to Home's first patch leaving the server, as the served
app's start does it: `companion.cli.main` (its imports, the store, the app), then, where uvicorn
would start serving, the app's own ASGI app (`companion.server.serve.web_app`) answers the
page's GET / and a WebSocket handshake with `Accept-Language: LANGUAGES`, whose session's first
patch holds HOME_TEXT ("New match" as that language says it). STOP "serving" stops where uvicorn
would start. The confusables table cli.main reads in a thread is waited for before the end.
tap: the mid-game Caro match of bench/ui_latency.py (seeded by TREE's code), its session opened
with the same handshake language in-process as bench/tap_python.py does, then PAIRS Undo/Redo
pairs (the buttons named UNDO and REDO).

Prints one JSON line: the process's CPU seconds at the end (start), or each pair's CPU seconds
(tap). Ends with os._exit, so callgrind counts nothing after it.
"""

from __future__ import annotations

import os
import sys

TREE, WHAT, LANGUAGES = sys.argv[1], sys.argv[2], sys.argv[3]
sys.path[0] = TREE  # TREE's companion/, scoring/, storage/ and bench/, not this script's folder
sys.path.insert(1, os.path.join(TREE, "bench"))
os.chdir(TREE)

import asyncio  # noqa: E402
import json  # noqa: E402
import resource  # noqa: E402
import tempfile  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

PAGE = {"route": "/", "width": 412, "height": 915, "web": True}


def done(result: Any) -> None:
    print(json.dumps(result), flush=True)
    os._exit(0)


def asgi_scope(kind: str, path: str, port: int) -> dict[str, Any]:
    origin = f"http://127.0.0.1:{port}".encode()
    return {"type": kind, "path": path, "raw_path": path.encode(), "query_string": b"",
            "root_path": "", "scheme": "ws" if kind == "websocket" else "http",
            "http_version": "1.1", "method": "GET", "asgi": {"version": "3.0"},
            "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", port), "subprotocols": [],
            "headers": [(b"host", origin[7:]), (b"origin", origin),
                        (b"user-agent", b"Mozilla/5.0 (Linux; Android 14) Chrome/131"),
                        (b"accept-language", LANGUAGES.encode())]}


async def visit(app: Any, port: int, home: bytes) -> None:
    """GET / (the page), then a session's handshake, until its patch holding `home` is sent."""
    import msgpack

    requests = iter([{"type": "http.request", "body": b"", "more_body": False}])
    page: list[bytes] = []

    async def http_receive() -> dict[str, Any]:
        request = next(requests, None)
        if request is None:  # as uvicorn: nothing more until the browser goes
            await asyncio.Event().wait()
        return request

    async def http_send(message: dict[str, Any]) -> None:
        page.append(message.get("body", b""))

    await app(asgi_scope("http", "/", port), http_receive, http_send)
    assert b"</html>" in b"".join(page).lower(), "no page at /"
    inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    inbox.put_nowait({"type": "websocket.connect"})
    inbox.put_nowait({"type": "websocket.receive", "bytes": b"\x00" + msgpack.packb(
        [1, {"session_id": None, "page_name": "", "page": PAGE}])})
    drawn = asyncio.Event()

    async def send(message: dict[str, Any]) -> None:
        if home in (message.get("bytes") or b""):
            drawn.set()

    asyncio.ensure_future(app(asgi_scope("websocket", "/ws", port), inbox.get, send))
    await asyncio.wait_for(drawn.wait(), 600)


def start(home: str, stop: str) -> None:
    import companion.server.serve as serve
    import scoring.confusables as confusables
    from companion import cli
    from companion.server.origin import allowed_origins

    read = threading.Event()
    prototypes = confusables.prototypes

    def reading() -> dict[str, str]:
        try:
            return prototypes()
        finally:
            read.set()

    def end() -> None:
        read.wait(600)
        done({"cpu": time.process_time()})

    def serve_web(main: Any, host: str, port: int, lan_urls: Any = (), assets: Any = None,
                  tls: Any = None, standings: Any = None) -> None:
        import uvicorn  # noqa: F401  what the real serve_web imports

        if stop == "serving":
            end()
        with tempfile.TemporaryDirectory(prefix="python-work-web-") as folder:
            root = serve.web_root(Path(folder), assets)
            app = serve.web_app(main, allowed_origins(host, port, lan_urls, "http"), root,
                                standings=standings)
            asyncio.run(visit(app, port, home.encode()))
        end()

    confusables.prototypes = reading
    serve.serve_web = serve_web
    with tempfile.TemporaryDirectory(prefix="python-work-") as data:
        cli.main(["--no-browser", "--port", "8550", "--data", data])
    raise SystemExit("cli.main returned before Home was drawn")


def handshake_language() -> None:
    """A session opened in-process speaks LANGUAGES as one opened by that handshake would."""
    try:
        from companion.server import sockets
        from companion.session import language
    except ImportError:  # the app before issue 21: English only
        return
    if "languages" in getattr(sockets.Socket, "__dataclass_fields__", {}):
        sockets._current.set(sockets.Socket("127.0.0.1", LANGUAGES))
    language.REPLY_WAIT = 0.001  # no page answers: the session keeps its handshake's language


async def taps(names: str, pairs: int) -> tuple[list[float], list[float]]:
    import flet as ft
    from flet.controls.context import _context_page
    from flet.messaging.session import Session
    from tap_python import Wire, button, tap
    from ui_latency import seed_mid_game

    from companion.app import build_main
    from companion.session.open_matches import OpenMatches
    from companion.session.preferences import Preferences
    from storage import Store

    undo_name, redo_name = names.split(",")
    with tempfile.TemporaryDirectory(prefix="python-work-") as folder:
        mid = seed_mid_game(Path(folder) / "data")
        wire = Wire()
        wire.loop = asyncio.get_running_loop()
        s = Session(wire)
        _context_page.set(s.page)
        s.page.route = f"/match/{mid}"
        handshake_language()
        with Store(Path(folder) / "data") as store:
            build_main(OpenMatches(store), Preferences(Path(folder)))(s.page)
            s.get_page_patch()

            def named(label: str) -> Any:
                return button(s, lambda c: isinstance(c, ft.IconButton)
                              and getattr(c.icon, "semantics_label", None) == label)

            for _ in range(6000):  # the router renders the match (slowly under valgrind)
                await asyncio.sleep(0.01)
                try:
                    undo, redo = named(undo_name), named(redo_name)
                    break
                except LookupError:
                    continue
            for _ in range(30):  # the session's first effects run
                await asyncio.sleep(0.01)
            cpu, system = [], []
            for _ in range(pairs):
                t0, k0 = time.process_time(), resource.getrusage(resource.RUSAGE_SELF).ru_stime
                await tap(s, wire, undo)
                await tap(s, wire, redo)
                cpu.append(time.process_time() - t0)
                system.append(resource.getrusage(resource.RUSAGE_SELF).ru_stime - k0)
            for _ in range(50):  # the last pair's listeners settle
                await asyncio.sleep(0.01)
            return cpu, system


if WHAT == "start":
    start(sys.argv[4], sys.argv[5])
elif WHAT == "tap":
    cpu, system = asyncio.run(taps(sys.argv[4], int(sys.argv[5])))
    done({"pairs": cpu, "system": system})
else:
    raise SystemExit(f"unknown work {WHAT!r}")
