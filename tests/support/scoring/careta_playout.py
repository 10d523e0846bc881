"""Helpers of tests/scoring/test_careta_playout.py that other tests share: Chooser, legal_actions,
new_match, playout."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from hypothesis import strategies as st

from scoring import careta
from scoring.careta import DECK, PASS, Card, Match
from scoring.core import RuleViolation

NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana"]


LAYOUTS = [(2, 2), (3, 2), (4, 2), (2, 3), (2, 4)]


class Chooser:
    """Where the random choices come from: a seeded Random, or hypothesis data."""

    def __init__(self, rng: random.Random | None = None, data: Any = None) -> None:
        self.rng, self.data = rng, data

    def pick(self, options: Sequence[Any]) -> Any:
        options = list(options)
        if self.rng is not None:
            return self.rng.choice(options)
        return self.data.draw(st.sampled_from(options))

    def integer(self, lo: int, hi: int) -> int:
        if self.rng is not None:
            return self.rng.randint(lo, hi)
        return self.data.draw(st.integers(lo, hi))

    def subset(self, options: Sequence[str]) -> list[str]:
        """A non-empty subset, in a random order."""
        chosen = [p for p in options if self.integer(0, 1)] or [self.pick(options)]
        order = [chosen.pop(self.integer(0, len(chosen) - 1)) for _ in range(len(chosen))]
        return order


def state(m: Match) -> dict[str, Any]:
    """The game state as plain data (a copy: JSON also proves it is plain data, but for the
    history's sentences, which are `Said` values and compare by their English)."""
    return json.loads(
        json.dumps({k: v for k, v in vars(m).items() if k not in ("_log", "_redo", "_checkpoints")},
                   default=str)
    )


def new_match(c: Chooser) -> Match:
    target = c.integer(1, 10)
    rotate = bool(c.integer(0, 1))
    if c.integer(0, 2) == 0:
        size, count = c.pick(LAYOUTS)
        # Some teams left unnamed (their letter), from the target: no draw more, same games.
        unnamed = [careta.TEAM_LETTERS[t] for t in range(count) if (target + t) % 3 == 0]
        teams = {careta.TEAM_LETTERS[t] if careta.TEAM_LETTERS[t] in unnamed else f"T{t}":
                 [NAMES[t + count * i] for i in range(size)] for t in range(count)}
        players = careta.alternate_seating(teams)
        return Match(players, deck_master=c.pick(players), target=target, teams=teams,
                     rotate_deck_master=rotate, unnamed_teams=unnamed)  # fmt: skip
    players = NAMES[: c.integer(2, 8)]
    return Match(players, deck_master=c.pick(players), target=target, rotate_deck_master=rotate)


def random_play_truth(m: Match, player: str, c: Chooser) -> Any:
    """A truth for `player`'s current play: a verdict or cards that fit the play."""
    kind = c.integer(0, 3)
    if kind < 3:
        return [True, False, "trick"][kind]
    ps = m.player_state(player)
    count = 2 if ps.with_ally else 1
    cards = list(ps.shown[:count])
    while len(cards) < count:
        card = c.pick(DECK)
        if card not in cards:
            cards.append(card)
    if c.integer(0, 1):
        cards.reverse()
    return cards


def random_hand(c: Chooser) -> list[Card]:
    hand: list[Card] = []
    while len(hand) < 4:
        card = c.pick(DECK)
        if card not in hand:
            hand.append(card)
    return hand


def legal_actions(m: Match, c: Chooser) -> list[tuple[str, Callable[[], None]]]:
    """Every kind of action the Match says is allowed now, with random arguments."""
    actions: list[tuple[str, Callable[[], None]]] = []
    phase = m.phase
    if phase == "match-over":
        return actions
    if phase == "set-needed":
        actions.append(("start_set", m.start_set))
    if phase == "direction-needed":
        direction = c.pick(["up", "down"])
        actions += [("start_game", partial(m.start_game, direction, player=m.starter))] * 3
    claimants = [p for p in m.players if m.cause_allowed(p)]
    if claimants and c.integer(0, 5) == 0:
        who = c.pick(claimants)
        doubters = c.subset(m.cause_doubters_allowed(who)) if c.integer(0, 1) else []
        truth = (c.pick([True, False]) if c.integer(0, 1) else random_hand(c)) if doubters else None
        actions.append(("cause", partial(m.cause, who, doubters, truth)))
    if phase == "card-round":
        player = m.current
        assert player is not None
        with_ally = not m.player_state(player).ally_used and c.integer(0, 4) == 0
        if c.integer(0, 4) == 0 and not with_ally:
            stated: Any = PASS
        else:
            stated = c.pick(m.score_range(with_ally))
        actions += [("play", partial(m.play, player, stated, with_ally=with_ally))] * 4
    if m.latest_play is not None and c.integer(0, 2) == 0:
        target = m.latest_play
        doubters = c.subset(m.doubters_allowed())
        truth = random_play_truth(m, target, c)
        actions += [("doubt", partial(m.doubt, doubters, truth))] * 2
    if phase == "ally-phase":
        undecided = m.ally_undecided
        if undecided:
            who = m.ally_next if m.ally_next and c.integer(0, 3) else c.pick(undecided)
            stated = c.pick(m.score_range(with_ally=True))
            actions.append(("ally", partial(m.ally, who, stated)))
            actions.append(("decline_ally", partial(m.decline_ally, who)))
        unmask = {p: random_play_truth(m, p, c) for p in m.unmask_needed()}
        for p in m.leaders:
            if c.integer(0, 3) == 0 and p not in unmask:
                unmask[p] = c.pick([True, False, "trick"])
        actions.append(("end_game", partial(m.end_game, unmask)))
    return actions


def check_invariants(m: Match) -> None:
    points = m.points
    assert all(v >= 0 for v in points.values())
    history = m.history
    assert len(history) == len(m.events) - 1
    assert json.loads(json.dumps(m.events)) == m.events
    totals = dict.fromkeys(points, 0)
    for entry in history:
        assert isinstance(entry["text"], str) and entry["text"]
        for side, delta in entry["changes"].items():
            totals[side] += delta
            assert delta != 0
    assert totals == points
    assert (m.current is not None) == (m.phase == "card-round")
    assert m.phase in careta.PHASES
    if m.is_over:
        assert m.winners and all(points[m.side(p)] >= m.target for p in m.winners)
        assert m.latest_play is None and m.ally_next is None
    else:
        assert m.winners == [] and all(v < m.target for v in points.values())
    for p in m.leaders:
        ps = m.player_state(p)
        assert not ps.eliminated and ps.stated not in (None, PASS)
    assert set(m.unmask_needed()) <= set(m.projected_winners()) <= set(m.leaders)
    undecided = m.ally_undecided
    assert set(m.ally_waiting) <= set(undecided)
    assert m.ally_next is None or (m.ally_next in undecided and m.ally_next not in m.ally_waiting)
    if m.latest_play is not None:
        target = m.latest_play
        allowed = m.doubters_allowed()
        assert target not in allowed and allowed
        assert all(m.team_of(p) is None or m.team_of(p) != m.team_of(target) for p in allowed)
        assert m.player_state(target).stated != PASS
        assert m.player_state(target).revealed is None
    if m.direction is not None:
        assert 1 <= m.game_no <= 3 and m.starter is not None


def playout(c: Chooser, cap: int = 400, undo_checks: bool = True) -> Match:
    m = new_match(c)
    snaps = [state(m)]  # snaps[i]: the state after i actions
    redo_snaps: list[dict[str, Any]] = []
    for _ in range(cap):
        if m.is_over:
            break
        roll = c.integer(0, 19)
        if undo_checks and roll == 0 and m.can_undo:
            redo_snaps.append(snaps.pop())
            m.undo()
            assert state(m) == snaps[-1]
            continue
        if undo_checks and roll == 1 and m.can_redo:
            m.redo()
            snaps.append(redo_snaps.pop())
            assert state(m) == snaps[-1]
            continue
        name, action = c.pick(legal_actions(m, c))
        try:
            action()
        except RuleViolation as err:  # pragma: no cover - shows which legal action was refused
            raise AssertionError(f"legal {name} refused: {err.rule}: {err}") from err
        assert m.events[-1]["type"] == name and not m.can_redo
        redo_snaps.clear()
        snaps.append(state(m))
        check_invariants(m)
    again = Match.replay(json.loads(json.dumps(m.events)))
    assert state(again) == state(m) and again.history == m.history and not again.can_redo
    if undo_checks:
        steps = len(m.events) - 1
        for i in range(steps):
            m.undo()
            assert state(m) == snaps[steps - 1 - i]
        assert not m.can_undo
        for i in range(steps):
            m.redo()
            assert state(m) == snaps[i + 1]
        assert not m.can_redo and state(m) == state(again) and m.history == again.history
    return m
