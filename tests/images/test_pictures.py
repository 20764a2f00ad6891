"""What the pictures show: sizes, the marks of the last public action, captions, PNG output and alt texts."""

from __future__ import annotations

import dataclasses
import io
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image, ImageChops, ImageStat

from game.dreamcats import Card, Event, EventKind, RoundResult, Slot, observe, public_observation
from images import scene
from images.dreamcats import (
    Dream,
    PictureText,
    cached_picture,
    dream_of,
    dream_picture,
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
from images.dreamcats import dream as dream_module
from images.dreamcats.dream import Peeked, PictureCache, cache_info
from images.dreamcats.samples import sample_table
from images.dreamcats.standings import HEADER_H, ROW_GAP, ROW_H, places
from images.encode import palette
from tests.images.scenarios import NAMES, SCENES, dealt, turns

PEEK = Event(EventKind.USED_PEEK, 1, cards=(Card.PEEK_1,), slots=(Slot(0, 2),))


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_table_pictures_are_phone_sized_rgb(seats: int) -> None:
    state = dealt(seats, seats)
    picture = render_table(public_observation(state), NAMES[:seats])
    assert picture.mode == "RGB"
    assert picture.size == (1080, 720)


def test_private_pictures_are_compact_rgb() -> None:
    own, hand, other = (Card.ONE, None, None, None), (Card.TAKE_2, Card.NINE), Peeked("Bo", 2, Card.FOUR)
    sizes = {(bool(h), o is not None): render_dream(Dream(own, h, o)).size for h in ((), hand) for o in (None, other)}
    assert sizes == {(False, False): (482, 266), (True, False): (732, 266), (False, True): (732, 266),
                     (True, True): (982, 266)}
    assert render_dream(Dream(own, hand)).mode == "RGB"


def test_a_public_event_is_marked_and_a_private_one_is_not() -> None:
    state = dealt(3, 2)
    obs = public_observation(state)
    plain = render_table(obs, NAMES[:3]).tobytes()
    private = dataclasses.replace(PEEK, cards=(Card.NINE,), private_to=1)
    assert render_table(obs, NAMES[:3], last_events=[private]).tobytes() == plain
    assert render_table(obs, NAMES[:3], last_events=[PEEK]).tobytes() != plain


def test_marks_of_a_finished_round_are_not_drawn_on_the_next() -> None:
    state = dealt(3, 2)
    obs = public_observation(state)
    plain = render_table(obs, NAMES[:3]).tobytes()
    ended = [PEEK, Event(EventKind.ROUND_ENDED, None, count=1), Event(EventKind.ROUND_STARTED, 1, count=2)]
    assert render_table(obs, NAMES[:3], last_events=ended).tobytes() == plain


def test_a_deadline_is_drawn() -> None:
    state = dealt(2, 2)
    obs = public_observation(state)
    assert render_table(obs, NAMES[:2], deadline="1:00").tobytes() != render_table(obs, NAMES[:2]).tobytes()


def test_translated_captions_are_used() -> None:
    state = dealt(2, 2)
    obs = public_observation(state)
    polish = PictureText(draw_pile="Stos zakryty", discard="Stos odkryty", turn_of="Tura: {name}",
                         round="Runda {number}")
    assert render_table(obs, NAMES[:2], text=polish).tobytes() != render_table(obs, NAMES[:2]).tobytes()
    assert "Tura: Ana" in table_alt(obs, NAMES[:2], text=polish)


def test_png_is_small_deterministic_and_decodes_to_the_same_size() -> None:
    picture = sample_table()
    data = encode_png(picture)
    assert data == encode_png(sample_table())
    assert len(data) <= 400 * 1024
    with Image.open(io.BytesIO(data)) as decoded:
        assert decoded.size == picture.size
        assert decoded.format == "PNG"


@pytest.mark.parametrize("name", ["reveal_5_empty_pile", "standings_4_many_rounds", "private_5_choosing"])
def test_a_picture_drawn_on_no_layer_is_encoded_whole_as_its_palette_mapping(name: str) -> None:
    picture = SCENES[name]().convert("RGB")
    picture.info.clear()  # drawn on no cached layer: the whole picture is mapped and deflated
    with Image.open(io.BytesIO(encode_png(picture))) as decoded:
        assert decoded.format == "PNG" and decoded.mode == "P"
        shown = decoded.convert("RGB").tobytes()
    assert shown == picture.quantize(palette=palette(), dither=Image.Dither.NONE).convert("RGB").tobytes()


@pytest.mark.parametrize("rows", [(40, 56), (0, 700)], ids=["a few rows drawn on", "most rows drawn on"])
def test_a_frame_drawn_on_a_layer_is_encoded_as_its_palette_mapping(rows: tuple[int, int]) -> None:
    # Few rows drawn on are mapped apart from the rest; most rows, with the whole frame (images.bands.WHOLE_SHARE).
    layer = sample_table().convert("RGB")
    frame = scene.on_layer(layer, ("test-layer", rows))
    top, bottom = rows
    sprite = Image.new("RGBA", (300, bottom - top), (250, 40, 90, 200))
    for x in (10, 500):
        scene.paste(frame, sprite, x, top)
    with Image.open(io.BytesIO(encode_png(frame))) as decoded:
        shown = decoded.convert("RGB").tobytes()
    assert shown == frame.quantize(palette=palette(), dither=Image.Dither.NONE).convert("RGB").tobytes()
    assert shown != layer.quantize(palette=palette(), dither=Image.Dither.NONE).convert("RGB").tobytes()


@pytest.mark.parametrize(("w", "h", "spread", "x", "y"), [(333, 191, 16, 10.5, 20.5), (111, 157, 10, 301.5, 99.5),
                                                          (40, 20, 14, 0.0, 3.0)])
def test_a_glow_pasted_without_its_clear_middle_leaves_the_frame_as_the_whole_glow_would(
        w: int, h: int, spread: int, x: float, y: float) -> None:
    whole, pieces = sample_table().convert("RGB"), sample_table().convert("RGB")
    scene.paste(whole, scene.glow(w, h, scene.TURN_GLOW, spread, 150), x, y)
    scene.paste_glow(pieces, x, y, w, h, scene.TURN_GLOW, spread, 150)
    assert pieces.tobytes() == whole.tobytes()


def test_a_turn_halo_is_pasted_as_its_four_sides() -> None:
    frame = scene.on_layer(sample_table().convert("RGB"), ("halo",))
    scene.paste_glow(frame, 10, 20, 332, 190, scene.TURN_GLOW, 16, 150)
    assert len(frame.info[scene.CHANGED]) == 4
    assert min(top for top, _ in frame.info[scene.CHANGED]) == 20
    assert max(bottom for _, bottom in frame.info[scene.CHANGED]) == 20 + 190 + 4 * 16


def test_the_palette_keeps_colours_close() -> None:
    picture = sample_table()
    with Image.open(io.BytesIO(encode_png(picture))) as decoded:
        rgb = decoded.convert("RGB")
    assert max(ImageStat.Stat(ImageChops.difference(rgb, picture)).mean) < 3


def test_private_picture_shows_the_hand() -> None:
    state = dealt(3, 5)
    turns(state, 2)
    obs = observe(state, state.round.turn)
    empty = render_dream(dream_of(obs, NAMES[:3], set())).tobytes()
    holding = dataclasses.replace(obs, holding=Card.SEVEN)
    assert render_dream(dream_of(holding, NAMES[:3], set())).tobytes() != empty
    assert private_alt(dream_of(holding, NAMES[:3], set())) == (
        "Your dream: 1: face down, 2: face down, 3: face down, 4: face down. In your hand: 7."
    )


def test_private_alt_names_shown_cards_and_hides_the_rest() -> None:
    state = dealt(2, 5)
    obs = dataclasses.replace(observe(state, 0), known={Slot(0, 1): Card.PEEK_1, Slot(1, 3): Card.FOUR})
    alt = private_alt(dream_of(obs, ["Ana", "Bo"], {Slot(0, 1), Slot(1, 3), Slot(0, 3)}))
    assert alt == "Your dream: 1: face down, 2: Peek 1 (6), 3: face down, 4: face down. Also shown: Bo 4: 4."
    polish = PictureText(alt_private="Twoje Marzenie: {dream}. {hand}", alt_hidden="zakryta",
                         alt_hand="W Twojej ręce: {cards}.", keep_one="Zatrzymaj jedną")
    choosing = Dream((None, Card.ZERO, None, None), (Card.TAKE_2, Card.NINE), text=polish)
    assert private_alt(choosing) == (
        "Twoje Marzenie: 1: zakryta, 2: 0, 3: zakryta, 4: zakryta. W Twojej ręce: Take 2 (5), 9."
    )
    assert render_dream(choosing).tobytes() != render_dream(dataclasses.replace(choosing, text=PictureText())).tobytes()


def test_a_second_identical_private_picture_is_served_from_the_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[Dream] = []

    def counting(dream: Dream) -> Image.Image:
        drawn.append(dream)
        return render_dream(dream)

    monkeypatch.setattr(dream_module, "render_dream", counting)
    dream = Dream((Card.THREE, None, None, Card.EIGHT), (Card.SWAP_2,), Peeked("Cache test", 1, Card.ONE))
    before = cache_info()
    first = dream_picture(dream)
    assert drawn == [dream] and cache_info().misses == before.misses + 1
    again = dream_picture(Dream((Card.THREE, None, None, Card.EIGHT), (Card.SWAP_2,), Peeked("Cache test", 1,
                                                                                            Card.ONE)))
    assert again is first and drawn == [dream]  # the same bytes, not drawn again
    assert cached_picture(dream) is first
    after = cache_info()
    assert (after.misses, after.hits) == (before.misses + 1, before.hits + 2)
    assert first.png.startswith(b"\x89PNG") and len(first.png) <= 60 * 1024
    with Image.open(io.BytesIO(first.png)) as decoded:
        assert decoded.size == render_dream(dream).size


def test_the_private_picture_cache_is_bounded_and_keeps_the_recently_used() -> None:
    cache = PictureCache(2)
    keys = [Dream((Card(n), None, None, None)) for n in range(3)]
    for n, key in enumerate(keys[:2]):
        cache.put(key, dream_module.Picture(bytes([n]), str(n)))
    assert cache.get(keys[0]) is not None  # now the most recently used
    cache.put(keys[2], dream_module.Picture(b"2", "2"))
    assert cache.get(keys[1]) is None and cache.get(keys[0]) is not None and cache.get(keys[2]) is not None
    assert cache.info().currsize == 2 and cache.info().maxsize == 2


def test_private_pictures_drawn_in_threads_are_the_same() -> None:
    dreams = [Dream((None, Card(n), None, None), (Card((n + 3) % 13),)) for n in range(8)]
    expected = [encode_png(render_dream(d)) for d in dreams]
    with ThreadPoolExecutor(4) as pool:
        drawn = list(pool.map(lambda i: dream_picture(dreams[i % 8]).png, range(32)))
    assert drawn == [expected[i % 8] for i in range(32)]


def test_reveal_and_its_alt_text() -> None:
    dreams = ((Card.FIVE, Card.SEVEN, Card.PEEK_1, Card.ZERO), (Card.ZERO, Card.ONE, Card.NINE, Card.TWO))
    result = RoundResult(3, dreams, (18, 12), (23, 12), 0, 0, False, 9)
    picture = render_reveal(result, ["Ana", "Bo"], (40, 30), penalty=5)
    assert picture.width == 1080 and picture.mode == "RGB"
    alt = reveal_alt(result, ["Ana", "Bo"], (40, 30))
    assert "Ana: 5, 7, Peek 1 (6), 0, sum 18, score 23, total 40" in alt
    assert "Ana called Wake up!" in alt


def test_places_share_ties() -> None:
    assert places([30, 10, 10, 50]) == [3, 1, 1, 4]


def test_standings_and_their_alt_text() -> None:
    picture = render_standings((30, 10, 10), ["Ana", "Bo", "Cy"], (1, 2), [])
    assert picture.width == 1080
    alt = standings_alt((30, 10, 10), ["Ana", "Bo", "Cy"], (1, 2))
    assert alt == "Final standings: 1. Bo 10, 1. Cy 10, 3. Ana 30. Winners: Bo, Cy."


def test_pictures_drawn_in_threads_are_the_same() -> None:
    state = dealt(4, 8)
    obs = public_observation(state)
    names = [f"Player {i} Żółć" for i in range(4)]
    expected = render_table(obs, names, deadline="0:59").tobytes()
    with ThreadPoolExecutor(4) as pool:
        drawn = list(pool.map(lambda i: render_table(obs, names, deadline="0:59").tobytes(), range(16)))
    assert all(image == expected for image in drawn)


def test_an_empty_draw_pile_and_a_finished_match_still_draw() -> None:
    state = dealt(2, 8)
    obs = dataclasses.replace(public_observation(state), draw_count=0, over=True, totals=(123, 99))
    picture = render_table(obs, NAMES[:2])
    assert picture.size == (1080, 720)
    assert "turn" not in table_alt(obs, NAMES[:2])


@pytest.mark.parametrize("name", ["table_2_start", "table_5_swap", "private_5_choosing", "reveal_3_penalty"])
def test_png_holds_exactly_the_pictures_colours_mapped_to_the_palette(name: str) -> None:
    picture = SCENES[name]()
    with Image.open(io.BytesIO(encode_png(picture))) as decoded:
        assert decoded.mode == "P"
        shown = decoded.convert("RGB")
    expected = picture.quantize(palette=palette(), dither=Image.Dither.NONE).convert("RGB")
    assert shown.tobytes() == expected.tobytes()


def test_a_frame_painted_over_any_rows_encodes_exactly() -> None:
    state = dealt(2, 2)
    obs = public_observation(state)
    for sprite_rows in ([], [(0, 720)], [(-40, 3)], [(717, 800)], [(100, 101), (300, 340)]):
        picture = render_table(obs, NAMES[:2])
        for top, bottom in sprite_rows:  # paint whole rows, as a sprite pasted over them would
            scene.paste(picture, Image.new("RGBA", (1080, bottom - top), (200, 10, 90, 255)), 0, top)
        with Image.open(io.BytesIO(encode_png(picture))) as decoded:
            shown = decoded.convert("RGB")
        assert shown.tobytes() == picture.quantize(palette=palette(), dither=Image.Dither.NONE).convert("RGB").tobytes()


def test_one_who_left_is_drawn_below_everyone_who_stayed() -> None:
    names = ["Ana", "Bo", "Cy"]
    assert places([30, 10, 20], left={1}) == [2, 3, 1]
    assert places([80, 9, 30, 12], left={0, 2}) == [3, 1, 3, 2]  # who left shares the last place
    drawn = render_standings((30, 10, 20), names, (2,), [], left={1})
    # Bo left with the lowest total: drawn last, under Cy (1.) and Ana (2.), as if Bo were simply highest.
    stayed = render_standings((30, 40, 20), names, (2,), [])
    top_rows = (0, 0, drawn.width, HEADER_H + 2 * (ROW_H + ROW_GAP))
    assert drawn.crop(top_rows).tobytes() == stayed.crop(top_rows).tobytes()
    assert drawn.tobytes() != stayed.tobytes()  # Bo's own total still reads 10
    assert (standings_alt((30, 10, 20), names, (2,), left={1})
            == "Final standings: 1. Cy 20, 2. Ana 30, 3. Bo 10. Winner: Cy.")
