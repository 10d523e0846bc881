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
"said"): match, game, date, action, player, change, reason, running total. Its words (headers,
title, unit, reasons) are said by the `render` it is given (the exporting device's language;
English by default); numbers stay plain numbers and times ISO, for a spreadsheet to read.

No Flet here: the app's buttons hand these bytes to the browser or a save dialog.
"""

from __future__ import annotations

import csv
import io
import json
import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import scoring
from scoring.core import Match, RuleViolation
from scoring.names import quotable
from scoring.said import (
    ENGLISH,
    Clause,
    Day,
    Listed,
    Said,
    Term,
    render,
    said,
    said_n,
    term,
    to_data,
)
from storage.errors import StoreError
from storage.index import QUOTED, TIME_FAULTS, Summary, cut, fingerprint, quoted
from storage.store import Store

log = logging.getLogger(__name__)

FORMAT = "table-companion-matches"
VERSION = 1
"""The export format this code writes and the newest it reads."""

MAX_IMPORT_BYTES = 100 * 1024 * 1024
# What one import may cost the server: far above what people play (a long match has a few
# hundred events), far below what keeps a server busy for long.
MAX_EVENTS_PER_MATCH = 5_000
MAX_EVENTS_PER_FILE = 100_000
EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)  # no match of these games was scored before
SEARCHED = 1_000  # a refused match up to this long has its refused event named (by bisection)
LEEWAY = timedelta(days=1)  # a clock a little ahead of this one's is fine; 9999 is not
MAX_MESSAGE = 400  # characters of a refusal
CHUNK = 200  # matches handed to Store.create_many at a time during an import
# "date": the day the match was last played; "taken at": when that row's action was taken;
# "unit": what "change" and "running total" count, as the game says it (`Match.UNITS`).
CSV_HEADERS: tuple[Term, ...] = (
    term("csv column", "match"), term("csv column", "game"), term("csv column", "date"),
    term("csv column", "action"), term("csv column", "taken at"), term("csv column", "player"),
    term("csv column", "change"), term("csv column", "unit"), term("csv column", "reason"),
    term("csv column", "running total"))
CSV_COLUMNS = tuple(str(header) for header in CSV_HEADERS)  # in English
Render = Callable[[Any], str]  # a said value (Said, Term, name, number) as text in one language


def english(value: Any) -> str:
    """The default `Render`: what the engines say, in English."""
    return render(value, ENGLISH)


class ImportRefused(ValueError):
    """A file that cannot be imported; `str()` says why in English, naming the match and the
    problem (at most MAX_MESSAGE characters); `.said` is that sentence as data, said in the
    device's language (every refusal made here has it; None for a bare text)."""

    def __init__(self, message: str | Said) -> None:
        super().__init__(brief(str(message)))
        self.said = message if isinstance(message, Said) else None


class ImportIncomplete(OSError):
    """The disk refused a write half way through an import: some matches are stored, the rest
    not. `str()` says how many, and that importing the same file again is safe (the matches
    stored already are recognised by their fingerprint and skipped); `.said` is that sentence
    as data, the disk's reason quoted in its own words."""

    def __init__(self, stored: int, fresh: int, cause: BaseException) -> None:
        why = quotable(getattr(cause, "strerror", None) or str(cause) or type(cause).__name__,
                       DETAIL)
        # Translators: {why} is the system's own reason ("No space left on device").
        self.said = said(
            "Stored {stored} of the {fresh} new matches, then the disk refused the rest "
            "({why}). Importing the same file again is safe: the {stored} stored are skipped, "
            "the others stored.", stored=stored, fresh=fresh, why=why)
        super().__init__(str(self.said))
        self.stored = stored
        self.fresh = fresh


