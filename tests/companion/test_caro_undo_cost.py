"""What a mid-game Caro Undo/Redo costs the page: the controls its client rebuilds.

The page's client (Flet 1.0.5's Flutter side) rebuilds a control that a patch touches together
with everything inside it. So the count that tracks a phone's work for an Undo is not the patch
operations but the controls inside the topmost touched ones. Counted here on a real Flet session
(no browser) for the match bench/ui_latency.py times: 49 before the colour chips, score chips and
turn list were laid out for it; Flet's bare 11 x 11 grid (bench/bare_grid.py) rebuilds 18.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from flet.controls.base_control import BaseControl
from flet.controls.object_patch import ObjectPatch

from storage import Store
from tests.support.companion.apart import run_apart
from tests.support.companion.caro_undo_cost import mid_game, open_match
from tests.support.companion.tree import children

MOST = 40  # controls rebuilt per Undo or Redo (one: the changed scoreboard chip's spoken name;
# 33 before each chip got its least width as a box of its own, 34 before the colour chips'
# swatches and the grid's column numbers got theirs: the chips and numbers grow with the text;
# 36 before each colour chip held its "double" label, shown or not: two a chip changed)


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
