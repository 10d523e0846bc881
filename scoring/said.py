"""What the engines say, as data: a message id and its arguments, rendered in any language.

An engine never builds a sentence for a person. It returns a `Said`: a message id and its
arguments. The id is the English template, gettext's convention (the English text is the key a
catalog translates), so `str()` of a `Said` reads as English and logs, tests and `str(error)`
keep a sentence, while companion/ renders the same value in the table's language through its
catalogs (`render(value, words)` with a `Words` of that language). German or Japanese word order
is the translator's: a template is one whole sentence or phrase, never glued from fragments.

A template names its arguments in braces, bare: "{player} lays {colour} at {cell}." (no format
spec: every argument is rendered to text first). An argument is one of:
- `str`: written as it is: a player's name, a cell ("B3"). Never translated. Text with a
  right-to-left letter is isolated (`isolated`), so "Ann, محمد, דוד" keeps its order.
- `int`: a number, written as the reader's locale writes numbers.
- `Said`: a phrase inside the sentence, rendered first in the same language.
- `Term`: a word of a game's glossary (a colour, a suit, a card), translated in its context.
- `Listed`: several values joined as the reader's language lists them ("Ann, Ben and Cleo").
- `Day`: the day of a moment, as the reader's language writes dates ("12 May 2025").
- `Clause`: a whole sentence said inside another, its own full stop left to the outer one.
- `Signed`: a change with its sign ("+3", "+0", "−3", the typographic minus).

Plural forms: `said_n(singular, plural, n, ...)` picks the form by `n` (an argument "n" too), as
the reader's language has them (Japanese one, German two, ...). `term_n` likewise for a word.

Catalog extraction (Babel) finds the ids by these keywords, so every id must be a literal at
the call: said:1, said_n:1,2, term:1c,2, term_n:1c,2,3, RuleViolation:2.

>>> str(said("{player} passes.", player="Ann"))
'Ann passes.'
>>> left = [said_n("{n} caro left", "{n} caros left", n) for n in (1, 3)]
>>> [str(s) for s in left]
['1 caro left', '3 caros left']
>>> str(said("{who} lose {points}.", who=Listed(("Ann", "Ben")), points=Signed(-2)))
'Ann and Ben lose −2.'
>>> str(said("Rule 1: {colour} cannot go there.", colour=term("caro colour", "grey")))
'Rule 1: grey cannot go there.'
>>> str(said("It is {player}'s turn.", player="{Ann}"))  # a name is never a template
"It is {Ann}'s turn."
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

MINUS = "\u2212"  # the typographic minus: a negative figure never reads as a hyphen
ISOLATE, POP = "\u2068", "\u2069"  # first-strong isolate (FSI) and its end (PDI)
_OPENERS = frozenset("\u2066\u2067\u2068")  # LRI, RLI, FSI
_TURNING = frozenset({"R", "AL", "AN"})  # what reorders the words around it


def isolated(value: Any) -> Any:
    """A name (or any text) fit to stand inside a sentence, a list or a score line: text with a
    right-to-left letter (or an Arabic digit) outside an isolate of its own is wrapped in FSI ...
    PDI (U+2068 ... U+2069), so it takes its own direction and cannot carry the words, commas
    and figures beside it into it ("陳大文, محمد, דוד" in player order, "محمد 3" with its score).
    Other text, and anything not text, is returned as it is; isolating twice changes nothing.

    >>> isolated("محمد 3") == "\u2068محمد 3\u2069", isolated("Ann"), isolated(3)
    (True, 'Ann', 3)
    """
    if not isinstance(value, str) or value.isascii():
        return value
    depth = 0
    for ch in value:
        if ch in _OPENERS:
            depth += 1
        elif ch == POP:
            depth = max(depth - 1, 0)
        elif depth == 0 and unicodedata.bidirectional(ch) in _TURNING:
            return ISOLATE + value + POP
    return value


class Words(Protocol):
    """One language's way of saying things: what `render` needs from a catalog and a locale."""

    def gettext(self, message: str) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int) -> str: ...
    def pgettext(self, context: str, message: str) -> str: ...
    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str: ...
    def number(self, n: int | float) -> str: ...
    def listed(self, items: list[str], style: str) -> str: ...
    def date(self, moment: datetime) -> str: ...


