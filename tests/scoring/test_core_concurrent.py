"""Readers never see a half-changed match while a writer acts, undoes and redoes (issue 16).

The screens of every session read the shared live `Match` without a lock (only writers take one),
so each writer builds the next state on a twin and swaps it in whole. Here one thread plays a real
match of each game forward and back (actions, undo, redo) while reader threads read everything a
screen renders; Python is made to switch threads every few microseconds so reads land in the
middle of writes. Any exception in a reader is a failure. Loops are bounded by counts, not time.
"""

from __future__ import annotations

import copy
import random
import sys
import threading
import traceback
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from scoring import GAMES, caro, carrera, ratel
from scoring.core import Match
from tests.support.games import games, hook

READERS = 2
READS_PER_READER = 2_600  # at least, per game: 2 readers x 2,600 = 5,200 reads a game
WRITES = 400  # the writer's steps; readers keep reading until it is done, so every step overlaps


def properties(cls: type) -> list[str]:
    return [n for n in dir(cls) if not n.startswith("_") and isinstance(getattr(cls, n), property)]


def game_reads(m: Match) -> list[Callable[[], Any]]:
    """What a screen reads: every public property, standings, and the game's legality queries."""
    reads: list[Callable[[], Any]] = [lambda n=n: getattr(m, n) for n in properties(type(m))]
    reads.append(m.standings)
    if isinstance(m, caro.Match):
        reads += [lambda c=c: m.options(c) for c in caro.COLOURS]
        reads += [m.cells_in_reach, lambda: m.remaining(m.players[0])]
        reads.append(lambda: [m.violations(c, (0, 1)) for c in caro.COLOURS])
    elif isinstance(m, ratel.Match):
        reads += [m.options, lambda: m.legal_values(1), lambda: m.violation(1, 5)]
    elif isinstance(m, carrera.Match):
        reads += [m.legal_cards, lambda: [m.max_fuel(c) for c in m.legal_cards()]]
        reads.append(lambda: [m.speed_of(c) for c in carrera.CARDS])
    return reads


def steps(events: list[dict[str, Any]], rng: random.Random) -> Iterator[Callable[[Match], None]]:
    """Forever: move through the playout by actions, undos and redos, then back to the start."""

    def act(m: Match) -> None:
        m._record(copy.deepcopy(events[len(m.events)]))  # what every action method calls

    while True:
        m_len = yield act  # the caller sends the current length of the log
        while m_len < len(events):
            choice = rng.random()
            if choice < 0.2:
                m_len = yield lambda m: m.undo() if m.can_undo else None
            elif choice < 0.4:
                m_len = yield lambda m: m.redo() if m.can_redo else None
            else:
                m_len = yield lambda m: m.redo() if m.can_redo else act(m)
        while m_len > 1:
            m_len = yield lambda m: m.undo()


@pytest.mark.parametrize("game", games())
def test_readers_never_see_a_half_changed_match(game: str) -> None:
    events = hook(game).playout(0).events  # its test hook's seeded playout
    m = GAMES[game].replay(events[:1])
    reads = game_reads(m)
    for read in reads:
        read()  # every read works on a quiet match
    errors: list[BaseException] = []
    done = threading.Event()
    counts = [0] * READERS
    writes = [0]  # steps the writer took

    def reader(i: int) -> None:
        rng = random.Random(i)
        while counts[i] < READS_PER_READER or not done.is_set():  # bounded: the writer ends
            try:
                rng.choice(reads)()
            except Exception as e:  # noqa: BLE001 - any failure of a read is the finding
                errors.append(e)
            counts[i] += 1

    def writer() -> None:
        walk = steps(events, random.Random(1))
        step = next(walk)
        try:
            for _ in range(WRITES):
                step(m)
                writes[0] += 1
                step = walk.send(len(m.events))
        except BaseException as e:  # noqa: BLE001
            errors.append(e)
        finally:
            done.set()

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as Python allows: reads inside writes
    try:
        threads = [threading.Thread(target=reader, args=(i,)) for i in range(READERS)]
        w = threading.Thread(target=writer)
        for t in threads:
            t.start()
        w.start()
        w.join()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(old)
    assert errors == [], f"{game}: {len(errors)} failed reads, first: " + "".join(
        traceback.format_exception(errors[0])
    )
    assert min(counts) >= READS_PER_READER and writes[0] == WRITES
