"""Careta's values and their glossary words: the colours, suits, directions, PASS and the team
letters as the engine stores them, and each as the word a person reads (scoring/said.py's
`term`), with GLOSSARY listing them all for the catalogs."""

from __future__ import annotations

from scoring.said import Term, term

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
