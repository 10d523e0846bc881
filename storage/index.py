"""What the store knows about a match without replaying it: `Summary`, and the file layouts.

A match file (`matches/<id>.json`) is a TinyDB database with one document in its `match` table:
`{"created", "updated", "status", "winners", "won_by", "standings", "scores", "events", "redo",
"played", "at", "redo_at", "untimed"}` (the times: storage/played.py); the game and players are
read from the first event. Files hold values, never display text: `status` is a code, a
standings row is `[name, value, unit, more]` with the engine's unit and second figure as
`scoring.said.to_data` writes them, and the index's `variant` likewise; a name is text, or for a
Careta team left unnamed a sentence as data (in a row and in `won_by`); a screen says them in its
reader's language. Files of an earlier format are brought to this one as they are read
(storage/migrate.py).

The index (`index.json`) has one document per match in its `matches` table, keyed by id: the
summary plus `stat`, the match file's `[mtime_ns, size]` when the summary was taken, so a restart
re-reads only the files that changed since the index was written.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import scoring
from scoring.core import Match, Placing, Standing
from scoring.names import cut as _cut
from scoring.names import quotable
from scoring.said import Said, Term, from_data, said, to_data
from storage import played
from storage.atomic import Tables
from storage.errors import DamagedFileError

log = logging.getLogger("storage")

SANE_YEARS = (1970, 9000)  # a stored time outside these years is read as now
SANE_START = datetime(1970, 1, 1, tzinfo=UTC)  # stands in for a time only to be left unread

STATUSES = ("active", "finished")
MATCH_TABLE = "match"
INDEX_TABLE = "matches"

Stat = tuple[int, int]  # (mtime_ns, size) of a match file

QUOTED = 60  # characters of a value quoted from a file (a damage reason, an import refusal)

# Why a file is damaged is data (a `Said`): the notice on Home and the error of a
# match that cannot be opened say it in the reader's language; `str()` is the English it was.
NO_MATCH = said("it holds no match")
NO_EVENTS = said("it has no list of events")
NO_SETTINGS = said("its first event is not the match settings")
NO_STANDINGS = said("its standings are not a list of (name, value, unit, more) rows")
NO_VARIANT = said("its variant is not a value")
NO_SCORES = said("its scores are not a list of (name, number) pairs")
NO_PLACINGS = said("its places are not a list of (rank, players) pairs")
# One whole sentence per list of names ("players", "winners") and per time and fault (an
# import's check of a match says the same: storage/transfer.py).
NOT_NAMES: dict[str, Said] = {
    "players": said("its players are not a list of names"),
    "winners": said("its winners are not a list of names"),
}
TIME_FAULTS: dict[tuple[str, str], Callable[[str], Said]] = {
    ("created", "not a date"):
        lambda value: said("its created time {value} is not a date", value=value),
    ("updated", "not a date"):
        lambda value: said("its updated time {value} is not a date", value=value),
    ("played", "not a date"):
        lambda value: said("its played time {value} is not a date", value=value),
    ("created", "no zone"):
        lambda value: said("its created time {value} has no time zone", value=value),
    ("updated", "no zone"):
        lambda value: said("its updated time {value} has no time zone", value=value),
    ("played", "no zone"):
        lambda value: said("its played time {value} has no time zone", value=value),
}


def cut(text: str, most: int = QUOTED) -> str:
    """`text` at most `most` characters long, an ellipsis where it was cut (between two
    graphemes). The app's own words: a file's text is quoted with `quoted` or `quotable`."""
    return _cut(text, most)


def quoted(value: Any) -> str:
    """`repr(value)` for a damage reason, fit to quote (`scoring.names.quotable`): a file's
    values are said back, not its pages, and none of their characters acts on the sentence.

    >>> quoted("active?"), len(quoted("x" * 100)), quoted("x" * 100)[-2:]
    ("'active?'", 60, 'x…')
    """
    return quotable(repr(value), QUOTED)


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
    # (name, value, unit, more) in scoreboard order, as data (`Standing`: say its `text_in`
    # in the reader's language); () if unknown
    standings: tuple[Standing, ...]
    events_count: int
    fingerprint: str  # fingerprint(events): equal events, equal fingerprint
    # (name, final score) in seating order once the match is over, from the game's
    # `final_scores`; () while in play and for games (or modes) without a final score
    scores: tuple[tuple[str, int], ...] = ()
    # the game's way of play in a few words ("short game"), from `Match.variant_of` of the
    # settings, as data (a `Said`, or a game's plain words): say it; "" for a game with one way
    variant: Any = ""
    # When it was last played: the time of its last action in effect, which Undo and Redo do
    # not move (`updated` is the last save); None for files from before actions had times.
    played: datetime | None = None
    # The winners as the standings name them (`Match.won_by`: a Careta team with its members,
    # a `Said` for one left unnamed: say each), for a list that says who won; a file from
    # before it was kept gives `winners`.
    won_by: tuple[Any, ...] = ()
    # Each side's place once the match is over (`Match.placings`: rank 1 the best, ties
    # sharing one; a Careta team's members together), best first, for ratings; () in play.
    placings: tuple[Placing, ...] = ()
    # How long it was played, in seconds: its first action to its last, less its pauses
    # (storage/played.py, from the times of its actions); None where they are not known (a
    # file from before they were kept, an imported match).
    played_for: float | None = None

    @property
    def played_at(self) -> datetime:
        """The date the lists and statistics give the match: when it was last played."""
        return self.played if self.played is not None else self.updated

    @property
    def title(self) -> str:
        """The game's display name, or its id if that game is not registered."""
        cls = scoring.GAMES.get(self.game)
        return cls.TITLE if cls is not None else self.game

    @property
    def title_word(self) -> Term | str:
        """The game's name as its players write it, said in the reader's language
        (`Match.title_word`); its id if that game is not registered."""
        cls = scoring.GAMES.get(self.game)
        return cls.title_word() if cls is not None else self.game


