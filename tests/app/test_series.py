"""A series everywhere, on a phone: History shows two Caro games as one series, a next game not
yet played stays out of Continue, and Undo in it takes the scorekeeper back to the game before."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from companion.session.follow_up import follow_up_id
from scoring import caro
from storage import Store
from tests.support.app.process import AppProcess
from tests.support.app.ui import button, host, open_page, see, text
from tests.support.companion.series import finish, finish_one, next_of
from tests.support.storage.finished import caro_finished

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("SERIES_SHOTS")  # a folder: keep phone-size screenshots while working


def shot(page: Page, name: str) -> None:
    if SHOTS:
        page.wait_for_timeout(1500)
        page.screenshot(path=f"{SHOTS}/{name}.png")


@pytest.fixture
def series_app(tmp_path: Path) -> Iterator[tuple[AppProcess, list[str], list[caro.Match]]]:
    """An app whose folder holds one Caro game and, for `two_games`, its next game played out
    (stored under the id "Next game" gives it), and nothing else."""
    data = tmp_path / "data"
    first = caro_finished(1)
    second = finish(next_of(first), 7)
    with Store(data) as store:
        one = store.create(first)
        two = store.create(second, mid=follow_up_id(one))
    process = AppProcess(data).start()
    yield process, [one, two], [first, second]
    process.stop()


def stored(app: AppProcess) -> list[str]:
    with app.stopped_store() as store:
        return sorted(s.id for s in store.summaries())


def test_history_shows_two_caro_games_as_one_series(series_app, phone) -> None:
    app, (one, two), (first, second) = series_app
    open_page(phone, f"{app.url}/history")
    see(phone, "Caro series: 2 games · Ann, Ben")
    totals = second.series_totals
    best = max(totals.values())
    winners = " and ".join(p for p, t in totals.items() if t == best)
    said = " · ".join(f"{p} {t}" for p, t in totals.items())
    see(phone, f"Won the series: {winners} ({said} points)")
    game_one = " · ".join(f"{p} {t}" for p, t in first.scores.items())
    # One group: the games in the order played, each a row (a button whose name holds its
    # lines) that still opens its own match.
    names = host(phone).get_by_role("button", name=re.compile(r"^Open Caro: Ann, Ben"))
    expect(names).to_have_count(2)
    expect(names.nth(0)).to_have_accessible_name(
        re.compile(re.escape(f"Game 1 · series {game_one} points")))
    expect(names.nth(1)).to_have_accessible_name(
        re.compile(re.escape(f"Game 2 · series {said} points")))
    shot(phone, "history-series")
    names.nth(1).click()
    phone.wait_for_url(f"**/match/{two}")
    see(phone, "Game 2 of the series")


def test_undo_in_an_untouched_next_game_takes_the_scorekeeper_back(series_app, phone) -> None:
    app, (one, two), (first, second) = series_app
    starter = second.losers[0]
    open_page(phone, f"{app.url}/match/{two}")
    button(phone, f"Next game ({starter} starts)").click()
    phone.wait_for_url(lambda url: "/match/" in url and two not in url)
    third = phone.url.rsplit("/", 1)[-1]
    see(phone, f"{starter} lays the first caro")
    shot(phone, "fresh-next-game")
    # Not a match to continue until its first action: Home lists none.
    open_page(phone, f"{app.url}/")
    see(phone, "New match")
    expect(text(phone, "Continue", exact=True)).to_have_count(0)
    # The first Undo in it: back to game 2, the empty game gone.
    open_page(phone, f"{app.url}/match/{third}")
    see(phone, f"{starter} lays the first caro")
    button(phone, "Undo").click()
    phone.wait_for_url(f"**/match/{two}")
    see(phone, "The next game was taken back (nothing was played in it): Redo or Next game "
               "starts it again.")
    shot(phone, "taken-back")
    # Redo makes it again, as it was; Undo takes it back once more.
    button(phone, "Redo").click()
    phone.wait_for_url(f"**/match/{third}")
    see(phone, f"{starter} lays the first caro")
    button(phone, "Undo").click()
    phone.wait_for_url(f"**/match/{two}")
    see(phone, "The next game was taken back")
    assert stored(app) == sorted([one, two])  # the server restarted: a reload keeps it all
    open_page(phone, f"{app.url}/match/{two}")
    see(phone, f"Next game ({starter} starts)")
    expect(button(phone, "Redo")).to_be_disabled()
    open_page(phone, f"{app.url}/history")
    see(phone, "Caro series: 2 games · Ann, Ben")


@pytest.fixture
def in_play_app(tmp_path: Path) -> Iterator[tuple[AppProcess, list[str], caro.Match]]:
    """One Caro game finished and its next game with one caro laid."""
    data = tmp_path / "data"
    first = caro_finished(1)
    second = next_of(first)
    finish_one(second)
    with Store(data) as store:
        one = store.create(first)
        two = store.create(second, mid=follow_up_id(one))
    process = AppProcess(data).start()
    yield process, [one, two], first
    process.stop()


def test_a_series_whose_next_game_is_in_play(in_play_app, phone) -> None:
    app, (one, two), first = in_play_app
    open_page(phone, f"{app.url}/")
    see(phone, "Continue")  # played in: a match to continue like any other
    expect(host(phone).get_by_role("button", name=re.compile(r"^Open Caro: Ann, Ben"))
           ).to_have_count(1)
    open_page(phone, f"{app.url}/history")
    best = max(first.scores.values())
    leaders = " and ".join(p for p, t in first.scores.items() if t == best)
    said = " · ".join(f"{p} {t}" for p, t in first.scores.items())
    see(phone, f"Ahead in the series: {leaders} ({said} points); game 2 is in play.")
    shot(phone, "history-in-play")
