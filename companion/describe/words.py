"""Words the screens share: what a score counts, said with its number in the session's language.

What a score counts is the game's to say: each game declares its units (`Match.UNITS`, glossary
words with their plural forms), and these ask it; nothing here knows a unit by name. The number
is written by the language's `Words` (`say(n)`: a negative with the typographic minus in
English).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from companion.i18n import N_ as N_  # re-exported: the marker lives with the catalogs
from companion.i18n import _, pgettext, say, words
from scoring import GAMES
from scoring.core import Match, Unit
from scoring.said import MINUS, Signed, Words, render


def figure(n: int | float) -> str:
    """A count as the screens write it: the session's language's digits, a negative with the
    minus sign (U+2212), never a hyphen.

    >>> figure(3), figure(0), figure(-10)
    ('3', '0', '−10')
    """
    return say(n)


def signed(n: int) -> str:
    """A change, always signed ("+18", "−1").

    >>> signed(18), signed(-1)
    ('+18', '−1')
    """
    return say(Signed(n))


def said_once(language: Words | None = None) -> Callable[[Any], str]:
    """`say` for one render of a list whose rows repeat a few values: each distinct value (a
    History row's variant, "Hearts · lowest wins at 100") is said once, then looked up, as a
    score sheet's nested sentence costs some 12 µs a row (bench/sheet_stats.py). A value seen
    before is found by its identity (the store shares one object for equal variants: storage/
    index.py), an equal one by its value. `language`: the session's words unless given."""
    spoken = language if language is not None else words()
    seen: dict[int, tuple[Any, str]] = {}  # id -> (the value, kept so its id is not reused)
    known: dict[Any, str] = {}

    def say_once(value: Any) -> str:
        hit = seen.get(id(value))
        if hit is not None:
            return hit[1]
        try:
            text = known.get(value)
            if text is None:
                text = known[value] = render(value, spoken)
        except TypeError:  # a value no dict can key: said each time
            text = render(value, spoken)
        seen[id(value)] = (value, text)
        return text

    return say_once


_HYPHEN_MINUS = re.compile(r"(?<![\w\-\u2212])-(?=\d)")


def minus_signs(text: str) -> str:
    """`text` (a summary stored before figures were data) with each negative number's hyphen
    made a minus; a hyphen inside a word or between figures ("2026-12-02", "1-3") stays.

    >>> minus_signs("Ann -10 points"), minus_signs("-2/10"), minus_signs("steps 1-3")
    ('Ann −10 points', '−2/10', 'steps 1-3')
    """
    return _HYPHEN_MINUS.sub(MINUS, text)


def _form(n: int | float) -> int:
    # gettext picks a form by a whole number; a fraction (an average, 12.5) takes the form of
    # many, as it does in each language the app speaks (CLDR's "other" in en, es, de and ja).
    return n if isinstance(n, int) else 2


def unit_of(unit: Unit | str) -> Unit | None:
    """`unit` as a game declares it: a `Unit` as it is, a code (a Count's, a FinalScore's) as
    the first game of the registry that declares it says it; None for a code no game has."""
    if isinstance(unit, Unit):
        return unit
    for cls in (Match, *GAMES.values()):
        found = cls.unit_named(unit)
        if found is not None:
            return found
    return None


def amount(unit: Unit | str, n: int | float, written: str | None = None) -> str:
    """`n` of what a score counts (a game's `Unit`, or its code), "12 points", "1 trophy";
    `written`: the figure already written (an average "12.5"). A unit no game has is said as
    written.

    >>> amount("penalty", 1), amount("points", -10), amount("fuel", 2), amount("coins", 3)
    ('1 penalty point', '−10 points', '2 fuel', '3 coins')
    """
    text = written if written is not None else say(n)
    found = unit_of(unit)
    if found is None:
        return f"{text} {unit}"
    return say(found.amount_term(_form(n))).format(n=text)


def change(name: str, delta: int, unit: Unit | str) -> str:
    """A change as the timeline says it: "Ann +18" (plain points), "Ben −1 trophy".

    >>> change("Ann", 18, "points"), change("Ben", -1, "trophies"), change("Cy", 2, "fuel")
    ('Ann +18', 'Ben −1 trophy', 'Cy +2 fuel')
    """
    found = unit_of(unit)
    if found is not None and found.bare:
        return _("{player} {change}").format(player=name, change=signed(delta))
    return _("{player} {change}").format(player=name,
                                         change=amount(unit, abs(delta), signed(delta)))


def unit_title(unit: Unit | str, *, teams: bool = False) -> str:
    """What a chart or a column counts: "Points", "Team points", "Penalty points", "Fuel".

    >>> unit_title("points", teams=True), unit_title("penalty"), unit_title("coins")
    ('Team points', 'Penalty points', 'Coins')
    """
    found = unit_of(unit)
    if found is None:
        return str(unit).capitalize()
    return say(found.team_title if teams and found.team_title is not None else found.title)


def counted(unit: Unit | str) -> str:
    """What a score counts, in a sentence's middle: "points", "penalty points".

    >>> counted("penalty"), counted("trophies")
    ('penalty points', 'trophies')
    """
    found = unit_of(unit)
    return say(found.words) if found is not None else str(unit)


def several_words(title: str) -> bool:
    """Whether a game's title, as said, is more than one word ("My Favorite Carrera RS"): such a
    title is never glued into a compound (German writes "Ratel-Partie", but no
    "My Favorite Carrera RS-Partie"), so its sentences have their own wording (the catalogs'
    context "title of several words").

    >>> several_words("Ratel"), several_words("My Favorite Carrera RS"), several_words("ラーテル")
    (False, True, False)
    """
    return len(title.split()) > 1


def new_match(title: Any) -> str:
    """A New match button's or screen's words for a game (its title, a glossary word): "New
    Ratel match", German "Neue Ratel-Partie" but "Neue Partie: My Favorite Carrera RS".

    >>> new_match("Ratel"), new_match("My Favorite Carrera RS")
    ('New Ratel match', 'New My Favorite Carrera RS match')
    """
    text = say(title)
    if several_words(text):
        return pgettext("title of several words", "New {game} match").format(game=text)
    return _("New {game} match").format(game=text)
