"""The Store: every match in its own small TinyDB file, and an index for the lists.

A data folder holds `matches/<id>.json` (one TinyDB file per match, rewritten atomically on every
save), `index.json` (the summaries, written at open when it was out of date, at close, and now and
then during an import), `store.lock` and, when needed, `damaged/`. A save and a create therefore
cost the same whatever the number of stored matches: each replaces one small file, and a save does
not even read it when the file is still the one this store last wrote (same mtime and size).

While open, the index lives in memory and is the truth for `summaries()`; `updated` moves on
every save. The match files are the truth on disk: at the next open the index is reconciled with
them: a match file whose mtime and size differ from those the index recorded (or that was written
in the same clock tick as the index, when its mtime cannot tell) is re-read, files without an
entry are added, entries without a file dropped. So the summaries are right after a crash too (it
costs one read per match created, saved or deleted since the index was written), and a clean
restart reads no match file at all.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import re
import secrets
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from stat import S_ISREG
from typing import Any

from tinydb import TinyDB

import scoring
from scoring.core import Match
from scoring.names import quotable
from scoring.said import Said, Term, listed, said, to_data
from storage.atomic import (
    FOLDER_MODE,
    SCHEMA,
    AtomicJSONStorage,
    clean_temp_files,
    decode,
    fsync_folder,
)
from storage.errors import (
    NOT_A_FILE,
    DamagedFileError,
    NewerSchemaError,
    StoreClosedError,
    UnknownGameError,
)
from storage.index import (
    INDEX_TABLE,
    MATCH_TABLE,
    STATUSES,
    Stat,
    Summary,
    check_match_file,
    final_scores,
    fingerprint,
    from_index_doc,
    index_doc,
    match_doc,
    outcome,
    placings,
    placings_doc,
    quoted,
    standings_doc,
    summary_from_match_doc,
    variant_of,
    won_by,
)
from storage.lock import FolderLock
from storage.migrate import migrate
from storage.notices import Kind, Notice
from storage.played import Times, carry, from_doc, legacy

# Translators: said at the end of "... it was set aside{result}."
OTHERS_FINE = said("; the other matches are fine")

log = logging.getLogger("storage")

INDEX_NAME = "index.json"
MATCHES = "matches"
DAMAGED = "damaged"
SUFFIX = ".json"
ID = re.compile(r"[0-9a-f]{12}")  # what _new_id makes: safe as a file name
# `create_many` writes the index once this many matches (or a quarter of the store, if more) are
# out of date in it: an import stays linear, and a crash during one costs at most that many reads.
CHECKPOINT = 500
TIMES_KEPT = 256  # matches whose action times stay in memory (storage/played.py)


class Store:
    """The matches in one data folder; safe to share between threads.

    One lock guards what the store keeps in memory. A save whose file is the one this store
    last wrote (the usual case) writes it outside that lock, so the list, the notices and the
    other matches' loads and saves wait for no other match's disk write; the same match's
    load, save and delete wait for it, and so does close.

    >>> import tempfile
    >>> with Store(tempfile.mkdtemp()) as store:
    ...     store.summaries()
    []
    """

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        """Open the data folder, creating it (mode 0o700) if needed.

        Raises `StoreLockedError` if another process or `Store` has it open, and
        `NewerSchemaError` if its index was written by a newer version of the app.
        """
        self._folder = Path(folder).expanduser().absolute()
        self._matches = self._folder / MATCHES
        self._index_path = self._folder / INDEX_NAME
        self._guard = threading.RLock()
        # Ids whose file is being written outside the guard; `_written` is told when one is done.
        self._writing: set[str] = set()
        self._written = threading.Condition(self._guard)
        self._summaries: dict[str, Summary] = {}
        self._stats: dict[str, Stat] = {}
        self._newer: dict[str, NewerSchemaError] = {}  # id -> why it is refused
        self._setups: dict[str, str] = {}  # id -> _setup_key of its file's first event, if known
        self._stale: set[str] = set()  # ids whose entry in index.json is out of date or missing
        self._notices: list[Notice] = []
        # id -> when each action was taken, for the matches created, read or saved lately (at
        # most TIMES_KEPT: an export reads every match); a save of another reads its file.
        self._times: OrderedDict[str, Times] = OrderedDict()
        self._last = datetime.min.replace(tzinfo=UTC)
        self._closed = True
        _make_folder(self._folder)
        self._lock = FolderLock(self._folder)
        self._lock.acquire()
        # A store dropped without close() still frees the folder (the next open reconciles).
        self._release = weakref.finalize(self, self._lock.release)
        try:
            _make_folder(self._matches)
            for where in (self._folder, self._matches):
                for name in clean_temp_files(where):
                    log.info("Removed %s, left by a save that was interrupted", where / name)
            self._open_index()
        except BaseException:
            self._release()
            raise
        # A stored time far ahead (a clock once wrong, an import from before dates were
        # checked, 9999-12-31) is not followed: one microsecond past it could overflow.
        ahead = datetime.now(UTC) + timedelta(days=1)
        self._last = max((s.updated for s in self._summaries.values() if s.updated <= ahead),
                         default=self._last)
        self._closed = False

    # -- the API ---------------------------------------------------------------------------------

    @property
    def folder(self) -> Path:
        """The data folder (absolute)."""
        return self._folder

    def create(
        self,
        match: Match,
        *,
        created: datetime | None = None,
        updated: datetime | None = None,
        mid: str | None = None,
    ) -> str:
        """Persist a new match of any registered game; return its id.

        `created` and `updated` (timezone-aware; now by default) and `mid`, the id wished for,
        are for imports. The wished id is used only if it has the store's own form and no match
        has it, here or on disk: a new match never replaces another. Only the match file is
        written (durably); the index learns of it at close, or at the next open after a crash.
        """
        return self._create([(match, created, updated, mid)])[0]

    def create_many(
        self,
        matches: Iterable[tuple[Match, datetime | None, datetime | None, str | None]],
    ) -> list[str]:
        """`create` for many matches (match, created, updated, wished id), for imports.

        Each match file is written (durably) in turn; the index is written at the end once the
        matches it lacks reach `CHECKPOINT` or a quarter of the store, so that an import costs
        time linear in its size and a crash during it leaves few files for the next open to read.
        If the process dies half way, the next open adds the files already written.
        """
        with self._guard:
            ids = self._create(matches)
            if len(self._stale) >= max(CHECKPOINT, len(self._summaries) // 4):
                self._write_index()
            return ids

    def _create(
        self,
        matches: Iterable[tuple[Match, datetime | None, datetime | None, str | None]],
    ) -> list[str]:
        with self._guard:
            self._check_open()
            todo = list(matches)
            for match, *_ in todo:
                _check_game(match)
            return [self._add(*item) for item in todo]

    def _add(
        self, match: Match, created: datetime | None, updated: datetime | None, wished: str | None
    ) -> str:
        free = (
            isinstance(wished, str)
            and ID.fullmatch(wished) is not None
            and not self._taken(wished)
        )
        mid = wished if free else self._new_id()
        assert mid is not None
        if created is None or updated is None:
            now = self._now()
            created, updated = created or now, updated or now
        for moment in (created, updated):
            if moment.tzinfo is None:
                raise ValueError(f"A match's times must have a time zone, not {moment!r}.")
        times = legacy(match.events, match.redo_events, created.astimezone(UTC),
                       updated.astimezone(UTC))
        summary = _summarise(mid, match, created=created.astimezone(UTC),
                             updated=updated.astimezone(UTC), played=times.played,
                             played_for=times.played_for(match.events))
        stat = self._write_new(mid, _match_doc(summary, match.events, match.redo_events, times))
        self._keep_times(mid, times)
        self._saved(mid, summary, stat, _setup_key(match.events[0]))
        return mid

    def save(self, mid: str, match: Match) -> None:
        """Persist the match's current events; returns once they are safely on disk.

        Call it after every action, undo and redo. The file is replaced without being read when
        it is the one this store last wrote or read (its mtime and size unchanged, its settings
        known); otherwise it is read first, so that a damaged file is moved aside, a newer one
        refused and another match's file never overwritten. The index is not written.
        """
        with self._guard:
            self._check_open()
            self._wait_for(mid)
            old = self._known(mid)
            _check_game(match)
            if match.GAME != old.game:
                raise ValueError(f"Match {mid} is a {old.title} match, not {match.TITLE}.")
            events = match.events
            summary = _summarise(mid, match, created=old.created, updated=old.updated)
            if summary.fingerprint == old.fingerprint:
                return  # these very events are on disk already
            now = self._now()
            redo = match.redo_events
            base = summary

            def dated(before: Times) -> tuple[Times, Summary, dict[str, Any]]:
                """The times, summary and file fields of this save, from the times before it."""
                times = carry(before, events, redo, now)
                dated_summary = dataclasses.replace(
                    base, updated=now, played=datetime.fromisoformat(times.played),
                    played_for=times.played_for(events))
                return times, dated_summary, _match_doc(dated_summary, events, redo, times)

            # The times saved last: kept from a recent load or save, else read from the file
            # where the file is read anyway (below), or here where it would not be.
            before = self._times.get(mid)
            if before is None and self._setups.get(mid) is not None:
                before = self._read_times(mid, old)
            times, summary, fields = dated(before or legacy([], [], old.created, old.updated))
            setup = json.loads(json.dumps(events[0]))
            key = _setup_key(setup)
            if before is None or not self._as_known(mid, key):
                self._overwrite(mid, old, setup, key, before, dated, times, summary, fields)
                return
            # Replaced without being read, outside the guard (see the class docstring).
            self._writing.add(mid)
        stat = None
        try:
            stat = self._write_new(mid, fields)
        finally:
            with self._guard:
                self._writing.discard(mid)
                if stat is not None:
                    self._saved(mid, summary, stat, key)
                    self._keep_times(mid, times)
                self._written.notify_all()

    def _overwrite(self, mid: str, old: Summary, setup: dict[str, Any], key: str,
                   before: Times | None,
                   dated: Callable[[Times], tuple[Times, Summary, dict[str, Any]]],
                   times: Times, summary: Summary, fields: dict[str, Any]) -> None:
        """`save` of a file this store cannot replace unread (changed on disk, or its settings
        not known): read it first, under the guard (held by the caller)."""

        def overwrite(doc: dict[str, Any]) -> None:
            nonlocal times, summary, fields
            if doc["events"][0] != setup:
                raise ValueError(f"This is not match {mid}: its settings differ.")
            if before is None:  # the times the file holds, now that it is read
                times, summary, fields = dated(from_doc(doc, old.created, old.updated))
            doc.pop("untimed", None)  # the fields say it again where it still holds
            doc.update(fields)

        db = _open_db(self._path(mid))
        try:
            db.table(MATCH_TABLE).update(overwrite, doc_ids=[1])
            stat = _stat(db)
        except DamagedFileError as error:
            # Translators: said at the end of "... it was set aside{result}."
            result = said("; the match in play was saved again in its place")
            self._move_aside(self._path(mid), error.reason, _describe(old), result, mid)
            stat = self._write_new(mid, fields)
        except NewerSchemaError as error:
            raise self._refuse_newer(mid, error) from None
        except FileNotFoundError:  # removed by hand while open: the live match has it all
            log.warning("Match file %s was missing; written again from the match", mid)
            stat = self._write_new(mid, fields)
        self._saved(mid, summary, stat, key)
        self._keep_times(mid, times)

    def load(self, mid: str) -> Match:
        """The match, replayed from its events.

        Raises `KeyError` for an unknown id, `DamagedFileError` (after moving the file into
        `damaged/`) if it cannot be read or its events do not replay, `NewerSchemaError` for a
        file of a newer version and `UnknownGameError` for a game that is not registered.
        """
        with self._guard:
            self._check_open()
            self._wait_for(mid)
            old = self._known(mid)
            try:
                doc = _open_db(self._path(mid)).table(MATCH_TABLE).get(doc_id=1)
            except DamagedFileError as error:
                raise self._damaged(mid, error.reason) from None
            except NewerSchemaError as error:
                raise self._refuse_newer(mid, error) from None
            except FileNotFoundError:
                log.warning("Match file %s disappeared; dropped from the list", mid)
                self._forget(mid)
                raise KeyError(mid) from None
            assert doc is not None  # the check made sure the file holds one
            events = doc["events"]
            self._setups[mid] = _setup_key(events[0])
            game = events[0]["game"]
            if game not in scoring.GAMES:
                raise UnknownGameError(said(
                    "Match {id} is of the game {game}, which this version of Table Companion "
                    "does not know; its file is kept as it is.", id=quotable(mid),
                    game=quoted(game)))
            try:
                match = scoring.replay(events)
            except Exception as error:  # a rule refusal or an event a handler cannot even read
                log.debug("Replay of %s failed", mid, exc_info=True)
                raise self._damaged(mid, said(
                    "its events do not replay: {error}",
                    error=getattr(error, "said", None) or str(error))) from error
            try:  # files written before Redo was kept have none; a bad list only loses Redo
                match.restore_redo(doc.get("redo") or [])
            except Exception as error:
                log.warning("Match %s: its actions to redo do not apply (%s); dropped", mid, error)
            times = from_doc(doc, old.created, old.updated)
            if len(match.redo_events) != len(times.redo_keys):  # the redo list was dropped
                times = dataclasses.replace(times, redo_keys=(), redo_at=())
            self._keep_times(mid, times)
            fresh = _summarise(mid, match, created=old.created, updated=old.updated,
                               played=datetime.fromisoformat(times.played),
                               played_for=times.played_for(events))
            # the counts and fingerprint describe the file, which the replay did not change
            fresh = dataclasses.replace(
                fresh, events_count=old.events_count, fingerprint=old.fingerprint
            )
            if fresh != old:  # e.g. standings of a game that learned to give them
                self._summaries[mid] = fresh
                self._stale.add(mid)
            return match

    def action_times(self, mid: str) -> list[datetime]:
        """When each event in effect of a match was taken (the first: when it was set up), as
        of its last `load`, `create` or `save` here; [] if none of them was done in this run."""
        with self._guard:
            times = self._times.get(mid)
            return times.moments() if times is not None else []

    def summary(self, mid: str) -> Summary:
        """One match's summary as `summaries` lists it (`KeyError` for an unknown id), without
        sorting them all: for a screen of one match (the Big scoreboard's length)."""
        with self._guard:
            self._check_open()
            return self._known(mid)

    def summaries(self, status: str | None = None) -> list[Summary]:
        """The matches, most recently played first (`Summary.played_at`: Undo and Redo in an old
        match leave it where it was); `status` "active" or "finished" filters."""
        if status is not None and status not in STATUSES:
            raise ValueError(f"status must be 'active', 'finished' or None, not {status!r}")
        with self._guard:
            self._check_open()
            found = [s for s in self._summaries.values() if status in (None, s.status)]
        return sorted(found, key=lambda s: (s.played_at, s.updated, s.id), reverse=True)

    def delete(self, mid: str) -> None:
        """Remove a match for good."""
        with self._guard:
            self._check_open()
            self._wait_for(mid)
            self._known(mid)
            try:
                os.unlink(self._path(mid))
            except FileNotFoundError:
                pass
            fsync_folder(self._matches)
            self._forget(mid)

    def find_fingerprint(self, fp: str) -> str | None:
        """The id of the most recently updated match whose events have this fingerprint.

        For imports: `store.find_fingerprint(storage.fingerprint(events))` tells whether those
        very events are stored already.
        """
        with self._guard:
            self._check_open()
            found = [s for s in self._summaries.values() if s.fingerprint == fp]
        return max(found, key=lambda s: (s.updated, s.id)).id if found else None

    @property
    def notices(self) -> list[Notice]:
        """Files moved aside or refused since the store opened, for the app to put into words
        (the path only for whoever may see the data folder: see `Notice.said`)."""
        with self._guard:
            return list(self._notices)

    def dismiss_notices(self, notices: Iterable[Notice] | None = None) -> None:
        """Forget the given notices (those a screen showed), or all of them."""
        with self._guard:
            if notices is None:
                self._notices.clear()
            else:
                gone = set(notices)
                self._notices = [n for n in self._notices if n not in gone]

    def close(self) -> None:
        """Write the index (so the next start reads no match file) and release the folder."""
        with self._guard:
            if self._closed:
                return
            self._closed = True
            while self._writing:  # saves under way finish before the index and the folder go
                self._written.wait()
            try:
                self._write_index()
            finally:
                self._release()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self._closed else f"{len(self._summaries)} matches"
        return f"Store({str(self._folder)!r}, {state})"

    # -- opening ---------------------------------------------------------------------------------

    def _open_index(self) -> None:
        entries: dict[str, tuple[Summary, Stat]] = {}
        index_mtime = 0
        rewrite = True
        try:
            tables = AtomicJSONStorage(self._index_path, upgrade=migrate).read()
        except DamagedFileError as error:
            self._move_aside(
                self._index_path,
                error.reason,
                said("The list of matches (index.json)"),
                # Translators: said at the end of "... it was set aside{result}."
                said("; the list was rebuilt from the match files"),
            )
            tables = None
        except NewerSchemaError as error:
            log.error("%s: %s", self._index_path, error)
            raise NewerSchemaError(
                f"The data folder {self._folder} was written by a newer version of Table "
                f"Companion ({error}). Update Table Companion to open it; nothing was changed.",
                version=error.version,
            ) from None
        if tables is not None:
            index_mtime = os.stat(self._index_path).st_mtime_ns
            rewrite = False
            for mid, doc in tables.get(INDEX_TABLE, {}).items():
                try:
                    entries[mid] = from_index_doc(mid, doc)
                except DamagedFileError as error:
                    log.warning("%s; its match file is read instead", error)
        with os.scandir(self._matches) as found:
            files = [
                (f.name[: -len(SUFFIX)], f)
                for f in found
                # a folder in a match file's place is reported as damage, not skipped
                if f.name.endswith(SUFFIX) and not f.name.startswith(".")
                and (f.is_file() or f.is_dir())
            ]
        for mid, entry in files:
            st = entry.stat()
            stat = (st.st_mtime_ns, st.st_size)
            known = entries.pop(mid, None)
            # Trust the entry only if the file is as recorded and was written in an earlier clock
            # tick than the index: a later rewrite in the same tick could keep mtime and size.
            if known is not None and known[1] == stat and stat[0] < index_mtime:
                self._summaries[mid], self._stats[mid] = known
            else:
                rewrite = True
                self._read_summary(mid, known[0] if known else None)
        for mid, (summary, _) in entries.items():
            rewrite = True
            log.warning("The file of %s (%s) is gone; dropped from the list", mid, summary.game)
        if rewrite:
            self._write_index()

    def _read_summary(self, mid: str, known: Summary | None) -> None:
        path = self._path(mid)
        try:
            with open(path, "rb") as handle:
                raw = handle.read()
                st = os.fstat(handle.fileno())
            summary = summary_from_match_doc(mid, match_doc(decode(raw, check_match_file, migrate)))
        except (DamagedFileError, IsADirectoryError) as error:
            reason = getattr(error, "reason", NOT_A_FILE)
            self._move_aside(path, reason,
                             _describe(known) if known
                             else said("The match {id}", id=quotable(mid)),
                             mid=mid)
            return
        except NewerSchemaError as error:
            self._refuse_newer(mid, error)
            return
        self._summaries[mid], self._stats[mid] = summary, (st.st_mtime_ns, st.st_size)

    # -- files -----------------------------------------------------------------------------------

    def _path(self, mid: str) -> Path:
        return self._matches / f"{mid}{SUFFIX}"

    def _write_new(self, mid: str, doc: dict[str, Any]) -> Stat:
        """Write a whole match file (a new match, or one written again from the live match)."""
        storage = AtomicJSONStorage(self._path(mid))
        storage.write({MATCH_TABLE: {"1": doc}})
        return _stat(storage)

    def _as_known(self, mid: str, key: str) -> bool:
        """May the match file be replaced without being read: is it still the one this store
        last wrote or read (a regular file of the recorded mtime and size, whose settings are
        known)? False when that cannot be told (the file changed, is gone, or its settings are
        unknown since it was trusted from the index): the caller then reads it first.
        """
        known = self._setups.get(mid)
        if known is None:
            return False
        try:
            st = os.stat(self._path(mid))
        except OSError:
            return False
        if not S_ISREG(st.st_mode) or (st.st_mtime_ns, st.st_size) != self._stats.get(mid):
            return False
        if key != known:
            raise ValueError(f"This is not match {mid}: its settings differ.")
        return True

    def _wait_for(self, mid: str) -> None:
        """Wait (the guard held, and let go while waiting) until no save writes `mid`'s file."""
        while mid in self._writing:
            self._written.wait()

    def _saved(self, mid: str, summary: Summary, stat: Stat, key: str) -> None:
        """Record a match file just written whole: its summary, stat and settings."""
        self._summaries[mid], self._stats[mid] = summary, stat
        self._setups[mid] = key
        self._stale.add(mid)

    def _write_index(self) -> None:
        """Write the summaries whole; a failure is logged, the next write or open repairs it."""
        tables = {
            INDEX_TABLE: {mid: index_doc(s, self._stats[mid]) for mid, s in self._summaries.items()}
        }
        try:
            AtomicJSONStorage(self._index_path).write(tables)
        except OSError:
            log.exception("Could not write %s; the match files are safe", self._index_path)
        else:
            self._stale.clear()

    def _keep_times(self, mid: str, times: Times) -> None:
        self._times[mid] = times
        self._times.move_to_end(mid)
        while len(self._times) > TIMES_KEPT:
            self._times.popitem(last=False)

    def _read_times(self, mid: str, old: Summary) -> Times:
        """The times in a match's file, for a save of a match whose times were not kept; those
        of a file without times if it cannot be read (the save then deals with the file)."""
        try:
            doc = _open_db(self._path(mid)).table(MATCH_TABLE).get(doc_id=1)
            if isinstance(doc, dict):
                return from_doc(doc, old.created, old.updated)
        except Exception:  # damaged, newer or gone: save() reads it again and says so
            log.debug("Times of %s could not be read", mid, exc_info=True)
        return legacy([], [], old.created, old.updated)

    def _forget(self, mid: str) -> None:
        """Drop a match from the list; index.json keeps it until its next write, and the next
        open drops it too, since its file is gone (or moved aside, or refused)."""
        self._summaries.pop(mid, None)
        self._stats.pop(mid, None)
        self._setups.pop(mid, None)
        self._times.pop(mid, None)
        self._stale.add(mid)

    def _move_aside(
        self, path: Path, reason: Any, what: Any, result: Any = OTHERS_FINE,
        mid: str | None = None,
    ) -> Path | None:
        """Move a damaged file into `damaged/` (never over another) and leave a notice."""
        damaged = self._folder / DAMAGED
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        try:
            _make_folder(damaged)
            target, n = damaged / f"{path.stem}-{stamp}{path.suffix}", 2
            while target.exists():
                target, n = damaged / f"{path.stem}-{stamp}-{n}{path.suffix}", n + 1
            os.replace(path, target)
            fsync_folder(path.parent)
            fsync_folder(damaged)
        except OSError as error:
            notice = Notice(Kind.STUCK, what, reason, result, why_stuck=str(error.strerror),
                            path=str(path), match_id=mid)
            target = None
        else:
            notice = Notice(Kind.MOVED, what, reason, result, path=str(target), match_id=mid)
        log.warning(notice.said(where=True))
        self._notices.append(notice)
        return target

    def _damaged(self, mid: str, reason: Any) -> DamagedFileError:
        """Move a match's file aside, drop it from the list; the error for the caller to raise
        (its words without the path; the path in `.moved_to`)."""
        what = _describe(self._summaries[mid])
        target = self._move_aside(self._path(mid), reason, what, mid=mid)
        self._forget(mid)
        return DamagedFileError(self._notices[-1].spoken(), reason=reason,
                                moved_to=str(target) if target else None)

    def _refuse_newer(self, mid: str, error: NewerSchemaError) -> NewerSchemaError:
        """Keep a newer-version file out of the list, untouched; the error to raise."""
        # Translators: said after "The match <id>"; {version} and {newest} are numbers.
        notice = Notice(
            Kind.NEWER, said("The match {id}", id=quotable(mid)),
            said("was saved by a newer version of Table Companion (file format {version}; this "
                 "version reads up to {newest}). Its file is left as it is; update Table "
                 "Companion to open it.", version=error.version, newest=SCHEMA), match_id=mid)
        message = notice.spoken()
        if mid not in self._newer:
            log.warning(str(message))
            self._notices.append(notice)
        self._newer[mid] = NewerSchemaError(message, version=error.version)
        if mid in self._summaries:
            self._forget(mid)
        return NewerSchemaError(message, version=error.version)

    # -- small helpers ---------------------------------------------------------------------------

    def _check_open(self) -> None:
        if self._closed:  # no path in the words: a page may be told them (an export at shutdown)
            raise StoreClosedError(said(
                "The store is closed; open a new Store to use it again."))

    def _known(self, mid: str) -> Summary:
        if not isinstance(mid, str) or mid not in self._summaries:
            if isinstance(mid, str) and mid in self._newer:
                known = self._newer[mid]
                raise NewerSchemaError(known.said or str(known), version=known.version)
            raise KeyError(mid)
        return self._summaries[mid]

    def _taken(self, mid: str) -> bool:
        return mid in self._summaries or mid in self._newer or self._path(mid).exists()

    def _new_id(self) -> str:
        while True:
            mid = secrets.token_hex(6)
            if not self._taken(mid):
                return mid

    def _now(self) -> datetime:
        """Wall-clock UTC, but strictly increasing within a store so the order is well defined."""
        now = datetime.now(UTC)
        if now <= self._last:
            now = self._last + timedelta(microseconds=1)
        self._last = now
        return now


def _setup_key(setup: dict[str, Any]) -> str:
    """A match's first event (its settings) as canonical text, to tell one match from another."""
    return json.dumps(setup, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _make_folder(path: Path) -> None:
    if not path.is_dir():
        os.makedirs(path, FOLDER_MODE, exist_ok=True)


def _open_db(path: Path) -> TinyDB:
    return TinyDB(path, storage=AtomicJSONStorage, check=check_match_file, missing_ok=False,
                  upgrade=migrate)


def _stat(written: TinyDB | AtomicJSONStorage) -> Stat:
    storage = written.storage if isinstance(written, TinyDB) else written
    assert isinstance(storage, AtomicJSONStorage)
    st = storage.last_stat
    assert st is not None
    return (st.st_mtime_ns, st.st_size)


def _check_game(match: Match) -> None:
    if not isinstance(match, Match):
        raise TypeError(f"A Store keeps scoring matches, not {type(match).__name__}.")
    if match.GAME not in scoring.GAMES:
        raise UnknownGameError(f"The game {match.GAME!r} is not registered in scoring.GAMES.")


def _summarise(mid: str, match: Match, *, created: datetime, updated: datetime,
               played: str | datetime | None = None,
               played_for: float | None = None) -> Summary:
    status, winners, standings = outcome(match, mid)
    events = match.events
    return Summary(
        id=mid,
        game=match.GAME,
        players=tuple(match.players),
        status=status,
        created=created,
        updated=updated,
        winners=tuple(winners),
        standings=tuple(standings),
        events_count=len(events),
        fingerprint=fingerprint(events),
        scores=final_scores(match, mid),
        variant=variant_of(match.events[0]),
        played=datetime.fromisoformat(played) if isinstance(played, str) else played,
        won_by=tuple(won_by(match, winners)),
        placings=placings(match, mid),
        played_for=played_for,
    )


def _match_doc(summary: Summary, events: list[dict[str, Any]],
               redo: list[dict[str, Any]] | None = None,
               times: Times | None = None) -> dict[str, Any]:
    """A match file's fields. `redo`: the actions taken back that Redo would apply again, so
    that a match saved after an Undo can still redo it after a restart; `times`: when each of
    them and each event was taken (storage/played.py)."""
    dated = {} if times is None else {
        "played": times.played, "at": list(times.at), "redo_at": list(times.redo_at),
        **({} if times.dated else {"untimed": True})}
    return {
        **dated,
        "created": summary.created.isoformat(timespec="microseconds"),
        "updated": summary.updated.isoformat(timespec="microseconds"),
        "status": summary.status,
        "winners": list(summary.winners),
        "won_by": [to_data(w) for w in summary.won_by],
        "standings": standings_doc(summary.standings),
        "scores": [list(row) for row in summary.scores],
        "placings": placings_doc(summary.placings),
        "events": events,
        "redo": redo or [],
    }


def _describe(summary: Summary) -> Said:
    # A name or a game the index holds is a file's text: quoted (quotable).
    # Translators: {game} is its title ("Caro"), {players} its players ("Ann and Ben").
    title = summary.title_word  # a game this version does not know: its id, quoted
    return said("The {game} match of {players} ({id})",
                game=title if isinstance(title, Term) else quotable(title),
                players=listed(quotable(p) for p in summary.players), id=quotable(summary.id))
