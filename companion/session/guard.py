"""Five guards on every Flet session: events for disabled controls, what a crash tells the page,
each message acting on the page as the ones before it left it, the props a page may set, and
the shape of what it sends.

Flet 1.0.5 dispatches whatever event a page names to the control's handler, even when the control
is disabled: a disabled button is only greyed out on the page, and a crafted message "taps" it
anyway (a disabled "Move down" on the last player raised IndexError). Every event now passes
through `dispatch_event` below, which drops one whose control, or any control around it, is
disabled, before any handler runs.

When a handler or an effect raises, Flet sends the page the exception with its whole traceback
(server paths and code included) as the "session crashed" message. Here the traceback goes to the
server's log and the page gets a short sentence instead.

Each message also finds the page as the messages before it left it. A handler is made at one render
and holds that render's values, while Flet re-renders a changed component only later, in a task of
its own: a Start tapped right after a radio ran with the option before it, a Record tapped right
after a typed figure recorded the figure before, and the re-render an earlier tap asked for could
land between a keystroke's text and its change event and put the old text back. So before a
message's value is applied or its event handled, the components that earlier messages changed
are rendered first (`settle`). (A change made on another device can still re-render a screen at
any moment, as before.)

And the messages keep the order they came in. The server applies a value as it reads it, but
handles an event later, in a task of its own; on a busy machine it reads several messages before
any task runs. A render that the first radio's handler asked for then ran with a second radio's
value already on its control but not yet in the state, put the default back, and Start used it.
So a value is queued as it is read and applied in a task too, and an event, when it is handled,
first applies the values read before it (`Arrivals`), never one read after it.

A page may also report new values only for what a person changes on it (a field's text, a radio
group's choice, a dialog closed): Flet applies whatever props a page sends, so a crafted
UPDATE_CONTROL_PROPS {"disabled": false} re-enabled a disabled button, and the guard above, which
reads `disabled`, let its click through. The props the server alone decides (`SERVER_OWNED`,
handlers, Flet's internal fields) are dropped from every value a page sends, at any depth, before
Flet sees it (`owned_by_page`): the server's view of a control is its own.

And what a page sends must have the shape its control declares (companion/session/shapes.py): an
event whose data Flet could not make into the event its handler reads (a file picker's result
without files, a route that is not text), or a value of another type than the control's (a
field's text that is a list), is refused whole, before Flet builds it, with one line in the log
and no traceback; the change or submit that reports a refused value is refused with it.

`install()` wraps flet's `Session` class once for the whole process; it is called when the app's
entry point is built, so every session of this app has all five. The Flet internals this reads
and replaces are listed, with the app's others, in `companion/flet_internals.py`; the
message-order race as plain Flet shows it is reproduced by `docs/flet-message-order.py`.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable, Coroutine
from typing import Any

from flet.messaging.session import Session

from companion.i18n import N_, Voice, language
from companion.session.shapes import event_misfit, patch_misfit

CRASH_MESSAGE = N_("Something went wrong; the match is saved. Reload the page.")
log = logging.getLogger(__name__)
# One line per message from a page, off unless TABLE_COMPANION_TRACE is set (the browser tests set
# it, so a failure's app log says what reached the server and in which order).
trace = logging.getLogger("companion.trace")


def crash_message(session: Session) -> str:
    """CRASH_MESSAGE in the language the crashed session spoke (English if that is unknown)."""
    try:
        return Voice(language(session.page)).gettext(CRASH_MESSAGE)
    except Exception:  # a session too broken to say its language still gets the sentence
        return CRASH_MESSAGE


def brief(value: Any) -> str:
    """A short, one-line form of a message's value for the trace."""
    text = repr(value).replace("\n", " ")
    return text if len(text) <= 40 else text[:37] + "..."


def named(event_name: Any) -> str:
    """An event's name as the page sent it, fit for one line of the log."""
    return event_name if isinstance(event_name, str) and event_name.isidentifier() \
        and len(event_name) <= 40 else brief(event_name)


def checked(check: Callable[..., str | None], *args: Any) -> str | None:
    """`check(*args)`, the shape check; None (the message goes on to Flet, which guards as it
    always did) if the check itself fails: a bug of the check, logged, must not stop the app."""
    try:
        return check(*args)
    except Exception:
        log.exception("A shape check failed; the message was let through")
        return None


