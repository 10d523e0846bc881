"""My Favorite Carrera RS: every ruling M1-M9 as a scripted game, and a full round."""

from __future__ import annotations

import doctest
import json

import pytest

from scoring import carrera
from scoring.carrera import FACE_DOWN as DOWN
from scoring.carrera import Match
from scoring.core import RuleViolation
from tests.support.scoring.carrera import FOUR, THREE, act, chips, trick


def figures(entry: dict) -> dict:
    """A history entry without its sentence as data, which must read as its "text"."""
    assert str(entry["said"]) == entry["text"]
    return {k: v for k, v in entry.items() if k != "said"}


def refused(m: Match, rule: str, action, *args, **kwargs) -> RuleViolation:
    """Assert that the action is refused with `rule` and leaves everything as it was."""
    events, fuel, market, trick_view = m.events, m.fuel, m.market, m.trick
    with pytest.raises(RuleViolation) as err:
        action(*args, **kwargs)
    assert err.value.rule == rule, str(err.value)
    assert m.events == events and m.fuel == fuel and m.market == market and m.trick == trick_view
    return err.value


# -- the module's public names --------------------------------------------------------------------


def test_docstring_examples() -> None:
    assert doctest.testmod(carrera).failed == 0


def test_public_constants_and_registry_attributes() -> None:
    assert carrera.CARDS == ("1", "2", "3", "4A", "4B", "5")
    assert carrera.FACE_DOWN == "down"
    assert Match.GAME == "carrera"
    assert Match.TITLE == "My Favorite Carrera RS"
    assert Match.PLAYERS == range(3, 6)


# -- M1: players, suits, the start supply ---------------------------------------------------------


def test_m1_start_state() -> None:
    m = Match(THREE)
    assert m.events == [
        {"type": "setup", "game": "carrera", "players": THREE, "lead": "Ann", "ties": "ask"}
    ]
    assert m.fuel == {"Ann": 5, "Ben": 5, "Cleo": 5}
    assert m.momentum == {"Ann": 0, "Ben": 0, "Cleo": 0}
    assert m.trophies == {"Ann": 0, "Ben": 0, "Cleo": 0}
    assert (m.market, m.discarded, m.chips_on_table) == (0, 0, 0)
    assert (m.round_no, m.trick_no, m.lead, m.current) == (1, 1, "Ann", "Ann")
    assert m.speeds == {} and m.trick == [] and m.suits_taken == []
    assert m.pending_tie is None and m.last_trick is None and m.history == []
    assert not m.is_over and m.winners == []
    assert m.standings() == [
        ("Ann", "0 trophies, 5 fuel"), ("Ben", "0 trophies, 5 fuel"), ("Cleo", "0 trophies, 5 fuel")
    ]
    assert m.legal_cards() == ["1", "2", "3", "4A", "4B", "5", DOWN]


def test_m1_lead_and_ties_options() -> None:
    m = Match(FOUR, lead="Cleo", ties="last")
    assert (m.lead, m.current, m.ties) == ("Cleo", "Cleo", "last")
    assert Match(["A", "B", "C", "D", "E"]).current == "A"
    assert Match.replay(json.loads(json.dumps(m.events))).events == m.events


@pytest.mark.parametrize(
    "kwargs, rule",
    [
        ({"players": ["Ann", "Ben"]}, "player-count"),
        ({"players": ["A", "B", "C", "D", "E", "F"]}, "player-count"),
        ({"players": ["Ann", "Ben", "ann"]}, "bad-players"),
        ({"players": THREE, "lead": "Zed"}, "unknown-player"),
        ({"players": THREE, "ties": "coin"}, "bad-option"),
        ({"players": THREE, "ties": None}, "bad-option"),
    ],
)
def test_m1_bad_setups_are_refused(kwargs: dict, rule: str) -> None:
    with pytest.raises(RuleViolation) as err:
        Match(**kwargs)
    assert err.value.rule == rule


