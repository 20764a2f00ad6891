"""Discord display names: long, Unicode, emoji or broken, they are cut with an ellipsis and never crash a picture."""

from __future__ import annotations

import pytest
from PIL import Image

from game.dreamcats import Card, RoundResult, Slot, observe, public_observation
from images.dreamcats import (
    Dream,
    dream_of,
    encode_png,
    private_alt,
    render_dream,
    render_reveal,
    render_standings,
    render_table,
    reveal_alt,
    standings_alt,
    table_alt,
)
from images.dreamcats.dream import Peeked
from images.dreamcats.text import PictureText
from images.fonts import ELLIPSIS, OUTLINE, clean, fit, isolated, text_length, text_sprite
from tests.images.scenarios import dealt, turns

AWKWARD = (
    "W" * 300,
    "🐱" * 40,
    "👨‍👩‍👧‍👦🏳️‍🌈",
    "bad\x00name\n\twith\x1bcontrols",
    "lone \ud800 surrogate",
    "",
    "   ",
    "مرحبا بالعالم",
    "Zoë\u0301 e\u0301",
    "Ｆｕｌｌｗｉｄｔｈ　Ｎａｍｅ",
    "\u202eevil right-to-left",
    "中文名字很长很长很长很长很长",
    "김민준 山田 محمد",
    "𓀀𓀁 hieroglyphs",
)


def test_polish_letters_are_kept() -> None:
    assert clean("Zażółć gęślą jaźń ĄĆĘŁŃÓŚŹŻ") == "Zażółć gęślą jaźń ĄĆĘŁŃÓŚŹŻ"


def test_controls_and_undrawable_characters_are_dropped() -> None:
    assert clean("bad\x00name\n\twith") == "badname with"
    assert clean("lone \ud800 surrogate") == "lone surrogate"
    assert "\u200d" not in clean("👨‍👩‍👧")


def test_chinese_japanese_and_korean_names_are_kept_for_the_fallback_face() -> None:
    for name in ("山田太郎", "高橋みなみ", "김민준", "张伟", "Zoë 佐藤"):
        assert clean(name) == name
    assert clean("𓀀𓀁 hieroglyphs") == "hieroglyphs"  # neither face draws them: dropped as before


@pytest.mark.parametrize("name", AWKWARD)
def test_fitted_text_is_never_wider_than_its_room(name: str) -> None:
    sprite = text_sprite(name, 26, (255, 255, 255), 200, condensed=True)
    assert sprite.width <= 200 + 2 * OUTLINE + 4  # the outline and a pixel of margin each side


def test_a_name_in_the_fallback_face_is_drawn_as_wide_as_it_measures() -> None:
    plain = text_sprite("Ana", 30, (255, 255, 255), stroke=None)
    mixed = text_sprite("Ana 山田", 30, (255, 255, 255), stroke=None)
    assert mixed.height == plain.height  # on the same line: the DejaVu face's ascent and descent
    assert abs(mixed.width - text_length("Ana 山田", 30)) <= 4
    assert mixed.getchannel("A").crop((plain.width + 8, 0, mixed.width, mixed.height)).getbbox() is not None


def test_a_long_name_ends_with_an_ellipsis() -> None:
    shown = fit("Dawid the extraordinarily long-named player", 26, 200)
    assert shown.endswith(ELLIPSIS)
    assert "Dawid the extraordinarily long-named player".startswith(shown[:-1].rstrip())


@pytest.mark.parametrize("seats", [2, 5])
def test_every_picture_and_alt_text_survives_awkward_names(seats: int) -> None:
    state = dealt(seats, 9)
    turns(state, 3)
    for start in range(0, len(AWKWARD), seats):
        names = [AWKWARD[(start + i) % len(AWKWARD)] for i in range(seats)]
        public = public_observation(state)
        mine = observe(state, state.round.turn)
        mine_shown = dream_of(mine, names, {Slot(state.round.turn, 0)})
        peeked = Dream((None,) * 4, (), Peeked(names[-1], 3, Card.PEEK_1))
        result = RoundResult(1, tuple(tuple(state.round.dreams[s]) for s in range(seats)), (3,) * seats,
                             (3,) * seats, 0, 0, True, 5)
        pictures = [
            render_table(public, names, deadline="⏳ 0:10"),
            render_dream(mine_shown),
            render_dream(peeked),
            render_reveal(result, names, (3,) * seats, penalty=15),
            render_standings((3,) * seats, names, tuple(range(seats)), [result]),
        ]
        for picture in pictures:
            assert encode_png(picture).startswith(b"\x89PNG")
        alts = (table_alt(public, names), private_alt(mine_shown), private_alt(peeked),
                reveal_alt(result, names, (3,) * seats), standings_alt((3,) * seats, names, tuple(range(seats))))
        for alt in alts:
            assert 0 < len(alt) <= 1024
            alt.encode("utf-8")  # no lone surrogate: Discord receives it as JSON


def test_missing_names_fall_back_to_seat_numbers() -> None:
    state = dealt(3, 1)
    alt = table_alt(public_observation(state), ["Ana"])
    assert "Seat 2" in alt and "Seat 3" in alt
    render_table(public_observation(state), ["Ana"])


def test_a_right_to_left_phrase_beside_a_fallback_run_keeps_its_words_in_order() -> None:
    alone = text_sprite("محمد علي", 34, (255, 255, 255), stroke=None)
    mixed = text_sprite("محمد علي 高橋", 34, (255, 255, 255), stroke=None)
    box = alone.getchannel("A").getbbox()
    assert box is not None
    assert mixed.getchannel("A").crop(box).tobytes() == alone.getchannel("A").crop(box).tobytes()


def _right_end(sprite: Image.Image, width: int = 80) -> bytes:
    alpha = sprite.getchannel("A")
    box = alpha.getbbox()
    assert box is not None
    return alpha.crop((box[2] - width, 0, box[2], sprite.height)).tobytes()


@pytest.mark.parametrize("text", [isolated("张伟 محمد") + "'s turn", "山 محمد's turn", isolated("محمد") + "'s turn"])
def test_words_after_a_right_to_left_name_stay_after_it(text: str) -> None:
    alone = text_sprite("'s turn", 34, (255, 255, 255), stroke=None)
    sprite = text_sprite(text, 34, (255, 255, 255), stroke=None)
    assert sprite.height == alone.height and _right_end(sprite) == _right_end(alone)


def test_blank_hangul_fillers_are_no_name_at_all() -> None:
    for blank in ("\u3164", "\u115f\u1160", "\uffa0\u3164"):
        assert clean(blank) == ""
        assert PictureText().seat_name([blank, "Ana"], 0) == "Seat 1"


def test_a_right_to_left_name_beside_a_fallback_run_keeps_its_space_between_them() -> None:
    sprite = text_sprite("محمد 高橋", 34, (255, 255, 255), stroke=None)
    inked = sprite.getchannel("A").getbbox()
    assert inked is not None and inked[0] <= 3  # the space is not carried to the far (left) side of the Arabic
    columns = [sprite.getchannel("A").crop((x, 0, x + 1, sprite.height)).getbbox() for x in range(sprite.width)]
    blank = [x for x, ink in enumerate(columns) if ink is None and inked[0] < x < inked[2]]
    assert len(blank) >= 6  # the space, between the two runs
