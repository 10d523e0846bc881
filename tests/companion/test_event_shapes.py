"""Events and values checked for shape before Flet builds them (companion/session/shapes.py), on
Flet's own path: what the guard accepts, Flet builds without an error and with each field of its
declared type; what it refuses runs no handler and is logged once, in one line, without a
traceback."""

from __future__ import annotations

import asyncio
import logging
import math
from typing import Any

import flet as ft
import pytest
from flet.messaging.protocol import MessageAction
from flet.utils.from_dict import from_dict
from flet.utils.object_model import patch_dataclass
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.session import shapes
from companion.session.files import PickedUnreadable, read_picked
from companion.session.page_width import PHONE_WIDTH, believed
from tests.support.companion.apart import run_apart
from tests.support.companion.session_guard import session_with

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6)
    | st.binary(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                max_size=3),
    max_leaves=6,
)


def record_of(kind: type, fields: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """Maps holding some of `kind`'s fields (each a plausible value or any JSON) and junk."""
    names = [f.metadata.get("data_field", f.name) for f in kind.__dataclass_fields__.values()
             if f.name not in ("control", "name", "data")]
    plausible = {name: fields.get(name, JSON) | JSON for name in names}
    return st.fixed_dictionaries({}, optional=plausible) | st.dictionaries(
        st.sampled_from(names + ["control", "name", "x"]), JSON, max_size=4)


FILE = st.fixed_dictionaries({"id": st.integers(), "name": st.text(max_size=5),
                              "size": st.integers()},
                             optional={"path": st.none() | st.text(max_size=5),
                                       "bytes": st.none() | st.binary(max_size=4)
                                       | st.lists(st.integers(-1, 300), max_size=3)})
EVENTS: dict[tuple[str, str], st.SearchStrategy[Any]] = {
    ("FilePicker", "result"): record_of(ft.FilePickerResultEvent,
                                        {"files": st.lists(FILE | JSON, max_size=2)}),
    ("Page", "route_change"): record_of(ft.RouteChangeEvent, {"route": st.text(max_size=5)}),
    ("Page", "resize"): record_of(ft.PageResizeEvent, {"width": st.floats(), "height":
                                                       st.integers()}),
    ("Page", "locale_change"): record_of(ft.LocaleChangeEvent, {"locales": st.lists(
        st.fixed_dictionaries({}, optional={"language_code": st.text(max_size=3),
                                            "country_code": st.text(max_size=3)}))}),
    ("Page", "app_lifecycle_state_change"): record_of(
        ft.AppLifecycleStateChangeEvent, {"state": st.sampled_from(["show", "hide", "up"])}),
    ("Column", "scroll"): record_of(ft.OnScrollEvent, {
        "event_type": st.sampled_from(["start", "update", "end", "sideways"]),
        "pixels": st.floats(), "min_scroll_extent": st.floats(),
        "max_scroll_extent": st.floats(), "viewport_dimension": st.floats()}),
}


def controls() -> dict[str, Any]:
    """A page with a file picker and a scrolling column, as the app's screens have them."""
    made: dict[str, Any] = {}

    async def mount() -> None:
        @ft.component
        def Host() -> ft.Control:
            made["FilePicker"] = ft.use_memo(lambda: ft.FilePicker(on_result=print), [])
            return ft.Column([ft.Text("x")], scroll=ft.ScrollMode.ALWAYS, on_scroll=print)

        session, _ = session_with(Host)
        made["Page"] = session.page
        made["Column"] = next(c for c in _every(session.page) if isinstance(c, ft.Column))
        session.page.on_route_change = print
        session.page.on_resize = print
        session.page.on_locale_change = print

    run_apart(mount())
    return made


def _every(control: Any) -> list[Any]:
    from tests.support.companion.tree import every
    return list(every(control))


CONTROLS = controls()


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(EVENTS)).flatmap(
    lambda key: st.tuples(st.just(key), EVENTS[key] | JSON)))
def test_what_the_guard_accepts_flet_builds_with_its_declared_types(case: Any) -> None:
    (kind, name), data = case
    control = CONTROLS[kind]
    why = shapes.event_misfit(control, name, data)
    if why is not None:
        assert isinstance(why, str) and "\n" not in why
        return
    event_type = shapes.event_type(control, name)
    if not isinstance(data, dict):
        return  # only where no handler reads it (a plain event)
    event = from_dict(event_type, {"control": control, "name": name, **data})
    assert event.control is control and event.name == name
    for field in event_type.__dataclass_fields__.values():
        if field.name in ("control", "name", "data"):
            continue
        hint, names = shapes.hints(event_type)[field.name]
        assert shapes.misfit(getattr(event, field.name), hint, names) is None, field.name


