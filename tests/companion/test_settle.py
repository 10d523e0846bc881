"""session/guard.py settle(): the renders it runs before a message from the page are bounded and a
failing one neither stops the others nor goes unsaid."""

from __future__ import annotations

from companion.session.guard import SETTLE_PASSES, settle


class FakeSession:
    """What settle uses of a Flet session: its pending updates and its error report."""

    def __init__(self) -> None:
        self._Session__pending_updates: set = set()
        self.errors: list[str] = []

    def error(self, message: str) -> None:
        self.errors.append(message)


class Component:
    def __init__(self, session: FakeSession, fails: bool = False, again: bool = False) -> None:
        self.session, self.fails, self.again, self.renders = session, fails, again, 0

    def update(self) -> None:
        self.renders += 1
        if self.again:  # a render that asks for another render every time
            self.session._Session__pending_updates.add(self)
        if self.fails:
            raise ValueError("broken render")


def test_a_failing_render_is_reported_and_the_others_still_render() -> None:
    session = FakeSession()
    broken, fine = Component(session, fails=True), Component(session)
    session._Session__pending_updates.update({broken, fine})
    settle(session)
    assert (broken.renders, fine.renders) == (1, 1)
    assert session.errors == ["ValueError: broken render"]
    assert not session._Session__pending_updates


def test_a_render_that_asks_for_itself_again_is_left_to_flet_after_a_few_passes() -> None:
    session = FakeSession()
    restless = Component(session, again=True)
    session._Session__pending_updates.add(restless)
    settle(session)
    assert restless.renders == SETTLE_PASSES
    assert session._Session__pending_updates == {restless}  # the scheduler's to render


def test_nothing_pending_renders_nothing() -> None:
    session = FakeSession()
    settle(session)
    assert session.errors == []
