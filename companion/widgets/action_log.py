"""The log under a game screen: what each action did, in the engine's words, newest first."""

from __future__ import annotations

from typing import Any

import flet as ft


def action_log(history: list[dict[str, Any]], *, empty: str, most: int = 60) -> ft.Control:
    """The latest `most` history texts under "Plays, latest first", or `empty` before any."""
    lines = [ft.Text(entry["text"], size=13) for entry in reversed(history[-most:])]
    if not lines:
        lines = [ft.Text(empty, size=13)]
    return ft.Column([ft.Text("Plays, latest first", weight=ft.FontWeight.BOLD), *lines],
                     spacing=2)
