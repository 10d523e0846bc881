"""A finished match's result card (issue 33, "a result to share"): what the picture says, worked
out from the store's summaries alone, in the session's language. The page draws it
(companion/web/share_card.js) and hands it to the share sheet; nothing of it is stored.

The card is data for the page's script: every word already translated here, every figure already
written, so the script only lays out text it was given. Within a series (describe/series.py) it
also gives each player's series total after this game and who leads (or won) the series.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion import APP_NAME
from companion.describe.records import score_kind
from companion.describe.series import Series, series_of
from companion.describe.when import day
from companion.describe.words import figure
from companion.i18n import _, say, words
from scoring.said import listed
from storage.index import Summary


def card_of(match_id: str, summaries: Sequence[Summary]) -> dict[str, Any] | None:
    """The card of the finished match `match_id`, from the store's `summaries` (None when it is
    not stored or not finished: there is no result to share)."""
    found = next((s for s in summaries if s.id == match_id), None)
    if found is None or found.status != "finished":
        return None
    series = next((s for s in series_of(summaries) if match_id in s.ids), None)
    return card(found, series)


def card(summary: Summary, series: Series | None = None) -> dict[str, Any]:
    """What the card of the finished `summary` writes (a JSON-able dict); `series`, the series it
    is a game of, adds its totals after this game."""
    game = say(summary.title_word)
    variant = say(summary.variant)
    heading = _("{game} ({variant})").format(game=game, variant=variant) if variant else game
    won_by = [say(w) for w in summary.won_by or summary.winners]
    winners = ", ".join(won_by)
    rows: list[dict[str, Any]] = []
    standings = summary.standings or ()
    for row in standings:
        name = say(row.name)
        rows.append({"name": name, "score": row.text_in(words()),
                     "won": name in won_by or row.name in summary.winners, "total": "",
                     "lead": False, "key": row.name if isinstance(row.name, str) else None})
    if not rows:  # a summary without standings: its players and final scores, if any
        scores = dict(summary.scores)
        rows = [{"name": say(name), "score": figure(scores[name]) if name in scores else "",
                 "won": name in summary.winners, "total": "", "lead": False, "key": name}
                for name in summary.players]
    card: dict[str, Any] = {
        "app": APP_NAME,
        "game": heading,
        "title": heading,
        "day": day(summary.played_at),
        "headline": (_("Won by {winners}").format(winners=winners) if winners
                     else _("Finished")),
        "rows": rows,
        "game_label": "",
        "series_label": "",
        "series_result": "",
        "file": f"table-companion-{summary.game}-{summary.played_at:%Y-%m-%d}.png",
    }
    if series is not None:
        _add_series(card, summary, series)
    for row in rows:
        del row["key"]  # the player as stored: for the series' totals only
    return card


def _add_series(card: dict[str, Any], summary: Summary, series: Series) -> None:
    this = next(g for g in series.games if g.summary.id == summary.id)
    card["game"] = _("{game}, game {n} of a series").format(game=card["game"],
                                                            n=figure(this.number))
    if not this.totals:  # a game without final scores: numbered, no totals
        return
    totals = dict(this.totals)
    best = min if _lower_is_better(summary.game) else max
    top = best(totals.values())
    leaders = [name for name, total in this.totals if total == top]
    for row in card["rows"]:
        if row["key"] in totals:  # a player's row (a Careta team's has none)
            row["total"] = figure(totals[row["key"]])
            row["lead"] = row["key"] in leaders
    card["game_label"] = _("Game {n}").format(n=figure(this.number))
    card["series_label"] = _("Series")
    last = this is series.games[-1] and series.over
    card["series_result"] = (
        _("Won the series: {leaders}") if last
        else _("Ahead in the series after game {n}: {leaders}")
    ).format(leaders=say(listed(leaders)), n=figure(this.number))


def _lower_is_better(game: str) -> bool:
    kind = score_kind(game)
    return kind is not None and kind.lower_is_better
