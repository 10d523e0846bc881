"""The Content-Security-Policy middleware and the client copies without Rive's CDN, without a
server or a browser (tests/app/test_own_origin.py loads the served app in Chromium)."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from companion.server import own_origin
from companion.server.csp import PAGE_LIMIT, SecurityPolicy
from companion.server.own_origin import (
    RIVE_CDN,
    RIVE_HERE,
    RIVE_SCRIPTS,
    ClientChanged,
    directive,
    policy,
    script_hashes,
    write_client,
)
from tests.support.companion.apart import run_apart

PAGE = b"<html><head><script>var flet = {};</script><script src='x.js'></script></head></html>"


def _respond(status: int, content_type: bytes, chunks: list[bytes], scope_type: str = "http",
             headers: tuple[tuple[bytes, bytes], ...] = ()) -> list[dict]:
    """What the middleware sends for an inner app answering with these chunks."""

    async def app(scope, receive, send) -> None:
        length = str(sum(map(len, chunks))).encode()
        await send({"type": "http.response.start", "status": status, "headers": [
            (b"content-type", content_type), (b"content-length", length), *headers]})
        for i, chunk in enumerate(chunks):
            await send({"type": "http.response.body", "body": chunk,
                        "more_body": i < len(chunks) - 1})

    sent: list[dict] = []

    async def receive() -> dict:
        return {"type": "http.request"}

    async def send(message: dict) -> None:
        sent.append(message)

    run_apart(SecurityPolicy(app)({"type": scope_type, "path": "/"}, receive, send))
    return sent


def _policies(sent: list[dict]) -> list[str]:
    start = next(m for m in sent if m["type"] == "http.response.start")
    return [v.decode() for k, v in start["headers"] if k == b"content-security-policy"]


def test_the_module_examples_hold() -> None:
    assert doctest.testmod(own_origin).failed == 0


def test_a_page_allows_its_own_inline_scripts_by_hash_and_nothing_from_elsewhere() -> None:
    sent = _respond(200, b"text/html; charset=utf-8", [PAGE[:20], PAGE[20:]])
    [csp] = _policies(sent)
    scripts = directive(csp, "script-src").split()
    assert scripts == ["'self'", "'wasm-unsafe-eval'", *script_hashes(PAGE.decode())]
    assert len(scripts) == 3 and "'unsafe-inline'" not in scripts and "'unsafe-eval'" not in scripts
    for name in ("default-src", "connect-src", "font-src", "img-src", "worker-src"):
        assert directive(csp, name).split()[0] == "'self'", name
        assert not [s for s in directive(csp, name).split() if "." in s or "*" in s], name
    assert directive(csp, "frame-ancestors") == "'none'"
    assert b"".join(m.get("body", b"") for m in sent) == PAGE, "the page is sent whole"


def test_every_other_response_carries_the_policy_too_and_replaces_one_the_app_set() -> None:
    sent = _respond(200, b"text/javascript", [b"go()"],
                    headers=((b"Content-Security-Policy", b"default-src *"),))
    assert _policies(sent) == [policy()]
    assert [h for h in sent[0]["headers"] if h[0].lower() == b"content-security-policy"] == [
        (b"content-security-policy", policy().encode())]


def test_a_not_modified_answer_keeps_the_cached_pages_policy() -> None:
    # A 304's headers replace the cached ones: one without the page's hashes would block them.
    assert _policies(_respond(304, b"text/html", [b""])) == []


def test_a_page_too_large_to_hold_is_sent_with_no_inline_script_allowed() -> None:
    big = b"<script>go()</script>" + b" " * PAGE_LIMIT
    sent = _respond(200, b"text/html", [big[:1000], big[1000:]])
    assert _policies(sent) == [policy()]
    assert b"".join(m.get("body", b"") for m in sent) == big


def test_websocket_traffic_passes_untouched() -> None:
    calls: list[str] = []

    async def app(scope, receive, send) -> None:
        calls.append(scope["type"])

    async def nothing() -> dict:
        return {}

    async def ignore(message: dict) -> None:
        raise AssertionError("nothing is sent")

    run_apart(SecurityPolicy(app)({"type": "websocket"}, nothing, ignore))
    assert calls == ["websocket"]


def test_the_client_copies_point_rive_at_the_apps_own_stub(tmp_path: Path) -> None:
    from flet_web import get_package_web_dir

    written = write_client(Path(get_package_web_dir()), tmp_path)
    for name in ("main.dart.js", "main.dart.wasm"):
        original = (Path(get_package_web_dir()) / name).read_bytes()
        copy = (tmp_path / name).read_bytes()
        assert RIVE_CDN not in copy and b"cdn.jsdelivr" not in copy
        assert len(copy) == len(original), "a WebAssembly module's strings keep their length"
    for script in RIVE_SCRIPTS:
        assert "RiveNative" in (tmp_path / RIVE_HERE / script).read_text()
    assert len(written) == 4


def test_a_client_without_the_url_is_refused_with_a_sentence(tmp_path: Path) -> None:
    for name in ("main.dart.js", "main.dart.wasm"):
        (tmp_path / name).write_bytes(b"no url here")
    with pytest.raises(ClientChanged, match="holds Rive's CDN URL 0 times"):
        write_client(tmp_path, tmp_path / "out")
    assert not (tmp_path / "out").exists()