# -- M2: face up with unique suits, any fuel from the supply; face down ----------------------------


def test_m2_suits_are_unique_in_a_trick_and_face_down_is_always_allowed() -> None:
    m = Match(THREE)
    act(m, "3", 2)
    assert m.suits_taken == ["3"] and m.current == "Ben"
    assert m.legal_cards() == ["1", "2", "4A", "4B", "5", DOWN]
    err = refused(m, "suit-taken", m.play, "3")
    assert "Ann already played a 3" in str(err)
    act(m, DOWN)  # a card whose suit is taken goes face down
    assert m.suits_taken == ["3"]
    act(m, "4B", 5)
    assert m.fuel == {"Ann": 3, "Ben": 5, "Cleo": 0}
    assert m.last_trick["winner"] == "Cleo" and m.lead == "Cleo"
    # the lead may play face down too, and a face-down card takes no suit
    act(m, DOWN)
    act(m, "4B")
    assert m.suits_taken == ["4B"]


def test_m2_fuel_comes_from_the_supply_only() -> None:
    m = Match(THREE)
    refused(m, "not-enough-fuel", m.play, "5", 6)
    act(m, "5", 5)
    assert m.fuel["Ann"] == 0 and m.chips_on_table == 5 and m.speeds == {"Ann": 10}
    act(m, "4A", 1)
    act(m, "3")
    assert m.market == 6 and m.lead == "Ann"
    err = refused(m, "not-enough-fuel", m.play, "3", 1)
    assert str(err) == "Ann can put at most 0 fuel on the 3 (0 chips in supply), not 1."
    assert m.max_fuel("3") == 0
    act(m, "3")


def test_m2_face_down_takes_no_fuel_and_bad_input_is_refused() -> None:
    m = Match(THREE)
    refused(m, "fuel-face-down", m.play, DOWN, 1)
    for card in ("6", "4", "4a", 4, None, ""):
        refused(m, "bad-card", m.play, card)
    assert str(refused(m, "bad-card", m.play, "6")) == (
        "“6” is not a card: play a 1, 2, 3, 4A, 4B, 5 or face down."
    )
    for fuel in (-1, 1.5, True, "2", None):
        refused(m, "bad-fuel", m.play, "3", fuel)
    refused(m, "not-your-turn", m.play, "3", player="Ben")
    m.play("3", player="Ann")
    assert m.events[-1] == {"type": "play", "player": "Ann", "card": "3", "fuel": 0}
    refused(m, "not-your-turn", m.play, "5", player="Ann")


# -- M3: speed = rank + fuel + momentum; the 1 --------------------------------------------------


def test_m3_speed_and_the_one_zeroing_4a_4b_5_before_and_after_it() -> None:
    m = Match(THREE)
    act(m, "4A", 2)
    act(m, "5")
    assert m.speeds == {"Ann": 6, "Ben": 5}
    assert m.speed_of("1", 0) == 1 and m.speed_of("4B", 2) == 6
    act(m, "1")
    # the 1 zeroes the 4A and the 5 played before it; the 4A's fuel still counts
    assert m.last_trick["speeds"] == {"Ann": 2, "Ben": 0, "Cleo": 1}
    assert m.last_trick["winner"] == "Ann" and m.momentum == {"Ann": 1, "Ben": 0, "Cleo": 0}
    # trick 2: Ann's momentum counts on her zeroed 5 too; the 1 also zeroes cards after it
    act(m, "5")
    assert m.speeds == {"Ann": 6}
    act(m, "1")
    assert m.speeds == {"Ann": 1, "Ben": 1}
    assert m.history[-1]["text"] == "Ben plays a 1: speed 1. The 1 drops Ann to speed 1."
    assert m.speed_of("4B", 2) == 2 and m.speed_of("3", 2) == 5 and m.speed_of(DOWN) == 0
    act(m, "4B", 2)
    assert m.last_trick["speeds"] == {"Ann": 1, "Ben": 1, "Cleo": 2}
    assert m.last_trick["winner"] == "Cleo"
    assert m.history[-1]["text"] == (
        "Cleo plays a 4B with 2 fuel: speed 2. Trick 2: Cleo wins at speed 2 "
        "(4B zeroed by the 1 + 2 fuel). 2 chips to the market."
    )


