"""Helpers of tests/companion/test_watch_back.py that other tests share: go."""

from __future__ import annotations

from flet.messaging.session import Session

from tests.support.companion.wrong_pins_screen import settle


async def go(session: Session, route: str) -> None:
    """What the browser does with a pushed route (or a typed address): show it."""
    await session.dispatch_event(session.page._i, "route_change", {"route": route})
    await settle()
