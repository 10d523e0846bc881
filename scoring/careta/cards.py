"""Careta's cards and what they score: the deck (K1), a play's score and its range (K2), valid
allies and lies (K3), Cause (K9), and the questions a table's colours left out raise."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.careta.glossary import COLOUR_WORDS, COLOURS, DIRECTIONS, SUIT_WORDS, TRICK_WORD, UP
from scoring.core import RuleViolation, checked, refused_kind
from scoring.said import Said, Term, listed, said, said_n
from scoring.words import given_said

HAND_SIZE = 4
# Verdicts of a revealed play or claim.
TRUTHFUL, LIED, TRICK_SHOWN = "truthful", "lied", "trick"


@checked
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
copies are red with yellow, blue or green.
    """

    number: int | None = None
    secondary: str | None = None
    suit: str | None = None
    trick: bool = False

    def __post_init__(self) -> None:
        if self.trick is True:
            if (self.number, self.secondary, self.suit) != (None, None, None):
                raise _bad_card(said("The Trick Card has no number, suit or colour.").citing("K1"))
            return
        if self.trick is not False:
            raise _bad_card(said("Whether a card is the Trick Card is a yes or a no.").citing("K1"))
        n = self.number
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 12:
            raise _bad_card(said("Cards are numbered 0 to 12 (or the Trick Card), not {given}.",
                                 given=given_said(n)).citing("K1"))
        if n == 0:
            if self.suit is not None and self.suit not in COLOURS:
                raise _bad_card(said("A 0 card names its suit colour ({colours}), not {given}.",
                                     colours=listed(COLOUR_WORDS.values(), "or"),
                                     given=given_said(self.suit)).citing("K1"))
            if self.secondary is not None:
                raise _bad_card(said("The 0 cards have no secondary colour.").citing("K1"))
            return
        suit = suit_of(n)
        if self.suit is not None and self.suit != suit:
            raise _bad_card(said("A {number} is always {colour} ({suit}), not {given}.",
                                 number=n, colour=COLOUR_WORDS[suit], suit=SUIT_WORDS[suit],
                                 given=_colour(self.suit)).citing("K1"))
        if self.secondary is not None and (self.secondary not in COLOURS
                                           or self.secondary == suit):
            others = listed((COLOUR_WORDS[c] for c in COLOURS if c != suit), "or")
            raise _bad_card(said(
                "There is no {number} with {given} as secondary colour: a {number} is {colour}, "
                "its three copies are {colour} with {others}.",
                number=n, given=_colour(self.secondary), colour=COLOUR_WORDS[suit], others=others,
            ).citing("K1"))
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


@checked
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
            raise _bad_card(said("{what} holds {card} twice, but the deck has only one.",
                                 what=what, card=card.phrase).citing("K1"))
        same = [c for c in out[: i + 1] if c.number == card.number and not c.trick]
        if not card.trick and len(same) > copies(card.number):
            if card.number == 0:
                raise _bad_card(said("{what} holds more cards numbered 0 than the deck's four "
                                     "0 cards.", what=what).citing("K1"))
            raise _bad_card(said("{what} holds more cards numbered {number} than the deck's "
                                 "three {number}s.", what=what, number=card.number).citing("K1"))
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
            "bad-truth", "A play is shown truthful, a lie, a lie with the Trick Card or by its "
                         "cards, not {given}.",
            given=given_said(truth),
        )
    if len(_cards(truth, A_PLAY)) not in (1, 2):
        raise _bad_card(said("A play is 1 card, or 2 with an ally, not {count}.",
                             count=len(truth)))


@checked
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
        raise _colour_needed([a, b], said("they decide whether the two cards are valid "
                                          "allies.").citing("K3"))
    return bool(valid)


@checked
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


@checked
def doubt_colours_needed(cards: Sequence[Card], stated: int, direction: str) -> list[int]:
    """Which cards of a doubted play (by position) need their colours said before its verdict
    can be given (K3, K7): as `play_colours_needed`, but none when the numbers alone show a lie,
    valid allies or not.

    >>> doubt_colours_needed([Card(5), Card(6)], 11, "up")  # valid allies make it the truth
    [0, 1]
    >>> doubt_colours_needed([Card(5), Card(6)], 12, "up")  # 5 and 6 make 11: a lie either way
    []
    """
    if isinstance(stated, bool) or not isinstance(stated, int):
        raise refused_kind(stated, int)
    _check_direction(direction)
    hand = _cards(cards, A_PLAY)
    if len(hand) != 2 or TRICK in hand or _makes(hand, direction) != stated:
        return []
    return play_colours_needed(hand)


