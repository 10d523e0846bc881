"""Keep a screen in step with a match that any session may change."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

import flet as ft

from companion.session.context import use_services


def run_in_session(page: ft.Page, task: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """Run `task` on `page`'s session, unless its browser tab is gone.

    A closed tab keeps its session (and its listeners) until Flet's session timeout, without a
    connection: Flet drops its updates anyway, and scheduling on it would raise in the session
    that made the change. A tab that comes back draws afresh from the shared tables.
    """
    if page.session.connection is not None:
        page.run_task(task)


def use_subscription(subscribe: Callable[[], Callable[[], None]], deps: list[Any]) -> None:
    """Call `subscribe()` when the component mounts (and again when `deps` change); it returns
    the function that ends the subscription, called when the component goes or before the
    next subscribe."""
    stop = ft.use_ref(None)

    def start() -> None:
        stop.current = subscribe()

    def end() -> None:
        if stop.current:
            stop.current()

    ft.use_effect(start, deps, cleanup=end)


def use_followed_match(mid: str) -> tuple[int, Callable[[int], None]]:
    """Re-render the calling component after every change to the match `mid`, in this session or
    another one; returns the version last seen (a key for anything drawn from the match) and its
    setter, to re-render at once after an action of this session's own."""
    services = use_services()
    page = ft.context.page
    seen, set_seen = ft.use_state(0)

    def on_change(changed: str, version: int) -> None:
        if changed == mid:
            async def refresh() -> None:
                set_seen(version)

            run_in_session(page, refresh)

    use_subscription(lambda: services.tables.subscribe(on_change), [mid])
    return seen, set_seen