def test_m3_the_one_drops_every_4_and_5_in_the_trick() -> None:
    m = Match(FOUR)
    trick(m, ("4A", 1), "5", "1", ("4B", 3))
    assert m.history[-2]["text"] == (
        "Cleo plays a 1: speed 1. The 1 drops Ann to speed 1 and Ben to speed 0."
    )
    assert m.last_trick["speeds"] == {"Ann": 1, "Ben": 0, "Cleo": 1, "Dan": 3}
    assert m.last_trick["winner"] == "Dan"
    refused(m, "bad-card", m.max_fuel, "7")
    refused(m, "bad-card", m.speed_of, "7", 1)


def test_m3_a_face_down_card_has_no_power_and_no_speed() -> None:
    m = Match(THREE)
    act(m, "5")
    act(m, DOWN)  # even if it is a 1
    assert m.speeds == {"Ann": 5}
    assert m.trick == [
        {"player": "Ann", "card": "5", "fuel": 0, "speed": 5, "momentum": 0, "from_market": 0},
        {"player": "Ben", "card": DOWN, "fuel": 0, "speed": None, "momentum": 0, "from_market": 0},
    ]
    act(m, "3")
    assert m.last_trick["speeds"] == {"Ann": 5, "Ben": None, "Cleo": 3}
    assert m.last_trick["winner"] == "Ann"
    # a face-down player's momentum does not count either: Ann has 1, she plays down
    act(m, DOWN)
    act(m, "1")
    act(m, "2")
    assert m.last_trick["speeds"] == {"Ann": None, "Ben": 1, "Cleo": 2}


# -- M4: the 2 takes a chip from the market -------------------------------------------------------


def _market_of_three() -> Match:
    """Ann wins trick 1 with 3 fuel: market 3, Ann 2 fuel and 1 momentum, Ann leads trick 2."""
    m = Match(THREE)
    trick(m, ("3", 3), "4A", "5")
    assert (m.market, m.fuel, m.lead) == (3, {"Ann": 2, "Ben": 5, "Cleo": 5}, "Ann")
    return m


def test_m4_the_market_chip_can_go_on_the_two_at_once() -> None:
    m = _market_of_three()
    assert m.max_fuel("2") == 3 and m.max_fuel("3") == 2 and m.max_fuel(DOWN) == 0
    err = refused(m, "not-enough-fuel", m.play, "2", 4)
    assert str(err) == (
        "Ann can put at most 3 fuel on the 2 (2 in supply + 1 from the market), not 4."
    )
    act(m, "2", 3)
    assert (m.fuel["Ann"], m.market, m.chips_on_table, m.discarded) == (0, 2, 3, 0)
    assert m.speeds == {"Ann": 6}  # 2 + 3 fuel + 1 momentum
    assert m.trick[0]["from_market"] == 1
    assert figures(m.history[-1]) == {
        "text": "Ann plays a 2, takes a chip from the market and puts 3 fuel on it: speed 6.",
        "changes": {},
        "fuel": {"Ann": -2},
        "market": -1,
    }


def test_m4_the_two_keeps_the_rest_and_discards_above_five() -> None:
    m = _market_of_three()
    act(m, "3")
    assert m.max_fuel("2") == 6
    act(m, "2")  # Ben: 5 + 1 - 0 = 6 kept, so 1 is discarded
    assert (m.fuel["Ben"], m.market, m.discarded) == (5, 2, 1)
    assert m.history[-1]["text"] == (
        "Ben plays a 2 and takes a chip from the market: speed 2. "
        "Their supply is full: 1 chip discarded."
    )
    act(m, "5", 1)
    # next trick: Cleo leads with 4 fuel; a 2 with 1 fuel keeps 4 + 1 - 1 = 4
    act(m, "2", 1)
    assert (m.fuel["Cleo"], m.market) == (4, 2)


