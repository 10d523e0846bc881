"""Make the Noto subsets the app ships in `assets/fonts/` (see companion/fonts.py):
`python companion/web/subset_fonts.py` (needs the `fonts` extra: fontTools with Brotli).

The sources come from package registries, pinned: Debian's fonts-noto-cjk (Noto Sans CJK: kana,
kanji, Hangul, simplified and traditional hanzi) and fonts-noto-core (Noto Sans and its Arabic,
Hebrew, Devanagari and Thai), fetched with `apt-get download`, and npm's
@expo-google-fonts/noto-emoji (Noto Emoji, monochrome: its static 400 instance), fetched with
`npm pack`; each source file is checked against its SHA-256. `--sources DIR` reads the packages
from a folder instead (the .deb and .tgz files as those commands save them).

What each subset holds is in REPERTOIRE (tests/companion/test_fonts.py checks it in the shipped
files). Hangul keeps all 11,172 syllables (the 2,350 of KS X 1001 alone would save ~570 KB but
leave real names undrawn). Emoji are monochrome: Noto Color Emoji's bitmaps (Debian's CBDT) are
~10 MB, and Noto Emoji's outlines draw every emoji it knows in ~0.5 MB, in the text's colour.
Chinese: GB 2312's 3,755 level 1 hanzi and Big5's 5,401 common ones, less what the Japanese file
already draws (1.5 MB for both; whole, 3.6 MB).
WOFF2: Flutter's web engine reads it (Flet's client ships Roboto as WOFF2 too).
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import tarfile
import tempfile
from collections.abc import Iterable
from pathlib import Path

FONTS = Path(__file__).resolve().parents[2] / "assets" / "fonts"

CJK = "fonts-noto-cjk_1%3a20220127+repack1-1_all.deb"
CORE = "fonts-noto-core_20201225-1_all.deb"
EMOJI = "expo-google-fonts-noto-emoji-0.4.7.tgz"
NOTO = "usr/share/fonts/truetype/noto/"

# font file inside its package -> its SHA-256
DIGESTS = {
    "usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc":
        "b76b0433203017ca80401b2ee0dd69350349871c4b19d504c34dbdd80541690a",
    NOTO + "NotoSans-Regular.ttf":
        "89c3c497f618fdaa0b2d1e98fef93582f28c71debd2c4a8cdf41f190ced2909d",
    NOTO + "NotoSansArabic-Regular.ttf":
        "504d7407d86875acf7d04dfaa0fd7524d0b8797723bc4aa18022f29db25b0b6e",
    NOTO + "NotoSansHebrew-Regular.ttf":
        "436900d5ad77d33e4234247f3076eaecd25b92b9bea0519514f684140e3566a7",
    NOTO + "NotoSansDevanagari-Regular.ttf":
        "79a470365ccb210fa3c7d8d8ff2e005ef9d983cfd067f735a0caf7e15070ca9f",
    NOTO + "NotoSansThai-Regular.ttf":
        "dfbd5ed0f1e68c3cbc51aa08f646d1ab0e68e7c4ceab70a69e465225ff701f93",
    "package/400Regular/NotoEmoji_400Regular.ttf":
        "24aaa2a20c9c06ffe9bf04284bfd1f14376a329d10122f902abe2770817eb504",
}
APT = ("fonts-noto-cjk=1:20220127+repack1-1", "fonts-noto-core=20201225-1")
NPM = ("@expo-google-fonts/noto-emoji@0.4.7",)
LICENCE = (EMOJI, "package/LICENSE_FONT")


def rows(codec: str, first: int, last: int) -> set[int]:
    """The characters of rows first..last of a 94x94 national set (JIS X 0208, KS X 1001),
    read through Python's EUC codec."""
    found = set()
    for row in range(first, last + 1):
        for cell in range(1, 95):
            try:
                text = bytes([0xA0 + row, 0xA0 + cell]).decode(codec)
            except UnicodeDecodeError:
                continue
            if len(text) == 1:
                found.add(ord(text))
    return found


def span(first: int, last: int) -> set[int]:
    return set(range(first, last + 1))


JIS_LEVEL_1 = rows("euc_jp", 16, 47)    # 2,965 kanji
JIS_NON_KANJI = rows("euc_jp", 1, 8)    # kana, punctuation, full-width Latin, Greek, Cyrillic
KANA = span(0x3000, 0x30FF) | span(0x31F0, 0x31FF) | span(0xFF00, 0xFFEF)
HANGUL = span(0xAC00, 0xD7A3) | span(0x1100, 0x11FF) | span(0x3130, 0x318F)
# What Roboto lacks of the Latin, Greek and Cyrillic blocks (the rest of them costs little).
LATIN_GREEK_CYRILLIC = (span(0x0020, 0x024F) | span(0x0250, 0x02FF) | span(0x0300, 0x036F)
                        | span(0x0370, 0x03FF) | span(0x0400, 0x052F) | span(0x1D00, 0x1DBF)
                        | span(0x1E00, 0x1FFF) | span(0x2000, 0x206F) | span(0x2DE0, 0x2DFF)
                        | span(0xA640, 0xA69F) | span(0xA720, 0xA7FF))


