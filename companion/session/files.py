"""Files in and out of the app: exports handed to the user, import files read from them.

Both go through Flet's `FilePicker` service (Flet 1.0.5): `save_file(file_name=..., src_bytes=...)`
makes the browser download the bytes in the web app and opens a save dialog on the desktop, where
the chosen file gets the bytes; the `PickFiles` client action with `with_data=True` opens the
browser's file chooser and sends the chosen file's bytes with the result (on the desktop it
gives a path, read here, and only there: a path sent by a browser is never opened). One picker
per page serves every export: it is made while a screen renders (a service must reach the
browser before it is called).

"The desktop app" is decided by how the app was started (`table-companion --desktop`, carried
as `Services.desktop`), never by the page: `page.web` and `page.platform` are whatever the client
says they are, at registration and after it (a crafted page registered as web=false on linux
answered the CSV export's save dialog with a match file's path, and the server wrote the CSV
over the match). In the served app no path from a page is ever opened, read or written.
"""

from __future__ import annotations

import asyncio
import os
import stat
from collections.abc import Awaitable, Callable
from pathlib import Path

import flet as ft

from companion.describe.words import N_
from companion.i18n import _, say
from companion.session.page_services import page_service
from scoring.names import quotable
from storage.transfer import MAX_IMPORT_BYTES, Export

PICKED_NAME = 120  # characters of a picked file's name said back
# An export that failed says no more than that: the error's own text may name the server's files.
EXPORT_FAILED = N_("Could not export the matches. Try again.")

def use_file_picker() -> ft.FilePicker:
    """The page's file picker, made on first use; call it while rendering."""
    return page_service(ft.FilePicker)


async def hand_over(picker: ft.FilePicker, export: Export, *, desktop: bool) -> str:
    """Download `export` (web) or save it where the user chooses (`desktop`: the app was started
    as the desktop window); a sentence saying so."""
    page = ft.context.page
    if export.count == 0:
        problems = say(export.problems_said)
        return (_("Nothing to export: {problems}.").format(problems=problems) if problems
                else _("Nothing to export."))
    kind = export.filename.rsplit(".", 1)[-1].upper()
    path = await picker.save_file(
        dialog_title=_("Save the {kind} export").format(kind=kind),
        file_name=export.filename,
        file_type=ft.FilePickerFileType.CUSTOM,
        allowed_extensions=[kind.lower()],
        src_bytes=export.data,
    )
    if not desktop:
        # Whatever the page answered is not a path here. (`page.web` only picks the words.)
        if page.web:
            return say(export.sentence(_("as {file} (see your browser's downloads)").format(
                file=export.filename)))
        return say(export.message)
    if not isinstance(path, str) or not path:
        return _("Not saved: no file was chosen.")
    await asyncio.to_thread(_write_if_needed, Path(path), export.data)
    return say(export.sentence(_("to {path}").format(path=path)))


def _write_if_needed(path: Path, data: bytes) -> None:
    """The desktop client writes `src_bytes` itself; make sure the file holds them."""
    try:
        if path.is_file() and path.read_bytes() == data:
            return
    except OSError:
        pass
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


class PickedTooLarge(ValueError):
    pass


class PickedUnreadable(OSError):
    """A picked file whose bytes did not come: the message names only the file's own name."""


Picked = Callable[[list[ft.FilePickerFile]], Awaitable[None]]


def use_json_import(on_picked: Picked) -> ft.PickFiles:
    """The action for an Import button: the browser opens its file chooser in the tap itself.

    A file chooser opened after a round trip to the server is silently refused by iOS Safari;
    Flet's `PickFiles` client action opens it inside the tap, and the chosen files come to
    `on_picked` (the latest one passed, so it may close over this render's state). Call it
    while rendering; the component keeps its own picker.
    """
    latest = ft.use_ref(None)  # (use_ref would call a function given as its first value)
    latest.current = on_picked

    async def on_result(e: ft.FilePickerResultEvent) -> None:
        # The guard refused any answer not of this shape (companion/session/shapes.py); this
        # handler still reads only what is.
        files = getattr(e, "files", None)
        await latest.current([f for f in files if isinstance(f, ft.FilePickerFile)]
                             if isinstance(files, list) else [])

    picker = ft.use_memo(lambda: ft.FilePicker(on_result=on_result), [])
    return ft.PickFiles(
        picker,
        dialog_title=_("Import matches from a JSON export"),
        file_type=ft.FilePickerFileType.CUSTOM,
        allowed_extensions=["json"],
        with_data=True,
    )


async def read_picked(files: list[ft.FilePickerFile], *,
                      paths: bool = False) -> tuple[str, bytes] | None:
    """(name, bytes) of the first picked file, or None if the user cancelled.

    The bytes must come with the pick (`with_data`), and their actual length is checked, not
    the size the client claims. A path is read only with `paths` (the desktop app,
    `Services.desktop`: the picker is the computer's own and the path names a file its user
    chose), and then only a regular file, never more than the limit; anywhere else it is
    refused without being looked at, and the refusal is the same whatever the path names.
    """
    if not files:
        return None
    chosen = files[0]
    # Said back to the user: the page's text, quoted (bounded, no control or bidi trick).
    name = quotable(chosen.name if isinstance(chosen.name, str) else "", PICKED_NAME)
    if isinstance(chosen.bytes, list) and not all(
            type(b) is int and 0 <= b <= 255 for b in chosen.bytes):
        raise PickedUnreadable(_("Could not read {name}: its contents did not arrive. Try again.")
                               .format(name=name))
    if isinstance(chosen.bytes, bytes | bytearray | list):
        size = len(chosen.bytes)  # a list of numbers in some clients: count before converting
        _check_size(name, size)
        return name, bytes(chosen.bytes)
    if paths and isinstance(chosen.path, str) and chosen.path:
        return name, await asyncio.to_thread(_read_bounded, name, chosen.path)
    raise PickedUnreadable(_("Could not read {name}: its contents did not arrive. Try again.")
                           .format(name=name))


def _check_size(name: str, size: int) -> None:
    if size > MAX_IMPORT_BYTES:
        raise PickedTooLarge(
            _("{name} is too large to import (more than {n} MB).").format(
                name=name, n=say(MAX_IMPORT_BYTES // 2**20))
        )


def _read_bounded(name: str, path: str) -> bytes:
    """The bytes of a regular file at `path`, at most the import limit (a device such as
    /dev/zero never ends, a FIFO may never answer: neither is read)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        raise PickedUnreadable(_("Could not read {name}.").format(name=name)) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise PickedUnreadable(_("Could not read {name}: it is not a file.").format(
                name=name))
        with os.fdopen(fd, "rb", closefd=False) as handle:
            data = handle.read(MAX_IMPORT_BYTES + 1)
    except OSError as error:
        if isinstance(error, PickedUnreadable):
            raise
        raise PickedUnreadable(_("Could not read {name}.").format(name=name)) from None
    finally:
        os.close(fd)
    _check_size(name, len(data))
    return data
