"""What the store tells the app about files it set aside or refused, as data.

A notice says which file (the match and its id, or the list of matches), what is wrong with it,
what became of it, and, apart from that, where it now is on the data folder's disk. The words are
made when a screen shows it: `said(where=True)` names the path, for the person at the computer
that keeps the data; `str()` never does (a phone following the table learns that a match was set
aside, never where the server keeps its files).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from scoring.said import Said, said


class Kind(Enum):
    MOVED = "moved"  # moved into damaged/
    STUCK = "stuck"  # could not be read, nor moved aside: it stays where it was
    NEWER = "newer"  # written by a newer version of the app: left as it is


@dataclass(frozen=True)
class Notice:
    # The words are data (a `Said`, or text): said in each reader's language, and left out of
    # the hash (a dict among a said value's arguments has none); the rest tells notices apart.
    kind: Kind
    # "The Caro match of Ann and Ben (<id>)", "The list of matches (index.json)"
    subject: Any = field(hash=False)
    problem: Any = field(hash=False)  # why it could not be used; never a path
    # what the app did about it, e.g. "; the other matches are fine"
    result: Any = field(default="", hash=False)
    why_stuck: str = ""  # STUCK: why it could not be moved (an OS error's reason)
    path: str | None = None  # where the file now is, on the server's disk
    match_id: str | None = None

    def spoken(self, *, where: bool = False) -> Said:
        """The notice as data (a whole sentence per case, scoring/said.py), for a screen to say
        in its language; with `where`, the path of the file too. The subject, problem and result
        are the store's words (a `Said` or, from the store of today, English text)."""
        if self.kind is Kind.NEWER:
            # Translators: {subject} is "The match <id>", {problem} what follows it ("was saved by
            # a newer version ..."); where {subject} would start the sentence in a lowercase form,
            # put it after a verb instead.
            return said("{subject} {problem}", subject=self.subject, problem=self.problem)
        result = self.result or ""
        if self.kind is Kind.MOVED:
            if where and self.path:
                return said("{subject} could not be read ({problem}); it was moved to "
                            "{path}{result}.", subject=self.subject, problem=self.problem,
                            path=self.path, result=result)
            return said("{subject} could not be read ({problem}); it was set aside{result}.",
                        subject=self.subject, problem=self.problem, result=result)
        if where and self.path:
            return said("{subject} could not be read ({problem}) nor moved aside ({why}); it "
                        "stays at {path}{result}.", subject=self.subject, problem=self.problem,
                        why=self.why_stuck, path=self.path, result=result)
        return said("{subject} could not be read ({problem}) nor moved aside ({why}); it stays "
                    "where it was{result}.", subject=self.subject, problem=self.problem,
                    why=self.why_stuck, result=result)

    def said(self, *, where: bool = False) -> str:
        """The notice in an English sentence (the log's); with `where`, the path too."""
        return str(self.spoken(where=where))

    def __str__(self) -> str:
        return self.said()