def big5_level_1() -> set[int]:
    """Big5's 5,401 frequently used hanzi (0xA440-0xC67E), through Python's Big5 codec."""
    found = set()
    for lead in range(0xA4, 0xC7):
        for trail in (*range(0x40, 0x7F), *range(0xA1, 0xFF)):
            if (lead, trail) > (0xC6, 0x7E):
                break
            try:
                text = bytes([lead, trail]).decode("big5")
            except UnicodeDecodeError:
                continue
            if len(text) == 1:
                found.add(ord(text))
    return found


GB2312_LEVEL_1 = rows("gb2312", 16, 55)  # 3,755 hanzi
BIG5_LEVEL_1 = big5_level_1()            # 5,401 hanzi
JAPANESE = JIS_LEVEL_1 | JIS_NON_KANJI | KANA
# The page takes a glyph from the first font of its fallback list that has one (JP, then SC,
# then TC), so each Chinese subset holds only the hanzi the fonts before it lack: the same
# Noto Sans CJK design, and no byte shipped twice.
SIMPLIFIED = GB2312_LEVEL_1 - JAPANESE
TRADITIONAL = BIG5_LEVEL_1 - JAPANESE - SIMPLIFIED
# Shaping needs the joiners, the dotted circle (a lone mark) and the direction marks too.
JOINERS = {0x200C, 0x200D, 0x25CC, 0x200E, 0x200F, 0x2066, 0x2067, 0x2068, 0x2069}
ARABIC = (span(0x0600, 0x06FF) | span(0x0750, 0x077F) | span(0x08A0, 0x08FF)
          | span(0xFB50, 0xFDFF) | span(0xFE70, 0xFEFF) | JOINERS)
HEBREW = span(0x0590, 0x05FF) | span(0xFB1D, 0xFB4F) | JOINERS
DEVANAGARI = span(0x0900, 0x097F) | span(0xA8E0, 0xA8FF) | span(0x1CD0, 0x1CFF) | JOINERS
THAI = span(0x0E00, 0x0E7F) | JOINERS

# output file -> (source package, font file in it, face in a collection, code points; None:
# the whole font)
REPERTOIRE: dict[str, tuple[str, str, int, set[int] | None]] = {
    "noto-sans.woff2": (CORE, NOTO + "NotoSans-Regular.ttf", 0, LATIN_GREEK_CYRILLIC),
    "noto-sans-jp.woff2": (CJK, "usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 0,
                           JAPANESE),
    "noto-sans-kr.woff2": (CJK, "usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 1,
                           HANGUL),
    "noto-sans-sc.woff2": (CJK, "usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 2,
                           SIMPLIFIED),
    "noto-sans-tc.woff2": (CJK, "usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 3,
                           TRADITIONAL),
    "noto-sans-arabic.woff2": (CORE, NOTO + "NotoSansArabic-Regular.ttf", 0, ARABIC),
    "noto-sans-hebrew.woff2": (CORE, NOTO + "NotoSansHebrew-Regular.ttf", 0, HEBREW),
    "noto-sans-devanagari.woff2": (CORE, NOTO + "NotoSansDevanagari-Regular.ttf", 0,
                                   DEVANAGARI),
    "noto-sans-thai.woff2": (CORE, NOTO + "NotoSansThai-Regular.ttf", 0, THAI),
    "noto-emoji.woff2": (EMOJI, "package/400Regular/NotoEmoji_400Regular.ttf", 0, None),
}


def fetch(into: Path) -> None:
    """Download the pinned packages into `into` with the registries' own clients."""
    subprocess.run(["apt-get", "download", *APT], cwd=into, check=True)
    subprocess.run(["npm", "pack", "--silent", *NPM], cwd=into, check=True,
                   stdout=subprocess.DEVNULL)


def extract(package: Path, member: str, into: Path) -> Path:
    """One file out of a .deb (dpkg-deb) or an npm .tgz."""
    target = into / package.name
    if package.suffix == ".deb":
        subprocess.run(["dpkg-deb", "-x", str(package), str(target)], check=True)
    else:
        with tarfile.open(package) as tar:
            tar.extractall(target, members=[tar.getmember(member)], filter="data")
    return target / member


