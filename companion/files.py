"""Files in and out of the app: exports handed to the user, import files read from them.

Both go through Flet's `FilePicker` service (Flet 1.0.5): `save_file(file_name=..., src_bytes=...)`
makes the browser download the bytes in the web app and opens a save dialog on the desktop, where
the chosen file gets the bytes; the `PickFiles` client action with `with_data=True` opens the
browser's file chooser and reads the chosen file's bytes (on the desktop it gives a path, read
here). One picker per page serves every export: it is made while a screen renders (a service must
reach the browser before it is called).
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable
from pathlib import Path
from weakref import WeakKeyDictionary

import flet as ft

from storage.transfer import MAX_IMPORT_BYTES, Export

_pickers: WeakKeyDictionary[ft.Page, ft.FilePicker] = WeakKeyDictionary()


def use_file_picker() -> ft.FilePicker:
    """The page's file picker, made on first use; call it while rendering."""
    page = ft.context.page
    picker = _pickers.get(page)
    if picker is None:
        picker = _pickers[page] = ft.FilePicker()
    return picker


def _is_desktop(page: ft.Page) -> bool:
    return not page.web and not page.platform.is_mobile()


async def hand_over(picker: ft.FilePicker, export: Export) -> str:
    """Download `export` (web) or save it where the user chooses (desktop); a sentence saying so."""
    page = ft.context.page
    if export.count == 0:
        problems = "; ".join(export.problems)
        return f"Nothing to export{': ' + problems if problems else ''}."
    kind = export.filename.rsplit(".", 1)[-1].upper()
    path = await picker.save_file(
        dialog_title=f"Save the {kind} export",
        file_name=export.filename,
        file_type=ft.FilePickerFileType.CUSTOM,
        allowed_extensions=[kind.lower()],
        src_bytes=export.data,
    )
    if page.web:
        return export.sentence(f"as {export.filename} (see your browser's downloads)")
    if not _is_desktop(page):
        return export.message
    if not path:
        return "Not saved: no file was chosen."
    await asyncio.to_thread(_write_if_needed, Path(path), export.data)
    return export.sentence(f"to {path}")


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
        await latest.current(list(e.files or []))

    picker = ft.use_memo(lambda: ft.FilePicker(on_result=on_result), [])
    return ft.PickFiles(
        picker,
        dialog_title="Import matches from a JSON export",
        file_type=ft.FilePickerFileType.CUSTOM,
        allowed_extensions=["json"],
        with_data=True,
    )


async def read_picked(files: list[ft.FilePickerFile]) -> tuple[str, bytes] | None:
    """(name, bytes) of the first picked file, or None if the user cancelled."""
    if not files:
        return None
    chosen = files[0]
    if chosen.size and chosen.size > MAX_IMPORT_BYTES:
        raise PickedTooLarge(
            f"{chosen.name} is too large to import ({chosen.size // 2**20} MB; at most "
            f"{MAX_IMPORT_BYTES // 2**20} MB)."
        )
    if chosen.bytes is not None:
        return chosen.name, bytes(chosen.bytes)  # a list of numbers in some clients
    if chosen.path:  # the desktop gives a path instead of the bytes
        return chosen.name, await asyncio.to_thread(Path(chosen.path).read_bytes)
    raise OSError(f"Could not read {chosen.name}.")
