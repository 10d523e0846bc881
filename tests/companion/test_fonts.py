"""The fonts the app ships draw every name issues 21 and 30 ask for: read from the subsets'
character maps (with Roboto's, which Flet's client ships), and the theme names them all as
fallbacks. companion/drawn.py, what the app reads to warn of a name it cannot draw, is those
same character maps."""

from __future__ import annotations

import unicodedata
from dataclasses import fields
from pathlib import Path

import flet as ft
import pytest
from fontTools.ttLib import TTFont

from companion import assets_folder, fonts
from companion.server.serve import web_root

FONTS = assets_folder() / "fonts"


def assigned(first: int, last: int) -> set[int]:
    return {cp for cp in range(first, last + 1) if unicodedata.category(chr(cp)) != "Cn"}


def jis_level_1() -> set[int]:
    """The 2,965 kanji of JIS X 0208 rows 16-47, through Python's EUC-JP codec."""
    found = set()
    for row in range(16, 48):
        for cell in range(1, 95):
            try:
                found.add(ord(bytes([0xA0 + row, 0xA0 + cell]).decode("euc_jp")))
            except UnicodeDecodeError:
                pass
    return found


def gb2312_level_1() -> set[int]:
    """The 3,755 hanzi of GB 2312 rows 16-55, through Python's EUC-CN codec."""
    found = set()
    for row in range(16, 56):
        for cell in range(1, 95):
            try:
                found.add(ord(bytes([0xA0 + row, 0xA0 + cell]).decode("gb2312")))
            except UnicodeDecodeError:
                pass
    return found


def big5_common() -> set[int]:
    """Big5's 5,401 frequently used hanzi, 0xA440-0xC67E."""
    found = set()
    for code in range(0xA440, 0xC67F):
        try:
            found.add(ord(code.to_bytes(2, "big").decode("big5")))
        except (UnicodeDecodeError, TypeError):
            pass
    return found


REQUIRED = {
    "GB 2312 level 1 hanzi": gb2312_level_1(),
    "Big5 common hanzi": big5_common(),
    # Less the letter mark (a control) and Unicode 14's end of text mark (newer than the font).
    "Arabic": assigned(0x0600, 0x06FF) - {0x061C, 0x061D},
    "Hebrew": assigned(0x05D0, 0x05EA) | assigned(0x05B0, 0x05C7),
    "Devanagari": assigned(0x0900, 0x097F),
    "Thai": assigned(0x0E01, 0x0E5B),
    "isolates (FSI, PDI...)": set(range(0x2066, 0x206A)),
    "JIS X 0208 level 1 kanji": jis_level_1(),
    "hiragana": assigned(0x3041, 0x3096) | assigned(0x3099, 0x309F),
    "katakana": assigned(0x30A0, 0x30FF) | assigned(0xFF66, 0xFF9F),
    "CJK punctuation": assigned(0x3000, 0x3037),
    "Hangul syllables (all 11,172)": set(range(0xAC00, 0xD7A4)),
    "Hangul compatibility jamo": assigned(0x3131, 0x318E),
    "Latin-1 and Latin Extended-A": assigned(0x00C0, 0x017F),
    "Latin Extended-B": assigned(0x0180, 0x024F),
    "Latin Extended Additional (Vietnamese)": assigned(0x1E00, 0x1EFF),
    "combining accents": assigned(0x0300, 0x036F),
    "Greek": assigned(0x0370, 0x03E1) | assigned(0x03F0, 0x03FF),  # (03E2-03EF: Coptic)
    "Greek Extended": assigned(0x1F00, 0x1FFF),
    "Cyrillic and its Supplement": assigned(0x0400, 0x052F),
    "emoticons": assigned(0x1F600, 0x1F64F),
    "transport and map symbols": assigned(0x1F680, 0x1F6C5),
    # Less the two that are no emoji (modern pentathlon and rifle: not in Unicode's RGI set).
    "supplemental symbols and pictographs": assigned(0x1F90C, 0x1F9FF) - {0x1F93B, 0x1F946},
    "symbols and pictographs extended-A": assigned(0x1FA70, 0x1FAFF),
    "regional indicators (flags), skin tones, joiners": (
        set(range(0x1F1E6, 0x1F200)) | set(range(0x1F3FB, 0x1F400)) | {0x200D, 0xFE0F, 0x20E3}),
    "emoji elsewhere": {ord(c) for c in "🎲🃏♠♥♦♣☀☕⚽⛄✨❤⭐⌛🏆🚀👍🎉🐱🌸🍣"},
}


def character_map(path: Path) -> set[int]:
    return set(TTFont(path).getBestCmap())


