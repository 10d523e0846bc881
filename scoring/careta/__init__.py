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

The package: glossary.py (the values and their words), cards.py (the deck and what a play or a
hand scores), teams.py (teams and seating) and match.py (the Match). Every public name of each is
one of this package's: `from scoring.careta import Card` and `careta.Match` as ever.
"""

from __future__ import annotations

from scoring.careta.cards import (
    A_HAND,
    A_PLAY,
    DECK,
    HAND_SIZE,
    LIED,
    MAX_CARDS,
    NUMBERS,
    TRICK,
    TRICK_SHOWN,
    TRUTHFUL,
    Card,
    cause_colours_needed,
    copies,
    doubt_colours_needed,
    is_cause,
    is_valid_ally,
    judge_play,
    play_colours_needed,
    play_score,
    score_range,
    suit_of,
)
from scoring.careta.glossary import (
    CAUSE_WORD,
    COLOUR_WORDS,
    COLOURS,
    DECK_MASTER_WORD,
    DIRECTION_WORDS,
    DIRECTIONS,
    DOWN,
    GLOSSARY,
    PASS,
    PASS_WORD,
    PLAYER_ROLE,
    SUIT_WORDS,
    SUITS,
    TEAM_LETTER_WORDS,
    TEAM_LETTERS,
    TRICK_WORD,
    UP,
)
from scoring.careta.match import (
    CAUSE_POINTS,
    CAUSE_SHOWN_POINTS,
    DECEPTION_POINTS,
    GAMES_PER_SET,
    LIE_POINTS,
    NO_CAUSE_POINTS,
    PHASES,
    TRICK_CARD_POINTS,
    TRUTH_POINTS,
    UNMASK_POINTS,
    WIN_POINTS,
    Match,
    PlayerState,
)
from scoring.careta.teams import (
    TEAM_LAYOUTS,
    alternate_seating,
    reads_as,
    team_name_problems,
    unnamed_team,
)
from scoring.core import RuleViolation  # as the module always had it (careta.RuleViolation)

__all__ = [
    "A_HAND", "A_PLAY", "CAUSE_POINTS", "CAUSE_SHOWN_POINTS", "CAUSE_WORD", "COLOURS",
    "COLOUR_WORDS", "Card", "DECEPTION_POINTS", "DECK", "DECK_MASTER_WORD", "DIRECTIONS",
    "DIRECTION_WORDS", "DOWN", "GAMES_PER_SET", "GLOSSARY", "HAND_SIZE", "LIED", "LIE_POINTS",
    "MAX_CARDS", "Match", "NO_CAUSE_POINTS", "NUMBERS", "PASS", "PASS_WORD", "PHASES",
    "PLAYER_ROLE", "PlayerState", "RuleViolation", "SUITS", "SUIT_WORDS", "TEAM_LAYOUTS",
    "TEAM_LETTERS", "TEAM_LETTER_WORDS", "TRICK", "TRICK_CARD_POINTS", "TRICK_SHOWN", "TRICK_WORD",
    "TRUTHFUL", "TRUTH_POINTS", "UNMASK_POINTS", "UP", "WIN_POINTS", "alternate_seating",
    "cause_colours_needed", "copies", "doubt_colours_needed", "is_cause", "is_valid_ally",
    "judge_play", "play_colours_needed", "play_score", "reads_as", "score_range", "suit_of",
    "team_name_problems", "unnamed_team",
]
