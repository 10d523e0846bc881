"""Unicode's confusables skeleton (UTS #39, section 4): strings a reader may take for one another
("Аnn" with a Cyrillic А and "Ann", "Ian" and "lan", "rn" and "m") have the same skeleton.

skeleton(s) = NFD(each character of NFD(s) replaced by its prototype). The prototypes are Unicode's
confusables.txt as the confusable-homoglyphs package ships it (`confusables.json`, pinned in
pyproject.toml); that package offers no skeleton of its own, so it is computed here from its data.
The JSON lists each mapping both ways (source -> prototype, prototype -> source), so the direction
is recovered: a source is never a prototype (the data is idempotent), so its list holds exactly its
prototype; a prototype with a single source makes a pair of one-entry lists, and then the source is
the key written first (the JSON keeps confusables.txt's order, each source before its prototype).
The JSON writes characters as confusables.txt's comments show them, right-to-left ones between
U+200E marks, which are dropped. Checked against Unicode 13.0's confusables.txt: the same 6,307
mappings; the 4 others are lost by that form (U+2028, U+2029 and U+3164, which names never hold,
and U+1F16D CIRCLED CC). Loaded on first use (about 25 ms here), not at import: the web app's start
does not pay for it.
"""

from __future__ import annotations

import functools
import json
import unicodedata
from importlib import resources

DATA_PACKAGE = "confusable_homoglyphs"
LRM = "\u200e"


@functools.cache
def prototypes() -> dict[str, str]:
    """{source character: its prototype (one or more characters)}."""
    text = resources.files(DATA_PACKAGE).joinpath("confusables.json").read_text(encoding="utf-8")
    pairs: dict[str, list[dict[str, str]]] = json.loads(text)
    table: dict[str, str] = {}
    seen: set[str] = set()
    for key, entries in pairs.items():
        seen.add(key)
        source = key.replace(LRM, "")
        if len(source) != 1 or len(entries) != 1:
            continue  # a prototype of several sources, or a string: never a source
        target = entries[0]["c"]
        back = pairs.get(target, [])
        if target in seen and len(back) == 1 and back[0]["c"] == key:
            continue  # the prototype of a one-source pair, whose source came first
        table[source] = target.replace(LRM, "")
    return table


def skeleton(text: str) -> str:
    """The UTS #39 skeleton: equal skeletons, confusable strings.

    >>> skeleton("\\u0410nn") == skeleton("Ann"), skeleton("Ian") == skeleton("lan")
    (True, True)
    """
    table = prototypes()
    mapped = "".join(table.get(ch, ch) for ch in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)
