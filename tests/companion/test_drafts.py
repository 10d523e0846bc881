"""A page's drafts (companion/session/drafts.py): kept by place, for what they belong to, bounded,
and forgotten by screen."""

from __future__ import annotations

from companion.session.drafts import MOST, Drafts


def test_a_draft_returns_only_for_what_it_was_made_for() -> None:
    drafts = Drafts()
    place = (("match", "abc"), "ratel result hands")
    assert drafts.get(place, 1, "none") == "none"
    drafts.put(place, 1, ("Ben", {"Ann": "7"}))
    assert drafts.get(place, 1, "none") == ("Ben", {"Ann": "7"})
    assert drafts.get(place, 2, "none") == "none"  # the next round starts afresh
    assert drafts.get((("match", "other"), "ratel result hands"), 1, "none") == "none"


def test_a_screen_committed_forgets_its_drafts_only() -> None:
    drafts = Drafts()
    drafts.put((("new", "ratel"), "players"), None, ["Ann"])
    drafts.put((("new", "ratel"), "player name"), None, "Be")
    drafts.put((("new", "caro"), "players"), None, ["Cleo"])
    drafts.drop(("new", "ratel"))
    assert drafts.get((("new", "ratel"), "players"), None, []) == []
    assert drafts.get((("new", "ratel"), "player name"), None, "") == ""
    assert drafts.get((("new", "caro"), "players"), None, []) == ["Cleo"]


def test_a_page_keeps_a_bounded_number_of_drafts_the_latest_first() -> None:
    drafts = Drafts()
    for n in range(MOST + 10):
        drafts.put((("match", f"{n:012x}"), "caro colour"), n, "red")
    assert len(drafts) == MOST
    assert drafts.get((("match", f"{0:012x}"), "caro colour"), 0, None) is None
    last = MOST + 9
    assert drafts.get((("match", f"{last:012x}"), "caro colour"), last, None) == "red"
