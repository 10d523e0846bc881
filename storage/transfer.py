"""Matches out of the store and back in: JSON (lossless) and CSV (the score changes) exports, and
JSON imports that trust nothing they read.

A JSON export is `{"format": FORMAT, "version": VERSION, "exported": <UTC time>, "matches":
[...]}`; each match carries its events (the truth: replaying them rebuilds it), its times, and
for a person reading the file its game, players, status and winners, plus the fingerprint of its
events. An import checks the whole file before it stores anything: every match must have the
fingerprint of its events (so a hand-edited event is caught even when it is legal), replay without
a refusal (`scoring.replay`) and end as the file says. One bad match refuses the whole file, with
a message naming the match and the problem. A match whose events are stored already (same
fingerprint) is skipped and said so; nothing stored is ever replaced: a match keeps its id only
if no match here has it.

A CSV export has one row per score change, from the games' `history` entries ("changes" and
"text"): match, game, date, action, player, change, reason, running total.

No Flet here: the app's buttons hand these bytes to the browser or a save dialog.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import scoring
from scoring.core import Match
from storage.errors import StoreError
from storage.index import Summary, fingerprint
from storage.store import Store

FORMAT = "table-companion-matches"
VERSION = 1
"""The export format this code writes and the newest it reads."""

MAX_IMPORT_BYTES = 100 * 1024 * 1024
CSV_COLUMNS = ("match", "game", "date", "action", "player", "change", "reason", "running total")
CHUNK = 200  # matches stored per index write during an import


class ImportRefused(ValueError):
    """A file that cannot be imported; `str()` says why, naming the match and the problem."""


@dataclass(frozen=True)
class Export:
    """A file ready to hand over: its suggested name, its bytes, and what it holds."""

    filename: str
    data: bytes
    count: int  # matches in it
    problems: tuple[str, ...] = ()  # matches left out because they could not be read

    @property
    def message(self) -> str:
        return self.sentence(f"to {self.filename}")

    def sentence(self, where: str) -> str:
        """'Exported 3 matches <where>.', and the matches left out, if any."""
        what = f"{self.count} {'match' if self.count == 1 else 'matches'}"
        said = f"Exported {what} {where}."
        if self.problems:
            problems = "; ".join(p.rstrip(".") for p in self.problems)
            said += f" Left out, as they could not be read: {problems}."
        return said


@dataclass(frozen=True)
class Incoming:
    """One match of an import file, checked: the replayed match and what to store it with."""

    match: Match
    created: datetime
    updated: datetime
    id: str | None
    fingerprint: str
    label: str


@dataclass(frozen=True)
class ImportReport:
    """What an import did: the ids it stored, and the matches it skipped as already stored."""

    imported: tuple[str, ...]
    skipped: tuple[str, ...]  # labels of the matches already stored (or twice in the file)

    @property
    def message(self) -> str:
        n, k = len(self.imported), len(self.skipped)
        if n == 0 and k == 0:
            return "The file holds no matches; nothing was imported."
        said = f"Imported {n} {'match' if n == 1 else 'matches'}." if n else "Nothing imported."
        if k:
            shown = "; ".join(self.skipped[:3]) + (f"; and {k - 3} more" if k > 3 else "")
            said += f" Skipped {k} {'match' if k == 1 else 'matches'} already stored: {shown}."
        return said


def label(game: str, players: Sequence[str], when: datetime | None) -> str:
    """How messages name a match: 'Caro: Ann, Ben (2025-05-12)'."""
    cls = scoring.GAMES.get(game)
    title = cls.TITLE if cls is not None else str(game)
    day = f" ({when.astimezone().strftime('%Y-%m-%d')})" if when is not None else ""
    return f"{title}: {', '.join(str(p) for p in players)}{day}"


def _label(summary: Summary) -> str:
    return label(summary.game, summary.players, summary.updated)


# -- export ---------------------------------------------------------------------------------------


def _loaded(store: Store, ids: Iterable[str] | None) -> tuple[list[tuple[Summary, Match]], list]:
    """(summary, match) of each id (every match, oldest first, when None), and the problems."""
    known = {s.id: s for s in store.summaries()}
    wanted = list(ids) if ids is not None else sorted(known, key=lambda m: known[m].updated)
    found, problems = [], []
    for mid in wanted:
        summary = known.get(mid)
        if summary is None:
            problems.append(f"{mid}: no such match here")
            continue
        try:
            found.append((summary, store.load(mid)))
        except (KeyError, StoreError) as error:
            problems.append(f"{_label(summary)}: {error}")
    return found, problems


def _name(ids: Sequence[str] | None, found: list[tuple[Summary, Match]], suffix: str) -> str:
    if ids is not None and len(found) == 1:
        summary = found[0][0]
        day = summary.updated.astimezone().strftime("%Y-%m-%d")
        return f"{summary.game}-{day}-{summary.id}.{suffix}"
    return f"table-companion-{datetime.now().astimezone().strftime('%Y-%m-%d')}.{suffix}"


def _time(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def match_record(summary: Summary, match: Match) -> dict[str, Any]:
    """One match as a JSON export holds it."""
    events = match.events
    return {
        "id": summary.id,
        "game": match.GAME,
        "title": match.TITLE,
        "players": list(match.players),
        # from the match itself, which is what an import checks them against
        "status": "finished" if match.is_over else "active",
        "winners": list(match.winners) if match.is_over else [],
        "created": _time(summary.created),
        "updated": _time(summary.updated),
        "fingerprint": fingerprint(events),
        "events": events,
    }


def export_json(store: Store, ids: Sequence[str] | None = None) -> Export:
    """The matches `ids` (all of them when None) as a JSON export file, one match per line."""
    found, problems = _loaded(store, ids)
    head = {"format": FORMAT, "version": VERSION, "exported": _time(datetime.now(UTC))}
    lines = [json.dumps(match_record(s, m), ensure_ascii=False) for s, m in found]
    text = json.dumps(head, ensure_ascii=False)[:-1] + ', "matches": [\n'
    text += ",\n".join(lines) + "\n]}\n"
    return Export(_name(ids, found, "json"), text.encode("utf-8"), len(found), tuple(problems))


def _cell(text: str) -> str:
    """A text cell a spreadsheet will not run as a formula (names and texts are typed freely)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def csv_rows(summary: Summary, match: Match) -> list[list[Any]]:
    """The score changes of one match, in order, with each name's running total."""
    rows: list[list[Any]] = []
    totals: dict[str, int] = {}
    date = summary.updated.astimezone().strftime("%Y-%m-%d %H:%M")
    for n, entry in enumerate(match.history, start=1):
        for name, change in entry.get("changes", {}).items():
            if not change:
                continue
            totals[name] = totals.get(name, 0) + change
            rows.append([summary.id, match.TITLE, date, n, _cell(str(name)), change,
                         _cell(str(entry.get("text", ""))), totals[name]])
    return rows


