"""The score sheet's test hook (tests/support/games/__init__.py says what a hook gives)."""

from __future__ import annotations

import random

from scoring import sheet

FIRST_TURN = None  # a round is everyone's: nobody is to act in particular
HAS_NEXT_GAME = False
FINAL_SCORES = True
HISTORY = "_history"
PLAYERS = ("Ann", "Ben", "Cleo", "Dan", "Eve", "Finn")


def fresh() -> sheet.Match:
    return sheet.Match(["Ann", "Ben", "Cleo", "Dan"], name="Hearts", lowest_wins=True,
                       end="target", target=100, round_sum=26)


def in_play() -> sheet.Match:
    m = fresh()
    m.add_round({"Ann": 4, "Ben": 13, "Cleo": 0, "Dan": 9})
    m.add_round({"Ann": 0, "Ben": 26, "Cleo": 26, "Dan": 26})  # Ann shoots the moon
    return m


def _hearts_round(rng: random.Random, players: list[str]) -> dict[str, int]:
    """A hand of Hearts' points: 13 hearts and the queen of spades, or a shot at the moon."""
    if rng.random() < 0.1:
        shooter = rng.choice(players)
        return {p: 0 if p == shooter else 26 for p in players}
    points = dict.fromkeys(players, 0)
    for _ in range(13):
        points[rng.choice(players)] += 1
    points[rng.choice(players)] += 13
    return points


def finished() -> sheet.Match:
    m = fresh()
    rng = random.Random(7)
    while not m.is_over:
        m.add_round(_hearts_round(rng, m.players))
        if m.tie_to_settle:
            m.settle_tie(None)
    return m


def _highest() -> sheet.Match:
    m = sheet.Match(list(PLAYERS), name="Yahtzee", end="rounds", rounds=3)
    for n in range(3):
        m.add_round({p: (i * 7 + n * 3) % 11 - 2 for i, p in enumerate(PLAYERS)})
    return m


OTHER_FINISHED = (_highest,)


def playout(seed: int) -> sheet.Match:
    """Each end in turn (target, rounds, the scorekeeper's), random scores, a correction, an
    undo and redo now and then; ties settled as the table might."""
    rng = random.Random(seed)
    players = list(PLAYERS[: rng.randint(2, 6)])
    end = ("target", "rounds", "keeper")[seed % 3]
    hearts = end == "target" and rng.random() < 0.5
    m = sheet.Match(players, name=rng.choice(["Hearts", "Skat", "大富豪", "Uno 🎲"]),
                    lowest_wins=rng.random() < 0.5, end=end,
                    target=100 if end == "target" else None,
                    rounds=rng.randint(1, 60) if end == "rounds" else None,
                    round_sum=26 if hearts else None)
    for _ in range(200):
        if m.is_over:
            break
        if m.tie_to_settle:
            m.settle_tie(rng.choice([None, *m.tie_to_settle]))
            continue
        if end == "keeper" and len(m.rounds) >= 3 and rng.random() < 0.04:
            m.end_now()
            continue
        scores = (_hearts_round(rng, players) if hearts
                  else {p: rng.randint(-5, 30) for p in players})
        if m.rounds and rng.random() < 0.1:
            number = rng.randint(1, len(m.rounds))
            if m.rounds[number - 1] != scores:
                m.correct_round(number, scores)
                continue
        m.add_round(scores)
        if rng.random() < 0.1:
            m.undo()
            m.redo()
    if not m.is_over and not m.tie_to_settle and m.rounds:
        if end == "keeper":
            m.end_now()
    if m.tie_to_settle:
        m.settle_tie(None)
    return m
