"""The current player's plays, one tap each: a card's button plays it with no fuel, the "+N"
chips beside it play it with N fuel, and "Face down" plays face down.

A play in Carrera is fully said by its card and its fuel (the 1's and the 2's powers follow from
the trick, M3 and M4), so no play needs a confirm: every button says the speed it would give, and
Undo takes a play back. Every figure and every limit comes from the engine (`legal_cards`,
`max_fuel`, `speed_of`); a button the engine would refuse (a suit already face up) still answers
a tap with the engine's reason, so nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.games.carrera.parts import then
from companion.i18n import _, ngettext, pgettext
from companion.widgets.grows import at_least
from scoring import carrera

# A card and six chips (a 2 with the market's chip on a full supply) fit one row of a 412 px
# phone: 56 + 6 x (48 + 3) = 362 px of the pad's 368.
CARD_WIDTH = 56
CHIP_SIZE = 48  # a touch target's least side
GAP = 3


def play_name(match: carrera.Match, card: str, fuel: int) -> str:
    """A play button's accessible name (also what the tests tap): "Play 4A with 2 fuel, speed
    6", "Play 5 with no fuel, speed 0", "Play face down"."""
    if card == carrera.FACE_DOWN:
        return _("Play face down")
    speed = match.speed_of(card, fuel)
    if not fuel:
        return _("Play {card} with no fuel, speed {speed}").format(card=card, speed=speed)
    return ngettext("Play {card} with {n} fuel, speed {speed}",
                    "Play {card} with {n} fuel, speed {speed}", fuel).format(
        card=card, n=fuel, speed=speed)


def _tile(label: str, face: ft.Control, width: int, *, card_look: bool, allowed: bool,
          on_tap: Callable[[], None]) -> ft.Control:
    """A named button drawn as a card (`card_look`) or a fuel chip, `width` x 48 px or larger
    where its face needs it (large text: a fixed box cut the figures at its edges)."""
    # Not `disabled`: Flet would drop a tap on a greyed card, and its player would not learn
    # why; its name already says it cannot be played.
    return ft.Semantics(
        label=label,
        button=True,
        content=ft.Container(
            ink=True,  # a tab stop, acting on Enter and Space
            # the least size inside the 2 px border, the face over it
            content=at_least(width - 4, face, height=CHIP_SIZE - 4),
            border_radius=8 if card_look else CHIP_SIZE // 2,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST if card_look
            else ft.Colors.AMBER_100,
            border=ft.Border.all(2, ft.Colors.OUTLINE if card_look else ft.Colors.AMBER_800),
            opacity=1.0 if allowed else 0.35,
            # A greyed card answers a tap too: the engine says why it cannot be played.
            on_click=lambda e: on_tap(),
        ),
    )


def _two_lines(top: str, bottom: str, *, size: int, colour: str | None = None) -> ft.Control:
    # The button's label names it; the faces stay out of the name.
    return ft.Column(
        [ft.Text(top, size=size, weight=ft.FontWeight.BOLD, semantics_label="", color=colour),
         ft.Text(bottom, size=11, semantics_label="", color=colour)],
        spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        alignment=ft.MainAxisAlignment.CENTER,
    )


