"""Caro, scripted: the rulebook example and every ruling C1-C11 with exact codes and numbers."""

from __future__ import annotations

import json

import pytest

from scoring import caro
from scoring.core import RuleViolation
from tests.support.scoring.caro import RECORDED_3, RECORDED_TIE, play


def refused(action, *args, **kwargs) -> RuleViolation:
    with pytest.raises(RuleViolation) as err:
        action(*args, **kwargs)
    return err.value


def codes(errors: list[RuleViolation]) -> list[str]:
    return [e.rule for e in errors]


# -- set-up and C1 ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players, area", [(["Ann", "Ben"], 6), (["A", "B", "C"], 7),
                                           (["A", "B", "C", "D"], 8)])
def test_setup_area_hands_and_starter(players: list[str], area: int) -> None:
    m = caro.Match(players)
    assert m.area == area and m.current == players[0] and m.events[0]["starter"] == players[0]
    assert m.board == {} and m.scores == {p: 0 for p in players} and m.passed == []
    assert all(m.remaining(p) == {"red": 3, "black": 3, "grey": 3, "white": 3} for p in players)
    assert m.is_first_lay and m.bounds is None and m.last_cell is None and m.must_relay is None
    assert not m.is_over and m.winners == [] and m.history == [] and m.turns == []
    assert (caro.Match.GAME, caro.Match.TITLE, caro.Match.PLAYERS) == ("caro", "Caro", range(2, 5))


def test_setup_errors() -> None:
    assert refused(caro.Match, ["Ann"]).rule == "player-count"
    assert refused(caro.Match, ["A", "B", "C", "D", "E"]).rule == "player-count"
    assert refused(caro.Match, ["Ann", "Ben"], starter="Zed").rule == "unknown-player"
    assert refused(caro.Match, ["Ann", "Ann"]).rule == "bad-players"
    assert caro.Match(["Ann", "Ben"], starter="Ben").current == "Ben"


def test_c1_pair_points() -> None:
    table = {("red", "black"): 10, ("red", "grey"): 8, ("red", "white"): 6,
             ("black", "grey"): 4, ("black", "white"): 2, ("grey", "white"): 1}
    for (a, b), points in table.items():
        assert caro.pair_points(a, b) == caro.pair_points(b, a) == points
    assert [caro.pair_points(c, c) for c in caro.COLOURS] == [0, 0, 0, 0]
    assert refused(caro.pair_points, "red", "pink").rule == "bad-colour"


# -- C2, C3: first caro, contact, area -------------------------------------------------------------


def test_c2_c3_first_caro_goes_anywhere_and_scores_10() -> None:
    m = caro.Match(["Ann", "Ben"])
    assert m.options("red") == {(0, 0): 10} and m.cells_in_reach() == [(0, 0)]
    assert m.violations("red", (-7, 12)) == []
    m.lay("red", (-7, 12))
    assert m.board == {(-7, 12): "red"} and m.scores == {"Ann": 10, "Ben": 0}
    assert m.last_cell == (-7, 12) and m.bounds == (-7, 12, -7, 12) and m.current == "Ben"
    assert m.turns == [{"player": "Ann", "colour": "red", "cell": (-7, 12), "points": 10,
                        "pairs": [], "doubled": False, "penalty": 0, "forced": False,
                        "first": True}]
    entry = m.history[0]
    assert len(m.history) == 1 and str(entry.pop("said")) == entry["text"]
    assert entry == {"text": "Ann laid the first caro, red at row −7, column 12: 10.",
                     "changes": {"Ann": 10}, "player": "Ann"}


def test_c3_later_caros_need_an_edge_and_score_their_pairs() -> None:
    m = caro.Match(["Ann", "Ben"])
    play(m, "red 0,0")
    assert m.options("grey") == {(-1, 0): 8, (1, 0): 8, (0, -1): 8, (0, 1): 8}
    [error] = m.violations("grey", (1, 1))  # touching at a corner only is not "next to"
    assert error.rule == "not-adjacent"
    assert str(error) == "A caro must share an edge with a laid caro: grey at row 1, column 1 " \
                         "touches none."
    assert refused(m.lay, "grey", (1, 1)).rule == "not-adjacent"
    m.lay("black", (0, 1))
    assert m.scores == {"Ann": 10, "Ben": 10}


