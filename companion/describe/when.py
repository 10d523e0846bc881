"""Times as a person at the table reads them (the store keeps them as aware UTC datetimes)."""

from __future__ import annotations

from datetime import UTC, datetime


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
        return "just now"
    if seconds < 3600:
        return f"{int(seconds // 60)} min ago"
    if seconds < 86400:
        return f"{int(seconds // 3600)} h ago"
    if seconds < 2 * 86400:
        return "yesterday"
    return moment.astimezone().strftime("%d %b %Y")


def day(moment: datetime) -> str:
    """The local date and time, e.g. '29 Nov 2026, 19:32'."""
    return moment.astimezone().strftime("%d %b %Y, %H:%M")
