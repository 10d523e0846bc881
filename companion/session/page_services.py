"""A page's own Flet services (a file picker, the share sheet, storage), one of each kind a page."""

from __future__ import annotations

from typing import Any, TypeVar
from weakref import WeakKeyDictionary

import flet as ft

S = TypeVar("S")

_held: WeakKeyDictionary[ft.Page, dict[type, Any]] = WeakKeyDictionary()


def page_service(kind: type[S]) -> S:
    """The calling page's one `kind` service, made on first use. Ask for it while rendering when
    it is called later (a service must reach the browser before it is called)."""
    held = _held.setdefault(ft.context.page, {})
    found = held.get(kind)
    if found is None:
        found = held[kind] = kind()
    return found
