"""The standings of an open match as a small JSON document, for the page's "Connection lost"
notice (web/connection.js).

While the socket is down, Flet's client draws its "Working..." cover over the whole page, so the
table could not read the scores just when it most needs them. The page script cannot read what
Flutter draws, and the page's Content-Security-Policy allows no script the app would write into
it; so the page asks this address, `GET /standings/<match id>`, after each change the socket
brings while a match screen is open, keeps the last answer and shows it under the notice.

What it may cost and whom it answers:
- read-only, from the server's own state: only a match already open (a screen has it) is
  answered, from memory; a match id never becomes a path, and no file is read for a request;
- bounded: an id must look like one the store makes; the answer holds at most `MAX_ROWS` rows
  of at most `MAX_TEXT` characters; lookups run off the event loop (a save of that match holds
  its lock), at most one a match and `MAX_LOOKUPS` in all, and a request past that gets 503 at
  once (so a lookup waiting for one match's save never holds up another match's);
- in the viewer's language: the page names it (`?lang=de`, companion/web/words.js: the device's
  choice, else its browser's); anything but one of the app's languages is English;
- the app's own pages only: the Host must be one of the app's addresses (a page of another
  site that points its name at this machine, DNS rebinding, gets 403), and a browser that
  says the request came from another site (`Sec-Fetch-Site`) gets 403. Anyone who may open the
  app may read this: a phone at a shared table follows every match live without the PIN.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple
from urllib.parse import parse_qs

from companion.describe.words import minus_signs
from companion.i18n import Voice
from companion.i18n.choice import DEFAULT, known
from companion.server.origin import ASGIApp, Receive, Scope, Send, host_allowed
from scoring.core import Standing
from scoring.said import render

if TYPE_CHECKING:
    from companion.session.open_matches import OpenMatches

PREFIX = "/standings/"
MATCH_ID = re.compile(r"[0-9a-f]{12}")  # storage.store.ID: what the store makes
MAX_ROWS = 12
MAX_TEXT = 80
MAX_QUERY = 64  # bytes of a query string read for its language; a longer one is not read
MAX_LOOKUPS = 4  # lookups under way at once (threads), each of another match
SITES = {b"same-origin", b"none"}  # Sec-Fetch-Site values a page of the app sends
log = logging.getLogger(__name__)


class Board(NamedTuple):
    """What the notice shows: the game's title and each row, as data (a `Standing`, said in the
    viewer's language) or as (name, what they have)."""

    game: Any
    rows: Sequence[Standing | tuple[str, str]]
    # What else the table watches, by row name as `Match.standing_notes` gives it (Ratel's
    # cards in hand mid-round, Careta's hands, Carrera's momentum): a line under the figure.
    notes: Mapping[Any, Any] = {}


def language(scope: Scope) -> str:
    """The language a request asks for (`?lang=de`): one of the app's, else English."""
    query = scope.get("query_string", b"")
    if not isinstance(query, bytes) or len(query) > MAX_QUERY:
        return DEFAULT
    asked = parse_qs(query.decode("latin-1")).get("lang", [])
    return known(asked[0]) or DEFAULT if len(asked) == 1 else DEFAULT


def said_rows(board: Board, code: str) -> tuple[str, list[tuple[str, str]]]:
    """The board's title and rows as text in the language `code`."""
    words = Voice(code)
    rows = [(render(row.name, words), row.text_in(words)) if isinstance(row, Standing) else row
            for row in board.rows[:MAX_ROWS]]
    return render(board.game, words), rows


def said_notes(board: Board, code: str) -> list[str]:
    """Each row's note in the language `code` ("" for none), in the rows' order."""
    words = Voice(code)
    notes = []
    for row in board.rows[:MAX_ROWS]:
        name = row.name if isinstance(row, Standing) else row[0]
        try:
            note = board.notes.get(name, "")
        except TypeError:  # a name no note can be kept under
            note = ""
        notes.append(render(note, words) if note else "")
    return notes


Lookup = Callable[[str], Board | None]  # an open match's board; None if it is not open


class StandingsEndpoint:
    """ASGI middleware answering `GET /standings/<id>` from `lookup`; everything else goes on
    to `app`. `allowed` are the app's own origins (`origin.allowed_origins`), `scheme` its
    pages' scheme."""

    def __init__(self, app: ASGIApp, lookup: Lookup, allowed: frozenset[str],
                 scheme: str = "http") -> None:
        self.app = app
        self.lookup = lookup
        self.allowed = allowed
        self.scheme = scheme
        self.busy: set[str] = set()  # the matches being looked up (read on the event loop only)
        self.refused = 0  # requests refused before any lookup, for tests

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope.get("path", "").startswith(PREFIX):
            await self.app(scope, receive, send)
            return
        status, body = await self.answer(scope)
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"),
                                (b"cache-control", b"no-store"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})

    async def answer(self, scope: Scope) -> tuple[int, bytes]:
        """The status and body for this request: refusals are decided from the request alone,
        before the matches are touched."""
        headers: dict[bytes, list[bytes]] = {}
        for key, value in scope.get("headers", ()):
            headers.setdefault(key.lower(), []).append(value)
        mid = scope["path"][len(PREFIX):]
        code = language(scope)
        if scope.get("method") != "GET":
            return self.refuse(405, "only GET")
        if not self.own_page(headers):
            return self.refuse(403, "not a page of this app")
        if MATCH_ID.fullmatch(mid) is None:
            return self.refuse(404, "no such match")
        if mid in self.busy or len(self.busy) >= MAX_LOOKUPS:
            return self.refuse(503, "busy, ask again")
        self.busy.add(mid)
        try:
            board = await asyncio.to_thread(self.lookup, mid)
        except Exception:  # a match that cannot say its standings: nothing to show
            log.exception("The standings of match %s could not be read", mid)
            board = None
        finally:
            self.busy.discard(mid)
        if board is None:
            return 404, b'{"error": "no such match open"}'
        game, said = said_rows(board, code)
        rows = [{"name": name[:MAX_TEXT], "text": minus_signs(text)[:MAX_TEXT],
                 **({"note": minus_signs(note)[:MAX_TEXT]} if note else {})}
                for (name, text), note in zip(said, said_notes(board, code), strict=True)]
        return 200, json.dumps({"game": game[:MAX_TEXT], "rows": rows},
                               ensure_ascii=False).encode()

    def own_page(self, headers: dict[bytes, list[bytes]]) -> bool:
        hosts, sites = headers.get(b"host", []), headers.get(b"sec-fetch-site", [])
        if len(hosts) != 1 or len(sites) > 1 or (sites and sites[0] not in SITES):
            return False
        return host_allowed(hosts[0], self.allowed, self.scheme)

    def refuse(self, status: int, why: str) -> tuple[int, bytes]:
        self.refused += 1
        return status, json.dumps({"error": why}).encode()


def open_boards(tables: OpenMatches) -> Lookup:
    """The lookup for the app's open matches: a match no screen has open is not answered."""

    def board(mid: str) -> Board | None:
        return tables.read_open(mid, lambda match: Board(match.title_word(),
                                                         match.standing_figures(),
                                                         match.standing_notes))

    return board
