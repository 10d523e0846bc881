"""A watcher on a follow-up the scorekeeper takes back is sent to the finished match it followed,
which says so, instead of "Match not found".

Real Flet sessions of the app on a shared table with a PIN (no browser): a keeper that entered
it and a watcher that did not. A page is sent elsewhere by `push_route`, which the test plays as
the browser does (a route change) to read what the page shows there.
"""

from __future__ import annotations

from pathlib import Path

import flet as ft
from flet.messaging.protocol import InvokeMethodRequestBody
from flet.messaging.session import Session

from companion.session.access import Gate
from companion.session.follow_up import follow_up_id, open_follow_up, take_back
from companion.session.open_matches import OpenMatches
from scoring.core import Match
from storage import Store
from tests.support.companion.apart import run_apart
from tests.support.companion.series import next_of
from tests.support.companion.tree import every, label_of
from tests.support.companion.watch_back import go
from tests.support.companion.watch_views import KEEPER, WATCHER, keeper_pass
from tests.support.companion.wrong_pins_screen import PIN, enter_pin, open_as, settle, texts
from tests.support.storage.finished import caro_finished, ratel_damage_finished

NOT_FOUND = "Match not found"
NEXT_TAKEN_BACK = "The next game was taken back."
AGAIN_TAKEN_BACK = "The match played again was taken back."
KEEPERS_LINE = ("The next game was taken back (nothing was played in it): Redo or Next game "
                "starts it again.")


def pushed(session: Session) -> list[str]:
    """The routes the server sent this page to."""
    return [m.body.args["route"] for m in session.connection.sent
            if isinstance(m.body, InvokeMethodRequestBody) and m.body.name == "push_route"]


def ids(store: Store) -> list[str]:
    return sorted(s.id for s in store.summaries())


def again(done: Match) -> Match:
    return next_of(done) if done.HAS_NEXT_GAME else done.play_again()


def sent_back(tmp_path: Path, done: Match, line: str) -> None:
    """A watcher follows the keeper onto `done`'s follow-up; the keeper takes it back; the
    watcher is sent to `done`, which says `line` until the keeper makes the follow-up again."""
    async def run() -> None:
        with Store(tmp_path / "data") as store:
            first = store.create(done)
            fresh = store.create(again(done), mid=follow_up_id(first))
            tables = OpenMatches(store, Gate(PIN))
            keeper = tables.session(keeper_pass(tables))
            watcher = await open_as(tables, tmp_path, f"/match/{fresh}", WATCHER)
            assert NOT_FOUND not in texts(watcher)

            assert take_back(keeper, fresh, seen=tables.get(fresh).version) == first
            await settle()
            assert pushed(watcher) == [f"/match/{first}"]  # sent there live, once
            assert NOT_FOUND not in texts(watcher)
            assert line in texts(watcher)  # while the browser is on its way
            await go(watcher, f"/match/{first}")
            assert line in texts(watcher) and "Game over" in texts(watcher)
            assert NOT_FOUND not in texts(watcher)
            assert ids(store) == [first]  # the watcher changed nothing

            # Made again: the line goes, and the way into it shows live.
            open_follow_up(keeper, first, lambda: again(done))
            await settle()
            assert line not in texts(watcher)
            opener = ("Open the next game" if done.HAS_NEXT_GAME
                      else "Open the match played again")
            assert any(isinstance(c, ft.FilledButton) and label_of(c) == opener
                       for c in every(watcher.page))

    run_apart(run())


def test_a_watcher_on_a_next_game_taken_back_is_sent_to_the_game_it_followed(
        tmp_path: Path) -> None:
    sent_back(tmp_path, caro_finished(1), NEXT_TAKEN_BACK)


def test_a_watcher_on_a_match_played_again_and_taken_back_is_sent_back(tmp_path: Path) -> None:
    sent_back(tmp_path, ratel_damage_finished(), AGAIN_TAKEN_BACK)


def test_the_address_of_a_follow_up_taken_back_opens_the_match_it_followed(
        tmp_path: Path) -> None:
    """A page opened (or reloaded) on the address is sent there too: the store decides."""
    async def run() -> None:
        with Store(tmp_path / "data") as store:
            first = store.create(caro_finished(1))
            tables = OpenMatches(store, Gate(PIN))
            watcher = await open_as(tables, tmp_path, f"/match/{follow_up_id(first)}", WATCHER)
            assert pushed(watcher) == [f"/match/{first}"]
            assert NEXT_TAKEN_BACK in texts(watcher) and NOT_FOUND not in texts(watcher)
            # A match that follows nothing stored is still not found, and nobody is sent on.
            lost = await open_as(tables, tmp_path, f"/match/{follow_up_id('0' * 12)}", WATCHER)
            assert NOT_FOUND in texts(lost) and pushed(lost) == []
            assert ids(store) == [first]

    run_apart(run())


def test_the_keeper_who_took_it_back_keeps_its_own_line(tmp_path: Path) -> None:
    """The keeper's own Undo sends it back once, saying Redo makes it again; a second keeper on
    the same next game is sent back with the watcher's line."""
    done = caro_finished(1)

    async def run() -> None:
        with Store(tmp_path / "data") as store:
            first = store.create(done)
            fresh = store.create(next_of(done), mid=follow_up_id(first))
            tables = OpenMatches(store, Gate(PIN))
            keepers = []
            for address in (KEEPER, "192.168.1.21"):
                keeper = await open_as(tables, tmp_path, "/share", address)
                await enter_pin(keeper, PIN)
                await go(keeper, f"/match/{fresh}")
                keepers.append(keeper)
            one, other = keepers
            undo = next(c for c in every(one.page) if isinstance(c, ft.IconButton)
                        and isinstance(c.icon, ft.Icon) and c.icon.semantics_label == "Undo")
            await one.dispatch_event(undo._i, "click", None)
            await settle()
            assert pushed(one) == [f"/match/{first}"]
            await go(one, f"/match/{first}")
            assert KEEPERS_LINE in texts(one) and NEXT_TAKEN_BACK not in texts(one)
            assert pushed(other) == [f"/match/{first}"]
            await go(other, f"/match/{first}")
            assert NEXT_TAKEN_BACK in texts(other) and NOT_FOUND not in texts(other)

    run_apart(run())
