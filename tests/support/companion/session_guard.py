"""Helpers of tests/companion/test_session_guard.py that other tests share: Wire, picker,
session_with."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import flet as ft
from flet.controls.context import _context_page
from flet.messaging.connection import Connection
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from companion.widgets.player_picker import PlayerPicker


class Wire(Connection):
    """A connection that keeps the messages a page would receive."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[Any] = []
        self.pubsubhub = PubSubHub()

    def send_message(self, message: Any) -> None:
        self.sent.append(message)


def session_with(component: Callable[[], Any]) -> tuple[Session, Wire]:
    """A session showing `component`, mounted as when a page has registered."""
    wire = Wire()
    wire.loop = asyncio.get_running_loop()
    session = Session(wire)
    _context_page.set(session.page)
    session.page.render(component)
    session.get_page_patch()
    return session, wire


def picker(seen: list[list[str]], known: list[str] | None = None) -> Callable[[], Any]:
    """A player picker for Ann and Ben (`known`: the past players it offers) that records each
    new order in `seen`."""

    @ft.component
    def Host() -> ft.Control:
        players, set_players = ft.use_state(["Ann", "Ben"])

        def change(order: list[str]) -> None:
            seen.append(order)
            set_players(order)

        return PlayerPicker(players, change, known or [], 6)

    return Host
