"""The score sheet: the paper sheet of any other game the table plays, kept like the four.

The scorekeeper names the game (its name is the table's: never translated), seats two or more
players (or teams: a side is a name), and says how it ends: the highest or the lowest total wins,
at a target score, after a number of rounds, or when the scorekeeper ends it. A round is one
score per player, typed (negative and zero allowed); a sheet may check that each round's scores
add up to a number (Hearts' 26). A past round is corrected by a new event, never edited in
place; a tie at the end is settled as the table decides.

Implements rulings S1-S7 (docs/rulings.md, companion/rules/sheet.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from scoring import core
from scoring.core import Event, RuleViolation
from scoring.names import name_problem, new_name_problem, shown
from scoring.said import Said, Signed, listed, said, said_n, term, term_n
from scoring.words import given_said

MOST = 999_999  # S2: the largest score a round may give a player, either way
MOST_ROUNDS = 999  # S3: the longest "after N rounds"
ENDS: tuple[str, ...] = ("target", "rounds", "keeper")  # S3

# The score sheet's glossary: every `term` / `term_n` this module says (see ratel.GLOSSARY).
GLOSSARY: tuple[tuple[str, ...], ...] = (
    ("sheet part", "Round {n}"),
    ("sheet part", "round {n}"),
    ("sheet part", "Round"),
    ("sheet part", "{n} round", "{n} rounds"),
)


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check_score(value: Any, what: Said | str) -> int:
    """A score as typed: a whole number of at most MOST either way (S2)."""
    if not _is_int(value):
        raise RuleViolation("bad-score", "A score is a whole number, not {given}.",
                            given=given_said(value))
    if abs(value) > MOST:
        raise RuleViolation("score-too-large",
                            "{who}: {score} is too large: a score is at most {most} either way.",
                            who=what, score=value, most=MOST)
    return value


def check_game_name(name: Any) -> str:
    """The game's name as the scorekeeper typed it, held to the players' names' rules (S1);
    a new sheet's name also to a new name's (`new_name_problem`), a stored one not.

    >>> check_game_name("Hearts"), check_game_name("大富豪")
    ('Hearts', '大富豪')
    >>> check_game_name(" ")
    Traceback (most recent call last):
    scoring.core.RuleViolation: The game needs a name.
    """
    if not isinstance(name, str) or not name.strip():
        raise RuleViolation("bad-option", "The game needs a name.")
    problem = name_problem(name)
    if problem is not None:
        raise RuleViolation("bad-option", problem)
    if not core.stored_names_now():
        rule_why = new_name_problem(name)
        if rule_why:
            raise RuleViolation(*rule_why)
    return name


def _adds_up(scores: list[int], total: int) -> bool:
    """Whether a round's scores pass the sheet's sum check (S4): they add up to `total`, or one
    player has 0 and every other `total` (Hearts' shot at the moon, the points given away).

    >>> _adds_up([0, 13, 13, 0], 26), _adds_up([0, 26, 26, 26], 26), _adds_up([1, 26, 26], 26)
    (True, True, False)
    """
    if sum(scores) == total:
        return True
    return scores.count(0) == 1 and scores.count(total) == len(scores) - 1


class Match(core.Match):
    """A score sheet: rounds of typed scores until the sheet's end (S1-S7).

    >>> m = Match(["Ann", "Ben"], name="Hearts", lowest_wins=True, end="target", target=10,
    ...           round_sum=26)
    >>> m.add_round({"Ann": 0, "Ben": 26}); m.totals, m.is_over
    ({'Ann': 0, 'Ben': 26}, True)
    >>> m.winners
    ['Ann']
    """

    GAME: ClassVar[str] = "sheet"
    TITLE: ClassVar[str] = "Score sheet"
    PLAYERS: ClassVar[range] = range(2, 21)  # S1: two or more; 20 fit a phone's pad
    _APPEND_ONLY: ClassVar[frozenset[str]] = frozenset({"_history"})
    GROUPED_BY: ClassVar[tuple[str, ...]] = ("round",)
    CHART_BY: ClassVar[str] = "round"
    FINAL_SCORE: ClassVar[core.FinalScore | None] = core.FinalScore("points")
    PARTS: ClassVar[Mapping[str, core.Part]] = {
        "round": core.Part(term("sheet part", "Round {n}"), term("sheet part", "round {n}"),
                           axis=term("sheet part", "Round"),
                           count=term_n("sheet part", "{n} round", "{n} rounds", 1)),
    }

    def __init__(
        self,
        players: Sequence[str],
        name: str = "",
        lowest_wins: bool = False,
        end: str = "keeper",
        target: int | None = None,
        rounds: int | None = None,
        round_sum: int | None = None,
    ) -> None:
        super().__init__({"players": players, "name": name, "lowest_wins": lowest_wins,
                          "end": end, "target": target, "rounds": rounds,
                          "round_sum": round_sum})

    def _setup(self, settings: Event) -> None:
        players = core.check_players(settings["players"], self.PLAYERS)
        settings["players"] = players
        name = check_game_name(settings["name"])
        for player in players:
            if core.looks_like(name, player) and not core.stored_names_now():
                raise RuleViolation("look-alike-name",
                                    "The game “{name}” looks the same as the player “{player}”: "
                                    "choose another name for one of them.",
                                    name=shown(name), player=shown(player))
        if not isinstance(settings["lowest_wins"], bool):
            raise RuleViolation("bad-option", "Say whether the lowest total wins: yes or no, "
                                "not {given}.", given=given_said(settings["lowest_wins"]))
        end = settings["end"]
        if end not in ENDS:
            raise RuleViolation("bad-option", "Unknown end {given}: a sheet ends at a target "
                                "score, after a number of rounds or when the scorekeeper ends "
                                "it.", given=given_said(end))
        target, rounds = settings["target"], settings["rounds"]
        if end == "target":
            if not _is_int(target) or not 1 <= target <= MOST:
                raise RuleViolation("bad-option", "The target score must be a whole number "
                                    "from 1 to {most}, not {given}.", most=MOST,
                                    given=given_said(target))
        elif target is not None:
            raise RuleViolation("bad-option", "Only a sheet that ends at a target score has a "
                                "target.")
        if end == "rounds":
            if not _is_int(rounds) or not 1 <= rounds <= MOST_ROUNDS:
                raise RuleViolation("bad-option", "The number of rounds must be a whole number "
                                    "from 1 to {most}, not {given}.", most=MOST_ROUNDS,
                                    given=given_said(rounds))
        elif rounds is not None:
            raise RuleViolation("bad-option", "Only a sheet that ends after a number of rounds "
                                "has one.")
        total = settings["round_sum"]
        if total is not None and (not _is_int(total) or abs(total) > MOST * len(players)):
            raise RuleViolation("bad-option", "The round's sum must be a whole number, not "
                                "{given}.", given=given_said(total))
        self._rounds: list[dict[str, int]] = []  # each round's scores as they stand now
        self._totals = {p: 0 for p in players}
        self._ended = False  # S3: the scorekeeper ended it
        self._settled: list[str] | None = None  # S6: the winners the table chose in a tie
        self._history: list[core.Entry] = []

    # -- settings -------------------------------------------------------------------------------

    @property
    def name(self) -> str:
        """The game's name, as the scorekeeper typed it (never translated)."""
        return self._log[0]["name"]

    @property
    def lowest_wins(self) -> bool:
        return self._log[0]["lowest_wins"]

    @property
    def end(self) -> str:
        """How the sheet ends: "target", "rounds" or "keeper" (S3)."""
        return self._log[0]["end"]

    @property
    def target(self) -> int | None:
        return self._log[0]["target"]

    @property
    def rounds_to_play(self) -> int | None:
        return self._log[0]["rounds"]

    @property
    def round_sum(self) -> int | None:
        """What every round's scores must add up to (S4), None when unchecked."""
        return self._log[0]["round_sum"]

    @classmethod
    def variant_said_of(cls, settings: Event) -> Any:
        """The sheet as a list shows it: "Hearts · lowest wins at 100"; "" for odd settings.
        Never raises.

        >>> str(Match.variant_said_of({"name": "Hearts", "lowest_wins": True, "end": "target",
        ...                            "target": 100}))
        'Hearts · lowest wins at 100'
        """
        name = settings.get("name")
        if not isinstance(name, str) or name_problem(name) is not None:
            return ""
        rule = cls.end_said_of(settings)
        return said("{game} · {rule}", game=name, rule=rule) if rule else name

    @classmethod
    def end_said_of(cls, settings: Event) -> Any:
        """How a sheet of `settings` is won, in words ("lowest wins at 100"); "" for odd ones.

        >>> str(Match.end_said_of({"lowest_wins": False, "end": "rounds", "rounds": 10}))
        'highest wins after 10 rounds'
        """
        low, end = settings.get("lowest_wins"), settings.get("end")
        target, rounds = settings.get("target"), settings.get("rounds")
        if not isinstance(low, bool):
            return ""
        if end == "target" and _is_int(target):
            return (said("lowest wins at {target}", target=target) if low
                    else said("highest wins at {target}", target=target))
        if end == "rounds" and _is_int(rounds):
            return (said_n("lowest wins after {n} round", "lowest wins after {n} rounds", rounds)
                    if low else said_n("highest wins after {n} round",
                                       "highest wins after {n} rounds", rounds))
        if end == "keeper":
            return said("lowest wins") if low else said("highest wins")
        return ""

    @classmethod
    def variant_of(cls, settings: Event) -> str:
        return str(cls.variant_said_of(settings))

    @classmethod
    def named_by(cls, variant: Any) -> tuple[str, bool | None] | None:
        """(the game's name, whether the lowest total wins) of a sheet from its variant as
        `variant_said_of` made it (a match's list entry keeps no other settings); None when the
        value is none of its; the rule None when the variant names none. Never raises.

        >>> Match.named_by(Match.variant_said_of({"name": "Hearts", "lowest_wins": True,
        ...                                       "end": "target", "target": 100}))
        ('Hearts', True)
        >>> Match.named_by("Uno"), Match.named_by(""), Match.named_by(3)
        (('Uno', None), None, None)
        """
        if isinstance(variant, str):
            return (variant, None) if variant and name_problem(variant) is None else None
        if not isinstance(variant, Said) or variant.msg != "{game} · {rule}":
            return None
        name, rule = variant.args.get("game"), variant.args.get("rule")
        if not isinstance(name, str) or name_problem(name) is not None:
            return None
        low = rule.msg.startswith("lowest") if isinstance(rule, Said) else None
        return name, low

    # -- the sheet ------------------------------------------------------------------------------

    @property
    def totals(self) -> dict[str, int]:
        return dict(self._totals)

    @property
    def rounds(self) -> list[dict[str, int]]:
        """Each round's scores as they stand now (corrections applied), oldest first."""
        return [dict(r) for r in self._rounds]

    @property
    def round_no(self) -> int:
        """The number of the round to enter next."""
        return len(self._rounds) + 1

    def missing(self, scores: Mapping[str, Any]) -> list[str]:
        """The players, in seating order, whose score `scores` lacks (S2): what a screen says
        before a round can be committed."""
        if not isinstance(scores, Mapping):
            raise RuleViolation("bad-round", "A round is one score per player.")
        return [p for p in self.players if scores.get(p) is None]

    def round_problem(self, scores: Mapping[str, Any]) -> RuleViolation | None:
        """Why `scores` cannot be the next round now, or None: the check `add_round` makes."""
        try:
            self._checked_round(scores)
        except RuleViolation as refused:
            return refused
        return self._open_problem()

    def _open_problem(self) -> RuleViolation | None:
        if self.is_over or self.tie_to_settle:
            return RuleViolation("match-over", "The match is over.")
        return None

    def _checked_round(self, scores: Any) -> dict[str, int]:
        """`scores` as a round: every player's score and nobody else's (S2), adding up to the
        sheet's sum where it has one (S4)."""
        if not isinstance(scores, Mapping):
            raise RuleViolation("bad-round", "A round is one score per player.")
        for key in scores:
            if key not in self.players:
                raise RuleViolation("unknown-player", "{given} is not playing.",
                                    given=given_said(key))
        missing = self.missing(scores)
        if missing:
            raise RuleViolation("incomplete-round", said_n(
                "The round needs {players}'s score.", "The round needs the scores of {players}.",
                len(missing), players=listed(missing)))
        round_ = {p: _check_score(scores[p], p) for p in self.players}
        if self.round_sum is not None and not _adds_up(list(round_.values()), self.round_sum):
            raise RuleViolation("round-sum", "This round's scores add up to {total}, "
                                "not {sum} (nor {sum} for everyone but one player with 0): "
                                "check them.", total=sum(round_.values()),
                                sum=self.round_sum)
        return round_

    # -- actions --------------------------------------------------------------------------------

    def add_round(self, scores: Mapping[str, int]) -> None:
        """Enter the next round: {player: score} for every player (S2, S4)."""
        self._record({"type": "round", "scores": scores})

    def correct_round(self, round_no: int, scores: Mapping[str, int]) -> None:
        """Correct round `round_no` (1 for the first) to `scores`, as a new event (S5)."""
        self._record({"type": "correct", "round": round_no, "scores": scores})

    def end_now(self) -> None:
        """The scorekeeper ends the match here (S3)."""
        self._record({"type": "end"})

    def settle_tie(self, winner: str | None) -> None:
        """The table settles a tie at the end (S6): `winner` one of the tied players, or None
        for a shared win."""
        self._record({"type": "settle", "winner": winner})

    def _on_round(self, event: Event) -> None:
        problem = self._open_problem()
        if problem is not None:
            raise problem
        round_ = self._checked_round(event.get("scores"))
        number = len(self._rounds) + 1
        self._rounds = [*self._rounds, round_]
        self._totals = {p: self._totals[p] + round_[p] for p in self.players}
        parts = [said("Round {round}: {scores}.", round=number, scores=self._scores_said(round_))]
        self._note(parts, dict(round_), number)

    def _on_correct(self, event: Event) -> None:
        number = event.get("round")
        if not _is_int(number) or not 1 <= number <= len(self._rounds):
            if not self._rounds:
                raise RuleViolation("no-round", "No round has been entered yet.")
            raise RuleViolation("no-round", said_n(
                "There is no round {given}: {n} round has been entered.",
                "There is no round {given}: {n} rounds have been entered.", len(self._rounds),
                given=given_said(number)))
        round_ = self._checked_round(event.get("scores"))
        before = self._rounds[number - 1]
        if round_ == before:
            raise RuleViolation("same-round", "Round {round} already has these scores.",
                                round=number)
        changes = {p: round_[p] - before[p] for p in self.players if round_[p] != before[p]}
        self._rounds = [*self._rounds[: number - 1], round_, *self._rounds[number:]]
        self._totals = {p: self._totals[p] + changes.get(p, 0) for p in self.players}
        # S5: the outcome follows the corrected totals: a sheet past its target may open again,
        # and a tie the table settled is settled again if one is left
        self._settled = None
        parts = [said("Round {round} corrected: {scores}.", round=number,
                      scores=self._scores_said(round_))]
        self._note(parts, changes, len(self._rounds), corrects=number)

    def _on_end(self, event: Event) -> None:
        problem = self._open_problem()
        if problem is not None:
            raise problem
        if not self._rounds:
            raise RuleViolation("no-round", "Enter a round before ending the match.")
        self._ended = True
        self._note([said("The scorekeeper ends the match.")], {}, len(self._rounds))

    def _on_settle(self, event: Event) -> None:
        tied = self.tie_to_settle
        if not tied:
            raise RuleViolation("no-tie", "There is no tie to settle.")
        winner = event.get("winner")
        if winner is None:
            self._settled = list(tied)
            text = said("The table shares the win: {players}.", players=listed(tied))
        elif isinstance(winner, str) and winner in tied:
            self._settled = [winner]
            text = said("The table settles the tie: {player} wins.", player=winner)
        else:
            raise RuleViolation("not-tied", "The winner must be one of {players}, not {given}.",
                                players=listed(tied, "or"),
                                given=winner if isinstance(winner, str) else given_said(winner))
        self._note([text], {}, len(self._rounds))

    def _scores_said(self, round_: dict[str, int]) -> Any:
        return listed([said("{player} {points}", player=p, points=Signed(n))
                       for p, n in round_.items()])

    def _note(self, parts: list[Said], changes: dict[str, int], number: int,
              corrects: int | None = None) -> None:
        if self._reached_end() and self._settled is None:
            tied = self._best()
            parts.append(said("Game over: {player} wins.", player=tied[0]) if len(tied) == 1
                         else said("Game over: {players} are tied: the table decides.",
                                   players=listed(tied)))
        whole = parts[0]
        for part in parts[1:]:
            whole = said("{sentence} {next}", sentence=whole, next=part)
        figures: dict[str, Any] = {"changes": changes, "round": number}
        if corrects is not None:
            figures["corrects"] = corrects
        self._history.append(core.Entry(whole, figures))

    # -- outcome --------------------------------------------------------------------------------

    def _reached_end(self) -> bool:
        """Whether the sheet's end is reached (S3): the target by someone's total, the last
        round entered, or the scorekeeper's end."""
        if self._ended:
            return True
        if self.end == "target":
            return any(t >= self.target for t in self._totals.values())  # type: ignore[operator]
        if self.end == "rounds":
            return len(self._rounds) >= self.rounds_to_play  # type: ignore[operator]
        return False

    def _best(self) -> list[str]:
        best = (min if self.lowest_wins else max)(self._totals.values())
        return [p for p in self.players if self._totals[p] == best]

    @property
    def tie_to_settle(self) -> list[str]:
        """The players tied for the win at the end, while the table has not settled it (S6);
        [] otherwise."""
        if self._settled is not None or not self._reached_end():
            return []
        best = self._best()
        return best if len(best) > 1 else []

    @property
    def is_over(self) -> bool:
        return self._reached_end() and not self.tie_to_settle

    @property
    def winners(self) -> list[str]:
        if not self.is_over:
            return []
        return list(self._settled) if self._settled is not None else self._best()

    def standing_figures(self) -> list[core.Standing]:
        unit = f"/{self.target}" if self.end == "target" else ""
        return [core.Standing(p, self._totals[p], unit) for p in self.players]

    @property
    def counts(self) -> list[core.Count]:
        return [core.Count("points", dict(self._totals))]

    @property
    def ahead(self) -> list[str]:
        return core.ahead_of_rest(self._totals, lower_is_better=self.lowest_wins)

    @property
    def final_scores(self) -> dict[str, int] | None:
        return dict(self._totals) if self.is_over else None

    @property
    def history(self) -> list[dict[str, Any]]:
        """One entry per action: {"said", "text", "changes": {player: points added} (a
        correction's: what it changed), "round": the rounds entered by then, "corrects": the
        round a correction corrected}."""
        return [entry.read() for entry in self._history]
