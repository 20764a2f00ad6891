"""Moving chance cards: draws (with the used pile reshuffled when the deck runs out), the hand limit, discards."""

from __future__ import annotations

import random

from game.catduel.cards import HAND_LIMIT, Chance
from game.catduel.events import Cause, Event, EventKind
from game.catduel.state import DuelState


def duel_rng(seed: int, duel: int, round_number: int, stage: str) -> random.Random:
    """The random generator of one stage of one round, made from the match seed so that a match replays."""
    return random.Random(f"catduel:{seed}:{duel}:{round_number}:{stage}")


def take_into_hand(duel: DuelState, seat: int, card: Chance, cause: Cause, public_card: bool) -> list[Event]:
    """Put a card into the seat's hand; beyond 5 it goes face up to the used pile at once (§2)."""
    shown = card if public_card else None
    events = [Event(EventKind.DREW, seat, cause=cause, card=shown),
              Event(EventKind.DREW, seat, cause=cause, card=card, private_to=seat)]
    if len(duel.seats[seat].hand) >= HAND_LIMIT:
        duel.used.append(card)
        return [*events, Event(EventKind.DISCARDED, seat, card=card)]
    duel.seats[seat].hand.append(card)
    return events


def draw(duel: DuelState, seat: int, cause: Cause, rng: random.Random) -> list[Event]:
    """The seat draws the top card of the deck; an empty deck is first remade from the shuffled used pile."""
    events: list[Event] = []
    if not duel.deck:
        if not duel.used:
            return []  # both empty: nothing is drawn
        duel.deck = list(duel.used)
        duel.used.clear()
        rng.shuffle(duel.deck)
        events.append(Event(EventKind.RESHUFFLED, count=len(duel.deck)))
    return [*events, *take_into_hand(duel, seat, duel.deck.pop(), cause, public_card=False)]


def draw_many(duel: DuelState, seat: int, count: int, cause: Cause, rng: random.Random) -> list[Event]:
    """The seat draws `count` cards one by one."""
    events: list[Event] = []
    for _ in range(count):
        events.extend(draw(duel, seat, cause, rng))
    return events


def knock_out(duel: DuelState, seat: int) -> list[Event]:
    """The seat's cat is out at once: its hand goes to the used pile (§4)."""
    cat = duel.seats[seat]
    cat.out_round = duel.round
    duel.used.extend(cat.hand)
    cat.hand.clear()
    return [Event(EventKind.OUT, seat, count=duel.round)]


def change_hp(duel: DuelState, seat: int, amount: int, cause: Cause, other: int | None = None) -> list[Event]:
    """Change a cat's HP and say why; at 0 or less the cat is out at once."""
    cat = duel.seats[seat]
    cat.hp += amount
    events = [Event(EventKind.HP, seat, other=other, amount=amount, count=cat.hp, cause=cause)]
    if cat.hp <= 0 and cat.is_in:
        events.extend(knock_out(duel, seat))
    return events
