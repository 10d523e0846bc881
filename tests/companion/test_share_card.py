"""A finished match's result card (issue 33): what the picture writes, from the store alone: the
game, the day, each player with the final standing, the winner, and within a series each player's
total after this game and who leads it; nothing for a match in play."""

from __future__ import annotations

from pathlib import Path

from companion.describe.card import card_of
from companion.session.follow_up import follow_up_id
from scoring import ratel
from storage import Store
from tests.support.companion.series import finish, next_of
from tests.support.storage.finished import caro_finished, caro_in_play

NAMES = ["Ann", "さくら", "محمد"]


def plain(text: str) -> str:
    """Without the isolates a name is said in (U+2068 ... U+2069)."""
    return text.replace("\u2068", "").replace("\u2069", "")


def penalty_finished() -> ratel.Match:
    """Ann 3, さくら 10, محمد 15 penalty points: Ann wins."""
    m = ratel.Match(NAMES, mode="penalty", penalty_limit=15)
    m.record_round(out="Ann", hands={"さくら": 10, "محمد": 5})
    m.record_round(out="さくら", hands={"Ann": 3, "محمد": 10})
    assert m.is_over
    return m


def test_a_finished_match_has_its_players_scores_and_winner(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        mid = store.create(penalty_finished())
        card = card_of(mid, store.summaries())
    assert card is not None
    assert card["game"].startswith("Ratel")
    assert card["headline"] == "Won by Ann"
    assert [(plain(r["name"]), r["won"]) for r in card["rows"]] == [
        ("Ann", True), ("さくら", False), ("محمد", False)]
    assert [r["score"] for r in card["rows"]] == ["3 penalty points", "10 penalty points",
                                                 "15 penalty points"]
    assert card["app"] == "Table Companion" and card["file"].endswith(".png")
    assert card["series_result"] == "" and not any(r["total"] for r in card["rows"])


def test_a_match_in_play_or_unknown_has_no_card(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        mid = store.create(caro_in_play())
        assert card_of(mid, store.summaries()) is None
        assert card_of("0123456789ab", store.summaries()) is None


def test_a_series_game_has_the_totals_after_it(tmp_path: Path) -> None:
    first = caro_finished(1)
    second = finish(next_of(first), 7)
    with Store(tmp_path) as store:
        one = store.create(first)
        two = store.create(second, mid=follow_up_id(one))
        card_one = card_of(one, store.summaries())
        card_two = card_of(two, store.summaries())
    assert card_one is not None and card_two is not None
    totals = second.series_totals
    best = max(totals.values())
    assert {r["name"]: r["total"] for r in card_two["rows"]} == {
        p: str(t) for p, t in totals.items()}
    assert {r["name"] for r in card_two["rows"] if r["lead"]} == {
        p for p, t in totals.items() if t == best}
    assert card_two["series_result"].startswith("Won the series: ")
    assert card_two["game"].endswith("game 2 of a series")
    assert card_one["series_result"].startswith("Ahead in the series after game 1: ")
    assert {r["name"]: r["total"] for r in card_one["rows"]} == {
        p: str(t) for p, t in first.scores.items()}


def test_both_pages_carry_the_card_script(tmp_path: Path) -> None:
    """The served app's index.html holds it in its head; the web app's build inlines the same
    file (companion/web_build.py)."""
    from companion import web_build
    from companion.server.serve import SHARE_CARD, web_root

    index = (web_root(tmp_path / "web") / "index.html").read_text(encoding="utf-8")
    script = SHARE_CARD.read_text(encoding="utf-8")
    assert script in index.split("</head>", 1)[0] and "flutter.share_card" in script
    source = Path(web_build.__file__).read_text(encoding="utf-8")
    assert '"share_card.js"' in source and (web_build.TEMPLATES / "share_card.js") == SHARE_CARD
