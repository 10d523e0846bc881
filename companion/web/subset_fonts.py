"""Make the Noto subsets the app ships in `assets/fonts/` (see companion/fonts.py):
`python companion/web/subset_fonts.py` (needs the `fonts` extra: fontTools with Brotli).

The sources come from package registries, pinned: Debian's fonts-noto-cjk (Noto Sans CJK: kana,
kanji, Hangul) and fonts-noto-core (Noto Sans), fetched with `apt-get download`, and npm's
@expo-google-fonts/noto-emoji (Noto Emoji, monochrome: its static 400 instance), fetched with
`npm pack`; each source file is checked against its SHA-256. `--sources DIR` reads the packages
from a folder instead (the .deb and .tgz files as those commands save them).

What each subset holds is in REPERTOIRE (tests/companion/test_fonts.py checks it in the shipped
files). Hangul keeps all 11,172 syllables (the 2,350 of KS X 1001 alone would save ~570 KB but
leave real names undrawn). Emoji are monochrome: Noto Color Emoji's bitmaps (Debian's CBDT) are
~10 MB, and Noto Emoji's outlines draw every emoji it knows in ~0.5 MB, in the text's colour.
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

# package file -> (font file inside it, SHA-256 of that font file)
SOURCES = {
    "fonts-noto-cjk_1%3a20220127+repack1-1_all.deb": (
        "usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
        "b76b0433203017ca80401b2ee0dd69350349871c4b19d504c34dbdd80541690a"),
    "fonts-noto-core_20201225-1_all.deb": (
        "usr/share/fonts/truetype/noto/NotoSans-Regular.ttf",
        "89c3c497f618fdaa0b2d1e98fef93582f28c71debd2c4a8cdf41f190ced2909d"),
    "expo-google-fonts-noto-emoji-0.4.7.tgz": (
        "package/400Regular/NotoEmoji_400Regular.ttf",
        "24aaa2a20c9c06ffe9bf04284bfd1f14376a329d10122f902abe2770817eb504"),
}
APT = ("fonts-noto-cjk=1:20220127+repack1-1", "fonts-noto-core=20201225-1")
NPM = ("@expo-google-fonts/noto-emoji@0.4.7",)
LICENCE = ("expo-google-fonts-noto-emoji-0.4.7.tgz", "package/LICENSE_FONT")


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

# output file -> (source package, face in a collection, code points; None: the whole font)
REPERTOIRE: dict[str, tuple[str, int, set[int] | None]] = {
    "noto-sans.woff2": ("fonts-noto-core_20201225-1_all.deb", 0, LATIN_GREEK_CYRILLIC),
    "noto-sans-jp.woff2": ("fonts-noto-cjk_1%3a20220127+repack1-1_all.deb", 0,
                           JIS_LEVEL_1 | JIS_NON_KANJI | KANA),
    "noto-sans-kr.woff2": ("fonts-noto-cjk_1%3a20220127+repack1-1_all.deb", 1, HANGUL),
    "noto-emoji.woff2": ("expo-google-fonts-noto-emoji-0.4.7.tgz", 0, None),
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


def source_font(folder: Path, package: str, unpacked: Path) -> Path:
    member, digest = SOURCES[package]
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
        for name, (package, face, unicodes) in REPERTOIRE.items():
            notice = subset(source_font(folder, package, unpacked), face, unicodes, out / name)
            notices.append(f"{name}: a subset of {notice}")
            print(f"{name}: {(out / name).stat().st_size:,} bytes")
        package, member = LICENCE
        licence = extract(folder / package, member, unpacked).read_text(encoding="utf-8")
        # Its first line is the emoji font's copyright, listed with the others above it.
        body = licence.split("\n", 1)[1].lstrip("\n")
        (out / "OFL.txt").write_text("\n".join(notices) + "\n\n" + body, encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="subset_fonts.py",
                                     description="Make the Noto subsets in assets/fonts/.")
    parser.add_argument("--sources", help="folder holding the packages (default: download "
                                          "them into a temporary folder)")
    args = parser.parse_args(argv)
    if args.sources:
        make(Path(args.sources))
        return
    with tempfile.TemporaryDirectory() as folder:
        fetch(Path(folder))
        make(Path(folder))


if __name__ == "__main__":
    main()