def _makes(pair: Sequence[Card], direction: str) -> int:
    """What two cards' numbers make, as valid allies (K2): the sum UP, less the difference
    DOWN."""
    a, b = pair
    assert a.number is not None and b.number is not None
    return a.number + b.number if direction == UP else -abs(a.number - b.number)


def _check_direction(direction: str) -> None:
    if direction not in DIRECTIONS:
        raise RuleViolation("bad-direction", "A game is played up or down, not {given}.",
                            given=given_said(direction))


@checked
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


@checked
def play_score(cards: Sequence[Card], direction: str) -> int | None:
    """The score a play of 1 or 2 cards really makes (K2), or None when the play is a lie whatever
    was stated: it holds the Trick Card, or its two cards are not valid allies (K3).

    >>> play_score([Card(5, secondary="blue"), Card(7, secondary="green")], "down")
    -2
    """
    _check_direction(direction)
    hand = _cards(cards, A_PLAY)
    if len(hand) not in (1, 2):
        raise _bad_card(said("A play is 1 card, or 2 with an ally, not {count}.",
                             count=len(hand)))
    if any(c.trick for c in hand):
        return None
    if len(hand) == 1:
        return hand[0].number
    if not is_valid_ally(*hand):
        return None
    return _makes(hand, direction)


@checked
def judge_play(cards: Sequence[Card], stated: int, direction: str) -> tuple[str, Said]:
    """(verdict, why) of a revealed play against its stated score (K2, K3, K7): TRUTHFUL or LIED
    or TRICK_SHOWN, and the reason as a phrase, so a lie by invalid allies says so even when the
    sum was right.

    >>> str(judge_play([Card(5, secondary="yellow"), Card(7, secondary="green")], 12, "up")[1])
    '5 red/yellow and 7 blue/green are not valid allies, though they make 12'
    """
    _check_direction(direction)
    hand = _cards(cards, A_PLAY)
    if len(hand) == 2 and TRICK not in hand and _makes(hand, direction) != stated \
            and play_colours_needed(hand):
        # The colours would decide only whether they are valid allies: the numbers show the lie.
        return LIED, said_n("the card makes {score}, not {stated}",
                            "the cards make {score}, not {stated}", 2,
                            score=_makes(hand, direction), stated=stated)
    score = play_score(cards, direction)
    if TRICK in hand:
        return TRICK_SHOWN, said("a play with the Trick Card is always a lie").citing("K3")
    if score is None:
        a, b = hand
        make = _makes(hand, direction)
        if make == stated:
            return LIED, said("{first} and {second} are not valid allies, though they make "
                              "{score}", first=a.phrase, second=b.phrase, score=make).citing("K3")
        return LIED, said("{first} and {second} are not valid allies", first=a.phrase,
                          second=b.phrase).citing("K3")
    if score == stated:
        return TRUTHFUL, said_n("the card makes {score}", "the cards make {score}", len(hand),
                                score=score)
    return LIED, said_n("the card makes {score}, not {stated}",
                        "the cards make {score}, not {stated}", len(hand), score=score,
                        stated=stated)


@checked
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
        raise _colour_needed(cards, said("a 0 card counts by its suit.").citing("K9"))
    return bool(had)


def _is_cause_of(cards: Sequence[Card]) -> bool:
    if any(c.trick for c in cards):
        return False
    return len({c.suit for c in cards}) in (1, 4)


@checked
def score_range(direction: str = UP, with_ally: bool = False) -> range:
    """The stated scores a play could make (K2): 0..12 for one card, 0..24 UP or -12..0 DOWN with
    an ally. Anything outside is an input error, not a lie.
    """
    if not with_ally:
        return range(0, 13)
    return range(0, 25) if direction == UP else range(-12, 1)


def _truth_to_json(truth: Any) -> Any:
    """Cards in a truth become plain data for the event; anything else is passed on as is."""
    if isinstance(truth, Card):
        return [truth.to_json()]
    if isinstance(truth, (list, tuple)):
        return [c.to_json() if isinstance(c, Card) else c for c in truth]
    return truth
