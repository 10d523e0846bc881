"""A whole game played through the screen, every tap's place counted (tests/app/test_thumb_zone.py).

`plan(game, seed)` takes a seeded playout from the game's test hook (tests/support/games) and
turns it into what a scorekeeper taps: a fresh match to store (the playout's setup) and one step
a recorded action, each a list of buttons to tap, in order, and what the screen says once it is
done (the mirror engine's own history line). `Taps` taps them, scrolling the screen's lower part
first when a button lies outside the screen, and keeps each tap's centre, so a test can count
the taps made in the top third of the screen.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Locator, Page

from companion.describe.words import figure
from companion.games.carrera.plays import play_name
from companion.i18n import say
from companion.screens.match import HEAD_SHARE
from scoring import careta, caro, ratel
from scoring.core import Match
from tests.support.app.caro import at, near_reach
from tests.support.app.caro_grid import shown_to
from tests.support.app.trace import tap_until
from tests.support.app.ui import button, host, see
from tests.support.games import hook

Target = Callable[[Page], Locator]
APP_BAR = 56  # Flet's app bar is this tall; the match screen's padding and spacing are 10 px


def table_top(page: Page) -> float:
    """Where the game's part of the match screen begins: under the scoreboard's band, which
    takes HEAD_SHARE of the height between the app bar and the bottom bar (companion/screens/
    match.py). A button scrolled above it is hidden behind the band."""
    space = shown_to(page) - APP_BAR - 10 - 10
    return APP_BAR + 10 + space * HEAD_SHARE / 100 + 10


@dataclass
class Step:
    """One recorded action: the buttons tapped for it, and the line the screen shows after."""

    taps: list[Target]
    said: str


@dataclass
class Plan:
    start: Match  # stored before the page opens it
    steps: list[Step]


def named(name: str | re.Pattern[str]) -> Target:
    return lambda page: button(page, name).first


def _exact(text: str) -> re.Pattern[str]:
    return re.compile(rf"^{re.escape(text)}$")


def _caro(mirror: caro.Match, event: dict[str, Any], shift: tuple[int, int]) -> list[Target]:
    colour = event["colour"]
    pick = named(re.compile(rf"^Lay {colour}, "))
    if event["type"] == "rule_break":
        legal = set(mirror.options(colour))
        wrong = sorted(near_reach(mirror) - legal - set(mirror.board))
        r, c = wrong[0]
        cell = named(re.compile(rf"^row {at(r)}, column {at(c)}, empty$"))
        mirror.rule_break(colour, player=event["player"])
        return [pick, cell, named(re.compile(r"^Rule break"))]
    r, c = event["cell"][0] + shift[0], event["cell"][1] + shift[1]
    # The first caro goes wherever it is tapped (the screen puts it in the middle, C2).
    cell = (named(re.compile(r"^row \S+, column \S+, empty")) if not mirror.board
            else named(re.compile(rf"^row {at(r)}, column {at(c)}, empty; \w+ scores")))
    mirror.lay(colour, (r, c), player=event["player"])
    return [pick, cell]


def _careta(mirror: careta.Match, event: dict[str, Any]) -> list[Target]:
    kind = event["type"]
    if kind == "start_set":
        mirror.start_set()
        return [named(re.compile(r"^Start set "))]
    if kind == "start_game":
        mirror.start_game(event["direction"], event["player"])
        return [named(_exact(say(careta.DIRECTION_WORDS[event["direction"]])))]
    if kind == "play":
        stated, ally = event["stated"], event["with_ally"]
        taps: list[Target] = []
        if ally:
            taps.append(lambda page: host(page).get_by_role("switch",
                                                            name="Card and ally at once"))
        taps.append(named(_exact(say(careta.PASS_WORD)) if stated == "pass"
                          else _exact(f"State {figure(stated)}")))
        mirror.play(event["player"], stated, with_ally=ally)
        return taps
    if kind == "doubt":
        target = mirror.latest_play
        stated = mirror.player_state(target).stated
        taps = [named(_exact(f"Doubt {target}'s {figure(stated)}"))]
        taps += [named(_exact(f"{p} doubts")) for p in event["doubters"]]
        truth = event["truth"]
        assert isinstance(truth, bool), "a doubt settled by cards: pick another seed"
        taps.append(named(_exact("Truthful" if truth else "Lied")))
        mirror.doubt(event["doubters"], truth)
        return taps
    if kind == "ally":
        mirror.ally(event["player"], event["stated"])
        return [named(_exact(f"Ally for {event['player']}")),
                named(_exact(f"Ally total {figure(event['stated'])}"))]
    if kind == "decline_ally":
        mirror.decline_ally(event["player"])
        return [named(_exact(f"No ally for {event['player']}"))]
    if kind == "end_game":
        game = mirror.game_no
        given: dict[str, Any] = {}
        taps = []
        for player, truth in event["unmask"].items():
            if isinstance(truth, list):  # the verdict the cards give, tapped as such
                truth = {careta.TRUTHFUL: True, careta.LIED: False}.get(
                    *[mirror.judge_cards(player, truth)[0]] * 2)
            word = {True: "told the truth", False: "lied",
                    careta.TRICK_SHOWN: "lied with the Trick Card"}[truth]
            taps.append(named(_exact(f"{player} {word}")))
            given[player] = truth
        mirror.end_game(given)
        return [*taps, named(_exact(f"End game {game}"))]
    raise AssertionError(f"no taps for Careta's {kind}: pick another seed")


def _ratel(mirror: ratel.Match, event: dict[str, Any]) -> list[Target]:
    kind, player = event["type"], event["player"]
    if kind == "pass":
        mirror.pass_turn(player=player)
        return [named(_exact("Pass"))]
    if kind == "play":
        count, value = event["count"], event["value"]
        taps: list[Target] = []
        if not mirror.trick:  # the lead picks how many cards (R2)
            taps.append(named(re.compile(rf"^{count} cards?(, selected)?$")))
        taps.append(named(_exact(f"Play {say(ratel.play_said(count, value))}")))
        mirror.play(count, value, player=player)
        return taps
    raise AssertionError(f"no taps for Ratel's {kind}: pick another seed")


def _carrera(mirror: Any, event: dict[str, Any]) -> list[Target]:
    if event["type"] == "play":
        name = play_name(mirror, event["card"], event["fuel"])
        mirror.play(event["card"], event["fuel"], player=event["player"])
        return [named(_exact(name))]
    if event["type"] == "resolve_tie":
        mirror.resolve_tie(event["winner"])
        return [named(_exact(f"{event['winner']} wins the trick"))]
    raise AssertionError(f"no taps for Carrera's {event['type']}")


def plan(game: str, seed: int) -> Plan:
    """What a scorekeeper taps to record the playout of `seed`, action by action."""
    events = hook(game).playout(seed).events
    cls = type(hook(game).fresh())
    mirror = cls.replay(events[:1])
    start = cls.replay(events[:1])
    steps: list[Step] = []
    shift = (0, 0)
    for event in events[1:]:
        if game == "caro":
            if not mirror.board and event["type"] == "lay":
                first = (mirror.area, mirror.area)  # where the screen lays the first caro
                shift = (first[0] - event["cell"][0], first[1] - event["cell"][1])
            taps = _caro(mirror, event, shift)
        elif game == "careta":
            taps = _careta(mirror, event)
        elif game == "ratel":
            taps = _ratel(mirror, event)
        else:
            taps = _carrera(mirror, event)
        steps.append(Step(taps, mirror.history[-1]["text"]))
    assert mirror.is_over, "the plan must play a whole game"
    return Plan(start, steps)


@dataclass
class Taps:
    """Taps a page's buttons and keeps where: each tap's centre y, and how many of the steps'
    first taps needed the screen scrolled first."""

    page: Page
    height: int
    width: int
    ys: list[float] = field(default_factory=list)
    scrolled_first: int = 0

    def _in_view(self, target: Locator) -> tuple[dict[str, float], bool]:
        """The button's box once it lies inside the screen (under the scoreboard's band, above
        the bottom bar), and whether the screen had to be scrolled for it (the mouse wheel over
        the screen's lower part, as a thumb's swipe)."""
        scrolled = False
        top = table_top(self.page)
        for _ in range(8):
            target.wait_for(state="attached")
            box = target.bounding_box()
            assert box is not None
            cy, cx = box["y"] + box["height"] / 2, box["x"] + box["width"] / 2
            # Behind the scoreboard's band counts as out of the screen: a thumb cannot tap it.
            below, above = cy > self.height - 60, cy < top
            aside = cx < 0 or cx > self.width
            if not (below or above or aside):
                return box, scrolled
            scrolled = True
            self.page.mouse.move(self.width / 2, self.height * 0.6 if not aside else cy)
            self.page.mouse.wheel(cx - self.width / 2 if aside else 0,
                                  0 if aside else cy - self.height * 0.6)
            self.page.wait_for_timeout(500)
        raise AssertionError("the button never came into the screen")

    def tap(self, target: Locator, done: Callable[[float], None] | None = None) -> bool:
        box, scrolled = self._in_view(target)
        self.ys.append(box["y"] + box["height"] / 2)
        if done is None:
            target.click()
        else:
            tap_until(self.page, target.click, done)
        return scrolled

    def play(self, steps: list[Step]) -> None:
        for step in steps:
            for i, get in enumerate(step.taps):
                last = i == len(step.taps) - 1
                scrolled = self.tap(get(self.page), (lambda ms, s=step.said:
                                                     see(self.page, s, timeout=ms))
                                    if last else None)
                if i == 0 and scrolled:
                    self.scrolled_first += 1
                if not last:
                    self.page.wait_for_timeout(150)

    def above_third(self) -> int:
        return sum(1 for y in self.ys if y < self.height / 3)
