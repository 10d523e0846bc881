"""Helpers of tests/companion/test_caro_undo_cost.py that other tests share: mid_game, open_match,
open_route."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import flet as ft
from flet.controls.context import _context_page
from flet.messaging.session import Session

from companion.app import build_main
from companion.session.open_matches import OpenMatches
from companion.session.preferences import Preferences
from scoring import caro
from storage import Store
from tests.support.companion.session_guard import Wire
from tests.support.companion.tree import every


def mid_game() -> caro.Match:
    """bench/ui_latency.py's match: two players, 12 caros laid at random (seed 4)."""
    match = caro.Match(players=["Cleo", "Dan"])
    rng = random.Random(4)
    while len(match.board) < 12:
        moves = [(c, cell) for c in caro.COLOURS for cell in sorted(match.options(c))]
        match.lay(*rng.choice(moves))
    return match


async def open_route(store: Store, folder: Path, route: str) -> Session:
    """A Flet session (no browser) of the app on `store`, showing `route`."""
    wire = Wire()
    wire.loop = asyncio.get_running_loop()
    session = Session(wire)
    _context_page.set(session.page)
    session.page.route = route
    build_main(OpenMatches(store), Preferences(folder))(session.page)
    session.get_page_patch()
    await asyncio.sleep(0.2)  # the router renders the route
    return session


async def open_match(store: Store, folder: Path,
                     mid: str) -> tuple[Session, dict[str, ft.IconButton]]:
    """A Flet session (no browser) showing match `mid`, and its app bar's buttons by name."""
    session = await open_route(store, folder, f"/match/{mid}")
    buttons = {c.icon.semantics_label: c for c in every(session.page)
               if isinstance(c, ft.IconButton) and isinstance(c.icon, ft.Icon)}
    return session, buttons
