"""Every earlier file format brought to today's, as it is read: `migrate(tables)`.

The store has written these formats (a fixture of each: tests/storage/fixtures/):

- schema 1, first store: a match file holds `created`, `updated`, `status`, `winners`,
  `standings` as (name, English text) pairs, `events`; the index the same, with `stat`,
  `events_count` and `fingerprint`;
- schema 1 with `scores` (the final scores), then `redo` (the actions Redo applies again), then
  `played`, `at`, `redo_at` (when each action was taken), then `won_by` (who won as the
  standings name them) and the index's `variant` in English words;
- schema 2: values only: standings rows [name, value, unit, more] with the engine's
  unit and second figure as data, the index's variant as data.

A schema 1 match file is replayed once (its English standings cannot be read back into values;
its events can): status, winners, won_by, standings and scores come from the match its events
make, missing times and redo are those the store gave such files (storage/played.py `legacy`).
A file whose events do not replay keeps no standings, so that loading it reports the replay,
as before. A schema 1 index entry is marked out of date: the store reads its match file again
(once; the index is then written in today's format). The files on disk are rewritten in today's
format at their next save, not when read: an older version can still open a file it wrote until
then. A file of a newer schema is refused before this is reached (storage/atomic.py).
"""

from __future__ import annotations

import logging
from typing import Any

import scoring
from scoring.said import to_data
from storage.atomic import SCHEMA, Tables
from storage.errors import DamagedFileError
from storage.index import (
    INDEX_TABLE,
    MATCH_TABLE,
    STATUSES,
    _time,
    final_scores,
    outcome,
    placings,
    placings_doc,
    standings_doc,
    won_by,
)
from storage.played import from_doc

log = logging.getLogger("storage")

STALE = [-1, -1]  # an index entry's stat no file has: its match file is read again


def schema_of(tables: Tables) -> int:
    """The schema a file's tables carry (decode has checked it is a whole number >= 1)."""
    return int(tables["meta"]["1"]["schema"])


def migrate(tables: Tables) -> Tables:
    """A match file's or the index's tables, of any schema this code knows, in today's format
    (the same tables when they are in it already). Never raises for odd content: what does not
    migrate is left for the file's check to report."""
    schema = schema_of(tables)
    if schema >= SCHEMA:
        return tables
    out: Tables = {**tables, "meta": {"1": {"schema": SCHEMA}}}
    match = tables.get(MATCH_TABLE)
    if isinstance(match, dict):
        out[MATCH_TABLE] = {key: migrate_match(doc) for key, doc in match.items()}
    index = tables.get(INDEX_TABLE)
    if isinstance(index, dict):
        out[INDEX_TABLE] = {mid: migrate_entry(doc) for mid, doc in index.items()}
    return out


def migrate_entry(doc: dict[str, Any]) -> dict[str, Any]:
    """A schema 1 index entry: its text standings and words dropped, marked out of date."""
    return {**doc, "standings": [], "variant": "", "stat": list(STALE)}


def migrate_match(doc: dict[str, Any]) -> dict[str, Any]:
    """A schema 1 match file's document in schema 2 (see the module's words)."""
    fixed = {**doc, "standings": []}
    events = doc.get("events")
    if not (isinstance(events, list) and events and all(isinstance(e, dict) for e in events)):
        return fixed  # no match: the check says so
    fixed["redo"] = doc.get("redo") or []
    try:
        created, updated = _time(doc.get("created"), "created"), _time(doc.get("updated"),
                                                                     "updated")
    except DamagedFileError:
        pass  # the check says so
    else:
        times = from_doc(fixed, created, updated)
        fixed.update(played=times.played, at=list(times.at), redo_at=list(times.redo_at),
                     **({} if times.dated else {"untimed": True}))
    if events[0].get("game") not in scoring.GAMES:
        return fixed  # loading it says the game is unknown
    try:
        match = scoring.replay(events)
    except Exception:  # loading it reports the replay, as for a file of today's format
        log.debug("A schema 1 match file does not replay; migrated without standings",
                  exc_info=True)
        return fixed
    status, winners, standings = outcome(match)
    if doc.get("status") in STATUSES and doc.get("status") != status:
        log.warning("A schema 1 match file said %r, its events %r", doc.get("status"), status)
    fixed.update(
        status=status,
        winners=winners,
        won_by=[to_data(w) for w in won_by(match, winners)],
        standings=standings_doc(standings),
        scores=[list(row) for row in final_scores(match)],
        placings=placings_doc(placings(match)),
    )
    return fixed
