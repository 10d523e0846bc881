"""Careta's match: sets of three games until a player or team reaches the target (K4-K11), as an
event-sourced `core.Match`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from scoring import core
from scoring.careta.cards import (
    HAND_SIZE,
    LIED,
    TRICK_SHOWN,
    TRUTHFUL,
    Card,
    _bad_card,
    _cards,
    _check_truth_shape,
    _truth_to_json,
    is_cause,
    judge_play,
    score_range,
)
from scoring.careta.glossary import (
    DECK_MASTER_WORD,
    DIRECTION_WORDS,
    DIRECTIONS,
    PASS,
    PLAYER_ROLE,
    TEAM_LETTERS,
    UP,
)
from scoring.careta.teams import TEAM_LAYOUTS, _team_name_violation, unnamed_team
from scoring.core import Event, RuleViolation
from scoring.said import Listed, Said, Signed, listed, said, said_n, term
from scoring.words import given_said

GAMES_PER_SET = 3
PHASES = ("set-needed", "direction-needed", "card-round", "ally-phase", "match-over")
# The points each event scores, as the engine awards them (the screens' hints say them from here).
WIN_POINTS = 1  # K8, K10: the game's winner (or the winning team)
DECEPTION_POINTS = 1  # K8: a win made with a lie, once unmasked
TRICK_CARD_POINTS = 1  # K8: ... and again when the lie showed the Trick Card
TRUTH_POINTS = 1  # K7: a doubted play shown truthful
LIE_POINTS = -1  # K7: a doubted play shown a lie (its player is out of the game)
UNMASK_POINTS = 1  # K7, K9: the first doubter of a lie or a false Cause
CAUSE_POINTS = 1  # K9: a Cause nobody doubts
CAUSE_SHOWN_POINTS = 2  # K9: a doubted Cause that was one
NO_CAUSE_POINTS = -1  # K9: a doubted Cause that was not


@dataclass(frozen=True)
class PlayerState:
    """What the screen shows of one player (from `Match.player_state`)."""

    name: str
    team: str | None
    stated: int | str | None  # this game's stated score, PASS, or None (no card yet)
    with_ally: bool  # this game's play includes an ally
    ally_used: bool  # an ally was played this set
    eliminated: bool  # unmasked as a liar in this game
    declined: bool  # declined to play an ally in this game
    revealed: str | None  # verdict of the current play if revealed: truthful / lied / trick
    shown: tuple[Card, ...]  # cards shown this game
    played_first_card: bool  # of this set
    may_cause: bool
    may_ally: bool


def _names(value: Any) -> Any:
    """A name or several names as a list (for the event); anything odd is left for the check."""
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, (list, tuple, set, frozenset)):
        return list(value)
    return value


class Match(core.Match):
    """A match of Careta: sets of three games until a player or team reaches the target."""

    GAME: ClassVar[str] = "careta"
    TITLE: ClassVar[str] = "Careta"
    PLAYERS: ClassVar[range] = range(2, 9)
    _APPEND_ONLY: ClassVar[frozenset[str]] = frozenset({"_entries", "_groups"})  # see core.Match
    FINAL_SCORE: ClassVar[core.FinalScore | None] = core.FinalScore("points")
    # A set is three games (K4), after the deal (its steps before the first game).
    PARTS: ClassVar[Mapping[str, core.Part]] = {
        "set": core.Part(term("careta part", "Set {n}"), term("careta part", "set {n}")),
        "game": core.Part(term("careta part", "Game {n}"), term("careta part", "game {n}")),
        "deal": core.Part(term("careta part", "The deal"), term("careta part", "the deal")),
    }

    def __init__(
        self,
        players: Sequence[str],
        deck_master: str | None = None,
        target: int = 10,
        teams: Mapping[str, Sequence[str]] | None = None,
        rotate_deck_master: bool = False,
        unnamed_teams: Sequence[str] = (),
    ) -> None:
        settings: dict[str, Any] = {
            "players": players,
            "deck_master": deck_master,
            "target": target,
            "teams": teams,
            "rotate_deck_master": rotate_deck_master,
        }
        if unnamed_teams:  # a match without them keeps the settings it always had
            settings["unnamed_teams"] = unnamed_teams
        super().__init__(settings)

    # -- set-up ---------------------------------------------------------------------------------

    def _setup(self, settings: Event) -> None:
        players = core.check_players(settings["players"], self.PLAYERS)
        settings["players"] = players
        if settings["deck_master"] is None:
            settings["deck_master"] = players[0]
        core.check_member(settings["deck_master"], players, DECK_MASTER_WORD)
        target = settings["target"]
        if isinstance(target, bool) or not isinstance(target, int) or target < 1:
            raise RuleViolation("bad-option", "The target must be 1 point or more, not {given}.",
                                given=given_said(target))
        if not isinstance(settings["rotate_deck_master"], bool):
            raise RuleViolation("bad-option", "Rotating the Deck Master is on or off.")
        teams = settings["teams"]
        unnamed = self._check_unnamed(settings.get("unnamed_teams", []), teams)
        if "unnamed_teams" in settings:
            settings["unnamed_teams"] = unnamed
        self._unnamed = tuple(unnamed)
        if teams is not None:
            teams = settings["teams"] = self._check_teams(teams, players, unnamed)
        self._team: dict[str, str | None] = {p: None for p in players}
        for name, members in (teams or {}).items():
            for p in members:
                self._team[p] = name
        self._points: dict[str, int] = {s: 0 for s in (teams or players)}
        self._set_no = 0
        self._games_done = 0  # games finished in the current set
        self._game: dict[str, Any] | None = None
        self._ally_used = {p: False for p in players}  # this set
        self._first_card = {p: False for p in players}  # played their first card of this set
        self._cause_locked = {p: False for p in players}  # undoubted Cause: this hand is done
        self._over = False
        self._entries: list[core.Entry] = []
        self._groups: list[tuple[int, int]] = []  # (set, game) of each entry; game 0: the deal

    @staticmethod
    def _check_unnamed(unnamed: Any, teams: Any) -> list[str]:
        """The teams left unnamed: each the letter of its place among `teams` (A the first)."""
        if isinstance(unnamed, str) or not isinstance(unnamed, (list, tuple)):
            raise RuleViolation("bad-option", "The teams left unnamed are given as a list of "
                                              "their letters.")
        places = list(teams) if isinstance(teams, Mapping) else []
        for letter in unnamed:
            if (not isinstance(letter, str) or letter not in places
                    or places.index(letter) >= len(TEAM_LETTERS)
                    or TEAM_LETTERS[places.index(letter)] != letter
                    or unnamed.count(letter) > 1):
                raise RuleViolation("bad-option", "A team left unnamed is given by the letter of "
                                                  "its place: A for the first team, B for the "
                                                  "second...")
        return list(unnamed)

    @staticmethod
    def _check_teams(teams: Any, players: list[str],
                     unnamed: Sequence[str] = ()) -> dict[str, list[str]]:
        if not isinstance(teams, Mapping):
            raise RuleViolation("bad-option", "Teams are given as team names, each with its "
                                              "players.")
        out: dict[str, list[str]] = {}
        for name, members in teams.items():
            if name not in unnamed:  # an unnamed team's letter is a value, not a name typed
                why = _team_name_violation(name, [n for n in out if n not in unnamed],
                                           players, unnamed)
                if why is not None:
                    raise why
            if not isinstance(members, (list, tuple)):
                raise RuleViolation("bad-option", "The team “{name}” needs a list of players.",
                                    name=name)
            out[name] = list(members)
        placed = [p for members in out.values() for p in members]
        for p in placed:
            if p not in players:
                raise RuleViolation("bad-option", "“{player}” is in a team but not playing.",
                                    player=str(p))
            if placed.count(p) > 1:
                raise RuleViolation("bad-option", "“{player}” is in more than one team (or "
                                                  "twice).", player=p)
        for p in players:
            if p not in placed:
                raise RuleViolation("bad-option", "{player} is in no team.", player=p)
        sizes = {len(m) for m in out.values()}
        if len(sizes) != 1 or (sizes.pop(), len(out)) not in TEAM_LAYOUTS:
            raise RuleViolation(
                "bad-option",
                "Teams are 2 against 2, 3 against 3, 4 against 4, 2v2v2 or 2v2v2v2.",
                ruling="K10",
            )
        return out

    # -- reading the match ----------------------------------------------------------------------

    @property
    def target(self) -> int:
        return self._log[0]["target"]

    @property
    def teams(self) -> dict[str, list[str]] | None:
        """{team: [players]} in a team match, else None."""
        teams = self._log[0]["teams"]
        return None if teams is None else {t: list(m) for t, m in teams.items()}

    @property
    def rotate_deck_master(self) -> bool:
        return self._log[0]["rotate_deck_master"]

    @property
    def unnamed_teams(self) -> list[str]:
        """The teams left unnamed (keys of `teams`: the letter of each one's place)."""
        return list(self._log[0].get("unnamed_teams", []))

    def side_name(self, side: str) -> str | Said:
        """How a reader is told a side: a player's or a typed team's name as it is; a team left
        unnamed as "Team A" (a `Said`, in the reader's language)."""
        return unnamed_team(side) if side in self._unnamed else side

    def team_of(self, player: str) -> str | None:
        """The player's team, or None in a match without teams."""
        core.check_member(player, self.players, PLAYER_ROLE)
        return self._team[player]

    def side(self, player: str) -> str:
        """Who a player's points go to: their team, or themselves (K10)."""
        return self._team[self._check_player(player)] or player

    @property
    def points(self) -> dict[str, int]:
        """{player or team: points}."""
        return dict(self._points)

    @property
    def set_no(self) -> int:
        """The current (or last) set, from 1; 0 before the first."""
        return self._set_no

    @property
    def game_no(self) -> int:
        """The game in progress, or the next one of the set (1-3); 0 before the first set; 3 once
        the set is finished."""
        if self._game is not None:
            return self._game["no"]
        if self._set_no == 0:
            return 0
        return min(self._games_done + 1, GAMES_PER_SET)

    def _deck_master_of(self, set_no: int) -> str:
        first = self._log[0]["deck_master"]
        if not self.rotate_deck_master:
            return first
        return core.next_in_turn(self.players, first, max(set_no - 1, 0))  # K4

    @property
    def deck_master(self) -> str:
        """The Deck Master of the current set (before the first set: of the first)."""
        return self._deck_master_of(self._set_no)

    @property
    def next_deck_master(self) -> str:
        """Who deals the next set."""
        return self._deck_master_of(self._set_no + 1)

    @property
    def _set_open(self) -> bool:
        return self._set_no > 0 and self._games_done < GAMES_PER_SET

    @property
    def starter(self) -> str | None:
        """Who starts the game in progress, or the next game of the set (K4); None between sets."""
        if self._game is not None:
            return self._game["starter"]
        if not self._set_open:
            return None
        return core.next_in_turn(self.players, self.deck_master, self._games_done + 1)

    @property
    def direction(self) -> str | None:
        """ "up" or "down" for the game in progress, else None."""
        return None if self._game is None else self._game["direction"]

    @property
    def phase(self) -> str:
        """One of PHASES: what the table does next."""
        if self._over:
            return "match-over"
        if self._game is None:
            return "direction-needed" if self._set_open else "set-needed"
        return "card-round" if self.current is not None else "ally-phase"

    @property
    def current(self) -> str | None:
        """Whose card it is in the card round (K5); None in the ally phase and between games."""
        g = self._game
        if g is None or self._over:
            return None
        for i in range(len(self.players)):
            p = core.next_in_turn(self.players, g["starter"], i)
            if p not in g["plays"] and p not in g["eliminated"]:
                return p
        return None

    @property
    def leaders(self) -> list[str]:
        """The players with the best stated score among those who may win (K8), seating order."""
        g = self._game
        if g is None:
            return []
        candidates = {
            p: play["stated"]
            for p, play in g["plays"].items()
            if play["stated"] != PASS and p not in g["eliminated"]
        }
        if not candidates:
            return []
        best = (max if g["direction"] == UP else min)(candidates.values())
        return [p for p in self.players if candidates.get(p, None) == best and p in candidates]

    def projected_winners(self) -> list[str]:
        """Who would win the game point if the game ended now (K8, K10): the sole leader, or in a
        team match the tied leaders when they are all teammates; [] for a tie or no candidate."""
        leaders = self.leaders
        if len(leaders) == 1:
            return leaders
        if self.teams is not None and leaders and len({self.side(p) for p in leaders}) == 1:
            return leaders
        return []

    def unmask_needed(self) -> list[str]:
        """The projected winners whose unmasking `end_game` needs (K8, K10): none when the
        deception point is already impossible (a winner's play was revealed truthful)."""
        g = self._game
        winners = self.projected_winners()
        if g is None or any(g["plays"][p]["revealed"] is not None for p in winners):
            return []  # a revealed winner was truthful (a revealed liar is out of the game)
        return winners

    @property
    def latest_play(self) -> str | None:
        """The player whose play can still be doubted (K7), or None."""
        return None if self._game is None or self._over else self._game["open"]

    def doubters_allowed(self) -> list[str]:
        """Who may doubt the latest play (K7): not its player, nor their teammates; [] when there
        is no play open to doubt."""
        target = self.latest_play
        return [] if target is None else self._doubters_of(target)

    def cause_doubters_allowed(self, player: str) -> list[str]:
        """Who may doubt a Cause claim by `player`: everyone but them and their teammates."""
        core.check_member(player, self.players, PLAYER_ROLE)
        return self._doubters_of(player)

    def _doubters_of(self, player: str) -> list[str]:
        return [
            p
            for p in self.players
            if p != player and (self._team[p] is None or self._team[p] != self._team[player])
        ]

    def cause_allowed(self, player: str) -> bool:
        """Whether `player` may claim Cause now (K9)."""
        self._check_player(player)
        return (
            not self._over
            and self._set_open
            and not self._first_card[player]
            and not self._cause_locked[player]
        )

    @property
    def card_round_done(self) -> bool:
        return self._game is not None and self.current is None

    @property
    def can_end_game(self) -> bool:
        return not self._over and self.card_round_done

    def _ally_pending(self) -> list[str]:
        """Players who may still play an ally in this game, seating order (K6)."""
        g = self._game
        if g is None or self._over or self.current is not None:
            return []
        return [
            p
            for p in self.players
            if p in g["plays"]
            and g["plays"][p]["stated"] != PASS
            and p not in g["eliminated"]
            and not self._ally_used[p]
            and p not in g["declined"]
        ]

    @property
    def ally_undecided(self) -> list[str]:
        """Everyone who has not yet played or declined an ally in this game and still may."""
        return self._ally_pending()

    @property
    def ally_waiting(self) -> list[str]:
        """The sole leader when they are still undecided: they may wait (K6)."""
        leaders = self.leaders
        pending = self._ally_pending()
        return leaders if len(leaders) == 1 and leaders[0] in pending else []

    @property
    def ally_next(self) -> str | None:
        """Who should decide on an ally next (K6: from the starter, round and round, the sole
        leader waiting); None when only the waiting leader, or nobody, is left."""
        g = self._game
        pending = set(self._ally_pending()) - set(self.ally_waiting)
        if g is None or not pending:
            return None
        for i in range(len(self.players)):
            p = core.next_in_turn(self.players, g["ally_from"], i)
            if p in pending:
                return p
        return None  # pragma: no cover - pending players are all seated

    def judge_cards(self, player: str, cards: Sequence[Card]) -> tuple[str, Said]:
        """(verdict, why) of `player`'s current play if it were shown as `cards`, recording
        nothing: TRUTHFUL, LIED or TRICK_SHOWN and what the cards make ("the cards make 12", or
        why they are not valid allies: K3, K7). Refused as `doubt` and `end_game` refuse them:
        `bad-card` for cards that do not fit the play, `colour-needed` while a colour decides."""
        g = self._require_game()
        self._check_player(player)
        if player not in g["plays"] or g["plays"][player]["stated"] == PASS:
            raise RuleViolation("cannot-doubt", "{player} has no stated score to judge in this "
                                                "game: a PASS states nothing.", player=player,
                                ruling="K3")
        verdict, _, why = self._judged(player, _truth_to_json(list(cards)))
        if why is None:  # _judged gives a lie's reason only; a preview says what the cards make
            shown = _cards(_truth_to_json(list(cards)), said("{player}'s play", player=player))
            why = judge_play(shown, g["plays"][player]["stated"], g["direction"])[1]
        return verdict, why

    def end_game_preview(self, unmask: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """What `end_game(unmask)` would record, without recording it: its history entry
        ({"text", "changes", "winners"}), so a screen can show the verdict and the points before
        the scorekeeper commits. Refused exactly as `end_game` would be."""
        data: Any = {} if unmask is None else unmask
        if isinstance(unmask, Mapping):
            data = {p: _truth_to_json(v) for p, v in unmask.items()}
        twin = self._fork(private=True)  # its own log and history: this match never changes
        twin._apply({"type": "end_game", "unmask": data})
        return twin.history[-1]

    def cards_in_hand(self) -> dict[str, int]:
        """{player: cards still in hand} while a set is being played, else {}: the 4 dealt (a new
        hand after a doubted Cause is 4 again, K9), less one card for each game of the set
        played so far and one for the ally once played (K5, K6: everyone not out plays a card in
        every game, and a player unmasked is out only after playing it)."""
        if self._over or not self._set_open:
            return {}
        g = self._game
        return {
            p: HAND_SIZE - self._games_done - (g is not None and p in g["plays"])
            - self._ally_used[p]
            for p in self.players
        }

    @property
    def standing_notes(self) -> dict[str, Any]:  # type: ignore[override]
        """Cards in hand during a set (as the standings name the sides: a team's note names
        each member's count), for the Big scoreboard: each a `Said` ("3 cards in hand")."""
        hands = self.cards_in_hand()
        if not hands:
            return {}
        teams = self.teams
        if teams is None:
            return {p: said_n("{n} card in hand", "{n} cards in hand", n)
                    for p, n in hands.items()}
        def count(p: str) -> Said:  # a call of its own: nested in another, no extraction sees it
            return said("{player} {n}", player=p, n=hands[p])

        return {self._label(t): said("in hand: {counts}", counts=listed(count(p) for p in members))
                for t, members in teams.items()}

    def score_range(self, with_ally: bool = False) -> range:
        """The stated scores allowed for a play in the current game (K2), for the number pad."""
        return score_range(self.direction or UP, with_ally)

    def player_state(self, player: str) -> PlayerState:
        """Everything the screen shows about one player in the current game and set."""
        core.check_member(player, self.players, PLAYER_ROLE)
        g = self._game
        play = g["plays"].get(player) if g is not None else None
        return PlayerState(
            name=player,
            team=self._team[player],
            stated=None if play is None else play["stated"],
            with_ally=play is not None and play["cards"] == 2,
            ally_used=self._ally_used[player] and self._set_open,  # a new set, a new ally
            eliminated=g is not None and player in g["eliminated"],
            declined=g is not None and player in g["declined"],
            revealed=None if play is None else play["revealed"],
            shown=tuple(Card.from_json(c) for c in g["shown"].get(player, [])) if g else (),
            played_first_card=self._first_card[player],
            may_cause=self.cause_allowed(player),
            may_ally=player in self._ally_pending(),
        )

    @property
    def player_states(self) -> dict[str, PlayerState]:
        return {p: self.player_state(p) for p in self.players}

    @property
    def history(self) -> list[dict[str, Any]]:
        """One entry per action: {"text": what happened, "said": the same as data (a `Said`),
        "changes": {player or team: delta}}."""
        return [entry.read() for entry in self._entries]

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def winners(self) -> list[str]:
        """The players who won (in a team match, the winning team's players); [] until over."""
        if not self._over:
            return []
        best = max(self._points.values())
        sides = [s for s, pts in self._points.items() if pts == best and pts >= self.target]
        return [p for p in self.players if self.side(p) in sides]

    def standing_figures(self) -> list[core.Standing]:
        """(player, or team with its members, points of the target: "5/10") in seating order
        (teams in the order given): a short figure reads large on a chip, and "Team A" alone
        says nobody who is in it. Who leads is `ahead`."""
        return [core.Standing(self._label(side), pts, f"/{self.target}")
                for side, pts in self._points.items()]

    @property
    def counts(self) -> list[core.Count]:
        return [core.Count("points", dict(self._points), teams=self.teams is not None)]

    @property
    def step_groups(self) -> list[tuple[tuple[str, int | None], ...]]:
        """The set and game of every step (K4); the steps before a set's first game are its
        deal."""
        return [(("set", set_no), ("game", game_no) if game_no else ("deal", None))
                for set_no, game_no in self._groups]

    def _label(self, side: str) -> str | Said:
        """How a scoreboard names a player, or a team with its members: a `Said`, "Suns (Ann,
        Cleo)" or "Team A (Ann, Cleo)" in English, with each language's brackets and commas
        (Japanese "Suns（Ann、Cleo）")."""
        teams = self.teams
        if not teams:
            return side
        return said("{team} ({players})", team=self.side_name(side),
                    players=listed(teams[side], "members"))

    @property
    def ahead(self) -> list[str]:
        """The players (or teams, named as `standings` names them) with the most points while
        some have fewer."""
        return [self._label(side) for side in core.ahead_of_rest(self._points)]

    @property
    def won_by(self) -> list[str]:
        """Who won as `standings` names them: the winning team with its members in a team
        match (its row is the one to mark), else the winning players."""
        won = self.winners
        sides = {self.side(p) for p in won}
        return [self._label(side) for side in self._points if side in sides]

    @property
    def placings(self) -> list[core.Placing]:
        """Each side's place once over: a team match's teams as teams (their members together),
        the winning side first, the rest by points."""
        if not self._over:
            return []
        won = {self.side(p) for p in self.winners}
        teams = self.teams
        return core.placed([
            (tuple(teams[side]) if teams else (side,), (0 if side in won else 1, -pts))
            for side, pts in self._points.items()
        ])

    @property
    def final_scores(self) -> dict[str, int] | None:
        """{player: final points} once the match is over (higher is better), else None.

        In a team match every player is given their team's points (K10), so statistics by
        player name count a team's points for each teammate.
        """
        if not self._over:
            return None
        return {p: self._points[self.side(p)] for p in self.players}

    # -- actions --------------------------------------------------------------------------------

    def start_set(self) -> None:
        """The Deck Master deals 4 cards to everyone: a new set of 3 games (K4)."""
        self._record({"type": "start_set"})

    def start_game(self, direction: str, player: str | None = None) -> None:
        """The starter (`m.starter`) chooses UP or DOWN for the next game of the set (K4)."""
        self._record(
            {
                "type": "start_game",
                "direction": direction,
                "player": self.starter if player is None else player,
            }
        )

    def play(self, player: str | None, stated: int | str, with_ally: bool = False) -> None:
        """The current player plays a card and states a score or PASS (K5); `with_ally=True`: card
        and ally at once, stating the combined score."""
        self._record(
            {
                "type": "play",
                "player": self.current if player is None else player,
                "stated": stated,
                "with_ally": with_ally,
            }
        )

    def ally(self, player: str, stated: int) -> None:
        """In the ally phase, `player` adds an ally and states the combined score (K6)."""
        self._record({"type": "ally", "player": player, "stated": stated})

    def decline_ally(self, player: str) -> None:
        """`player` decides to play no ally in this game; final for the game (K6)."""
        self._record({"type": "decline_ally", "player": player})

    def doubt(self, doubters: str | Sequence[str], truth: bool | str | Sequence[Card]) -> None:
        """Doubt the latest play (K7). `truth`: True (truthful), False (lied), "trick" (lied with
        the Trick Card), or the revealed Cards (1, or 2 for a play with an ally)."""
        self._record(
            {"type": "doubt", "doubters": _names(doubters), "truth": _truth_to_json(truth)}
        )

    def cause(
        self,
        player: str,
        doubters: str | Sequence[str] = (),
        truth: bool | Sequence[Card] | None = None,
    ) -> None:
        """`player` claims Cause (K9); when doubted, `truth` says whether the hand was a Cause
        (True / False) or gives its 4 revealed Cards."""
        names = _names(doubters)
        self._record(
            {
                "type": "cause",
                "player": player,
                "doubters": names,
                "truth": _truth_to_json(truth) if names else None,
            }
        )

    def end_game(self, unmask: Mapping[str, Any] | None = None) -> None:
        """End the game (K8): the game point, then the unmasking of the winner(s) `unmask_needed`
        names: {player: True | False | "trick" | [the play's Cards]}. Undecided allies decline."""
        data: Any = {} if unmask is None else unmask  # anything but a mapping is refused
        if isinstance(unmask, Mapping):
            data = {p: _truth_to_json(v) for p, v in unmask.items()}
        self._record({"type": "end_game", "unmask": data})

    # -- validation helpers ---------------------------------------------------------------------

    def _refuse_if_over(self) -> None:
        if self._over:
            raise RuleViolation("match-over",
                                "The match is over ({winners} won): undo to change it.",
                                winners=listed(self.winners), ruling="K11")

    def _require_game(self) -> dict[str, Any]:
        self._refuse_if_over()
        if self._game is None:
            if not self._set_open:
                raise RuleViolation("no-set", "No game is being played: start a set first.")
            raise RuleViolation("no-game", "No game is being played: {player} starts the next "
                                           "one.", player=self.starter)
        return self._game

    def _check_player(self, player: Any) -> str:
        if not isinstance(player, str):  # from a log: "The player must be a player's name"
            core.check_member(player, self.players, PLAYER_ROLE)
        if player not in self.players:
            raise RuleViolation("unknown-player", "“{player}” is not playing.", player=player)
        return player

    def _check_stated(self, stated: Any, direction: str, with_ally: bool) -> int | str:
        if stated == PASS and not with_ally and isinstance(stated, str):
            return PASS
        allowed = score_range(direction, with_ally)
        if isinstance(stated, bool) or not isinstance(stated, int) or stated not in allowed:
            low, high, given = allowed.start, allowed.stop - 1, given_said(stated)
            if with_ally:
                raise RuleViolation(
                    "score-out-of-range", "A score stated for a card and its ally {direction} is "
                    "from {low} to {high}, not {given}.",
                    direction=DIRECTION_WORDS[direction], low=low, high=high, given=given,
                    ruling="K2")
            raise RuleViolation(
                "score-out-of-range", "A score stated for one card is from {low} to {high} or "
                "PASS, not {given}.", low=low, high=high, given=given, ruling="K2")
        return stated

    def _check_doubters(self, doubters: Any, target: str, cause: bool) -> list[str]:
        """The doubters of `target`'s play, or of their Cause claim when `cause`."""
        if isinstance(doubters, str) or not isinstance(doubters, list) or not doubters:
            raise RuleViolation("cannot-doubt", said("Name who doubts the Cause claim.") if cause
                                else said("Name who doubts the play."))
        for i, p in enumerate(doubters):
            self._check_player(p)
            if p in doubters[:i]:
                raise RuleViolation("cannot-doubt", "{player} is named twice among the doubters.",
                                    player=p)
            if p == target:
                raise RuleViolation(
                    "cannot-doubt",
                    said("{player} cannot doubt their own Cause claim.", player=p) if cause
                    else said("{player} cannot doubt their own play.", player=p))
            if self._team[p] is not None and self._team[p] == self._team[target]:
                raise RuleViolation(
                    "cannot-doubt",
                    "{player} cannot doubt a teammate: {target} is in {team} too.",
                    player=p, target=target, team=self.side_name(self._team[p]), ruling="K10")
        return doubters

    def _first_doubter(self, doubters: list[str], target: str) -> str:
        """The doubter next after `target` in turn order (K7, K9)."""
        return min(doubters, key=lambda p: self._steps(target, p))

    def _steps(self, a: str, b: str) -> int:
        return (self.players.index(b) - self.players.index(a)) % len(self.players)

    def _judged(self, player: str, truth: Any
                ) -> tuple[str, list[dict[str, Any]] | None, Said | None]:
        """(verdict, shown cards, why) of `player`'s current play: why is None for a verdict the
        table gave and for a truthful play, else why the cards lie: what they make, or why they
        are not valid allies (K3)."""
        g = self._game
        assert g is not None
        play = g["plays"][player]
        if truth is True:
            return TRUTHFUL, None, None
        if truth is False:
            return LIED, None, None
        if truth == TRICK_SHOWN and isinstance(truth, str):
            return TRICK_SHOWN, None, None
        if not isinstance(truth, list):
            raise RuleViolation(
                "bad-truth",
                "Say whether {player} told the truth, lied or lied with the Trick Card, or give "
                "the cards shown.", player=player,
            )
        cards = _cards(truth, said("{player}'s play", player=player))
        if len(cards) != play["cards"]:
            raise _bad_card(said_n("{player} played {n} card in this play, not {count}.",
                                   "{player} played {n} cards in this play, not {count}.",
                                   play["cards"], player=player, count=len(cards)))
        for earlier in g["shown"].get(player, []):
            if not any(Card.from_json(earlier).fits(c) for c in cards):
                raise _bad_card(said("{player} showed {card} earlier in this game: it must be "
                                     "one of the cards of the play.", player=player,
                                     card=Card.from_json(earlier).phrase))
        # K3: the Trick Card is always a lie; K7: otherwise the combined score and the ally's
        # validity decide (colour-needed when a colour left out decides it).
        verdict, why = judge_play(cards, play["stated"], g["direction"])
        return verdict, [c.to_json() for c in cards], why if verdict == LIED else None

    @staticmethod
    def _show(g: dict[str, Any], player: str, cards: list[dict[str, Any]]) -> None:
        """Add the cards to what `player` showed this game; a card shown again with its colours
        replaces the same card shown before without them."""
        shown = [Card.from_json(c) for c in g["shown"].get(player, [])]
        for card in (Card.from_json(c) for c in cards):
            same = next((i for i, c in enumerate(shown) if c.fits(card)), None)
            if same is None:
                shown.append(card)
            elif card.complete:
                shown[same] = card
        g["shown"][player] = [c.to_json() for c in shown]

    # -- points and the log ---------------------------------------------------------------------

    def _award(self, player: str, delta: int, changes: dict[str, int]) -> Any:
        """Apply `delta` to the player's side (never below 0) and say it: "+1", "+1 for Suns"."""
        side = self.side(player)
        old = self._points[side]
        new = max(0, old + delta)
        self._points[side] = new
        actual = new - old
        if actual:
            changes[side] = changes.get(side, 0) + actual
        team = self._team[player]
        if team is None:
            return said("0 (no point to lose)") if actual == 0 and delta < 0 else Signed(actual)
        if actual == 0 and delta < 0:
            return said("0 for {team} (no point to lose)", team=self.side_name(team))
        return said("{points} for {team}", points=Signed(actual), team=self.side_name(team))

    def _log_entry(self, parts: list[Said], changes: dict[str, int], **more: Any) -> None:
        if not self._over:
            reached = [s for s, pts in self._points.items() if pts >= self.target]
            if reached:
                self._over = True  # K11: the whole action counted; later actions are refused
                side = max(reached, key=lambda s: self._points[s])
                pts = self._points[side]
                if self.teams is not None:
                    parts.append(said_n("{team} wins the match with {n} point.",
                                        "{team} wins the match with {n} points.", pts,
                                        team=self._label(side)))
                else:
                    parts.append(said_n("{player} wins the match with {n} point.",
                                        "{player} wins the match with {n} points.", pts,
                                        player=side))
        # The set and game it belongs to (game 0: the deal); a Cause claimed between games
        # stays with the game before it (K4).
        changed = {k: v for k, v in changes.items() if v}
        self._entries.append(core.Entry(_sentences(parts), {"changes": changed, **more}))
        self._groups.append((self._set_no, self._games_done + (self._game is not None)))

    # -- handlers -------------------------------------------------------------------------------

    def _on_start_set(self, event: Event) -> None:
        self._refuse_if_over()
        if self._set_open:
            left = GAMES_PER_SET - self._games_done
            raise RuleViolation("set-in-progress", said_n(
                "Set {set} still has {n} game to play.",
                "Set {set} still has {n} games to play.", left, set=self._set_no).citing("K4"))
        self._set_no += 1
        self._games_done = 0
        for p in self.players:
            self._ally_used[p] = False
            self._first_card[p] = False
            self._cause_locked[p] = False
        self._log_entry([said_n(
            "Set {set} begins: {dealer}, the Deck Master, deals {n} card to each player.",
            "Set {set} begins: {dealer}, the Deck Master, deals {n} cards to each player.",
            HAND_SIZE, set=self._set_no, dealer=self.deck_master)], {})

    def _on_start_game(self, event: Event) -> None:
        self._refuse_if_over()
        if self._set_no == 0:
            raise RuleViolation("no-set", "Start a set first: the Deck Master deals the cards.")
        if self._game is not None:
            raise RuleViolation("game-in-progress", "Game {game} of set {set} is not over.",
                                game=self._game["no"], set=self._set_no)
        if not self._set_open:
            raise RuleViolation("set-finished", "Set {set} has had its 3 games: start a new set.",
                                set=self._set_no)
        direction = event.get("direction")
        if direction not in DIRECTIONS:
            raise RuleViolation("bad-direction", "A game is played up or down, not {given}.",
                                given=given_said(direction))
        starter = self.starter
        assert starter is not None
        if event.get("player") != starter:
            raise RuleViolation("not-your-turn", "{starter} starts this game, not {player}.",
                                starter=starter, player=str(event.get("player")), ruling="K4")
        no = self._games_done + 1
        self._game = {
            "no": no,
            "starter": starter,
            "direction": direction,
            "plays": {},  # player: {"stated", "cards": 1 or 2, "revealed": verdict or None}
            "eliminated": [],
            "declined": [],
            "shown": {},  # player: cards shown this game (JSON form)
            "open": None,  # the player whose play may be doubted (K7)
            "ally_from": starter,  # where the ally phase's guidance goes on from (K6)
        }
        self._log_entry([said("Game {game} of set {set}: {player} starts and plays {direction}.",
                              game=no, set=self._set_no, player=starter,
                              direction=DIRECTION_WORDS[direction])], {})

    def _on_play(self, event: Event) -> None:
        g = self._require_game()
        current = self.current
        if current is None:
            raise RuleViolation(
                "not-your-turn",
                "Everyone has played a card in this game: play an ally, decline, or end the game.",
            )
        player = self._require_player(event.get("player"), current)
        with_ally = event.get("with_ally", False)
        if not isinstance(with_ally, bool):
            raise RuleViolation("bad-event", "Whether a card comes with an ally is a yes or a no.")
        if with_ally and event.get("stated") == PASS:
            raise RuleViolation(
                "passed", "A PASS states no score, so it cannot come with an ally.", ruling="K3"
            )
        stated = self._check_stated(event.get("stated"), g["direction"], with_ally)
        if with_ally and self._ally_used[player]:
            raise RuleViolation("ally-used", "{player} has already played an ally this set.",
                                player=player, ruling="K6")
        g["plays"][player] = {"stated": stated, "cards": 2 if with_ally else 1, "revealed": None}
        self._first_card[player] = True
        if with_ally:
            self._ally_used[player] = True
        g["open"] = None if stated == PASS else player  # K7: the next play closes the window
        if stated == PASS:
            parts = [said("{player} plays a card and says PASS.", player=player)]
        elif with_ally:
            parts = [said("{player} plays a card with an ally and states {stated}.",
                          player=player, stated=stated)]
        else:
            parts = [said("{player} plays a card and states {stated}.", player=player,
                          stated=stated)]
        if self.current is None:
            parts.append(said("Every card is down: the ally phase begins."))
        self._log_entry(parts, {})

    def _ally_checks(self, event: Event) -> tuple[dict[str, Any], str]:
        g = self._require_game()
        if self.current is not None:
            raise RuleViolation(
                "not-ally-phase",
                "Allies come after every card is played: it is {player}'s card.",
                player=self.current, ruling="K5",
            )
        player = self._check_player(event.get("player"))
        play = g["plays"].get(player)
        if player in g["eliminated"]:
            raise RuleViolation("eliminated", "{player} was unmasked as a liar and is out of "
                                              "this game.", player=player, ruling="K7")
        if play is None or play["stated"] == PASS:
            raise RuleViolation("passed", "{player} said PASS and may not play an ally.",
                                player=player, ruling="K6")
        if self._ally_used[player]:
            raise RuleViolation("ally-used", "{player} has already played an ally this set.",
                                player=player, ruling="K6")
        if player in g["declined"]:
            raise RuleViolation("declined", "{player} declined an ally in this game; that is "
                                            "final.", player=player, ruling="K6")
        return g, player

    def _on_ally(self, event: Event) -> None:
        g, player = self._ally_checks(event)
        stated = self._check_stated(event.get("stated"), g["direction"], True)
        before = g["plays"][player]["stated"]
        g["plays"][player] = {"stated": stated, "cards": 2, "revealed": None}
        self._ally_used[player] = True
        g["open"] = player
        g["ally_from"] = core.next_in_turn(self.players, player)
        self._log_entry([said("{player} plays an ally: {before} becomes {stated}.",
                              player=player, before=before, stated=stated)], {})

    def _on_decline_ally(self, event: Event) -> None:
        g, player = self._ally_checks(event)
        g["declined"].append(player)
        g["ally_from"] = core.next_in_turn(self.players, player)
        self._log_entry([said("{player} plays no ally in this game.", player=player)], {})

    def _on_doubt(self, event: Event) -> None:
        g = self._require_game()
        target = g["open"]
        if target is None:
            raise RuleViolation(
                "cannot-doubt",
                "There is no play to doubt: only the latest play, until the next one, and not a "
                "PASS or a play already shown.", ruling="K7",
            )
        doubters = self._check_doubters(event.get("doubters"), target, cause=False)
        verdict, cards, why = self._judged(target, event.get("truth"))
        play = g["plays"][target]
        play["revealed"] = verdict
        if cards is not None:
            self._show(g, target, cards)
        g["open"] = None
        changes: dict[str, int] = {}
        who, n, stated = listed(doubters), len(doubters), play["stated"]
        if cards:
            parts = [said_n("{doubters} doubts {player}'s {stated} (showed {cards}).",
                            "{doubters} doubt {player}'s {stated} (showed {cards}).", n,
                            doubters=who, player=target, stated=stated,
                            cards=listed(Card.from_json(c).phrase for c in cards))]
        else:
            parts = [said_n("{doubters} doubts {player}'s {stated}.",
                            "{doubters} doubt {player}'s {stated}.", n,
                            doubters=who, player=target, stated=stated)]
        if verdict == TRUTHFUL:
            parts.append(said("{player} told the truth: {points}.", player=target,
                              points=self._award(target, TRUTH_POINTS, changes)))
        else:
            first = self._first_doubter(doubters, target)
            parts.append(self._lied(target, verdict, why,
                                    self._award(target, LIE_POINTS, changes)))
            parts.append(said("{doubter} unmasked {player}: {points}.", doubter=first,
                              player=target, points=self._award(first, UNMASK_POINTS, changes)))
            parts.append(said("{player} is out of this game.", player=target))
            g["eliminated"].append(target)
        self._log_entry(parts, changes)

    @staticmethod
    def _lied(player: str, verdict: str, why: Said | None, points: Any) -> Said:
        """A doubted play shown a lie, the reason the cards give (if any) and its points."""
        if verdict == TRICK_SHOWN:
            return said("{player} lied with the Trick Card: {points}.", player=player,
                        points=points)
        if why is not None:
            return said("{player} lied ({why}): {points}.", player=player, why=why,
                        points=points)
        return said("{player} lied: {points}.", player=player, points=points)

    def _on_cause(self, event: Event) -> None:
        self._refuse_if_over()
        if self._set_no == 0:
            raise RuleViolation("no-set", "Cause is claimed within a set: start a set first.")
        if not self._set_open:
            raise RuleViolation("set-finished", "Set {set} is over: Cause waits for the next "
                                                "deal.", set=self._set_no)
        player = self._check_player(event.get("player"))
        if self._first_card[player]:
            raise RuleViolation(
                "cause-too-late",
                "{player} has played a card this set: Cause comes before the first card.",
                player=player, ruling="K9",
            )
        if self._cause_locked[player]:
            raise RuleViolation(
                "cause-claimed",
                "{player} already claimed Cause with this hand and nobody doubted it.",
                player=player, ruling="K9",
            )
        doubters = event.get("doubters")
        changes: dict[str, int] = {}
        if doubters == []:
            parts = [said("{player} claims Cause and nobody doubts: {points}.", player=player,
                          points=self._award(player, CAUSE_POINTS, changes))]
            self._cause_locked[player] = True
            self._log_entry(parts, changes)
            return
        doubters = self._check_doubters(doubters, player, cause=True)
        truth = event.get("truth")
        if truth is None:
            raise RuleViolation("unmask-needed", "{player} was doubted: say whether the hand was "
                                                 "a Cause.", player=player)
        shown: Listed | None = None
        if isinstance(truth, bool):
            had = truth
        elif isinstance(truth, list):
            cards = _cards(truth, said("{player}'s hand", player=player))
            if len(cards) != HAND_SIZE:
                raise _bad_card(said("A hand is 4 cards, not {count}.", count=len(cards)))
            had = is_cause(cards)  # colour-needed when a 0's suit decides it (K9)
            shown = listed(c.phrase for c in cards)
        else:
            raise RuleViolation(
                "bad-truth",
                "Say whether {player} had Cause (yes or no) or give the 4 cards shown.",
                player=player,
            )
        who, n = listed(doubters), len(doubters)
        if shown is None:
            parts = [said_n("{player} claims Cause; {doubters} doubts.",
                            "{player} claims Cause; {doubters} doubt.", n, player=player,
                            doubters=who)]
        else:
            parts = [said_n("{player} claims Cause; {doubters} doubts (showed {cards}).",
                            "{player} claims Cause; {doubters} doubt (showed {cards}).", n,
                            player=player, doubters=who, cards=shown)]
        if had:
            parts.append(said("{player} had Cause: {points}.", player=player,
                              points=self._award(player, CAUSE_SHOWN_POINTS, changes)))
        else:
            first = self._first_doubter(doubters, player)
            parts.append(said("{player} had no Cause: {points}.", player=player,
                              points=self._award(player, NO_CAUSE_POINTS, changes)))
            parts.append(said("{doubter} unmasked {player}: {points}.", doubter=first,
                              player=player, points=self._award(first, UNMASK_POINTS, changes)))
        parts.append(said("{player} gets a new hand and may claim Cause again.", player=player))
        self._log_entry(parts, changes)

    def _on_end_game(self, event: Event) -> None:
        g = self._require_game()
        if self.current is not None:
            raise RuleViolation("cards-to-play", "{player} has not played a card in this game "
                                                 "yet.", player=self.current, ruling="K5")
        unmask = event.get("unmask")
        if unmask is None:
            unmask = {}
        if not isinstance(unmask, dict):
            raise RuleViolation("bad-truth", "Unmasking is given as each player with their "
                                             "truth.")
        for p in unmask:
            self._check_player(p)
        winners = self.projected_winners()
        needed = self.unmask_needed()
        verdicts: dict[str, tuple[str, list[dict[str, Any]] | None, Said | None]] = {}
        for p, truth in unmask.items():
            if p in winners and g["plays"][p]["revealed"] is None:
                verdicts[p] = self._judged(p, truth)
            else:
                _check_truth_shape(truth)  # not needed, but kept in the log: must be plain data
        missing = [p for p in needed if p not in verdicts]
        if missing:
            raise RuleViolation("unmask-needed", said_n(
                "{players} won the game and must be unmasked: did {players} tell the truth?",
                "{players} won the game and must be unmasked: did they tell the truth?",
                len(missing), players=listed(missing)).citing("K8"))
        # Mutate from here on.
        for p in self._ally_pending():  # K6: ending the game closes the ally phase
            g["declined"].append(p)
        for p, (verdict, cards, _) in verdicts.items():
            g["plays"][p]["revealed"] = verdict
            if cards is not None:
                self._show(g, p, cards)
        changes: dict[str, int] = {}
        leaders = self.leaders
        parts = [said("Game {game} ends.", game=g["no"])]
        if not leaders:
            parts.append(said("Nobody can win it: no point."))
        elif not winners:
            best = g["plays"][leaders[0]]["stated"]
            who = listed(said("{player} ({team})", player=p, team=self.side_name(self._team[p]))
                         if self._team[p] else p for p in leaders)
            parts.append(said("{players} tie at {stated}: no point.", players=who,
                              stated=best).citing("K8"))
        else:
            best = g["plays"][winners[0]]["stated"]
            lead = winners[0]
            if len(winners) == 1:
                parts.append(said("{player} wins with {stated}: {points}.", player=lead,
                                  stated=best, points=self._award(lead, WIN_POINTS, changes)))
            else:
                parts.append(said("{players} tie at {stated}, all {team}: {points}.",
                                  players=listed(winners), stated=best,
                                  team=self.side_name(self._team[lead]),
                                  points=self._award(lead, WIN_POINTS, changes)).citing("K10"))
            results = [g["plays"][p]["revealed"] for p in winners]
            if needed:
                parts.extend(_unmasked(p, g["plays"][p]["revealed"], verdicts[p][2])
                             for p in winners)
            if all(r in (LIED, TRICK_SHOWN) for r in results):  # K8, K10: every winner lied
                parts.append(said("Won with deception: {points}.",
                                  points=self._award(lead, DECEPTION_POINTS, changes)))
                if TRICK_SHOWN in results:
                    parts.append(said("The Trick Card: {points}.",
                                      points=self._award(lead, TRICK_CARD_POINTS, changes)))
        self._game = None
        self._games_done += 1
        if self._games_done == GAMES_PER_SET:
            parts.append(said("Set {set} is over.", set=self._set_no))
        self._log_entry(parts, changes, winners=winners)


def _unmasked(player: str, verdict: str, why: Said | None) -> Said:
    """A winner's play unmasked at the end of the game (K8), with the cards' reason if any."""
    if verdict == TRUTHFUL:
        return said("Unmasked, {player} told the truth.", player=player)
    if verdict == TRICK_SHOWN:
        return said("Unmasked, {player} lied with the Trick Card.", player=player)
    if why is not None:
        return said("Unmasked, {player} lied ({why}).", player=player, why=why)
    return said("Unmasked, {player} lied.", player=player)


def _sentences(parts: Sequence[Said]) -> Said:
    """Sentences said one after the other, as one value (a language that writes no space
    between sentences translates the joining template so)."""
    words = parts[-1]
    for part in reversed(parts[:-1]):
        # Translators: a sentence followed by the next one (in the history of a match).
        words = said("{sentence} {next}", sentence=part, next=words)
    return words
