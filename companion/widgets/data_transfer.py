"""Export every match (JSON or CSV) and import a JSON export: the buttons and what they did."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.i18n import _, say
from companion.session.context import use_services
from companion.session.files import (
    EXPORT_FAILED,
    PickedTooLarge,
    PickedUnreadable,
    hand_over,
    read_picked,
    use_file_picker,
    use_json_import,
)
from companion.session.open_matches import SessionMatches
from companion.widgets.message_line import message_line
from scoring import RuleViolation
from storage.transfer import Export, ImportIncomplete, ImportRefused, brief

log = logging.getLogger(__name__)


async def import_picked(tables: SessionMatches, files: list[ft.FilePickerFile], *,
                        paths: bool) -> tuple[tuple[str, bool] | None, bool]:
    """Import the picked file for this session: ((message, is_error) or None when the user
    cancelled, whether anything was stored). `paths`: the desktop app (`Services.desktop`).

    Whatever a page sends: a session that may not import gets its refusal before any byte of
    the file is looked at (and `tables.import_json` checks again before decoding it).
    """
    try:
        tables.check_keeps_score()
        picked = await read_picked(files, paths=paths)
    except (RuleViolation, PickedTooLarge, PickedUnreadable) as error:
        return (say(getattr(error, "said", None) or str(error)), True), False
    if picked is None:
        return None, False
    name, data = picked
    try:
        report = await asyncio.to_thread(tables.import_json, data)  # off the event loop
    except (ImportRefused, RuleViolation) as error:
        return (_("{file}: {problem}").format(file=name, problem=_said(error)), True), False
    except ImportIncomplete as error:
        return ((_("{file}: {problem}").format(file=name, problem=_said(error)), True),
                error.stored > 0)
    except OSError as error:  # its reason only: an OSError's text names the file on the disk
        log.warning("Import of %s failed: %s", name, error)
        why = error.strerror or _("the disk refused them")
        return (_("Could not store the matches of {file}: {why}.").format(file=name, why=why),
                True), False
    return (say(report.message), False), bool(report.imported)


def _said(error: Exception) -> str:
    """An error's sentence in the session's language: its data where it has some (a refusal's
    `.said`), else its text; a sentence, not a page (`brief`: a translation may run longer than
    the English that `str()` bounds)."""
    return brief(say(getattr(error, "said", None) or str(error)))


@ft.component
def DataTransfer(on_change: Callable[[], None] | None = None) -> ft.Control:
    """Three buttons: every match as JSON (to import again) or CSV (for a spreadsheet), and
    Import, for sessions that keep score. The result shows under them."""
    services = use_services()
    picker = use_file_picker()
    tables = services.tables
    busy, set_busy = ft.use_state(False)
    message, set_message = ft.use_state(("", False))

    async def export(make: Callable[[], Export]) -> None:
        set_busy(True)
        try:
            made = await asyncio.to_thread(make)
            set_message((await hand_over(picker, made, desktop=services.desktop),
                         made.count == 0))
        except Exception:  # a disk or browser failure: say so (the log has what and where)
            log.exception("Export failed")
            set_message((_(EXPORT_FAILED), True))
        finally:
            set_busy(False)

    async def export_all_json(e: Any) -> None:
        await export(tables.export_json)

    async def export_all_csv(e: Any) -> None:
        await export(tables.export_csv)

    async def import_file(files: list[ft.FilePickerFile]) -> None:
        set_busy(True)
        try:
            said, stored = await import_picked(tables, files, paths=services.desktop)
        finally:
            set_busy(False)
        if said:
            set_message(said)
        if stored and on_change is not None:
            on_change()

    pick = use_json_import(import_file)

    buttons: list[ft.Control] = [
        ft.OutlinedButton(_("Export all as JSON"), icon=ft.Icons.DOWNLOAD, height=48,
                          disabled=busy, on_click=export_all_json),
        ft.OutlinedButton(_("Export all as CSV"), icon=ft.Icons.TABLE_VIEW, height=48,
                          disabled=busy, on_click=export_all_csv),
    ]
    if services.keeps_score:
        buttons.append(ft.OutlinedButton(_("Import from JSON"), icon=ft.Icons.UPLOAD_FILE,
                                         height=48, disabled=busy, action=pick))
    return ft.Column(
        [
            ft.Row(buttons, wrap=True, spacing=8, run_spacing=8),
            ft.ProgressBar() if busy else ft.Container(height=0),
            message_line(message[0], error=message[1]),
        ],
        spacing=8,
    )
