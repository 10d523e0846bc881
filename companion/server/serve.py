"""Serve the web app: Flet's FastAPI app behind the Origin check, run by uvicorn.

`ft.run(view=WEB_BROWSER)` builds the same FastAPI app (`flet_web.fastapi.app`) and runs it with
uvicorn, but offers no way to put anything in front of it. Serving it here keeps what `ft.run` set
(no CDN, the assets folder, the "websockets-sansio" WebSocket implementation) and adds
`companion.server.origin.OriginGuard` around it. What of Flet and uvicorn this relies on beyond
their public API is listed in `flet_internals.py`.
"""

from __future__ import annotations

import contextlib
import logging
import shutil
import signal
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from companion import APP_DESCRIPTION, APP_NAME
from companion.server.closes import QuietCloses, quiet_flet_reads
from companion.server.csp import SecurityPolicy
from companion.server.origin import ASGIApp, OriginGuard, allowed_origins
from companion.server.own_origin import write_client
from companion.server.sockets import GRACE as SESSION_GRACE
from companion.server.sockets import TOTAL, SessionLimit, Welcome, no_one
from companion.server.standings import Lookup, StandingsEndpoint

WEB = Path(__file__).parent / "web"  # what the served page gets beside Flet's client
KEEP_AWAKE = Path(__file__).parent.parent / "web" / "keep_awake.js"
VIEWER_ZONE = Path(__file__).parent.parent / "web" / "locale.js"  # the viewer's time zone
PAGE_WORDS = Path(__file__).parent.parent / "web" / "words.js"  # their sentences, translated
SHARE_CARD = Path(__file__).parent.parent / "web" / "share_card.js"  # a result as a picture
GRACE = 3  # seconds open sessions get to close on shutdown
log = logging.getLogger(__name__)


def web_root(into: Path, assets: Path | None = None) -> Path:
    """A web assets folder: the app's `assets` (icons, manifest), and Flet's index.html with
    connection.js in its head, so a page whose server is unreachable says so (Flet's client shows
    only "Working...", a text compiled into it), and keep_awake.js. Flet serves an index.html
    found among the assets in place of its own, after filling in its settings as usual; so too
    the client's builds, here without Rive's CDN (`own_origin.write_client`)."""
    from flet_web import get_package_web_dir

    if assets is not None and assets.is_dir():
        shutil.copytree(assets, into, dirs_exist_ok=True)
    client = Path(get_package_web_dir())
    write_client(client, into)
    index = (client / "index.html").read_text(encoding="utf-8")
    # The page's own scripts: their sentences in the device's language, the connection notice,
    # the screen kept on during a match (shared with the offline web app's page), the viewer's
    # time zone, a finished match's result card (shared too).
    script = "".join(path.read_text(encoding="utf-8") for path in (
        PAGE_WORDS, WEB / "connection.js", KEEP_AWAKE, VIEWER_ZONE, SHARE_CARD))
    if "</head>" not in index:  # a Flet whose page we do not know: serve it as it is
        log.warning("Flet's index.html has no </head>; the connection notice is left out")
    else:
        index = index.replace("</head>", f"<script>\n{script}</script>\n</head>", 1)
    into.mkdir(parents=True, exist_ok=True)
    (into / "index.html").write_text(index, encoding="utf-8")
    return into


def web_app(main: Callable[..., Any], allowed: frozenset[str], root: Path,
            grace: int = SESSION_GRACE, standings: Lookup | None = None,
            scheme: str = "http", welcome: Welcome = no_one, total: int = TOTAL) -> ASGIApp:
    """The ASGI app: Flet's web client and session socket, behind the Origin check and the
    sessions' limits (sockets.py), every response with the app's Content-Security-Policy, a
    page's close logged as one info line (closes.py);
    `root` the folder `web_root` made for the served page, kept while the app runs; `grace` the
    seconds a closed page's session is kept for a reload; `standings` the open matches' boards
    the page keeps for its "Connection lost" notice (standings.py), `scheme` the pages';
    `welcome(address, scope)` says who gets in when `total` pages are open (sockets.py)."""
    import flet_web.fastapi as flet_fastapi

    sweep_anew(flet_fastapi.app_manager)
    # Named as the web app's manifest: Flet's own index.html titles the page (the tab) "Flet".
    flet = flet_fastapi.app(main, assets_dir=str(root), no_cdn=True, app_name=APP_NAME,
                            app_description=APP_DESCRIPTION, session_timeout_seconds=grace)
    inner = SessionLimit(flet, grace=grace, welcome=welcome, total=total)
    if standings is not None:
        inner = StandingsEndpoint(inner, standings, allowed, scheme)
    quiet_flet_reads()  # a page closing is one info line, not a traceback (closes.py)
    return QuietCloses(SecurityPolicy(OriginGuard(inner, allowed)))


def sweep_anew(manager: Any) -> None:
    """Let Flet's app manager (one per process) start its sweep of expired sessions again. It
    starts the sweep only while it holds none, and a server's shutdown cancels it but keeps it:
    a later server in the same process (a test's own) never expired a closed page's session
    (docs: companion/flet_internals.py)."""
    for name in ("_FletAppManager__evict_sessions_task",
                 "_FletAppManager__evict_oauth_states_task"):
        task = getattr(manager, name, None)
        if task is not None and (task.done() or task.cancelling()
                                 or task.get_loop().is_closed()):
            setattr(manager, name, None)


def serve_web(main: Callable[..., Any], host: str, port: int, lan_urls: Iterable[str] = (),
              assets: Path | None = None, tls: Sequence[str] | None = None,
              standings: Lookup | None = None, welcome: Welcome = no_one,
              total: int = TOTAL) -> None:
    """Serve until SIGTERM or Ctrl+C, then close the sessions and return (no re-raised signal);
    https and wss with `tls` (certificate file, key file), then only https pages are own origins;
    `standings`, `welcome` and `total` as for `web_app`.

    uvicorn re-raises the signal it stopped for once it has shut down, which would kill the
    process before the caller's `finally` closes the store; this server stops on the signal and
    simply returns, as `ft.run` did.
    """
    import uvicorn

    class Server(uvicorn.Server):
        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            handled = (signal.SIGINT, signal.SIGTERM)
            previous = {sig: signal.signal(sig, self.handle_exit) for sig in handled}
            try:
                yield
            finally:
                for sig, handler in previous.items():
                    signal.signal(sig, handler)

    scheme = "https" if tls else "http"
    allowed = allowed_origins(host, port, lan_urls, scheme)
    log.info("WebSocket origins allowed: %s", ", ".join(sorted(allowed)))
    # No proxy sits in front of this app: X-Forwarded-For is not trusted even from loopback, so
    # the address a session reports (which the PIN's rate limit counts by) is the real one.
    with tempfile.TemporaryDirectory(prefix="table-companion-web-") as folder:
        root = web_root(Path(folder), assets)
        config = uvicorn.Config(web_app(main, allowed, root, standings=standings,
                                        scheme=scheme, welcome=welcome, total=total),
                                host=host, port=port,
                                log_level="warning", ws="websockets-sansio",
                                timeout_graceful_shutdown=GRACE, proxy_headers=False,
                                ssl_certfile=tls[0] if tls else None,
                                ssl_keyfile=tls[1] if tls else None)
        Server(config).run()
