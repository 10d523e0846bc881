"""My Favorite Carrera RS: a "must not follow" trick-taking race for 3 to 5 players.

Each trick every player plays one card, either face up in a suit nobody has shown in this trick,
with fuel chips from their supply adding to its speed, or face down (speed 0, cannot win). The
fastest card wins a momentum token (+1 speed from then on) and the lead; the trick's fuel goes to
the market, and whoever played face down splits the market as a refill. The winner of a round's
sixth trick takes a trophy, and the first player with two trophies wins the game.

The app does not know the cards in anyone's hand: it records what is played. It implements
rulings M1-M9 of docs/rulings.md: suits, fuel and capacity (M1), face-up and face-down plays (M2),
speed and the 1's power (M3), the 2's market chip (M4), the winner and ties (M5), the market and
the face-down refill (M6), trophies and rounds (M7), the end of the game (M8) and the chip count
(M9).

>>> m = Match(["Ann", "Ben", "Cleo"])
>>> m.play("4A", fuel=2); m.play("1"); m.play(FACE_DOWN)
>>> m.last_trick["speeds"]
{'Ann': 2, 'Ben': 1, 'Cleo': None}
>>> m.lead, m.momentum["Ann"], m.fuel, m.market
('Ann', 1, {'Ann': 3, 'Ben': 5, 'Cleo': 5}, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from scoring import core
from scoring.core import Event, RuleViolation, checked
from scoring.names import quotable
from scoring.said import Said, Term, listed, said, said_n, term, term_n
from scoring.words import given_said

CARDS: tuple[str, ...] = ("1", "2", "3", "4A", "4B", "5")
FACE_DOWN = "down"
RANKS: dict[str, int] = {"1": 1, "2": 2, "3": 3, "4A": 4, "4B": 4, "5": 5}
ZEROED_BY_ONE = frozenset({"4A", "4B", "5"})  # M3
CAPACITY = 5  # M1: the start supply and the most chips a supply holds
TRICKS_PER_ROUND = 6  # M1
TROPHIES_TO_WIN = 2  # M8
TIES = ("ask", "first", "last")  # M5

# The game's own words that its sentences pass as data (`Term`s), each translated once per
# language and followed by every sentence of the game: (context, word[, plural]).
GLOSSARY: tuple[tuple[str, ...], ...] = (
    ("carrera unit", "trophy", "trophies"),
    ("carrera unit", "fuel"),
    ("carrera unit", "momentum"),
    ("carrera role", "lead"),  # who a refusal says must be a player's name
)
FUEL = term("carrera unit", "fuel")  # what a supply holds, as a word on its own (a legend)
MOMENTUM = term("carrera unit", "momentum")


@checked
def trophies(n: int) -> Term:
    """The word for trophies in the form `n` asks for ("1 trophy", "2 trophies")."""
    return term_n("carrera unit", "trophy", "trophies", n)


@checked
def speed_sum(first: str | Said, fuel: int, momentum: int) -> str | Said:
    """How a face-up card's speed adds up, from what its card counts (`first`: its name, or a
    phrase saying a 1 zeroed it) and the fuel and momentum on it: "5 + 2 fuel + 1 momentum".

    >>> str(speed_sum("3", 0, 1)), str(speed_sum("5", 2, 0)), speed_sum("4A", 0, 0)
    ('3 + 1 momentum', '5 + 2 fuel', '4A')
    """
    if fuel and momentum:
        return said_n("{first} + {n} fuel + {momentum} momentum",
                      "{first} + {n} fuel + {momentum} momentum", fuel,
                      first=first, momentum=momentum)
    if fuel:
        return said_n("{first} + {n} fuel", "{first} + {n} fuel", fuel, first=first)
    if momentum:
        return said("{first} + {momentum} momentum", first=first, momentum=momentum)
    return first


def _then(first: Said, then: Said) -> Said:
    """Two sentences of one log entry, one after the other."""
    # Translators: two whole sentences in a row (a language may join them without a space).
    return said("{first} {then}", first=first, then=then)


@checked
def counted_rank(card: str, plays: Sequence[Mapping[str, Any]]) -> int | None:
    """The rank `card` counts toward its speed in a trick holding `plays` (each with its "card"):
    the card's own, but 0 for a 4A, 4B or 5 when a 1 is face up there (M3); None face down.

    >>> one, three = [{"card": "1"}], [{"card": "3"}]
    >>> counted_rank("5", one), counted_rank("5", three), counted_rank("1", one)
    (0, 5, 1)
    >>> counted_rank(FACE_DOWN, one) is None
    True
    """
    _check_card(card)
    if card == FACE_DOWN:
        return None
    one = any(play.get("card") == "1" for play in plays)
    return 0 if one and card in ZEROED_BY_ONE else RANKS[card]


class Match(core.Match):
    """One game of My Favorite Carrera RS, from the first trick to the second trophy.

    `ties` decides equal top speeds (M5): "ask" waits for `resolve_tie`, "first" gives the trick
    to the tied card played earliest, "last" to the one played latest.
    """

    GAME = "carrera"
    TITLE = "My Favorite Carrera RS"
    PLAYERS = range(3, 6)
    _APPEND_ONLY = frozenset({"_history", "_tricks"})  # see core.Match
    SCORE_UNIT = "trophies"
    PARTS: ClassVar[Mapping[str, core.Part]] = {
        "round": core.Part(term("carrera part", "Round {n}"), term("carrera part", "round {n}")),
        "trick": core.Part(term("carrera part", "Trick {n}"), term("carrera part", "trick {n}")),
    }
    UNITS: ClassVar[Mapping[str, core.Unit]] = {
        **core.Match.UNITS,
        "trophies": core.Unit(term_n("carrera score", "{n} trophy", "{n} trophies", 1),
                              term("carrera score", "Trophies"),
                              term("carrera score", "trophies")),
        "fuel": core.Unit(term_n("carrera score", "{n} fuel", "{n} fuel", 1),
                          term("carrera score", "Fuel"), term("carrera score", "fuel")),
    }

    def __init__(self, players: list[str], lead: str | None = None, ties: str = "ask") -> None:
        super().__init__({"players": players, "lead": lead, "ties": ties})

    def _setup(self, settings: Event) -> None:
        names = core.check_players(settings["players"], self.PLAYERS)
        settings["players"] = names
        if settings["lead"] is None:
            settings["lead"] = names[0]
        core.check_member(settings["lead"], names, term("carrera role", "lead"))
        if not isinstance(settings["ties"], str) or settings["ties"] not in TIES:
            raise RuleViolation(
                "bad-option", "Ties are settled by “ask”, “first” or “last”, not {value}.",
                value=given_said(settings["ties"]),
            )
        self._ties: str = settings["ties"]
        self._fuel = {p: CAPACITY for p in names}  # M1
        self._momentum = {p: 0 for p in names}
        self._trophies = {p: 0 for p in names}
        self._market = 0
        self._discarded = 0
        self._round_no = 1
        self._trick_no = 1
        self._lead: str = settings["lead"]
        self._trick: list[dict[str, Any]] = []  # {player, card, fuel, from_market, dropped}
        self._pending_tie: list[str] | None = None
        self._winner: str | None = None
        self._last_trick: dict[str, Any] | None = None
        self._history: list[core.Entry] = []
        self._tricks: list[tuple[int, int]] = []  # (round, trick) each `_history` entry is in

    # -- what the table sees ---------------------------------------------------------------------

    @property
    def ties(self) -> str:
        """How equal top speeds are settled: "ask", "first" or "last" (M5)."""
        return self._ties

    @property
    def current(self) -> str | None:
        """Who plays the next card; None while a tie waits for the scorekeeper or when over."""
        if self._winner is not None or self._pending_tie is not None:
            return None
        return core.next_in_turn(self.players, self._lead, len(self._trick))

    @property
    def lead(self) -> str:
        """Who leads the current trick (after the game: who led the last one)."""
        return self._lead

    @property
    def trick_no(self) -> int:
        """The trick being played, 1 to 6 (M8: stays at the last one played when the game ends)."""
        return self._trick_no

    @property
    def round_no(self) -> int:
        return self._round_no

    @property
    def fuel(self) -> dict[str, int]:
        """Each player's supply of fuel chips (0 to 5)."""
        return dict(self._fuel)

    @property
    def momentum(self) -> dict[str, int]:
        return dict(self._momentum)

    @property
    def trophies(self) -> dict[str, int]:
        return dict(self._trophies)

    @property
    def market(self) -> int:
        """Chips in the market, waiting for a 2 or a face-down refill."""
        return self._market

    @property
    def discarded(self) -> int:
        """Chips out of the game for good (over capacity, or left over in a refill split)."""
        return self._discarded

    @property
    def chips_on_table(self) -> int:
        """Fuel on the current trick's cards (M9: supplies + market + discarded + this = 5 x
        players)."""
        return sum(play["fuel"] for play in self._trick)

    @property
    def pending_tie(self) -> list[str] | None:
        """The names tied for the trick, in play order, while `ties="ask"` waits; else None."""
        return list(self._pending_tie) if self._pending_tie is not None else None

    @property
    def trick(self) -> list[dict[str, Any]]:
        """The current trick's plays so far, in play order: {"player", "card", "fuel", "speed"
        (None for a face-down card), "momentum" (counted in the speed; 0 face down),
        "from_market" (1 when a 2 took the market's chip)}."""
        speeds = self.speeds
        return [
            {
                "player": play["player"],
                "card": play["card"],
                "fuel": play["fuel"],
                "speed": speeds.get(play["player"]),
                "momentum": 0 if play["card"] == FACE_DOWN else self._momentum[play["player"]],
                "from_market": play["from_market"],
            }
            for play in self._trick
        ]

    @property
    def speeds(self) -> dict[str, int]:
        """{player: speed} of the face-up cards in the current trick so far ({} between tricks)."""
        return {
            play["player"]: self._speed(play["player"], play["card"], play["fuel"])
            for play in self._trick
            if play["card"] != FACE_DOWN
        }

    @property
    def suits_taken(self) -> list[str]:
        """The suits already face up in this trick, in play order (M2: nobody may play them)."""
        return [play["card"] for play in self._trick if play["card"] != FACE_DOWN]

    def legal_cards(self) -> list[str]:
        """What the current player may play: the suits not yet face up, then face down."""
        if self.current is None:
            return []
        taken = set(self.suits_taken)
        return [card for card in CARDS if card not in taken] + [FACE_DOWN]

    def max_fuel(self, card: str) -> int:
        """The most chips the current player may put on `card` (M4: a 2 adds the market's chip).

        >>> m = Match(["Ann", "Ben", "Cleo"])
        >>> m.max_fuel("3"), m.max_fuel("2"), m.max_fuel(FACE_DOWN)
        (5, 5, 0)
        """
        _check_card(card)
        player = self.current
        if player is None or card == FACE_DOWN:
            return 0
        return self._fuel[player] + (1 if card == "2" and self._market > 0 else 0)

    def speed_of(self, card: str, fuel: int = 0) -> int | None:
        """The speed `card` with `fuel` would have if the current player played it now: rank (0 for
        a 4A, 4B or 5 when a 1 is face up, M3) + fuel + their momentum; 0 face down; None when
        nobody is to play. A preview: it does not check the suit or the supply."""
        _check_card(card)
        player = self.current
        if player is None:
            return None
        if card == FACE_DOWN:
            return 0
        return self._speed(player, card, fuel)

    @property
    def last_trick(self) -> dict[str, Any] | None:
        """The result of the last finished trick (None before the first): "round", "trick",
        "lead", "plays" (as in `trick`), "speeds" ({player: speed, None face down}), "tied",
        "winner" (None if every card was face down), "to_market", "refills" ({face-down player:
        chips kept}), "over_capacity" ({face-down player: chips of their share discarded}),
        "remainder" (chips of the split discarded), "discarded" (their total), "trophy" (a name or
        None), "round_ended", "game_over"."""
        if self._last_trick is None:
            return None
        return _copy(self._last_trick)

    @property
    def history(self) -> list[dict[str, Any]]:
        """One entry per action: {"said" (what happened, as data), "text" (its English),
        "changes" ({player: trophies won}), "fuel" ({player: change of supply}), "market"
        (change of the market)}."""
        return [entry.read() for entry in self._history]

    @property
    def is_over(self) -> bool:
        return self._winner is not None

    @property
    def winners(self) -> list[str]:
        return [self._winner] if self._winner is not None else []

    def standing_figures(self) -> list[core.Standing]:
        """Trophies and fuel in seating order: ("Ann", "1 trophy, 4 fuel")."""
        return [
            core.Standing(p, self._trophies[p], trophies(self._trophies[p]),
                          said_n("{n} fuel", "{n} fuel", self._fuel[p]))
            for p in self.players
        ]

    @property
    def step_groups(self) -> list[tuple[tuple[str, int | None], ...]]:
        """The round and trick of every step: a trick is one card from every player, and the
        tie's pick when one follows (M5); six tricks make a round (M1)."""
        return [(("round", r), ("trick", t)) for r, t in self._tricks]

    @property
    def counts(self) -> list[core.Count]:
        """Trophies, and the fuel in each supply (a history entry's "fuel" changes)."""
        return [core.Count("trophies", dict(self._trophies)),
                core.Count("fuel", dict(self._fuel), key="fuel")]

    @property
    def ahead(self) -> list[str]:
        """The players with the most trophies while some have fewer."""
        return core.ahead_of_rest(self._trophies)

    @property
    def standing_notes(self) -> dict[str, Said]:
        """Momentum tokens, each +1 to that player's speed: the table watches who has them."""
        return {p: said_n("{n} momentum", "{n} momentum", n) for p, n in self._momentum.items()}

    @property
    def final_scores(self) -> dict[str, int] | None:
        """Always None: a race to two trophies has no final score worth averaging (M8)."""
        return None

    # -- actions ---------------------------------------------------------------------------------

    def play(self, card: str, fuel: int = 0, player: str | None = None) -> None:
        """The current player plays `card` (one of CARDS, or FACE_DOWN) with `fuel` chips on it.

        For a 2, `fuel` counts every chip put on the card, the market's chip included (M4).
        """
        acting = self._acting(player)
        self._record({"type": "play", "player": acting, "card": card, "fuel": fuel})

    def resolve_tie(self, name: str) -> None:
        """The scorekeeper gives the tied trick to `name` (M5, `ties="ask"`)."""
        self._record({"type": "resolve_tie", "winner": name})

    # -- event handlers --------------------------------------------------------------------------

    def _acting(self, player: str | None) -> str:
        self._check_not_over()
        if self._pending_tie is not None:
            raise RuleViolation(
                "tie-pending", "{players} are tied for trick {trick}: pick the winner first.",
                players=listed(self._pending_tie), trick=self._trick_no, ruling="M5",
            )
        return self._require_player(player, self.current)

    def _check_not_over(self) -> None:
        if self._winner is not None:
            raise RuleViolation("match-over", "The game is over: {player} has won with 2 trophies.",
                                player=self._winner)

    def _check_play(self, player: str, card: Any, fuel: Any) -> None:
        _check_card(card)
        if isinstance(fuel, bool) or not isinstance(fuel, int) or fuel < 0:
            raise RuleViolation("bad-fuel", "Fuel is a number of chips, 0 or more, not {value}.",
                                value=given_said(fuel))
        if card == FACE_DOWN:
            if fuel:
                raise RuleViolation(
                    "fuel-face-down",
                    "A face-down card takes no fuel: {player} cannot put {fuel} on it.",
                    player=player, fuel=fuel, ruling="M2",
                )
            return
        owner = next((p["player"] for p in self._trick if p["card"] == card), None)
        if owner is not None:
            raise RuleViolation(
                "suit-taken",
                "{owner} already played a {card} face up in this trick; no two cards of a suit: "
                "{player} must play another suit or face down.",
                owner=owner, card=card, player=player, ruling="M2",
            )
        supply = self._fuel[player]
        most = supply + (1 if card == "2" and self._market > 0 else 0)
        if fuel > most:
            if most > supply:
                why = said_n(
                    "{player} can put at most {n} fuel on the {card} ({supply} in supply + 1 "
                    "from the market), not {fuel}.",
                    "{player} can put at most {n} fuel on the {card} ({supply} in supply + 1 "
                    "from the market), not {fuel}.",
                    most, player=player, card=card, supply=supply, fuel=fuel,
                ).citing("M4")
            else:  # the supply is the limit: its figure is the one the words count
                why = said_n(
                    "{player} can put at most {n} fuel on the {card} ({n} chip in supply), "
                    "not {fuel}.",
                    "{player} can put at most {n} fuel on the {card} ({n} chips in supply), "
                    "not {fuel}.",
                    supply, player=player, card=card, fuel=fuel,
                )
            raise RuleViolation("not-enough-fuel", why)

    def _on_play(self, event: Event) -> None:
        player = self._acting(event.get("player"))
        card, fuel = event.get("card"), event.get("fuel", 0)
        self._check_play(player, card, fuel)

        fuel_before, market_before = dict(self._fuel), self._market
        trick = self._round_no, self._trick_no  # the trick this card is played in
        entry = {"player": player, "card": card, "fuel": fuel, "from_market": 0, "dropped": 0}
        if card == "2" and self._market > 0:
            # M4: the market's chip joins the supply as the 2 is played; what does not go on the
            # card and does not fit under the capacity leaves the game.
            self._market -= 1
            keep = self._fuel[player] + 1 - fuel
            entry["from_market"] = 1
            entry["dropped"] = max(0, keep - CAPACITY)
            self._discarded += entry["dropped"]
            self._fuel[player] = min(keep, CAPACITY)
        else:
            self._fuel[player] -= fuel
        self._trick.append(entry)
        text = self._play_said(entry)
        changes: dict[str, int] = {}
        if len(self._trick) == len(self.players):
            summary, changes = self._end_trick()
            text = _then(text, summary)
        self._log_history(text, changes, fuel_before, market_before, trick)

    def _on_resolve_tie(self, event: Event) -> None:
        self._check_not_over()
        if self._pending_tie is None:
            raise RuleViolation("no-tie", "No trick is waiting for a tie to be settled.")
        name = event.get("winner")
        if name not in self._pending_tie:
            raise RuleViolation(
                "not-tied", "Only {players} are tied for trick {trick}, not {name}.",
                players=listed(self._pending_tie), trick=self._trick_no, name=str(name),
            )
        fuel_before, market_before = dict(self._fuel), self._market
        tied, trick = self._pending_tie, (self._round_no, self._trick_no)
        summary, changes = self._finish_trick(name, tied)
        self._log_history(summary, changes, fuel_before, market_before, trick)

    # -- the rules -------------------------------------------------------------------------------

    def _speed(self, player: str, card: str, fuel: int) -> int:
        rank = counted_rank(card, self._trick)
        assert rank is not None  # a face-down card has no speed: callers pass face-up ones
        return rank + fuel + self._momentum[player]

    def _end_trick(self) -> tuple[Said, dict[str, int]]:
        """Every card is down: decide the winner (M5), or wait for the scorekeeper."""
        speeds = self.speeds
        if not speeds:
            return self._finish_trick(None, [])
        best = max(speeds.values())
        tied = [p for p, s in speeds.items() if s == best]  # dicts keep play order
        if len(tied) == 1:
            return self._finish_trick(tied[0], [])
        if self._ties == "first":
            return self._finish_trick(tied[0], tied)
        if self._ties == "last":
            return self._finish_trick(tied[-1], tied)
        self._pending_tie = tied
        return (
            said("Trick {trick}: {players} tie at speed {speed}; the scorekeeper picks the "
                 "winner.", trick=self._trick_no, players=listed(tied), speed=best).citing("M5"),
            {},
        )

    def _finish_trick(self, winner: str | None, tied: list[str]) -> tuple[Said, dict[str, int]]:
        """Momentum, market, refill (M5, M6), then the round's end (M7, M8)."""
        plays = self.trick
        speeds = {play["player"]: play["speed"] for play in plays}
        lead, trick_no, round_no = self._lead, self._trick_no, self._round_no
        if winner is not None:
            self._momentum[winner] += 1
        to_market = self.chips_on_table
        self._market += to_market
        self._trick = []
        self._pending_tie = None

        down = [play["player"] for play in plays if play["card"] == FACE_DOWN]
        refills: dict[str, int] = {}
        over: dict[str, int] = {}
        remainder = 0
        if down:  # M6
            share, remainder = divmod(self._market, len(down))
            for p in down:
                refills[p] = min(share, CAPACITY - self._fuel[p])
                over[p] = share - refills[p]
                self._fuel[p] += refills[p]
            self._discarded += remainder + sum(over.values())
            self._market = 0

        round_ended = trick_no == TRICKS_PER_ROUND
        trophy = winner if round_ended else None
        changes: dict[str, int] = {}
        if trophy is not None:
            self._trophies[trophy] += 1
            changes[trophy] = 1
            if self._trophies[trophy] >= TROPHIES_TO_WIN:
                self._winner = trophy  # M8: round, trick, lead and momentum stay as they are
        next_lead = winner if winner is not None else lead  # M5, M7
        if self._winner is None:
            self._lead = next_lead
            if round_ended:
                self._momentum = {p: 0 for p in self._momentum}  # M7
                self._round_no += 1
                self._trick_no = 1
            else:
                self._trick_no += 1

        self._last_trick = {
            "round": round_no,
            "trick": trick_no,
            "lead": lead,
            "plays": plays,
            "speeds": speeds,
            "tied": list(tied),
            "winner": winner,
            "to_market": to_market,
            "refills": refills,
            "over_capacity": over,
            "remainder": remainder,
            "discarded": remainder + sum(over.values()),
            "trophy": trophy,
            "round_ended": round_ended,
            "game_over": self._winner is not None,
        }
        return self._trick_said(self._last_trick, next_lead), changes

    # -- the log's sentences ---------------------------------------------------------------------
    # Each is data (scoring/said.py): a whole sentence per case, sentences of one entry joined by
    # `_then`, so any language can order its words; "text" keeps the English.

    def _log_history(
        self, text: Said, changes: dict[str, int], fuel_before: dict[str, int],
        market_before: int, trick: tuple[int, int],
    ) -> None:
        fuel = {p: self._fuel[p] - n for p, n in fuel_before.items() if self._fuel[p] != n}
        market = self._market - market_before
        self._history.append(core.Entry(text, {"changes": changes, "fuel": fuel,
                                               "market": market}))
        self._tricks.append(trick)

    def _won_said(self, result: dict[str, Any], no: int, winner: str, speed: int) -> Said:
        """Who won trick `no`, and how a tie went, for a card nothing added to."""
        if not result["tied"]:
            return said("Trick {trick}: {player} wins at speed {speed}.",
                        trick=no, player=winner, speed=speed)
        if self._ties == "ask":
            return said("Trick {trick}: the scorekeeper gives the tie at speed {speed} to "
                        "{player}.", trick=no, player=winner, speed=speed)
        if self._ties == "first":
            return said("Trick {trick}: {players} tie at speed {speed}; {player} played first "
                        "and wins.", trick=no, players=listed(result["tied"]), speed=speed,
                        player=winner)
        return said("Trick {trick}: {players} tie at speed {speed}; {player} played last and "
                    "wins.", trick=no, players=listed(result["tied"]), speed=speed,
                    player=winner)

    def _play_said(self, entry: dict[str, Any]) -> Said:
        player, card, fuel = entry["player"], entry["card"], entry["fuel"]
        if card == FACE_DOWN:
            return said("{player} plays face down.", player=player)
        speeds = self.speeds
        speed = speeds[player]
        if entry["from_market"] and fuel:
            text = said_n(
                "{player} plays a {card}, takes a chip from the market and puts {n} fuel on it: "
                "speed {speed}.",
                "{player} plays a {card}, takes a chip from the market and puts {n} fuel on it: "
                "speed {speed}.",
                fuel, player=player, card=card, speed=speed,
            )
        elif entry["from_market"]:
            text = said("{player} plays a {card} and takes a chip from the market: speed {speed}.",
                        player=player, card=card, speed=speed)
        elif fuel:
            text = said_n("{player} plays a {card} with {n} fuel: speed {speed}.",
                          "{player} plays a {card} with {n} fuel: speed {speed}.",
                          fuel, player=player, card=card, speed=speed)
        else:
            text = said("{player} plays a {card}: speed {speed}.",
                        player=player, card=card, speed=speed)
        if entry["dropped"]:
            text = _then(text, said_n("Their supply is full: {n} chip discarded.",
                                      "Their supply is full: {n} chips discarded.",
                                      entry["dropped"]))
        if card == "1":
            hit = [p["player"] for p in self._trick if p["card"] in ZEROED_BY_ONE]
            if hit:
                dropped = listed(said("{player} to speed {speed}", player=p, speed=speeds[p])
                                 for p in hit)
                text = _then(text, said("The 1 drops {players}.", players=dropped))
        return text

    def _trick_said(self, result: dict[str, Any], next_lead: str) -> Said:
        no = result["trick"]
        winner = result["winner"]
        if winner is None:
            text = said("Trick {trick}: every card is face down, so nobody wins.", trick=no)
        else:
            play = next(p for p in result["plays"] if p["player"] == winner)
            first: str | Said = play["card"]
            if counted_rank(play["card"], result["plays"]) != RANKS[play["card"]]:
                first = said("{card} zeroed by the 1", card=play["card"])
            how = speed_sum(first, play["fuel"], play["momentum"])
            speed = play["speed"]
            # The sum is said only when something adds to the card (or a 1 zeroed it): not
            # "at speed 5 (5)".
            if how == play["card"]:
                text = self._won_said(result, no, winner, speed)
            elif not result["tied"]:
                text = said("Trick {trick}: {player} wins at speed {speed} ({how}).",
                            trick=no, player=winner, speed=speed, how=how)
            elif self._ties == "ask":
                text = said("Trick {trick}: the scorekeeper gives the tie at speed {speed} to "
                            "{player} ({how}).", trick=no, player=winner, speed=speed, how=how)
            elif self._ties == "first":
                text = said("Trick {trick}: {players} tie at speed {speed}; {player} played first "
                            "and wins ({how}).", trick=no, players=listed(result["tied"]),
                            speed=speed, player=winner, how=how)
            else:
                text = said("Trick {trick}: {players} tie at speed {speed}; {player} played last "
                            "and wins ({how}).", trick=no, players=listed(result["tied"]),
                            speed=speed, player=winner, how=how)
        text = _then(text, _chips_said(result))
        if result["round_ended"]:
            trophy = result["trophy"]
            if trophy is None:
                text = _then(text, said("Nobody won the last trick: no trophy."))
            elif result["game_over"]:
                text = _then(text, said("{player} takes a second trophy and wins the game!",
                                        player=trophy))
            else:
                text = _then(text, said("{player} takes a trophy.", player=trophy))
            if not result["game_over"]:
                text = _then(text, said("Round {round}: momentum goes back, the cards are "
                                        "redealt and {player} leads.",
                                        round=self._round_no, player=next_lead))
        elif winner is None:
            text = _then(text, said("{player} leads again.", player=next_lead))
        return text