@dataclass(frozen=True)
class Export:
    """A file ready to hand over: its suggested name, its bytes, and what it holds."""

    filename: str
    data: bytes
    count: int  # matches in it
    # matches left out because they could not be read: each a `Said` ("Caro: Ann, Ben
    # (2025-05-12): <why>"), said in the reader's language; `str()` its English
    problems: tuple[Said, ...] = ()

    @property
    def problems_said(self) -> Listed:
        """The problems as one value, joined as the reader's language joins such parts."""
        return Listed(tuple(Clause(p) for p in self.problems), "parts")

    @property
    def message(self) -> Said:
        return self.sentence(said("to {file}", file=self.filename))

    def sentence(self, where: object) -> Said:
        """'Exported 3 matches <where>.', and the matches left out, if any: data, said in the
        reader's language by the screen (`where` is text or data too)."""
        done = said_n("Exported {n} match {where}.", "Exported {n} matches {where}.",
                      self.count, where=where)
        if not self.problems:
            return done
        # Translators: two sentences in a row; a language without spaces between them drops it.
        return said("{sentence} {next}", sentence=done, next=said(
            "Left out, as they could not be read: {problems}.", problems=self.problems_said))


@dataclass(frozen=True)
class Incoming:
    """One match of an import file, checked: the replayed match and what to store it with."""

    match: Match
    created: datetime
    updated: datetime
    id: str | None
    fingerprint: str
    label: Said  # how messages name it (`label`)


@dataclass(frozen=True)
class ImportReport:
    """What an import did: the ids it stored, and the matches it skipped as already stored."""

    imported: tuple[str, ...]
    skipped: tuple[Said, ...]  # labels of the matches already stored (or twice in the file)

    @property
    def message(self) -> Said:
        n, k = len(self.imported), len(self.skipped)
        if n == 0 and k == 0:
            return said("The file holds no matches; nothing was imported.")
        done = (said_n("Imported {n} match.", "Imported {n} matches.", n) if n
                else said("Nothing imported."))
        if not k:
            return done
        shown = (said("{some}; and {n} more", some=Listed(self.skipped[:3], "parts"), n=k - 3)
                 if k > 3 else Listed(self.skipped, "parts"))
        skipped = said_n("Skipped {n} match already stored: {shown}.",
                         "Skipped {n} matches already stored: {shown}.", k, shown=shown)
        return said("{sentence} {next}", sentence=done, next=skipped)


def label(game: str, players: Sequence[Any], when: datetime | None) -> Said:
    """How messages name a match, as data: 'Caro: Ann, Ben (2025-05-12)' in English (`str()`),
    'Caro: Ana, Ben y Cleo (12 may 2025)' on a Spanish screen: the game's title as the screens
    say it, the players as the reader's language lists them, the day in the reader's zone."""
    cls = scoring.GAMES.get(game)
    # A game this version does not know is named by the file, and its players may be any text:
    # each is quoted (quotable; a name quoted already is kept as it is).
    title = cls.title_word() if cls is not None else quotable(game, NAME)
    names = Listed(tuple(quotable(player, QUOTED) for player in players), "names")
    if when is None:
        return said("{game}: {players}", game=title, players=names)
    # Translators: how a message names a match: the game, its players, the day it was played.
    return said("{game}: {players} ({day})", game=title, players=names,
                day=Day(when.astimezone()))


def _label(summary: Summary) -> Said:
    return label(summary.game, summary.players, summary.played_at)


# -- export ---------------------------------------------------------------------------------------


def _loaded(store: Store, ids: Iterable[str] | None) -> tuple[list[tuple[Summary, Match]], list]:
    """(summary, match) of each id (every match, oldest first, when None), and the problems."""
    known = {s.id: s for s in store.summaries()}
    wanted = list(ids) if ids is not None else sorted(known, key=lambda m: known[m].updated)
    found, problems = [], []
    for mid in wanted:
        summary = known.get(mid)
        if summary is None:
            # Translators: {id} is a match's id, asked for by the screen ("0123456789ab").
            problems.append(said("{id}: no such match here", id=quotable(mid, QUOTED)))
            continue
        try:
            found.append((summary, store.load(mid)))
        except KeyError:  # its file went between the list and the read
            problems.append(said("{match}: its file is gone", match=_label(summary)))
        except StoreError as error:
            # Translators: {match} names the match ("Caro: Ann, Ben (2025-05-12)"); {problem}
            # is the store's sentence about it ("The Caro match ... could not be read").
            problems.append(said("{match}: {problem}", match=_label(summary),
                                 problem=error.said or str(error)))
    return found, problems