def test_m4_the_whole_supply_and_the_market_chip_on_a_two() -> None:
    m = _market_of_three()
    act(m, "1")
    act(m, "2", 6)
    assert (m.fuel["Ben"], m.speeds["Ben"], m.market) == (0, 8, 2)


def test_m4_a_two_with_an_empty_market_takes_nothing() -> None:
    m = Match(THREE)
    assert m.max_fuel("2") == 5
    refused(m, "not-enough-fuel", m.play, "2", 6)
    act(m, "2", 5)
    assert (m.fuel["Ann"], m.market, m.discarded, m.trick[0]["from_market"]) == (0, 0, 0, 0)


# -- M5: the winner, ties, all face down ----------------------------------------------------------


def _tie(ties: str) -> Match:
    m = Match(THREE, ties=ties)
    trick(m, ("3", 1), "4A", "2")  # Ann 4, Ben 4, Cleo 2
    return m


def test_m5_the_winner_gets_momentum_and_the_lead() -> None:
    m = Match(THREE)
    trick(m, "3", "5", "4B")
    assert (m.last_trick["winner"], m.lead, m.current, m.trick_no) == ("Ben", "Ben", "Ben", 2)
    assert m.momentum == {"Ann": 0, "Ben": 1, "Cleo": 0} and m.speeds == {}
    assert m.history[-1]["text"] == (
        "Cleo plays a 4B: speed 4. Trick 1: Ben wins at speed 5. No fuel to the market."
    )


@pytest.mark.parametrize("ties, winner", [("first", "Ann"), ("last", "Ben")])
def test_m5_ties_first_and_last(ties: str, winner: str) -> None:
    m = _tie(ties)
    result = m.last_trick
    assert (result["tied"], result["winner"], m.lead) == (["Ann", "Ben"], winner, winner)
    assert m.momentum[winner] == 1 and m.pending_tie is None and m.market == 1
    order = "first" if ties == "first" else "last"
    assert m.history[-1]["text"].endswith(
        f"Trick 1: Ann and Ben tie at speed 4; {winner} played {order} and wins"
        f"{' (3 + 1 fuel)' if winner == 'Ann' else ''}. 1 chip to the market."  # 4A: no sum
    )


def test_m5_ties_ask_waits_for_the_scorekeeper() -> None:
    m = _tie("ask")
    assert m.pending_tie == ["Ann", "Ben"] and m.current is None
    assert m.speeds == {"Ann": 4, "Ben": 4, "Cleo": 2} and len(m.trick) == 3
    assert m.chips_on_table == 1 and m.market == 0 and m.trick_no == 1 and m.lead == "Ann"
    assert m.last_trick is None and m.legal_cards() == [] and m.max_fuel("3") == 0
    assert m.speed_of("3") is None
    assert m.history[-1]["text"] == (
        "Cleo plays a 2: speed 2. Trick 1: Ann and Ben tie at speed 4; "
        "the scorekeeper picks the winner."
    )
    refused(m, "tie-pending", m.play, "3")
    refused(m, "tie-pending", m.play, "3", player="Ann")
    refused(m, "not-tied", m.resolve_tie, "Cleo")
    refused(m, "not-tied", m.resolve_tie, "Zed")
    m.resolve_tie("Ben")
    assert m.events[-1] == {"type": "resolve_tie", "winner": "Ben"}
    assert chips(m) == 15
    assert (m.lead, m.current, m.trick_no, m.market, m.pending_tie) == ("Ben", "Ben", 2, 1, None)
    assert m.momentum == {"Ann": 0, "Ben": 1, "Cleo": 0}
    assert m.last_trick["winner"] == "Ben" and m.last_trick["tied"] == ["Ann", "Ben"]
    assert m.history[-1]["text"] == (
        "Trick 1: the scorekeeper gives the tie at speed 4 to Ben. 1 chip to the market."
    )
    refused(m, "no-tie", m.resolve_tie, "Ben")
    m.undo()
    assert m.pending_tie == ["Ann", "Ben"] and m.current is None and m.chips_on_table == 1
    m.redo()
    assert m.lead == "Ben" and m.current == "Ben"