def _chips_said(result: dict[str, Any]) -> Said:
    """Where a finished trick's chips went (M6), as one sentence of clauses."""
    moved = result["to_market"]
    clauses = [said_n("{n} chip to the market", "{n} chips to the market", moved) if moved
               else said("No fuel to the market")]
    for p, kept in result["refills"].items():
        over = result["over_capacity"][p]
        clauses.append(
            said("{player}, face down, refills {n} ({over} over capacity discarded)",
                 player=p, n=kept, over=over) if over
            else said("{player}, face down, refills {n}", player=p, n=kept)
        )
    if result["remainder"]:
        clauses.append(said_n("{n} chip left over discarded", "{n} chips left over discarded",
                              result["remainder"]))
    text = clauses[0]
    for clause in clauses[1:]:
        # Translators: two clauses of one sentence about the chips.
        text = said("{first}; {then}", first=text, then=clause)
    # Translators: the clauses about a trick's chips, ended as a sentence.
    return said("{clauses}.", clauses=text)


def _check_card(card: Any) -> None:
    if not isinstance(card, str) or (card not in CARDS and card != FACE_DOWN):
        shown = f"“{quotable(card)}”" if isinstance(card, str) else given_said(card)
        raise RuleViolation(
            "bad-card", "{card} is not a card: play a 1, 2, 3, 4A, 4B, 5 or face down.",
            card=shown,
        )


def _copy(value: Any) -> Any:
    """A deep copy of plain data (dicts, lists, scalars), so callers cannot change the state."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value