def test_rulebook_example_grey_next_to_two_reds_and_a_white_scores_17() -> None:
    m = caro.Match(["Ann", "Ben"])
    play(m, "red 0,1", "black 0,2", "white 1,2", "grey 0,0", "red 1,0")
    assert m.options("grey")[(1, 1)] == 17 and m.violations("grey", (1, 1)) == []
    m.lay("grey", (1, 1))
    turn = m.turns[-1]
    assert (turn["pairs"], turn["points"], turn["doubled"]) == ([8, 8, 1], 17, False)
    assert m.history[-1]["text"] == "Ben laid grey at row 1, column 1: 8 + 8 + 1 = 17."
    assert m.scores == {"Ann": 10 + 2 + 8, "Ben": 10 + 8 + 17}


def test_c2_area_is_a_bounding_box_and_c7_last_caro_doubles() -> None:
    m = caro.Match(["Ann", "Ben"])
    play(m, "red 0,0", "black 0,1", "red 0,2", "black 0,3")
    assert m.is_last("red") and not m.is_last("black")
    assert m.options("red")[(0, 4)] == 20  # the screen shows x2 before the lay
    play(m, "red 0,4")
    assert m.turns[-1] == {"player": "Ann", "colour": "red", "cell": (0, 4), "points": 20,
                           "pairs": [10], "doubled": True, "penalty": 0, "forced": False,
                           "first": False}
    assert m.history[-1]["text"] == "Ann laid their last red at row 0, column 4: 10 × 2 = 20."
    play(m, "black 0,5")
    assert m.scores == {"Ann": 40, "Ben": 40} and m.bounds == (0, 0, 0, 5)
    [error] = m.violations("grey", (0, 6))
    assert (error.rule, str(error)) == (
        "outside-area",
        "Playing area: with 2 players the caros must fit in 6 x 6; grey at row 0, column 6 would "
        "make the table 7 columns wide.",
    )
    assert codes(m.violations("grey", (0, -1))) == ["outside-area"]
    assert codes(m.violations("grey", (2, 6))) == ["not-adjacent", "outside-area"]
    assert (0, 6) not in m.options("grey") and (1, 0) in m.options("grey")
    reach = m.cells_in_reach()
    assert len(reach) == 11 * 6 - 6 and (-5, 0) in reach and (5, 5) in reach
    assert (0, 6) not in reach and (6, 0) not in reach and (0, 0) not in reach


def test_c2_after_a_forced_lay_breaks_the_area_a_long_side_may_not_grow() -> None:
    m = caro.Match(["Ann", "Ben"])
    play(m, "red 0,0", "black 0,1", "red 0,2", "black 0,3", "red 0,4", "black 0,5")
    play(m, "grey 0,6 force")  # rule 6: recorded as it lies, the table is now 7 wide
    assert m.turns[-1]["forced"] and m.scores["Ann"] == 40 + 4 and m.bounds == (0, 0, 0, 6)
    assert codes(m.violations("white", (0, 7))) == ["outside-area"]
    assert codes(m.violations("white", (0, -1))) == ["outside-area"]
    assert m.violations("white", (1, 6)) == []  # 2 rows tall, still 7 wide: no growth
    assert str(m.violations("white", (0, 7))[0]).endswith("would make the table 8 columns wide.")
    reach = m.cells_in_reach()
    assert min(reach) == (-5, 0) and max(reach) == (5, 6) and len(reach) == 11 * 7 - 7


# -- C4-C6: rules 1-3 ------------------------------------------------------------------------------


def test_c4_rule_1_names_the_caros() -> None:
    m = caro.Match(["Ann", "Ben"])
    play(m, "red 1,4")
    [error] = m.violations("red", (1, 5))
    assert (error.rule, str(error)) == (
        "same-colour-adjacent", "Rule 1: red cannot go next to the red at row 1, column 4.")
    assert refused(m.lay, "red", (1, 5)).rule == "same-colour-adjacent"
    assert m.options("red") == {}
    m2 = caro.Match(["Ann", "Ben"])
    play(m2, "red 0,0", "black 0,1", "red 1,1")
    assert [str(e) for e in m2.violations("red", (1, 0))] == [
        "Rule 1: red cannot go next to the reds at row 0, column 0 and row 1, column 1."]


def test_c5_rule_2_on_the_new_caro() -> None:
    m = caro.Match(["Ann", "Ben"])
    play(m, "red 1,3", "grey 1,2", "red 2,2", "grey 1,4", "red 2,4")
    [error] = m.violations("white", (2, 3))
    assert (error.rule, str(error)) == (
        "three-alike-around", "Rule 2: the white at row 2, column 3 would touch 3 reds.")
    assert all((2, 3) not in m.options(c) for c in caro.COLOURS)
    assert refused(m.lay, "black", (2, 3)).rule == "three-alike-around"