async def _nothing() -> None:
    return None


def disabled(control: Any) -> bool:
    """Is `control`, or a control it sits in, disabled? (Flutter ignores taps on either.)"""
    seen = 0
    while control is not None and seen < 1000:  # bounded: a parent chain is never that long
        if getattr(control, "disabled", False):
            return True
        try:
            control = control.parent
        except RuntimeError:  # a parent gone already: nothing more to check
            return False
        seen += 1
    return False


# What a control may be tapped or seen as, what it carries and who connected: set by the server
# only. Handlers (on_*) and Flet's own fields (_i, _c, ...) are the server's too.
SERVER_OWNED = frozenset({"disabled", "visible", "data", "key", "client_ip",
                          "client_user_agent"})
PATCH_DEPTH = 8  # deeper than any value a page reports (the page's window, a TextField's value)


def page_may_set(name: Any) -> bool:
    return (isinstance(name, str) and name not in SERVER_OWNED
            and not name.startswith(("_", "on_")))


def owned_by_page(patch: Any) -> dict[str, Any]:
    """`patch` without the props a page may not set, here or in a nested value (a control's
    `content` given as a dict patches that control, a list of dicts makes new ones); not a
    dict: nothing. What is nested deeper than any value a page reports is dropped."""
    kept = _owned(patch, 0)
    return kept if isinstance(kept, dict) else {}


_TOO_DEEP = object()


def _owned(value: Any, depth: int) -> Any:
    if not isinstance(value, dict | list):
        return value
    if depth > PATCH_DEPTH:
        return _TOO_DEEP
    if isinstance(value, list):
        items = (_owned(item, depth + 1) for item in value)
        return [item for item in items if item is not _TOO_DEEP]
    pairs = ((name, _owned(item, depth + 1)) for name, item in value.items()
             if page_may_set(name))
    return {name: item for name, item in pairs if item is not _TOO_DEEP}


SETTLE_PASSES = 3  # a render that asks for another render again and again is left to Flet


def settle(session: Session) -> None:
    """Render now the components waiting for Flet's scheduler (what earlier events changed).

    Bounded, and never raising: a component whose render fails is logged and the page told (as
    Flet's scheduler would), and the others are still rendered; what is still pending after a
    few passes is left to the scheduler, which yields to other sessions between passes."""
    pending = session._Session__pending_updates  # type: ignore[attr-defined]
    for _ in range(SETTLE_PASSES):
        if not pending:
            return
        controls = list(pending)
        pending.clear()
        for control in controls:
            try:
                control.update()
            except Exception as error:
                log.exception("A re-render before a message from the page failed")
                session.error(f"{type(error).__name__}: {error}")


class Arrivals:
    """A session's values from the page (UPDATE_CONTROL_PROPS), numbered in the order read."""

    def __init__(self) -> None:
        self.read = 0  # values read so far
        self.queue: deque[tuple[int, int, dict[str, Any]]] = deque()  # (number, id, value)
        # Controls whose last value was refused for its shape: the event that reports it (a
        # change, a submit) is refused with it, unlogged (the value's refusal was).
        self.refused: set[int] = set()

    def add(self, control_id: int, patch: dict[str, Any]) -> int:
        self.read += 1
        self.queue.append((self.read, control_id, patch))
        return self.read

    def apply_up_to(self, session: Session, number: int,
                    apply: Callable[[Session, int, dict[str, Any]], None]) -> None:
        """Apply, in order, the queued values numbered up to `number` (each on the page as the
        messages before it left it)."""
        while self.queue and self.queue[0][0] <= number:
            _, control_id, patch = self.queue.popleft()
            settle(session)
            apply(session, control_id, patch)


def arrivals(session: Session) -> Arrivals:
    found = session.__dict__.get("_companion_arrivals")
    if found is None:
        found = session.__dict__["_companion_arrivals"] = Arrivals()
    return found


