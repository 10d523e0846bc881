"""Crafted messages on the app's WebSocket: disabled controls, bad values, a crash's message.

A raw Flet client (`tests.support.app.wire`) registers like the web client and then sends what no
screen would: a tap on a greyed-out arrow, a theme no radio button has, an event Flet cannot parse.
"""

from __future__ import annotations

import re
from pathlib import Path

from companion.session.in_step import REPLY_WAIT
from tests.support.app.crafted import crashes, radios
from tests.support.app.wire import PATCH_CONTROL, SESSION_CRASHED, Wire

ROOT = str(Path(__file__).resolve().parents[2])
CRAFTED = True  # this module's pages send misshapen messages on purpose (see conftest)


def test_a_route_flet_cannot_read_is_refused_without_a_crash(app) -> None:
    # It crashed the session once (Flet built a plain event, the router read its `route`); now
    # it is refused before Flet builds it (tests/app/test_crafted_shapes.py has the others). What
    # a crash tells the page is tested on Flet's own path: tests/companion/test_session_guard.py.
    wire = Wire(app.port, "/")
    wire.read(until=5)
    wire.event(1, "route_change", 123)  # the page (id 1) with a route Flet cannot read
    # Waited for by name: the session's start-up questions (language, time zone) may come first.
    wire.read_for(lambda action, _: action == SESSION_CRASHED, timeout=2.0)
    wire.close()
    assert crashes(wire) == []
    sent = b"".join(wire.raw).decode("utf-8", "replace")
    assert "Traceback" not in sent and ROOT not in sent and "site-packages" not in sent
    assert not re.search(r'File "/', sent)
    assert "Refused a misshapen 'route_change' event for Page" in app.output()
    assert "Traceback" not in app.output()


def test_a_tap_on_the_greyed_move_down_changes_nothing(app) -> None:
    wire = Wire(app.port, "/new/caro")
    wire.read(until=5)
    [name_field] = [c for c in wire.controls("TextField") if c.get("label") == "Player name"]
    for name in ("Ann", "Ben"):
        wire.event(name_field["_i"], "submit", value=name)
        wire.read(until=len(wire.received) + 1)
    wire.read(until=len(wire.received) + 10, timeout=1.0)
    arrows = {c["icon"]["semantics_label"]: c for c in wire.controls("IconButton")
              if isinstance(c.get("icon"), dict) and "semantics_label" in c["icon"]}
    last_down = arrows["Move Ben down"]
    assert last_down.get("disabled") is True
    before = len(wire.received)
    wire.event(last_down["_i"], "click")
    wire.read(until=before + 1, timeout=2.0)
    wire.close()
    assert crashes(wire) == []
    assert len(wire.received) == before  # no handler ran: nothing on the page changed
    assert "Dropped a 'click' event for a disabled control (IconButton)" in app.output()
    assert "IndexError" not in app.output()


def test_a_theme_no_button_offers_is_refused_and_changes_nothing(app, tmp_path) -> None:
    wire = Wire(app.port, "/settings")
    # The session's start-up is over once it speaks a language (its questions to the page, which
    # this client leaves unanswered, have each waited REPLY_WAIT): nothing of it comes later.
    assert wire.read_for(lambda action, body: action == PATCH_CONTROL
                         and "locale_configuration" in str(body), timeout=3 * REPLY_WAIT)
    [themes] = [group for group in wire.controls("RadioGroup")
                if {"light", "dark"} <= {radio.get("value") for radio in radios(group)}]
    before = len(wire.received)
    wire.event(themes["_i"], "change", value="purple")
    wire.read(until=before + 1, timeout=2.0)
    wire.close()
    assert crashes(wire) == []
    assert [a for a, _ in wire.received[before:] if a != PATCH_CONTROL] == []
    assert "theme_mode" not in str(wire.received[before:])
    assert not (app.data / "preferences.json").exists()  # never written: still the default
