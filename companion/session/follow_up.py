"""A finished match's follow-up (Caro's next game, or the same game played again) is made once.

However often "Next game" or "Play again" is tapped, by one phone or several, in one burst or
days later from History, a finished match has one follow-up: it is stored under an id worked out
from the finished match's id, so the first tap creates it and every later tap finds and opens
it. Nothing else has to be kept: the link survives a reload, a server restart, and an export and
import that keep both ids. The check and the creation happen under one lock, so two taps that
arrive together (two sessions, or two events of one session) cannot both create it.

A follow-up made by mistake is taken back by Undo while nothing is played in it (`take_back`):
its file goes (it holds only its settings) and the finished match offers it again.
"""

from __future__ import annotations

import functools
import hashlib
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from scoring import RuleViolation
from scoring.core import Match

_MAKING = threading.Lock()


@dataclass(frozen=True)
class FollowUp:
    """What a match screen needs to offer the follow-up of a finished match."""

    made: bool  # it exists already: offer to open it, not a choice of how to start it
    # Open it, making it first if need be; `starter` chooses who starts a game that has a next
    # game (Caro, when several share the lowest total). A refusal goes on the message line.
    open: Callable[[str | None], None]


@functools.lru_cache(maxsize=16384)  # History, Home and a fresh game's Undo hash every id
def follow_up_id(mid: str) -> str:
    """The id the follow-up of match `mid` is stored under (the store's 12-hex-digit form)."""
    return hashlib.sha256(f"follow-up of {mid}".encode()).hexdigest()[:12]


def find_follow_up(tables: Any, mid: str) -> str | None:
    """The id of `mid`'s follow-up if it is stored, else None. A follow-up the store cannot open
    (a damaged file, a newer version) raises its error: it is not made again over it."""
    fid = follow_up_id(mid)
    try:
        tables.get(fid)
    except KeyError:
        return None
    return fid


def open_follow_up(tables: Any, mid: str, make: Callable[[], Match]) -> str:
    """The id of `mid`'s follow-up: the stored one, or `make()` stored now (`tables` is the
    session's `SessionMatches`, which refuses a session that may not keep score)."""
    with _MAKING:
        found = find_follow_up(tables, mid)
        if found is not None:
            return found
        return tables.create(make(), mid=follow_up_id(mid))


def find_previous(tables: Any, mid: str) -> str | None:
    """The id of the stored match whose follow-up `mid` is, else None."""
    for summary in tables.summaries():
        if follow_up_id(summary.id) == mid:
            return summary.id
    return None


def take_back(tables: Any, mid: str, seen: int) -> str:
    """Discard `mid`, a follow-up with no action in effect and nothing to redo, and return the
    id of the match it follows (whose screen makes it again on the next tap).

    `tables` is the session's `SessionMatches`: a session that may not keep score is refused
    (`Locked`) before anything is read; `seen` is the version the screen showed, so a discard
    decided before another phone's first action in it is refused (`StaleView`). Anything else
    is refused as Undo refuses it: nothing to undo. A refusal changes nothing.
    """
    tables.check_keeps_score()
    with _MAKING:  # not while a tap on the finished match is making or finding it
        try:
            tables.check(mid, seen=seen)  # the screen was in step (StaleView if not)
            match = tables.get(mid).match
        except KeyError:
            raise RuleViolation("nothing-to-undo", "There is nothing to undo.") from None
        previous = find_previous(tables, mid)
        if previous is None or match.can_undo or match.can_redo:
            raise RuleViolation("nothing-to-undo", "There is nothing to undo.")
        tables.delete(mid, seen=seen)
    return previous
