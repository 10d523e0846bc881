"""What the store knows about a match without replaying it: `Summary`, and the file layouts.

A match file (`matches/<id>.json`) is a TinyDB database with one document in its `match` table:
`{"created", "updated", "status", "winners", "standings", "events"}`; the game and players are
read from the first event. The index (`index.json`) has one document per match in its `matches`
table, keyed by id: the summary plus `stat`, the match file's `[mtime_ns, size]` when the summary
was taken, so a restart re-reads only the files that changed since the index was written.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import scoring
from scoring.core import Match
from storage.atomic import Tables
from storage.errors import DamagedFileError

log = logging.getLogger("storage")

STATUSES = ("active", "finished")
MATCH_TABLE = "match"
INDEX_TABLE = "matches"

Stat = tuple[int, int]  # (mtime_ns, size) of a match file


@dataclass(frozen=True, slots=True)
class Summary:
    """One match as the Continue and History lists show it; immutable, safe to hand around."""

    id: str
    game: str
    players: tuple[str, ...]
    status: str  # "active" | "finished"
    created: datetime  # timezone-aware, UTC
    updated: datetime  # timezone-aware, UTC; changes on every save
    winners: tuple[str, ...]
    standings: tuple[tuple[str, str], ...]  # (name, text) in scoreboard order; () if unknown
    events_count: int
    fingerprint: str  # fingerprint(events): equal events, equal fingerprint

    @property
    def title(self) -> str:
        """The game's display name, or its id if that game is not registered."""
        cls = scoring.GAMES.get(self.game)
        return cls.TITLE if cls is not None else self.game


def fingerprint(events: Sequence[dict[str, Any]]) -> str:
    """A content hash of a match's events (key order and tuple/list do not matter).

    >>> a, b = {"type": "setup", "players": ("Ann",)}, {"players": ["Ann"], "type": "setup"}
    >>> fingerprint([a]) == fingerprint([b])
    True
    """
    canonical = json.dumps(list(events), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def outcome(match: Match) -> tuple[str, list[str], list[list[str]]]:
    """(status, winners, standings) of a live match, for its summary.

    A game that does not offer standings (or whose standings fail) still saves: the events are
    what matters, the summary just shows less.
    """
    try:
        over = bool(match.is_over)
        winners = [str(w) for w in match.winners] if over else []
    except NotImplementedError:
        over, winners = False, []
    try:
        standings = [[str(name), str(text)] for name, text in match.standings()]
    except NotImplementedError:
        standings = []
    except Exception:  # a bug in a game's standings must not cost a save
        log.warning("standings() of a %s match failed; saved without", match.GAME, exc_info=True)
        standings = []
    return ("finished" if over else "active"), winners, standings


def _strings(value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise DamagedFileError(f"its {what} are not a list of names")
    return tuple(value)


def _standings(value: Any) -> tuple[tuple[str, str], ...]:
    rows = []
    if isinstance(value, list):
        for row in value:
            if not (isinstance(row, list) and len(row) == 2):
                break
            name, text = row
            if not (isinstance(name, str) and isinstance(text, str)):
                break
            rows.append((name, text))
        else:
            return tuple(rows)
    raise DamagedFileError("its standings are not a list of (name, text) pairs")


def _time(value: Any, what: str) -> datetime:
    try:
        moment = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise DamagedFileError(f"its {what} time {value!r} is not a date") from None
    if moment.tzinfo is None:
        raise DamagedFileError(f"its {what} time {value!r} has no time zone")
    return moment


def summary_from_match_doc(mid: str, doc: Any, *, hashed: bool = True) -> Summary:
    """The summary of a match file's document; `DamagedFileError` if it is not one.

    `hashed=False` leaves the fingerprint empty (a check that only validates).
    """
    if not isinstance(doc, dict):
        raise DamagedFileError("it holds no match")
    events = doc.get("events")
    if not isinstance(events, list) or not events or not all(isinstance(e, dict) for e in events):
        raise DamagedFileError("it has no list of events")
    setup = events[0]
    if setup.get("type") != "setup" or not isinstance(setup.get("game"), str):
        raise DamagedFileError("its first event is not the match settings")
    status = doc.get("status")
    if status not in STATUSES:
        raise DamagedFileError(f"its status {status!r} is neither active nor finished")
    return Summary(
        id=mid,
        game=setup["game"],
        players=_strings(setup.get("players"), "players"),
        status=status,
        created=_time(doc.get("created"), "created"),
        updated=_time(doc.get("updated"), "updated"),
        winners=_strings(doc.get("winners"), "winners"),
        standings=_standings(doc.get("standings")),
        events_count=len(events),
        fingerprint=fingerprint(events) if hashed else "",
    )


def match_doc(tables: Tables) -> dict[str, Any]:
    """The one document of a match file's tables (`DamagedFileError` if missing)."""
    doc = tables.get(MATCH_TABLE, {}).get("1")
    if doc is None:
        raise DamagedFileError("it holds no match")
    return doc


def check_match_file(tables: Tables) -> None:
    """The `check` for match files: the document must make a summary."""
    summary_from_match_doc("", match_doc(tables), hashed=False)


def index_doc(summary: Summary, stat: Stat) -> dict[str, Any]:
    return {
        "game": summary.game,
        "players": list(summary.players),
        "status": summary.status,
        "created": summary.created.isoformat(timespec="microseconds"),
        "updated": summary.updated.isoformat(timespec="microseconds"),
        "winners": list(summary.winners),
        "standings": [list(row) for row in summary.standings],
        "events_count": summary.events_count,
        "fingerprint": summary.fingerprint,
        "stat": list(stat),
    }


def from_index_doc(mid: str, doc: dict[str, Any]) -> tuple[Summary, Stat]:
    """An index entry back to (summary, stat); `DamagedFileError` if malformed."""
    stat = doc.get("stat")
    count, fp = doc.get("events_count"), doc.get("fingerprint")
    ok = (
        isinstance(stat, list)
        and len(stat) == 2
        and all(isinstance(n, int) for n in stat)
        and isinstance(count, int)
        and isinstance(fp, str)
        and isinstance(doc.get("game"), str)
        and doc.get("status") in STATUSES
    )
    if not ok:
        raise DamagedFileError(f"the index entry of {mid} is incomplete")
    summary = Summary(
        id=mid,
        game=doc["game"],
        players=_strings(doc.get("players"), "players"),
        status=doc["status"],
        created=_time(doc.get("created"), "created"),
        updated=_time(doc.get("updated"), "updated"),
        winners=_strings(doc.get("winners"), "winners"),
        standings=_standings(doc.get("standings")),
        events_count=count,
        fingerprint=fp,
    )
    return summary, (stat[0], stat[1])
