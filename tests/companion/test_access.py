"""The scorekeeping PIN of a shared table: the guard on every change, and the rate limit.

The guard sits in `OpenMatches`, where every change is made, so these tests call it as any screen
would (through a session's `SessionMatches`) and directly, with and without the session's pass.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.session import access
from companion.session.access import Gate, Locked, PinRefused, check_pin, new_pin, say_wait
from companion.session.open_matches import OpenMatches, SessionMatches, StaleView
from scoring import caro
from storage import Store
from storage.transfer import export_json
from tests.support.companion.clock import PIN, Clock


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = Store(tmp_path / "data")
    yield opened
    opened.close()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def tables(store: Store, clock: Clock) -> OpenMatches:
    return OpenMatches(store, Gate(PIN, clock=clock))


def new_caro() -> caro.Match:
    return caro.Match(players=["Ann", "Ben"], starter="Ann")


def first_lay(m: caro.Match) -> None:
    m.lay("grey", (m.area, m.area), player="Ann")


def keeper(tables: OpenMatches) -> SessionMatches:
    session = tables.session()
    tables.gate.unlock(session.who, PIN)
    return session


def saved_events(store: Store, mid: str) -> list[dict]:
    return store.load(mid).events


# -- the guard ------------------------------------------------------------------------------------

def test_without_a_pin_every_session_keeps_score_as_before(store: Store) -> None:
    tables = OpenMatches(store)
    session = tables.session()
    assert session.keeps_score
    mid = session.create(new_caro())
    session.act(mid, first_lay)
    tables.act(mid, lambda m: None)  # no pass at all: still allowed without --lan
    session.undo(mid)
    session.delete(mid)


def test_a_locked_session_changes_nothing_whatever_it_calls(tables: OpenMatches,
                                                            store: Store) -> None:
    mid = keeper(tables).create(new_caro())
    before = saved_events(store, mid)
    spectator = tables.session()
    assert not spectator.keeps_score
    assert not hasattr(spectator, "store")  # no way around the gate to the store itself
    other = Store(store.folder.parent / "other")
    other.create(new_caro())
    export = export_json(other).data  # a match this store does not hold
    other.close()
    calls = [
        lambda: spectator.act(mid, first_lay),
        lambda: spectator.act(mid, first_lay, seen=tables.get(mid).version),
        lambda: spectator.undo(mid),
        lambda: spectator.redo(mid),
        lambda: spectator.create(new_caro()),
        lambda: spectator.delete(mid),
        lambda: spectator.import_json(export),
        lambda: spectator.dismiss_notices(),
        lambda: spectator.check_keeps_score(),
        # and straight at the shared tables, with no pass or with the spectator's
        lambda: tables.act(mid, first_lay),
        lambda: tables.act(mid, first_lay, by=spectator.who),
        lambda: tables.undo(mid, by=spectator.who),
        lambda: tables.create(new_caro(), by=None),
        lambda: tables.delete(mid, by=spectator.who),
        lambda: tables.import_json(export, by=spectator.who),
        lambda: tables.dismiss_notices(by=None),
    ]
    for call in calls:
        with pytest.raises(Locked) as refused:
            call()
        assert refused.value.rule == "locked"
        assert "PIN" in str(refused.value)
    assert saved_events(store, mid) == before
    assert tables.get(mid).match.events == before
    assert tables.get(mid).version == 0
    assert [s.id for s in store.summaries()] == [mid]
    # Reading is open to everyone.
    assert spectator.get(mid).match.current == "Ann"
    assert [s.id for s in spectator.summaries()] == [mid]
    assert spectator.export_json().count == 1 and spectator.notices == []


def test_the_refused_action_is_not_even_run(tables: OpenMatches) -> None:
    mid = keeper(tables).create(new_caro())
    ran = []
    with pytest.raises(Locked):
        tables.session().act(mid, lambda m: ran.append(m))
    assert ran == []


def test_the_pin_unlocks_only_the_session_that_entered_it(tables: OpenMatches,
                                                          store: Store) -> None:
    one, other = tables.session(), tables.session()
    with pytest.raises(PinRefused):
        tables.gate.unlock(one.who, "1357")
    assert not one.keeps_score
    tables.gate.unlock(one.who, PIN)
    assert one.keeps_score and not other.keeps_score
    mid = one.create(new_caro())
    one.act(mid, first_lay)
    with pytest.raises(Locked):
        other.undo(mid)
    assert len(saved_events(store, mid)) == 2
    tables.gate.lock(one.who)
    with pytest.raises(Locked):
        one.undo(mid)


def test_a_pass_cannot_be_forged_from_its_token(tables: OpenMatches) -> None:
    real = keeper(tables)
    forged = access.Pass(token=real.who.token + "x")
    mid = real.create(new_caro())
    with pytest.raises(Locked):
        tables.act(mid, first_lay, by=forged)
    assert tables.get(mid).version == 0


def test_a_stale_view_is_refused_and_nothing_is_applied_twice(tables: OpenMatches,
                                                              store: Store) -> None:
    ann, ben = keeper(tables), keeper(tables)
    mid = ann.create(new_caro())
    shown = tables.get(mid).version
    ann.act(mid, first_lay, seen=shown)
    with pytest.raises(StaleView):
        ben.act(mid, first_lay, seen=shown)
    assert len(saved_events(store, mid)) == 2
    assert tables.made_by(mid, tables.get(mid).version, ann.who)
    assert not ben.made_here(mid, tables.get(mid).version)


def test_keepers_acting_at_once_apply_one_at_a_time(tables: OpenMatches, store: Store) -> None:
    """Many threads undo from the same view: exactly one undo goes through."""
    ann = keeper(tables)
    mid = ann.create(new_caro())
    ann.act(mid, first_lay)
    m = tables.get(mid).match
    colour, cell = next((c, cell) for c in caro.COLOURS for cell in m.options(c))
    ann.act(mid, lambda m: m.lay(colour, cell, player="Ben"))
    shown = tables.get(mid).version
    keepers = [keeper(tables) for _ in range(8)]
    start = threading.Barrier(len(keepers))
    outcomes: list[str] = []

    def undo(session: SessionMatches) -> None:
        start.wait()
        try:
            session.undo(mid, seen=shown)
            outcomes.append("done")
        except StaleView:
            outcomes.append("stale")

    threads = [threading.Thread(target=undo, args=(k,)) for k in keepers]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["done"] + ["stale"] * 7
    assert len(saved_events(store, mid)) == 2
    assert tables.get(mid).version == shown + 1


# -- the PIN and its rate limit -------------------------------------------------------------------

def test_pins_are_4_to_8_digits() -> None:
    for good in ("0000", "2468", "12345678"):
        assert check_pin(good) == good
    for bad in ("123", "123456789", "12a4", " 1234", "١٢٣٤", ""):
        with pytest.raises(ValueError):
            check_pin(bad)
    pins = {new_pin() for _ in range(200)}
    assert all(len(p) == 4 and p.isdigit() for p in pins) and len(pins) > 50


def test_five_wrong_pins_then_a_wait_that_doubles(tables: OpenMatches, clock: Clock) -> None:
    gate, who = tables.gate, tables.session().who
    for left in (4, 3, 2, 1):
        with pytest.raises(PinRefused, match=f"Wrong PIN. {left} tr(y|ies) left"):
            gate.unlock(who, "0000")
    with pytest.raises(PinRefused, match="wait 30 s") as fifth:
        gate.unlock(who, "0000")
    assert fifth.value.rule == "wrong-pin" and fifth.value.wait == 30
    # While the wait runs even the right PIN is not looked at.
    clock.now += 29
    with pytest.raises(PinRefused, match="this device: wait 1 s") as early:
        gate.unlock(who, PIN)
    assert early.value.rule == "pin-wait"
    assert not gate.allows(who)
    clock.now += 1
    with pytest.raises(PinRefused, match="wait 60 s"):
        gate.unlock(who, "0000")
    clock.now += 60
    with pytest.raises(PinRefused, match="wait 2 min"):
        gate.unlock(who, "0000")
    clock.now += 120
    gate.unlock(who, PIN)
    assert gate.allows(who)


def test_waits_are_capped_and_said_plainly() -> None:
    assert access._wait(access.FREE_TRIES - 1, access.FREE_TRIES) == 0
    assert access._wait(access.FREE_TRIES, access.FREE_TRIES) == access.FIRST_WAIT
    assert access._wait(100, access.FREE_TRIES) == access.LONGEST_WAIT
    assert [str(say_wait(s)) for s in (0.2, 30, 89.5, 91, 3600, 7200)] == [
        "1 s", "30 s", "2 min", "2 min", "60 min", "2 h"]


def test_without_a_pin_unlock_is_not_needed(store: Store) -> None:
    gate = Gate(None)
    assert gate.open
    who = gate.new_pass()
    gate.unlock(who, "anything")
    assert gate.allows(who) and gate.allows(None)