def test_c5_rule_2_on_a_caro_the_new_one_touches() -> None:
    m = caro.Match(["Ann", "Ben"])
    play(m, "red 1,1", "grey 0,1", "grey 1,0")
    [error] = m.violations("grey", (1, 2))
    assert (error.rule, str(error)) == (
        "three-alike-around", "Rule 2: the red at row 1, column 1 would touch 3 greys.")
    assert (1, 2) not in m.options("grey") and m.options("white")[(1, 2)] == 6


def test_c5_only_what_the_new_caro_changes_is_checked() -> None:
    m = caro.Match(["Ann", "Ben"])
    play(m, "red 0,0", "grey 0,1", "grey 1,0", "grey -1,0 force")  # the red touches 3 greys
    assert m.scores == {"Ann": 18, "Ben": 16}
    assert m.options("white") == {(0, -1): 6, (-1, 1): 2, (-2, 0): 1, (-1, -1): 1, (0, 2): 1,
                                  (1, 1): 2, (2, 0): 1, (1, -1): 1}
    assert [str(e) for e in m.violations("grey", (0, -1))] == [
        "Rule 2: the red at row 0, column 0 would touch 4 greys."]


@pytest.mark.parametrize("s", [1, -1])
def test_c6_rule_3_diagonal_of_four_either_direction(s: int) -> None:
    m = caro.Match(["Ann", "Ben"])
    play(m, "red 0,0", f"black 0,{s}", f"red 1,{s}", f"grey 1,{2 * s}", f"red 2,{2 * s}",
         f"white 2,{3 * s}", f"black 3,{2 * s}")
    assert m.scores == {"Ann": 10 + 10 + 16 + 10, "Ben": 10 + 8 + 6}
    [error] = m.violations("red", (3, 3 * s))
    col = f"{3 * s}".replace("-", "\u2212")  # negatives with the typographic minus
    assert (error.rule, str(error)) == (
        "diagonal-run",
        f"Rule 3: red at row 3, column {col} would make a diagonal of 4 reds from row 0, "
        f"column 0 to row 3, column {col}.",
    )
    assert (3, 3 * s) not in m.options("red")


def test_c6_an_old_forced_run_does_not_block_the_table() -> None:
    m = caro.Match(["Ann", "Ben"])
    play(m, "red 0,0", "black 0,1", "red 1,1", "grey 1,2", "red 2,2", "red 3,3 force")
    assert m.turns[-1]["points"] == 0  # touches nothing: 0 (C9)
    play(m, "white 1,3")
    # A whole-table check would refuse every red now; only the new caro's diagonals count.
    assert m.violations("red", (1, 4)) == [] and m.options("red")[(1, 4)] == 6


def test_violations_lists_all_in_order_and_lay_raises_the_first() -> None:
    m = caro.Match(["Ann", "Ben"])
    play(m, "red 0,0", "black 0,1")
    m.rule_break("grey")
    assert codes(m.violations("red", (1, 0))) == ["wrong-colour", "same-colour-adjacent"]
    assert codes(m.violations("red", (0, 0))) == ["wrong-colour", "occupied"]
    assert str(m.violations("grey", (0, 1))[0]) == "There is already a black caro at row 0, " \
                                                   "column 1."
    assert refused(m.lay, "red", (1, 0)).rule == "wrong-colour"
    assert codes(m.violations("grey", (5, 5))) == ["not-adjacent"]
    assert codes(m.violations("grey", (9, 9))) == ["not-adjacent", "outside-area"]
    assert codes(m.violations("pink", (1, 0))) == ["bad-colour"]
    assert codes(m.violations("grey", (1,))) == ["bad-cell"]


# -- C8: rule breaks -------------------------------------------------------------------------------


