"""Keep a screen in step with a match that any session may change."""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Hashable
from typing import Any
from weakref import WeakKeyDictionary

import flet as ft

from companion.session.context import use_services
from companion.session.followers import FOLLOWERS, IN_BROWSER, Unkeyed, current_page

Task = Callable[[], Coroutine[Any, Any, None]]


# Per page: what its listeners could not draw while its browser was away (the latest task a
# listener, by key), run when it reconnects; and the subscriptions its components hold, ended
# when Flet closes the session (Flet unmounts nothing then, so no cleanup would run).
_missed: WeakKeyDictionary[ft.Page, dict[Hashable, Task]] = WeakKeyDictionary()
_held: WeakKeyDictionary[ft.Page, dict[Hashable, Callable[[], None]]] = WeakKeyDictionary()


def run_in_session(page: ft.Page, task: Task, key: Hashable | None = None) -> None:
    """Run `task` on `page`'s session, unless its browser tab is gone.

    On the server, the page's own tasks come first and other sessions' pages follow, each drawn
    once for the latest of its tasks by `key` (companion/session/followers.py); in the browser
    (one page, no server) it runs at once.

    A closed tab keeps its session for a short while (a reload finds its place again), without a
    connection: nothing is drawn for it then, and scheduling on it would raise in the session
    that made the change. `key` names what the task brings up to date: the latest such task is
    run when the page reconnects (`catch_up`), so a reloaded page shows what it missed.
    """
    if page.session.connection is None:
        if key is not None:
            _missed.setdefault(page, {})[key] = task
    elif IN_BROWSER:
        page.run_task(task)
    else:
        FOLLOWERS.put(page, task, key, first=current_page() is page)


def _kept_for_reload(page: ft.Page, tasks: dict[Hashable, Task]) -> None:
    """A follower's tab went before it was drawn: its keyed tasks wait for its reload."""
    missed = _missed.setdefault(page, {})
    for key, task in tasks.items():
        if not isinstance(key, Unkeyed):
            missed[key] = task


FOLLOWERS.on_missed(_kept_for_reload)


def catch_up(page: ft.Page) -> None:
    """The page has reconnected to its session: draw what its listeners missed meanwhile."""
    if page.session.connection is None:  # a crafted "connect" event: the server knows better
        return
    for task in _missed.pop(page, {}).values():
        page.run_task(task)


def let_go(page: ft.Page) -> None:
    """Flet has closed the page's session (its grace period is over): end its subscriptions."""
    if page.session.connection is not None:  # a crafted "close" event from a live page
        return
    _missed.pop(page, None)
    for stop in list(_held.pop(page, {}).values()):
        stop()


def use_subscription(subscribe: Callable[[], Callable[[], None]], deps: list[Any]) -> None:
    """Call `subscribe()` when the component mounts (and again when `deps` change); it returns
    the function that ends the subscription, called when the component goes, before the
    next subscribe, or when the session is closed (`let_go`)."""
    page = ft.context.page
    stop = ft.use_ref(None)

    def start() -> None:
        stop.current = subscribe()
        _held.setdefault(page, {})[stop] = end

    def end() -> None:
        if stop.current:
            stop.current()
            stop.current = None
        _held.get(page, {}).pop(stop, None)

    ft.use_effect(start, deps, cleanup=end)


def use_followed_match(mid: str) -> tuple[int, Callable[[int], None]]:
    """Re-render the calling component after every change to the match `mid`, in this session or
    another one; returns the version last seen (a key for anything drawn from the match) and its
    setter, to re-render at once after an action of this session's own."""
    services = use_services()
    page = ft.context.page
    seen, set_seen = ft.use_state(0)
    key = ft.use_ref(None)  # this hook's place in what the page missed
    drawn = ft.use_ref(None)  # the version this render draws

    def on_change(changed: str, version: int) -> None:
        if changed == mid:
            async def refresh() -> None:
                set_seen(version)

            run_in_session(page, refresh, key)

    def subscribe() -> Callable[[], None]:
        stop = services.tables.subscribe(on_change)
        # A change made between this render and its effect told no one here: draw it now.
        if (now := _version(services, mid)) != drawn.current:
            on_change(mid, now)
        return stop

    drawn.current = _version(services, mid)
    use_subscription(subscribe, [mid])
    return seen, set_seen


def _version(services: Any, mid: str) -> int | None:
    """The version of the open match `mid`, None where there is none to open."""
    try:
        return services.tables.get(mid).version
    except Exception:  # no such match (the screen says so) or one the store refuses to read
        return None


def use_redrawn_on_change(mid: str) -> None:
    """Re-render the calling component after every change to the match `mid`, its making and
    its removal included (a finished match's screen following its follow-up: made at version 0,
    which `use_followed_match`'s seen version would not tell from nothing)."""
    services = use_services()
    page = ft.context.page
    _changes, set_changes = ft.use_state(0)
    changes = ft.use_ref(0)
    key = ft.use_ref(None)

    def on_change(changed: str, version: int) -> None:
        if changed == mid:
            changes.current += 1
            told = changes.current

            async def refresh() -> None:
                set_changes(told)

            run_in_session(page, refresh, key)

    use_subscription(lambda: services.tables.subscribe(on_change), [mid])
