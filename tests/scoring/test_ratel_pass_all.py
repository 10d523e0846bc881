"""Ratel: "nobody can beat it, all pass" (R1-R3) as one action.

The expected figures are worked out by hand from the rulebook and rulings R1-R7: a trick whose
top play no remaining hand can beat ends with one action that equals each player passing in turn.
A card-level simulation (real decks, real hands) checks the query never claims that nobody can
beat the table while someone holds the cards to do it.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

import pytest

from scoring.core import RuleViolation
from scoring.ratel import COPIES, HAND, VALUES, Match
from tests.support.scoring.ratel_playout import BASE, check_invariants, view

NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eli", "Fay"]


def table(m: Match) -> dict[str, Any]:
    """Everything but the log machinery and the history (whose wording differs by design)."""
    return copy.deepcopy({k: v for k, v in vars(m).items() if k not in BASE | {"_history"}})


def passed_one_by_one(m: Match) -> Match:
    twin = Match.replay(m.events)
    for name in m.still_to_pass:
        twin.pass_turn(player=name)
    return twin


def refused(m: Match, rule: str, **kwargs: Any) -> RuleViolation:
    events, before = m.events, table(m)
    with pytest.raises(RuleViolation) as caught:
        m.pass_all(**kwargs)
    assert caught.value.rule == rule
    assert m.events == events and table(m) == before
    return caught.value


# -- the three reasons --------------------------------------------------------------------------

def test_nothing_beats_plus_five_five_players_pass_in_one_action() -> None:
    m = Match(NAMES[:5])
    m.play(1, -2)
    m.play(1, 3, player="Ben")
    m.play(1, 5, player="Cleo")
    assert m.still_to_pass == ["Dan", "Eli", "Ann", "Ben"]
    assert str(m.why_nobody_can_beat()) == "nothing beats +5"
    one_by_one = passed_one_by_one(m)
    m.pass_all(player="Dan")
    assert len(m.events) == 5  # settings, three plays, one action for four passes
    assert m.last_trick["winner"] == "Cleo" and m.last_trick["taken"] == 2  # R3: min(5, 2)
    assert m.hands == {"Ann": 9, "Ben": 9, "Cleo": 11, "Dan": 10, "Eli": 10}
    assert m.current == m.leader == "Cleo" and m.trick == [] and m.passed == []
    assert table(m) == table(one_by_one)
    assert m.history[-1]["text"] == (
        "Dan, Eli, Ann and Ben pass: nobody can beat Cleo's 1 x +5 (nothing beats +5). "
        "Cleo wins the trick with 1 x +5 and takes 2 cards.")
    assert m.history[-1]["player"] == "Dan"
    # one undo step puts the trick back with Dan to answer
    m.undo()
    assert m.trick[-1] == {"player": "Cleo", "count": 1, "value": 5} and m.current == "Dan"
    m.redo()
    assert table(m) == table(one_by_one)


def test_after_some_passed_only_the_rest_pass() -> None:
    m = Match(NAMES[:4])
    m.play(2, 5)
    m.pass_turn()  # Ben
    assert m.still_to_pass == ["Cleo", "Dan"]
    m.pass_all()
    assert m.history[-1]["text"].startswith("Cleo and Dan pass: nobody can beat Ann's 2 x +5")
    assert m.last_trick["winner"] == "Ann" and m.current == "Ann"


def test_every_hand_left_is_smaller_than_the_play() -> None:
    m = Match(NAMES[:3])
    # Trick 1: 6 x +1, 6 x +2, 6 x +3; Cleo wins and takes 3 of the 12 others (R3): 4, 4, 7.
    m.play(6, 1)
    m.play(6, 2)
    m.play(6, 3)
    m.pass_turn()
    m.pass_turn()
    assert m.hands == {"Ann": 4, "Ben": 4, "Cleo": 7}
    # Cleo leads 5 x -5: Ann and Ben hold 4 cards each, so nobody can answer with five.
    m.play(5, -5)
    assert str(m.why_nobody_can_beat()) == "Ann and Ben each hold fewer than 5 cards"
    assert m.options() == {}  # the pad agrees: Ann has no play
    m.pass_all()
    assert m.last_trick == {**m.last_trick, "winner": "Cleo", "discarded": 2}
    assert m.hands == {"Ann": 4, "Ben": 4, "Cleo": 0}
    assert m.escaped == ["Cleo"] and m.current == "Ann"


def test_copies_known_out_of_play_leave_too_few_to_beat() -> None:
    m = Match(NAMES[:3])
    # Trick 1: Ann's 3 x +5 wins with nothing to take: three +5 are out of play (R3).
    m.play(3, 5)
    m.pass_all()
    assert m.out_of_play == {5: 3} and m.copies_left(5) == 3
    # 4 x +4 needs four +5 to beat; only three may be in hands.
    m.play(4, 4)
    assert str(m.why_nobody_can_beat()) == "no higher value has 4 copies left (+5: 3 left)"
    m.pass_all()
    assert m.out_of_play == {4: 4, 5: 3}
    # 3 x +3: three +5 may still be held, so each answers in turn.
    m.play(3, 3)
    assert m.why_nobody_can_beat() is None and not m.nobody_can_beat()
    error = refused(m, "can-beat")
    assert str(error) == ("Ann's 3 x +3 may still be beaten: each player plays or passes in "
                          "turn.")


def test_with_three_higher_values_the_reason_gives_the_most_left() -> None:
    m = Match(NAMES[:3])
    for value in (5, 4):  # Ann sheds 5 x +5 then 5 x +4 and escapes
        m.play(5, value)
        m.pass_all()
    m.play(5, 3)  # Ben; only Cleo answers
    assert m.still_to_pass == ["Cleo"] and m.nobody_can_beat()
    m.pass_all()
    m.play(5, 2)
    assert str(m.why_nobody_can_beat()) == "no higher value has 5 copies left (at most 1 of any)"


def test_what_counts_as_out_of_play() -> None:
    m = Match(NAMES[:3])
    # A -n trick discards every card in it.
    m.play(2, -3)
    m.play(2, -1)
    m.pass_all() if m.nobody_can_beat() else (m.pass_turn(), m.pass_turn())
    assert m.out_of_play == {-3: 2, -1: 2}
    # A +n trick: the winner may have taken back any of the others, up to n (not recorded).
    m.play(2, 1)  # Ben leads
    m.play(2, 2)
    m.play(2, 4)
    m.pass_turn()
    m.pass_turn()
    assert m.last_trick["taken"] == 4
    assert m.out_of_play == {-3: 2, -1: 2, 4: 2}  # +1 and +2 may all be in Ann's hand
    # A new round deals the whole deck again.
    m2 = Match(NAMES[:2])
    m2.play(6, 5)
    m2.pass_turn()
    assert m2.out_of_play == {5: 6}


# -- refusals -----------------------------------------------------------------------------------

def test_refused_pass_all_changes_nothing() -> None:
    m = Match(NAMES[:3])
    refused(m, "must-play")  # the leader of an empty trick plays (R2)
    m.play(1, 2)
    refused(m, "can-beat")
    m.play(1, 5)  # Ben
    refused(m, "not-your-turn", player="Ann")  # Cleo is to answer
    m.pass_all(player="Cleo")
    assert m.current == "Ben" and m.last_trick["winner"] == "Ben"
    over = Match(NAMES[:2], mode="short")
    over.record_round(order=["Ann", "Ben"])
    refused(over, "match-over")


# -- seeded playouts: the one action equals passing in turn, replay equals live -----------------

def test_seeded_playouts_one_tap_equals_each_passing() -> None:
    offered = 0
    for seed in range(60):
        rng = random.Random(seed)
        players = NAMES[: rng.randint(2, 6)]
        m = Match(players, starter=rng.choice(players),
                  mode=rng.choice(["damage", "short", "penalty"]))
        for _ in range(3000):
            if m.is_over:
                break
            if m.nobody_can_beat():
                offered += 1
                one_by_one = passed_one_by_one(m)
                m.pass_all()
                assert table(m) == table(one_by_one)
                assert m.passed == [] and (m.trick == [] or m.is_over)
            elif m.can_pass and (rng.random() < 0.5 or not m.options()):
                m.pass_turn()
            else:
                options = m.options()
                count = rng.choice(sorted(options))
                m.play(count, rng.choice(options[count]))
            check_invariants(m)
        assert m.is_over
        copy_ = Match.replay(json.loads(json.dumps(m.events)))
        assert table(copy_) == table(m) and copy_.history == m.history
        assert view(copy_) == view(m)
    assert offered > 100, offered


# -- a card-level simulation: never "nobody can beat" while a hand could ----------------------

def _deal(players: list[str], rng: random.Random) -> dict[str, Counter[int]]:
    deck = [v for v in VALUES for _ in range(COPIES)]
    rng.shuffle(deck)
    return {p: Counter(deck[i * HAND:(i + 1) * HAND]) for i, p in enumerate(players)}


def _take(pile: Counter[int], n: int, rng: random.Random) -> Counter[int]:
    cards = list(pile.elements())
    rng.shuffle(cards)
    return Counter(cards[:n])


@pytest.mark.parametrize("players", [3, 5, 6])
def test_real_cards_never_contradict_nobody_can_beat(players: int) -> None:
    """Real hands behind the counts: whenever the app says nobody can beat the table, no player
    still to answer holds the cards that would (copies out of play and hand counts included)."""
    offered = {"top": 0, "hands": 0, "copies": 0}
    kinds = {"nothing": "top", "no": "copies"}
    for seed in range(40):
        rng = random.Random(1000 * players + seed)
        names = NAMES[:players]
        m = Match(names, starter=names[0])
        hands = _deal(names, rng)
        round_no, trick_cards = 1, Counter()
        for _ in range(2000):
            if m.is_over:
                break
            why = m.why_nobody_can_beat()
            if why is not None:
                top = m.trick[-1]
                for p in m.still_to_pass:
                    assert not any(hands[p][v] >= top["count"] for v in VALUES
                                   if v > top["value"]), (seed, why, p, hands[p], top)
                offered[kinds.get(str(why).split()[0], "hands")] += 1
            player = m.current
            groups = [(n, v) for v, n in hands[player].items() if n]
            plays = [(c, v) for n, v in groups for c in range(1, n + 1)
                     if m.violation(c, v) is None]
            if plays and (not m.can_pass or rng.random() < 0.6):
                count, value = rng.choice(plays)
                hands[player][value] -= count
                trick_cards[value] += count
                m.play(count, value)
            else:
                m.pass_turn()
            if m.trick or m.is_over:
                continue
            # The trick ended: move the real cards as the engine moved the counts.
            won = m.last_trick
            winner = won["winner"]
            trick_cards[won["value"]] -= won["count"]
            if won["taken"]:
                hands[winner] += _take(trick_cards, won["taken"], rng)
            if won["discarded"]:
                hands[winner] -= _take(hands[winner], won["discarded"], rng)
            trick_cards = Counter()
            assert {p: hands[p].total() for p in names} == m.hands or m.round_no != round_no
            if m.round_no != round_no:
                round_no, hands = m.round_no, _deal(names, rng)
    assert offered["top"] and offered["hands"], offered
    assert offered["copies"], offered  # copies out of play decided some

