"""A watcher's match screen is a scoreboard to read: per game, no pad, card, cell or chip to tap,
nothing said to the scorekeeper, and the keeper's next action shows there live.

Real Flet sessions (no browser) of the app on a shared table with a PIN: a keeper that entered
it and a watcher that did not, on the same matches, each seeded in a state worth reading.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import flet as ft
from flet.messaging.session import Session

from companion.session.access import Gate
from companion.session.open_matches import OpenMatches
from companion.widgets.following_banner import KEPT_ELSEWHERE, LOCKED_OUT
from scoring import careta, carrera, ratel
from scoring.core import Match
from storage import Store
from tests.companion.apart import run_apart
from tests.companion.test_wrong_pins_screen import PIN, enter_pin, open_as, settle, tap
from tests.companion.tree import every
from tests.storage import finished

KEEPER, WATCHER = "192.168.1.20", "192.168.1.30"
# Words that tell the scorekeeper what to do; the banner's own "enter the PIN" is the watcher's.
TO_THE_KEEPER = re.compile(r"\b(tap|pick|enter|undo|choose|select)\b", re.IGNORECASE)


def caro_started() -> Match:
    return finished.caro_in_play()


def careta_doubt_open() -> Match:
    m = careta.Match(["Ann", "Ben", "Cleo"])
    m.start_set()
    m.start_game(careta.UP, m.starter)
    m.play(m.current, 9)  # Ben states 9: Cleo to play, Ben's 9 open to doubt
    return m


def careta_allies() -> Match:
    m = careta_doubt_open()
    m.play("Cleo", careta.PASS)
    m.play("Ann", 4)
    return m


def ratel_trick() -> Match:
    m = ratel.Match(["Ann", "Ben", "Cleo"], starter="Ann")
    m.play(2, 3)
    return m


def carrera_trick() -> Match:
    m = carrera.Match(["Ann", "Ben", "Cleo"], lead="Ann")
    m.play("5", 1)
    return m


def carrera_tie() -> Match:
    m = carrera.Match(["Ann", "Ben", "Cleo"], lead="Ann", ties="ask")
    m.play("4A", 0)
    m.play("4B", 0)
    m.play(carrera.FACE_DOWN, 0)
    return m


# name: (match, what the watcher reads of its state, the keeper's next action, what then reads)
CASES: dict[str, tuple[Callable[[], Match], str, Callable[[Any], Any], str]] = {
    "caro": (caro_started, "Ann to lay", lambda m: m.lay("white", (1, 0)),
             "Ben to lay"),
    "caro over": (finished.caro_finished, "Game over", lambda m: None, "Game over"),
    "careta set": (lambda: careta.Match(["Ann", "Ben", "Cleo"]), "Set 1 is next: Ann deals.",
                   lambda m: m.start_set(), "UP or DOWN, still to be said"),
    "careta doubt": (careta_doubt_open, "Ben's 9 can be doubted until the next play.",
                     lambda m: m.play("Cleo", 11), "Ann to play a card."),
    "careta allies": (careta_allies, "Ending the game now: Ben wins with 9",
                      lambda m: m.decline_ally(m.ally_next), "Ending the game now"),
    "careta over": (finished.careta_team_finished, "Moons wins the match!", lambda m: None,
                    "Moons wins the match!"),
    "ratel": (ratel_trick, "Ben to play after Ann's 2 x +3.", lambda m: m.pass_turn(),
              "Cleo to play after Ann's 2 x +3."),
    "ratel over": (finished.ratel_damage_finished, "Game over", lambda m: None, "Game over"),
    "carrera": (carrera_trick, "Ben plays to trick 1.", lambda m: m.play("4A", 0),
                "Cleo plays to trick 1."),
    "carrera tie": (carrera_tie, "Trick 1: Ann and Ben tie at speed 4.",
                    lambda m: m.resolve_tie("Ben"), "Round 1, trick 1: Ben wins"),
    "carrera over": (finished.carrera_finished, "wins the game!", lambda m: None,
                     "wins the game!"),
}


def body(session: Session) -> list[Any]:
    """Every control of the match screen below its app bar (whose Undo/Redo are disabled)."""
    view = [c for c in every(session.page) if isinstance(c, ft.View)][-1]
    return [c for top in view.controls for c in every(top)]


def shown(session: Session) -> str:
    """The texts of the match screen (the top view; Home lies under it in the view stack)."""
    return "\n".join(c.value for c in body(session)
                     if isinstance(c, ft.Text) and isinstance(c.value, str))


def handlers(control: Any) -> list[str]:
    """The event handlers a control has set (a tap, a change, a long press ...)."""
    return [f.name for f in dataclasses.fields(control)
            if f.name.startswith("on_") and getattr(control, f.name, None) is not None]


def check_read_only(session: Session, case: str) -> None:
    controls = body(session)
    tappable = [(type(c).__name__, getattr(c, "content", None), handlers(c)) for c in controls
                if handlers(c) and not (isinstance(c, ft.TextButton) and c.content == "Enter PIN")]
    assert not tappable, f"{case}: a watcher has something to tap: {tappable}"
    buttons = [c.label for c in controls if isinstance(c, ft.Semantics) and c.button]
    assert not buttons, f"{case}: a watcher's screen names buttons: {buttons}"
    fields = [c for c in controls if isinstance(c, ft.TextField | ft.Switch | ft.Checkbox)]
    assert not fields, f"{case}: a watcher has fields: {fields}"
    said = shown(session).replace(KEPT_ELSEWHERE, "")
    assert not TO_THE_KEEPER.search(said), f"{case}: said to the keeper: {said}"


def test_each_game_s_watcher_reads_a_board_and_follows_the_keeper(tmp_path: Path) -> None:
    async def run() -> None:
        with Store(tmp_path / "data") as store:
            ids = {name: store.create(build()) for name, (build, *_) in CASES.items()}
            tables = OpenMatches(store, Gate(PIN))
            keeper = keeper_pass(tables)
            for name, (_, reads, action, then) in CASES.items():
                mid = ids[name]
                watcher = await open_as(tables, tmp_path, f"/match/{mid}", WATCHER)
                assert KEPT_ELSEWHERE in shown(watcher), name
                assert reads in shown(watcher), f"{name}: {shown(watcher)}"
                for player, _ in tables.get(mid).match.standings():  # the scoreboard
                    assert player in shown(watcher), name
                check_read_only(watcher, name)
                # The keeper's next action shows live.
                tables.act(mid, action, by=keeper)
                await settle()
                assert then in shown(watcher), f"{name}: {shown(watcher)}"
                check_read_only(watcher, name)
                watcher.close()

    run_apart(run())


def keeper_pass(tables: OpenMatches) -> Any:
    """A pass the gate unlocked with the PIN, as the keeper's session holds."""
    who = tables.gate.new_pass(KEEPER)
    tables.gate.unlock(who, PIN)
    return who