def export_csv(store: Store, ids: Sequence[str] | None = None) -> Export:
    """The matches' score changes as CSV (UTF-8 with a byte order mark, for spreadsheets)."""
    found, problems = _loaded(store, ids)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for summary, match in found:
        writer.writerows(csv_rows(summary, match))
    data = out.getvalue().encode("utf-8-sig")
    return Export(_name(ids, found, "csv"), data, len(found), tuple(problems))


# -- import ---------------------------------------------------------------------------------------


def _when(value: Any, what: str) -> datetime:
    try:
        moment = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise ValueError(f"its {what} time {value!r} is not a date") from None
    if moment.tzinfo is None:
        raise ValueError(f"its {what} time {value!r} has no time zone")
    return moment.astimezone(UTC)


def _replayed(events: list[dict[str, Any]]) -> Match:
    """The match the events make, or ValueError naming the first event the rules refuse."""
    try:
        return scoring.replay(events)
    except Exception:
        pass
    # Which event? Every prefix up to the bad one replays: find the first that does not.
    good, bad = 0, len(events)
    while bad - good > 1:
        middle = (good + bad) // 2
        try:
            scoring.replay(events[:middle])
            good = middle
        except Exception:
            bad = middle
    try:
        scoring.replay(events[:bad])
    except Exception as error:
        reason = str(error) or type(error).__name__
        if bad == 1:
            raise ValueError(f"its settings are refused: {reason}") from None
        kind = events[bad - 1].get("type")
        raise ValueError(
            f"its action {bad - 1} of {len(events) - 1} ({kind!r}) is refused: {reason}"
        ) from None
    raise ValueError("its events do not replay")  # pragma: no cover - a flaky game


