"""Three guards on every Flet session: events for disabled controls, what a crash tells the page,
and each message acting on the page as the ones before it left it.

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

`install()` wraps flet's `Session` class once for the whole process; it is called when the app's
entry point is built, so every session of this app has all three.
"""

from __future__ import annotations

import logging
from typing import Any

from flet.messaging.session import Session

CRASH_MESSAGE = "Something went wrong; the match is saved. Reload the page."
log = logging.getLogger(__name__)


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


def install() -> None:
    """Wrap `Session.dispatch_event`, `Session.apply_patch` and `Session.error` (once; later
    calls do nothing)."""
    if getattr(Session, "_companion_guarded", False):
        return
    dispatch = Session.dispatch_event
    apply_patch = Session.apply_patch
    report = Session.error

    async def dispatch_event(self: Session, control_id: int, event_name: str,
                             event_data: Any) -> None:
        settle(self)
        control = self._Session__resolve_event_control(control_id)  # as dispatch_event does
        if control is not None and disabled(control):
            log.warning("Dropped a '%s' event for a disabled control (%s)", event_name,
                        type(control).__name__)
            return
        await dispatch(self, control_id, event_name, event_data)

    def patched(self: Session, control_id: int, patch: dict[str, Any]) -> None:
        settle(self)  # the value lands on the control as the page shows it now
        apply_patch(self, control_id, patch)

    def error(self: Session, message: str) -> None:
        log.error("Session %s crashed: %s", self.id, message)
        report(self, CRASH_MESSAGE)

    Session.dispatch_event = dispatch_event  # type: ignore[method-assign]
    Session.apply_patch = patched  # type: ignore[method-assign]
    Session.error = error  # type: ignore[method-assign]
    Session._companion_guarded = True  # type: ignore[attr-defined]
