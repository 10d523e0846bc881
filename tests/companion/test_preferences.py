"""The theme preference: saved atomically; a failed save costs neither the session nor the file."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from companion.session.preferences import THEMES, NotSaved, Preferences
from tests.support.companion.apart import run_apart
from tests.support.companion.tree import every


def full_disk(*args, **kwargs):
    raise OSError(errno.ENOSPC, "No space left on device")


def test_the_theme_survives_a_restart(tmp_path: Path) -> None:
    Preferences(tmp_path).theme = "dark"
    assert Preferences(tmp_path).theme == "dark"


@pytest.mark.parametrize("step", ["fsync", "replace", "mkstemp"])
def test_a_full_disk_keeps_the_theme_for_this_run_and_the_file_as_it_was(
        tmp_path: Path, monkeypatch, step: str) -> None:
    preferences = Preferences(tmp_path)
    preferences.theme = "light"
    saved = preferences.path.read_bytes()
    target = {"fsync": (os, "fsync"), "replace": (os, "replace"),
              "mkstemp": (__import__("tempfile"), "mkstemp")}[step]
    monkeypatch.setattr(*target, full_disk)
    with pytest.raises(NotSaved, match="No space left on device"):
        preferences.theme = "dark"
    assert preferences.theme == "dark"  # in use for this run
    monkeypatch.undo()
    assert preferences.path.read_bytes() == saved
    assert [p.name for p in tmp_path.iterdir()] == ["preferences.json"]  # no temp file left
    assert Preferences(tmp_path).theme == "light"


def test_the_settings_screen_says_so_and_the_session_goes_on(tmp_path: Path, monkeypatch) -> None:
    """A theme tapped on a full disk: the page turns dark and says it was not saved; no crash."""
    import flet as ft
    from flet.messaging.protocol import MessageAction
    from flet.messaging.session import Session

    from storage import Store
    from tests.support.companion.caro_undo_cost import open_route
    from tests.support.companion.session_guard import Wire

    store = Store(tmp_path / "data")

    async def tap_dark() -> tuple[Session, Wire]:
        session = await open_route(store, tmp_path, "/settings")
        wire = session.connection
        themes = next(c for c in every(session.page)
                      if isinstance(c, ft.RadioGroup) and c.value in THEMES)
        monkeypatch.setattr(os, "fsync", full_disk)
        session.apply_patch(themes._i, {"value": "dark"})  # as the page reports the tap
        await session.dispatch_event(themes._i, "change", "dark")
        monkeypatch.undo()
        return session, wire

    try:
        session, wire = run_apart(tap_dark())
    finally:
        store.close()
    assert session.page.theme_mode == ft.ThemeMode.DARK
    said = [d.content.value for d in session.page._dialogs.controls]
    assert len(said) == 1 and "could not be saved" in said[0]
    assert not [m for m in wire.sent if m.action == MessageAction.SESSION_CRASHED]
    assert Preferences(tmp_path).theme == "system"


def test_the_screen_on_switch_survives_a_restart_and_refuses_anything_but_a_bool(
        tmp_path: Path) -> None:
    assert Preferences(tmp_path).keep_screen_on is True  # on by default
    preferences = Preferences(tmp_path)
    preferences.theme = "dark"
    preferences.keep_screen_on = False
    with pytest.raises(ValueError):
        preferences.keep_screen_on = "false"  # type: ignore[assignment]
    again = Preferences(tmp_path)
    assert (again.keep_screen_on, again.theme) == (False, "dark")
    preferences.path.write_text('{"theme": "light", "keep_screen_on": "no"}')
    assert (Preferences(tmp_path).keep_screen_on, Preferences(tmp_path).theme) == (True, "light")
