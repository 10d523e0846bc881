"""Helpers of tests/app/test_crafted.py that other tests share: crashes."""

from __future__ import annotations

from tests.support.app.wire import SESSION_CRASHED, Wire


def crashes(wire: Wire) -> list[str]:
    return [body["message"] for action, body in wire.received if action == SESSION_CRASHED]
