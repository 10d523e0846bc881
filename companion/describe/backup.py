"""When to ask for a backup: after every 5 matches finished since the last backup (or since the
reminder was put off), or 14 days after it, and only once a match has finished at all.

>>> from storage.index import Summary
>>> from datetime import datetime, timedelta, UTC
>>> t = datetime(2026, 5, 1, tzinfo=UTC)
>>> done = [Summary(f"m{i}", "caro", ("Ann", "Ben"), "finished", t, t, (), (), 9, "f",
...                 played=t + timedelta(hours=i)) for i in range(5)]
>>> finished_since(done, t + timedelta(minutes=30)), due(done, None, None, t)
(4, True)
>>> due(done, t + timedelta(hours=1), None, t + timedelta(days=1))
False
>>> due(done, t + timedelta(hours=1), None, t + timedelta(days=15))
True
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Protocol

EVERY_MATCHES = 5
EVERY_DAYS = 14


class Finished(Protocol):
    status: str
    played_at: datetime


def finished_since(summaries: Iterable[Finished], since: datetime | None) -> int:
    """How many matches finished after `since` (all of them for None)."""
    return sum(1 for s in summaries
               if s.status == "finished" and (since is None or s.played_at > since))


def due(summaries: Iterable[Finished], last_backup: datetime | None,
        put_off: datetime | None, now: datetime) -> bool:
    """Whether Home asks for a backup now: EVERY_MATCHES matches finished since the last backup
    or the reminder put off (the later), or EVERY_DAYS days since then with one new finished
    match at least (never with nothing to back up). Never backed up: counted from the first."""
    summaries = list(summaries)
    since = max((t for t in (last_backup, put_off) if t is not None), default=None)
    fresh = finished_since(summaries, since)
    if fresh == 0:
        return False
    if fresh >= EVERY_MATCHES:
        return True
    if since is None:  # never backed up: 14 days after the first finished match
        first = min(s.played_at for s in summaries if s.status == "finished")
        return now - first >= timedelta(days=EVERY_DAYS)
    return now - since >= timedelta(days=EVERY_DAYS)