def test_m5_all_face_down_nobody_wins_and_the_lead_stays() -> None:
    m = Match(THREE, lead="Ben")
    trick(m, ("5", 2), "3", "1")  # Ben's 5 zeroed: 2; Cleo 3 wins
    assert m.lead == "Cleo" and m.market == 2
    trick(m, DOWN, DOWN, DOWN)
    result = m.last_trick
    assert result["winner"] is None and m.lead == "Cleo" and m.current == "Cleo"
    assert m.momentum == {"Ann": 0, "Ben": 0, "Cleo": 1} and m.trick_no == 3
    # the market of 2 is split three ways: 0 each, 2 left over and discarded
    assert result["refills"] == {"Cleo": 0, "Ann": 0, "Ben": 0}
    assert (result["remainder"], m.discarded, m.market) == (2, 2, 0)
    assert m.history[-1]["text"] == (
        "Ben plays face down. Trick 2: every card is face down, so nobody wins. "
        "No fuel to the market; Cleo, face down, refills 0; Ann, face down, refills 0; "
        "Ben, face down, refills 0; 2 chips left over discarded. Cleo leads again."
    )


# -- M6: fuel to the market; the face-down refill -------------------------------------------------


def test_m6_refill_split_with_capacity_and_remainder() -> None:
    m = Match(THREE)
    trick(m, ("5", 3), ("3", 2), ("4A", 2))  # Ann 8, Ben 5, Cleo 6
    assert (m.market, m.fuel) == (7, {"Ann": 2, "Ben": 3, "Cleo": 3})
    trick(m, "3", DOWN, DOWN)  # Ann 3 + 1 momentum wins
    result = m.last_trick
    assert result["winner"] == "Ann" and result["to_market"] == 0
    # 7 split two ways: 3 each (2 fit, 1 over capacity each), 1 left over
    assert result["refills"] == {"Ben": 2, "Cleo": 2}
    assert result["over_capacity"] == {"Ben": 1, "Cleo": 1}
    assert (result["remainder"], result["discarded"]) == (1, 3)
    assert (m.fuel, m.market, m.discarded) == ({"Ann": 2, "Ben": 5, "Cleo": 5}, 0, 3)
    assert figures(m.history[-1]) == {
        "text": "Cleo plays face down. Trick 2: Ann wins at speed 4 (3 + 1 momentum). "
        "No fuel to the market; Ben, face down, refills 2 (1 over capacity discarded); "
        "Cleo, face down, refills 2 (1 over capacity discarded); 1 chip left over discarded.",
        "changes": {},
        "fuel": {"Ben": 2, "Cleo": 2},
        "market": -7,
    }


