"""Export one match: a dialog offering JSON (every action, to import again) or CSV."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import flet as ft

from companion.i18n import _, say
from companion.session.files import EXPORT_FAILED, hand_over
from companion.session.open_matches import SessionMatches

log = logging.getLogger(__name__)


def show_export_dialog(picker: ft.FilePicker, tables: SessionMatches, mid: str,
                       label: str, *, desktop: bool) -> None:
    """Ask JSON or CSV, then hand the file over; the outcome shows in a snack bar."""
    page = ft.context.page

    async def export(make: Any) -> None:
        page.pop_dialog()
        try:
            made = await asyncio.to_thread(make, [mid])
            said = await hand_over(picker, made, desktop=desktop)
        except Exception:  # a disk or browser failure: say so (the log has what and where)
            log.exception("Export of %s failed", mid)
            said = _(EXPORT_FAILED)
        page.show_dialog(ft.SnackBar(ft.Text(say(said))))

    async def as_json(e: Any) -> None:
        await export(tables.export_json)

    async def as_csv(e: Any) -> None:
        await export(tables.export_csv)

    page.show_dialog(
        ft.AlertDialog(
            title=ft.Text(_("Export {match}").format(match=label)),
            content=ft.Text(
                _("JSON keeps every action: it can be imported again, here or on another "
                  "device. CSV lists every score change, for a spreadsheet.")
            ),
            actions=[
                ft.TextButton(_("Cancel"), on_click=lambda e: page.pop_dialog()),
                ft.TextButton("CSV", on_click=as_csv),
                ft.FilledButton("JSON", on_click=as_json),
            ],
        )
    )