def _itself(self: Any, memo: Any = None) -> Any:
    """A said value is never changed once made: a copy of a match's state (an undo checkpoint)
    shares it instead of copying every sentence of its history."""
    return self


@dataclass(frozen=True, slots=True)
class Said:
    """A sentence or phrase as data: its message id (the English template) and arguments."""

    __copy__ = _itself
    __deepcopy__ = _itself

    msg: str
    args: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None  # the English plural template; the form is picked by args["n"]
    # The ruling the sentence applies ("K6", as the rules sheets name it in bold), beside the
    # sentence and never inside it: a screen offers "Why?" to open the sheet at it.
    ruling: str | None = field(default=None, repr=False)

    def __hash__(self) -> int:
        # A name may be a `Said` (a team left unnamed) and key a dict like a name does; its
        # arguments are names, numbers and said values, all hashable.
        return hash((self.msg, tuple(self.args.items()), self.plural, self.ruling))

    def citing(self, ruling: str) -> Said:
        """The same sentence, naming the ruling it applies as data ("K6")."""
        return Said(self.msg, self.args, self.plural, ruling)

    def render(self, words: Words) -> str:
        if self.plural is not None:
            template = words.ngettext(self.msg, self.plural, int(self.args["n"]))
        else:
            template = words.gettext(self.msg)
        if not self.args:
            return template  # a sentence with nothing to fill in is used as it stands
        return template.format_map({k: render(v, words) for k, v in self.args.items()})

    def __str__(self) -> str:
        return self.render(ENGLISH)


@dataclass(frozen=True, slots=True)
class Term:
    """A glossary word of a game ("grey" in "caro colour"), translated in its context; with
    `plural`, in the form `n` asks for."""

    __copy__ = _itself
    __deepcopy__ = _itself

    context: str
    word: str
    plural: str | None = None
    n: int | None = None

    def render(self, words: Words) -> str:
        if self.plural is not None and self.n is not None:
            return words.npgettext(self.context, self.word, self.plural, self.n)
        return words.pgettext(self.context, self.word)

    def __str__(self) -> str:
        return self.render(ENGLISH)


@dataclass(frozen=True, slots=True)
class Listed:
    """Values said as one list: style "and" ("Ann, Ben and Cleo") or "or"; "names", the players
    naming a match ("Ana, Ben y Cleo"; the engines' English keeps the bare commas a match's name
    always had, "Caro: Ann, Ben"); "parts", items that hold commas of their own (matches named
    by their players), joined by the language's `PARTS` ("Caro: Ann, Ben; Ratel: Cleo, Dan");
    "members", names side by side with no "and" ("Suns (Ann, Cleo)", Japanese "Ann、Cleo")."""

    __copy__ = _itself
    __deepcopy__ = _itself

    items: tuple[Any, ...]
    style: str = "and"

    def render(self, words: Words) -> str:
        said_items = [render(item, words) for item in self.items]
        if self.style == "parts":
            return PARTS.render(words).join(said_items)
        return words.listed(said_items, self.style)

    def __str__(self) -> str:
        return self.render(ENGLISH)


@dataclass(frozen=True, slots=True)
class Signed:
    """A change always written with its sign: "+3", "+0", "−3"."""

    __copy__ = _itself
    __deepcopy__ = _itself

    value: int

    def render(self, words: Words) -> str:
        n = self.value
        text = words.number(abs(n))
        return f"{MINUS}{text}" if n < 0 else f"+{text}"  # a change of nothing: "+0"

    def __str__(self) -> str:
        return self.render(ENGLISH)


@dataclass(frozen=True, slots=True)
class Day:
    """The day of `moment` (an aware datetime), as the reader writes a date in their own time
    zone ("12 May 2025", "12.05.2025"); the engines' English writes it ISO, in the zone `moment`
    carries ("2025-05-12")."""

    __copy__ = _itself
    __deepcopy__ = _itself

    moment: datetime

    def render(self, words: Words) -> str:
        return words.date(self.moment)

    def __str__(self) -> str:
        return self.render(ENGLISH)


FULL_STOPS = ".\u3002"  # "." and Japanese's "。"