def _name(ids: Sequence[str] | None, found: list[tuple[Summary, Match]], suffix: str) -> str:
    if ids is not None and len(found) == 1:
        summary = found[0][0]
        day = summary.played_at.astimezone().strftime("%Y-%m-%d")
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
        "title": to_data(match.TITLE),  # as data: an export speaks no one language
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


def _reason(entry: dict[str, Any], say: Render) -> str:
    """A history entry's sentence: its data ("said") in the export's language, else its text."""
    if "said" in entry:
        return say(entry["said"])
    return str(entry.get("text", ""))


def csv_rows(summary: Summary, match: Match, times: Sequence[datetime] = (),
             say: Render = english) -> list[list[Any]]:
    """The score changes of one match, in order, with each name's running total; its words
    (title, unit, reason) said by `say`.

    `times`: when each event in effect was taken (`Store.action_times`); history entry n is
    event n (event 0 holds the settings). Without them a row gets the match's date."""
    rows: list[list[Any]] = []
    totals: dict[str, int] = {}
    date = summary.played_at.astimezone().strftime("%Y-%m-%d %H:%M")
    # the "unit" column: what the match's changes count, in the words its game declares
    declared = match.unit_named(match.score_unit)
    unit = say(declared.words if declared is not None else match.score_unit)
    title = say(match.title_word())
    dated = len(times) == len(match.events)
    for n, entry in enumerate(match.history, start=1):
        taken = (times[n] if dated else summary.played_at).astimezone()
        for name, change in entry.get("changes", {}).items():
            if not change:
                continue
            totals[name] = totals.get(name, 0) + change
            rows.append([summary.id, title, date, n,
                         taken.strftime("%Y-%m-%d %H:%M:%S"), _cell(say(match.side_name(name))),
                         change, unit,
                         _cell(_reason(entry, say)), totals[name]])
    return rows


def export_csv(store: Store, ids: Sequence[str] | None = None,
               say: Render = english) -> Export:
    """The matches' score changes as CSV (UTF-8 with a byte order mark, for spreadsheets), its
    words said by `say` (the exporting device's language; English by default)."""
    found, problems = _loaded(store, ids)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([_cell(say(header)) for header in CSV_HEADERS])
    for summary, match in found:
        writer.writerows(csv_rows(summary, match, store.action_times(summary.id), say))
    data = out.getvalue().encode("utf-8-sig")
    return Export(_name(ids, found, "csv"), data, len(found), tuple(problems))


# -- import ---------------------------------------------------------------------------------------
#
# Every refusal is data (a `Said`: the screen says it in the reader's language; `str()` is its
# English). What it quotes from the file is bounded where it is taken (`quoted`, `_named`,
# `_bounded`, `_detail`), so a refusal stays a sentence, not a page of the file's names.

DETAIL = 160  # characters of a reason in another's words (json's, Python's, the disk's)
NAMES_SHOWN = 8  # names of a refused match said; more are one "…"
NAME = 24  # characters of each name said


def brief(text: str) -> str:
    """A refusal as a screen shows it, at most MAX_MESSAGE characters: its arguments are
    bounded, but a translation may still run longer than the English."""
    return cut(text, MAX_MESSAGE)


def _detail(error: BaseException) -> str:
    """An error's own words (Python's, json's: English, quoted as they are), cut short."""
    return quotable(str(error) or type(error).__name__, DETAIL)


def _bounded(value: Any) -> Any:
    """A said value with every text in it cut to QUOTED characters and every list to NAMES_SHOWN
    items: a rule's refusal quotes what the file holds (a name, a value)."""
    if isinstance(value, str):
        return quotable(value, QUOTED)
    if isinstance(value, Said):
        return Said(value.msg, {k: _bounded(v) for k, v in value.args.items()}, value.plural,
                    value.ruling)
    if isinstance(value, Listed):
        items = tuple(_bounded(item) for item in value.items[:NAMES_SHOWN])
        return Listed(items + (("…",) if len(value.items) > NAMES_SHOWN else ()), value.style)
    return value


class _MatchRefused(ValueError):
    """What is wrong with one match of a file: `.said`, the phrase said after "match 2 of 5:"
    (a clause, or one ending in a rule's whole sentence)."""

    def __init__(self, words: Said) -> None:
        super().__init__(str(words))
        self.said = words