def test_c8_rule_break_costs_10_at_once_and_the_same_colour_must_be_relaid() -> None:
    m = caro.Match(["Ann", "Ben"])
    play(m, "red 0,0", "black 0,1")
    m.rule_break("grey", player="Ann")
    assert m.scores == {"Ann": 0, "Ben": 10} and m.pending_penalty == -10
    assert m.must_relay == "grey" and m.current == "Ann"
    assert m.options("red") == {} and m.options("white") == {}
    assert m.options("grey") == {(-1, 0): 8, (1, 0): 8, (0, -1): 8, (-1, 1): 4, (1, 1): 4,
                                 (0, 2): 4}
    entry = m.history[-1]
    assert str(entry.pop("said")) == entry["text"]
    assert entry == {"text": "Ann broke a rule with grey and takes it back: −10. "
                             "Ann must lay grey again.",
                     "changes": {"Ann": -10}, "player": "Ann"}
    assert refused(m.rule_break, "red").rule == "wrong-colour"
    m.rule_break("grey")  # a second break in the same turn costs -10 again
    assert m.scores["Ann"] == -10 and m.pending_penalty == -20
    m.lay("grey", (1, 0))
    assert m.turns[-1] == {"player": "Ann", "colour": "grey", "cell": (1, 0), "points": -12,
                           "pairs": [8], "doubled": False, "penalty": -20, "forced": False,
                           "first": False}
    assert m.history[-1]["text"] == ("Ann laid grey at row 1, column 0: 8. With the rule-break "
                                     "penalty of −20 the turn makes −12.")
    assert m.scores == {"Ann": -2, "Ben": 10} == {
        p: sum(t["points"] for t in m.turns if t["player"] == p) for p in m.players}
    assert m.must_relay is None and m.pending_penalty == 0 and m.current == "Ben"
    # Two breaks and a lay: three steps of one turn, Ann's second.
    assert m.step_turns == [1, 2, 3, 3, 3] and len(m.turns) == 3


def test_c8_colour_without_a_legal_cell_frees_the_choice() -> None:
    m = caro.Match(["Ann", "Ben"])
    play(m, "red 0,0")
    m.rule_break("red")  # every cell touches the red: red has no legal cell
    assert m.must_relay is None and m.pending_penalty == -10 and m.current == "Ben"
    assert m.history[-1]["text"].endswith(
        "There is no legal cell for red, so Ben may lay any colour.")
    assert m.options("black") == {(-1, 0): 10, (1, 0): 10, (0, -1): 10, (0, 1): 10}
    play(m, "black 0,1")
    assert m.turns[-1]["points"] == 0 and m.scores == {"Ann": 10, "Ben": 0}


def test_c8_no_legal_cell_at_all_ends_the_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    m = caro.Match(["Ann", "Ben"])
    play(m, "red 0,0")
    legal = caro.Match._legal_cells
    # Unreachable in play (a player only gets the turn with a legal cell): simulate Ben blocked.
    monkeypatch.setattr(caro.Match, "_legal_cells",
                        lambda self, p, c: {} if p == "Ben" else legal(self, p, c))
    can = caro.Match._can_lay
    monkeypatch.setattr(caro.Match, "_can_lay", lambda self, p: p != "Ben" and can(self, p))
    m.rule_break("black")
    monkeypatch.undo()
    assert m.turns[-1] == {"player": "Ben", "colour": "black", "cell": None, "points": -10,
                           "pairs": [], "doubled": False, "penalty": -10, "forced": False,
                           "first": False}
    assert m.current == "Ann" and m.scores == {"Ann": 10, "Ben": -10} and m.passed == []
    assert m.history[-1]["text"].endswith("No caro can go anywhere, so the turn ends at −10.")


def test_c8_rule_break_refusals() -> None:
    m = caro.Match(["Ann", "Ben"])
    play(m, "red 0,0")
    assert refused(m.rule_break, "red", player="Ann").rule == "not-your-turn"
    assert refused(m.rule_break, "pink").rule == "bad-colour"
    play(m, "black 0,1", "red 1,1", "grey 1,2", "red 2,2")
    play(m, "white 2,3")
    assert m.remaining("Ann")["red"] == 0
    assert refused(m.rule_break, "red").rule == "no-caro-left"


# -- C9: forced lays -------------------------------------------------------------------------------