def test_m6_the_trick_fuel_goes_to_the_market_before_the_refill() -> None:
    m = Match(FOUR)
    trick(m, "1", ("3", 2), ("2", 2), ("4A", 2))  # Ben 5 wins; Ann 5, Ben 3, Cleo 3, Dan 3
    assert (m.lead, m.market) == ("Ben", 6)
    trick(m, "3", "1", "5", DOWN)  # Ben 3 + 1 wins; Ann (full) gets the 6 and discards them
    assert m.last_trick["refills"] == {"Ann": 0} and m.last_trick["over_capacity"] == {"Ann": 6}
    assert (m.market, m.discarded, m.momentum["Ben"]) == (0, 6, 2)
    trick(m, ("4A", 3), DOWN, DOWN, ("3", 1))
    assert m.history[-1]["text"] == (
        "Ann plays a 3 with 1 fuel: speed 4. "
        "Trick 3: Ben wins at speed 9 (4A + 3 fuel + 2 momentum). "
        "4 chips to the market; Cleo, face down, refills 2; Dan, face down, refills 2."
    )
    assert m.fuel == {"Ann": 4, "Ben": 0, "Cleo": 5, "Dan": 5} and m.market == 0
    assert m.last_trick == {
        "round": 1,
        "trick": 3,
        "lead": "Ben",
        "plays": [
            {"player": "Ben", "card": "4A", "fuel": 3, "speed": 9, "momentum": 2,
             "from_market": 0},
            {"player": "Cleo", "card": DOWN, "fuel": 0, "speed": None, "momentum": 0,
             "from_market": 0},
            {"player": "Dan", "card": DOWN, "fuel": 0, "speed": None, "momentum": 0,
             "from_market": 0},
            {"player": "Ann", "card": "3", "fuel": 1, "speed": 4, "momentum": 0,
             "from_market": 0},
        ],
        "speeds": {"Ben": 9, "Cleo": None, "Dan": None, "Ann": 4},
        "tied": [],
        "winner": "Ben",
        "to_market": 4,
        "refills": {"Cleo": 2, "Dan": 2},
        "over_capacity": {"Cleo": 0, "Dan": 0},
        "remainder": 0,
        "discarded": 0,
        "trophy": None,
        "round_ended": False,
        "game_over": False,
    }


def test_m6_without_a_face_down_card_the_market_keeps_growing() -> None:
    m = Match(THREE)
    trick(m, ("3", 1), ("4A", 2), ("5", 3))
    trick(m, ("3", 1), ("4A", 1), ("1", 1))
    assert m.market == 9 and m.discarded == 0


# -- M7 and M8: a full round, trophies, the next round, the end of the game ------------------------


FULL_ROUND = [
    [("5", 1), "3", "4B"],  # Ann 6 wins
    ["3", ("5", 1), DOWN],  # Ben 6 wins; Cleo (full) discards the market's 2
    ["1", ("5", 2), ("4A", 1)],  # Ben 2, Cleo 2, Ann 2: the first played (Ben) wins
    [("2", 2), ("4A", 3), "3"],  # Ben's 2 takes a chip; Cleo 7 wins
    [DOWN, DOWN, "3"],  # Ben 3 + 2 wins; the market of 7 is split
    ["5", "1", ("3", 1)],  # Ben's 5 zeroed: 3; Ann 3 + 1 + 1 = 5 wins the round
]


def test_m7_a_full_round_then_the_next_round_begins() -> None:
    m = Match(THREE, ties="first")
    expected = [
        # (winner, lead after, fuel, market, discarded, momentum)
        ("Ann", "Ann", (4, 5, 5), 1, 0, (1, 0, 0)),
        ("Ben", "Ben", (4, 4, 5), 0, 2, (1, 1, 0)),
        ("Ben", "Ben", (3, 4, 3), 3, 2, (1, 2, 0)),
        ("Cleo", "Cleo", (3, 3, 0), 7, 2, (1, 2, 1)),
        ("Ben", "Ben", (5, 3, 3), 0, 4, (1, 3, 1)),
    ]
    for n, (plays, want) in enumerate(zip(FULL_ROUND, expected, strict=False), start=1):
        assert (m.round_no, m.trick_no) == (1, n)
        trick(m, *plays)
        winner, lead, fuel, market, discarded, momentum = want
        assert m.last_trick["winner"] == winner and m.lead == lead
        assert tuple(m.fuel.values()) == fuel and (m.market, m.discarded) == (market, discarded)
        assert tuple(m.momentum.values()) == momentum
    assert m.last_trick["tied"] == []
    assert (m.round_no, m.trick_no) == (1, 6)
    trick(m, *FULL_ROUND[5])
    result = m.last_trick
    assert (result["round"], result["trick"], result["winner"]) == (1, 6, "Ann")
    assert result["trophy"] == "Ann" and result["round_ended"] and not result["game_over"]
    assert m.trophies == {"Ann": 1, "Ben": 0, "Cleo": 0}
    assert m.momentum == {"Ann": 0, "Ben": 0, "Cleo": 0}
    assert (m.round_no, m.trick_no, m.lead, m.current) == (2, 1, "Ann", "Ann")
    # supplies and the market carry over (M7)
    assert (m.fuel, m.market, m.discarded) == ({"Ann": 4, "Ben": 3, "Cleo": 3}, 1, 4)
    assert figures(m.history[-1]) == {
        "text": "Ann plays a 3 with 1 fuel: speed 5. Trick 6: Ann wins at speed 5 "
        "(3 + 1 fuel + 1 momentum). 1 chip to the market. Ann takes a trophy. Round 2: momentum "
        "goes back, the cards are redealt and Ann leads.",
        "changes": {"Ann": 1},
        "fuel": {"Ann": -1},
        "market": 1,
    }
    assert m.standings()[0] == ("Ann", "1 trophy, 4 fuel")
    tie_text = m.history[8]["text"]
    assert tie_text.endswith(
        "Trick 3: Ben, Cleo and Ann tie at speed 2; Ben played first and wins "
        "(1 + 1 momentum). 3 chips to the market."
    )
    assert m.history[16]["text"] == "Cleo plays a 1: speed 2. The 1 drops Ben to speed 3."


