"""Careta's rulings K1-K11 as scripted games, with exact points, codes and log lines."""

from __future__ import annotations

import json

import pytest

from scoring import careta
from scoring.careta import PASS, TRICK, Card, Match
from tests.support.scoring.careta_rulings import P3, TEAMS, game, last, refused

P4 = ["Ann", "Ben", "Cleo", "Dan"]


# -- set-up ---------------------------------------------------------------------------------------


def test_setup_defaults_and_settings_event() -> None:
    m = Match(P3)
    assert m.events == [
        {
            "type": "setup",
            "game": "careta",
            "players": P3,
            "deck_master": "Ann",
            "target": 10,
            "teams": None,
            "rotate_deck_master": False,
        }
    ]
    assert (Match.GAME, Match.TITLE, Match.PLAYERS) == ("careta", "Careta", range(2, 9))
    assert m.points == {"Ann": 0, "Ben": 0, "Cleo": 0}
    assert m.phase == "set-needed" and m.set_no == 0 and m.game_no == 0
    assert m.current is None and m.starter is None and m.direction is None
    assert m.winners == [] and not m.is_over and m.history == []
    assert m.standings() == [("Ann", "0/10"), ("Ben", "0/10"), ("Cleo", "0/10")]
    assert Match.replay(json.loads(json.dumps(m.events))).events == m.events


@pytest.mark.parametrize(
    "kwargs, rule",
    [
        ({"players": ["Ann"]}, "player-count"),
        ({"players": [f"P{i}" for i in range(9)]}, "player-count"),
        ({"players": ["Ann", "ann"]}, "bad-players"),
        ({"players": P3, "deck_master": "Zed"}, "unknown-player"),
        ({"players": P3, "target": 0}, "bad-option"),
        ({"players": P3, "target": "10"}, "bad-option"),
        ({"players": P3, "target": True}, "bad-option"),
        ({"players": P3, "rotate_deck_master": "yes"}, "bad-option"),
        ({"players": P4, "teams": {"S": ["Ann", "Cleo", "Ben"], "M": ["Dan"]}}, "bad-option"),
        ({"players": P4, "teams": {"Suns": ["Ann", "Cleo"], "Moons": ["Ben"]}}, "bad-option"),
        ({"players": P4, "teams": {"S": ["Ann", "Cleo"], "M": ["Ben", "Zed"]}}, "bad-option"),
        ({"players": P4, "teams": {"Suns": ["Ann", "Ann"], "Moons": ["Ben", "Dan"]}}, "bad-option"),
        ({"players": P4, "teams": {"All": P4}}, "bad-option"),
        ({"players": P4, "teams": {"Ann": ["Ann", "Cleo"], "B": ["Ben", "Dan"]}}, "bad-option"),
        ({"players": P4, "teams": {"": ["Ann", "Cleo"], "B": ["Ben", "Dan"]}}, "bad-option"),
        ({"players": P4, "teams": ["Ann", "Cleo"]}, "bad-option"),
        ({"players": P4, "teams": {"A": "AnnCleo", "B": ["Ben", "Dan"]}}, "bad-option"),
        ({"players": P3, "teams": {"A": ["Ann"], "B": ["Ben"], "C": ["Cleo"]}}, "bad-option"),
        (  # 3 against 1 is no rulebook layout; 2v2 is
            {"players": P4, "teams": {"A": ["Ann", "Ben", "Cleo"], "B": ["Dan"]}},
            "bad-option",
        ),
        (  # 4 teams of 2 is allowed, 3+3+2 is not
            {
                "players": [f"P{i}" for i in range(8)],
                "teams": {"A": ["P0", "P1", "P2"], "B": ["P3", "P4", "P5"], "C": ["P6", "P7"]},
            },
            "bad-option",
        ),
    ],
)
def test_setup_errors(kwargs: dict, rule: str) -> None:
    refused(rule, lambda: Match(**kwargs))


@pytest.mark.parametrize("size, count", [(2, 2), (3, 2), (4, 2), (2, 3), (2, 4)])
def test_k10_every_rulebook_team_layout_is_accepted(size: int, count: int) -> None:
    teams = {f"T{t}": [f"T{t}P{i}" for i in range(size)] for t in range(count)}
    players = careta.alternate_seating(teams)
    m = Match(players, teams=teams)
    assert m.points == {t: 0 for t in teams}
    assert m.teams == teams
    assert m.team_of("T1P0") == "T1" and m.side("T1P0") == "T1"
    assert all(m.team_of(p) != m.team_of(q) for p, q in zip(players, players[1:], strict=False))


# -- K2: stated scores ----------------------------------------------------------------------------


def test_k2_stated_scores_outside_a_play_are_input_errors() -> None:
    m = game(direction="up")
    assert m.score_range() == range(0, 13) and m.score_range(with_ally=True) == range(0, 25)
    for stated in (13, -1, 7.0, "7", True, None):
        refused("score-out-of-range", lambda s=stated: m.play("Ben", s), m)
    refused("score-out-of-range", lambda: m.play("Ben", 25, with_ally=True), m)
    refused("passed", lambda: m.play("Ben", PASS, with_ally=True), m)
    m.play("Ben", 24, with_ally=True)
    m.play("Cleo", 0)
    m.play("Ann", 12)
    refused("score-out-of-range", lambda: m.ally("Cleo", 25), m)
    refused("score-out-of-range", lambda: m.ally("Cleo", -1), m)
    refused("score-out-of-range", lambda: m.ally("Cleo", PASS), m)
    m.ally("Cleo", 0)
    assert m.player_state("Cleo").stated == 0 and m.player_state("Cleo").with_ally


def test_k2_down_with_an_ally_is_minus_12_to_0() -> None:
    m = game(direction="down")
    assert m.score_range(with_ally=True) == range(-12, 1)
    refused("score-out-of-range", lambda: m.play("Ben", 1, with_ally=True), m)
    refused("score-out-of-range", lambda: m.play("Ben", -13, with_ally=True), m)
    refused("score-out-of-range", lambda: m.play("Ben", -1), m)
    m.play("Ben", -12, with_ally=True)
    assert m.player_state("Ben").stated == -12 and m.leaders == ["Ben"]


