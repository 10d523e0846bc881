"""Which language a session speaks: the device's choice in Settings, else the best match of its
browser's preferred languages among the app's four, else English; and the viewer's time zone.

What a page reports (its languages, its zone, the choice kept in its storage) is untrusted: a
code is taken only when it is one of `LANGUAGES`, a zone only when this machine knows it by that
name, and a list of languages is read only so far (`MOST_ASKED`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import tzinfo
from functools import lru_cache

LANGUAGES = {"en": "English", "es": "Español", "de": "Deutsch", "ja": "日本語"}
DEFAULT = "en"
MOST_ASKED = 20  # a browser lists a handful of languages; a longer list is cut
_TAG = re.compile(r"[A-Za-z]{2,8}(?:[-_][A-Za-z0-9]{1,8}){0,4}")
_ZONE = re.compile(r"[A-Za-z][A-Za-z0-9_+\-]*(?:/[A-Za-z0-9_+\-]+){0,2}")


def known(code: object) -> str | None:
    """`code` if it names one of the app's languages exactly, else None."""
    return code if isinstance(code, str) and code in LANGUAGES else None


def best_match(preferred: Iterable[object]) -> str | None:
    """The first of the browser's preferred languages ("de-AT", "ja_JP", "es") the app speaks,
    by its primary subtag; None when it speaks none of them.

    >>> best_match(["fr-FR", "de-AT", "en"]), best_match(["pt"]), best_match(["JA-jp"])
    ('de', None, 'ja')
    """
    for count, tag in enumerate(preferred):
        if count >= MOST_ASKED:
            break
        if isinstance(tag, str) and len(tag) <= 35 and _TAG.fullmatch(tag):
            primary = re.split(r"[-_]", tag, maxsplit=1)[0].lower()
            if primary in LANGUAGES:
                return primary
    return None


def accepted(header: str) -> list[str]:
    """The language tags of an Accept-Language header, in the order sent (browsers send them
    most wanted first; weights are not read), at most `MOST_ASKED` of them.

    >>> accepted("de-DE,de;q=0.9,en;q=0.8"), accepted(""), best_match(accepted("fr, ja;q=0.5"))
    (['de-DE', 'de', 'en'], [], 'ja')
    """
    tags: list[str] = []
    for item in header.split(",", MOST_ASKED)[:MOST_ASKED]:
        tag = item.split(";", 1)[0].strip()
        if tag:
            tags.append(tag)
    return tags


def session_language(chosen: object, preferred: Iterable[object]) -> str:
    """The language of a session: the device's choice, else its browser's, else English."""
    return known(chosen) or best_match(preferred) or DEFAULT


def zone(name: object) -> tzinfo | None:
    """The viewer's time zone from its IANA name ("Europe/Berlin"), if this machine knows it;
    None (this machine's own zone) otherwise. Never a path a page chose: the name must be a
    zone name in form and one of the zones the system's database lists."""
    if not isinstance(name, str) or len(name) > 64 or not _ZONE.fullmatch(name):
        return None
    return _zone(name)


@lru_cache(maxsize=64)
def _zone(name: str) -> tzinfo | None:
    import zoneinfo

    if name not in _names():
        return None
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, OSError):
        return None


@lru_cache(maxsize=1)
def _names() -> frozenset[str]:
    import zoneinfo

    return frozenset(zoneinfo.available_timezones())
