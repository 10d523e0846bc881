"""Times as a person at the table reads them."""

from __future__ import annotations

from datetime import UTC, datetime


def ago(moment: datetime | float | str, now: datetime | None = None) -> str:
    """'just now', '5 min ago', '3 h ago', 'yesterday', or the date."""
    stamp = _as_datetime(moment)
    now = now or datetime.now(UTC)
    seconds = (now - stamp).total_seconds()
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        return f"{int(seconds // 60)} min ago"
    if seconds < 86400:
        return f"{int(seconds // 3600)} h ago"
    if seconds < 2 * 86400:
        return "yesterday"
    return stamp.astimezone().strftime("%d %b %Y")


def day(moment: datetime | float | str) -> str:
    return _as_datetime(moment).astimezone().strftime("%d %b %Y, %H:%M")


def _as_datetime(moment: datetime | float | str) -> datetime:
    if isinstance(moment, datetime):
        return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    if isinstance(moment, (int, float)):
        return datetime.fromtimestamp(moment, UTC)
    return _as_datetime(datetime.fromisoformat(moment))