def fingerprint(events: Sequence[dict[str, Any]]) -> str:
    """A content hash of a match's events (key order and tuple/list do not matter).

    >>> a, b = {"type": "setup", "players": ("Ann",)}, {"players": ["Ann"], "type": "setup"}
    >>> fingerprint([a]) == fingerprint([b])
    True
    """
    canonical = json.dumps(list(events), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def won_by(match: Match, winners: list[str]) -> list[Any]:
    """The match's `won_by` for its summary (names, or values such as a Careta team left
    unnamed); `winners` (as `outcome` gave them) if the game's property fails: a summary must
    not cost a save."""
    try:
        return [_name(w) for w in match.won_by]
    except Exception:
        log.warning("won_by of a %s match failed; saved without", match.GAME, exc_info=True)
        return winners


def outcome(match: Match, mid: str = "(id not given)") -> tuple[str, list[str], list[Standing]]:
    """(status, winners, standings) of a live match, for its summary.

    A game that does not offer standings (or whose standings fail) still saves: the events are
    what matters, the summary just shows less. A failure is logged with the match's id `mid`, so
    whoever reads the log can open the match that shows the bug.
    """
    try:
        over = bool(match.is_over)
        winners = [str(w) for w in match.winners] if over else []
    except NotImplementedError:
        over, winners = False, []
    try:
        standings = _rows(match)
    except NotImplementedError:
        standings = []
    except Exception:  # a bug in a game's standings must not cost a save
        log.warning("standings() of %s match %s failed; saved without", match.GAME,
                    mid, exc_info=True)
        standings = []
    return ("finished" if over else "active"), winners, standings


def _rows(match: Match) -> list[Standing]:
    """The standings as rows a file can hold (TypeError for a part it cannot)."""
    try:
        figures = match.standing_figures()
    except NotImplementedError:  # a game that gives its standings as text only: that is the figure
        return [Standing(_name(name), str(text)) for name, text in match.standings()]
    rows = []
    for row in figures:
        value = row.value
        if not (isinstance(value, (int, str)) and not isinstance(value, bool)):
            raise TypeError(f"a standing's value is {type(value).__name__}")
        to_data(row.unit), to_data(row.more)  # a part no file can hold fails here, not at a write
        rows.append(Standing(_name(row.name), value, row.unit, row.more))
    return rows


def _name(name: Any) -> Any:
    """A name as a file holds it: a `Said` (a Careta team left unnamed, said in the reader's
    language) as it is, for `to_data` to write; anything else as its text."""
    return name if isinstance(name, Said) else str(name)


def standings_doc(standings: Sequence[Standing]) -> list[list[Any]]:
    """The rows as a file holds them: [name, value, unit, more], the parts as data."""
    return [[to_data(row.name), row.value, to_data(row.unit), to_data(row.more)]
            for row in standings]


def final_scores(match: Match, mid: str = "(id not given)") -> tuple[tuple[str, int], ...]:
    """The match's `final_scores` as (name, score) pairs in seating order; () when it has none.

    Like the standings, a game without the property (or a bug in it) still saves; a bug is
    logged with the match's id `mid`.
    """
    try:
        scores = match.final_scores
    except Exception:
        log.warning("final_scores of %s match %s failed; saved without", match.GAME,
                    mid, exc_info=True)
        return ()
    if not isinstance(scores, dict):
        return ()
    return tuple(
        (name, scores[name])
        for name in match.players
        if isinstance(scores.get(name), int) and not isinstance(scores[name], bool)
    )


def placings(match: Match, mid: str = "(id not given)") -> tuple[Placing, ...]:
    """The match's `placings` as a file holds them; () while in play. Like the standings, a
    bug in a game's places is logged with the match's id `mid` and costs no save."""
    try:
        return tuple(Placing(int(p.rank), tuple(str(n) for n in p.players))
                     for p in match.placings)
    except Exception:
        log.warning("placings of %s match %s failed; saved without", match.GAME, mid,
                    exc_info=True)
        return ()


def placings_doc(rows: Sequence[Placing]) -> list[list[Any]]:
    """The places as a file holds them: [rank, [players]]."""
    return [[p.rank, list(p.players)] for p in rows]


def replayed_placings(events: list[dict[str, Any]]) -> tuple[Placing, ...]:
    """The places of a finished match file written before they were kept: replay it once
    (none for a file that does not replay: loading it is what reports the damage)."""
    try:
        return placings(scoring.replay(events))
    except Exception:
        return ()


def replayed_scores(events: list[dict[str, Any]]) -> tuple[tuple[str, int], ...]:
    """The final scores of a match file written before they were kept: replay it once.

    A file that does not replay gets none here; loading it is what reports the damage.
    """
    try:
        return final_scores(scoring.replay(events))
    except Exception:
        return ()


def variant_of(setup: dict[str, Any]) -> Any:
    """The variant of a match from its settings event, without replaying it, as data: the
    game's `variant_said_of` where it has one (a `Said`), else its `variant_of` words ("" for an
    unregistered game, or when the game's words fail: a summary must not cost a load)."""
    cls = scoring.GAMES.get(setup.get("game"))  # type: ignore[arg-type]
    if cls is None:
        return ""
    try:
        words = getattr(cls, "variant_said_of", cls.variant_of)(setup)
        to_data(words)  # one a file can hold
    except Exception:
        log.warning("variant_of a %s match failed; listed without", setup.get("game"),
                    exc_info=True)
        return ""
    return words


def _strings(value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise DamagedFileError(NOT_NAMES[what])
    return tuple(value)


def _standings(value: Any) -> tuple[Standing, ...]:
    """The stored rows [name, value, unit, more] back to `Standing`s."""
    rows = []
    if isinstance(value, list):
        for row in value:
            if not (isinstance(row, list) and len(row) == 4):
                break
            name, figure, unit, more = row
            if not (isinstance(name, (str, dict)) and isinstance(figure, (int, str))
                    and not isinstance(figure, bool)):
                break
            try:
                rows.append(Standing(_said_name(from_data(name)), figure, from_data(unit),
                                     from_data(more)))
            except ValueError:
                break
        else:
            return tuple(rows)
    raise DamagedFileError(NO_STANDINGS)


# Equal variants read back as one shared value: a store's sheets repeat a few ("Hearts · lowest
# wins at 100"), and a list saying them (History: describe/words.py's `said_once`) finds one it
# said by its identity. Bounded: a store with more distinct variants only shares fewer.
_SHARED: dict[Any, Any] = {}
SHARED_MOST = 4096


def _variant(value: Any) -> Any:
    try:
        made = from_data(value)
    except ValueError:
        raise DamagedFileError(NO_VARIANT) from None
    if not isinstance(made, Said):
        return made
    shared = _SHARED.get(made)
    if shared is None:
        if len(_SHARED) >= SHARED_MOST:
            _SHARED.clear()
        shared = _SHARED[made] = made
    return shared


def _said_name(value: Any) -> Any:
    """A stored name: a name, or a `Said` (a team left unnamed); ValueError for another value."""
    if isinstance(value, (str, Said)):
        return value
    raise ValueError("a name that is neither a name nor a sentence")


def _won_by(doc: dict[str, Any]) -> tuple[Any, ...]:
    """The stored `won_by` (names, or values as `to_data` wrote them), or the winners of a
    document from before it was kept."""
    value = doc.get("won_by", doc.get("winners"))
    if isinstance(value, list):
        try:
            return tuple(_said_name(from_data(v)) for v in value)
        except ValueError:
            pass
    raise DamagedFileError(NOT_NAMES["winners"])


def _scores(value: Any) -> tuple[tuple[str, int], ...]:
    rows = []
    if isinstance(value, list):
        for row in value:
            if not (isinstance(row, list) and len(row) == 2):
                break
            name, score = row
            if not (isinstance(name, str) and isinstance(score, int)) or isinstance(score, bool):
                break
            rows.append((name, score))
        else:
            return tuple(rows)
    raise DamagedFileError(NO_SCORES)


def _placings(value: Any) -> tuple[Placing, ...]:
    rows = []
    if isinstance(value, list):
        for row in value:
            if not (isinstance(row, list) and len(row) == 2 and isinstance(row[0], int)
                    and not isinstance(row[0], bool) and isinstance(row[1], list)
                    and all(isinstance(n, str) for n in row[1])):
                break
            rows.append(Placing(row[0], tuple(row[1])))
        else:
            return tuple(rows)
    raise DamagedFileError(NO_PLACINGS)


def _time(value: Any, what: str) -> datetime:
    try:
        moment = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise DamagedFileError(TIME_FAULTS[what, "not a date"](quoted(value))) from None
    if moment.tzinfo is None:
        raise DamagedFileError(TIME_FAULTS[what, "no zone"](quoted(value)))
    if not SANE_YEARS[0] <= moment.year < SANE_YEARS[1]:
        # Written before imports checked dates (9999-12-31, 0001-01-01+05:00): such a time
        # breaks every sum and local-time display made with it. The match is fine; its time
        # is taken as now, and saved so at its next write.
        log.warning("A stored %s time %r is out of range; taken as now", what, value)
        return datetime.now(UTC)
    return moment


def summary_from_match_doc(mid: str, doc: Any, *, hashed: bool = True) -> Summary:
    """The summary of a match file's document; `DamagedFileError` if it is not one.

    `hashed=False` leaves the fingerprint empty and does not replay a file written before scores
    were kept (a check that only validates).
    """
    if not isinstance(doc, dict):
        raise DamagedFileError(NO_MATCH)
    events = doc.get("events")
    if not isinstance(events, list) or not events or not all(isinstance(e, dict) for e in events):
        raise DamagedFileError(NO_EVENTS)
    setup = events[0]
    if setup.get("type") != "setup" or not isinstance(setup.get("game"), str):
        raise DamagedFileError(NO_SETTINGS)
    status = doc.get("status")
    if status not in STATUSES:
        # Translators: {value} is the file's value as it is, quoted ('paused').
        raise DamagedFileError(said("its status {value} is neither active nor finished",
                                    value=quoted(status)))
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
        scores=(
            _scores(doc["scores"]) if "scores" in doc
            else replayed_scores(events) if hashed
            else ()
        ),
        variant=variant_of(setup),
        played=_time(doc["played"], "played") if "played" in doc else None,
        won_by=_won_by(doc),
        placings=(
            _placings(doc["placings"]) if "placings" in doc
            else replayed_placings(events) if hashed and status == "finished"
            else ()
        ),
        played_for=_played_for(doc, events),
    )


def _played_for(doc: dict[str, Any], events: list[dict[str, Any]]) -> float | None:
    """`Summary.played_for` from a match file's times of its events (None without them)."""
    times = played.from_doc(doc, SANE_START, SANE_START)
    return times.played_for(events)


def _seconds(value: Any) -> float | None:
    """An index entry's `played_for`: a number of seconds, else None."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value < 1e10:
        return float(value)
    return None


def match_doc(tables: Tables) -> dict[str, Any]:
    """The one document of a match file's tables (`DamagedFileError` if missing)."""
    doc = tables.get(MATCH_TABLE, {}).get("1")
    if doc is None:
        raise DamagedFileError(NO_MATCH)
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
        "won_by": [to_data(w) for w in summary.won_by],
        "standings": standings_doc(summary.standings),
        "events_count": summary.events_count,
        "fingerprint": summary.fingerprint,
        "scores": [list(row) for row in summary.scores],
        "placings": placings_doc(summary.placings),
        "variant": to_data(summary.variant),
        **({"played": summary.played.isoformat(timespec="microseconds")}
           if summary.played is not None else {}),
        "played_for": summary.played_for,
        "stat": list(stat),
    }


