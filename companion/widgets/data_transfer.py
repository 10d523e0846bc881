"""Export every match (JSON or CSV) and import a JSON export: the buttons and what they did."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.context import use_services
from companion.files import (
    PickedTooLarge,
    hand_over,
    read_picked,
    use_file_picker,
    use_json_import,
)
from companion.widgets.message_line import message_line
from scoring import RuleViolation
from storage.transfer import ImportRefused, export_csv, export_json, import_json

log = logging.getLogger(__name__)


@ft.component
def DataTransfer(on_change: Callable[[], None] | None = None) -> ft.Control:
    """Three buttons: every match as JSON (to import again) or CSV (for a spreadsheet), and
    Import, for sessions that keep score. The result shows under them."""
    services = use_services()
    picker = use_file_picker()
    store = services.tables.store
    busy, set_busy = ft.use_state(False)
    message, set_message = ft.use_state(("", False))

    async def export(make: Callable[[Any], Any]) -> None:
        set_busy(True)
        try:
            made = await asyncio.to_thread(make, store)
            set_message((await hand_over(picker, made), made.count == 0))
        except Exception as error:  # a disk or browser failure: say it, keep the app going
            log.exception("Export failed")
            set_message((f"Could not export: {error}", True))
        finally:
            set_busy(False)

    async def export_all_json(e: Any) -> None:
        await export(export_json)

    async def export_all_csv(e: Any) -> None:
        await export(export_csv)

    async def import_file(files: list[ft.FilePickerFile]) -> None:
        try:
            picked = await read_picked(files)
        except (PickedTooLarge, OSError) as error:
            set_message((str(error), True))
            return
        if picked is None:
            return
        name, data = picked
        set_busy(True)
        try:
            report = await asyncio.to_thread(import_json, store, data)
        except (ImportRefused, RuleViolation) as error:
            set_message((f"{name}: {error}", True))
        except OSError as error:
            set_message((f"Could not store the matches of {name}: {error}", True))
        else:
            set_message((report.message, False))
            if on_change is not None:
                on_change()
        finally:
            set_busy(False)

    pick = use_json_import(import_file)

    buttons: list[ft.Control] = [
        ft.OutlinedButton("Export all as JSON", icon=ft.Icons.DOWNLOAD, height=48,
                          disabled=busy, on_click=export_all_json),
        ft.OutlinedButton("Export all as CSV", icon=ft.Icons.TABLE_VIEW, height=48,
                          disabled=busy, on_click=export_all_csv),
    ]
    if services.keeps_score:
        buttons.append(ft.OutlinedButton("Import from JSON", icon=ft.Icons.UPLOAD_FILE,
                                         height=48, disabled=busy, action=pick))
    return ft.Column(
        [
            ft.Row(buttons, wrap=True, spacing=8, run_spacing=8),
            ft.ProgressBar() if busy else ft.Container(height=0),
            message_line(message[0], error=message[1]),
        ],
        spacing=8,
    )
