"""Every sentence a screen fills with a name isolates a right-to-left one (issue 30): the
catalogs' messages are `Template`s whose format does it, so no screen has to."""

from __future__ import annotations

from companion.i18n import Template, _, ngettext, npgettext, pgettext, say
from scoring.said import ISOLATE, POP, listed


def test_every_message_isolates_the_names_it_is_filled_with() -> None:
    for message in (_("{player} {score}"), ngettext("{player} {score}", "{player} {score}", 2),
                    pgettext("x", "{player} {score}"),
                    npgettext("x", "{player} {score}", "{player} {score}", 2)):
        assert isinstance(message, Template)
        assert message.format(player="محمد", score="0/10") == f"{ISOLATE}محمد{POP} 0/10"
        assert message.format_map({"player": "דוד", "score": 3}) == f"{ISOLATE}דוד{POP} 3"
        assert message.format(player="Ann", score=3) == "Ann 3"


def test_home_reads_the_players_in_their_order() -> None:
    players = say(listed(["陳大文", "محمد", "דוד"], "names"))
    line = " · ".join(_("{player} {score}").format(player=p, score="0/10")
                      for p in ("陳大文", "محمد", "דוד"))
    assert players.index("陳大文") < players.index(f"{ISOLATE}محمد{POP}") < players.index(
        f"{ISOLATE}דוד{POP}")
    assert line == f"陳大文 0/10 · {ISOLATE}محمد{POP} 0/10 · {ISOLATE}דוד{POP} 0/10"