# -- K3: lies -------------------------------------------------------------------------------------


def test_k3_an_invalid_ally_is_a_lie_even_with_the_right_sum() -> None:
    m = game()
    m.play("Ben", 9, with_ally=True)
    # 6 yellow/green + 3 blue/red = 9, but they share no colour
    m.doubt("Cleo", [Card(6, secondary="green"), Card(3, secondary="red")])
    assert m.player_state("Ben").revealed == "lied" and m.player_state("Ben").eliminated
    assert m.points == {"Ann": 0, "Ben": 0, "Cleo": 1}


def test_k3_a_valid_ally_with_the_right_sum_is_truthful() -> None:
    m = game()
    m.play("Ben", 9, with_ally=True)
    m.doubt(["Cleo"], (Card(6, secondary="blue"), Card(3, secondary="red")))  # blue matches
    assert m.player_state("Ben").revealed == "truthful"
    assert m.player_state("Ben").shown == (Card(6, secondary="blue"), Card(3, secondary="red"))
    assert m.points == {"Ann": 0, "Ben": 1, "Cleo": 0}
    assert last(m) == {"text": "Cleo doubts Ben's 9 (showed 6 yellow/blue and 3 blue/red). "
                               "Ben told the truth: +1.", "changes": {"Ben": 1}}  # fmt: skip


def test_k3_the_trick_card_is_always_a_lie() -> None:
    m = game()
    m.play("Ben", 7)
    m.doubt("Ann", [TRICK])
    assert m.player_state("Ben").revealed == "trick" and m.player_state("Ben").eliminated
    assert m.points == {"Ann": 1, "Ben": 0, "Cleo": 0}
    assert last(m)["text"] == (
        "Ann doubts Ben's 7 (showed the Trick Card). Ben lied with the Trick Card: "
        "0 (no point to lose). Ann unmasked Ben: +1. Ben is out of this game."
    )


def test_k3_a_pass_cannot_be_doubted_nor_win() -> None:
    m = game()
    m.play("Ben", PASS)
    assert m.latest_play is None and m.doubters_allowed() == []
    refused("cannot-doubt", lambda: m.doubt("Cleo", True), m)
    m.play("Cleo", PASS)
    m.play("Ann", PASS)
    assert m.leaders == [] and m.unmask_needed() == []
    m.end_game()
    assert m.points == {"Ann": 0, "Ben": 0, "Cleo": 0}
    assert last(m) == {
        "text": "Game 1 ends. Nobody can win it: no point.",
        "changes": {},
        "winners": [],
    }


# -- K4: sets, games, starters --------------------------------------------------------------------


def _finish_game(m: Match) -> None:
    while m.current is not None:
        m.play(m.current, PASS)
    m.end_game()


def test_k4_starters_move_right_and_sets_have_three_games() -> None:
    m = Match(P3)
    refused("no-set", lambda: m.start_game("up"), m)
    refused("no-set", lambda: m.cause("Ann"), m)
    m.start_set()
    assert (m.phase, m.set_no, m.game_no, m.deck_master, m.starter) == (
        "direction-needed",
        1,
        1,
        "Ann",
        "Ben",
    )
    refused("set-in-progress", m.start_set, m)
    refused("bad-direction", lambda: m.start_game("sideways"), m)
    refused("not-your-turn", lambda: m.start_game("up", player="Cleo"), m)
    starters = []
    for _ in range(3):
        starters.append(m.starter)
        m.start_game("down", player=m.starter)
        assert m.direction == "down" and m.phase == "card-round"
        refused("game-in-progress", lambda: m.start_game("up"), m)
        refused("set-in-progress", m.start_set, m)
        assert m.current == m.starter
        _finish_game(m)
    assert starters == ["Ben", "Cleo", "Ann"]
    assert m.phase == "set-needed" and m.starter is None and m.game_no == 3
    assert last(m)["text"] == "Game 3 ends. Nobody can win it: no point. Set 1 is over."
    refused("set-finished", lambda: m.start_game("up"), m)
    refused("set-finished", lambda: m.cause("Ann"), m)
    fresh = Match(P3)
    refused("no-set", lambda: fresh.play("Ann", 3), fresh)
    m.start_set()
    assert (m.set_no, m.game_no, m.deck_master, m.starter) == (2, 1, "Ann", "Ben")
    assert m.history[0]["text"] == (
        "Set 1 begins: Ann, the Deck Master, deals 4 cards to each player."
    )
    assert m.history[1]["text"] == "Game 1 of set 1: Ben starts and plays DOWN."


def test_k4_rotating_deck_master() -> None:
    m = Match(P3, deck_master="Cleo", rotate_deck_master=True)
    assert m.deck_master == "Cleo" and m.next_deck_master == "Cleo"
    starters = []
    for _ in range(2):
        m.start_set()
        for _ in range(3):
            starters.append(m.starter)
            m.start_game("up")
            _finish_game(m)
    assert m.deck_master == "Ann" and m.next_deck_master == "Ben"
    assert starters == ["Ann", "Ben", "Cleo", "Ben", "Cleo", "Ann"]


def test_k4_no_game_between_games() -> None:
    m = game()
    _finish_game(m)
    for action in (lambda: m.play("Cleo", 3), lambda: m.ally("Ben", 3), lambda: m.doubt("Ann", 1)):
        refused("no-game", action, m)
    refused("no-game", m.end_game, m)


# -- K5: the card round ---------------------------------------------------------------------------


