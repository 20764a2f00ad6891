"""Text sprites: one pushed out of the cache of ready sprites comes back pixel for pixel from the deflated store."""

from __future__ import annotations

from images.fonts import text_sprite

READY_KEPT = 256  # the ready sprites text_sprite keeps (its locked_cache)


def test_a_sprite_pushed_out_of_the_ready_cache_comes_back_the_same() -> None:
    first = text_sprite("Bartłomiej Żółć", 30, (226, 218, 255), 260, condensed=True)
    pixels, size = first.tobytes(), first.size
    for number in range(READY_KEPT + 20):  # other tables' names push it out of the ready sprites
        text_sprite(f"Someone else {number}", 30, (226, 218, 255), 260, condensed=True)
    again = text_sprite("Bartłomiej Żółć", 30, (226, 218, 255), 260, condensed=True)
    assert again is not first  # not the ready sprite: it was pushed out
    assert (again.mode, again.size, again.tobytes()) == ("RGBA", size, pixels)


def test_sprites_without_an_outline_come_back_the_same_too() -> None:
    first = text_sprite("You", 26, (40, 30, 60), 200, stroke=None)
    pixels = first.tobytes()
    for number in range(READY_KEPT + 20):
        text_sprite(f"label {number}", 26, (40, 30, 60), 200, stroke=None)
    again = text_sprite("You", 26, (40, 30, 60), 200, stroke=None)
    assert again is not first and again.tobytes() == pixels and again.size == first.size
