"""When each action of a match was taken, so a match is dated by when it was played.

The store keeps one time per event in effect (`at`) and one per action Redo would apply again
(`redo_at`), beside the events in the match file. `scoring` has no clock, so the times are worked
out here by comparing the events a save hands over with those saved before: events kept keep their
time, an undone action takes its time to the redo list, a redone one brings it back, and only a
new action gets the time of the save. So Undo and Redo in an old match never move its date.

Files written before times were kept have none: their first event is dated `created` and every
other one `updated`, which is what the lists showed for them until then.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
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

    @property
    def played(self) -> str:
        """When the match was last played: the time of its last action in effect."""
        return self.at[-1]

    def moments(self) -> list[datetime]:
        return [datetime.fromisoformat(t) for t in self.at]


def _iso(moment: datetime) -> str:
    return moment.isoformat(timespec="microseconds")


def legacy(events: list[dict[str, Any]], redo: list[dict[str, Any]], created: datetime,
           updated: datetime) -> Times:
    """Times for a match whose file kept none (or a new match made from many events at once,
    as an import does): the settings at `created`, every action at `updated`."""
    rest = _iso(updated)
    at = ((_iso(created),) + (rest,) * (len(events) - 1)) if events else ()
    return Times(tuple(event_key(e) for e in events), at,
                 tuple(event_key(e) for e in redo), (rest,) * len(redo))


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
        times = Times(times.keys, tuple(at), times.redo_keys, times.redo_at)
    if _valid(redo_at, len(redo)):
        times = Times(times.keys, times.at, times.redo_keys, tuple(redo_at))
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

    def take(key: str) -> str:
        for i, (known, at) in enumerate(pool):
            if known == key:
                del pool[i]
                return at
        return stamp

    at = old.at[:same] + tuple(take(k) for k in keys[same:])
    redo_keys = tuple(event_key(e) for e in redo)
    redo_at = tuple(take(k) for k in redo_keys)
    return Times(keys, at, redo_keys, redo_at)
