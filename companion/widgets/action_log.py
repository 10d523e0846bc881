"""The log under a game screen: what each action did, in the engine's words, newest first."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.i18n import _, say


def _said(entry: dict[str, Any]) -> str:
    # "said" is the entry as data; an entry from before it (or from a game whose engine does
    # not give it yet) has its English "text" only.
    return say(entry.get("said", entry["text"]))


def action_log(history: list[dict[str, Any]], *, empty: str, most: int = 60,
               title: str | None = None, one_text: bool = False) -> ft.Control:
    """The latest `most` history texts under `title`, or `empty` before any.

    Each line is keyed by its place in the history, so after an action the browser gets one line
    added at the top (and the oldest dropped), not every line's text changed. With `one_text`
    the lines are one Text instead (a short log under a board redrawn on every action): the
    page's client rebuilds a changed control with everything inside it, so a Column whose lines
    come and go rebuilds every line, where one Text is one control to rebuild.
    """
    title = _("Plays, latest first") if title is None else title
    if one_text:
        lines = "\n".join(_said(entry) for entry in reversed(history[-most:])) or empty
        return ft.Column([ft.Text(title, weight=ft.FontWeight.BOLD),
                          ft.Text(lines, size=13, key="lines")], spacing=2)
    first = max(0, len(history) - most)
    lines = [ft.Text(_said(entry), size=13, key=f"entry {first + i}")
             for i, entry in reversed(list(enumerate(history[first:])))]
    if not lines:
        lines = [ft.Text(empty, size=13)]
    return ft.Column([ft.Text(title, weight=ft.FontWeight.BOLD), *lines], spacing=2)
