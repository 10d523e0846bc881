"""A backup that happens: every match as the JSON export, in one tap, through the device's share
sheet (the Web Share API with a file, where the browser can: to a drive, mail or a chat), else
downloaded; when the last one was made; and Home's reminder (companion/describe/backup.py says
when it asks). Only the scorekeeper's session backs up: its time is kept in the data folder's
preferences, for every session of the app.

The share sheet is Flet's `Share` service (share_plus): in a browser it calls
`navigator.canShare`/`navigator.share` with the file and downloads it where they are missing or
refuse (an insecure http:// address, a desktop browser, a browser that wants the tap itself);
closing the sheet makes no backup. The desktop app saves it where its user chooses.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import flet as ft

from companion.describe.backup import due, finished_since
from companion.describe.when import ago
from companion.describe.words import figure
from companion.i18n import _, ngettext, say
from companion.session.context import Services, use_services
from companion.session.files import EXPORT_FAILED, hand_over, use_file_picker
from companion.session.page_services import page_service
from companion.session.preferences import NotSaved
from companion.widgets.message_line import message_line

log = logging.getLogger(__name__)
def use_share() -> ft.Share:
    """The page's share service, made on first use; call it while rendering (a service must
    reach the browser before it is called)."""
    return page_service(ft.Share)


async def back_up(services: Services, share: ft.Share, picker: ft.FilePicker,
                  now: Callable[[], datetime] = lambda: datetime.now(UTC)) -> tuple[str, bool]:
    """Export every match as JSON and hand it to the share sheet (or a download, or the desktop
    app's save dialog); note the time once it went. (what to say, whether it is an error)."""
    services.tables.check_keeps_score()
    made = await asyncio.to_thread(services.tables.export_json)
    if made.count == 0:
        return _("Nothing to back up yet: no match is stored."), False
    if services.desktop:
        said = await hand_over(picker, made, desktop=True)
        if said != _("Not saved: no file was chosen."):
            _note(services, now())
        return said, False
    result = await share.share_files(
        [ft.ShareFile.from_bytes(made.data, mime_type="application/json", name=made.filename)],
        title=_("Table Companion backup"),
        download_fallback_enabled=True,
        mail_to_fallback_enabled=False,
    )
    if result.status == ft.ShareResultStatus.DISMISSED:
        return _("No backup made: the share sheet was closed."), False
    problem = _note(services, now())
    said = ngettext("Backed up: {n} match in {file}.", "Backed up: {n} matches in {file}.",
                    made.count).format(n=figure(made.count), file=made.filename)
    return (f"{said} {problem}" if problem else said), False


def _note(services: Services, at: datetime) -> str:
    try:
        services.preferences.backed_up(at)
    except NotSaved as error:
        return say(error.said)
    return ""


def last_backup_text(last: datetime | None) -> str:
    if last is None:
        return _("No backup made yet.")
    return _("Last backup: {when}.").format(when=ago(last))


@ft.component
def Backup(on_home: bool = False) -> ft.Control:
    """Settings: when the last backup was made and the button. Home (`on_home`): that line, and
    the reminder with its button when one is due."""
    services = use_services()
    share = use_share()
    picker = use_file_picker()
    busy, set_busy = ft.use_state(False)
    message, set_message = ft.use_state(("", False))
    _shown, redraw = ft.use_state(0)
    if not services.keeps_score:
        return ft.Container(height=0)
    prefs = services.preferences
    last, put_off = prefs.last_backup, prefs.backup_put_off

    async def tap(e: Any) -> None:
        set_busy(True)
        try:
            set_message(await back_up(services, share, picker))
        except Exception:  # a disk or browser failure: say so (the log has what and where)
            log.exception("Backup failed")
            set_message((_(EXPORT_FAILED), True))
        finally:
            set_busy(False)

    def not_now(e: Any) -> None:
        try:
            prefs.put_off_backup(datetime.now(UTC))
        except NotSaved as error:
            set_message((say(error.said), True))
        redraw(lambda n: n + 1)

    button = ft.FilledButton(_("Back up now"), icon=ft.Icons.BACKUP, height=48, disabled=busy,
                             on_click=tap)
    line = ft.Text(last_backup_text(last), size=14)
    tail = [ft.ProgressBar() if busy else ft.Container(height=0),
            message_line(message[0], error=message[1])]
    if not on_home:
        return ft.Column([line, ft.Row([button], wrap=True), *tail], spacing=8)
    summaries = services.tables.summaries()
    if not due(summaries, last, put_off, datetime.now(UTC)):
        return ft.Column([line, *tail], spacing=4)
    since = max((t for t in (last, put_off) if t is not None), default=None)
    n = finished_since(summaries, since)
    if last is None:
        ask = ngettext("{n} finished match and no backup yet. A backup keeps the matches "
                       "if this device is lost or its data cleared.",
                       "{n} finished matches and no backup yet. A backup keeps the matches "
                       "if this device is lost or its data cleared.", n)
    else:
        ask = ngettext("{n} match finished since the last backup ({when}).",
                       "{n} matches finished since the last backup ({when}).", n)
    return ft.Container(
        bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=8, padding=12,
        content=ft.Column(
            [
                ft.Row([ft.Icon(ft.Icons.BACKUP),
                        ft.Text(ask.format(n=figure(n), when=ago(last) if last else ""),
                                expand=True)]),
                # no "last backup" line: the question says it already (a reader found it twice)
                ft.Row([ft.TextButton(_("Not now"), height=48, on_click=not_now), button],
                       alignment=ft.MainAxisAlignment.END, wrap=True),
                *tail,
            ],
            spacing=8,
        ),
    )
