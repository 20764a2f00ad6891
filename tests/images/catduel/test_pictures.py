"""The Cat Duel pictures' sizes, their alt texts, and the words of both languages fitting."""

from __future__ import annotations

import dataclasses
import itertools

from bot.catduel.texts import KEY_PREFIX, picture_text
from bot.i18n import catalogue_keys
from game.catduel import observe
from images import art, scene
from images.catduel import ENGLISH, CatDuelText, render_standings, render_table, standings_alt, table_alt
from images.catduel.hand import standings_order
from images.catduel.table import MOON_TOP
from tests.images.catduel.scenarios import NAMES, after_rounds, played_until

EDGE = 6  # columns at either edge that no seat, label or panel reaches


def test_every_picture_word_has_a_key_in_both_languages() -> None:
    wanted = {KEY_PREFIX + item.name for item in dataclasses.fields(CatDuelText) if item.name != "words"}
    assert wanted <= catalogue_keys("en") and wanted <= catalogue_keys("pl")
    assert picture_text("en") == ENGLISH and picture_text("pl").word("siamese") == "Syjamski"


def test_the_table_grows_for_five_or_six_cats_and_says_who_is_there() -> None:
    for seats in range(2, 7):
        state = played_until(seats, seats, after_rounds(1))
        public = observe(state, None)
        picture = render_table(public, NAMES[:seats])
        assert picture.size == ((1000, 724) if seats <= 4 else (1000, 800)) and picture.mode == "RGB"
        alt = table_alt(public, NAMES[:seats], ENGLISH)
        assert all(NAMES[s].split()[0] in alt for s in range(seats)) and "Last reveal" in alt


def test_the_standings_crown_the_winners_in_words_too() -> None:
    state = played_until(3, 3, lambda s: s.over, best_of=3)
    public = observe(state, None)
    assert render_standings(public, NAMES[:3]).width >= 640
    best = max(public.wins)
    winners = [NAMES[s] for s in range(3) if public.wins[s] == best]
    assert all(name.split()[0] in standings_alt(public, NAMES[:3], ENGLISH).split("won the match")[0]
               for name in winners)


def test_no_label_runs_off_the_picture_at_five_or_six_cats() -> None:
    # The seats at the ring's left and right ends sit near the edges, and a revealed move's label ("Purr · Guaranteed
    # Purring") is wider than a seat: it is drawn as far in as it must be, so the edges show the night sky only.
    for seats, seed, rounds in itertools.product((5, 6), range(1, 7), (1, 2)):
        picture = render_table(observe(played_until(seats, seed, after_rounds(rounds)), None), NAMES[:seats])
        sky = scene.background(*picture.size).convert("RGB")
        for box in ((0, 0, EDGE, picture.height), (picture.width - EDGE, 0, picture.width, picture.height)):
            assert picture.crop(box).tobytes() == sky.crop(box).tobytes(), (seats, seed, rounds, box)


def test_the_moon_shows_whole_below_who_has_chosen_at_every_seat_count() -> None:
    # "1 of 3 chosen" sits in the top right corner, where the other games' pictures have the moon: Cat Duel's
    # table draws it below that box, and no seat, label or arrow of any ring covers it.
    moon = (1000 - 66, MOON_TOP - 8, 1000 - 14, MOON_TOP + 44)
    for seats, seed, rounds in itertools.product(range(2, 7), range(1, 4), (1, 2)):
        picture = render_table(observe(played_until(seats, seed, after_rounds(rounds)), None), NAMES[:seats])
        sky = scene.background(*picture.size, moon_top=MOON_TOP).convert("RGB")
        assert picture.crop(moon).tobytes() == sky.crop(moon).tobytes(), (seats, seed, rounds)
        assert picture.getpixel((1000 - 60, MOON_TOP + 30)) == art.MOON  # the crescent's lit side


def test_a_cat_whose_person_left_is_never_crowned_and_comes_last() -> None:
    state = played_until(3, 3, lambda s: s.over, best_of=3)
    public = observe(state, None)
    leader = max(range(3), key=lambda s: (public.wins[s], -s))
    order = standings_order(public, left={leader})
    stayed = [s for s in order if s != leader]
    winners = [s for s in stayed if public.wins[s] == max(public.wins[t] for t in stayed)]  # as the records say
    assert order[-1] == leader
    alt = standings_alt(public, NAMES[:3], ENGLISH, winners=winners, left={leader})
    crowned = alt.split(". ")[-1]
    assert NAMES[leader].split()[0] not in crowned and all(NAMES[s].split()[0] in crowned for s in winners)
    drawn = render_standings(public, NAMES[:3], winners=winners, left={leader})
    assert drawn.tobytes() != render_standings(public, NAMES[:3]).tobytes()
