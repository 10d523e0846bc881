"""A trusted keeper's page offers its token however late its browser answers (token_offer.py).

A fake browser stands in for the page's storage: each question waits until the test answers it,
so "slow" is a question left open for as long as the test likes, with no clock anywhere.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import flet as ft
from flet.controls.context import _context_page
from flet.messaging.protocol import MessageAction
from flet.messaging.session import Session

from companion.app import build_main
from companion.i18n.phrases import plain
from companion.session.access import Gate
from companion.session.open_matches import OpenMatches
from companion.session.preferences import Preferences
from companion.session.token_offer import MAX_ASKS, TokenOffer
from companion.session.trust import Trust
from companion.widgets.following_banner import KEPT_ELSEWHERE
from storage import Store
from tests.support.companion.apart import run_apart
from tests.support.companion.session_guard import Wire
from tests.support.companion.tree import every

PIN = "2468"


class Browser:
    """The page's storage: questions stay open until `answer` or `fail` is called."""

    def __init__(self) -> None:
        self.open: list[asyncio.Future[object]] = []
        self.accepted: list[object] = []

    async def read(self) -> object:
        question = asyncio.get_running_loop().create_future()
        self.open.append(question)
        return await question

    async def accept(self, token: object) -> None:
        self.accepted.append(token)

    def answer(self, value: object, which: int = -1) -> None:
        self.open.pop(which).set_result(value)

    def fail(self, message: str = "Calling get method of inexistent control: 7") -> None:
        self.open.pop(0).set_exception(RuntimeError(message))


async def turn() -> None:
    for _ in range(5):  # let the tasks the answers woke run
        await asyncio.sleep(0)


def test_an_answer_after_any_delay_is_taken() -> None:
    async def run() -> None:
        browser = Browser()
        offer = TokenOffer(browser.read, browser.accept)
        asking = asyncio.create_task(offer.ask())
        for _ in range(1000):  # a very slow page: the server sends nothing more meanwhile
            await asyncio.sleep(0)
        assert offer.asked == 1 and len(browser.open) == 1 and not offer.done
        browser.answer("device.mac")
        await asking
        assert browser.accepted == ["device.mac"] and offer.done
        await offer.ask()  # over: no further question
        await offer.reconnected()
        assert offer.asked == 1

    run_apart(run())


def test_an_error_answer_is_asked_again_a_bounded_number_of_times() -> None:
    async def run() -> None:
        browser = Browser()
        offer = TokenOffer(browser.read, browser.accept)
        asking = asyncio.create_task(offer.ask())
        await turn()
        browser.fail()  # the browser did not have the storage yet
        await turn()
        assert offer.asked == 2 and len(browser.open) == 1
        browser.answer("device.mac")
        await asking
        assert browser.accepted == ["device.mac"]

        hostile = Browser()  # answers every question with an error
        offer = TokenOffer(hostile.read, hostile.accept)
        asking = asyncio.create_task(offer.ask())
        for _ in range(MAX_ASKS * 3):
            await turn()
            if hostile.open:
                hostile.fail()
        await asking
        assert offer.asked == MAX_ASKS and hostile.accepted == [] and not offer.done

    run_apart(run())


def test_a_reconnect_asks_afresh_and_the_lost_question_is_ignored() -> None:
    async def run() -> None:
        browser = Browser()
        offer = TokenOffer(browser.read, browser.accept)
        first = asyncio.create_task(offer.ask())
        await turn()
        second = asyncio.create_task(offer.ask())  # a second ask while one is open: nothing new
        await turn()
        assert offer.asked == 1
        again = asyncio.create_task(offer.reconnected())  # the first question went with the link
        await turn()
        assert offer.asked == 2 and len(browser.open) == 2
        browser.answer("new.answer")  # the new round's question
        await again
        browser.answer("old.answer")  # the old one, answered late: ignored
        await first
        await second
        assert browser.accepted == ["new.answer"]

    run_apart(run())


def test_no_token_kept_is_an_answer_too() -> None:
    async def run() -> None:
        browser = Browser()
        offer = TokenOffer(browser.read, browser.accept)
        asking = asyncio.create_task(offer.ask())
        await turn()
        browser.answer(None)
        await asking
        assert browser.accepted == [None] and offer.done and offer.asked == 1

    run_apart(run())


def test_the_app_lets_a_trusted_device_in_when_its_page_answers_late(tmp_path: Path) -> None:
    """The app on a real Flet session (no browser): the page's storage question is answered
    only after many messages' worth of waiting, and the device keeps score then."""
    trust = Trust(tmp_path, PIN)
    earlier = Gate(PIN, trust=trust)
    keeper = earlier.new_pass("192.168.1.20")
    earlier.unlock(keeper, PIN)
    token = earlier.remember(keeper)

    async def run() -> None:
        with Store(tmp_path / "data") as store:
            tables = OpenMatches(store, Gate(PIN, trust=Trust(tmp_path, PIN)))  # a restart
            wire = Wire()
            wire.loop = asyncio.get_running_loop()
            session = Session(wire)
            _context_page.set(session.page)
            session.page.route = "/"
            session.page.client_ip = "192.168.1.20"
            build_main(tables, Preferences(tmp_path))(session.page)
            session.get_page_patch()
            for _ in range(50):  # a slow page: long after any 1, 2 or 4 s deadline would do
                await asyncio.sleep(0.1)
            questions = [m.body for m in wire.sent
                         if m.action == MessageAction.INVOKE_METHOD and m.body.name == "get"]
            assert len(questions) == 1 and following(session)
            session.handle_invoke_method_results(questions[0].control_id, questions[0].call_id,
                                                 token, None)
            await asyncio.sleep(0.3)
            assert not following(session)

    run_apart(run())


def following(session: Session) -> bool:
    """Does the page show the watcher's banner (a device that does not keep score)?"""
    return any(isinstance(c, ft.Text) and plain(str(c.value)) == KEPT_ELSEWHERE
               for c in every(session.page))
