"""GET /standings/<id>: what the page keeps for its "Connection lost" notice, and every request
it refuses before the matches are touched (without a server: the ASGI app called directly)."""

from __future__ import annotations

import asyncio
import doctest
import threading
from pathlib import Path

from companion.server.standings import (
    MAX_ROWS,
    MAX_TEXT,
    Board,
    open_boards,
    said_notes,
    said_rows,
)
from companion.session.open_matches import OpenMatches
from scoring import caro, ratel
from storage import Store
from tests.support.companion.apart import run_apart
from tests.support.companion.standings_endpoint import MID, OWN, endpoint, get


def test_an_open_match_gives_its_standings_with_minus_signs() -> None:
    guard, asked, passed = endpoint()
    status, body = get(guard, f"/standings/{MID}")
    assert status == 200 and asked == [MID] and passed == []
    assert body == {"game": "Caro", "rows": [{"name": "Ann", "text": "\u221210"},
                                             {"name": "Ben", "text": "8"}]}


def test_other_paths_go_on_to_the_app() -> None:
    guard, asked, passed = endpoint()

    async def call() -> None:
        await guard({"type": "http", "method": "GET", "path": "/match/x", "headers": OWN},
                    None, None)

    run_apart(call())
    assert len(passed) == 1 and asked == []


def test_requests_not_from_the_apps_own_pages_are_refused_before_any_lookup() -> None:
    guard, asked, _ = endpoint()
    path = f"/standings/{MID}"
    refused = [
        [(b"host", b"evil.example:8550")],  # DNS rebinding: another site's name
        [(b"host", b"127.0.0.1:8550"), (b"sec-fetch-site", b"cross-site")],
        [(b"host", b"127.0.0.1:8550"), (b"sec-fetch-site", b"same-site")],
        [(b"host", b"127.0.0.1:8550"), (b"host", b"evil.example")],
        [(b"host", b"127.0.0.1:8550@evil.example")],
        [(b"host", b"\xff")],
        [],  # no Host at all
    ]
    for headers in refused:
        assert get(guard, path, headers)[0] == 403, headers
    assert get(guard, path, method="POST")[0] == 405
    assert asked == [] and guard.refused == len(refused) + 1


def test_an_id_the_store_would_never_make_is_not_looked_up() -> None:
    guard, asked, _ = endpoint()
    for path in ("/standings/", "/standings/../../etc/passwd", "/standings/0123456789AB",
                 f"/standings/{MID}/x", "/standings/" + "a" * 4000):
        assert get(guard, path)[0] == 404, path
    assert asked == []
    assert get(guard, "/standings/ffffffffffff")[0] == 404 and asked == ["ffffffffffff"]


def test_a_lookup_under_way_answers_a_second_request_busy() -> None:
    started, release = threading.Event(), threading.Event()

    def slow(mid: str) -> Board:
        started.set()
        release.wait(10)
        return Board("Caro", [("Ann", "1")])

    guard, _, _ = endpoint(slow)

    async def both() -> list[int]:
        statuses: list[int] = []

        async def one() -> None:
            sent: list[dict] = []

            async def send(message: dict) -> None:
                sent.append(message)

            scope = {"type": "http", "method": "GET", "path": f"/standings/{MID}",
                     "headers": OWN}
            await guard(scope, None, send)
            statuses.append(sent[0]["status"])

        first = asyncio.create_task(one())
        await asyncio.to_thread(started.wait, 10)
        await one()  # while the first lookup runs
        release.set()
        await first
        return statuses

    assert run_apart(both()) == [503, 200]


def test_the_answer_is_bounded() -> None:
    rows = [("N" * 500, "9" * 500)] * (MAX_ROWS * 10)
    guard, _, _ = endpoint(lambda mid: Board("G" * 500, rows))
    status, body = get(guard, f"/standings/{MID}")
    assert status == 200 and len(body["rows"]) == MAX_ROWS and len(body["game"]) == MAX_TEXT
    assert all(len(r["name"]) == MAX_TEXT and len(r["text"]) == MAX_TEXT for r in body["rows"])


def test_only_a_match_a_screen_has_open_is_answered_and_none_is_loaded(tmp_path: Path) -> None:
    with Store(tmp_path / "data") as store:
        match = caro.Match(["Ann", "Ben"])
        match.lay("grey", (0, 0))
        mid = store.create(match)
        tables = OpenMatches(store)
        lookup = open_boards(tables)
        assert lookup(mid) is None  # stored, but no screen has it open
        assert tables.read_open(mid, lambda m: m) is None  # and asking did not load it
        tables.get(mid)  # a match screen opens it
        assert said_rows(lookup(mid), "en") == ("Caro", [("Ann", "10"), ("Ben", "0")])
        assert lookup("ffffffffffff") is None


def test_the_origin_examples_hold() -> None:
    from companion.server import origin

    assert doctest.testmod(origin).failed == 0


def test_what_the_table_watches_comes_under_each_figure_in_the_viewers_language(
        tmp_path: Path) -> None:
    """Ratel mid-round: the hands, not only the damage (the notes the Big scoreboard shows)."""
    with Store(tmp_path / "data") as store:
        match = ratel.Match(["Ann", "Ben", "Cleo"])
        match.play(2, -3)
        mid = store.create(match)
        tables = OpenMatches(store)
        tables.get(mid)
        board = open_boards(tables)(mid)
        assert said_notes(board, "en") == ["8 cards in hand", "10 cards in hand",
                                           "10 cards in hand"]
        assert said_notes(board, "de")[0] != "8 cards in hand"  # said in the viewer's language
    guard, _, _ = endpoint(lambda asked: board)
    status, body = get(guard, f"/standings/{MID}")
    assert status == 200
    assert [(row["name"], row["note"]) for row in body["rows"]] == [
        ("Ann", "8 cards in hand"), ("Ben", "10 cards in hand"), ("Cleo", "10 cards in hand")]
    # A row with nothing more to watch has no note at all.
    guard, _, _ = endpoint()
    assert all("note" not in row for row in get(guard, f"/standings/{MID}")[1]["rows"])