def test_m7_nobody_wins_the_sixth_trick_no_trophy_and_its_lead_leads() -> None:
    m = Match(THREE)
    trick(m, "3", "4A", "5")  # Cleo wins
    for _ in range(4):
        trick(m, "5", "3", "4A")  # Cleo leads and wins
        assert m.lead == "Cleo"
    trick(m, DOWN, DOWN, DOWN)
    assert m.last_trick["trophy"] is None and m.last_trick["round_ended"]
    assert m.trophies == {"Ann": 0, "Ben": 0, "Cleo": 0}
    assert (m.round_no, m.trick_no, m.lead, m.momentum["Cleo"]) == (2, 1, "Cleo", 0)
    assert m.history[-1]["text"].endswith(
        "Nobody won the last trick: no trophy. Round 2: momentum goes back, the cards are "
        "redealt and Cleo leads."
    )


def _play_round(m: Match, winner: str) -> None:
    """Five tricks of 3s and face-down cards, then `winner` wins the sixth with a 5."""
    for _ in range(5):
        trick(m, *["3" if i == 0 else DOWN for i in range(len(m.players))])
    plays = ["5" if m.current == winner else DOWN]
    for i in range(1, len(m.players)):
        p = m.players[(m.players.index(m.lead) + i) % len(m.players)]
        plays.append("5" if p == winner else DOWN)
    trick(m, *plays)


def test_m8_two_trophies_win_the_game_and_the_numbers_stay() -> None:
    m = Match(THREE)
    _play_round(m, "Ben")
    assert m.trophies == {"Ann": 0, "Ben": 1, "Cleo": 0} and m.lead == "Ben"
    _play_round(m, "Cleo")
    assert m.trophies == {"Ann": 0, "Ben": 1, "Cleo": 1} and m.round_no == 3
    _play_round(m, "Ben")
    assert m.is_over and m.winners == ["Ben"]
    assert m.trophies == {"Ann": 0, "Ben": 2, "Cleo": 1}
    assert (m.round_no, m.trick_no, m.current) == (3, 6, None)
    assert m.last_trick["game_over"] and m.last_trick["trophy"] == "Ben"
    assert m.momentum["Ben"] == 1  # the state stays as the last trick left it (M8)
    assert m.speeds == {} and m.legal_cards() == [] and m.speed_of("3") is None
    assert m.history[-1]["text"].endswith("Ben takes a second trophy and wins the game!")
    assert m.history[-1]["changes"] == {"Ben": 1}
    assert m.standings() == [  # seating order
        ("Ann", "0 trophies, 5 fuel"), ("Ben", "2 trophies, 5 fuel"), ("Cleo", "1 trophy, 5 fuel")
    ]
    assert m.ahead == ["Ben"]
    err = refused(m, "match-over", m.play, "3")
    assert str(err) == "The game is over: Ben has won with 2 trophies."
    refused(m, "match-over", m.resolve_tie, "Ben")
    m.undo()
    assert not m.is_over and m.winners == [] and m.current is not None
    m.redo()
    assert m.winners == ["Ben"]