def test_k5_card_round_in_turn_order_from_the_starter() -> None:
    m = game()
    assert m.current == "Ben" and m.phase == "card-round"
    refused("not-your-turn", lambda: m.play("Ann", 5), m)
    refused("not-your-turn", lambda: m.play("Zed", 5), m)
    refused("not-ally-phase", lambda: m.ally("Ben", 5), m)
    refused("not-ally-phase", lambda: m.decline_ally("Ben"), m)
    refused("cards-to-play", m.end_game, m)
    m.play("Ben", 5)
    m.play(None, 6)  # None: the current player (Cleo)
    assert m.events[-1]["player"] == "Cleo" and m.current == "Ann"
    m.play("Ann", 6, with_ally=True)
    assert m.current is None and m.phase == "ally-phase"
    assert m.player_state("Ann").ally_used and m.player_state("Ann").with_ally
    refused("not-your-turn", lambda: m.play("Ann", 5), m)
    assert [h["text"] for h in m.history[2:]] == [
        "Ben plays a card and states 5.",
        "Cleo plays a card and states 6.",
        "Ann plays a card with an ally and states 6. Every card is down: the ally phase begins.",
    ]


def test_k5_ally_played_in_the_card_round_uses_the_sets_ally() -> None:
    m = game()
    m.play("Ben", 10, with_ally=True)
    m.play("Cleo", 3)
    m.play("Ann", 3)
    m.end_game({"Ben": True})
    assert m.points == {"Ann": 0, "Ben": 1, "Cleo": 0}
    m.start_game("up")
    m.play("Cleo", 1)
    m.play("Ann", 1)
    refused("ally-used", lambda: m.play("Ben", 9, with_ally=True), m)
    m.play("Ben", 2)
    refused("ally-used", lambda: m.ally("Ben", 9), m)
    assert m.ally_undecided == ["Ann", "Cleo"] and not m.player_state("Ben").may_ally


# -- K6: the ally phase ---------------------------------------------------------------------------


def test_k6_ally_phase_order_sole_leader_waits_and_declining_is_final() -> None:
    m = game(P4)  # Ben starts: Ben, Cleo, Dan, Ann
    m.play("Ben", 8)
    m.play("Cleo", 3)
    m.play("Dan", PASS)
    m.play("Ann", 5)
    assert m.leaders == ["Ben"] and m.ally_waiting == ["Ben"]
    assert m.ally_undecided == ["Ann", "Ben", "Cleo"]  # Dan passed
    assert m.ally_next == "Cleo"  # from the starter, Ben waiting as the sole leader
    refused("passed", lambda: m.ally("Dan", 10), m)
    refused("passed", lambda: m.decline_ally("Dan"), m)
    refused("unknown-player", lambda: m.ally("Zed", 10), m)
    m.decline_ally("Cleo")
    assert last(m)["text"] == "Cleo plays no ally in this game."
    refused("declined", lambda: m.ally("Cleo", 12), m)
    refused("declined", lambda: m.decline_ally("Cleo"), m)
    assert m.ally_next == "Ann"
    m.ally("Ann", 11)
    assert last(m)["text"] == "Ann plays an ally: 5 becomes 11."
    assert m.leaders == ["Ann"] and m.ally_waiting == [] and m.ally_next == "Ben"
    assert m.player_state("Ann").ally_used and not m.player_state("Ann").may_ally
    m.ally("Ben", 11)  # now tied with Ann
    assert m.leaders == ["Ann", "Ben"] and m.ally_next is None and m.ally_undecided == []
    assert m.projected_winners() == [] and m.unmask_needed() == []
    m.end_game()
    assert m.points == {p: 0 for p in P4}
    assert last(m)["text"] == "Game 1 ends. Ann and Ben tie at 11: no point."


def test_k6_tied_leaders_must_choose_and_out_of_order_allies_are_accepted() -> None:
    m = game()
    m.play("Ben", 7)
    m.play("Cleo", 7)
    m.play("Ann", 2)
    assert m.leaders == ["Ben", "Cleo"] and m.ally_waiting == [] and m.ally_next == "Ben"
    m.ally("Ann", 20)  # out of order: the table decides, the app only guides
    assert m.leaders == ["Ann"] and m.ally_waiting == [] and m.ally_next == "Ben"
    m.decline_ally("Ben")
    assert m.ally_next == "Cleo"
    m.ally("Cleo", 21)
    assert m.ally_waiting == [] and m.ally_next is None and m.leaders == ["Cleo"]
    m.end_game({"Cleo": [Card(9, secondary="blue"), Card(12, secondary="blue")]})
    assert m.points == {"Ann": 0, "Ben": 0, "Cleo": 1}


def test_k6_eliminated_players_cannot_ally_and_ending_declines_the_undecided() -> None:
    m = game()
    m.play("Ben", 12)
    m.doubt("Cleo", False)
    m.play("Cleo", 4)
    m.play("Ann", 6)
    refused("eliminated", lambda: m.ally("Ben", 20), m)
    refused("eliminated", lambda: m.decline_ally("Ben"), m)
    assert m.ally_undecided == ["Ann", "Cleo"] and m.ally_waiting == ["Ann"]
    assert m.ally_next == "Cleo" and m.can_end_game
    m.end_game({"Ann": True})
    assert m.points == {"Ann": 1, "Ben": 0, "Cleo": 1}
    # Cleo never chose: she declined, and still has her ally for the next game of the set
    assert not m.player_state("Cleo").ally_used
    m.start_game("up")
    m.play("Cleo", 1)
    m.play("Ann", 1)
    m.play("Ben", 1)
    m.ally("Cleo", 5)


# -- K7: doubts -----------------------------------------------------------------------------------


