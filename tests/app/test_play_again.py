"""A finished match of a game without its own "next game" offers to play again."""

from __future__ import annotations

import json

from tests.support.app.ui import button, open_page, see
from tests.support.storage.finished import ratel_penalty_finished

SEEDS = {"finished": ratel_penalty_finished}


def test_play_again_starts_a_new_match_with_the_same_players_and_options(app, phone) -> None:
    mid = app.seeded["finished"]
    open_page(phone, f"{app.url}/match/{mid}")
    see(phone, "Ann wins")
    before = set((app.data / "matches").glob("*.json"))
    button(phone, "Play again: same players and options").click()
    phone.wait_for_url(lambda url: "/match/" in url and mid not in url)
    see(phone, "Round 1 · Ann leads")
    # The new match as saved (read beside the running app: the store's files are plain JSON).
    fresh = phone.url.rsplit("/match/", 1)[1].split("/")[0]
    saved = json.loads((app.data / "matches" / f"{fresh}.json").read_text())
    events = saved["match"]["1"]["events"]
    settings = events[0]
    assert set((app.data / "matches").glob("*.json")) - before == {
        app.data / "matches" / f"{fresh}.json"}, "one new match, no other"
    assert len(events) == 1, "a new match, nothing played yet"
    assert list(settings["players"]) == ["Ann", "Ben", "Cleo"]
    assert settings["mode"] == "penalty" and settings["penalty_limit"] == 15
