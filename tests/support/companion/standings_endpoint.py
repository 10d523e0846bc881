"""Helpers of tests/companion/test_standings_endpoint.py that other tests share: MID, endpoint,
get."""

from __future__ import annotations

import json

from companion.server.origin import allowed_origins
from companion.server.standings import (
    Board,
    StandingsEndpoint,
)
from tests.support.companion.apart import run_apart

MID = "0123456789ab"


OWN = [(b"host", b"127.0.0.1:8550"), (b"sec-fetch-site", b"same-origin")]


def endpoint(lookup=None) -> tuple[StandingsEndpoint, list[str], list[dict]]:
    """The endpoint over a lookup that records each id it is asked for, and the scopes the app
    behind it received."""
    asked: list[str] = []
    passed: list[dict] = []

    def board(mid: str) -> Board | None:
        asked.append(mid)
        return Board("Caro", [("Ann", "-10"), ("Ben", "8")]) if mid == MID else None

    async def app(scope, receive, send) -> None:
        passed.append(scope)

    guard = StandingsEndpoint(app, lookup or board, allowed_origins("127.0.0.1", 8550))
    return guard, asked, passed


def get(guard: StandingsEndpoint, path: str, headers=OWN, method: str = "GET") -> tuple[int, dict]:
    sent: list[dict] = []

    async def receive() -> dict:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {"type": "http", "method": method, "path": path, "headers": list(headers)}
    run_apart(guard(scope, receive, send))
    return sent[0]["status"], json.loads(sent[1]["body"])