def test_k7_truthful_play_doubted_in_vain() -> None:
    m = game()
    m.play("Ben", 5)
    assert m.latest_play == "Ben" and m.doubters_allowed() == ["Ann", "Cleo"]
    refused("cannot-doubt", lambda: m.doubt("Ben", True), m)
    refused("cannot-doubt", lambda: m.doubt([], True), m)
    refused("cannot-doubt", lambda: m.doubt(["Ann", "Ann"], True), m)
    refused("unknown-player", lambda: m.doubt("Zed", True), m)
    refused("bad-truth", lambda: m.doubt("Ann", "maybe"), m)
    refused("bad-truth", lambda: m.doubt("Ann", None), m)
    refused("bad-card", lambda: m.doubt("Ann", [Card(5, "blue"), Card(7, "red")]), m)
    refused("bad-card", lambda: m.doubt("Ann", [{"number": 5, "secondary": "red"}]), m)
    m.doubt(["Ann", "Cleo"], [Card(5, secondary="green")])
    assert m.points == {"Ann": 0, "Ben": 1, "Cleo": 0}
    assert m.player_state("Ben").revealed == "truthful" and not m.player_state("Ben").eliminated
    # a play already revealed cannot be doubted again
    assert m.latest_play is None
    refused("cannot-doubt", lambda: m.doubt("Cleo", False), m)


def test_k7_liar_loses_a_point_first_doubter_after_the_liar_gains_one() -> None:
    m = Match(P4)
    m.start_set()
    m.cause("Ben")  # Ben +1, so that he has a point to lose
    m.start_game("up")
    m.play("Ben", 5)
    m.play("Cleo", 11)
    # Ann and Ben both doubt Cleo; Dan is not among them: after Cleo come Dan, Ann, Ben
    m.doubt(["Ben", "Ann"], False)
    assert m.points == {"Ann": 1, "Ben": 1, "Cleo": 0, "Dan": 0}
    m.play("Dan", 2)
    m.play("Ann", 4)
    m.doubt(["Cleo", "Dan", "Ben"], False)  # Ann lied: Ben is next after her
    assert m.points == {"Ann": 0, "Ben": 2, "Cleo": 0, "Dan": 0}
    assert last(m) == {
        "text": "Cleo, Dan and Ben doubt Ann's 4. Ann lied: \u22121. Ben unmasked Ann: +1. "
        "Ann is out of this game.",
        "changes": {"Ann": -1, "Ben": 1},
    }
    assert m.player_state("Ann").eliminated and m.player_state("Cleo").eliminated
    assert m.leaders == ["Ben"]


def test_k7_eliminated_players_still_doubt_and_cannot_win() -> None:
    m = game()
    m.play("Ben", 12)
    m.doubt("Cleo", False)
    m.play("Cleo", 3)
    m.doubt("Ben", True)  # Ben is out of the game but may doubt
    assert m.points == {"Ann": 0, "Ben": 0, "Cleo": 2}
    m.play("Ann", 2)
    assert m.leaders == ["Cleo"] and m.unmask_needed() == []  # Cleo's 3 is revealed truthful
    m.decline_ally("Cleo")
    m.end_game()
    assert m.points == {"Ann": 0, "Ben": 0, "Cleo": 3}
    assert last(m)["text"] == "Game 1 ends. Cleo wins with 3: +1."


def test_k7_window_closes_with_the_next_play_even_a_pass() -> None:
    m = game()
    m.play("Ben", 5)
    m.play("Cleo", PASS)
    assert m.latest_play is None
    refused("cannot-doubt", lambda: m.doubt("Ann", False), m)
    m.play("Ann", 7)
    m.doubt("Ben", True)
    assert m.points == {"Ann": 1, "Ben": 0, "Cleo": 0}


def test_k7_decline_and_cause_do_not_close_the_window_end_game_does() -> None:
    m = game()
    m.play("Ben", 5)
    m.cause("Ann")  # before Ann's first card: does not close Ben's window
    assert m.latest_play == "Ben"
    m.play("Cleo", 6)
    m.play("Ann", 7)
    m.decline_ally("Ben")
    assert m.latest_play == "Ann"
    m.doubt("Cleo", [Card(7, secondary="red")])
    assert m.points == {"Ann": 2, "Ben": 0, "Cleo": 0}
    m.ally("Cleo", 13)
    m.end_game({"Cleo": True})
    assert m.points == {"Ann": 2, "Ben": 0, "Cleo": 1}
    refused("no-game", lambda: m.doubt("Ann", False), m)


def test_k7_an_ally_play_is_judged_on_the_combined_score() -> None:
    m = game()
    m.play("Ben", 5)  # a lie (he holds a 3), but nobody doubts it
    m.play("Cleo", 2)
    m.play("Ann", 1)
    m.ally("Ben", 10)
    assert m.latest_play == "Ben" and m.doubters_allowed() == ["Ann", "Cleo"]
    refused("bad-card", lambda: m.doubt("Ann", [Card(3, secondary="green")]), m)
    # 3 blue/green + 7 blue/yellow = 10, valid allies: truthful, whatever the first card said
    m.doubt("Ann", [Card(3, secondary="green"), Card(7, secondary="yellow")])
    assert m.points == {"Ann": 0, "Ben": 1, "Cleo": 0}
    assert m.player_state("Ben").revealed == "truthful"


def test_k7_cards_shown_earlier_must_be_part_of_the_ally_play() -> None:
    m = game()
    m.play("Ben", 5)
    m.doubt("Cleo", [Card(5, secondary="blue")])
    m.play("Cleo", 2)
    m.play("Ann", 1)
    m.ally("Ben", 12)
    assert m.latest_play == "Ben" and m.player_state("Ben").revealed is None
    refused("bad-card", lambda: m.doubt("Ann", [Card(7, "green"), Card(5, "green")]), m)
    m.doubt("Ann", [Card(5, secondary="blue"), Card(7, secondary="green")])
    assert m.player_state("Ben").revealed == "truthful"
    assert m.points == {"Ann": 0, "Ben": 2, "Cleo": 0}


def test_k7_doubting_in_down() -> None:
    m = game(direction="down")
    m.play("Ben", -3, with_ally=True)
    # 4 green/red and 7 blue/green: valid, -|4 - 7| = -3
    m.doubt("Ann", [Card(7, secondary="green"), Card(4, secondary="red")])
    assert m.points == {"Ann": 0, "Ben": 1, "Cleo": 0}


