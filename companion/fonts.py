"""The fonts every name is drawn with: Roboto (Flet's client ships it) and, for what Roboto
lacks, the Noto subsets the app ships in `assets/fonts/` (made by
`python companion/web/subset_fonts.py`; their licence is `assets/fonts/OFL.txt`).

Flutter on the web draws text itself and never uses the phone's fonts; for a glyph missing from
its fonts it would fetch Noto from Google's font CDN, which the page's policy forbids (and an
offline phone cannot reach). So the page registers the subsets (`page.fonts`, fetched from the
app's own origin, after the first frame) and every text style of the theme names them as
fallbacks, in order: Roboto first for Latin, Greek and Cyrillic, then the others for what it
lacks.
"""

from __future__ import annotations

import unicodedata
from dataclasses import fields
from functools import cache

import flet as ft

# Family -> file under assets/fonts/ (and so under the page's own address: fonts/...).
FILES: dict[str, str] = {
    "Noto Sans": "noto-sans.woff2",          # Latin Extended-B and Additional, Greek Extended...
    "Noto Sans JP": "noto-sans-jp.woff2",    # kana, JIS X 0208 (every level 1 kanji)
    "Noto Sans KR": "noto-sans-kr.woff2",    # all 11,172 Hangul syllables and the jamo
    # GB 2312 level 1 and Big5's common hanzi, each less those the files before it hold
    "Noto Sans SC": "noto-sans-sc.woff2",
    "Noto Sans TC": "noto-sans-tc.woff2",
    "Noto Sans Arabic": "noto-sans-arabic.woff2",
    "Noto Sans Hebrew": "noto-sans-hebrew.woff2",
    "Noto Sans Devanagari": "noto-sans-devanagari.woff2",
    "Noto Sans Thai": "noto-sans-thai.woff2",
    "Noto Emoji": "noto-emoji.woff2",        # monochrome: drawn in the text's colour
}
FALLBACK: list[str] = list(FILES)
BASE_FAMILY = "Roboto"


@cache
def _drawn() -> bytes:
    import base64
    import zlib

    from companion.drawn import BITMAP

    return zlib.decompress(base64.b64decode("".join(BITMAP)))


def drawable(char: str) -> bool:
    """Whether some font of the page draws `char` (companion/drawn.py: the fonts' character
    maps). Controls and format characters (joiners, direction marks) draw nothing anyway."""
    cp = ord(char)
    if unicodedata.category(char) in ("Cc", "Cf"):
        return True
    bits = _drawn()
    return (cp >> 3) < len(bits) and bool(bits[cp >> 3] & (1 << (cp & 7)))


def undrawable(text: str) -> str:
    """The characters of `text` (each once, in order) that no font of the page draws: they
    would show as boxes."""
    return "".join(dict.fromkeys(c for c in text if not drawable(c)))


def page_fonts() -> dict[str, str]:
    """`page.fonts`: relative addresses, resolved against the page's own (a web app served
    under a sub-path finds them too)."""
    return {family: f"fonts/{name}" for family, name in FILES.items()}


def text_theme() -> ft.TextTheme:
    """Every style of the theme with the fallbacks. Flet's client replaces a theme style
    outright (no merge with Material's), so each keeps what Material 3 gives it besides its
    size: Roboto, and the scheme's on-surface colour (sizes come from Material's geometry)."""
    style = ft.TextStyle(font_family=BASE_FAMILY, font_family_fallback=FALLBACK,
                         color=ft.Colors.ON_SURFACE, decoration_color=ft.Colors.ON_SURFACE)
    return ft.TextTheme(**{field.name: style for field in fields(ft.TextTheme)})


# Where the keyboard's focus is (WCAG 2.4.13: the change >= 3:1 from the unfocused look, measured
# by tests/app/test_keyboard.py): a 3 px ring in the text colour round every button, and the
# tappable tiles (a Container with ink: Caro's cells and colours, the pads and cards) darkened
# (lightened in the dark theme) by the text colour at 55%, their words still on top.
FOCUS_FILL = ft.Colors.with_opacity(0.55, ft.Colors.ON_SURFACE)


def focus_ring() -> ft.ButtonStyle:
    """Only the focused state is set: every other state keeps the button's own look."""
    return ft.ButtonStyle(side={ft.ControlState.FOCUSED: ft.BorderSide(3, ft.Colors.ON_SURFACE)})


def theme(seed: str) -> ft.Theme:
    # Every icon button 48 x 48 (issue 31), the app bars' Back among them: Material 3 draws a
    # 24 px icon with 8 px around it, a 40 px target.
    icon_style = focus_ring()
    icon_style.padding = ft.Padding.all(12)
    return ft.Theme(color_scheme_seed=seed, font_family=BASE_FAMILY, text_theme=text_theme(),
                    focus_color=FOCUS_FILL,
                    button_theme=ft.ButtonTheme(style=focus_ring()),
                    filled_button_theme=ft.FilledButtonTheme(style=focus_ring()),
                    outlined_button_theme=ft.OutlinedButtonTheme(style=focus_ring()),
                    text_button_theme=ft.TextButtonTheme(style=focus_ring()),
                    icon_button_theme=ft.IconButtonTheme(style=icon_style))
