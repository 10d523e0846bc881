"""Player names as people see them: what a name may hold, how long it looks, when two look alike.

A name is shown on tiles, scoreboards and in sentences, and typed or pasted on phones. So it must
be one line of visible text (no control characters, no invisible ones but the joiners and
variation selectors inside an emoji), in NFC (one code for "é", as keyboards type it), and at most
MAX_NAME characters as a person counts them: a flag, a family emoji or a letter with its accents is
one. Two names that a person cannot tell apart ("Ann" and "ANN", "Ann" and "Ann" + a zero-width
space, "ﬁ" and "fi") are refused as look-alikes: `name_key` is what is compared.

A name given to a new player meets two more rules (`new_name_problem`, `look_alike_keys`), which
a stored or imported match is not held to, so that every match kept before them still opens: it
has a letter, digit or emoji to see and no private-use, unassigned or non-character code (no
lone accent, no U+E000, no U+FFFF), and it does not look like another player's name by Unicode's
confusables skeleton (UTS #39: "Аnn" with a Cyrillic А is "Ann"), case aside as above.

The counter of what a person sees (`graphemes`) covers the common cases of Unicode's extended
grapheme clusters (UAX #29): combining marks, ZWJ emoji sequences, regional-indicator flag pairs,
tag-sequence flags, skin-tone modifiers and variation selectors; Hangul typed as syllables (NFC)
needs nothing more. Pure functions; the skeleton reads Unicode's data once (`confusables`).
"""

from __future__ import annotations

import unicodedata

from scoring.confusables import skeleton
from scoring.said import Said, said, said_n

MAX_NAME = 24  # characters as a person counts them (grapheme clusters)
QUOTED_MOST = 60  # characters of a text quoted from a file or a page (`quotable`)
FSI, PDI = "\u2068", "\u2069"  # first-strong isolate and its end: a quote's own direction
# Every bidi control: embeddings, overrides, isolates, their ends and the direction marks.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
                          "\u200e\u200f\u061c")
RIGHT_TO_LEFT = frozenset({"R", "AL", "AN"})  # what turns the words around it
MAX_CODES = MAX_NAME * 12  # code points: bounds the work on a crafted name; a family emoji is 7-11
ZWJ = "\u200d"
BLACK_FLAG = "\U0001f3f4"  # the base of a tag-sequence flag (England, Scotland, Wales)
# Not format characters, yet they draw nothing: Hangul fillers, the combining grapheme joiner,
# Khmer inherent vowels, Mongolian variation selectors and the blank Braille pattern.
LOOKS_EMPTY = frozenset(
    "\u115f\u1160\u3164\uffa0\u034f\u17b4\u17b5\u180b\u180c\u180d\u180f\u2800"
)
_SELECTORS_AND_TONES = "".join(map(chr, [*range(0xFE00, 0xFE10), *range(0x1F3FB, 0x1F400)]))
_TAGS = "".join(map(chr, range(0xE0020, 0xE0080)))
# Where emoji are: a symbol (So) here is one (flags, faces, hearts, suits, the weather); elsewhere
# only with the emoji variation selector after it ("©\ufe0f"). 1F000-1FAFF also holds emoji newer
# than this Python's Unicode, which it reads as unassigned (Cn): they count too.
EMOJI_BLOCKS = ((0x1F000, 0x1FAFF), (0x2300, 0x23FF), (0x2600, 0x27BF), (0x2B00, 0x2BFF))


def _is_variation_selector(cp: int) -> bool:
    return 0xFE00 <= cp <= 0xFE0F or 0xE0100 <= cp <= 0xE01EF


def _is_modifier(cp: int) -> bool:
    return 0x1F3FB <= cp <= 0x1F3FF  # skin tones


def _is_regional(cp: int) -> bool:
    return 0x1F1E6 <= cp <= 0x1F1FF  # the letters of a flag pair


def _is_tag(cp: int) -> bool:
    return 0xE0020 <= cp <= 0xE007F


def _is_pictographic(ch: str) -> bool:
    """An emoji a ZWJ may join (So covers them; a newer one may be unassigned in this Python)."""
    cp = ord(ch)
    return unicodedata.category(ch) == "So" or 0x1F000 <= cp <= 0x1FAFF