# -- K8: end of game ------------------------------------------------------------------------------


def _to_ally_phase(m: Match, stated: dict[str, int | str]) -> None:
    while m.current is not None:
        m.play(m.current, stated[m.current])


def test_k8_winner_truthful_gets_one_point() -> None:
    m = game()
    _to_ally_phase(m, {"Ben": 9, "Cleo": 4, "Ann": 8})
    assert m.projected_winners() == ["Ben"] and m.unmask_needed() == ["Ben"]
    refused("unmask-needed", m.end_game, m)
    refused("unmask-needed", lambda: m.end_game({"Ann": True}), m)
    refused("bad-card", lambda: m.end_game({"Ben": [TRICK, TRICK]}), m)
    refused("bad-card", lambda: m.end_game({"Ben": []}), m)
    refused("bad-truth", lambda: m.end_game({"Ben": "yes"}), m)
    refused("bad-truth", lambda: m.end_game({"Ann": "yes", "Ben": True}), m)
    refused("unknown-player", lambda: m.end_game({"Zed": True, "Ben": True}), m)
    m.end_game({"Ben": [Card(9, secondary="yellow")], "Ann": False})
    assert m.points == {"Ann": 0, "Ben": 1, "Cleo": 0}
    assert last(m) == {
        "text": "Game 1 ends. Ben wins with 9: +1. Unmasked, Ben told the truth.",
        "changes": {"Ben": 1},
        "winners": ["Ben"],
    }


def test_k8_winner_who_lied_gets_the_deception_point() -> None:
    m = game()
    _to_ally_phase(m, {"Ben": 12, "Cleo": 4, "Ann": 8})
    m.end_game({"Ben": [Card(2, secondary="red")]})
    assert m.points == {"Ann": 0, "Ben": 2, "Cleo": 0}
    assert last(m)["text"] == (
        "Game 1 ends. Ben wins with 12: +1. Unmasked, Ben lied (the card makes 2, not 12). "
            "Won with deception: +1."
    )


def test_k8_trick_card_in_a_winning_play_gives_three_points() -> None:
    for unmask in ("trick", [TRICK], [Card(1, "blue"), TRICK]):
        m = game()
        m.play("Ben", 10, with_ally=isinstance(unmask, list) and len(unmask) == 2)
        m.play("Cleo", 4)
        m.play("Ann", 8)
        m.end_game({"Ben": unmask})
        assert m.points == {"Ann": 0, "Ben": 3, "Cleo": 0}, unmask
        assert m.history[-1]["changes"] == {"Ben": 3}
        assert m.player_state("Ben").stated is None  # the game is over


def test_k8_down_the_lowest_wins_and_verdicts_from_cards() -> None:
    m = game(direction="down")
    _to_ally_phase(m, {"Ben": 3, "Cleo": 1, "Ann": 2})
    assert m.leaders == ["Cleo"]
    m.ally("Ben", -5)
    assert m.leaders == ["Ben"]
    # 2 yellow/red and 9 red/green are allies through red: -|2 - 9| = -7, not -5: a lie
    m.end_game({"Ben": [Card(2, secondary="red"), Card(9, secondary="green")]})
    assert m.points == {"Ann": 0, "Ben": 2, "Cleo": 0}


def test_k8_tied_players_need_no_unmasking_and_get_nothing() -> None:
    m = game()
    _to_ally_phase(m, {"Ben": 9, "Cleo": 9, "Ann": 8})
    m.decline_ally("Ben")
    m.decline_ally("Cleo")
    m.decline_ally("Ann")
    assert m.unmask_needed() == [] and m.projected_winners() == []
    m.end_game({"Ben": False})  # ignored: nobody won
    assert m.points == {"Ann": 0, "Ben": 0, "Cleo": 0}
    assert last(m)["text"] == "Game 1 ends. Ben and Cleo tie at 9: no point."


# -- K9: Cause ------------------------------------------------------------------------------------

CAUSE = [Card(1, "blue"), Card(2, "blue"), Card(3, "red"), Card(0, suit="green")]
NO_CAUSE = [Card(1, "blue"), Card(2, "blue"), Card(3, "red"), Card(7, "green")]


def test_k9_undoubted_cause_gives_one_point_and_keeps_the_hand() -> None:
    m = Match(P3)
    m.start_set()
    assert m.cause_allowed("Cleo") and m.player_state("Cleo").may_cause
    m.cause("Cleo", truth=False)  # nobody doubted: the truth is not asked
    assert m.points == {"Ann": 0, "Ben": 0, "Cleo": 1}
    assert m.events[-1] == {"type": "cause", "player": "Cleo", "doubters": [], "truth": None}
    assert last(m) == {"text": "Cleo claims Cause and nobody doubts: +1.", "changes": {"Cleo": 1}}
    assert not m.cause_allowed("Cleo")
    refused("cause-claimed", lambda: m.cause("Cleo"), m)


def test_k9_doubted_true_cause_gives_two_and_a_new_hand() -> None:
    m = Match(P3)
    m.start_set()
    refused("unmask-needed", lambda: m.cause("Ann", ["Ben"]), m)
    refused("cannot-doubt", lambda: m.cause("Ann", ["Ann"], True), m)
    refused("bad-card", lambda: m.cause("Ann", ["Ben"], CAUSE[:3]), m)
    refused("bad-truth", lambda: m.cause("Ann", ["Ben"], "trick"), m)
    m.cause("Ann", ["Ben"], CAUSE)
    assert m.points == {"Ann": 2, "Ben": 0, "Cleo": 0}
    assert m.cause_allowed("Ann")  # a new hand: may claim again
    m.cause("Ann", "Cleo", True)
    assert m.points == {"Ann": 4, "Ben": 0, "Cleo": 0}
    assert last(m)["text"] == (
        "Ann claims Cause; Cleo doubts. Ann had Cause: +2. Ann gets a new hand and may claim "
        "Cause again."
    )


