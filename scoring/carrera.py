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

import json
from collections.abc import Iterable, Mapping
from typing import Any

from scoring import core
from scoring.core import Event, RuleViolation
from scoring.words import given
from scoring.words import names as _names

CARDS: tuple[str, ...] = ("1", "2", "3", "4A", "4B", "5")
FACE_DOWN = "down"
RANKS: dict[str, int] = {"1": 1, "2": 2, "3": 3, "4A": 4, "4B": 4, "5": 5}
ZEROED_BY_ONE = frozenset({"4A", "4B", "5"})  # M3
CAPACITY = 5  # M1: the start supply and the most chips a supply holds
TRICKS_PER_ROUND = 6  # M1
TROPHIES_TO_WIN = 2  # M8
TIES = ("ask", "first", "last")  # M5


def counted_rank(card: str, plays: Iterable[Mapping[str, Any]]) -> int | None:
    """The rank `card` counts toward its speed in a trick holding `plays` (each with its "card"):
    the card's own, but 0 for a 4A, 4B or 5 when a 1 is face up there (M3); None face down.

    >>> one, three = [{"card": "1"}], [{"card": "3"}]
    >>> counted_rank("5", one), counted_rank("5", three), counted_rank("1", one)
    (0, 5, 1)
    >>> counted_rank(FACE_DOWN, one) is None
    True
    """
    if card == FACE_DOWN:
        return None
    one = any(play["card"] == "1" for play in plays)
    return 0 if one and card in ZEROED_BY_ONE else RANKS[card]


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


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

    def __init__(self, players: list[str], lead: str | None = None, ties: str = "ask") -> None:
        super().__init__({"players": players, "lead": lead, "ties": ties})

    def _setup(self, settings: Event) -> None:
        names = core.check_players(settings["players"], self.PLAYERS)
        settings["players"] = names
        if settings["lead"] is None:
            settings["lead"] = names[0]
        core.check_member(settings["lead"], names, "lead")
        if not isinstance(settings["ties"], str) or settings["ties"] not in TIES:
            raise RuleViolation(
                "bad-option",
                f"Ties are settled by “ask”, “first” or “last”, not {given(settings['ties'])}.",
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
        # JSON text per entry: undo checkpoints deep-copy the state, and strings copy for free
        self._history: list[str] = []
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
        """One entry per action: {"text", "changes" ({player: trophies won}), "fuel" ({player:
        change of supply}), "market" (change of the market)}."""
        return [json.loads(entry) for entry in self._history]

    @property
    def is_over(self) -> bool:
        return self._winner is not None

    @property
    def winners(self) -> list[str]:
        return [self._winner] if self._winner is not None else []

    def standing_figures(self) -> list[core.Standing]:
        """Trophies and fuel in seating order: ("Ann", "1 trophy, 4 fuel")."""
        return [
            core.Standing(p, self._trophies[p], "trophy" if self._trophies[p] == 1 else "trophies",
                          f"{self._fuel[p]} fuel")
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
    def standing_notes(self) -> dict[str, str]:
        """Momentum tokens, each +1 to that player's speed: the table watches who has them."""
        return {p: f"{n} momentum" for p, n in self._momentum.items()}

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
        if self._winner is not None:
            raise RuleViolation(
                "match-over", f"The game is over: {self._winner} has won with 2 trophies."
            )
        if self._pending_tie is not None:
            raise RuleViolation(
                "tie-pending",
                f"{_names(self._pending_tie)} are tied for trick {self._trick_no}: "
                "pick the winner first (M5).",
            )
        return self._require_player(player, self.current)

    def _check_play(self, player: str, card: Any, fuel: Any) -> None:
        _check_card(card)
        if isinstance(fuel, bool) or not isinstance(fuel, int) or fuel < 0:
            raise RuleViolation("bad-fuel",
                                f"Fuel is a number of chips, 0 or more, not {given(fuel)}.")
        if card == FACE_DOWN:
            if fuel:
                raise RuleViolation(
                    "fuel-face-down",
                    f"A face-down card takes no fuel (M2): {player} cannot put {fuel} on it.",
                )
            return
        owner = next((p["player"] for p in self._trick if p["card"] == card), None)
        if owner is not None:
            raise RuleViolation(
                "suit-taken",
                f"{owner} already played a {card} face up in this trick; no two cards of a suit "
                f"(M2): {player} must play another suit or face down.",
            )
        most = self._fuel[player] + (1 if card == "2" and self._market > 0 else 0)
        if fuel > most:
            if most > self._fuel[player]:
                detail = f"{self._fuel[player]} in supply + 1 from the market (M4)"
            else:
                detail = f"{_plural(self._fuel[player], 'chip')} in supply"
            raise RuleViolation(
                "not-enough-fuel",
                f"{player} can put at most {most} fuel on the {card} ({detail}), not {fuel}.",
            )

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
        text = self._play_text(entry)
        changes: dict[str, int] = {}
        if len(self._trick) == len(self.players):
            summary, changes = self._end_trick()
            text += " " + summary
        self._log_history(text, changes, fuel_before, market_before, trick)

    def _on_resolve_tie(self, event: Event) -> None:
        if self._winner is not None:
            raise RuleViolation(
                "match-over", f"The game is over: {self._winner} has won with 2 trophies."
            )
        if self._pending_tie is None:
            raise RuleViolation("no-tie", "No trick is waiting for a tie to be settled.")
        name = event.get("winner")
        if name not in self._pending_tie:
            raise RuleViolation(
                "not-tied",
                f"Only {_names(self._pending_tie)} are tied for trick {self._trick_no}, "
                f"not {name}.",
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

    def _end_trick(self) -> tuple[str, dict[str, int]]:
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
            f"Trick {self._trick_no}: {_names(tied)} tie at speed {best}; "
            "the scorekeeper picks the winner (M5).",
            {},
        )

    def _finish_trick(self, winner: str | None, tied: list[str]) -> tuple[str, dict[str, int]]:
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
        return self._trick_text(self._last_trick, next_lead), changes

    # -- the log's sentences ---------------------------------------------------------------------

    def _log_history(
        self, text: str, changes: dict[str, int], fuel_before: dict[str, int], market_before: int,
        trick: tuple[int, int],
    ) -> None:
        fuel = {p: self._fuel[p] - n for p, n in fuel_before.items() if self._fuel[p] != n}
        market = self._market - market_before
        entry = {"text": text, "changes": changes, "fuel": fuel, "market": market}
        self._history.append(json.dumps(entry, ensure_ascii=False))
        self._tricks.append(trick)

    def _play_text(self, entry: dict[str, Any]) -> str:
        player, card, fuel = entry["player"], entry["card"], entry["fuel"]
        if card == FACE_DOWN:
            return f"{player} plays face down."
        speeds = self.speeds
        text = f"{player} plays a {card}"
        if entry["from_market"] and fuel:
            text += f", takes a chip from the market and puts {fuel} fuel on it"
        elif entry["from_market"]:
            text += " and takes a chip from the market"
        elif fuel:
            text += f" with {fuel} fuel"
        text += f": speed {speeds[player]}."
        if entry["dropped"]:
            text += f" Their supply is full: {_plural(entry['dropped'], 'chip')} discarded."
        if card == "1":
            hit = [p["player"] for p in self._trick if p["card"] in ZEROED_BY_ONE]
            if hit:
                text += f" The 1 drops {_names([f'{p} to speed {speeds[p]}' for p in hit])}."
        return text

    def _trick_text(self, result: dict[str, Any], next_lead: str) -> str:
        no = result["trick"]
        winner = result["winner"]
        if winner is None:
            text = f"Trick {no}: every card is face down, so nobody wins."
        else:
            play = next(p for p in result["plays"] if p["player"] == winner)
            parts = [play["card"]]
            if counted_rank(play["card"], result["plays"]) != RANKS[play["card"]]:
                parts = [f"{play['card']} zeroed by the 1"]
            if play["fuel"]:
                parts.append(f"{play['fuel']} fuel")
            if play["momentum"]:
                parts.append(f"{play['momentum']} momentum")
            speed, how = play["speed"], " + ".join(parts)
            if not result["tied"]:
                text = f"Trick {no}: {winner} wins at speed {speed} ({how})."
            elif self._ties == "ask":
                text = (
                    f"Trick {no}: the scorekeeper gives the tie at speed {speed} to {winner} "
                    f"({how})."
                )
            else:
                order = "first" if self._ties == "first" else "last"
                text = (
                    f"Trick {no}: {_names(result['tied'])} tie at speed {speed}; {winner} played "
                    f"{order} and wins ({how})."
                )
        moved = result["to_market"]
        text += f" {_plural(moved, 'chip')} to the market" if moved else " No fuel to the market"
        for p, kept in result["refills"].items():
            text += f"; {p}, face down, refills {kept}"
            if result["over_capacity"][p]:
                text += f" ({result['over_capacity'][p]} over capacity discarded)"
        if result["remainder"]:
            text += f"; {_plural(result['remainder'], 'chip')} left over discarded"
        text += "."
        if result["round_ended"]:
            trophy = result["trophy"]
            if trophy is None:
                text += " Nobody won the last trick: no trophy."
            elif result["game_over"]:
                text += f" {trophy} takes a second trophy and wins the game!"
            else:
                text += f" {trophy} takes a trophy."
            if not result["game_over"]:
                text += (
                    f" Round {self._round_no}: momentum goes back, the cards are redealt and "
                    f"{next_lead} leads."
                )
        elif winner is None:
            text += f" {next_lead} leads again."
        return text


def _check_card(card: Any) -> None:
    if not isinstance(card, str) or (card not in CARDS and card != FACE_DOWN):
        shown = f"“{card}”" if isinstance(card, str) else repr(card)
        raise RuleViolation(
            "bad-card", f"{shown} is not a card: play a 1, 2, 3, 4A, 4B, 5 or face down."
        )


def _copy(value: Any) -> Any:
    """A deep copy of plain data (dicts, lists, scalars), so callers cannot change the state."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value
