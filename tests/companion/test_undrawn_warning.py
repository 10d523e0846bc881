"""New match warns of a name with letters no font of the app draws, instead of silent boxes
(issue 30); every name of the world's major scripts passes without one."""

from __future__ import annotations

from companion.widgets.player_picker import undrawn_warning

DRAWN = ("さくら", "山田太郎", "김민준", "Zoë 🎲", "Łukasz", "Ωμέγα", "Ольга", "陳大文", "王伟",
         "محمد", "דוד", "अनन्या", "สมชาย", "👨‍👩‍👧", "Nguyễn Thị Ánh")


def test_a_name_the_app_cannot_draw_is_warned_of() -> None:
    assert undrawn_warning("ꔀꔁꔂ") == (
        "“ꔀꔁꔂ” has letters the app cannot draw (U+A500 U+A501 U+A502): they show as empty "
        "boxes.")
    assert undrawn_warning("Ann 𓀀𓀁𓀂𓀃𓀄") == (
        "“Ann 𓀀𓀁𓀂𓀃𓀄” has letters the app cannot draw (U+13000 U+13001 U+13002 U+13003 …): "
        "they show as empty boxes.")


def test_the_names_of_every_major_script_need_no_warning() -> None:
    for name in DRAWN:
        assert undrawn_warning(name) is None, name