def test_k9_doubted_false_cause() -> None:
    m = Match(P3)
    m.start_set()
    m.cause("Ben")
    refused("cause-claimed", lambda: m.cause("Ben", ["Ann"], False), m)
    # Cleo's false claim doubted by Ann and Ben: after Cleo comes Ann
    m.cause("Cleo", ["Ben", "Ann"], NO_CAUSE)
    assert m.points == {"Ann": 1, "Ben": 1, "Cleo": 0}
    assert last(m) == {
        "text": "Cleo claims Cause; Ben and Ann doubt (showed 1 red/blue, 2 yellow/blue, "
        "3 blue/red and 7 blue/green). Cleo had no Cause: 0 (no point to lose). "
        "Ann unmasked Cleo: +1. Cleo gets a new hand and may claim Cause again.",
        "changes": {"Ann": 1},
    }
    m.cause("Cleo", "Ben", False)
    assert m.points == {"Ann": 1, "Ben": 2, "Cleo": 0}
    assert m.cause_allowed("Cleo")


def test_k9_cause_before_the_first_card_even_out_of_turn() -> None:
    m = game()
    m.play("Ben", 4)
    refused("cause-too-late", lambda: m.cause("Ben"), m)
    assert m.player_state("Ben").played_first_card and not m.player_state("Ben").may_cause
    m.cause("Ann")  # Ann plays last in this game: still before her first card
    m.play("Cleo", PASS)  # a PASS is a card played too
    refused("cause-too-late", lambda: m.cause("Cleo"), m)
    m.play("Ann", 3)
    m.end_game({"Ben": True})
    m.start_game("up")
    refused("cause-too-late", lambda: m.cause("Ann"), m)
    assert m.points == {"Ann": 1, "Ben": 1, "Cleo": 0}
    _finish_game(m)
    m.start_game("up")
    _finish_game(m)
    m.start_set()
    assert all(m.cause_allowed(p) for p in P3)


# -- K10: teams -----------------------------------------------------------------------------------


def team_game(direction: str = "up", **options: object) -> Match:
    return game(["Ann", "Ben", "Cleo", "Dan"], direction, teams=TEAMS, **options)


def test_k10_team_points_doubts_and_floor() -> None:
    m = team_game()  # Ben starts: Ben, Cleo, Dan, Ann
    assert m.points == {"Suns": 0, "Moons": 0}
    m.play("Ben", 6)
    assert m.doubters_allowed() == ["Ann", "Cleo"]  # Dan is Ben's teammate
    refused("cannot-doubt", lambda: m.doubt("Dan", False), m)
    refused("cannot-doubt", lambda: m.doubt(["Ann", "Dan"], False), m)
    m.doubt("Cleo", True)
    assert m.points == {"Suns": 0, "Moons": 1}
    assert last(m) == {"text": "Cleo doubts Ben's 6. Ben told the truth: +1 for Moons.",
                       "changes": {"Moons": 1}}  # fmt: skip
    m.play("Cleo", 4)
    m.doubt("Ben", False)  # Suns have nothing to lose
    assert m.points == {"Suns": 0, "Moons": 2}
    assert last(m)["text"] == (
        "Ben doubts Cleo's 4. Cleo lied: 0 for Suns (no point to lose). "
        "Ben unmasked Cleo: +1 for Moons. Cleo is out of this game."
    )
    refused("cannot-doubt", lambda: m.cause("Dan", ["Ben"], True), m)
    assert m.cause_doubters_allowed("Dan") == ["Ann", "Cleo"]
    assert m.player_state("Dan").team == "Moons"
    m.cause("Dan", ["Ann"], False)
    assert m.points == {"Suns": 1, "Moons": 1}


def test_k10_teammates_tied_win_the_game_point_and_deception_only_if_all_lied() -> None:
    m = team_game()
    _to_ally_phase(m, {"Ben": 8, "Cleo": 3, "Dan": 8, "Ann": 5})
    assert m.leaders == ["Ben", "Dan"] and m.projected_winners() == ["Ben", "Dan"]
    assert m.unmask_needed() == ["Ben", "Dan"] and m.ally_waiting == []  # tied: must choose
    refused("unmask-needed", lambda: m.end_game({"Ben": False}), m)
    m.end_game({"Ben": False, "Dan": True})
    assert m.points == {"Suns": 0, "Moons": 1}
    assert last(m)["text"] == (
        "Game 1 ends. Ben and Dan tie at 8, all Moons: +1 for Moons. "
        "Unmasked, Ben lied. Unmasked, Dan told the truth."
    )
    m.start_game("up")  # Cleo starts
    _to_ally_phase(m, {"Cleo": 1, "Dan": 8, "Ann": 5, "Ben": 8})
    m.end_game({"Ben": False, "Dan": [Card(4, secondary="red")]})
    assert m.points == {"Suns": 0, "Moons": 3}
    m.start_game("up")  # Dan starts
    _to_ally_phase(m, {"Dan": 8, "Ann": 5, "Ben": 8, "Cleo": 1})
    m.end_game({"Ben": "trick", "Dan": False})
    assert m.points == {"Suns": 0, "Moons": 6}
    assert m.history[-1]["changes"] == {"Moons": 3}


def test_k10_a_revealed_truthful_teammate_means_no_unmasking() -> None:
    m = team_game()
    m.play("Ben", 8)
    m.doubt("Ann", True)
    _to_ally_phase(m, {"Cleo": 3, "Dan": 8, "Ann": 5})
    assert m.projected_winners() == ["Ben", "Dan"] and m.unmask_needed() == []
    m.end_game()
    assert m.points == {"Suns": 0, "Moons": 2}


def test_k10_a_tie_across_teams_gives_nothing() -> None:
    m = team_game()
    _to_ally_phase(m, {"Ben": 8, "Cleo": 8, "Dan": 2, "Ann": 5})
    assert m.projected_winners() == [] and m.unmask_needed() == []
    m.end_game()
    assert m.points == {"Suns": 0, "Moons": 0}
    assert last(m)["text"] == "Game 1 ends. Ben (Moons) and Cleo (Suns) tie at 8: no point."