# A time's refusal, each phrase whole for its translator: (which time, what is wrong) -> phrase;
# a stored file's own (storage/index.py) and those of a time an import may not bring.
_TIME_REFUSED: dict[tuple[str, str], Callable[[str], Said]] = {
    **{fault: words for fault, words in TIME_FAULTS.items() if fault[0] != "played"},
    ("created", "out of range"): lambda value: said(
        "its created time {value} is not between {earliest} and tomorrow", value=value,
        earliest=f"{EARLIEST:%Y-%m-%d}"),
    ("updated", "out of range"): lambda value: said(
        "its updated time {value} is not between {earliest} and tomorrow", value=value,
        earliest=f"{EARLIEST:%Y-%m-%d}"),
}


def _when(value: Any, what: str, now: datetime) -> datetime:
    """A record's time ("created" or "updated"), in UTC, between 2000 and tomorrow: a date past
    that would make every later save of the match overflow, one before it is no date of a real
    match."""
    try:
        moment = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise _MatchRefused(_TIME_REFUSED[what, "not a date"](quoted(value))) from None
    if moment.tzinfo is None:
        raise _MatchRefused(_TIME_REFUSED[what, "no zone"](quoted(value)))
    latest = now + LEEWAY
    # The year is looked at before converting: 0001-01-01+05:00 cannot even be put in UTC.
    if (EARLIEST.year - 1 <= moment.year <= latest.year + 1
            and EARLIEST <= moment.astimezone(UTC) <= latest):
        return moment.astimezone(UTC)
    raise _MatchRefused(_TIME_REFUSED[what, "out of range"](quoted(value)))


def _why_refused(error: Exception) -> Said | str:
    """Why an event is refused: a rule's sentence as data (its quotes of the file bounded), else
    the error's own words (a crafted event that broke a handler)."""
    if isinstance(error, RuleViolation):
        return _bounded(error.said)
    return _detail(error).rstrip(".")


def _replayed(events: list[dict[str, Any]]) -> Match:
    """The match the events make, or _MatchRefused naming the first event the rules refuse."""
    try:
        return scoring.replay(events)
    except Exception as error:
        refusal = error
    if len(events) > SEARCHED:
        # Naming the event would cost a dozen more replays of a long log: say why, not where.
        try:
            scoring.replay(events[:1])
        except Exception:
            pass
        else:
            raise _MatchRefused(said("one of its {n} actions is refused: {reason}",
                                     n=len(events) - 1, reason=_why_refused(refusal)))
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
        if bad == 1:
            raise _MatchRefused(said("its settings are refused: {reason}",
                                     reason=_why_refused(error))) from None
        raise _MatchRefused(said(
            "its action {n} of {total} ({kind}) is refused: {reason}", n=bad - 1,
            total=len(events) - 1, kind=quoted(events[bad - 1].get("type")),
            reason=_why_refused(error))) from None
    raise _MatchRefused(said("its events do not replay"))  # pragma: no cover - a flaky game


def _said_wrong(field: str, value: Any, made: Any) -> Said:
    """A record that says other than its events (game, players, status, winners), whole."""
    given, found = quoted(value), quoted(made)
    if field == "game":
        return said("it says its game is {given}, but its events give {found}",
                    given=given, found=found)
    if field == "players":
        return said("it says its players are {given}, but its events give {found}",
                    given=given, found=found)
    if field == "status":
        return said("it says its status is {given}, but its events give {found}",
                    given=given, found=found)
    return said("it says its winners are {given}, but its events give {found}",
                given=given, found=found)


