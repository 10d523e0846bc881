"""When each action of a match was taken, so a match is dated by when it was played.

The store keeps one time per event in effect (`at`) and one per action Redo would apply again
(`redo_at`), beside the events in the match file. `scoring` has no clock, so the times are worked
out here by comparing the events a save hands over with those saved before: events kept keep their
time, an undone action takes its time to the redo list, a redone one brings it back, and only a
new action gets the time of the save. So Undo and Redo in an old match never move its date.

Files written before times were kept have none: their first event is dated `created` and every
other one `updated`, which is what the lists showed for them until then. Such times date a
match but cannot time it: `Times.dated` says whether they can (a file keeps `"untimed": true`
where it holds such times), and `played_for` is how long a
match was played, from the times of its actions less its pauses (worked out, never stored).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

MAX_TIMES = 100_000  # a match file's time lists are read only up to a sane length


def event_key(event: dict[str, Any]) -> str:
    """A digest of an event's canonical text, to tell whether two saves hold the same action
    (short, so the times of many open matches take little memory)."""
    text = json.dumps(event, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.blake2b(text.encode("utf-8"), digest_size=12).hexdigest()


@dataclass(frozen=True)
class Times:
    """The events (as keys) and redo actions of a saved match, each with when it was taken."""

    keys: tuple[str, ...]
    at: tuple[str, ...]  # ISO times, one per event in effect
    redo_keys: tuple[str, ...]
    redo_at: tuple[str, ...]
    # Every action in effect has the time it was taken (not a file's `updated` standing in for
    # the times it did not keep): the match can be timed.
    dated: bool = True

    @property
    def played(self) -> str:
        """When the match was last played: the time of its last action in effect."""
        return self.at[-1]

    def moments(self) -> list[datetime]:
        return [datetime.fromisoformat(t) for t in self.at]

    def played_for(self, events: Sequence[dict[str, Any]]) -> float | None:
        """`played_for` of `events` (the events these times are of) by these times; None when
        they cannot time it (see `dated`)."""
        return played_for(events, self.moments()) if self.dated else None


def played_for(events: Sequence[dict[str, Any]], moments: Sequence[datetime]) -> float | None:
    """How long a match was played, in seconds: from its first action to its last, less the
    time from each pause to the action after it (a resume, or the game's next action; a pause
    that is the last action has lasted nothing yet). `moments[n]` is when `events[n]` was taken
    (event 0 holds the settings); None when they are not one each. A clock set back counts no
    time backwards.

    >>> from datetime import UTC
    >>> at = [datetime(2025, 5, 1, 20, m, tzinfo=UTC) for m in (0, 1, 10, 30, 31, 40)]
    >>> kinds = ["setup", "lay", "pause", "resume", "lay", "lay"]
    >>> played_for([{"type": k} for k in kinds], at) / 60  # 39 minutes less a 20 minute pause
    19.0
    """
    if len(moments) != len(events):
        return None
    if len(events) < 2:
        return 0.0
    total = (moments[-1] - moments[1]).total_seconds()
    for n in range(1, len(events) - 1):
        if events[n].get("type") == "pause":
            total -= max((moments[n + 1] - moments[n]).total_seconds(), 0.0)
    return max(total, 0.0)


def _iso(moment: datetime) -> str:
    return moment.isoformat(timespec="microseconds")


def legacy(events: list[dict[str, Any]], redo: list[dict[str, Any]], created: datetime,
           updated: datetime) -> Times:
    """Times for a match whose file kept none (or a new match made from many events at once,
    as an import does): the settings at `created`, every action at `updated`."""
    rest = _iso(updated)
    at = ((_iso(created),) + (rest,) * (len(events) - 1)) if events else ()
    return Times(tuple(event_key(e) for e in events), at,
                 tuple(event_key(e) for e in redo), (rest,) * len(redo),
                 dated=len(events) <= 1 and not redo)


def _valid(value: Any, count: int) -> bool:
    if not isinstance(value, list) or len(value) != count or count > MAX_TIMES:
        return False
    try:
        return all(datetime.fromisoformat(t).tzinfo is not None for t in value)
    except (TypeError, ValueError):
        return False


def from_doc(doc: dict[str, Any], created: datetime, updated: datetime) -> Times:
    """The times a match file holds; those of `legacy` where they are missing or malformed
    (a damaged time list costs only the dates, never the match)."""
    events, redo = doc["events"], doc.get("redo") or []
    times = legacy(events, redo, created, updated)
    at, redo_at = doc.get("at"), doc.get("redo_at")
    if _valid(at, len(events)):
        # a file says `untimed` where its times stand in for those it never had (an import)
        times = Times(times.keys, tuple(at), times.redo_keys, times.redo_at,
                      dated=doc.get("untimed") is not True)
    if _valid(redo_at, len(redo)):
        times = replace(times, redo_at=tuple(redo_at))
    return times


def carry(old: Times, events: list[dict[str, Any]], redo: list[dict[str, Any]],
          now: datetime) -> Times:
    """The times of a match saved again: kept, undone and redone actions keep theirs, new ones
    are dated `now`."""
    keys = tuple(event_key(e) for e in events)
    same = 0
    while same < min(len(keys), len(old.keys)) and keys[same] == old.keys[same]:
        same += 1
    # Actions that left the events (undone) or wait on the redo list, with their times.
    pool = (list(zip(old.keys[same:], old.at[same:], strict=True))
            + list(zip(old.redo_keys, old.redo_at, strict=True)))
    stamp = _iso(now)
    undated = False  # an action kept with a time that stood in for one not kept

    def take(key: str) -> str:
        nonlocal undated
        for i, (known, at) in enumerate(pool):
            if known == key:
                del pool[i]
                undated = undated or not old.dated
                return at
        return stamp

    at = old.at[:same] + tuple(take(k) for k in keys[same:])
    redo_keys = tuple(event_key(e) for e in redo)
    redo_at = tuple(take(k) for k in redo_keys)
    dated = old.dated or (same <= 1 and not undated)
    return Times(keys, at, redo_keys, redo_at, dated=dated)