def test_k10_sole_team_leader_waits_teammates_choose() -> None:
    m = team_game()
    _to_ally_phase(m, {"Ben": 9, "Cleo": 3, "Dan": 8, "Ann": 5})
    assert m.ally_waiting == ["Ben"] and m.ally_next == "Cleo"
    m.decline_ally("Cleo")
    assert m.ally_next == "Dan"


# -- K11: end of the match ------------------------------------------------------------------------


def test_k11_match_ends_with_the_whole_action_applied() -> None:
    m = game(target=2)
    _to_ally_phase(m, {"Ben": 12, "Cleo": 4, "Ann": 8})
    m.end_game({"Ben": "trick"})
    assert m.points == {"Ann": 0, "Ben": 3, "Cleo": 0}  # 3 points, past the target of 2
    assert m.is_over and m.winners == ["Ben"] and m.phase == "match-over"
    assert last(m)["text"].endswith("The Trick Card: +1. Ben wins the match with 3 points.")
    assert m.current is None and m.doubters_allowed() == [] and not m.cause_allowed("Ann")
    for action in (
        m.start_set,
        lambda: m.start_game("up"),
        lambda: m.cause("Ann"),
        lambda: m.play("Cleo", 4),
        lambda: m.end_game(),
    ):
        refused("match-over", action, m)
    m.undo()
    assert not m.is_over and m.winners == [] and m.phase == "ally-phase"
    m.redo()
    assert m.is_over and m.winners == ["Ben"]
    # In seating order, the leader marked apart (a scoreboard that re-sorted made players jump).
    assert m.standings() == [("Ann", "0/2"), ("Ben", "3/2"), ("Cleo", "0/2")]
    assert m.ahead == ["Ben"]


def test_k11_a_doubt_or_cause_can_end_the_match() -> None:
    m = Match(P3, target=2)
    m.start_set()
    m.cause("Cleo", "Ann", True)
    assert m.is_over and m.winners == ["Cleo"]
    m.undo()
    m.start_game("down")
    m.play("Ben", 3)
    m.doubt("Cleo", True)
    m.play("Cleo", 2)
    m.doubt("Ann", True)
    m.play("Ann", 1)
    m.doubt("Ben", True)
    assert not m.is_over and m.points == {"Ann": 1, "Ben": 1, "Cleo": 1}
    m.ally("Ann", -1)
    m.doubt("Cleo", True)
    assert m.is_over and m.winners == ["Ann"] and m.latest_play is None


def test_k11_team_winners_are_the_teams_players() -> None:
    m = team_game(target=1)
    m.play("Ben", 3)
    m.doubt("Ann", True)
    assert m.is_over and m.winners == ["Ben", "Dan"]
    assert last(m)["text"].endswith("Moons (Ben, Dan) wins the match with 1 point.")
    assert m.standings() == [("Suns (Ann, Cleo)", "0/1"), ("Moons (Ben, Dan)", "1/1")]
    # the teams' order; named as the scoreboard names them
    assert [str(name) for name in m.ahead] == ["Moons (Ben, Dan)"]


# -- full scripted sets ---------------------------------------------------------------------------


def test_a_full_set_for_three_players() -> None:
    m = Match(P3)
    m.start_set()
    m.cause("Cleo")  # Cleo +1 (undoubted)
    # Game 1, Ben starts, UP
    m.start_game("up")
    m.play("Ben", 11)
    m.doubt("Ann", [Card(5, secondary="yellow")])  # Ben lied: 0 to lose; Ann +1; Ben out
    m.play("Cleo", 7)
    m.play("Ann", 9)
    assert m.leaders == ["Ann"] and m.ally_next == "Cleo" and m.ally_waiting == ["Ann"]
    m.ally("Cleo", 15)
    m.doubt("Ann", [Card(7, secondary="green"), Card(8, secondary="blue")])  # true: Cleo +1
    m.decline_ally("Ann")
    m.end_game()  # Cleo's play is revealed truthful: no unmasking
    assert m.points == {"Ann": 1, "Ben": 0, "Cleo": 3}
    # Game 2, Cleo starts, DOWN
    assert m.starter == "Cleo"
    m.start_game("down")
    m.play("Cleo", 6)
    m.play("Ann", 2)
    m.play("Ben", 0)
    assert m.leaders == ["Ben"] and m.ally_next == "Ann"  # Cleo used her ally
    m.ally("Ann", -10)
    m.ally("Ben", -11)
    m.end_game({"Ben": [Card(12, secondary="blue"), Card(0, suit="blue")]})  # -12: lied
    assert m.points == {"Ann": 1, "Ben": 2, "Cleo": 3}
    # Game 3, Ann starts, UP: every ally is used
    m.start_game("up")
    m.play("Ann", 12)
    m.play("Ben", 12)
    m.play("Cleo", PASS)
    assert m.ally_undecided == [] and m.ally_next is None
    m.end_game()
    assert m.points == {"Ann": 1, "Ben": 2, "Cleo": 3}
    assert m.phase == "set-needed"
    assert [h["changes"] for h in m.history] == [
        {},
        {"Cleo": 1},
        {},
        {},
        {"Ann": 1},
        {},
        {},
        {},
        {"Cleo": 1},
        {},
        {"Cleo": 1},
        {},
        {},
        {},
        {},
        {},
        {},
        {"Ben": 2},
        {},
        {},
        {},
        {},
        {},
    ]
    assert len(m.history) == len(m.events) - 1
    assert m.history[-1]["text"] == (
        "Game 3 ends. Ann and Ben tie at 12: no point. Set 1 is over."
    )