@dataclass(frozen=True, slots=True)
class Clause:
    """A value (a whole sentence, or a phrase) said inside another sentence, which brings the
    full stop: the value's own final one is left out, in any of the languages' scripts."""

    __copy__ = _itself
    __deepcopy__ = _itself

    value: Any

    def render(self, words: Words) -> str:
        return render(self.value, words).rstrip(FULL_STOPS)

    def __str__(self) -> str:
        return self.render(ENGLISH)


# Every action of a replay makes a few Said values: these two fill a new Said's three slots
# through the slots' own setters instead of the frozen dataclass's __init__ (object.__setattr__
# per field: counted with callgrind, 6.1k instructions a said() against 4.8k). The value is the
# same, and as frozen: only these setters, never an assignment, can fill a slot.
_new = object.__new__
_set_msg = Said.msg.__set__  # type: ignore[attr-defined]
_set_args = Said.args.__set__  # type: ignore[attr-defined]
_set_plural = Said.plural.__set__  # type: ignore[attr-defined]
_set_ruling = Said.ruling.__set__  # type: ignore[attr-defined]


def said(msg: str, /, **args: Any) -> Said:
    """A sentence: `msg` is its English template, the message id."""
    made = _new(Said)
    _set_msg(made, msg)
    _set_args(made, args)
    _set_plural(made, None)
    _set_ruling(made, None)
    return made


def said_n(singular: str, plural: str, n: int, /, **args: Any) -> Said:
    """A sentence whose form depends on the number `n` (also given to it as "n")."""
    made = _new(Said)
    _set_msg(made, singular)
    _set_args(made, {"n": n, **args})
    _set_plural(made, plural)
    _set_ruling(made, None)
    return made


def term(context: str, word: str) -> Term:
    """A glossary word: `context` names the game and the kind ("caro colour", "ratel card")."""
    return Term(context, word)


def term_n(context: str, word: str, plural: str, n: int) -> Term:
    """A glossary word in the form the number `n` asks for ("grey", "greys")."""
    return Term(context, word, plural, n)


def listed(items: Iterable[Any], style: str = "and") -> Listed:
    return Listed(tuple(items), style)


def ruling_of(value: Any, depth: int = 0) -> str | None:
    """The ruling a said value cites ("K6"): its own, else the first a phrase inside it cites;
    None when it cites none.

    >>> ruling_of(said("{player} passes.", player="Ann"))
    >>> ruling_of(said("Refused: {why}", why=said("no ally after a PASS.").citing("K6")))
    'K6'
    """
    if depth > DATA_DEPTH:
        return None
    if isinstance(value, Said):
        if value.ruling is not None:
            return value.ruling
        inner: Iterable[Any] = value.args.values()
    elif isinstance(value, Listed):
        inner = value.items
    elif isinstance(value, Clause):
        inner = (value.value,)
    else:
        return None
    for item in inner:
        found = ruling_of(item, depth + 1)
        if found is not None:
            return found
    return None


def render(value: Any, words: Words) -> str:
    """Any argument (or a whole `Said`) as text in the language of `words`; a name isolated."""
    if isinstance(value, str):
        return isolated(value)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, (int, float)):
        return words.number(value)
    if isinstance(value, (Said, Term, Listed, Signed, Day, Clause)):
        return value.render(words)
    return str(value)


class _English:
    """English as the engines write it: the ids are English already; numbers as Python writes
    them, a negative with the typographic minus; lists with "and"/"or" and no serial comma."""

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        return message

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    def number(self, n: int | float) -> str:
        return f"{MINUS}{-n}" if n < 0 else str(n)

    def listed(self, items: list[str], style: str) -> str:
        if len(items) <= 1:
            return "".join(items)
        if style in ("names", "members"):
            return ", ".join(items)
        return ", ".join(items[:-1]) + f" {style} " + items[-1]

    def date(self, moment: datetime) -> str:
        return moment.strftime("%Y-%m-%d")


ENGLISH: Words = _English()

# Translators: between the items of a list whose items hold commas of their own (matches named
# by their players: "Caro: Ann, Ben; Ratel: Cleo, Dan").
PARTS = said("; ")


# -- as JSON: what a stored file keeps of a value (storage/migrate.py) ------------------------

DATA_DEPTH = 32  # a value nested deeper is no sentence the engines make: refused, not recursed