def test_c9_forced_lay_waives_placement_rules_but_not_cell_hand_or_game() -> None:
    m = caro.Match(["Ann", "Ben"])
    play(m, "red 3,3 force")
    assert m.turns[-1]["points"] == 10 and m.turns[-1]["first"]  # the first caro still scores 10
    play(m, "black 9,9 force")  # not adjacent, outside the area: recorded as it lies, scores 0
    assert m.turns[-1]["points"] == 0 and m.turns[-1]["forced"]
    assert m.history[-1]["text"] == ("Ben laid black at row 9, column 9, recorded as it lies "
                                     "(rule 6): touches nothing, 0.")
    play(m, "red 3,4 force")  # next to a red: the same-colour pair scores 0
    assert m.turns[-1]["pairs"] == [0] and m.scores == {"Ann": 10, "Ben": 0}
    assert refused(m.lay, "grey", (3, 3), force=True).rule == "occupied"
    play(m, "grey 9,8")  # later checks use the table as it lies: next to the forced black
    assert m.turns[-1]["points"] == 4
    play(m, "red 9,10 force")
    assert m.turns[-1] == {"player": "Ann", "colour": "red", "cell": (9, 10), "points": 20,
                           "pairs": [10], "doubled": True, "penalty": 0, "forced": True,
                           "first": False}
    m.rule_break("white")
    assert m.must_relay == "white"
    play(m, "grey 2,3 force")  # waives the colour a rule break required
    assert m.turns[-1]["points"] == 8 - 10 and m.turns[-1]["penalty"] == -10
    assert refused(m.lay, "red", (2, 4), force=True).rule == "no-caro-left"


# -- C10: passes, game end, shared wins; C11 -------------------------------------------------------


def test_c10_a_player_who_cannot_lay_is_skipped_and_a_blocked_table_ends_the_game() -> None:
    m = caro.Match(["A", "B", "C"])
    play(m, *RECORDED_3[:32])
    assert m.passed == [] and m.current == "C"
    play(m, RECORDED_3[32])
    assert m.passed == ["A"] and m.current == "B"
    assert m.remaining("A") == {"red": 0, "black": 0, "grey": 1, "white": 0}
    assert m.history[-1]["text"] == (
        "C laid grey at row −3, column −4: 4. A cannot lay and passes.")
    assert not m.is_over
    play(m, RECORDED_3[33])
    assert m.is_over and m.ended_by == "blocked" and m.current is None
    assert m.passed == ["A"]  # nobody can lay: the game ends, no more passes are recorded
    assert m.remaining("C") == {"red": 0, "black": 0, "grey": 1, "white": 0}
    assert m.scores == {"A": 93, "B": 127, "C": 141} and m.winners == ["C"]
    assert m.standings() == [("A", "93"), ("B", "127"), ("C", "141")]  # seating order
    assert m.ahead == ["C"]
    assert m.history[-1]["text"] == ("B laid their last white at row −2, column −4: "
                                     "(1 + 6 + 1) × 2 = 16. Game over, nobody can lay: "
                                     "C wins with 141.")
    assert len(m.history) == len(m.events) - 1 == 34
    assert {p: sum(h["changes"].get(p, 0) for h in m.history) for p in m.players} == m.scores
    assert m.losers == ["A"] and m.next_game().current == "A"


def test_c10_every_caro_laid_ends_the_game_and_equal_totals_share_the_win() -> None:
    m = caro.Match(["Ann", "Ben"])
    play(m, *[f"{move}" for move in RECORDED_TIE])
    assert m.is_over and m.ended_by == "all-laid" and len(m.board) == 24
    assert m.scores == {"Ann": 104, "Ben": 104} and m.winners == ["Ann", "Ben"]
    assert m.history[-1]["text"].endswith("Game over, every caro is laid: Ann and Ben share the "
                                          "win with 104.")
    assert m.current is None and m.must_relay is None and m.options("red") == {}
    assert codes(m.violations("red", (9, 9))) == ["game-over"]
    assert refused(m.lay, "red", (9, 9)).rule == "game-over"
    assert refused(m.lay, "red", (9, 9), force=True).rule == "game-over"
    assert refused(m.rule_break, "red").rule == "game-over"
    # C11: the lowest total is shared: the scorekeeper names the starter.
    assert m.losers == ["Ann", "Ben"]
    assert refused(m.next_game).rule == "starter-needed"
    assert refused(m.next_game, "Zed").rule == "unknown-player"
    new = m.next_game(starter="Ben")
    assert new.current == "Ben" and new.players == ["Ann", "Ben"] and new.board == {}


def test_c11_next_game_needs_a_finished_game_and_a_loser_to_start() -> None:
    m = caro.Match(["A", "B", "C"])
    play(m, *RECORDED_3[:10])
    assert refused(m.next_game).rule == "game-in-progress"
    play(m, *RECORDED_3[10:])
    err = refused(m.next_game, "B")
    assert (err.rule, str(err)) == ("starter-needed", "The loser starts the next game: A, not B.")
    # The next game carries the series: its number and the totals of the games before it.
    assert m.next_game("A").events[0] == {
        "type": "setup", "game": "caro", "players": ["A", "B", "C"], "starter": "A",
        "series": {"game": 2, "totals": {"A": 93, "B": 127, "C": 141}}}