def test_a_full_set_for_two_teams_of_two() -> None:
    players = careta.alternate_seating(TEAMS)
    assert players == ["Ann", "Ben", "Cleo", "Dan"]
    m = Match(players, deck_master="Dan", teams=TEAMS)
    m.start_set()
    assert m.starter == "Ann"
    m.cause("Ben", ["Ann", "Cleo"], CAUSE)  # Moons +2
    # Game 1: Ann starts UP
    m.start_game("up")
    m.play("Ann", 10)
    m.play("Ben", 10)
    m.play("Cleo", 10)
    m.play("Dan", 4)
    assert m.leaders == ["Ann", "Ben", "Cleo"] and m.projected_winners() == []
    m.ally("Dan", 20)
    m.doubt("Cleo", False)  # Dan lied: Moons 2 -> 1, Suns +1
    assert m.points == {"Suns": 1, "Moons": 1}
    m.decline_ally("Ann")
    m.decline_ally("Ben")
    m.ally("Cleo", 18)
    m.end_game({"Cleo": "trick"})  # Suns +3
    assert m.points == {"Suns": 4, "Moons": 1}
    # Game 2: Ben starts DOWN; Ann and Cleo tie
    m.start_game("down")
    m.play("Ben", 5)
    m.play("Cleo", 1)
    m.play("Dan", 3)
    m.play("Ann", 1)
    assert m.projected_winners() == ["Ann", "Cleo"]  # seating order
    assert m.ally_undecided == ["Ann", "Ben"]  # Cleo and Dan used theirs
    m.ally("Ben", -2)
    assert m.leaders == ["Ben"] and m.ally_waiting == [] and m.ally_next == "Ann"
    m.ally("Ann", -6)
    m.end_game({"Ann": [Card(1, secondary="blue"), Card(7, secondary="red")]})  # -6, true
    assert m.points == {"Suns": 5, "Moons": 1}
    # Game 3: Cleo starts UP
    m.start_game("up")
    m.play("Cleo", 9)
    m.play("Dan", 9)
    m.play("Ann", PASS)
    m.play("Ben", 9)
    m.end_game()  # tie across teams
    assert m.points == {"Suns": 5, "Moons": 1} and m.phase == "set-needed"
    assert m.winners == [] and not m.is_over
    assert [h["changes"] for h in m.history if h["changes"]] == [
        {"Moons": 2},
        {"Moons": -1, "Suns": 1},
        {"Suns": 3},
        {"Suns": 1},
    ]
    copy = Match.replay(json.loads(json.dumps(m.events)))
    assert copy.history == m.history and copy.points == m.points


# -- what the screen reads ------------------------------------------------------------------------


def test_player_state_and_phases_for_the_screen() -> None:
    m = team_game()
    m.play("Ben", 6)
    m.doubt("Cleo", [Card(6, secondary="red")])
    m.play("Cleo", 9, with_ally=True)
    assert m.player_state("Ben") == careta.PlayerState(
        name="Ben",
        team="Moons",
        stated=6,
        with_ally=False,
        ally_used=False,
        eliminated=False,
        declined=False,
        revealed="truthful",
        shown=(Card(6, secondary="red"),),
        played_first_card=True,
        may_cause=False,
        may_ally=False,  # the card round is not over yet
    )
    dan = m.player_state("Dan")
    assert (dan.stated, dan.played_first_card, dan.may_cause, dan.team) == (
        None,
        False,
        True,
        "Moons",
    )
    assert m.phase == "card-round" and m.current == "Dan" and m.game_no == 1
    assert m.latest_play == "Cleo" and m.doubters_allowed() == ["Ben", "Dan"]
    m.play("Dan", PASS)
    m.play("Ann", 3)
    assert m.phase == "ally-phase" and m.current is None
    assert m.player_states["Ben"].may_ally and not m.player_states["Dan"].may_ally
    assert set(m.player_states) == set(P4)
    refused("unknown-player", lambda: m.player_state("Zed"))
    refused("unknown-player", lambda: m.team_of("Zed"))


# -- events read back from a log are checked like live play ---------------------------------------


def _log_then(extra: list[dict]) -> list[dict]:
    m = game()
    m.play("Ben", 5)
    return [*m.events, *extra]


@pytest.mark.parametrize(
    "event, rule",
    [
        ({"type": "play", "player": "Cleo", "stated": 5, "with_ally": "yes"}, "bad-event"),
        ({"type": "play", "player": "Ann", "stated": 5, "with_ally": False}, "not-your-turn"),
        ({"type": "doubt", "doubters": "Ann", "truth": True}, "cannot-doubt"),
        ({"type": "doubt", "doubters": ["Ann"], "truth": [{"number": 5, "secondary": "red"}]},
         "bad-card"),
        ({"type": "doubt", "doubters": ["Ann"], "truth": [{"number": 5, "x": 1}]}, "bad-card"),
        ({"type": "doubt", "doubters": ["Ann"], "truth": {"number": 5}}, "bad-truth"),
        ({"type": "start_game", "direction": "up", "player": "Ben"}, "game-in-progress"),
        ({"type": "end_game", "unmask": []}, "cards-to-play"),
        ({"type": "shuffle"}, "bad-event"),
    ],
)
def test_bad_events_in_a_log_are_refused(event: dict, rule: str) -> None:
    refused(rule, lambda: Match.replay(_log_then([event])))


def test_a_log_with_cards_as_plain_data_replays() -> None:
    events = _log_then(
        [
            {"type": "doubt", "doubters": ["Ann"], "truth": [{"number": 5, "secondary": "blue"}]},
            {"type": "play", "player": "Cleo", "stated": 2, "with_ally": False},
            {"type": "play", "player": "Ann", "stated": 1, "with_ally": False},
            {"type": "end_game", "unmask": None},
        ]
    )
    assert Match.replay(events).points == {"Ann": 0, "Ben": 2, "Cleo": 0}
    m = Match.replay(events[:-1])
    refused("bad-truth", lambda: m.end_game(["Ben"]), m)  # type: ignore[arg-type]
    refused("not-your-turn", lambda: Match.replay(events[:2] + [{**events[2], "player": ""}]))