def to_data(value: Any) -> Any:
    """`value` (a name, a number, or any of the said values above) as JSON-ready data that
    `from_data` turns back into an equal value; TypeError for anything else.

    >>> to_data(said("{who} lose {points}.", who=listed(["Ann", "Ben"]), points=Signed(-2)))
    ... # doctest: +NORMALIZE_WHITESPACE
    {'said': '{who} lose {points}.',
     'args': {'who': {'listed': ['Ann', 'Ben'], 'style': 'and'}, 'points': {'signed': -2}}}
    >>> from_data(to_data(term_n("ratel unit", "damage", "damage", 2))) == term_n(
    ...     "ratel unit", "damage", "damage", 2)
    True
    """
    if isinstance(value, (str, bool, int, float)):
        return value
    if isinstance(value, Said):
        data: dict[str, Any] = {"said": value.msg}
        if value.args:
            data["args"] = {str(k): to_data(v) for k, v in value.args.items()}
        if value.plural is not None:
            data["plural"] = value.plural
        if value.ruling is not None:
            data["ruling"] = value.ruling
        return data
    if isinstance(value, Term):
        data = {"term": value.word, "context": value.context}
        if value.plural is not None:
            data["plural"] = value.plural
        if value.n is not None:
            data["n"] = value.n
        return data
    if isinstance(value, Listed):
        return {"listed": [to_data(item) for item in value.items], "style": value.style}
    if isinstance(value, Signed):
        return {"signed": value.value}
    if isinstance(value, Day):
        return {"day": value.moment.isoformat()}
    if isinstance(value, Clause):
        return {"clause": to_data(value.value)}
    raise TypeError(f"{type(value).__name__} is not a value a sentence holds")


def from_data(data: Any) -> Any:
    """The value `to_data` made; ValueError for anything it could not have made (a stored file
    is read, not trusted)."""
    return _from_data(data, 0)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(value: Any) -> bool:
    return isinstance(value, str)


def _from_data(data: Any, depth: int) -> Any:
    if depth > DATA_DEPTH:
        raise ValueError("a value nested too deeply")
    if isinstance(data, (str, bool, int)):
        return data
    if isinstance(data, float):
        if data != data or data in (float("inf"), float("-inf")):
            raise ValueError("a number that is not finite")
        return data
    if not isinstance(data, dict):
        raise ValueError(f"not a value: {type(data).__name__}")
    keys = set(data)
    if "said" in data and keys <= {"said", "args", "plural", "ruling"}:
        args = data.get("args", {})
        plural, ruling = data.get("plural"), data.get("ruling")
        if not (_text(data["said"]) and isinstance(args, dict)
                and all(_text(k) for k in args) and (plural is None or _text(plural))
                and (ruling is None or _text(ruling))):
            raise ValueError("a malformed sentence")
        if plural is not None and not _whole(args.get("n")):
            raise ValueError("a plural sentence without its number")
        return Said(data["said"], {k: _from_data(v, depth + 1) for k, v in args.items()}, plural,
                    ruling)
    if "term" in data and "context" in data and keys <= {"term", "context", "plural", "n"}:
        plural, n = data.get("plural"), data.get("n")
        if not (_text(data["term"]) and _text(data["context"])
                and (plural is None or _text(plural)) and (n is None or _whole(n))):
            raise ValueError("a malformed glossary word")
        return Term(data["context"], data["term"], plural, n)
    if "listed" in data and keys <= {"listed", "style"}:
        items, style = data["listed"], data.get("style", "and")
        if not (isinstance(items, list) and _text(style)):
            raise ValueError("a malformed list")
        return Listed(tuple(_from_data(item, depth + 1) for item in items), style)
    if keys == {"signed"} and _whole(data["signed"]):
        return Signed(data["signed"])
    if keys == {"clause"}:
        return Clause(_from_data(data["clause"], depth + 1))
    if keys == {"day"} and _text(data["day"]):
        try:
            moment = datetime.fromisoformat(data["day"])
        except ValueError:
            raise ValueError("a malformed day") from None
        if moment.tzinfo is None:
            raise ValueError("a day without its time zone")
        return Day(moment)
    raise ValueError("not a value a sentence holds")
