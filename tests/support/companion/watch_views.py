"""Helpers of tests/companion/test_watch_views.py that other tests share: CASES, KEEPER,
TO_THE_KEEPER, WATCHER, careta_doubt_open, caro_started, carrera_trick, handlers, keeper_pass,
ratel_trick."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from companion.session.open_matches import OpenMatches
from scoring import careta, carrera, ratel
from scoring.core import Match
from tests.support.companion.wrong_pins_screen import PIN
from tests.support.storage import finished

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


def handlers(control: Any) -> list[str]:
    """The event handlers a control has set (a tap, a change, a long press ...)."""
    return [f.name for f in dataclasses.fields(control)
            if f.name.startswith("on_") and getattr(control, f.name, None) is not None]


def keeper_pass(tables: OpenMatches) -> Any:
    """A pass the gate unlocked with the PIN, as the keeper's session holds."""
    who = tables.gate.new_pass(KEEPER)
    tables.gate.unlock(who, PIN)
    return who
