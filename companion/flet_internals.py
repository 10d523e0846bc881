"""The internals of Flet and uvicorn the app relies on, on purpose, and the versions they were
read from.

Each is used where Flet or uvicorn offers no public way to do what the app needs; each was read
in the installed source of the versions in `WRITTEN_FOR`. A new Flet or uvicorn may rename or
rework any of them, and most would fail quietly (a guard that no longer guards), so the app
refuses to start with another version until someone has read these places again and moved
the pins (`mismatch`: `table-companion` checks all three, `table-companion-web build` flet and
flet-web, the offline web app's entry flet).

Flet (flet and flet-web 1.0.5):
- `session/guard.py` replaces four methods of `flet.messaging.session.Session`:
  `dispatch_event` (drop an event for a disabled control, which Flet dispatches anyway; handle
  events in the order read), `apply_patch` (drop props only the server sets; queue a page's value
  so it is applied after the events read before it, see `docs/flet-message-order.md`),
  `apply_page_patch` (the same filter on the page's own values) and `error` (no traceback sent
  to the page). Inside them it reads the name-mangled privates `Session.__pending_updates` (the
  components waiting for Flet's re-render task, rendered at once by `settle`),
  `Session.__resolve_event_control` and `Session.__page`, and it relies on how
  `flet_web.fastapi.flet_app` reads a socket: UPDATE_CONTROL_PROPS applied as read, each event
  dispatched in a task of its own. `SERVER_OWNED` names Flet's control fields the page must not
  set; `_`-prefixed fields (`_i`, `_c`, ...) are Flet's own.
- `session/shapes.py` (called by the guard before an event is dispatched and as a value is
  applied) mirrors how Flet 1.0.5 makes an event (`BaseControl._trigger_event`: a map becomes
  the event type `flet.controls.control_event.get_event_field_type` finds, anything else a plain
  `ControlEvent`; `from_dict` reads a field from the key in its `data_field` metadata, else its
  name, and lets the page's map name `control` and `name`) and applies a value
  (`flet.utils.object_model.patch_dataclass`: a map patches a record that exists, else makes one
  with `from_dict`), and reads the controls' own annotations. It calls `get_event_field_type`
  and `from_dict`, and `Session.index` to find a value's control. FilePickerFile's `bytes`
  annotation reads `Optional[None]` in 1.0.5 (`CORRECTED`).
- `session/followers.py` draws the other sessions' pages after a change itself, one at a time:
  it runs each page's tasks in a context whose `flet.controls.context._context_page` is that
  page (what `Page.run_task` sets, without leaving it set in the caller's context) and renders
  what they changed with `guard.settle` (`Session.__pending_updates`); it reads
  `page.session.connection.loop` as `Page.run_task` does.
- `session/in_step.py` asks the page a question with `page.session.invoke_method(page._i,
  "get_device_info", ...)`: `_i` is the page's control id, and the answer comes only after
  Flet's client has applied the patches sent before it (the client handles messages in order).
  That order, not the method, is what the app needs: any cheap method would do. The public
  `page.get_device_info()` makes the same call but without a timeout (a silent page would hold
  the question for good) and parses the answer by the platform the page says it runs on.
- `i18n/phrases.py` replaces `ft.Text.before_update` (calling the one it replaces): Flet's
  diff (`flet.controls.object_patch`) calls a control's `_before_update_safe` before it compares
  the control with the one drawn before, so a value changed there is what is compared and sent.
  A Japanese session's texts are so sent with their phrases joined, the same each render.
- `browser.py` (offline web app) replaces the `send_message` attribute of the session's
  connection (`page.session.connection`), so an update leaves only once IndexedDB holds what was
  written before it; `session/follow.py` and `session/in_step.py` take
  `page.session.connection is None` as "the tab is gone, the session not yet expired".
- `app.py` gives the PIN's rate limit (`session/access.py`) the device's `page.client_ip`, which
  `flet_web.fastapi.flet_app` sets from the socket's peer (`server/serve.py` turns off uvicorn's
  proxy headers, and `session/guard.py`'s `SERVER_OWNED` keeps a page from setting it).
- `server/sockets.py` works around a Flet bug: `FletApp.handle` never reaches
  `app_manager.disconnect_session` when the page closes while its send loop is sending, and never
  ends for a socket closed before its session began. It calls `Session.disconnect(grace)` itself,
  reads `Session.expires_at` and `Session.connection` to tell a closed page's session kept for a
  reload, expires one with `disconnect(0)` for Flet's sweep (every 10 s) to close, and learns
  which session a socket carries through a context variable that Flet's session tasks inherit
  from the socket's handler (`attach`, called from `app.py`'s entry and its `page.on_connect`).
  `session/follow.py`'s `let_go` (on `page.on_close`) ends the subscriptions itself because Flet
  unmounts nothing when it closes a session.
- `server/serve.py`'s `sweep_anew` clears Flet's app manager's private
  `_FletAppManager__evict_sessions_task` (and the OAuth one) once it is done or cancelled:
  `FletAppManager.start()` starts its sweep only while that field is None, and `shutdown()`
  cancels the task without clearing it, so a second server in one process (a test's own) never
  expired a closed page's session.
- `server/closes.py` relies on how `FletApp.handle` ends when its page closes while its send
  loop sends (Starlette's `WebSocketDisconnect` out of the handler, and its receive loop's
  warning on `flet_web.fastapi`'s logger with `WebSocketDisconnected`): it logs each as one
  info line instead.
- `widgets/kept.py` and the Caro grid hand Flet the same control object again: Flet's diff
  (`flet.controls.object_patch`) skips a control it has already sent when it is the same object.
- `server/serve.py` builds Flet's ASGI app with `flet_web.fastapi.app(...)` (what `ft.run` does
  inside, with no way to wrap it) and serves an index.html made from flet-web's own (found with
  `flet_web.get_package_web_dir()`) with a script put before its `</head>`; Flet fills its
  settings into an index.html found among the assets. `server/csp.py` hashes the inline scripts
  Flet writes there. `server/own_origin.py` rewrites the client builds `main.dart.js` and
  `main.dart.wasm`, which must hold Rive's CDN URL exactly once (`ClientChanged` otherwise).
- `web_build.py` uses `flet_web.patch_index.patch_index_html` and `patch_font_manifest_json`,
  `flet.controls.types.RouteUrlStrategy` and `WebRenderer`, and the layout of flet-web's `web/`
  folder (`pyodide/pyodide-lock.json`, the client builds, what it leaves out).

uvicorn (0.55.0):
- `server/serve.py` subclasses `uvicorn.Server` and overrides `capture_signals`, the context
  manager `Server.serve` runs inside: uvicorn's re-raises the signal it stopped for once it has
  shut down, which kills the process before `cli.main` closes the store; ours installs
  `Server.handle_exit` for SIGINT and SIGTERM and returns. It also names the WebSocket
  implementation `ws="websockets-sansio"`, as `ft.run` does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

# What the places above were read from: distribution name -> version.
WRITTEN_FOR = {"flet": "1.0.5", "flet-web": "1.0.5", "uvicorn": "0.55.0"}
SERVED = ("flet", "flet-web", "uvicorn")  # what `table-companion` runs on
IN_BROWSER = ("flet",)  # what the offline web app runs on (no server of its own)


def installed(name: str) -> str | None:
    """The installed version of the distribution `name`, or None when it is not installed."""
    from importlib import metadata  # not at the web app's start (see `reported`)

    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


def reported(name: str) -> str | None:
    """The version flet says it is (`flet.version`, loaded with flet itself), else `installed`:
    the offline web app checks with it, so its start reads no package metadata."""
    if name != "flet":
        return installed(name)
    from flet.version import flet_version

    return flet_version or None


def mismatch(names: Iterable[str] = SERVED,
             version_of: Callable[[str], str | None] | None = None) -> str | None:
    """One line naming each distribution of `names` installed at another version than the one
    the app was written for, or not installed; None when all match. `version_of` reads a
    version (default: `installed`)."""
    version_of = version_of or installed
    names = tuple(names)
    wrong = [name for name in names if version_of(name) != WRITTEN_FOR[name]]
    if not wrong:
        return None
    found = ", ".join(f"{name} {version_of(name) or 'not installed'}" for name in wrong)
    return (f"this Table Companion relies on internals of "
            f"{', '.join(f'{n} {WRITTEN_FOR[n]}' for n in names)} "
            f"(companion/flet_internals.py), but found {found}; "
            f"pip install {' '.join(f'{n}=={WRITTEN_FOR[n]}' for n in wrong)}")