def _card_row(match: carrera.Match, card: str, owner: str | None,
              play: Callable[[str, int], None]) -> ft.Control:
    """One card's button, then one chip per fuel it may take (or who holds its suit)."""
    allowed = owner is None
    speed = match.speed_of(card, 0)
    # The card's own short word: its 56 px face cut Spanish's "velocidad 2" off at the number.
    face = _two_lines(card, pgettext("carrera card face", "speed {speed}").format(speed=speed)
                      if allowed else _("taken"), size=18)
    cells: list[ft.Control] = [
        _tile(play_name(match, card, 0) if allowed
              else _("Card {card}, face up already").format(card=card),
              face, CARD_WIDTH, card_look=True, allowed=allowed,
              on_tap=lambda: play(card, 0)),
    ]
    if owner is not None:
        cells.append(ft.Text(_("{player} played it face up: no second {card} in this "
                               "trick").format(player=owner, card=card),
                             size=13, color=ft.Colors.ON_SURFACE_VARIANT, expand=True))
        return ft.Row(cells, spacing=GAP * 2, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    for n in range(1, match.max_fuel(card) + 1):
        chip = _two_lines(f"+{n}", str(match.speed_of(card, n)), size=15, colour=ft.Colors.BLACK)
        cells.append(_tile(play_name(match, card, n), chip, CHIP_SIZE, card_look=False,
                           allowed=True, on_tap=lambda n=n: play(card, n)))
    # A 2 with the market's chip may take a sixth chip: it wraps rather than run off the screen.
    return ft.Row(cells, spacing=GAP, run_spacing=GAP, wrap=True,
                  vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _notes(match: carrera.Match, player: str) -> list[str]:
    """How to play, and what the speeds on the buttons already count, said once."""
    held, momentum = match.fuel[player], match.momentum[player]
    holds = (ngettext("{player} holds {n} fuel chip and {momentum} momentum (+{momentum} "
                      "speed).",
                      "{player} holds {n} fuel chips and {momentum} momentum (+{momentum} "
                      "speed).", held) if momentum
             else ngettext("{player} holds {n} fuel chip.", "{player} holds {n} fuel chips.",
                           held)).format(player=player, n=held, momentum=momentum)
    notes = [then(_("Tap a card to play it with no fuel, or +N beside it for N fuel (small "
                    "figures: speed)."), holds)]
    if "1" in match.suits_taken:
        notes.append(_("A 1 is face up: 4A, 4B and 5 count rank 0 (fuel and momentum still "
                       "count)."))
    if "2" in match.legal_cards() and match.market:
        most = match.max_fuel("2")
        notes.append((ngettext("A 2 takes the market's chip: up to {n} fuel on it; with a full "
                               "supply, a chip left off it is discarded.",
                               "A 2 takes the market's chip: up to {n} fuel on it; with a full "
                               "supply, a chip left off it is discarded.", most)
                      if held == carrera.CAPACITY
                      else ngettext("A 2 takes the market's chip: up to {n} fuel on it.",
                                    "A 2 takes the market's chip: up to {n} fuel on it.",
                                    most)).format(n=most))
    return notes


def play_pad(match: carrera.Match, act: Callable[..., bool]) -> ft.Control:
    """The current player's turn: Face down beside the title, then every card with its fuel
    chips."""
    player = match.current
    assert player is not None  # the screen shows the pad only while someone is to play

    def play(card: str, fuel: int) -> None:
        # The player is the one this pad was drawn for: a tap on a pad drawn before another
        # play is refused by the frame (seen version) or by the engine (not-your-turn).
        act(lambda m: m.play(card, fuel, player=player))

    owners = {p["card"]: p["player"] for p in match.trick if p["card"] != carrera.FACE_DOWN}
    title = (_("{player} leads trick {trick}") if not match.trick
             else _("{player} plays to trick {trick}")).format(player=player,
                                                                trick=match.trick_no)
    # Face down sits beside the title: in reach without scrolling, however many cards are left.
    down = ft.Semantics(
        label=play_name(match, carrera.FACE_DOWN, 0),
        button=True,
        content=ft.Container(
            ink=True,  # a tab stop, acting on Enter and Space
            content=_two_lines(_("Face down"), _("speed 0, no fuel"), size=15),
            # As wide as its words (German's and Spanish's second line outgrow a fixed 120 px):
            # one line each keeps the 48 px height.
            height=CHIP_SIZE, padding=ft.Padding.symmetric(horizontal=8),
            border_radius=8, alignment=ft.Alignment.CENTER,
            border=ft.Border.all(2, ft.Colors.OUTLINE),
            on_click=lambda e: play(carrera.FACE_DOWN, 0),
        ),
    )
    # The title row and every card's row first, rows GAP apart, the notes under them: on a
    # 360 x 640 phone the whole pad, its 5 too, fits the frame's thumb zone unscrolled.
    parts: list[ft.Control] = [
        ft.Row([ft.Text(title, size=18, weight=ft.FontWeight.BOLD, expand=True), down],
               vertical_alignment=ft.CrossAxisAlignment.CENTER),
        *[_card_row(match, card, owners.get(card), play) for card in carrera.CARDS],
        *[ft.Text(note, size=13, color=ft.Colors.ON_SURFACE_VARIANT)
          for note in _notes(match, player)],
    ]
    return ft.Container(
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        border_radius=10,
        padding=ft.Padding.symmetric(horizontal=10, vertical=4),
        content=ft.Column(parts, spacing=GAP),
    )
