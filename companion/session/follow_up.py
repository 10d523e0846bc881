"""A finished match's follow-up (Caro's next game, or the same game played again) is made once.

However often "Next game" or "Play again" is tapped, by one phone or several, in one burst or
days later from History, a finished match has one follow-up: it is stored under an id worked out
from the finished match's id, so the first tap creates it and every later tap finds and opens
it. Nothing else has to be kept: the link survives a reload, a server restart, and an export and
import that keep both ids. The check and the creation happen under one lock, so two taps that
arrive together (two sessions, or two events of one session) cannot both create it.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from scoring.core import Match

_MAKING = threading.Lock()


@dataclass(frozen=True)
class FollowUp:
    """What a match screen needs to offer the follow-up of a finished match."""

    made: bool  # it exists already: offer to open it, not a choice of how to start it
    # Open it, making it first if need be; `starter` chooses who starts a game that has a next
    # game (Caro, when several share the lowest total). A refusal goes on the message line.
    open: Callable[[str | None], None]


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