@asynccontextmanager
async def keeper_at(folder: Path, match: Match) -> AsyncIterator[tuple[OpenMatches, str, Session]]:
    """A shared table with a PIN holding `match`: the tables, the match's id, and the keeper's
    session, opened on /share with the PIN entered."""
    with Store(folder / "data") as store:
        mid = store.create(match)
        tables = OpenMatches(store, Gate(PIN))
        keeper = await open_as(tables, folder, "/share", KEEPER)
        await enter_pin(keeper, PIN)
        yield tables, mid, keeper


def test_the_keeper_s_screen_is_the_one_with_the_pad(tmp_path: Path) -> None:
    """The same Careta match on the keeper's phone still shows the number pad and PASS."""
    async def run() -> None:
        async with keeper_at(tmp_path, careta_doubt_open()) as (_, mid, keeper):
            await keeper.dispatch_event(keeper.page._i, "route_change", {"route": f"/match/{mid}"})
            await settle()
            labels = {c.label for c in body(keeper) if isinstance(c, ft.Semantics) and c.button}
            assert {"PASS", "State 11"} <= labels
            assert KEPT_ELSEWHERE not in shown(keeper)

    run_apart(run())


def test_the_line_says_when_new_scorekeepers_are_locked_out(tmp_path: Path) -> None:
    async def run() -> None:
        async with keeper_at(tmp_path, ratel_trick()) as (tables, mid, keeper):
            watcher = await open_as(tables, tmp_path, f"/match/{mid}", WATCHER)
            await tap(keeper, "Lock new scorekeepers out")
            assert LOCKED_OUT in shown(watcher)  # live, without a reload
            assert PIN not in shown(watcher)
            await tap(keeper, "Let new scorekeepers in")
            assert KEPT_ELSEWHERE in shown(watcher)

    run_apart(run())