def _extends(ch: str) -> bool:
    """Whether `ch` belongs to the character before it, whatever that is."""
    cp = ord(ch)
    return (
        unicodedata.category(ch) in ("Mn", "Me", "Mc")  # accents, keycaps, variation selectors
        or ch == ZWJ
        or _is_modifier(cp)
        or _is_tag(cp)
        or _is_variation_selector(cp)
    )


def graphemes(text: str) -> list[str]:
    """`text` cut into the characters a person sees.

    >>> len(graphemes("e\\u0301te\\u0301")), len(graphemes("🇫🇷🇩🇪")), len(graphemes("👩‍👩‍👧‍👦👍🏽"))
    (3, 2, 2)
    """
    clusters: list[str] = []
    for ch in text:
        if clusters:
            last = clusters[-1]
            if (
                _extends(ch)
                or (last[-1] == ZWJ and _is_pictographic(ch))
                or (_is_regional(ord(ch)) and len(last) == 1 and _is_regional(ord(last)))
            ):
                clusters[-1] = last + ch
                continue
        clusters.append(ch)
    return clusters


def _is_invisible(ch: str) -> bool:
    return unicodedata.category(ch) == "Cf" or ch in LOOKS_EMPTY or _is_variation_selector(ord(ch))


SHOWN_NAME = 40  # characters of a name quoted in a message


def shown(name: str) -> str:
    """`name` fit to quote in a message (`quotable`, at most SHOWN_NAME characters)."""
    return quotable(name, SHOWN_NAME)


def quotable(text: object, most: int = QUOTED_MOST) -> str:
    """Text from a file or a page (a name, a title, a value) fit to quote in a sentence: the one
    place every such text is made safe to show, whatever it holds.

    - A character that cannot be seen or would break the line (control characters such as BEL,
      ESC or NUL, line breaks, broken surrogates, invisible ones outside an emoji sequence, codes
      no phone can draw) and every bidi control (U+202A-U+202E, U+2066-U+2069, the marks) is
      shown as �: none can reverse or hide the rest of the sentence.
    - Text that holds a right-to-left letter, an Arabic digit or had a bidi control in it is
      isolated (FSI ... PDI, U+2068 ... U+2069), so it cannot reorder the words around it;
      other text is left as it is.
    - It is at most `most` characters (code points, the isolates not counted), cut with "…"
      only between two characters a person sees (an emoji, a flag or an accented letter whole).
    - Emoji, their joiners and skin tones, flags and accents are kept as they are. Quoting it
      again changes nothing. Not text: its `repr`.

    >>> quotable("Ann\x07\x1b"), quotable("\u202eAnn"), len(quotable("x" * 100, 60))
    ('Ann��', '\u2068�Ann\u2069', 60)
    """
    text = text if isinstance(text, str) else repr(text)
    isolated = len(text) >= 2 and text[0] == FSI and text[-1] == PDI and not any(
        ch in BIDI_CONTROLS for ch in text[1:-1])
    if isolated:  # quoted already: its own isolates are not a page's bidi controls
        text = text[1:-1]
    head = text[: most + 2]  # what can be shown, and the one after it an emoji joiner looks at
    out = "".join("\ufffd" if _unfit(head, i) else ch for i, ch in enumerate(head[:most]))
    if len(text) > most:
        out = _cut(out, most)
    if isolated or any(ch in BIDI_CONTROLS or unicodedata.bidirectional(ch) in RIGHT_TO_LEFT
                       for ch in head[:most]):
        return FSI + out + PDI
    return out


def _unfit(text: str, i: int) -> bool:
    ch = text[i]
    return (unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp") or ch in BIDI_CONTROLS
            or _misplaced(text, i) or _undrawable(ch))


def _cut(text: str, most: int) -> str:
    """`text` cut to fewer than `most` characters and "…", between two graphemes."""
    kept, size = [], 0
    for cluster in graphemes(text[:most]):
        if size + len(cluster) > most - 1:
            break
        kept.append(cluster)
        size += len(cluster)
    return "".join(kept) + "…"


