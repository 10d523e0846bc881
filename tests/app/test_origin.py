"""A page from another origin cannot open the app's WebSocket (cross-site WebSocket hijacking).

Raw WebSocket clients (the `websockets` package) against the real app on loopback: a handshake
carrying a foreign Origin is answered 403 before any Flet session starts; the app's own origins
and a client that sends no Origin (not a browser) get through.
"""

from __future__ import annotations

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from tests.support.app.process import AppProcess


def ws_url(app: AppProcess) -> str:
    return f"ws://127.0.0.1:{app.port}/ws"


@pytest.mark.parametrize("origin", ["http://evil.example", "http://localhost.evil.example:{port}",
                                    "https://localhost:{port}", "http://localhost:1", "null"])
def test_a_foreign_origin_is_refused_before_a_session_starts(app, origin: str) -> None:
    with pytest.raises(InvalidStatus) as refused:
        connect(ws_url(app), origin=origin.format(port=app.port), open_timeout=10).close()
    assert refused.value.response.status_code == 403
    assert app.proc is not None and app.proc.poll() is None  # the app serves on


@pytest.mark.parametrize("host", ["localhost", "127.0.0.1"])
def test_the_apps_own_origin_and_a_client_without_one_are_accepted(app, host: str) -> None:
    for origin in (f"http://{host}:{app.port}", None):
        with connect(ws_url(app), origin=origin, open_timeout=10) as ws:
            assert ws.protocol.state.name == "OPEN"


def test_with_lan_the_printed_address_is_an_own_origin(lan_app) -> None:
    origin = f"http://127.0.0.1:{lan_app.port}"  # --lan --host 127.0.0.1 prints this address
    assert origin in lan_app.output()
    with connect(ws_url(lan_app), origin=origin, open_timeout=10) as ws:
        assert ws.protocol.state.name == "OPEN"
    with pytest.raises(InvalidStatus):
        connect(ws_url(lan_app), origin="http://192.0.2.7:8550", open_timeout=10).close()


def test_sigterm_stops_the_app_cleanly(tmp_path) -> None:
    app = AppProcess(tmp_path / "data").start()
    proc = app.proc
    app.stop()
    assert proc is not None and proc.returncode == 0, app.output()
    assert "Traceback" not in app.output()
    AppProcess(tmp_path / "data").start().stop()  # the store was closed: the folder is free