def install() -> None:
    """Wrap `Session.dispatch_event`, `Session.apply_patch` and `Session.error` (once; later
    calls do nothing), and `Session.apply_page_patch` (the page's own values, applied at once)."""
    if getattr(Session, "_companion_guarded", False):
        return
    dispatch = Session.dispatch_event
    apply_patch = Session.apply_patch
    report = Session.error

    def dispatch_event(self: Session, control_id: int, event_name: str,
                       event_data: Any) -> Coroutine[Any, Any, None]:
        # Called as the server reads the message (the coroutine is run later, in a task): what
        # was read by then is what this event finds applied, and nothing read after it.
        read = arrivals(self).read
        if trace.isEnabledFor(logging.INFO):  # nothing formatted while it is off
            trace.info("%s read event %s on %s after value %d: %s", self.id[:8], named(event_name),
                       control_id, read, brief(event_data))

        async def handle() -> None:
            queued = arrivals(self)
            queued.apply_up_to(self, read, apply_fitting)
            if control_id in queued.refused:
                queued.refused.discard(control_id)
                return
            settle(self)
            control = self._Session__resolve_event_control(control_id)  # as Flet's does
            if trace.isEnabledFor(logging.INFO):
                trace.info("%s handles %s on %s (%s)", self.id[:8], named(event_name), control_id,
                           type(control).__name__)
            if control is not None and disabled(control):
                log.warning("Dropped a '%s' event for a disabled control (%s)",
                            named(event_name), type(control).__name__)
                return
            why = checked(event_misfit, control, event_name, event_data)
            if why:
                log.warning("Refused a misshapen '%s' event for %s (%s)", named(event_name),
                            type(control).__name__, why)
                return
            await dispatch(self, control_id, event_name, event_data)

        if not isinstance(control_id, int) or isinstance(control_id, bool) or not isinstance(
                event_name, str):
            log.warning("Refused an event with a misshapen target or name")
            return _nothing()

        return handle()

    def apply_fitting(self: Session, control_id: int, patch: dict[str, Any]) -> None:
        # Checked as it is applied, against the control it is applied to.
        control = self.index.get(control_id)
        why = checked(patch_misfit, control, patch)
        if why:
            log.warning("Refused a misshapen value for %s (%s)", type(control).__name__, why)
            arrivals(self).refused.add(control_id)
            return
        arrivals(self).refused.discard(control_id)
        apply_patch(self, control_id, patch)

    def patched(self: Session, control_id: int, patch: dict[str, Any]) -> None:
        if not isinstance(control_id, int) or isinstance(control_id, bool):
            log.warning("Refused a value with a misshapen target")
            return
        allowed = owned_by_page(patch)
        if allowed != patch:
            log.warning("Dropped props a page may not set, for control %s", control_id)
            if not allowed:
                return
        patch = allowed
        queued = arrivals(self)
        number = queued.add(control_id, patch)
        if trace.isEnabledFor(logging.INFO):
            trace.info("%s read value %d for %s: %s", self.id[:8], number, control_id,
                       brief(patch))
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (nothing can be waiting): apply it now
            queued.apply_up_to(self, number, apply_fitting)
            return
        # After the tasks of the events read before it, as the page sent them.
        loop.call_soon(queued.apply_up_to, self, number, apply_fitting)

    def page_patched(self: Session, patch: dict[str, Any]) -> None:
        # The page's own values as it registers: needed at once, before the app's main runs.
        # A value of the wrong shape is left out (the page's default stands), the rest kept.
        page = self._Session__page
        kept = owned_by_page(patch)
        misfits = {name: why for name in list(kept)
                   if (why := checked(patch_misfit, page, {name: kept[name]}))}
        if misfits:
            log.warning("Left out misshapen values of a page as it registered (%s)",
                        "; ".join(misfits.values()))
        apply_patch(self, page._i, {k: v for k, v in kept.items() if k not in misfits})

    def error(self: Session, message: str) -> None:
        log.error("Session %s crashed: %s", self.id, message)
        report(self, crash_message(self))

    Session.dispatch_event = dispatch_event  # type: ignore[method-assign]
    Session.apply_patch = patched  # type: ignore[method-assign]
    Session.apply_page_patch = page_patched  # type: ignore[method-assign]
    Session.error = error  # type: ignore[method-assign]
    Session._companion_guarded = True  # type: ignore[attr-defined]