def cut(text: str, most: int) -> str:
    """`text` (the app's own words) at most `most` characters long, an ellipsis where it was
    cut, never inside what a person sees as one character. Text from a file or a page is
    quoted with `quotable` instead."""
    return text if len(text) <= most else _cut(text, most)


def name_key(name: str) -> str:
    """What two names are compared by: compatibility forms folded (NFKC), case folded, invisible
    characters dropped and runs of spaces made one. Equal keys look alike to a person.

    >>> name_key(" ANN\\u200b  Lee ") == name_key("ann lee") == name_key("Ａｎｎ Lee")
    True
    """
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join("".join(ch for ch in folded if not _is_invisible(ch)).split())


def _misplaced(name: str, i: int) -> bool:
    """Whether `name[i]` is an invisible character that is not part of an emoji sequence."""
    ch, cp = name[i], ord(name[i])
    if ch == ZWJ:  # joins two emoji (each perhaps with its selector or skin tone)
        before = name[:i].rstrip(_SELECTORS_AND_TONES)
        after = name[i + 1 : i + 2]
        return not (before and after and _is_pictographic(before[-1]) and _is_pictographic(after))
    if _is_tag(cp):  # the letters of a subdivision flag, after a black flag
        return not name[:i].rstrip(_TAGS).endswith(BLACK_FLAG)
    if _is_variation_selector(cp):  # picks how the character before it is drawn
        return i == 0 or _is_invisible(name[i - 1])
    return _is_invisible(ch)


def _misplaced_invisible(name: str) -> str | None:
    """The first invisible character that is not part of an emoji sequence, else None."""
    return next((ch for i, ch in enumerate(name) if _misplaced(name, i)), None)


def name_problem(name: object) -> Said | None:
    """Why `name` cannot be a player's name, as a sentence (data, scoring/said.py); None if it can.

    >>> str(name_problem("Ann\\nBen"))
    '“Ann�Ben” has a line break or another control character in it: a name is one line.'
    >>> name_problem("🇦🇩🇦🇪🇦🇫🇦🇬🇦🇮🇦🇱🇦🇲🇦🇴🇦🇶🇦🇷🇦🇸🇦🇹🇦🇺") is None
    True
    """
    if not isinstance(name, str):
        return said("Every player needs a name.")
    if len(name) > MAX_CODES:
        return _too_long(name)
    for ch in name:
        kind = unicodedata.category(ch)
        if kind in ("Cc", "Zl", "Zp"):
            return said("“{name}” has a line break or another control character in it: "
                        "a name is one line.", name=shown(name))
        if kind == "Cs":
            return said("“{name}” has a broken character in it: type the name again.",
                        name=shown(name))
    if not name_key(name) or not name.strip():
        return said("Every player needs a name.")
    hidden = _misplaced_invisible(name)
    if hidden is not None:
        # Unicode's own name of the character: a technical name, the same in every language.
        what = unicodedata.name(hidden, f"U+{ord(hidden):04X}").lower()
        return said("“{name}” has an invisible character in it ({character}): "
                    "type the name again without it.", name=shown(name), character=what)
    if not unicodedata.is_normalized("NFC", name):
        return said("“{name}” is written with unusual character codes (an accent stored apart "
                    "from its letter): type the name again.", name=shown(name))
    if len(graphemes(name)) > MAX_NAME:
        return _too_long(name)
    return None


def _too_long(name: str) -> Said:
    return said_n("“{name}” is longer than {n} character.",
                  "“{name}” is longer than {n} characters.", MAX_NAME, name=shown(name))


def _in_emoji_block(cp: int) -> bool:
    return any(low <= cp <= high for low, high in EMOJI_BLOCKS)


def _is_noncharacter(cp: int) -> bool:
    return 0xFDD0 <= cp <= 0xFDEF or cp & 0xFFFE == 0xFFFE  # U+FFFE, U+FFFF in every plane


def _undrawable(ch: str) -> bool:
    """Whether no phone can be relied on to draw `ch` (see `_unknown`)."""
    cp, kind = ord(ch), unicodedata.category(ch)
    return kind == "Co" or _is_noncharacter(cp) or (kind == "Cn" and not _in_emoji_block(cp))