def _check_match(record: Any, now: datetime) -> Incoming:
    """One match record checked as `read_export` promises; _MatchRefused says what is wrong."""
    if not isinstance(record, dict):
        raise _MatchRefused(said("it is not a match record"))
    events = record.get("events")
    if not isinstance(events, list) or not events or not all(isinstance(e, dict) for e in events):
        raise _MatchRefused(said("it has no list of events"))
    if len(events) > MAX_EVENTS_PER_MATCH:
        raise _MatchRefused(said("it has {count} events, more than the {most} a match may have "
                                 "here", count=len(events), most=MAX_EVENTS_PER_MATCH))
    if record.get("fingerprint") != fingerprint(events):
        raise _MatchRefused(said("it was changed after it was exported (its events do not "
                                 "match its fingerprint)"))
    game = events[0].get("game")
    if events[0].get("type") != "setup" or not isinstance(game, str):
        raise _MatchRefused(said("its first event is not the match settings"))
    if game not in scoring.GAMES:
        raise _MatchRefused(said("it is of a game this version does not know ({game})",
                                 game=quoted(game)))
    created = _when(record.get("created"), "created", now)
    updated = _when(record.get("updated"), "updated", now)
    if created > updated:
        raise _MatchRefused(said("its created time {created} is after its updated time "
                                 "{updated}", created=quoted(record["created"]),
                                 updated=quoted(record["updated"])))
    match = _replayed(events)
    told = {k: record[k] for k in ("game", "players", "status", "winners") if k in record}
    status = "finished" if match.is_over else "active"
    made = {"game": game, "players": match.players, "status": status,
            "winners": match.winners if match.is_over else []}
    for field, value in told.items():
        if value != made[field]:
            raise _MatchRefused(_said_wrong(field, value, made[field]))
    mid = record.get("id")
    return Incoming(
        match=match,
        created=created,
        updated=updated,
        id=mid if isinstance(mid, str) else None,
        fingerprint=record["fingerprint"],
        label=label(game, match.players, updated),
    )


def _named(record: Any) -> Said | None:
    """How a refusal names a match of the file, from its settings ('Caro: Ann, Ben'), its names
    cut short, and no more of them than 2 * QUOTED characters hold (the rest one "…"); None
    where its settings name no game and players."""
    events = record.get("events") if isinstance(record, dict) else None
    setup = events[0] if isinstance(events, list) and events else {}
    setup = setup if isinstance(setup, dict) else {}
    players, game = setup.get("players"), setup.get("game")
    if not isinstance(players, list) or not isinstance(game, str):
        return None
    game = quotable(game, NAME)
    shown: list[str] = []
    room = 2 * QUOTED - len(game) - 2
    for player in players[:NAMES_SHOWN]:
        name = quotable(player if isinstance(player, str) else str(player), NAME)
        room -= len(name) + 2
        if room < 0:
            break
        shown.append(name)
    shown += ["…"] if len(shown) < len(players) else []
    return label(game, shown, None)


def _match_refused(n: int, total: int, record: Any, problem: Said | str) -> Said:
    """'Nothing was imported: match 2 of 5 (Caro: Ann, Ben): <problem>.' A problem that ends in
    a rule's whole sentence brings its own full stop."""
    named = _named(record)
    if str(problem).endswith("."):
        if named is None:
            # Translators: {problem} ends with a whole sentence and its own full stop.
            return said("Nothing was imported: match {n} of {total}: {problem}",
                        n=n, total=total, problem=problem)
        # Translators: {match} names the match ("Caro: Ann, Ben"); {problem} ends with a whole
        # sentence and its own full stop.
        return said("Nothing was imported: match {n} of {total} ({match}): {problem}",
                    n=n, total=total, match=named, problem=problem)
    if named is None:
        # Translators: {problem} says what is wrong with the match ("it is not a match record").
        return said("Nothing was imported: match {n} of {total}: {problem}.",
                    n=n, total=total, problem=problem)
    # Translators: {match} names the match ("Caro: Ann, Ben"); {problem} says what is wrong
    # with it ("it has no list of events").
    return said("Nothing was imported: match {n} of {total} ({match}): {problem}.",
                n=n, total=total, match=named, problem=problem)


def read_export(data: bytes | str, *, now: datetime | None = None) -> list[Incoming]:
    """Every match of a JSON export, checked; `ImportRefused` at the first problem.

    Nothing else escapes, whatever the bytes: a file is untrusted input, and a traceback in
    place of a sentence would leave the person who chose it with nothing to do. `now` is the
    clock the times are checked against (tomorrow is the latest a match may be updated).
    """
    try:
        return _read_export(data, now or datetime.now(UTC))
    except ImportRefused:
        raise
    except RecursionError:
        raise ImportRefused(
            said("This file is not a Table Companion export: it is nested too deeply.")
        ) from None
    except Exception as error:  # anything unforeseen still says what was (not) done
        log.warning("An import file could not be read", exc_info=True)
        raise ImportRefused(said(
            "Nothing was imported: this file could not be read as a Table Companion export "
            "({kind}).", kind=type(error).__name__)) from None