def test_m8_a_tie_on_the_last_trick_decides_the_game_when_resolved() -> None:
    m = Match(THREE)
    _play_round(m, "Ann")
    _play_round(m, "Cleo")  # round 3, Cleo leads
    for _ in range(5):
        trick(m, DOWN, DOWN, DOWN)
    assert (m.trick_no, m.lead, m.momentum) == (6, "Cleo", {"Ann": 0, "Ben": 0, "Cleo": 0})
    trick(m, "4A", ("3", 1), DOWN)  # Cleo 4, Ann 4
    assert m.pending_tie == ["Cleo", "Ann"] and not m.is_over
    m.resolve_tie("Ann")
    assert m.is_over and m.winners == ["Ann"] and m.trophies["Ann"] == 2
    assert (m.round_no, m.trick_no) == (3, 6)


# -- M9 and the log ------------------------------------------------------------------------------


def test_m9_chips_and_replay_after_a_full_round() -> None:
    m = Match(THREE, ties="first")
    for plays in FULL_ROUND:
        trick(m, *plays)  # `act` checks the chip count after every play
    copy = Match.replay(json.loads(json.dumps(m.events)))
    assert vars(copy) == vars(m) | {"_redo": [], "_checkpoints": copy._checkpoints}
    assert copy.history == m.history and len(m.history) == 18
    while m.can_undo:
        m.undo()
        assert chips(m) == 15
    assert m.fuel == {"Ann": 5, "Ben": 5, "Cleo": 5} and m.history == []
    while m.can_redo:
        m.redo()
    assert m.history == copy.history and m.fuel == copy.fuel


def test_replay_refuses_a_doctored_log() -> None:
    m = Match(THREE)
    m.play("3", 2)
    events = m.events
    for bad, rule in [
        ({"type": "play", "player": "Ann", "card": "5", "fuel": 0}, "not-your-turn"),
        ({"type": "play", "player": "Ben", "card": "3", "fuel": 0}, "suit-taken"),
        ({"type": "play", "player": "Ben", "card": "5", "fuel": 9}, "not-enough-fuel"),
        ({"type": "resolve_tie", "winner": "Ben"}, "no-tie"),
    ]:
        with pytest.raises(RuleViolation) as err:
            Match.replay([*events, bad])
        assert err.value.rule == rule


def test_views_are_copies() -> None:
    m = Match(THREE)
    m.play("3", 1)
    m.fuel["Ann"] = 99
    m.trick[0]["fuel"] = 99
    m.history[0]["text"] = "x"
    assert m.fuel["Ann"] == 4 and m.trick[0]["fuel"] == 1 and m.history[0]["text"].startswith("Ann")


def test_m3_the_engine_says_the_rank_each_card_counts() -> None:
    """A screen shows how a speed adds up from `counted_rank`, never by working a rank back
    from the speed: every face-up play's speed is its counted rank, fuel and momentum."""
    m = Match(FOUR)
    act(m, "5", 2)
    assert carrera.counted_rank("5", m.trick) == 5
    act(m, "1")
    assert [carrera.counted_rank(p["card"], m.trick) for p in m.trick] == [0, 1]
    act(m, DOWN)
    act(m, "4A", 1)
    plays = m.last_trick["plays"]
    ranks = [carrera.counted_rank(p["card"], plays) for p in plays]
    assert ranks == [0, 1, None, 0]
    assert all(p["speed"] == r + p["fuel"] + p["momentum"]
               for p, r in zip(plays, ranks, strict=True) if r is not None)