def source_font(folder: Path, package: str, member: str, unpacked: Path) -> Path:
    digest = DIGESTS[member]
    path = unpacked / package / member
    if not path.exists():
        path = extract(folder / package, member, unpacked)
    actual = hashlib.sha256(path.read_bytes()).hexdigest()
    if actual != digest:
        raise SystemExit(f"{package}: {member} has SHA-256 {actual}, not the pinned {digest}")
    return path


def subset(source: Path, face: int, unicodes: Iterable[int] | None, out: Path) -> str:
    """Write the subset; return the source's notice (family, version, copyright) for OFL.txt."""
    from fontTools import subset as fonttools_subset
    from fontTools.ttLib import TTFont

    options = fonttools_subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]   # emoji sequences and kana forms are ligatures
    options.name_IDs = ["*"]          # the OFL notice in the name table stays
    options.hinting = False           # the web engine does not hint; smaller files
    options.notdef_outline = True
    # The source's timestamp kept: a rerun from the same packages writes the same bytes.
    font = TTFont(source, fontNumber=face, lazy=False, recalcTimestamp=False)
    names = font["name"]
    notice = (f"{names.getDebugName(4)}, {names.getDebugName(5).split(';')[0]}: "
              f"{names.getDebugName(0)}")
    if unicodes is None:
        unicodes = font.getBestCmap().keys()
    subsetter = fonttools_subset.Subsetter(options)
    subsetter.populate(unicodes=unicodes)
    subsetter.subset(font)
    font.flavor = "woff2"
    font.save(out)
    return notice


def make(folder: Path, out: Path = FONTS) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as unpack:
        unpacked = Path(unpack)
        notices = []
        for name, (package, member, face, unicodes) in REPERTOIRE.items():
            source = source_font(folder, package, member, unpacked)
            notice = subset(source, face, unicodes, out / name)
            notices.append(f"{name}: a subset of {notice}")
            print(f"{name}: {(out / name).stat().st_size:,} bytes")
        package, member = LICENCE
        licence = extract(folder / package, member, unpacked).read_text(encoding="utf-8")
        # Its first line is the emoji font's copyright, listed with the others above it.
        body = licence.split("\n", 1)[1].lstrip("\n")
        (out / "OFL.txt").write_text("\n".join(notices) + "\n\n" + body, encoding="utf-8")


def roboto() -> Path:
    """Flet's client's Roboto: the page's first font, before the subsets."""
    import flet_web

    return Path(flet_web.__file__).parent / "web" / "assets" / "fonts" / "roboto.woff2"


def drawn_code_points(folder: Path = FONTS) -> set[int]:
    """Every code point some font of the page maps: Roboto's and the shipped subsets'."""
    from fontTools.ttLib import TTFont

    found = set(TTFont(roboto()).getBestCmap())
    for name in REPERTOIRE:
        found |= set(TTFont(folder / name).getBestCmap())
    return found


def drawn_map(code_points: set[int]) -> str:
    """companion/drawn.py's text: the code points as a bitmap (bit n of byte n // 8: U+n),
    zlib-compressed and in base 64 (about 10 KB), so the app knows what it can draw without
    fontTools or the fonts (tests/companion/test_fonts.py checks it against the files)."""
    import base64
    import zlib

    bits = bytearray((max(code_points) >> 3) + 1)
    for cp in code_points:
        bits[cp >> 3] |= 1 << (cp & 7)
    packed = base64.b64encode(zlib.compress(bytes(bits), 9)).decode("ascii")
    lines = "\n".join(f'    "{packed[i:i + 92]}"' for i in range(0, len(packed), 92))
    return (f'"""The code points the page\'s fonts draw, made by companion/web/subset_fonts.py '
            f'from\ntheir character maps (see companion/fonts.py: drawable)."""\n\n'
            f"BITMAP = (\n{lines}\n)\n")


DRAWN = Path(__file__).resolve().parents[1] / "drawn.py"


def write_drawn() -> None:
    DRAWN.write_text(drawn_map(drawn_code_points()), encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="subset_fonts.py",
                                     description="Make the Noto subsets in assets/fonts/.")
    parser.add_argument("--sources", help="folder holding the packages (default: download "
                                          "them into a temporary folder)")
    parser.add_argument("--map-only", action="store_true",
                        help="only write companion/drawn.py from the shipped fonts")
    args = parser.parse_args(argv)
    if not args.map_only:
        if args.sources:
            make(Path(args.sources))
        else:
            with tempfile.TemporaryDirectory() as folder:
                fetch(Path(folder))
                make(Path(folder))
    write_drawn()


if __name__ == "__main__":
    main()
