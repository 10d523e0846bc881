"""Serve the web app: Flet's FastAPI app behind the Origin check, run by uvicorn.

`ft.run(view=WEB_BROWSER)` builds the same FastAPI app (`flet_web.fastapi.app`) and runs it with
uvicorn, but offers no way to put anything in front of it. Serving it here keeps what `ft.run` set
(no CDN, the assets folder, the "websockets-sansio" WebSocket implementation) and adds
`companion.server.origin.OriginGuard` around it.
"""

from __future__ import annotations

import contextlib
import logging
import signal
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from companion.server.origin import OriginGuard, allowed_origins

GRACE = 3  # seconds open sessions get to close on shutdown
log = logging.getLogger(__name__)


def web_app(main: Callable[..., Any], allowed: frozenset[str],
            assets: Path | None = None) -> OriginGuard:
    """The ASGI app: Flet's web client (with the app's icons and manifest from `assets`) and
    session socket, behind the Origin check."""
    import flet_web.fastapi as flet_fastapi

    folder = str(assets) if assets is not None and assets.is_dir() else None
    return OriginGuard(flet_fastapi.app(main, assets_dir=folder, no_cdn=True), allowed)


def serve_web(main: Callable[..., Any], host: str, port: int, lan_urls: Iterable[str] = (),
              assets: Path | None = None) -> None:
    """Serve until SIGTERM or Ctrl+C, then close the sessions and return (no re-raised signal).

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

    allowed = allowed_origins(host, port, lan_urls)
    log.info("WebSocket origins allowed: %s", ", ".join(sorted(allowed)))
    # No proxy sits in front of this app: X-Forwarded-For is not trusted even from loopback, so
    # the address a session reports (which the PIN's rate limit counts by) is the real one.
    config = uvicorn.Config(web_app(main, allowed, assets), host=host, port=port,
                            log_level="warning",
                            ws="websockets-sansio", timeout_graceful_shutdown=GRACE,
                            proxy_headers=False)
    Server(config).run()
