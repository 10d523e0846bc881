"""A finished match of a game without its own "next game" offers to play again."""

from __future__ import annotations

from storage import Store
from tests.app.conftest import AppProcess
from tests.app.ui import button, open_page, see
from tests.storage.finished import ratel_penalty_finished


def seed(app: AppProcess) -> str:
    app.stop()
    with Store(app.data) as store:
        mid = store.create(ratel_penalty_finished())
    app.start()
    return mid


def test_play_again_starts_a_new_match_with_the_same_players_and_options(app, phone) -> None:
    mid = seed(app)
    open_page(phone, f"{app.url}/match/{mid}")
    see(phone, "Ann wins")
    button(phone, "Play again: same players and options").click()
    phone.wait_for_url(lambda url: "/match/" in url and mid not in url)
    see(phone, "Round 1 · Ann leads")
    app.stop()
    with Store(app.data) as store:
        fresh = [s for s in store.summaries() if s.id != mid]
        settings = store.load(fresh[0].id).events[0]
    assert len(fresh) == 1 and fresh[0].status == "active"
    assert list(fresh[0].players) == ["Ann", "Ben", "Cleo"]
    assert settings["mode"] == "penalty" and settings["penalty_limit"] == 15
