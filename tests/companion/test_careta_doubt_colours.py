"""A doubted ally whose numbers show the lie asks no colour (a trial scorer was asked "Which
5?" for a 5 and a 6 stated as 12): the scorekeeper taps the two numbers and checks the cards.
Where the numbers make what was stated, the colours still decide and are still asked.

A real Flet session (no browser), driven by the messages a page sends."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import flet as ft
from flet.messaging.session import Session

from companion.i18n.phrases import plain
from storage import Store
from tests.support.companion.apart import run_apart
from tests.support.companion.caro_undo_cost import open_match
from tests.support.companion.tree import every
from tests.support.scoring.careta_rulings import game


def texts(session: Session) -> str:
    return "\n".join(plain(c.value) for c in every(session.page)
                     if isinstance(c, ft.Text) and isinstance(c.value, str))


def target(session: Session, label: str) -> Any:
    """What a tap on the control named `label` reaches: a button, or a chip's tappable box."""
    for c in every(session.page):
        if isinstance(c, ft.Semantics) and c.label == label:
            return c.content
        if isinstance(c, ft.FilledButton | ft.FilledTonalButton | ft.OutlinedButton) \
                and c.content == label:
            return c
    raise AssertionError(f"nothing named {label!r} on the screen:\n{texts(session)}")


async def tap(session: Session, label: str) -> None:
    await session.dispatch_event(target(session, label)._i, "click", None)
    await asyncio.sleep(0.2)  # the handler's render


def doubt_with(tmp_path: Path, stated: int) -> tuple[str, bool, str]:
    """Ben states `stated` with an ally; Ann doubts and enters a 5 and a 6 without colours:
    (what the screen says then, whether Check the cards is enabled, the match's log after a
    tap on it)."""
    match = game()
    match.play("Ben", stated, with_ally=True)
    with Store(tmp_path / "data") as store:
        mid = store.create(match)

    async def run() -> tuple[str, bool, str]:
        with Store(tmp_path / "data") as store:
            session, _ = await open_match(store, tmp_path, mid)
            for label in (f"Doubt Ben's {stated}", "Ann doubts", "Enter the cards", "Number 5",
                          "Number 6"):
                await tap(session, label)
            said = texts(session)
            check = target(session, "Check the cards")
            if not check.disabled:
                await tap(session, "Check the cards")
            return said, not check.disabled, texts(session)

    return run_apart(run())


def test_numbers_that_show_the_lie_ask_no_colour(tmp_path: Path) -> None:
    said, enabled, after = doubt_with(tmp_path, 12)
    assert "Cards shown: 2 of 2" in said
    assert "Which" not in said and enabled
    assert "Ben lied (the cards make 11, not 12)" in after


def test_numbers_that_make_the_stated_score_still_ask_the_colours(tmp_path: Path) -> None:
    said, enabled, _ = doubt_with(tmp_path, 11)
    assert "Which 5? Its secondary colour (the character) decides whether the two cards are " \
           "valid allies." in said
    assert not enabled
