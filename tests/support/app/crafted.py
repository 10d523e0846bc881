"""Helpers of tests/app/test_crafted.py that other tests share: crashes, radios."""

from __future__ import annotations

from tests.support.app.wire import SESSION_CRASHED, Wire


def crashes(wire: Wire) -> list[str]:
    return [body["message"] for action, body in wire.received if action == SESSION_CRASHED]


def radios(control: dict) -> list[dict]:
    """The radios anywhere inside `control` (each choice's row wraps its radio: option_choice)."""
    if control.get("_c") == "Radio":
        return [control]
    found = []
    for value in control.values():
        for child in value if isinstance(value, list) else [value]:
            if isinstance(child, dict):
                found += radios(child)
    return found
