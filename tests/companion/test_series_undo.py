"""Undo in a next game with nothing played in it, on real Flet sessions in one process (no
browser): the scorekeeper's takes it back to the game before; a watcher's tap, even sent past
the disabled button as a crafted event, changes nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from flet.messaging.protocol import InvokeMethodRequestBody

from companion.session.access import Gate
from companion.session.follow_up import follow_up_id
from companion.session.open_matches import OpenMatches
from storage import Store
from tests.support.companion.apart import run_apart
from tests.support.companion.in_step import Phone, until
from tests.support.companion.series import next_of
from tests.support.storage.finished import caro_finished

TAKEN_BACK = ("The next game was taken back (nothing was played in it): Redo or Next game "
              "starts it again.")


def pushed(phone: Phone) -> list[str]:
    """The routes the server sent this page to."""
    return [m.body.args["route"] for m in phone.wire.sent
            if isinstance(m.body, InvokeMethodRequestBody) and m.body.name == "push_route"]


def with_next_game(folder: Path, gate: Gate, scenario: Any) -> Any:
    """Run `scenario(phone, first, fresh, ids)` on a page showing an untouched next game."""
    done = caro_finished(1)
    with Store(folder / "data") as store:
        first = store.create(done)
        fresh = store.create(next_of(done), mid=follow_up_id(first))

    async def run() -> Any:
        with Store(folder / "data") as store:
            phone = Phone(OpenMatches(store, gate), folder, fresh)
            await asyncio.sleep(0.2)  # the router renders the match

            def ids() -> list[str]:
                return sorted(s.id for s in store.summaries())

            return await scenario(phone, first, fresh, ids)

    return run_apart(run())


def test_the_keepers_first_undo_takes_the_next_game_back(tmp_path: Path) -> None:
    async def scenario(phone: Phone, first: str, fresh: str, ids: Any) -> None:
        await phone.tap("Undo")
        await until(lambda: pushed(phone) == [f"/match/{first}"])  # the page is sent back
        assert ids() == [first]
        assert not (tmp_path / "data" / "matches" / f"{fresh}.json").exists()
        # (What the game before then says is seen in a browser: tests/app/test_series.py.)

    with_next_game(tmp_path, Gate(None), scenario)


def test_a_watchers_undo_takes_nothing_back(tmp_path: Path) -> None:
    async def scenario(phone: Phone, first: str, fresh: str, ids: Any) -> None:
        before = ids()
        # A watcher's screen draws no Undo (nothing greyed to puzzle over), so it has none to
        # send a click to; its other buttons only read.
        assert phone.icon_buttons("Undo") == [] and phone.icon_buttons("Redo") == []
        assert phone.icon_buttons("Rules"), "the watcher's match screen is drawn"
        await asyncio.sleep(0.3)
        assert ids() == before == sorted([first, fresh])
        assert pushed(phone) == [] and not phone.says(TAKEN_BACK)

    with_next_game(tmp_path, Gate("2468"), scenario)
