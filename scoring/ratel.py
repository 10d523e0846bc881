"""Ratel (ラーテル): shed your hand by making the other animals fight.

Each round deals 10 cards to every player; in turn the leader of a trick plays one or more cards
of one value and the others either beat it with as many cards of a strictly higher value or pass,
and the last to play wins the trick: with a +n they take n of the trick's other cards into hand,
with a -n they discard n cards. A player left without cards escapes; in the standard game the last
one holding cards takes a damage (2 damage lose, 1 in the short game), in the penalty variant the
round ends at the first escape and the others score their hands as penalty points.

Implements rulings R1-R8: values and copies (R1), plays and passes (R2), how a trick ends and what
its winner takes or discards (R3), escapes and the next leader (R4), damage and the standard and
short games (R5), the penalty variant (R6), and rounds tracked trick by trick or entered as a
result only, with hand counts rather than cards (R7), and when nobody can beat the table, from
the top play, the hand counts and the copies known out of play, so that all still to answer
pass in one action (R8).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from scoring import core
from scoring.core import Event, RuleViolation, checked
from scoring.names import quotable
from scoring.said import Said, Signed, listed, said, said_n, term, term_n
from scoring.words import given_said

VALUES: tuple[int, ...] = (-5, -4, -3, -2, -1, 1, 2, 3, 4, 5)  # R1: numeric order, no 0
COPIES = 6  # R1: six cards of each value, so a play holds at most six (R7: the only card check)
HAND = 10  # R1: cards dealt to each player every round
MODES: tuple[str, ...] = ("damage", "short", "penalty")
DAMAGE_TO_LOSE: dict[str, int] = {"damage": 2, "short": 1}  # R5

# Ratel's glossary: every `term` / `term_n` this module says, as (context, word[, plural]), so
# a test can hold each language's catalog to translating them all (and this list to the code).
GLOSSARY: tuple[tuple[str, ...], ...] = (
    ("ratel unit", "damage", "damage"),
    ("ratel unit", "penalty point", "penalty points"),
    ("ratel mode", "standard game"),
    ("ratel mode", "short game"),
    ("ratel mode", "penalty game"),
    ("ratel role", "starter"),  # who a refusal says must be a player's name
    # the words the screens say of the game (Match.PARTS, Match.UNITS)
    ("ratel part", "Round {n}"),
    ("ratel part", "round {n}"),
    ("ratel part", "Round"),
    ("ratel part", "{n} round", "{n} rounds"),
    ("ratel score", "{n} damage", "{n} damage"),
    ("ratel score", "Damage"),
    ("ratel score", "damage"),
    ("ratel score", "{n} penalty point", "{n} penalty points"),
    ("ratel score", "Penalty points"),
    ("ratel score", "penalty points"),
)


@checked
def card_value(value: int) -> str:
    """A value as printed on the card.

    >>> card_value(3), card_value(-2)
    ('+3', '-2')
    """
    return f"{value:+d}"


@checked
def play_said(count: int, value: int) -> Said:
    """A play as the table says it: "2 x +3", "2 x −3" (the typographic minus).

    >>> str(play_said(2, 3)), str(play_said(1, -4))
    ('2 x +3', '1 x −4')
    """
    return said("{count} x {value}", count=count, value=Signed(value))


def _escaped(order: list[str], first: bool = False) -> Said:
    """Who escaped, in order: "Ann and Ben escaped in that order"; one player has no order,
    "Ann escaped" (`first`: "Ann escaped first", where others escape after).

    >>> str(_escaped(["Ann", "Ben"])), str(_escaped(["Ann"])), str(_escaped(["Ann"], first=True))
    ('Ann and Ben escaped in that order', 'Ann escaped', 'Ann escaped first')
    """
    if len(order) == 1:
        if first:
            return said("{player} escaped first", player=order[0])
        return said("{player} escaped", player=order[0])
    return said("{players} escaped in that order", players=listed(order))


def _sentences(parts: list[Said]) -> Said:
    """Sentences said one after another, as one `Said`: where one ends and the next begins is
    the translator's (a space in English, none in Japanese).

    >>> str(_sentences([said("Ann passes."), said("Ben leads.")]))
    'Ann passes. Ben leads.'
    """
    whole = parts[0]
    for part in parts[1:]:
        whole = said("{sentence} {next}", sentence=whole, next=part)
    return whole


def _penalty_unit(n: int) -> Any:
    """What `n` penalty points count, as written after the figure."""
    return term_n("ratel unit", "penalty point", "penalty points", n)


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


class Match(core.Match):
    """A match of Ratel: rounds of tricks until someone loses (damage) or hits the limit (penalty).

    >>> m = Match(["Ann", "Ben"])
    >>> m.play(2, -3); m.pass_turn()
    >>> m.last_trick["winner"], m.last_trick["discarded"], m.hands
    ('Ann', 3, {'Ann': 5, 'Ben': 10})
    """

    GAME: ClassVar[str] = "ratel"
    TITLE: ClassVar[str] = "Ratel"
    PLAYERS: ClassVar[range] = range(2, 7)  # R1
    _APPEND_ONLY: ClassVar[frozenset[str]] = frozenset({"_history"})  # see core.Match
    SCORE_UNIT: ClassVar[str] = "damage"
    GROUPED_BY: ClassVar[tuple[str, ...]] = ("round",)
    CHART_BY: ClassVar[str] = "round"
    LOWEST_WINS: ClassVar[bool] = True  # the least damage, the fewest penalty points (R5, R6)
    # The penalty mode's penalty points; the damage modes have no final score (final_scores).
    FINAL_SCORE: ClassVar[core.FinalScore | None] = core.FinalScore(
        "penalty", lower_is_better=LOWEST_WINS)
    PARTS: ClassVar[Mapping[str, core.Part]] = {
        "round": core.Part(term("ratel part", "Round {n}"), term("ratel part", "round {n}"),
                           axis=term("ratel part", "Round"),
                           count=term_n("ratel part", "{n} round", "{n} rounds", 1)),
    }
    UNITS: ClassVar[Mapping[str, core.Unit]] = {
        **core.Match.UNITS,
        "damage": core.Unit(term_n("ratel score", "{n} damage", "{n} damage", 1),
                            term("ratel score", "Damage"), term("ratel score", "damage")),
        "penalty": core.Unit(term_n("ratel score", "{n} penalty point", "{n} penalty points", 1),
                             term("ratel score", "Penalty points"),
                             term("ratel score", "penalty points")),
    }

    @property
    def score_unit(self) -> str:
        """Damage in the damage and short modes, penalty points in the penalty mode."""
        return "penalty" if self.mode == "penalty" else "damage"

    def __init__(
        self,
        players: Sequence[str],
        starter: str | None = None,
        mode: str = "damage",
        penalty_limit: int = 15,
    ) -> None:
        super().__init__(
            {"players": players, "starter": starter, "mode": mode, "penalty_limit": penalty_limit}
        )

    def _setup(self, settings: Event) -> None:
        players = core.check_players(settings["players"], self.PLAYERS)
        settings["players"] = players
        starter = settings["starter"]
        starter = players[0] if starter is None else core.check_member(
            starter, players, term("ratel role", "starter"))
        settings["starter"] = starter
        if settings["mode"] not in MODES:
            raise RuleViolation(
                "bad-option", "Unknown Ratel game {mode}: choose damage, short or penalty.",
                mode=given_said(settings["mode"]),
            )
        limit = settings["penalty_limit"]
        if not _is_int(limit) or limit < 1:
            raise RuleViolation(
                "bad-option",
                "The penalty limit must be a whole number of at least 1, not {limit}.",
                limit=given_said(limit),
            )
        self._round_no = 1
        self._damage = {p: 0 for p in players}
        self._penalties = {p: 0 for p in players}
        self._over = False
        self._last_trick: dict[str, Any] | None = None
        self._last_round: dict[str, Any] | None = None
        self._history: list[core.Entry] = []
        self._deal(starter)

    @classmethod
    def variant_said_of(cls, settings: Event) -> Any:
        """The way of play as data: "standard game", "short game" (glossary words) or "penalty
        game to 15" (R5, R6); "" for odd settings. Never raises.

        >>> Match.variant_said_of({"mode": "penalty", "penalty_limit": 20}).args
        {'limit': 20}
        """
        mode, limit = settings.get("mode"), settings.get("penalty_limit")
        if mode == "penalty":
            if _is_int(limit):
                return said("penalty game to {limit}", limit=limit)
            return term("ratel mode", "penalty game")
        if mode == "damage":
            return term("ratel mode", "standard game")
        if mode == "short":
            return term("ratel mode", "short game")
        return ""

    @classmethod
    def variant_of(cls, settings: Event) -> str:
        """`variant_said_of` in English, as the match lists keep it (storage/index.py).

        >>> Match(["Ann", "Ben"], mode="penalty", penalty_limit=20).variant
        'penalty game to 20'
        """
        return str(cls.variant_said_of(settings))

    def penalty_hands_limit(self) -> int:
        """The most cards the other hands can hold together when a penalty round ends (R1, R3):
        the cards dealt, less at least the winning play of the trick in which someone went out
        (every trick discards its last play)."""
        return HAND * len(self.players) - 1

    def _deal(self, leader: str) -> None:
        """Start a round: everyone holds 10 cards, the table is empty, `leader` plays first."""
        self._hands = {p: HAND for p in self.players}
        self._trick: list[dict[str, Any]] = []
        self._passed: list[str] = []
        self._escaped: list[str] = []
        self._discarded = 0
        # {value: copies this round known out of play}: what finished tricks discarded for sure.
        self._gone: dict[int, int] = {}
        self._round_started = False
        self._leader: str | None = leader
        self._current: str | None = leader

    # -- settings -------------------------------------------------------------------------------

    @property
    def mode(self) -> str:
        """The kind of game: "damage" (2 damage lose), "short" (1 loses) or "penalty" (R5, R6)."""
        return self._log[0]["mode"]

    @property
    def penalty_limit(self) -> int:
        """Penalty points that end a penalty game (R6); unused in the damage modes."""
        return self._log[0]["penalty_limit"]

    @property
    def starter(self) -> str:
        """Who led the first trick of the match."""
        return self._log[0]["starter"]

    @property
    def damage_to_lose(self) -> int | None:
        """Damage that loses the game (2, or 1 in the short game); None in the penalty game."""
        return DAMAGE_TO_LOSE.get(self.mode)

    # -- the table ------------------------------------------------------------------------------

    @property
    def current(self) -> str | None:
        """Whose turn it is (None once the match is over)."""
        return self._current

    @property
    def leader(self) -> str | None:
        """Who leads the current trick, the SP (None once the match is over)."""
        return self._leader

    @property
    def hands(self) -> dict[str, int]:
        """Cards in each player's hand (R7: counts, not cards)."""
        return dict(self._hands)

    @property
    def escaped(self) -> list[str]:
        """Players out of this round, in the order they escaped (R4)."""
        return list(self._escaped)

    @property
    def trick(self) -> list[dict[str, Any]]:
        """The current trick's plays so far: [{"player", "count", "value"}, ...], oldest first."""
        return [dict(play) for play in self._trick]

    @property
    def passed(self) -> list[str]:
        """Who has passed in a row since the trick's last play, in turn order."""
        return list(self._passed)

    @property
    def trick_cards(self) -> int:
        """Cards lying in the current trick."""
        return sum(play["count"] for play in self._trick)

    @property
    def discarded(self) -> int:
        """Cards of this round out of play: finished tricks' cards not taken, and discards.

        Hands + trick_cards + discarded is always 10 per player in a tracked round.
        """
        return self._discarded

    @property
    def need_count(self) -> int | None:
        """How many cards the next play must have (None: the leader of an empty trick chooses)."""
        return self._trick[-1]["count"] if self._trick else None

    @property
    def min_value(self) -> int | None:
        """The lowest value the next play may have; None when no value can beat the trick."""
        if self._over:
            return None
        if not self._trick:
            return VALUES[0]
        higher = [v for v in VALUES if v > self._trick[-1]["value"]]
        return higher[0] if higher else None

    def violation(self, count: Any, value: Any) -> RuleViolation | None:
        """Why the current player may not play `count` x `value` now, or None when they may.

        The same check `play` makes (after match-over and not-your-turn).
        """
        if self._over or self._current is None:
            return self._over_error()
        return self._check_play(self._current, count, value)

    def legal_values(self, count: int) -> list[int]:
        """The values the current player may play with `count` cards now (for the number pad)."""
        player = self._current
        if self._over or player is None:
            return []
        return [v for v in VALUES if self._play_rule(player, count, v) is None]

    def options(self) -> dict[int, list[int]]:
        """{count: legal values} for every count the current player may play now."""
        found = {c: self.legal_values(c) for c in range(1, COPIES + 1)}
        return {c: values for c, values in found.items() if values}

    @property
    def can_pass(self) -> bool:
        """Whether the current player may pass (not while leading an empty trick, R2)."""
        return not self._over and bool(self._trick)

    @property
    def still_to_pass(self) -> list[str]:
        """Who must still pass for the trick to end, in turn order from the current player:
        everyone holding cards but the last to play, less those who passed since (R3)."""
        if self._over or not self._trick or self._current is None:
            return []
        last = self._trick[-1]["player"]
        seats = [core.next_in_turn(self.players, self._current, k)
                 for k in range(len(self.players))]
        return [p for p in seats
                if p != last and self._hands[p] > 0 and p not in self._passed]

    @property
    def out_of_play(self) -> dict[int, int]:
        """{value: copies} known out of play this round: the finished tricks' winning plays, a
        -n trick's every card, and a +n trick's cards of a value beyond what its winner may have
        taken back (their choice is not recorded, R7). Cards discarded from a hand are face up
        at the table but not recorded, so they are not counted."""
        return {v: n for v, n in sorted(self._gone.items()) if n}

    def copies_left(self, value: int) -> int:
        """Copies of `value` that may still be in someone's hand (R1: six, less those known out
        of play; a current trick's cards are all lower than what is to be beaten)."""
        return max(0, COPIES - self._gone.get(value, 0))

    def why_nobody_can_beat(self) -> Said | None:
        """Why no player still to answer can beat the table (a phrase, as data), or None when
        one might (then each passes on their own). Only what the table has told the app counts:
        the top play, the copies known out of play, and the hand counts (R8).

        >>> m = Match(["Ann", "Ben", "Cleo"])
        >>> m.play(2, 5); print(m.why_nobody_can_beat())
        nothing beats +5
        >>> m.undo(); m.play(2, 4); print(m.why_nobody_can_beat())
        None
        """
        pending = self.still_to_pass
        if not pending:
            return None
        top = self._trick[-1]
        need, higher = top["count"], [v for v in VALUES if v > top["value"]]
        if not higher:
            return said("nothing beats {value}", value=Signed(top["value"]))
        short = [p for p in pending if self._hands[p] < need]
        if len(short) == len(pending):
            if len(short) == 1:
                return said_n("{player} holds fewer than {n} card",
                              "{player} holds fewer than {n} cards", need, player=short[0])
            return said_n("{players} each hold fewer than {n} card",
                          "{players} each hold fewer than {n} cards", need, players=listed(short))
        left = [(v, self.copies_left(v)) for v in higher]
        if all(n < need for _, n in left):
            if len(left) == 1:
                counts = said("{value}: {copies} left", value=Signed(left[0][0]), copies=left[0][1])
            elif len(left) == 2:
                (v, n), (v2, n2) = left
                counts = said("{value}: {copies} left, {value2}: {copies2} left",
                              value=Signed(v), copies=n, value2=Signed(v2), copies2=n2)
            else:
                counts = said("at most {copies} of any", copies=max(n for _, n in left))
            return said_n("no higher value has {n} copy left ({counts})",
                          "no higher value has {n} copies left ({counts})", need, counts=counts)
        return None

    def nobody_can_beat(self) -> bool:
        """Whether the players still to answer can only pass (see `why_nobody_can_beat`)."""
        return self.why_nobody_can_beat() is not None

    @property
    def can_record_round(self) -> bool:
        """Whether the round may still be entered as a result only (before its first play, R7)."""
        return not self._over and not self._round_started

    @property
    def last_trick(self) -> dict[str, Any] | None:
        """The last finished trick, or None (before any, and after a round entered as a result).

        {"winner", "count", "value", "taken", "discarded", "escaped": [...], "leader": who leads
        next (None when the match ended), "round_over": bool, "said": a sentence for the table
        (data), e.g. "Eli wins with +3 and takes 3 cards.", "text": that sentence in English}.
        """
        if self._last_trick is None:
            return None
        trick = {**self._last_trick, "escaped": list(self._last_trick["escaped"])}
        # said from the trick's figures on each read: the state keeps values only (a checkpoint
        # deep-copies it, and a copied tree of Said costs more than the action)
        value = trick["value"]
        trick["said"] = self._trick_won(trick["winner"], Signed(value), trick["taken"],
                                        trick["discarded"], value > 0, short=True)
        trick["text"] = str(trick["said"])
        return trick

    @property
    def last_round(self) -> dict[str, Any] | None:
        """The last finished round, or None.

        {"round", "tracked": bool, "escaped": escape order, "damaged": name or None,
        "penalties": {player: points added}, "leader": who leads the next round (None when the
        match ended), "said": e.g. "Cleo takes 1 damage (2 in total)." as data, "text": its
        English}.
        """
        if self._last_round is None:
            return None
        result = dict(self._last_round)
        result["escaped"] = list(result["escaped"])
        result["penalties"] = dict(result["penalties"])
        result["said"] = self._round_scored(result["penalties"], result["damaged"])
        result["text"] = str(result["said"])
        return result

    # -- scores ---------------------------------------------------------------------------------

    @property
    def damage(self) -> dict[str, int]:
        return dict(self._damage)

    @property
    def penalties(self) -> dict[str, int]:
        return dict(self._penalties)

    @property
    def round_no(self) -> int:
        """The round being played (the last one once the match is over)."""
        return self._round_no

    @property
    def scores(self) -> dict[str, int]:
        """The main score: damage in the damage modes, penalty points in the penalty game."""
        return self.penalties if self.mode == "penalty" else self.damage

    # -- actions --------------------------------------------------------------------------------

    def play(self, count: int, value: int, player: str | None = None) -> None:
        """The current player plays `count` cards of `value` (R2)."""
        self._record({"type": "play", "player": player, "count": count, "value": value})

    def pass_turn(self, player: str | None = None) -> None:
        """The current player passes (R2); they may play again on a later turn."""
        self._record({"type": "pass", "player": player})

    def pass_all(self, player: str | None = None) -> None:
        """Everyone still to answer passes at once, when nobody can beat the table: one action,
        the same table as each passing in turn (R8). `player` is the current one."""
        self._record({"type": "pass_all", "player": player})

    def record_round(
        self,
        order: Sequence[str] | None = None,
        out: str | None = None,
        hands: Mapping[str, int] | None = None,
        together: int | None = None,
    ) -> None:
        """Enter the round's result only, before its first play (R7).

        Damage modes: `order` names every player once in escape order; the last takes damage.
        `together=k` (2 or more): the last k of the order escaped together in one trick, listed
        from its winner (R4): nobody takes damage and that winner, the first of them, leads (R5).
        Penalty game: `out` escaped and `hands` gives the cards left by every other player.
        """
        event: Event = {"type": "record_round"}
        if order is not None:
            event["order"] = list(order) if isinstance(order, (list, tuple)) else order
        if together is not None:
            event["together"] = together
        if out is not None:
            event["out"] = out
        if hands is not None:
            event["hands"] = dict(hands) if isinstance(hands, Mapping) else hands
        self._record(event)

    # -- event handlers -------------------------------------------------------------------------

    def _over_error(self) -> RuleViolation:
        return RuleViolation("match-over", "The match is over: {outcome}",
                             outcome=self._outcome_said())

    def _check_open(self) -> None:
        if self._over:
            raise self._over_error()

    def _play_rule(self, player: str, count: Any, value: Any) -> str | None:
        """The first rule a play breaks, in the order API.md lists (after match-over and turn)."""
        if not _is_int(value) or value not in VALUES:
            return "bad-value"
        if not _is_int(count) or not 1 <= count <= COPIES:
            return "bad-count"
        if count > self._hands[player]:
            return "not-enough-cards"
        if self._trick:
            last = self._trick[-1]
            if count != last["count"]:
                return "wrong-count"
            if value <= last["value"]:
                return "not-higher"
        return None

    def _check_play(self, player: str, count: Any, value: Any) -> RuleViolation | None:
        rule = self._play_rule(player, count, value)
        if rule is None:
            return None
        if rule == "bad-value":
            return RuleViolation(
                rule, "{value} is not a Ratel card: values run −5 to −1 and +1 to +5.",
                value=given_said(value), ruling="R1")
        if rule == "bad-count":
            return RuleViolation(
                rule, "A play is 1 to {most} cards of one value (the deck has six of each), "
                "not {count}.", most=COPIES, count=given_said(count), ruling="R1")
        if rule == "not-enough-cards":
            return RuleViolation(rule, said_n(
                "{player} holds {n} card, so cannot play {play}.",
                "{player} holds {n} cards, so cannot play {play}.",
                self._hands[player], player=player, play=play_said(count, value)))
        last = self._trick[-1]
        if rule == "wrong-count":
            return RuleViolation(rule, said_n(
                "This trick is played {n} at a time: {player} must play {n} card, not {count}.",
                "This trick is played {n} at a time: {player} must play {n} cards, not {count}.",
                last["count"], player=player, count=count).citing("R2"))
        return RuleViolation(
            rule, "{value} does not beat {player}'s {play}: play a higher value or pass.",
            value=Signed(value), player=last["player"],
            play=play_said(last["count"], last["value"]), ruling="R2")

    def _on_play(self, event: Event) -> None:
        self._check_open()
        player = self._require_player(event.get("player"), self._current)
        count, value = event.get("count"), event.get("value")
        problem = self._check_play(player, count, value)
        if problem is not None:
            raise problem
        event["player"] = player
        round_no = self._round_no
        self._round_started = True
        self._hands[player] -= count
        self._trick.append({"player": player, "count": count, "value": value})
        self._passed = []
        if self._hands[player] == 0:  # R3: skipped for the rest of the trick
            said_play = said("{player} plays {play} and has no cards left.", player=player,
                             play=play_said(count, value))
        else:
            said_play = said("{player} plays {play}.", player=player, play=play_said(count, value))
        parts = [said_play]
        changes: dict[str, int] = {}
        if any(self._hands[p] > 0 for p in self.players if p != player):
            self._current = self._next_holder(player)
        else:
            parts += self._end_trick(changes)  # R3: nobody else holds cards, the play wins at once
        self._note(parts, changes, player, round_no)

    def _on_pass(self, event: Event) -> None:
        self._check_open()
        player = self._require_player(event.get("player"), self._current)
        if not self._trick:
            raise RuleViolation(
                "must-play",
                "{player} leads this trick and must play: the leader of an empty trick cannot "
                "pass.", player=player, ruling="R2",
            )
        event["player"] = player
        round_no = self._round_no
        self._passed.append(player)
        last = self._trick[-1]["player"]
        waiting = [p for p in self.players if p != last and self._hands[p] > 0]
        parts = [said("{player} passes.", player=player)]
        changes: dict[str, int] = {}
        if set(waiting) <= set(self._passed):  # R3: every other player holding cards passed
            parts += self._end_trick(changes)
        else:
            self._current = self._next_holder(player)
        self._note(parts, changes, player, round_no)

    def _on_pass_all(self, event: Event) -> None:
        self._check_open()
        player = self._require_player(event.get("player"), self._current)
        if not self._trick:
            raise RuleViolation(
                "must-play",
                "{player} leads this trick and must play: there is nothing to pass on.",
                player=player, ruling="R2",
            )
        why = self.why_nobody_can_beat()
        if why is None:
            top = self._trick[-1]
            raise RuleViolation(
                "can-beat",
                "{player}'s {play} may still be beaten: each player plays or passes in turn.",
                player=top["player"], play=play_said(top["count"], top["value"]), ruling="R2",
            )
        event["player"] = player
        round_no = self._round_no
        pending = self.still_to_pass
        top = self._trick[-1]
        self._passed += pending
        parts = [said_n("{players} passes: nobody can beat {player}'s {play} ({why}).",
                        "{players} pass: nobody can beat {player}'s {play} ({why}).",
                        len(pending), players=listed(pending), player=top["player"],
                        play=play_said(top["count"], top["value"]), why=why)]
        changes: dict[str, int] = {}
        parts += self._end_trick(changes)
        self._note(parts, changes, player, round_no)

    def _on_record_round(self, event: Event) -> None:
        self._check_open()
        if self._round_started:
            raise RuleViolation(
                "round-in-progress",
                "Round {round} has already started at the table: finish it trick by trick, or "
                "undo its plays to enter its result only.", round=self._round_no, ruling="R7",
            )
        extra = set(event) - {"type", "order", "out", "hands", "together"}
        if extra:
            raise RuleViolation("bad-result", "A round result has no {fields}.",
                                fields=listed(sorted(str(key) for key in extra)))
        order, out, hands = event.get("order"), event.get("out"), event.get("hands")
        together = event.get("together")
        if self.mode == "penalty":
            if together is not None:
                raise RuleViolation(
                    "bad-result",
                    "A penalty round ends at the first escape: there is no last player.",
                    ruling="R6",
                )
            order_list, hand_counts = [], self._check_penalty_result(order, out, hands)
        else:
            order_list, hand_counts = self._check_damage_result(order, out, hands), {}
            if together is not None and not (
                _is_int(together) and 2 <= together <= len(order_list)
            ):
                raise RuleViolation(
                    "bad-result",
                    "Players who escaped together are 2 to {most} of the last in the order, not "
                    "{together}.", most=len(order_list), together=given_said(together),
                    ruling="R5",
                )
        round_no = self._round_no
        changes: dict[str, int] = {}
        if self.mode == "penalty":
            event.clear()
            event.update({"type": "record_round", "out": out, "hands": hand_counts})
            left = listed(said_n("{player} {n} card", "{player} {n} cards", n, player=p)
                          for p, n in hand_counts.items())
            parts = [said("Round {round} result: {player} is out; left in hand: {hands}.",
                          round=round_no, player=out, hands=left)]
            parts += self._end_round([out], None, hand_counts, out, False, changes)
        elif together is not None:
            event.clear()
            event.update({"type": "record_round", "order": order_list, "together": together})
            first, group = order_list[:-together], order_list[-together:]
            if first:
                result = said("Round {round} result: {escaped}; then {players} escaped together "
                              "in one trick, won by {winner}.", round=round_no,
                              escaped=_escaped(first, first=True), players=listed(group),
                              winner=group[0])
            else:
                result = said("Round {round} result: {players} escaped together in one trick, "
                              "won by {winner}.", round=round_no, players=listed(group),
                              winner=group[0])
            parts = [result]
            parts += self._end_round(order_list, None, {}, group[0], False, changes)
        else:
            event.clear()
            event.update({"type": "record_round", "order": order_list})
            last = order_list[-1]
            parts = [said("Round {round} result: {escaped}; {player} is left holding cards.",
                          round=round_no, escaped=_escaped(order_list[:-1]), player=last)]
            parts += self._end_round(order_list[:-1], last, {}, last, False, changes)
        self._last_trick = None
        self._note(parts, changes, None, round_no)

    def _check_damage_result(self, order: Any, out: Any, hands: Any) -> list[str]:
        if out is not None or hands is not None:
            raise RuleViolation(
                "bad-result",
                "In the damage game a round's result is its escape order, not hands left.",
                ruling="R7",
            )
        players = self.players
        if not isinstance(order, list) or not all(isinstance(p, str) for p in order):
            raise RuleViolation(
                "bad-result", "Give the round's escape order: every player once, the loser last."
            )
        unknown = [p for p in order if p not in players]
        if unknown:
            raise RuleViolation("bad-result", "{players} not playing in this match.",
                                players=listed(unknown))
        twice = sorted({p for p in order if order.count(p) > 1}, key=players.index)
        if twice:
            raise RuleViolation("bad-result", "The escape order names {players} twice.",
                                players=listed(twice))
        missing = [p for p in players if p not in order]
        if missing:
            raise RuleViolation(
                "bad-result", "The escape order must name every player: {players} missing.",
                players=listed(missing),
            )
        return list(order)

    def _check_penalty_result(self, order: Any, out: Any, hands: Any) -> dict[str, int]:
        if order is not None:
            raise RuleViolation(
                "bad-result",
                "In the penalty game a round's result is who went out and the cards left in "
                "every other hand, not an escape order.", ruling="R6",
            )
        players = self.players
        if out not in players:
            raise RuleViolation(
                "bad-result", "Name the player who ran out of cards; {out} is not playing.",
                out=given_said(out),
            )
        if not isinstance(hands, dict):
            raise RuleViolation(
                "bad-result", "Give the cards left in hand of every player who did not go out."
            )
        others = [p for p in players if p != out]
        strangers = [str(p) for p in hands if p not in others]
        if strangers:
            raise RuleViolation(
                "bad-result",
                "Hands are for the players still in, not {players} ({player} went out).",
                players=listed(strangers), player=out,
            )
        missing = [p for p in others if p not in hands]
        if missing:
            raise RuleViolation("bad-result", "Cards left in hand missing for {players}.",
                                players=listed(missing))
        error = self.penalty_hands_violation({p: hands[p] for p in others})
        if error is not None:
            raise error
        return {p: hands[p] for p in others}

    def penalty_hands_violation(self, hands: Mapping[str, Any]) -> RuleViolation | None:
        """Why these cards left in hand cannot end a penalty round, or None (R1, R3, R6): each a
        whole number from 0 (escaped in the same trick) up, together at most
        `penalty_hands_limit()`. A screen asks this as the numbers are typed.

        >>> m = Match(["Ann", "Ben", "Cleo", "Dan"], mode="penalty")
        >>> print(m.penalty_hands_violation({"Ben": 40, "Cleo": 1, "Dan": 1}))
        Ben's hand must be a whole number of cards from 0 to 39, not 40.
        >>> print(m.penalty_hands_violation({"Ben": 30, "Cleo": 10, "Dan": 0}))
        Ben, Cleo and Dan hold 40 cards together: 40 were dealt and the trick in which someone \
went out discarded at least its winning play, so 39 at most.
        """
        limit = self.penalty_hands_limit()
        for p, n in hands.items():
            if not _is_int(n) or not 0 <= n <= limit:
                # what was typed, quoted as the reader's language quotes; else as the value is
                shown = (said("“{typed}”", typed=quotable(n)) if isinstance(n, str)
                         else given_said(n))
                return RuleViolation(
                    "bad-result",
                    "{player}'s hand must be a whole number of cards from 0 to {most}, not "
                    "{given}.", player=p, most=limit, given=shown,
                )
        total = sum(hands.values())
        if total > limit:
            return RuleViolation(
                "bad-result",
                "{players} hold {total} cards together: {dealt} were dealt and the trick in "
                "which someone went out discarded at least its winning play, so {most} at most.",
                players=listed(hands), total=total, dealt=limit + 1, most=limit,
            )
        return None

    # -- trick and round ends -------------------------------------------------------------------

    def _next_holder(self, after: str) -> str:
        """The next player in turn order after `after` who still holds cards (R2, R4)."""
        for step in range(1, len(self.players)):
            name = core.next_in_turn(self.players, after, step)
            if self._hands[name] > 0:
                return name
        raise AssertionError("nobody else holds cards")  # callers end the trick or round first

    def _end_trick(self, changes: dict[str, int]) -> list[Said]:
        """Resolve the trick (R3), escapes, the next leader (R4) and a round end (R5, R6)."""
        last = self._trick[-1]
        winner, count, value = last["player"], last["count"], last["value"]
        on_table = sum(play["count"] for play in self._trick)
        taken = dropped = 0
        if value > 0:
            taken = min(value, on_table - count)
            self._hands[winner] += taken
            self._discarded += on_table - taken
        else:
            dropped = min(-value, self._hands[winner])
            self._hands[winner] -= dropped
            self._discarded += on_table + dropped
        parts = [self._trick_won(winner, play_said(count, value), taken, dropped, value > 0)]
        self._count_gone(taken)
        self._trick = []
        self._passed = []
        seats = [core.next_in_turn(self.players, winner, k) for k in range(len(self.players))]
        escapes = [p for p in seats if self._hands[p] == 0 and p not in self._escaped]
        self._escaped += escapes
        if escapes:
            parts.append(said_n("{players} escapes.", "{players} escape.", len(escapes),
                                players=listed(escapes)))
        remaining = [p for p in self.players if p not in self._escaped]
        trick = {
            "winner": winner,
            "count": count,
            "value": value,
            "taken": taken,
            "discarded": dropped,
            "escaped": escapes,
            "leader": None,
            "round_over": False,
        }
        self._last_trick = trick
        if self.mode == "penalty" and escapes:
            # R6: the trick winner leads if they went out, else the first escaper after them.
            leader = escapes[0]
            left = {p: self._hands[p] for p in self.players if p not in escapes}
            parts += self._end_round(escapes, None, left, leader, True, changes)
        elif self.mode != "penalty" and len(remaining) <= 1:
            # R5: the last one holding cards takes the damage and leads; when the last players
            # escaped together nobody does and the trick winner leads.
            loser = remaining[0] if remaining else None
            leader = loser if loser is not None else winner
            parts += self._end_round(list(self._escaped), loser, {}, leader, True, changes)
        else:
            leader = winner if self._hands[winner] > 0 else self._next_holder(winner)  # R4
            self._leader = self._current = leader
            if leader != winner:
                parts.append(said("{player} leads the next trick.", player=leader))
            trick["leader"] = leader
            return parts
        trick["round_over"] = True
        trick["leader"] = self._leader
        return parts

    @staticmethod
    def _trick_won(winner: str, play: Any, taken: int, dropped: int, takes: bool,
                   short: bool = False) -> Said:
        """"Eli wins the trick with 1 x +3 and takes 3 cards.", or with `short` (the winning
        value only) "Eli wins with +3 and takes 3 cards." (R3)."""
        if short:
            if not takes:
                if dropped:
                    return said_n("{player} wins with {play} and discards {n} card.",
                                  "{player} wins with {play} and discards {n} cards.",
                                  dropped, player=winner, play=play)
                return said("{player} wins with {play} and has no cards to discard.",
                            player=winner, play=play)
            if taken:
                return said_n("{player} wins with {play} and takes {n} card.",
                              "{player} wins with {play} and takes {n} cards.",
                              taken, player=winner, play=play)
            return said("{player} wins with {play} and has no cards to take.",
                        player=winner, play=play)
        if not takes:
            if dropped:
                return said_n("{player} wins the trick with {play} and discards {n} card.",
                              "{player} wins the trick with {play} and discards {n} cards.",
                              dropped, player=winner, play=play)
            return said("{player} wins the trick with {play} and has no cards to discard.",
                        player=winner, play=play)
        if taken:
            return said_n("{player} wins the trick with {play} and takes {n} card.",
                          "{player} wins the trick with {play} and takes {n} cards.",
                          taken, player=winner, play=play)
        return said("{player} wins the trick with {play} and has no cards to take.",
                    player=winner, play=play)

    def _count_gone(self, taken: int) -> None:
        """Add the finished trick's cards surely out of play to `_gone`: its winning play always,
        and of the others, all after a -n, else those of a value beyond the `taken` the winner
        may have picked (which ones is not recorded)."""
        *others, last = self._trick
        self._gone[last["value"]] = self._gone.get(last["value"], 0) + last["count"]
        by_value: dict[int, int] = {}
        for play in others:
            by_value[play["value"]] = by_value.get(play["value"], 0) + play["count"]
        for v, n in by_value.items():
            sure = n if last["value"] < 0 else max(0, n - taken)
            if sure:
                self._gone[v] = self._gone.get(v, 0) + sure

    def _end_round(
        self,
        escaped: list[str],
        damaged: str | None,
        penalties: dict[str, int],
        leader: str,
        tracked: bool,
        changes: dict[str, int],
    ) -> list[Said]:
        """Score the round, then end the match or deal the next round led by `leader`."""
        parts: list[Said] = []
        if self.mode == "penalty":
            for p, n in penalties.items():
                self._penalties[p] += n
                if n:
                    changes[p] = n
            parts.append(self._round_scored(penalties, None))
            self._over = any(total >= self.penalty_limit for total in self._penalties.values())
        elif damaged is not None:
            self._damage[damaged] += 1
            changes[damaged] = 1
            parts.append(self._round_scored({}, damaged))
            self._over = self._damage[damaged] >= DAMAGE_TO_LOSE[self.mode]
        else:
            parts.append(self._round_scored({}, None))
        self._last_round = {
            "round": self._round_no,
            "tracked": tracked,
            "escaped": list(escaped),
            "damaged": damaged,
            "penalties": dict(penalties),
            "leader": None if self._over else leader,
        }
        if self._over:
            self._leader = self._current = None
            parts.append(said("Game over: {outcome}", outcome=self._outcome_said()))
        else:
            self._round_no += 1
            self._deal(leader)
            parts.append(said("Round {round}: {player} leads.", round=self._round_no,
                              player=leader))
        return parts

    def _round_scored(self, penalties: dict[str, int], damaged: str | None) -> Said:
        """What the round that just ended scored (R5, R6); damage in total as it stands, which
        no action changes until the next round ends."""
        if self.mode == "penalty":
            scored = [said("{player} {points}", player=p, points=Signed(n))
                      for p, n in penalties.items() if n]
            if scored:
                return said("Penalty points: {scored}.", scored=listed(scored))
            return said("Nobody had cards left: no penalty points.")
        if damaged is not None:
            return said("{player} takes 1 damage ({total} in total).", player=damaged,
                        total=self._damage[damaged])
        return said("The last players escaped together: nobody takes damage.").citing("R5")

    def _note(self, parts: list[Said], changes: dict[str, int], player: str | None,
              round_no: int) -> None:
        whole = _sentences(parts)
        self._history.append(core.Entry(whole, {"changes": changes, "player": player,
                                                 "round": round_no}))

    # -- outcome --------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def winners(self) -> list[str]:
        """Everyone but the loser (damage modes); the fewest penalty points, shared (penalty)."""
        if not self._over:
            return []
        if self.mode == "penalty":
            best = min(self._penalties.values())
            return [p for p in self.players if self._penalties[p] == best]
        return [p for p in self.players if self._damage[p] < DAMAGE_TO_LOSE[self.mode]]

    @property
    def losers(self) -> list[str]:
        """The players who did not win (empty until the match is over)."""
        won = self.winners
        return [p for p in self.players if p not in won] if self._over else []

    @property
    def loser(self) -> str | None:
        """The one loser of a damage game (or of a penalty game with a single loser), else None."""
        losers = self.losers
        return losers[0] if len(losers) == 1 else None

    def _outcome_said(self) -> Said:
        winners, losers = self.winners, self.losers
        if self.mode == "penalty":
            best = self._penalties[winners[0]]
            if len(winners) == 1:
                return said_n("{player} wins with {n} penalty point.",
                              "{player} wins with {n} penalty points.", best, player=winners[0])
            return said_n("{players} share the win with {n} penalty point each.",
                          "{players} share the win with {n} penalty points each.", best,
                          players=listed(winners))
        # R5: one damage a round, so a damage game has one loser
        return said_n("{loser} loses; {players} wins.", "{loser} loses; {players} win.",
                      len(winners), loser=listed(losers), players=listed(winners))

    def standing_figures(self) -> list[core.Standing]:
        """Damage (damage modes) or penalty points, in seating order."""
        if self.mode == "penalty":
            return [core.Standing(p, self._penalties[p], _penalty_unit(self._penalties[p]))
                    for p in self.players]
        return [core.Standing(p, n, term_n("ratel unit", "damage", "damage", n))
                for p, n in self._damage.items()]

    @property
    def counts(self) -> list[core.Count]:
        """Damage, or penalty points in the penalty mode: they change only as a round ends."""
        now = self._penalties if self.mode == "penalty" else self._damage
        return [core.Count(self.score_unit, dict(now))]

    @property
    def ahead(self) -> list[str]:
        """The players with the fewest damage (or penalty points) while some have more."""
        counts = self._penalties if self.mode == "penalty" else self._damage
        return core.ahead_of_rest(counts, lower_is_better=self.LOWEST_WINS)

    @property
    def standing_notes(self) -> dict[str, Any]:
        """Cards in hand while a round is played, as data ("9 cards in hand"): who is about to
        escape is what the table watches."""
        if self.is_over:
            return {}
        return {p: said_n("{n} card in hand", "{n} cards in hand", n)
                for p, n in self._hands.items()}

    @property
    def final_scores(self) -> dict[str, int] | None:
        """{player: penalty points} once a penalty game is over (lower is better), else None.

        The damage modes have no score worth averaging (damage only says who lost): None.
        """
        return dict(self._penalties) if self._over and self.mode == "penalty" else None

    @property
    def history(self) -> list[dict[str, Any]]:
        """One entry per action: {"said": what happened (data), "text": it in English,
        "changes": {player: damage or penalty points added}, "player": who acted (None for a
        result entered), "round": the round it belongs to}."""
        return [entry.read() for entry in self._history]