# -- turns, input errors, replay -------------------------------------------------------------------


def test_not_your_turn_and_bad_input() -> None:
    m = caro.Match(["Ann", "Ben"])
    err = refused(m.lay, "red", (0, 0), player="Ben")
    assert (err.rule, str(err)) == ("not-your-turn", "It is Ann's turn, not Ben's.")
    assert refused(m.lay, "pink", (0, 0)).rule == "bad-colour"
    assert refused(m.lay, "red", (0,)).rule == "bad-cell"
    assert refused(m.lay, "red", (True, 0)).rule == "bad-cell"
    assert refused(m.lay, "red", "0,0").rule == "bad-cell"
    assert refused(m.options, "pink").rule == "bad-colour"
    assert refused(m.remaining, "Zed").rule == "unknown-player"
    assert m.events == caro.Match(["Ann", "Ben"]).events
    m.lay("red", [0, 0], player="Ann")
    assert m.events[-1] == {"type": "lay", "player": "Ann", "colour": "red", "cell": [0, 0],
                            "force": False}


def test_replay_checks_every_event() -> None:
    m = caro.Match(["Ann", "Ben"])
    play(m, "red 0,0", "black 0,1")
    m.rule_break("grey")
    events = json.loads(json.dumps(m.events))
    copy = caro.Match.replay(events)
    assert copy.board == m.board and copy.history == m.history and copy.must_relay == "grey"
    bad = [
        {**events[1], "player": "Ben"},
        {**events[1], "cell": [0]},
        {**events[1], "force": "yes"},
        {**events[1], "colour": "pink"},
        {"type": "lay", "player": "Ann", "colour": "red", "cell": [5, 5], "force": False},
    ]
    rules = []
    for event in bad:
        log = [events[0], event] if event is not bad[-1] else events[:2] + [
            {**events[2], "player": "Ben"}, event]
        with pytest.raises(RuleViolation) as err:
            caro.Match.replay(log)
        rules.append(err.value.rule)
    assert rules == ["not-your-turn", "bad-cell", "bad-event", "bad-colour", "not-adjacent"]


def test_undo_redo_restore_penalties_and_must_relay() -> None:
    m = caro.Match(["Ann", "Ben"])
    play(m, "red 0,0", "black 0,1")
    m.rule_break("grey")
    play(m, "grey 1,0")
    m.undo()
    assert m.must_relay == "grey" and m.pending_penalty == -10 and m.scores["Ann"] == 0
    m.undo()
    assert m.must_relay is None and m.scores == {"Ann": 10, "Ben": 10} and m.current == "Ann"
    m.redo()
    m.redo()
    assert m.scores == {"Ann": 8, "Ben": 10} and m.current == "Ben" and len(m.history) == 4


# -- what the grid asks: doubles() and points() ----------------------------------------------------


def test_doubles_is_the_last_caro_of_a_colour_but_never_the_first_caro() -> None:
    m = caro.Match(["Ann", "Ben"])
    assert not any(m.doubles(c) for c in caro.COLOURS)  # C3: the first caro scores 10 flat
    assert m.points("red", (4, 4)) == caro.FIRST_POINTS == m.options("red")[(0, 0)]
    play(m, "red 0,0", "black 0,1", "grey 1,0", "white 1,1", "red 2,0", "grey 2,1")
    # Ann has laid red twice: her last red doubles (C7), her black does not.
    assert m.current == "Ann" and m.remaining("Ann")["red"] == 1
    assert m.doubles("red") and not m.doubles("black")
    assert m.options("red") and all(points == m.points("red", cell) and points % 2 == 0
                                    for cell, points in m.options("red").items())
    assert refused(m.doubles, "blue").rule == "bad-colour"


@pytest.mark.parametrize("seed", range(6))
def test_options_points_and_doubles_agree_through_a_game(seed: int) -> None:
    from tests.support.scoring.caro_playout import playout

    done = playout(2 + seed % 3, seed, mixed=True, sweeping=False, undo_redo=False)
    for n in range(2, len(done.events)):
        m = caro.Match.replay(done.events[:n])
        if m.current is not None:
            for colour in caro.COLOURS:
                factor = 2 if m.doubles(colour) else 1
                assert m.doubles(colour) == (m.remaining(m.current)[colour] == 1)
                for cell, points in m.options(colour).items():
                    assert points == m.points(colour, cell) and points % factor == 0
