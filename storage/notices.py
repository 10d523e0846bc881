"""What the store tells the app about files it set aside or refused, as data.

A notice says which file (the match and its id, or the list of matches), what is wrong with it,
what became of it, and, apart from that, where it now is on the data folder's disk. The words are
made when a screen shows it: `said(where=True)` names the path, for the person at the computer
that keeps the data; `str()` never does (a phone following the table learns that a match was set
aside, never where the server keeps its files).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Kind(Enum):
    MOVED = "moved"  # moved into damaged/
    STUCK = "stuck"  # could not be read, nor moved aside: it stays where it was
    NEWER = "newer"  # written by a newer version of the app: left as it is


@dataclass(frozen=True)
class Notice:
    kind: Kind
    subject: str  # "The Caro match of Ann and Ben (<id>)", "The list of matches (index.json)"
    problem: str  # why it could not be used; never a path
    result: str = ""  # what the app did about it, e.g. "; the other matches are fine"
    why_stuck: str = ""  # STUCK: why it could not be moved (an OS error's reason)
    path: str | None = None  # where the file now is, on the server's disk
    match_id: str | None = None

    def said(self, *, where: bool = False) -> str:
        """The notice in a sentence; with `where`, the path of the file too."""
        if self.kind is Kind.NEWER:
            return f"{self.subject} {self.problem}"
        if self.kind is Kind.MOVED:
            now = f"moved to {self.path}" if where and self.path else "set aside"
            return f"{self.subject} could not be read ({self.problem}); it was {now}{self.result}."
        place = f"stays at {self.path}" if where and self.path else "stays where it was"
        return (f"{self.subject} could not be read ({self.problem}) nor moved aside "
                f"({self.why_stuck}); it {place}{self.result}.")

    def __str__(self) -> str:
        return self.said()