def _unknown(name: str, ch: str) -> Said | None:
    """Why `name` is refused for `ch` if no phone can be relied on to draw it, else None."""
    cp, kind = ord(ch), unicodedata.category(ch)
    code = f"U+{cp:04X}"
    if kind == "Co":
        return said("“{name}” has a private-use character ({code}, drawn differently on every "
                    "phone) in it: type the name again without it.", name=shown(name), code=code)
    if _is_noncharacter(cp):
        return said("“{name}” has a code that is not a character ({code}) in it: type the name "
                    "again without it.", name=shown(name), code=code)
    if kind == "Cn" and not _in_emoji_block(cp):
        return said("“{name}” has a character Unicode has not assigned yet ({code}) in it: type "
                    "the name again without it.", name=shown(name), code=code)
    return None


def _seen(name: str, i: int) -> bool:
    """Whether `name[i]` is a letter, a digit or an emoji: something a person reads as a name."""
    ch, cp = name[i], ord(name[i])
    kind = unicodedata.category(ch)
    if kind[0] in "LN":
        return ch not in LOOKS_EMPTY  # the Hangul fillers are letters that draw nothing
    if kind == "So":
        return _in_emoji_block(cp) or name[i + 1 : i + 2] == "\ufe0f"
    return kind == "Cn" and _in_emoji_block(cp)


def new_name_problem(name: str) -> tuple[str, Said] | None:
    """(rule, why as a sentence) if `name`, which `name_problem` accepts, cannot be a new
    player's name: it must show a letter, digit or emoji, and hold no code a phone cannot draw.

    >>> rule, why = new_name_problem("\u0301")
    >>> rule, str(why)
    ('nothing-visible', 'That name has no letter, digit or emoji to see: a name needs one.')
    >>> new_name_problem("Zoë 🎲") is None
    True
    """
    for ch in name:
        why = _unknown(name, ch)
        if why:
            return "unknown-character", why
    if not any(_seen(name, i) for i in range(len(name))):
        return "nothing-visible", said(
            "That name has no letter, digit or emoji to see: a name needs one.")
    return None


def look_alike_keys(name: str) -> tuple[str, str]:
    """Two names look alike when either of their keys is the same: the skeleton of the name as
    written, invisible characters dropped ("Ian", "lan"), and of its `name_key`, so case does
    not hide one ("аnn" with a Cyrillic а, "Ann").

    >>> look_alike_keys("\u0410nn")[1] == look_alike_keys("ann")[1]
    True
    """
    written = " ".join("".join(ch for ch in name if not _is_invisible(ch)).split())
    return skeleton(written), skeleton(name_key(name))


def looks_like(name: str, other: str) -> bool:
    """Whether a person may take `name` for `other` (see `look_alike_keys`)."""
    ours, theirs = look_alike_keys(name), look_alike_keys(other)
    return any(a == b for a, b in zip(ours, theirs, strict=True))


def tidy(text: str) -> str:
    """What a person typed or pasted, made into the name they meant: NFC, invisible and control
    characters outside emoji sequences dropped, spaces trimmed and runs of them made one. The
    rules still judge what is left (`name_problem`).

    >>> tidy("  Ann\\u200b \\t Lee\\n")
    'Ann Lee'
    """
    text = unicodedata.normalize("NFC", text[: MAX_CODES * 2])
    # Again until nothing changes: a trimmed space may leave a selector first, misplaced now
    # (" \ufe00"). After the first pass only drops and trims are left, so this ends.
    while (tidied := _tidied_once(text)) != text:
        text = tidied
    return tidied


def _tidied_once(text: str) -> str:
    kept = []
    for i, ch in enumerate(text):
        if unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp"):
            kept.append(" ")  # a pasted line break or tab parts words
        elif _misplaced(text, i):
            continue
        else:
            kept.append(ch)
    # NFC again: a dropped character may have kept an accent from joining its letter
    return unicodedata.normalize("NFC", " ".join("".join(kept).split()))
