"""Events and values of the wrong shape from a raw client (issue 35): each is refused before Flet
builds it (companion/session/shapes.py), the session keeps working, nothing on disk changes, and
the app logs one line for each, without a traceback.

A raw Flet client (`tests.app.wire`) opens History, whose Import button's file picker answers
with a `result` event, and Settings and New match, whose fields and radios report their values.
"""

from __future__ import annotations

import hashlib
import math
import time
from pathlib import Path
from typing import Any

import pytest

from companion.session.in_step import REPLY_WAIT
from tests.support.app.crafted import crashes, radios
from tests.support.app.wire import PATCH_CONTROL, Wire

CRAFTED = True  # this module's pages send misshapen messages on purpose (see conftest)

NOT_JSON = "This file is not a Table Companion export"

# The file picker's answers no browser sends: no files, a file without id, wrong types.
PICKER_ANSWERS: list[Any] = [
    None,
    "files",
    [],
    {},
    {"files": None},
    {"files": "a.json"},
    {"files": [{"name": "a.json", "size": 3, "bytes": b"{}"}]},  # no id
    {"files": [{"id": "1", "name": "a.json", "size": 3, "bytes": b"{}"}]},
    {"files": [{"id": 1, "name": 7, "size": 3, "bytes": b"{}"}]},
    {"files": [{"id": 1, "name": "a.json", "size": "3", "bytes": b"{}"}]},
    {"files": [{"id": 1, "name": "a.json", "size": 3, "bytes": "{}"}]},
    {"files": [{"id": 1, "name": "a.json", "size": 3, "bytes": [123, 300]}]},
    {"files": [{"id": 1, "name": "a.json", "size": 3, "path": ["/etc/passwd"]}]},
    {"files": [None]},
    {"files": [], "control": 1},
    {"files": [[[[[[[[[[[[[[[[{"id": 1}]]]]]]]]]]]]]]]]},
]


def on_disk(folder: Path) -> dict[str, str]:
    """Every file under the app's data folder and a hash of its bytes."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def misshapen(app) -> list[str]:
    return [line for line in app.output().splitlines() if "misshapen" in line]


def started(wire: Wire) -> None:
    """Wait until the session speaks a language: its start-up questions are over."""
    assert wire.read_for(lambda action, body: action == PATCH_CONTROL
                         and "locale_configuration" in str(body), timeout=3 * REPLY_WAIT)


def said(wire: Wire, words: str, since: int) -> bool:
    """Whether the server sent `words` after message `since`, waiting for them while it sends
    (a screen may first ask the page something this client leaves unanswered)."""
    while words not in str(wire.received[since:]):
        count = len(wire.received)
        wire.read(until=count + 1, timeout=3 * REPLY_WAIT)
        if len(wire.received) == count:
            return False
    return True


def test_misshapen_file_picker_answers_are_refused_and_the_picker_still_works(app) -> None:
    wire = Wire(app.port, "/history")
    started(wire)
    [picker] = [c for c in wire.controls("FilePicker") if c.get("on_result")]
    disk, logged = on_disk(app.data), len(misshapen(app))
    for answer in PICKER_ANSWERS:
        wire.event(picker["_i"], "result", answer)
    # A well-formed answer after them is read: its file is refused with the app's own sentence.
    before = len(wire.received)
    wire.event(picker["_i"], "result", {"files": [{"id": 1, "name": "notes.json", "size": 8,
                                                   "bytes": b"not json"}]})
    assert said(wire, NOT_JSON, before)
    wire.close()
    assert crashes(wire) == []
    assert on_disk(app.data) == disk
    lines = misshapen(app)[logged:]
    assert len(lines) == len(PICKER_ANSWERS), "\n".join(lines)
    assert all("'result' event for FilePicker" in line for line in lines)
    assert "Traceback" not in app.output() and "AttributeError" not in app.output()


PAGE_EVENTS: list[tuple[str, Any]] = [
    ("route_change", 123),
    ("route_change", {}),
    ("route_change", {"route": 5}),
    ("route_change", {"route": ["/settings"]}),
    ("route_change", {"route": "/settings", "control": 5}),
    ("resize", "wide"),
    ("resize", {"width": "wide", "height": 800}),
    ("resize", {"width": math.nan, "height": 800}),
    ("resize", {"height": 800}),
    ("locale_change", {"locales": "de"}),
    ("locale_change", {"locales": [{"language_code": 5}]}),
    ("keyboard_event", {"key": 5, "shift": "yes"}),
    ("view_pop", {"route": None}),
    ("app_lifecycle_state_change", {"state": "asleep"}),
]


def test_misshapen_page_events_are_refused_and_the_page_still_navigates(app) -> None:
    wire = Wire(app.port, "/")
    started(wire)
    disk, logged = on_disk(app.data), len(misshapen(app))
    for name, data in PAGE_EVENTS:
        wire.event(1, name, data)  # the page is control 1
    # A width no screen has is of the right shape: not believed, and nothing breaks.
    wire.event(1, "resize", {"width": 1e300, "height": 800})
    before = len(wire.received)
    wire.event(1, "route_change", {"route": "/settings"})
    assert said(wire, "Settings", before)
    wire.close()
    assert crashes(wire) == []
    assert on_disk(app.data) == disk
    lines = misshapen(app)[logged:]
    assert len(lines) == len(PAGE_EVENTS), "\n".join(lines)
    assert "Traceback" not in app.output()


def test_values_of_the_wrong_type_are_refused_and_change_nothing(app) -> None:
    wire = Wire(app.port, "/new/caro")
    started(wire)
    [name_field] = [c for c in wire.controls("TextField") if c.get("label") == "Player name"]
    disk, logged = on_disk(app.data), len(misshapen(app))
    wrong = [5, None, ["Ann"], {"text": "Ann"}, True]
    for value in wrong:
        before = len(wire.received)
        wire.event(name_field["_i"], "submit", value=value)
        wire.read(until=before + 1, timeout=1.0)
    assert "Move Ann" not in str(wire.received)  # no player was added from any of them
    before = len(wire.received)
    wire.event(name_field["_i"], "submit", value="Ann")
    assert said(wire, "Move Ann", before)
    wire.close()
    assert crashes(wire) == []
    assert on_disk(app.data) == disk
    lines = misshapen(app)[logged:]
    assert len(lines) == len(wrong), "\n".join(lines)
    assert all("value for TextField" in line for line in lines)


@pytest.mark.parametrize("value", [7, ["dark"], {"v": "dark"}, False])
def test_a_radio_value_of_the_wrong_type_is_refused(app, value: Any) -> None:
    wire = Wire(app.port, "/settings")
    started(wire)
    [themes] = [group for group in wire.controls("RadioGroup")
                if {"light", "dark"} <= {radio.get("value") for radio in radios(group)}]
    disk, logged = on_disk(app.data), len(misshapen(app))
    before = len(wire.received)
    wire.event(themes["_i"], "change", value=value)
    wire.read(until=before + 1, timeout=2.0)
    # A refused value sends nothing back: wait for its log line (written as the server reads
    # the message, which on a busy machine can come after those 2 s), then count.
    for _ in range(150):
        if misshapen(app)[logged:]:
            break
        time.sleep(0.1)
    wire.close()
    assert crashes(wire) == []
    assert "theme_mode" not in str(wire.received[before:])
    assert on_disk(app.data) == disk
    assert len(misshapen(app)[logged:]) == 1