VALUES = {ft.TextField: str, ft.RadioGroup: (str, type(None)), ft.Dropdown: (str, type(None)),
          ft.Checkbox: (bool, type(None)), ft.Switch: bool}


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(VALUES, key=lambda k: k.__name__)), JSON)
def test_a_value_the_guard_accepts_is_of_the_controls_type(kind: type, value: Any) -> None:
    control = kind(content=ft.Column()) if kind is ft.RadioGroup else kind()
    if shapes.patch_misfit(control, {"value": value}) is None:
        patch_dataclass(control, {"value": value})
        assert isinstance(control.value, VALUES[kind])


def test_a_misshapen_event_runs_nothing_and_is_logged_once_without_a_traceback(caplog) -> None:
    seen: list[Any] = []

    async def attack() -> list[Any]:
        @ft.component
        def Host() -> ft.Control:
            picker = ft.use_memo(lambda: ft.FilePicker(on_result=lambda e: seen.append(e.files)),
                                 [])
            return ft.Column([ft.Text("x")], data=picker, scroll=ft.ScrollMode.ALWAYS,
                             on_scroll=lambda e: seen.append(e.pixels))

        session, wire = session_with(Host)
        column = next(c for c in _every(session.page) if isinstance(c, ft.Column))
        picker = column.data
        session.page.services.append(picker)
        session.page.update()
        for data in (None, {}, {"files": [{"name": "a"}]}, {"files": [{"id": "1", "name": "a",
                                                                       "size": 1}]}):
            await session.dispatch_event(picker._i, "result", data)
        for data in ({"event_type": "sideways"}, {"event_type": "end", "pixels": "far",
                                                  "min_scroll_extent": 0,
                                                  "max_scroll_extent": 1,
                                                  "viewport_dimension": 1}):
            await session.dispatch_event(column._i, "scroll", data)
        await session.dispatch_event(picker._i, "result", {"files": []})
        await session.dispatch_event(column._i, "scroll", {
            "event_type": "end", "pixels": 5.0, "min_scroll_extent": 0.0,
            "max_scroll_extent": math.inf, "viewport_dimension": 100})
        await asyncio.sleep(0.05)
        return wire.sent

    with caplog.at_level(logging.WARNING):
        sent = run_apart(attack())
    assert seen == [[], 5.0]  # only the well-formed two ran
    assert not [m for m in sent if m.action == MessageAction.SESSION_CRASHED]
    refused = [r for r in caplog.records if "misshapen" in r.getMessage()]
    assert len(refused) == 6
    assert all(r.exc_info is None and "\n" not in r.getMessage() for r in refused)
    assert "Traceback" not in caplog.text


def test_a_width_no_screen_has_is_not_believed() -> None:
    for width in (None, "412", True, -1, 0, math.nan, math.inf, 1e300, [412]):
        assert believed(width) == PHONE_WIDTH
    assert believed(390) == 390.0 and believed(1280.5) == 1280.5


def test_a_choice_is_one_offered() -> None:
    assert shapes.offered("dark", ["light", "dark"]) == "dark"
    for value in ("purple", None, 1, ["dark"], {"dark": 1}):
        assert shapes.offered(value, ["light", "dark"]) is None


def test_a_picked_file_is_read_only_as_the_shape_it_has() -> None:
    """The handler still reads only what is (the guard refuses the rest before it runs): bytes
    that are no bytes are unreadable, and the file's name is said back quoted."""
    async def pick(**fields: Any) -> Any:
        return await read_picked([ft.FilePickerFile(**{"id": 1, "name": "a.json", "size": 2,
                                                       **fields})])

    assert run_apart(pick(bytes=[123, 125])) == ("a.json", b"{}")
    with pytest.raises(PickedUnreadable):
        run_apart(pick(bytes=[123, 300]))
    with pytest.raises(PickedUnreadable) as error:
        run_apart(pick(name="\u202enosj.exe\x07", path="/etc/passwd"))
    assert "\u2068\ufffdnosj.exe\ufffd\u2069" in str(error.value)
    assert "\u202e" not in str(error.value) and "\x07" not in str(error.value)


def test_a_check_that_fails_lets_the_message_through_and_says_so(caplog) -> None:
    from companion.session.guard import checked

    def broken(*args: Any) -> str | None:
        raise KeyError("a bug of the check")

    with caplog.at_level(logging.ERROR):
        assert checked(broken, None, "click", None) is None
    assert "A shape check failed" in caplog.text


def test_annotations_are_read_as_each_python_keeps_them() -> None:
    # Python 3.14 (the offline web app's Pyodide) makes a class's annotations on demand.
    assert sorted(shapes.hints(ft.FilePickerFile)) == ["bytes", "id", "name", "path", "size"]
    assert shapes.hints(ft.FilePickerFile)["bytes"][0] == bytes | None
    assert "route" in shapes.hints(ft.RouteChangeEvent)