def from_index_doc(mid: str, doc: dict[str, Any]) -> tuple[Summary, Stat]:
    """An index entry back to (summary, stat); `DamagedFileError` if malformed.

    An entry from before scores were kept gets the stat (-1, -1), which no file has, so the
    store reads its match file again (once: the index is then rewritten with them).
    """
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
        raise DamagedFileError(said("the index entry of {id} is incomplete",
                                    id=quotable(mid, QUOTED)))
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
        scores=_scores(doc.get("scores", [])),
        variant=_variant(doc.get("variant", "")),
        played=_time(doc["played"], "played") if "played" in doc else None,
        won_by=_won_by(doc),
        placings=_placings(doc.get("placings", [])),
        played_for=_seconds(doc.get("played_for")),
    )
    # An entry from before scores were kept is read again from its file; so is one from before
    # the variant, of a game that has variants (the others have "" and need no read), a
    # finished one from before its places were kept, and one from before its length was.
    fresh = ("scores" in doc and ("variant" in doc or not has_variants(doc["game"]))
             and ("placings" in doc or doc["status"] != "finished") and "played_for" in doc)
    return summary, ((stat[0], stat[1]) if fresh else (-1, -1))


def has_variants(game: str) -> bool:
    """Whether a registered game names variants (overrides `Match.variant_of`)."""
    cls = scoring.GAMES.get(game)
    return cls is not None and cls.variant_of.__func__ is not Match.variant_of.__func__  # type: ignore[attr-defined]
