"""The view a match screen shows when its match cannot be opened."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.i18n import _, say


def missing_view(route: str, why: str) -> ft.View:
    """A view at `route` saying `why`, with a way home."""
    page = ft.context.page
    return ft.View(
        route=route,
        appbar=ft.AppBar(title=ft.Text(_("Match not found"))),
        controls=[ft.Text(why), ft.Button(_("Home"), on_click=lambda e: page.navigate("/"))],
        padding=12,
    )


def open_table(tables: Any, mid: str, route: str) -> tuple[Any, ft.View | None]:
    """The open table `mid`, or (None, the view that says why it cannot be opened)."""
    try:
        return tables.get(mid), None
    except KeyError:
        why = _("This match is not stored here (it may have been deleted).")
        return None, missing_view(route, why)
    except Exception as error:  # a file the store refused to read: say why, change nothing
        return None, missing_view(route, say(getattr(error, "said", None) or str(error)))
