"""Dream 21's private reply: the move buttons a seat is offered (bot.dream21.private)."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from typing import Any

import discord

from bot.dream21.private import MAX_PLAY_BUTTONS, hand_step, move_buttons
from bot.service import Seat, Table
from game.dream21 import Card, Dream21Settings, Play, Rank, Suit, legal_actions, new_match, observe


def _table(hand: list[Card], *, total: int = 0, pile: bool = True) -> Table:
    """A two-seat Dream 21 table where seat 0 holds `hand` and it is seat 0's turn."""
    state = new_match(2, Dream21Settings(), random.Random(3), dealer=1)
    state.hand.hands[0] = list(hand)
    state.hand.turn, state.hand.total = 0, total
    if total:
        state.hand.play_pile = [Card(Rank.TEN, Suit.CLUBS), Card(Rank.TWO, Suit.CLUBS)]
    if not pile:
        state.hand.draw_pile = []
    return Table("abc123", 1, 2, 10, Dream21Settings(), "en", [Seat(10, "Ana"), Seat(11, "Bo")],
                 datetime(2026, 1, 1, tzinfo=UTC), state=state, game="dream21")


def _parts(items: list[Any]) -> list[Any]:
    """The buttons and menus inside the DynamicItems."""
    return [item.item for item in items]


def _labels(items: list[Any]) -> list[str]:
    return [part.label or "" for part in _parts(items) if isinstance(part, discord.ui.Button)]


def test_a_leader_gets_one_button_per_card_and_an_ace_twice() -> None:
    hand = [Card(Rank.ACE, Suit.SPADES), Card(Rank.SEVEN, Suit.HEARTS), Card(Rank.KING, Suit.CLUBS)]
    table = _table(hand)
    obs = observe(table.state, 0)
    items = move_buttons(table, obs, list(legal_actions(table.state, 0)), "en")
    assert sorted(_labels(items)) == sorted(["A♠ as 1", "A♠ as 11", "7♥", "K♣"])
    assert not any(":d21d:" in str(part.custom_id) for part in _parts(items))


def test_a_card_that_makes_21_is_green_and_said_aloud() -> None:
    hand = [Card(Rank.NINE, Suit.HEARTS), Card(Rank.THREE, Suit.CLUBS)]
    table = _table(hand, total=12)
    obs = observe(table.state, 0)
    step = hand_step(table, obs, list(legal_actions(table.state, 0)), "en")
    labels = _labels(step.items)
    assert "Draw a card" in labels and "9♥ — makes 21!" in labels and "3♣" not in labels  # 3 only after a draw
    green = [part.label for part in _parts(step.items) if part.style is discord.ButtonStyle.success]
    assert green == ["9♥ — makes 21!"]
    assert "total is **12**" in step.text


def test_a_hand_too_long_for_buttons_gets_a_menu() -> None:
    hand = [Card(rank, suit) for suit in Suit for rank in Rank][:MAX_PLAY_BUTTONS + 3]
    table = _table(hand)
    obs = observe(table.state, 0)
    legal = list(legal_actions(table.state, 0))
    items = move_buttons(table, obs, legal, "en")
    [menu] = _parts(items)
    assert isinstance(menu, discord.ui.Select) and menu.custom_id.startswith("ds:abc123:d21s:")
    values = [option.value for option in menu.options]
    assert len(values) == min(25, len(legal)) and all(Play(0, obs.hand[int(v.split(".")[0])], v.endswith(".1"))
                                                      in legal for v in values)
