""""Why?": a link beside a sentence that applies a ruling, opening the rules sheet at it.

An engine names the ruling a sentence applies as data (`Said.ruling`, `RuleViolation.ruling`:
"K6"), never inside the sentence; the screen that shows the sentence offers this link, and the
Rules screen (screens/match.py) opens scrolled to that ruling, marked.
"""

from __future__ import annotations

import re
from typing import Any

import flet as ft

from companion.i18n import _

RULING = re.compile(r"[A-Z][0-9]{1,2}")  # the rules sheets' bold ruling ids: K6, R2, M5, C10
_MATCH_ROUTE = re.compile(r"^/match/([^/?#]+)")


def rules_route(mid: str, ruling: str) -> str:
    """The Rules screen of match `mid` opened at `ruling`."""
    return f"/match/{mid}/rules/{ruling}"


def why_link(ruling: str | None) -> list[ft.Control]:
    """A "Why?" button (48 px tall, as every target: issue 31) opening the match's rules sheet at
    `ruling`; none without a ruling. The match is the one whose screen is showing (the page's
    route), read at the tap."""
    if ruling is None or not RULING.fullmatch(ruling):
        return []

    def open_sheet(e: Any) -> None:
        page = e.page
        found = _MATCH_ROUTE.match(page.route or "")
        if found:
            page.navigate(rules_route(found.group(1), ruling))

    return [ft.TextButton(_("Why?"), icon=ft.Icons.HELP_OUTLINE, height=48,
                          on_click=open_sheet)]


def with_why(control: ft.Control, ruling: str | None) -> ft.Control:
    """`control` (a sentence) with its "Why?" link at its end when it applies a ruling."""
    link = why_link(ruling)
    if not link:
        return control
    return ft.Row([ft.Container(control, expand=True), *link],
                  vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=4)