def _check_match(record: Any) -> Incoming:
    """One match record checked as `read_export` promises; ValueError says what is wrong."""
    if not isinstance(record, dict):
        raise ValueError("it is not a match record")
    events = record.get("events")
    if not isinstance(events, list) or not events or not all(isinstance(e, dict) for e in events):
        raise ValueError("it has no list of events")
    if record.get("fingerprint") != fingerprint(events):
        raise ValueError(
            "it was changed after it was exported (its events do not match its fingerprint)"
        )
    game = events[0].get("game")
    if events[0].get("type") != "setup" or not isinstance(game, str):
        raise ValueError("its first event is not the match settings")
    if game not in scoring.GAMES:
        raise ValueError(f"it is of a game this version does not know ({game!r})")
    created = _when(record.get("created"), "created")
    updated = _when(record.get("updated"), "updated")
    match = _replayed(events)
    said = {k: record[k] for k in ("game", "players", "status", "winners") if k in record}
    status = "finished" if match.is_over else "active"
    made = {"game": game, "players": match.players, "status": status,
            "winners": match.winners if match.is_over else []}
    for field, value in said.items():
        if value != made[field]:
            raise ValueError(
                f"it says its {field} {'is' if field in ('game', 'status') else 'are'} "
                f"{value!r}, but its events give {made[field]!r}"
            )
    mid = record.get("id")
    return Incoming(
        match=match,
        created=created,
        updated=updated,
        id=mid if isinstance(mid, str) else None,
        fingerprint=record["fingerprint"],
        label=label(game, match.players, updated),
    )


def read_export(data: bytes | str) -> list[Incoming]:
    """Every match of a JSON export, checked; `ImportRefused` at the first problem."""
    if isinstance(data, bytes):
        if len(data) > MAX_IMPORT_BYTES:
            raise ImportRefused(
                f"This file is too large to import ({len(data) // 2**20} MB; at most "
                f"{MAX_IMPORT_BYTES // 2**20} MB)."
            )
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            refusal = "This file is not a Table Companion export: it is not text."
            raise ImportRefused(refusal) from None
    try:
        doc = json.loads(data)
    except json.JSONDecodeError as error:
        raise ImportRefused(
            f"This file is not a Table Companion export: it is not valid JSON ({error.msg} at "
            f"line {error.lineno}, column {error.colno})."
        ) from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ImportRefused(
            f"This file is not a Table Companion export (it lacks \"format\": \"{FORMAT}\")."
        )
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ImportRefused(f"This export has no valid format version ({version!r}).")
    if version > VERSION:
        raise ImportRefused(
            f"This export was written by a newer version of Table Companion (format version "
            f"{version}; this version reads up to {VERSION}). Update Table Companion to import it."
        )
    records = doc.get("matches")
    if not isinstance(records, list):
        raise ImportRefused("This export has no list of matches.")
    checked = []
    for n, record in enumerate(records, start=1):
        try:
            checked.append(_check_match(record))
        except ValueError as error:
            events = record.get("events") if isinstance(record, dict) else None
            setup = events[0] if isinstance(events, list) and events else {}
            setup = setup if isinstance(setup, dict) else {}
            players = setup.get("players")
            named = ""
            if isinstance(players, list) and isinstance(setup.get("game"), str):
                named = f" ({label(setup['game'], players, None)})"
            raise ImportRefused(
                f"Nothing was imported: match {n} of {len(records)}{named}: "
                f"{str(error).rstrip('.')}."
            ) from None
    return checked


def import_json(store: Store, data: bytes | str) -> ImportReport:
    """Check a JSON export (`read_export`), then store the matches that are not stored yet."""
    incoming = read_export(data)
    fresh: list[Incoming] = []
    skipped: list[str] = []
    # what `store.find_fingerprint` answers, for every match at once (an import may be large)
    seen = {s.fingerprint for s in store.summaries()}
    for item in incoming:
        if item.fingerprint in seen:
            skipped.append(item.label)
        else:
            fresh.append(item)
        seen.add(item.fingerprint)
    imported: list[str] = []
    for start in range(0, len(fresh), CHUNK):
        chunk = fresh[start : start + CHUNK]
        imported += store.create_many((i.match, i.created, i.updated, i.id) for i in chunk)
    return ImportReport(tuple(imported), tuple(skipped))