@pytest.fixture(scope="module")
def drawn() -> set[int]:
    """Every code point some font of the page draws: Roboto, then the fallbacks."""
    from companion.web_build import web_client

    found = character_map(web_client() / "assets" / "fonts" / "roboto.woff2")
    for name in fonts.FILES.values():
        found |= character_map(FONTS / name)
    return found


@pytest.mark.parametrize("repertoire", list(REQUIRED))
def test_the_fonts_draw_the_repertoire(drawn: set[int], repertoire: str) -> None:
    missing = sorted(REQUIRED[repertoire] - drawn)
    assert not missing, f"{repertoire}: {len(missing)} undrawn, e.g. " + ", ".join(
        f"U+{cp:04X}" for cp in missing[:10])


NAMES = ("さくら", "山田太郎", "김민준", "Zoë 🎲", "Łukasz", "Ωμέγα", "Ольга", "陳大文", "王伟",
         "محمد", "דוד", "अनन्या", "สมชาย", "👨‍👩‍👧")


def test_the_names_of_issues_21_and_30_are_drawn(drawn: set[int]) -> None:
    for name in NAMES:
        assert {ord(c) for c in name} <= drawn, name


def test_the_app_knows_what_the_fonts_draw(drawn: set[int]) -> None:
    """companion/drawn.py is the fonts' character maps, no more, no less (after a change of
    the fonts: python companion/web/subset_fonts.py --map-only)."""
    known = {cp for cp in range(0x110000)
             if fonts.drawable(chr(cp)) and unicodedata.category(chr(cp)) not in ("Cc", "Cf")}
    shown = {cp for cp in drawn if unicodedata.category(chr(cp)) not in ("Cc", "Cf")}
    assert known == shown, (sorted(known - shown)[:10], sorted(shown - known)[:10])


def test_a_name_the_fonts_cannot_draw_is_found() -> None:
    assert fonts.undrawable("Ann ꔀꔁꔀ 𓀀") == "ꔀꔁ𓀀"  # Vai and Egyptian hieroglyphs
    for name in NAMES:
        assert fonts.undrawable(name) == "", name


def test_each_script_is_in_its_own_font() -> None:
    """A Japanese name fetches the Japanese file, not the Korean (and the other way round)."""
    japanese = character_map(FONTS / fonts.FILES["Noto Sans JP"])
    korean = character_map(FONTS / fonts.FILES["Noto Sans KR"])
    assert not japanese & set(range(0xAC00, 0xD7A4))
    assert not korean & jis_level_1()
    simplified = character_map(FONTS / fonts.FILES["Noto Sans SC"])
    traditional = character_map(FONTS / fonts.FILES["Noto Sans TC"])
    hanzi = set(range(0x4E00, 0xA000))
    assert not japanese & simplified & hanzi and not (japanese | simplified) & traditional & hanzi


def test_the_licence_ships_and_names_each_file() -> None:
    licence = (FONTS / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    for name in fonts.FILES.values():
        assert f"{name}: a subset of " in licence, name


def test_every_text_style_falls_back_to_the_shipped_fonts() -> None:
    theme = fonts.theme(ft.Colors.TEAL)
    assert theme.font_family == "Roboto"
    for field in fields(ft.TextTheme):
        style = getattr(theme.text_theme, field.name)
        assert style.font_family == "Roboto", field.name
        assert style.font_family_fallback == list(fonts.FILES), field.name
        assert style.color == ft.Colors.ON_SURFACE, field.name  # light and dark alike


def test_the_page_asks_its_own_origin_for_each_font(tmp_path: Path) -> None:
    """Relative addresses (no scheme, no host, no leading slash), and each is a file the served
    page's folder holds."""
    root = web_root(tmp_path / "root", assets_folder())
    for family, address in fonts.page_fonts().items():
        assert "://" not in address and not address.startswith("/"), family
        assert (root / address).is_file(), address


def test_the_pages_own_html_draws_with_the_apps_fonts() -> None:
    """The served app's notices (connection.js) and the web app's splash (start.js) register
    every font file of the app, under its own origin, and draw with them (issue 30)."""
    import re

    for script in (Path(fonts.__file__).parent / "server" / "web" / "connection.js",
                   Path(fonts.__file__).parent / "web" / "start.js"):
        text = script.read_text(encoding="utf-8")
        listed = dict(re.findall(r'\["([^"]+)", "(fonts/[^"]+)"\]', text))
        assert listed == fonts.page_fonts(), script.name
        assert "OWN_FAMILY" in text and "Roboto,sans-serif" not in text, script.name
