"""The web app's screen updates wait for IndexedDB: `HeldUpdates` with a stand-in for persist.js."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

from companion.browser import HeldUpdates
from tests.support.companion.apart import run_apart


class FakePersist:
    """persist.js as the gate sees it: changes marked, committed when the test says so."""

    def __init__(self) -> None:
        self.marked = 0  # changes not yet committed
        self.commits: list[asyncio.Future[None]] = []
        self.fail = False

    def busy(self) -> bool:
        return self.marked > 0 or any(not f.done() for f in self.commits)

    def flush(self) -> asyncio.Future[None]:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        taken, self.marked = self.marked, 0
        self.commits.append(future)

        def commit() -> None:
            if self.fail:  # IndexedDB's refusal, resolved (a rejection never woke Python)
                self.marked += taken  # kept for the next flush, as persist.js does
                future.set_result(SimpleNamespace(name="QuotaExceededError", message="full"))
            else:
                future.set_result(None)

        self.commit = commit
        return future


def test_an_update_goes_out_at_once_when_nothing_waits_for_indexeddb() -> None:
    sent: list[str] = []
    held = HeldUpdates(sent.append, FakePersist())
    held.send("patch")
    assert sent == ["patch"]
    assert held.waits == 0


def test_updates_after_a_write_wait_for_its_commit_and_keep_their_order() -> None:
    async def scenario() -> None:
        sent: list[str] = []
        persist = FakePersist()
        held = HeldUpdates(sent.append, persist)
        persist.marked = 1  # a save wrote a match file
        held.send("first")
        held.send("second")
        await asyncio.sleep(0)
        assert sent == [], "nothing reaches the screen before IndexedDB committed the save"
        persist.marked = 1  # another write while the first commit runs
        persist.commit()
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        assert sent == [], "the write made meanwhile is awaited too"
        persist.commit()
        for _ in range(3):
            await asyncio.sleep(0)
        assert sent == ["first", "second"]
        held.send("third")  # nothing pending any more: straight out
        assert sent == ["first", "second", "third"]
        assert held.waits == 2

    run_apart(scenario())


def test_a_refused_commit_is_said_once_and_does_not_freeze_the_screen() -> None:
    async def scenario() -> None:
        sent: list[str] = []
        persist = FakePersist()
        persist.fail = True
        told: list[str] = []

        def tell(error: str) -> None:
            told.append(error)
            held.send("snackbar")  # telling it is an update too, held like any other

        held = HeldUpdates(sent.append, persist, tell)
        persist.marked = 1
        held.send("patch")
        await asyncio.sleep(0)
        persist.commit()
        for _ in range(3):
            await asyncio.sleep(0)
        assert sent == ["patch"]
        assert persist.busy(), "the change is kept, and tried again (with the snackbar)"
        assert told == ["QuotaExceededError: full"]
        persist.commit()  # the snackbar's own wait fails too: said once, not again
        for _ in range(3):
            await asyncio.sleep(0)
        assert sent == ["patch", "snackbar"]
        assert told == ["QuotaExceededError: full"]
        assert persist.marked == 1, "still kept for the next flush"

    run_apart(scenario())
