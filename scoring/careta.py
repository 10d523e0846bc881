"""Careta: a bluffing card game played in sets of three games, first to 10 points.

In each game every player plays a card face down and states its score (or PASS); the best stated
score, highest UP or lowest DOWN, wins the game's point, and once per set a player may add a
second card, the ally, to one play. Anyone may doubt the latest play: a liar loses a point and is
out of the game, a player doubted in vain gains one, and a winner unmasked as a liar earns a point
for deception (one more for the Trick Card); a hand of one card per suit or four of a suit may
claim Cause. The app never sees the cards: it records the stated scores and, when a play is
revealed, either the verdict or the cards themselves, from which it works the verdict out.

Implements rulings K1-K11 of docs/rulings.md: the cards (K1), scores and their ranges (K2), valid
allies and lies (K3), sets, games and starters (K4), the card round (K5), the ally phase (K6),
doubts (K7), the end of a game (K8), Cause (K9), teams (K10) and the end of the match (K11).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from scoring import core
from scoring.core import Event, RuleViolation
from scoring.names import looks_like
from scoring.said import Listed, Said, Signed, Term, listed, said, said_n, term
from scoring.words import given_said

COLOURS = ("red", "yellow", "blue", "green")
SUITS = {"red": "Glory", "yellow": "Wealth", "blue": "Influence", "green": "Spirit"}
UP, DOWN = "up", "down"
DIRECTIONS = (UP, DOWN)
PASS = "pass"
# The glossary words of Careta as the engine says them (scoring/said.py): each a literal `term`,
# so catalog extraction finds it; a screen says them too (`say(COLOUR_WORDS["red"])`).
COLOUR_WORDS: dict[str, Term] = {
    "red": term("careta colour", "red"),
    "yellow": term("careta colour", "yellow"),
    "blue": term("careta colour", "blue"),
    "green": term("careta colour", "green"),
}
SUIT_WORDS: dict[str, Term] = {
    "red": term("careta suit", "Glory"),
    "yellow": term("careta suit", "Wealth"),
    "blue": term("careta suit", "Influence"),
    "green": term("careta suit", "Spirit"),
}
DIRECTION_WORDS: dict[str, Term] = {
    UP: term("careta direction", "UP"),
    DOWN: term("careta direction", "DOWN"),
}
PASS_WORD = term("careta call", "PASS")
TRICK_WORD = term("careta card", "Trick Card")
DECK_MASTER_WORD = term("careta role", "Deck Master")
PLAYER_ROLE = term("careta role", "player")  # as a refusal names the one who must act
CAUSE_WORD = term("careta claim", "Cause")
# A team left unnamed is stored as the letter of its place (A for the first team) and said as
# "Team A" in the reader's language (`unnamed_team`): a file keeps the value, never the words.
TEAM_LETTERS = ("A", "B", "C", "D")
TEAM_LETTER_WORDS: dict[str, Term] = {
    "A": term("careta team letter", "A"),
    "B": term("careta team letter", "B"),
    "C": term("careta team letter", "C"),
    "D": term("careta team letter", "D"),
}
# (context, word) of every glossary word above, for the test that every language translates them.
GLOSSARY: tuple[tuple[str, ...], ...] = tuple(
    (t.context, t.word) for t in (*COLOUR_WORDS.values(), *SUIT_WORDS.values(),
                                  *DIRECTION_WORDS.values(), PASS_WORD, TRICK_WORD,
                                  DECK_MASTER_WORD, CAUSE_WORD, PLAYER_ROLE,
                                  *TEAM_LETTER_WORDS.values())
)
GAMES_PER_SET = 3
HAND_SIZE = 4
# Verdicts of a revealed play or claim.
TRUTHFUL, LIED, TRICK_SHOWN = "truthful", "lied", "trick"
# Team layouts the rulebook lists, as (players per team, number of teams) (K1, K10).
TEAM_LAYOUTS = frozenset({(2, 2), (3, 2), (4, 2), (2, 3), (2, 4)})
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


def suit_of(number: int) -> str:
    """The suit colour of a numbered card 1-12 (K1): 1 5 9 red, 2 6 10 yellow, 3 7 11 blue, 4 8 12
    green.

    >>> suit_of(5), suit_of(12)
    ('red', 'green')
    """
    return COLOURS[(number - 1) % 4]


def _bad_card(sentence: Said) -> RuleViolation:
    return RuleViolation("bad-card", sentence)


def _colour(value: Any) -> Any:
    """A colour as a glossary word; anything else (a refused input) as it was given."""
    return COLOUR_WORDS[value] if isinstance(value, str) and value in COLOUR_WORDS else str(value)


@dataclass(frozen=True)
class Card:
    """One card of the 41-card deck (K1): frozen, so cards compare and hash by value.

    A numbered card 1-12 takes its suit from its number and has a secondary colour (one of the
    three other colours); a 0 card names its suit colour and has no secondary colour; the Trick
    Card is `Card(trick=True)` (the module's `TRICK`). Anything else raises `bad-card`.

    A colour may be left out (`Card(5)`, `Card(0)`) where the table need not say it: a single
    card's score is its number, and a Cause counts suits only. Such a card is not `complete`;
    where its colour decides a verdict (an ally's validity) the rules functions refuse it with
    `colour-needed`, and `play_colours_needed` / `cause_colours_needed` say which cards to ask.

    >>> Card(5, secondary="blue").suit
    'red'
    >>> Card(0, suit="green") == Card.from_json({"number": 0, "suit": "green"})
    True
    >>> Card(5, secondary="red")
    Traceback (most recent call last):
    ...
    scoring.core.RuleViolation: There is no 5 with red as secondary colour: a 5 is red, its three \
copies are red with yellow, blue or green (K1).
    """

    number: int | None = None
    secondary: str | None = None
    suit: str | None = None
    trick: bool = False

    def __post_init__(self) -> None:
        if self.trick is True:
            if (self.number, self.secondary, self.suit) != (None, None, None):
                raise _bad_card(said("The Trick Card has no number, suit or colour (K1)."))
            return
        if self.trick is not False:
            raise _bad_card(said("A card is the Trick Card or not: trick must be True or False."))
        n = self.number
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 12:
            raise _bad_card(said("Cards are numbered 0 to 12 (or the Trick Card), not {given} "
                                 "(K1).", given=given_said(n)))
        if n == 0:
            if self.suit is not None and self.suit not in COLOURS:
                raise _bad_card(said("A 0 card names its suit colour ({colours}), not {given} "
                                     "(K1).", colours=listed(COLOUR_WORDS.values(), "or"),
                                     given=given_said(self.suit)))
            if self.secondary is not None:
                raise _bad_card(said("The 0 cards have no secondary colour (K1)."))
            return
        suit = suit_of(n)
        if self.suit is not None and self.suit != suit:
            raise _bad_card(said("A {number} is always {colour} ({suit}), not {given} (K1).",
                                 number=n, colour=COLOUR_WORDS[suit], suit=SUIT_WORDS[suit],
                                 given=_colour(self.suit)))
        if self.secondary is not None and (self.secondary not in COLOURS
                                           or self.secondary == suit):
            others = listed((COLOUR_WORDS[c] for c in COLOURS if c != suit), "or")
            raise _bad_card(said(
                "There is no {number} with {given} as secondary colour: a {number} is {colour}, "
                "its three copies are {colour} with {others} (K1).",
                number=n, given=_colour(self.secondary), colour=COLOUR_WORDS[suit], others=others,
            ))
        object.__setattr__(self, "suit", suit)

    def __str__(self) -> str:
        return str(self.phrase)

    @property
    def phrase(self) -> Said:
        """The card as a sentence names it: "5 red/blue", "0 green", "a 0", "the Trick Card"."""
        if self.trick:
            return said("the Trick Card")
        if self.number == 0:
            return said("0 {colour}", colour=COLOUR_WORDS[self.suit]) if self.suit else said("a 0")
        if self.secondary is None:
            return said("{number} {colour}", number=self.number, colour=_colour(self.suit))
        return said("{number} {colour}/{secondary}", number=self.number,
                    colour=_colour(self.suit), secondary=COLOUR_WORDS[self.secondary])

    @property
    def label(self) -> Said | Term:
        """The card's name on its own, under its picture: "5 red/blue", "Trick Card"."""
        return TRICK_WORD if self.trick else self.phrase

    @property
    def complete(self) -> bool:
        """Whether every colour of the card is known (a 0's suit, a 1-12's secondary colour)."""
        if self.trick:
            return True
        return self.suit is not None and (self.number == 0 or self.secondary is not None)

    def could_be(self) -> tuple[Card, ...]:
        """The complete cards of the deck this card may be: itself when complete.

        >>> [str(c) for c in Card(5).could_be()]
        ['5 red/yellow', '5 red/blue', '5 red/green']
        """
        if self.complete:
            return (self,)
        if self.number == 0:
            return tuple(Card(0, suit=c) for c in COLOURS)
        assert self.number is not None and self.suit is not None
        return tuple(Card(self.number, secondary=c) for c in COLOURS if c != self.suit)

    def fits(self, other: Card) -> bool:
        """Whether the two may be the same card of the deck (a colour left out fits any)."""
        return bool(set(self.could_be()) & set(other.could_be()))

    @property
    def colours(self) -> frozenset[str]:
        """The suit colour and the secondary colour (if any); empty for the Trick Card."""
        return frozenset(c for c in (self.suit, self.secondary) if c is not None)

    def to_json(self) -> dict[str, Any]:
        """The card as plain data for an event: {"number": 5, "suit": "red", "secondary": ...}."""
        if self.trick:
            return {"trick": True}
        data: dict[str, Any] = {"number": self.number}
        if self.suit is not None:
            data["suit"] = self.suit
        if self.secondary is not None:
            data["secondary"] = self.secondary
        return data

    @classmethod
    def from_json(cls, data: Any) -> Card:
        """The card `to_json` wrote (or a Card itself); anything else raises `bad-card`."""
        if isinstance(data, Card):
            return data
        if not isinstance(data, dict) or not set(data) <= {"number", "suit", "secondary", "trick"}:
            raise _bad_card(said("{given} is not a card.", given=given_said(data)))
        return cls(**data)


TRICK = Card(trick=True)
# The 41 cards (K1): the 36 numbered cards, the four 0 cards and the Trick Card.
DECK: tuple[Card, ...] = (
    *(Card(n, secondary=c) for n in range(1, 13) for c in COLOURS if c != suit_of(n)),
    *(Card(0, suit=c) for c in COLOURS),
    TRICK,
)


def copies(number: int) -> int:
    """How many cards of the deck carry `number` (K1).

    >>> copies(0), copies(7), copies(13)
    (4, 3, 0)
    """
    return sum(1 for card in DECK if card.number == number and not card.trick)


NUMBERS: tuple[int, ...] = tuple(sorted({c.number for c in DECK if c.number is not None}))  # K1


MAX_CARDS = 8  # more than any question here looks at (a hand is 4): bounds the work of one input


# What a list of cards is, as a refusal names it (the subject of its sentence).
A_PLAY, A_HAND = said("A play"), said("A hand")


def _cards(cards: Any, what: Said) -> list[Card]:
    """`cards` as a list of Cards the deck can hold together, or `bad-card`: one of each complete
    card, three copies of a number and four 0 cards at most (colours left out fit any copy)."""
    if isinstance(cards, (str, bytes, Mapping)) or not isinstance(cards, Iterable):
        raise _bad_card(said("{what} must be a list of cards.", what=what))
    out = [Card.from_json(c) for c in _bounded(cards, what)]
    for i, card in enumerate(out):
        if card.complete and card in out[:i]:
            raise _bad_card(said("{what} holds {card} twice, but the deck has only one (K1).",
                                 what=what, card=card.phrase))
        same = [c for c in out[: i + 1] if c.number == card.number and not c.trick]
        if not card.trick and len(same) > copies(card.number):
            if card.number == 0:
                raise _bad_card(said("{what} holds more cards numbered 0 than the deck's four "
                                     "0 cards (K1).", what=what))
            raise _bad_card(said("{what} holds more cards numbered {number} than the deck's "
                                 "three {number}s (K1).", what=what, number=card.number))
    return out


def _bounded(cards: Iterable[Any], what: Said) -> list[Any]:
    items = []
    for c in cards:
        items.append(c)
        if len(items) > MAX_CARDS:
            raise _bad_card(said("{what} cannot hold more than {n} cards here.", what=what,
                                 n=MAX_CARDS))
    return items


def _completions(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every way the cards could be complete cards of the deck, all distinct (at most 4**4)."""
    found: list[tuple[Card, ...]] = [()]
    for card in cards:
        found = [done + (c,) for done in found for c in card.could_be() if c not in done]
    return found


def _decided(cards: Sequence[Card], judge: Any) -> tuple[bool, Any]:
    """(True, the answer) when `judge` gives the same answer for every completion of `cards`."""
    answers = {judge(list(full)) for full in _completions(cards)}
    if len(answers) == 1:
        return True, answers.pop()
    return False, None


def _deciding(cards: Sequence[Card], judge: Any) -> list[int]:
    """Positions of the incomplete cards whose colour alone changes `judge`'s answer in some
    completion of the others: the colours worth asking for."""
    out: list[int] = []
    for full in _completions(cards):
        for i, card in enumerate(cards):
            if card.complete or i in out:
                continue
            others = full[:i] + full[i + 1:]
            answers = {judge([*full[:i], c, *full[i + 1:]]) for c in card.could_be()
                       if c not in others}
            if len(answers) > 1:
                out.append(i)
    return sorted(out)


def _colour_needed(cards: Sequence[Card], why: Said) -> RuleViolation:
    missing = listed(c.phrase for c in cards if not c.complete)
    return RuleViolation("colour-needed", "Say the colours of {cards}: {why}", cards=missing,
                         why=why)


def _check_truth_shape(truth: Any) -> None:
    """Refuse a truth that is not True, False, "trick" or a list of 1 or 2 cards."""
    if isinstance(truth, bool) or (isinstance(truth, str) and truth == TRICK_SHOWN):
        return
    if not isinstance(truth, list):
        raise RuleViolation(
            "bad-truth", 'A truth is True, False, "trick" or the cards shown, not {given}.',
            given=given_said(truth),
        )
    if len(_cards(truth, A_PLAY)) not in (1, 2):
        raise _bad_card(said("A play is 1 card, or 2 with an ally, not {count}.",
                             count=len(truth)))


def is_valid_ally(a: Card, b: Card) -> bool:
    """Whether two cards are valid allies (K3): a suit or secondary colour of one matches a suit or
    secondary colour of the other. The Trick Card is nobody's ally.

    >>> is_valid_ally(Card(5, secondary="blue"), Card(7, secondary="green"))  # red/blue, blue/green
    True
    >>> is_valid_ally(Card(0, suit="red"), Card(0, suit="green"))
    False
    """
    if not isinstance(a, Card) or not isinstance(b, Card):
        raise _bad_card(said("Allies are checked between two cards."))
    decided, valid = _decided([a, b], lambda pair: bool(pair[0].colours & pair[1].colours))
    if not decided:
        raise _colour_needed([a, b], said("they decide whether the two cards are valid allies "
                                          "(K3)."))
    return bool(valid)


def play_colours_needed(cards: Sequence[Card]) -> list[int]:
    """Which cards of a play (by position) need their colours said before the verdict can be
    given: none for one card (its score is its number) nor with the Trick Card; for two cards,
    the ones left incomplete when their colours decide whether the allies are valid (K3).

    >>> play_colours_needed([Card(5)]), play_colours_needed([Card(5), Card(9)])  # both red
    ([], [])
    >>> play_colours_needed([Card(5), Card(6)])
    [0, 1]
    """
    hand = _cards(cards, A_PLAY)
    if len(hand) != 2 or TRICK in hand:
        return []
    return _deciding(hand, lambda pair: bool(pair[0].colours & pair[1].colours))


def cause_colours_needed(hand: Sequence[Card]) -> list[int]:
    """Which cards of a 4-card hand need their colours said before Cause can be judged (K9): the
    secondary colour never counts, a 0 card's suit only when it decides.

    >>> cause_colours_needed([Card(1), Card(5), Card(9), Card(0)])
    [3]
    >>> cause_colours_needed([Card(0), Card(0), Card(0), Card(0)])  # one of each suit
    []
    """
    cards = _cards(hand, A_HAND)
    if len(cards) != HAND_SIZE:
        return []
    return _deciding(cards, _is_cause_of)


def play_score(cards: Sequence[Card], direction: str) -> int | None:
    """The score a play of 1 or 2 cards really makes (K2), or None when the play is a lie whatever
    was stated: it holds the Trick Card, or its two cards are not valid allies (K3).

    >>> play_score([Card(5, secondary="blue"), Card(7, secondary="green")], "down")
    -2
    """
    if direction not in DIRECTIONS:
        raise RuleViolation("bad-direction", "A game is played up or down, not {given}.",
                            given=given_said(direction))
    hand = _cards(cards, A_PLAY)
    if len(hand) not in (1, 2):
        raise _bad_card(said("A play is 1 card, or 2 with an ally, not {count}.",
                             count=len(hand)))
    if any(c.trick for c in hand):
        return None
    if len(hand) == 1:
        return hand[0].number
    a, b = hand
    if not is_valid_ally(a, b):
        return None
    assert a.number is not None and b.number is not None
    return a.number + b.number if direction == UP else -abs(a.number - b.number)


def judge_play(cards: Sequence[Card], stated: int, direction: str) -> tuple[str, Said]:
    """(verdict, why) of a revealed play against its stated score (K2, K3, K7): TRUTHFUL or LIED
    or TRICK_SHOWN, and the reason as a phrase, so a lie by invalid allies says so even when the
    sum was right.

    >>> str(judge_play([Card(5, secondary="yellow"), Card(7, secondary="green")], 12, "up")[1])
    '5 red/yellow and 7 blue/green are not valid allies (K3), though they make 12'
    """
    score = play_score(cards, direction)
    hand = _cards(cards, A_PLAY)
    if TRICK in hand:
        return TRICK_SHOWN, said("a play with the Trick Card is always a lie (K3)")
    if score is None:
        a, b = hand
        make = a.number + b.number if direction == UP else -abs(a.number - b.number)  # type: ignore[operator]
        if make == stated:
            return LIED, said("{first} and {second} are not valid allies (K3), though they "
                              "make {score}", first=a.phrase, second=b.phrase, score=make)
        return LIED, said("{first} and {second} are not valid allies (K3)", first=a.phrase,
                          second=b.phrase)
    if score == stated:
        return TRUTHFUL, said_n("the card makes {score}", "the cards make {score}", len(hand),
                                score=score)
    return LIED, said_n("the card makes {score}, not {stated}",
                        "the cards make {score}, not {stated}", len(hand), score=score,
                        stated=stated)


def is_cause(hand: Sequence[Card]) -> bool:
    """Whether a hand is a Cause (K9): exactly 4 cards, one of each suit or all of one suit; the
    secondary colour does not count and the Trick Card has no suit.

    >>> is_cause([Card(0, suit="red"), Card(2, "red"), Card(3, "red"), Card(4, "red")])
    True
    """
    cards = _cards(hand, A_HAND)
    if len(cards) != HAND_SIZE:
        return False
    decided, had = _decided(cards, _is_cause_of)
    if not decided:
        raise _colour_needed(cards, said("a 0 card counts by its suit (K9)."))
    return bool(had)


def _is_cause_of(cards: Sequence[Card]) -> bool:
    if any(c.trick for c in cards):
        return False
    return len({c.suit for c in cards}) in (1, 4)


def score_range(direction: str = UP, with_ally: bool = False) -> range:
    """The stated scores a play could make (K2): 0..12 for one card, 0..24 UP or -12..0 DOWN with
    an ally. Anything outside is an input error, not a lie.
    """
    if not with_ally:
        return range(0, 13)
    return range(0, 25) if direction == UP else range(-12, 1)


def unnamed_team(letter: str) -> Said:
    """How a team left unnamed is called, as data: "Team A" in the reader's language.

    >>> str(unnamed_team("B"))
    'Team B'
    """
    return said("Team {letter}", letter=TEAM_LETTER_WORDS[letter])


def team_name_problems(teams: Sequence[str | None], players: Sequence[str]) -> dict[int, Said]:
    """{place in `teams`: why a new match refuses that team name (a `Said`)}, for a screen to
    say beside each name as it is typed; {} when a match would take them all. A name is judged
    against the players and the names before it that are fine (one that is not says so itself).
    None stands for a team left unnamed (called "Team A" by its place): a typed name that reads
    as one of those, its letter or its English name, is refused too.

    >>> problems = team_name_problems(["Suns", "suns", "Ann", "Moons"], ["Ann", "Ben", "Cleo"])
    >>> {i: str(why) for i, why in problems.items()}
    {1: 'Two teams are called “suns”.', 2: "The team “Ann” has a player's name."}
    >>> {i: str(why) for i, why in team_name_problems(["Team B", None], ["Ann"]).items()}
    {0: '“Team B” reads as Team B, a team left unnamed: choose another name.'}
    """
    problems: dict[int, Said] = {}
    unnamed = [TEAM_LETTERS[i] for i, name in enumerate(teams)
               if name is None and i < len(TEAM_LETTERS)]
    fine: list[str] = []
    for i, name in enumerate(teams):
        if name is None:
            continue
        why = _team_name_violation(name, fine, players, unnamed)
        if why is None:
            fine.append(name)
        else:
            problems[i] = why.said
    return problems


def _team_name_violation(name: Any, earlier: Sequence[str], players: Sequence[str],
                         unnamed: Sequence[str] = ()) -> RuleViolation | None:
    """Why `name` cannot name a new match's team beside the `earlier` names (taken as fine) and
    the teams left `unnamed` (their letters)."""
    if not isinstance(name, str) or not name.strip() or len(name) > core.MAX_NAME:
        return RuleViolation("bad-option", "Every team needs a name (up to {n} characters).",
                             n=core.MAX_NAME)
    if name.strip().casefold() in {other.strip().casefold() for other in earlier}:
        return RuleViolation("bad-option", "Two teams are called “{name}”.", name=name)
    if name in players:
        return RuleViolation("bad-option", "The team “{name}” has a player's name.", name=name)
    for letter in unnamed:
        # The letter is the unnamed team's key; its English name is what the table reads
        # (each screen also refuses the name in its own language: options.name_clashes).
        if name == letter or (not core.stored_names_now()
                              and reads_as(name, str(unnamed_team(letter)), letter)):
            return RuleViolation("bad-option",
                                 "“{name}” reads as {team}, a team left unnamed: choose "
                                 "another name.", name=name, team=unnamed_team(letter))
    try:
        core.check_new_team_names([*earlier, name], players)
    except RuleViolation as why:
        return why
    return None


def reads_as(name: str, *others: str) -> bool:
    """Whether a person may take the team name `name` for any of `others`: the same letters in
    another case or width, or the same look (`scoring.names.looks_like`)."""
    return any(name.strip().casefold() == other.strip().casefold() or looks_like(name, other)
               for other in others)


def alternate_seating(teams: Mapping[str, Sequence[str]]) -> list[str]:
    """A seating order with teammates alternating (K10): the first of each team, then the second
    of each team, and so on.

    >>> alternate_seating({"Suns": ["Ann", "Cleo"], "Moons": ["Ben", "Dan"]})
    ['Ann', 'Ben', 'Cleo', 'Dan']
    """
    members = [list(m) for m in teams.values()]
    seats: list[str] = []
    for i in range(max((len(m) for m in members), default=0)):
        seats.extend(m[i] for m in members if i < len(m))
    return seats


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


def _truth_to_json(truth: Any) -> Any:
    """Cards in a truth become plain data for the event; anything else is passed on as is."""
    if isinstance(truth, Card):
        return [truth.to_json()]
    if isinstance(truth, (list, tuple)):
        return [c.to_json() if isinstance(c, Card) else c for c in truth]
    return truth


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
            if isinstance(members, str) or not isinstance(members, Iterable):
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
                "Teams are 2 against 2, 3 against 3, 4 against 4, 2v2v2 or 2v2v2v2 (K10).",
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
        return self._team[player] or player

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
                                                "game (K3: a PASS states nothing).", player=player)
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
        return {self._label(t): said("in hand: {counts}", counts=listed(
                    said("{player} {n}", player=p, n=hands[p]) for p in members))
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
        """How a scoreboard names a player, or a team with its members (a team left unnamed as
        a `Said`: "Team A (Ann, Cleo)" in the reader's language)."""
        teams = self.teams
        if not teams:
            return side
        members = ", ".join(teams[side])
        if side in self._unnamed:
            return said("{team} ({players})", team=unnamed_team(side), players=members)
        return f"{side} ({members})"

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
                                "The match is over ({winners} won): undo to change it (K11).",
                                winners=listed(self.winners))

    def _require_game(self) -> dict[str, Any]:
        self._refuse_if_over()
        if self._game is None:
            if not self._set_open:
                raise RuleViolation("no-set", "No game is being played: start a set first.")
            raise RuleViolation("no-game", "No game is being played: {player} starts the next "
                                           "one.", player=self.starter)
        return self._game

    def _check_player(self, player: Any) -> str:
        if not isinstance(player, str) or player not in self.players:
            raise RuleViolation("unknown-player", "“{player}” is not playing.",
                                player=str(player))
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
                    "from {low} to {high}, not {given} (K2).",
                    direction=DIRECTION_WORDS[direction], low=low, high=high, given=given)
            raise RuleViolation(
                "score-out-of-range", "A score stated for one card is from {low} to {high} or "
                "PASS, not {given} (K2).", low=low, high=high, given=given)
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
                    "{player} cannot doubt a teammate: {target} is in {team} too (K10).",
                    player=p, target=target, team=self.side_name(self._team[p]))
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
                "Say whether {player} told the truth (True), lied (False), lied with the "
                'Trick Card ("trick") or give the cards shown.', player=player,
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
                    parts.append(said_n("{team} win the match with {n} point.",
                                        "{team} win the match with {n} points.", pts,
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
                "Set {set} still has {n} game to play (K4).",
                "Set {set} still has {n} games to play (K4).", left, set=self._set_no))
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
            raise RuleViolation("not-your-turn", "{starter} starts this game, not {player} (K4).",
                                starter=starter, player=str(event.get("player")))
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
            raise RuleViolation("bad-event", "with_ally is True or False.")
        if with_ally and event.get("stated") == PASS:
            raise RuleViolation(
                "passed", "A PASS states no score, so it cannot come with an ally (K3)."
            )
        stated = self._check_stated(event.get("stated"), g["direction"], with_ally)
        if with_ally and self._ally_used[player]:
            raise RuleViolation("ally-used", "{player} has already played an ally this set (K6).",
                                player=player)
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
                "Allies come after every card is played: it is {player}'s card (K5).",
                player=self.current,
            )
        player = self._check_player(event.get("player"))
        play = g["plays"].get(player)
        if player in g["eliminated"]:
            raise RuleViolation("eliminated", "{player} was unmasked as a liar and is out of "
                                              "this game (K7).", player=player)
        if play is None or play["stated"] == PASS:
            raise RuleViolation("passed", "{player} said PASS and may not play an ally (K6).",
                                player=player)
        if self._ally_used[player]:
            raise RuleViolation("ally-used", "{player} has already played an ally this set (K6).",
                                player=player)
        if player in g["declined"]:
            raise RuleViolation("declined", "{player} declined an ally in this game; that is "
                                            "final (K6).", player=player)
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
                "PASS or a play already shown (K7).",
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
                "{player} has played a card this set: Cause comes before the first card (K9).",
                player=player,
            )
        if self._cause_locked[player]:
            raise RuleViolation(
                "cause-claimed",
                "{player} already claimed Cause with this hand and nobody doubted it (K9).",
                player=player,
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
                "Say whether {player} had Cause (True or False) or give the 4 cards shown.",
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
                                                 "yet (K5).", player=self.current)
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
                "{players} won the game and must be unmasked: did {players} tell the truth (K8)?",
                "{players} won the game and must be unmasked: did they tell the truth (K8)?",
                len(missing), players=listed(missing)))
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
            parts.append(said("{players} tie at {stated}: no point (K8).", players=who,
                              stated=best))
        else:
            best = g["plays"][winners[0]]["stated"]
            lead = winners[0]
            if len(winners) == 1:
                parts.append(said("{player} wins with {stated}: {points}.", player=lead,
                                  stated=best, points=self._award(lead, WIN_POINTS, changes)))
            else:
                parts.append(said("{players} tie at {stated}, all {team}: {points} (K10).",
                                  players=listed(winners), stated=best,
                                  team=self.side_name(self._team[lead]),
                                  points=self._award(lead, WIN_POINTS, changes)))
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
