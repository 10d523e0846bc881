"""The app bar's icons say what they open, and each one's name shows on a long press too."""

from __future__ import annotations

from pathlib import Path

import flet as ft

from scoring import caro
from storage import Store
from tests.support.companion.apart import run_apart
from tests.support.companion.caro_undo_cost import open_match, open_route
from tests.support.companion.tree import every


def icons_by_name(session) -> dict[str, ft.IconButton]:  # noqa: ANN001 (Flet's Session)
    return {c.icon.semantics_label: c for c in every(session.page)
            if isinstance(c, ft.IconButton) and isinstance(c.icon, ft.Icon)}


def test_timeline_and_big_scoreboard_have_icons_of_their_own(tmp_path: Path) -> None:
    with Store(tmp_path / "data") as store:
        mid = store.create(caro.Match(players=["Ann", "Ben"]))

        async def walk() -> tuple[dict[str, ft.IconButton], ...]:
            _, table = await open_match(store, tmp_path, mid)
            chart = icons_by_name(await open_route(store, tmp_path, f"/match/{mid}/chart"))
            timeline = icons_by_name(await open_route(store, tmp_path, f"/match/{mid}/timeline"))
            return table, chart, timeline

        table, chart, timeline = run_apart(walk())

    # Timeline no longer wears the chart's line (Icons.TIMELINE draws one), nor the
    # scoreboard a calendar-like board.
    assert table["Timeline"].icon.icon == chart["Timeline"].icon.icon == ft.Icons.HISTORY
    assert table["Big scoreboard"].icon.icon == ft.Icons.LEADERBOARD
    assert timeline["Chart"].icon.icon not in (ft.Icons.HISTORY, ft.Icons.LEADERBOARD)
    for buttons in (table, chart, timeline):
        for name, button in buttons.items():
            # The tooltip shows the name; only the icon's label names it to a screen reader.
            assert isinstance(button.tooltip, ft.Tooltip)
            assert button.tooltip.message == name
            assert button.tooltip.exclude_from_semantics
