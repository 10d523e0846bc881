"""Times as a person at the table reads them (the store keeps them as aware UTC datetimes), in
the session's language and the viewer's own time zone (companion/i18n: CLDR's dates through
Babel; no month names of our own)."""

from __future__ import annotations

import weakref
from datetime import UTC, datetime

from companion.i18n import _, ngettext, voice
from companion.i18n.catalog import Voice


def ago(moment: datetime, now: datetime | None = None) -> str:
    """'just now', '5 min ago', '3 h ago', 'yesterday', or the date.

    >>> from datetime import timedelta
    >>> now = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
    >>> ago(now - timedelta(minutes=5), now), ago(now - timedelta(hours=30), now)
    ('5 min ago', 'yesterday')
    """
    now = now or datetime.now(UTC)
    seconds = (now - moment).total_seconds()
    if seconds < 60:
        return _("just now")
    if seconds < 3600:
        n = int(seconds // 60)
        return ngettext("{n} min ago", "{n} min ago", n).format(n=voice().number(n))
    if seconds < 86400:
        n = int(seconds // 3600)
        return ngettext("{n} h ago", "{n} h ago", n).format(n=voice().number(n))
    if seconds < 2 * 86400:
        return _("yesterday")
    return voice().date(moment)


def day(moment: datetime) -> str:
    """The viewer's local date and time, e.g. '29 Nov 2026, 19:32' ('29. Nov. 2026, 19:32')."""
    return voice().date_time(moment)


# Each language's lengths said so far, by minutes (and History's line around them, by its
# message): History says one for each of its rows, and matches last a few hundred different
# minutes (bench/match_length.py). A voice is replaced, not changed, when a session switches
# language, so its words go with it.
_LASTED: weakref.WeakKeyDictionary[Voice, dict[int | str, str]] = weakref.WeakKeyDictionary()
LASTED_KEPT = 2_000  # lengths kept a voice (a week of minutes is 10,080)
_LINE = "line"


def lasted(seconds: float) -> str:
    """How long a match was played, to the minute: 'under 1 min', '42 min', '1 h 05 min'.

    >>> lasted(20), lasted(42 * 60 + 50), lasted(3900)
    ('under 1 min', '42 min', '1 h 05 min')
    """
    return _lasted_in(_LASTED.setdefault(voice(), {}), int(seconds // 60))


def _lasted_in(said: dict[int | str, str], minutes: int) -> str:
    text = said.get(minutes)
    if text is None:
        text = _lasted(minutes)
        if len(said) < LASTED_KEPT:
            said[minutes] = text
    return text


def _lasted(minutes: int) -> str:
    if minutes < 1:
        return _("under 1 min")
    if minutes < 60:
        return ngettext("{n} min", "{n} min", minutes).format(n=voice().number(minutes))
    hours, rest = divmod(minutes, 60)
    return ngettext("{n} h {minutes} min", "{n} h {minutes} min", hours).format(
        n=voice().number(hours), minutes=f"{rest:02d}")


def day_and_length(moment: datetime, played_for: float | None) -> str:
    """History's line of a match: its `day`, and how long it was played where that is known
    ('29 Nov 2026, 19:32 · 42 min').

    >>> day_and_length(datetime(2026, 11, 29, 19, 32, tzinfo=UTC), 2520).endswith(" · 42 min")
    True
    """
    speaking = voice()
    if played_for is None:
        return speaking.date_time(moment)
    said = _LASTED.setdefault(speaking, {})
    line = said.get(_LINE)
    if line is None:
        line = said[_LINE] = _("{day} · {length}")
    return line.format(day=speaking.date_time(moment),
                       length=_lasted_in(said, int(played_for // 60)))
