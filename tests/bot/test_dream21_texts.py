"""The Dream 21 pictures' words come from the catalogues, in English and Polish."""

from __future__ import annotations

import dataclasses
import random

from bot.dream21.texts import KEY_PREFIX, picture_text
from bot.i18n import catalogue_keys
from game.dream21 import Dream21Settings, new_match, public_observation
from images.dream21 import ENGLISH, Dream21Text, render_trick
from tests.images.dream21.polish import POLISH


def test_every_picture_word_has_a_key_in_both_languages() -> None:
    wanted = {KEY_PREFIX + item.name for item in dataclasses.fields(Dream21Text)}
    assert wanted <= catalogue_keys("en") and wanted <= catalogue_keys("pl")


def test_english_is_the_pictures_default_and_polish_is_the_set_the_goldens_are_drawn_with() -> None:
    assert picture_text("en") == ENGLISH
    assert picture_text("pl") == POLISH  # the Polish goldens (tests/images/dream21) prove these words fit
    assert picture_text("de") == ENGLISH  # an unsupported language falls back to English


def test_the_polish_words_draw_a_table() -> None:
    state = new_match(3, Dream21Settings(), random.Random(2), dealer=0)
    assert render_trick(public_observation(state), ["Ana", "Bo", "Cy"], text=picture_text("pl")).width > 0


def test_the_leader_is_told_the_next_hand_starts_soon_while_the_table_pauses() -> None:
    from datetime import UTC, datetime

    from bot.dream21.private import hand_step
    from bot.service import Seat, Table
    from game.dream21 import legal_actions, observe

    settings = Dream21Settings()
    state = new_match(2, settings, random.Random(3), dealer=0)
    seats = [Seat(1, "Ana"), Seat(2, "Bo")]
    table = Table("abcdef0123", 1, 2, 1, settings, "en", seats, datetime.now(UTC), state=state, game="dream21")
    leader = state.hand.turn
    obs = observe(state, leader)
    playing = hand_step(table, obs, list(legal_actions(state, leader)), "en")
    assert playing.items and "lead" in playing.text
    table.paused_until = datetime.now(UTC)
    paused = hand_step(table, obs, list(legal_actions(state, leader)), "en")
    assert paused.items == []
    assert paused.text == ("Your hand. The next hand starts in a moment, and you lead it: press **My hand** again "
                           "then.")
    other = hand_step(table, observe(state, 1 - leader), [], "en")
    assert other.text == f"Your hand. It is **{seats[leader].name}**'s turn."


def test_a_play_that_leaves_the_next_seat_stuck_says_so_and_not_a_total_that_is_gone() -> None:
    from bot.dream21.clicks import played_line
    from game.dream21 import Card, Event, EventKind

    nine = Card.from_code("9S")
    events = [Event(EventKind.PLAYED, 0, card=nine, total=19), Event(EventKind.COULD_NOT_PLAY, 1, other=0)]
    assert played_line(events, 0, ["Ana", "Bo"], "en") == (
        f"You played **{nine}** — the total is **19**. **Bo** could not play and takes the trick, and you lead the "
        "next one.")
    assert played_line(events[:1], 0, ["Ana", "Bo"], "en") == f"You played **{nine}** — the total is **19**."
