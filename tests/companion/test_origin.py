"""The allowed-origin rule and the ASGI guard, without a server."""

from __future__ import annotations

from companion.server.origin import OriginGuard, allowed_origins, origin_allowed
from tests.support.companion.apart import run_apart


def test_own_addresses_are_allowed_and_nothing_else() -> None:
    allowed = allowed_origins("127.0.0.1", 8550)
    for origin in ("http://localhost:8550", "http://127.0.0.1:8550", "http://[::1]:8550",
                   "HTTP://LocalHost:8550"):
        assert origin_allowed(origin.encode(), allowed), origin
    for origin in ("http://evil.example", "http://localhost:8551", "https://localhost:8550",
                   "http://localhost", "null", "http://127.0.0.1:8550.evil.example",
                   "http://192.168.1.20:8550", "http://localhost:x"):
        assert not origin_allowed(origin.encode(), allowed), origin
    assert not origin_allowed(b"http://\xff", allowed)


def test_an_absent_origin_is_allowed() -> None:
    assert origin_allowed(None, allowed_origins("127.0.0.1", 8550))


def test_the_host_given_and_the_lan_addresses_are_allowed() -> None:
    assert origin_allowed(b"http://table.local:80", allowed_origins("table.local", 80))
    assert origin_allowed(b"http://table.local", allowed_origins("table.local", 80))
    lan = allowed_origins("0.0.0.0", 8550, ["http://192.168.1.20:8550"])
    assert origin_allowed(b"http://192.168.1.20:8550", lan)
    assert not origin_allowed(b"http://0.0.0.0:8550", lan)
    assert not origin_allowed(b"http://192.168.1.21:8550", lan)


def _run(guard: OriginGuard, headers: list[tuple[bytes, bytes]]) -> list[dict]:
    sent: list[dict] = []

    async def receive() -> dict:
        return {"type": "websocket.connect"}

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {"type": "websocket", "path": "/ws", "headers": headers}
    run_apart(guard(scope, receive, send))
    return sent


def test_the_guard_closes_a_foreign_handshake_without_calling_the_app() -> None:
    calls: list[dict] = []

    async def app(scope, receive, send) -> None:
        calls.append(scope)

    guard = OriginGuard(app, allowed_origins("127.0.0.1", 8550))
    sent = _run(guard, [(b"origin", b"http://evil.example")])
    assert sent == [{"type": "websocket.close", "code": 1008}] and calls == []
    sent = _run(guard, [(b"origin", b"http://localhost:8550"),
                        (b"origin", b"http://evil.example")])
    assert sent and calls == []
    assert guard.refused == 2
    assert _run(guard, [(b"origin", b"http://localhost:8550")]) == [] and len(calls) == 1
    assert _run(guard, []) == [] and len(calls) == 2


def test_with_tls_only_the_https_pages_are_own_origins() -> None:
    allowed = allowed_origins("127.0.0.1", 8550, ["https://192.168.1.20:8550"], "https")
    for origin in ("https://localhost:8550", "https://127.0.0.1:8550", "https://192.168.1.20:8550"):
        assert origin_allowed(origin.encode(), allowed), origin
    for origin in ("http://localhost:8550", "http://127.0.0.1:8550", "http://192.168.1.20:8550"):
        assert not origin_allowed(origin.encode(), allowed), origin