def _read_export(data: bytes | str, now: datetime) -> list[Incoming]:
    if isinstance(data, str) and len(data) > MAX_IMPORT_BYTES:
        data = data.encode("utf-8")  # refused just below, measured as a file would be
    if isinstance(data, bytes):
        if len(data) > MAX_IMPORT_BYTES:
            raise ImportRefused(said(
                "This file is too large to import ({size} MB; at most {most} MB).",
                size=len(data) // 2**20, most=MAX_IMPORT_BYTES // 2**20))
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ImportRefused(
                said("This file is not a Table Companion export: it is not text.")) from None
    try:
        doc = json.loads(data)
    except json.JSONDecodeError as error:
        # json's "Unterminated string starting at" names its place by a character index: say
        # the line and column instead of "starting at at line 2".
        # Translators: {problem} is what Python's JSON reader found, in its English
        # ("Expecting value"); keep it as it is.
        raise ImportRefused(said(
            "This file is not a Table Companion export: it is not valid JSON ({problem} at "
            "line {line}, column {column}).", problem=quotable(
                error.msg.removesuffix(" starting at"), DETAIL),
            line=error.lineno, column=error.colno)) from None
    except ValueError as error:  # e.g. a number of more digits than Python converts
        # Translators: {problem} is Python's own English words for what it could not read.
        raise ImportRefused(said(
            "This file is not a Table Companion export: it is not valid JSON ({problem}).",
            problem=_detail(error))) from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        # Translators: {format} is the marker every export holds; keep the quotes.
        raise ImportRefused(said(
            "This file is not a Table Companion export (it lacks \"format\": \"{format}\").",
            format=FORMAT))
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ImportRefused(said("This export has no valid format version ({version}).",
                                 version=quoted(version)))
    if version > VERSION:
        raise ImportRefused(said(
            "This export was written by a newer version of Table Companion (format version "
            "{version}; this version reads up to {newest}). Update Table Companion to import "
            "it.", version=version, newest=VERSION))
    records = doc.get("matches")
    if not isinstance(records, list):
        raise ImportRefused(said("This export has no list of matches."))
    total = sum(len(r["events"]) for r in records
                if isinstance(r, dict) and isinstance(r.get("events"), list))
    if total > MAX_EVENTS_PER_FILE:
        raise ImportRefused(said(
            "Nothing was imported: this file holds {total} events in all, more than the {most} "
            "one import may bring. Export fewer matches at a time.",
            total=total, most=MAX_EVENTS_PER_FILE))
    checked = []
    for n, record in enumerate(records, start=1):
        try:
            checked.append(_check_match(record, now))
        except ValueError as error:  # a _MatchRefused, or a check that broke on the input
            problem = getattr(error, "said", None) or _detail(error).rstrip(".")
            raise ImportRefused(_match_refused(n, len(records), record, problem)) from None
    return checked


def import_json(store: Store, data: bytes | str, *, now: datetime | None = None) -> ImportReport:
    """Check a JSON export (`read_export`), then store the matches that are not stored yet.

    `ImportRefused` (nothing stored) for any file that cannot be imported; `ImportIncomplete`
    when the disk refuses a write half way, saying how many were stored.
    """
    incoming = read_export(data, now=now)
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
    try:
        for start in range(0, len(fresh), CHUNK):
            chunk = fresh[start : start + CHUNK]
            imported += store.create_many((i.match, i.created, i.updated, i.id) for i in chunk)
    except (OSError, StoreError) as error:
        # A chunk that failed half way returns no ids: count what the store now holds.
        held = {s.fingerprint for s in store.summaries()}
        stored = sum(1 for i in fresh if i.fingerprint in held)
        log.warning("Import stopped after %d of %d matches: %s", stored, len(fresh), error)
        raise ImportIncomplete(stored, len(fresh), error) from error
    return ImportReport(tuple(imported), tuple(skipped))
