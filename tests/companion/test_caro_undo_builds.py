"""What a mid-game Caro Undo/Redo costs in Python: the controls the re-render builds.

Flet constructs and then diffs, field by field, every control a render returns anew, and hands
over in one identity check a control it has already sent. In the offline web app that Python
runs on the phone, so the count of controls built per tap is what tracks the phone's Python work
(bench/tap_python.py times it). 96 were built per Undo/Redo before the match frame and the Caro
colour chips handed back the parts that look as they did (companion/widgets/kept.py).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import flet as ft
from flet.controls.id_counter import ControlId

from storage import Store
from tests.support.companion.apart import run_apart
from tests.support.companion.caro_undo_cost import mid_game, open_match
from tests.support.companion.tree import every

MOST = 80  # controls built per mid-game Undo or Redo (96 before; 70 before each scoreboard chip
# became one named node for screen readers, issue 31: a Semantics a chip, two here; 72 before
# each chip got its least width as a box of its own, so large text widens it: two more; 74
# before each colour chip held its "double" label, shown or not: two a colour chip)


def test_a_mid_game_undo_or_redo_builds_few_controls(tmp_path: Path, monkeypatch) -> None:
    built = [0]
    take = ControlId.next

    def counted() -> int:
        built[0] += 1
        return take()

    with Store(tmp_path / "data") as store:
        mid = store.create(mid_game())
        laid = len(store.load(mid).events)

    async def undo_redo() -> tuple[list[int], list[int], list[str]]:
        with Store(tmp_path / "data") as store:
            session, actions = await open_match(store, tmp_path, mid)
            counts, events, said = [], [], []
            monkeypatch.setattr(ControlId, "next", counted)
            for name in ("Undo", "Redo") * 3:
                built[0] = 0
                # The buttons handed back keep working: each tap acts on the match as it is now.
                button = session._Session__resolve_event_control(actions[name]._i)
                await session.dispatch_event(button._i, "click", None)
                await asyncio.sleep(0.1)
                counts.append(built[0])
                events.append(len(store.load(mid).events))
                said.extend(c.value for c in
                            every(session.page)
                            if isinstance(c, ft.Text) and isinstance(c.value, str)
                            and c.value.startswith(("Undone", "Redone", "The match changed")))
            return counts, events, said

    counts, events, said = run_apart(undo_redo())
    assert events == [laid - 1, laid] * 3  # every tap did what it says, none was refused
    assert not any(s.startswith("The match changed") for s in said), said
    assert all(counts), counts  # every tap re-rendered
    assert max(counts) <= MOST, counts
