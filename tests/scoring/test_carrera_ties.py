"""M5's "first" and "last" tie options: equal top speeds go to the tied card played earliest or
latest, counted in play order (from the trick's lead, not the seating), whatever made the tie
(fuel, momentum, the 1's zeroing), and on the sixth trick the tie decides the trophy (M7, M8).

Each expected winner is worked out by hand from the rulings (docs/rulings.md M3, M5-M8).
"""

from __future__ import annotations

import pytest

import scoring
from scoring.carrera import FACE_DOWN as DOWN
from scoring.carrera import Match
from tests.support.scoring.carrera import FOUR, THREE, trick


def won(ties: str, players: list[str], lead: str, *plays: tuple[str, int] | str) -> Match:
    """A new match whose first trick is `plays`, in turn order from `lead`."""
    m = Match(players, lead=lead, ties=ties)
    trick(m, *plays)
    return m


@pytest.mark.parametrize("ties, winner", [("first", "Cleo"), ("last", "Ann")])
def test_play_order_from_the_lead_not_the_seating(ties: str, winner: str) -> None:
    # Cleo leads: Cleo 3 + 1, Dan 4A, Ann 4B all at 4, Ben's 2 at 2. Ann sits first but plays
    # third of the tied: "first" is Cleo, "last" is Ann.
    m = won(ties, FOUR, "Cleo", ("3", 1), "4A", "4B", "2")
    result = m.last_trick
    assert result["tied"] == ["Cleo", "Dan", "Ann"] and result["winner"] == winner
    assert (m.lead, m.current, m.trick_no, m.pending_tie) == (winner, winner, 2, None)
    assert m.momentum == {p: int(p == winner) for p in FOUR}
    order = "first" if ties == "first" else "last"
    assert m.history[-1]["text"].endswith(
        f"Trick 1: Cleo, Dan and Ann tie at speed 4; {winner} played {order} and wins"
        f"{' (3 + 1 fuel)' if winner == 'Cleo' else ''}. 1 chip to the market."
    )


@pytest.mark.parametrize("ties, winner", [("first", "Ann"), ("last", "Ben")])
def test_a_later_slower_or_face_down_card_is_not_in_the_tie(ties: str, winner: str) -> None:
    # Ann's 5 and Ben's 4A + 1 tie at 5; Cleo, face down, plays last but cannot win (M2).
    m = won(ties, THREE, "Ann", "5", ("4A", 1), DOWN)
    assert m.last_trick["tied"] == ["Ann", "Ben"] and m.last_trick["winner"] == winner
    # M6: Ben's 1 chip goes to the market, then to Cleo's full supply: discarded.
    assert m.last_trick["refills"] == {"Cleo": 0} and m.discarded == 1 and m.market == 0


@pytest.mark.parametrize("ties, winner", [("first", "Ann"), ("last", "Ben")])
def test_a_tie_the_1_makes_after_the_faster_card(ties: str, winner: str) -> None:
    # Ann's 5 + 2 runs at 7 until Ben's 1 zeroes it (M3): 0 + 2 = 2, and Ben's 1 + 1 = 2.
    m = won(ties, THREE, "Ann", ("5", 2), ("1", 1), DOWN)
    assert m.last_trick["speeds"] == {"Ann": 2, "Ben": 2, "Cleo": None}
    assert m.last_trick["tied"] == ["Ann", "Ben"] and m.last_trick["winner"] == winner


@pytest.mark.parametrize("ties, winner", [("first", "Ben"), ("last", "Cleo")])
def test_momentum_counts_in_the_tie(ties: str, winner: str) -> None:
    m = won(ties, THREE, "Ben", "5", "3", "4A")  # Ben's 5 wins trick 1: 1 momentum
    # Ben's 3 + 1 momentum = 4 ties Cleo's 4A; Ann's 2 (empty market, M4) runs at 2.
    trick(m, "3", "4A", "2")
    assert m.last_trick["speeds"] == {"Ben": 4, "Cleo": 4, "Ann": 2}
    assert m.last_trick["tied"] == ["Ben", "Cleo"] and m.last_trick["winner"] == winner


@pytest.mark.parametrize("ties, trophy", [("first", "Ann"), ("last", "Ben")])
def test_a_tie_on_the_sixth_trick_decides_the_trophy(ties: str, trophy: str) -> None:
    m = Match(THREE, ties=ties)
    for _ in range(5):  # nobody wins a trick of face-down cards: Ann leads again (M5)
        trick(m, DOWN, DOWN, DOWN)
    trick(m, ("3", 1), "4B", "2")  # Ann 4, Ben 4, Cleo 2
    result = m.last_trick
    assert result["round_ended"] and result["tied"] == ["Ann", "Ben"]
    assert result["winner"] == result["trophy"] == trophy
    assert m.trophies == {p: int(p == trophy) for p in THREE}
    # M7: the trophy's winner leads round 2; momentum goes back.
    assert (m.round_no, m.trick_no, m.lead) == (2, 1, trophy)
    assert m.momentum == {p: 0 for p in THREE}


def test_earliest_played_wins_the_second_trophy_and_the_game() -> None:
    m = Match(THREE, ties="first")
    for _round in range(2):
        for _ in range(5):
            trick(m, DOWN, DOWN, DOWN)
        trick(m, "4A", ("3", 1), DOWN)  # Ann (leading both rounds) 4, Ben 3 + 1 = 4
    assert m.is_over and m.winners == ["Ann"] and m.trophies == {"Ann": 2, "Ben": 0, "Cleo": 0}
    assert m.last_trick["tied"] == ["Ann", "Ben"] and m.last_trick["game_over"]
    assert m.current is None and (m.round_no, m.trick_no) == (2, 6)  # M8


@pytest.mark.parametrize("ties", ["first", "last"])
def test_an_undone_tie_comes_back_the_same_and_replays_the_same(ties: str) -> None:
    m = won(ties, FOUR, "Cleo", ("3", 1), "4A", "4B")
    before = (m.fuel, m.market, m.momentum, m.trick, m.lead)
    m.play("2")  # the trick's last card decides the tie at once, no question asked
    decided = (m.last_trick, m.momentum, m.lead, m.history)
    m.undo()
    assert (m.fuel, m.market, m.momentum, m.trick, m.lead) == before
    assert m.current == "Ben" and m.pending_tie is None and m.last_trick is None
    m.redo()
    assert (m.last_trick, m.momentum, m.lead, m.history) == decided
    again = scoring.replay(m.events)
    assert (again.last_trick, again.momentum, again.lead, again.history) == decided
