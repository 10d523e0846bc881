"""What a mid-game Caro Undo/Redo costs the page: the controls its client rebuilds.

The page's client (Flet 1.0.5's Flutter side) rebuilds a control that a patch touches together
with everything inside it. So the count that tracks a phone's work for an Undo is not the patch
operations but the controls inside the topmost touched ones. Counted here on a real Flet session
(no browser) for the match bench/ui_latency.py times: 49 before the colour chips, score chips and
turn list were laid out for it; Flet's bare 11 x 11 grid (bench/bare_grid.py) rebuilds 18.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import flet as ft
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.controls.object_patch import ObjectPatch
from flet.messaging.session import Session

from companion.app import build_main
from companion.session.open_matches import OpenMatches
from companion.session.preferences import Preferences
from scoring import caro
from storage import Store
from tests.companion.test_session_guard import Wire
from tests.support.companion.apart import run_apart
from tests.support.companion.tree import children, every

MOST = 32  # controls rebuilt per Undo or Redo


def touched(root: Any, operations: list[dict[str, Any]]) -> list[BaseControl]:
    """The control each patch operation changes (the last control on its path)."""
    found = []
    for operation in operations:
        value, owner = root, root
        for part in operation["path"][:-1]:
            if isinstance(value, list):
                value = value[int(part)]
            else:  # a control, or the {"_b": body} a component is compared as
                value = value[part] if isinstance(value, dict) else getattr(value, part)
            if isinstance(value, BaseControl):
                owner = value
        found.append(owner)
    return found


def rebuilt(patches: list[tuple[Any, list[dict[str, Any]]]]) -> int:
    """Controls inside the topmost touched controls: what the client builds anew. Each control's
    children and size are found once (a touched page root holds the whole tree)."""
    kids: dict[int, list[BaseControl]] = {}
    sizes: dict[int, int] = {}

    def kids_of(control: BaseControl) -> list[BaseControl]:
        if id(control) not in kids:
            kids[id(control)] = list(children(control))
        return kids[id(control)]

    def size(control: BaseControl) -> int:
        if id(control) not in sizes:
            sizes[id(control)] = 1 + sum(size(c) for c in kids_of(control))
        return sizes[id(control)]

    changed = {id(c): c for root, ops in patches for c in touched(root, ops)}
    nested: set[int] = set()
    for control in changed.values():
        stack = list(kids_of(control))
        while stack:
            inner = stack.pop()
            if id(inner) not in nested:
                nested.add(id(inner))
                stack.extend(kids_of(inner))
    return sum(size(c) for key, c in changed.items() if key not in nested)


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


def test_a_mid_game_undo_or_redo_rebuilds_few_controls(tmp_path: Path, monkeypatch) -> None:
    patches: list[tuple[Any, list[dict[str, Any]]]] = []
    diff = ObjectPatch.from_diff.__func__

    def recording(cls, src, dst, *args, **kwargs):  # noqa: ANN001, ANN202 (Flet's signature)
        patch = diff(cls, src, dst, *args, **kwargs)
        patches.append((dst, patch[0].patch))
        return patch

    monkeypatch.setattr(ObjectPatch, "from_diff", classmethod(recording))
    with Store(tmp_path / "data") as store:
        mid = store.create(mid_game())

    async def undo_redo() -> list[int]:
        with Store(tmp_path / "data") as store:
            session, actions = await open_match(store, tmp_path, mid)
            counts = []
            for name in ("Undo", "Redo") * 3:
                patches.clear()
                await session.dispatch_event(actions[name]._i, "click", None)
                await asyncio.sleep(0.1)
                counts.append(rebuilt(patches))
            return counts

    counts = run_apart(undo_redo())
    assert all(counts), counts  # every tap changed the page
    assert max(counts[1:]) <= MOST, counts  # (the first Undo also brings the message line)
