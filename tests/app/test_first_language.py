"""A new session's first screen is drawn in the language its page's socket asked for (issue 21's
start cost): the WebSocket handshake's Accept-Language, the browser's own list, so a German
phone's Home is drawn once, in German, not in English and then again once the page has answered
the session's questions. The header is as untrusted as any: only one of the app's four languages
is taken from it, a long or garbled one is not read, and none of it changes anything stored.

A raw Flet client (`tests.support.app.wire`) registers like the web client, with the header a
browser would send, and does not answer the session's questions (a page that says nothing of
itself).
"""

from __future__ import annotations

from companion.i18n.catalog import Voice
from tests.support.app.wire import Wire

GERMAN_HOME = Voice("de").gettext("New match")  # Home's button, "Neue Partie"


def frames_until(wire: Wire, text: str) -> list[bytes]:
    """The raw frames the server sent up to the first that carries `text` (all, if none)."""
    wire.read_for(lambda action, body: text.encode() in wire.raw[-1], timeout=10)
    for count, frame in enumerate(wire.raw, 1):
        if text.encode() in frame:
            return wire.raw[:count]
    return wire.raw


def test_a_german_browsers_first_screen_is_german_and_english_is_never_drawn(app) -> None:
    wire = Wire(app.port, "/", headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.8"})
    sent = frames_until(wire, GERMAN_HOME)
    wire.close()
    assert GERMAN_HOME.encode() in sent[-1]
    # Drawn once: no frame up to it holds Home in English.
    assert not any(b"New match" in frame for frame in sent)


def test_the_browsers_first_language_the_app_speaks_is_taken(app) -> None:
    wire = Wire(app.port, "/", headers={"Accept-Language": "fr-FR, ja;q=0.7, de;q=0.5"})
    japanese = Voice("ja").gettext("New match")
    sent = frames_until(wire, japanese)
    wire.close()
    assert japanese.encode() in sent[-1]
    assert not any(b"New match" in frame or GERMAN_HOME.encode() in frame for frame in sent)


def test_a_garbled_or_overlong_header_draws_english(app) -> None:
    for header in ("de" + ",x" * 300,  # over 512 bytes: not read at all
                   "../../etc/passwd;q=1, *, zz-ZZ-1234567890, \u00e9s",
                   ";;;,,,"):
        wire = Wire(app.port, "/", headers={"Accept-Language": header})
        sent = frames_until(wire, "New match")
        wire.close()
        assert b"New match" in sent[-1], header
        assert not any(GERMAN_HOME.encode() in frame for frame in sent), header
