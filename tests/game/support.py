"""Helpers for the engine tests: rigged tables, a random player, and an independent model of what each seat may know."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, NamedTuple

from game.dreamcats import (
    Action,
    Card,
    DiscardDrawn,
    Draw,
    Event,
    EventKind,
    InitialPeek,
    KeepCard,
    MatchSettings,
    MatchState,
    Slot,
    Step,
    SwapDrawn,
    TakeDiscard,
    UsePeek,
    UseSwap,
    UseTakeTwo,
    WakeUp,
    apply_action,
    legal_actions,
    match_from_seed,
)
from game.written_log import JsonText

C = Card


def rigged(
    dreams: Sequence[Sequence[int]],
    *,
    draw: Sequence[int] = (),
    discard: Sequence[int] = (0,),
    starter: int = 0,
    settings: MatchSettings | None = None,
    peek: bool = True,
) -> MatchState:
    """A match whose first round lies as given: `draw[0]` is the top of the pile, `discard[-1]` the top discard.

    With `peek`, every seat has made its initial peek of positions 1 and 2 (0 and 1 inside the engine).
    Later rounds are dealt from the seed as usual.
    """
    state = match_from_seed(len(dreams), settings or MatchSettings(), 1, starter)
    rnd = state.round
    rnd.dreams = [[Card(c) for c in dream] for dream in dreams]
    rnd.draw_pile = [Card(c) for c in reversed(draw)]
    rnd.discard = [Card(c) for c in discard]
    if peek:
        for seat in range(len(dreams)):
            apply_action(state, InitialPeek(seat, (0, 1)))
    return state


def play(state: MatchState, *actions: Action) -> list[Event]:
    """Apply the actions in order and return all their events."""
    events: list[Event] = []
    for action in actions:
        events.extend(apply_action(state, action))
    return events


def kinds(events: Iterable[Event]) -> list[EventKind]:
    """The kinds of the events, in order."""
    return [event.kind for event in events]


def public(events: Iterable[Event]) -> list[Event]:
    """Only the events everyone may see."""
    return [event for event in events if event.is_public]


def all_cards(state: MatchState) -> Counter[Card]:
    """Every card of the round in play, wherever it lies."""
    rnd = state.round
    cards: Counter[Card] = Counter(rnd.draw_pile)
    cards.update(rnd.discard)
    cards.update(rnd.options)
    for dream in rnd.dreams:
        cards.update(dream)
    if rnd.held is not None:
        cards[rnd.held] += 1
    return cards


def random_action(state: MatchState, rng: random.Random, wake_chance: float = 0.05) -> Action:
    """A random legal action: unpeeked seats peek in random order; each kind of move is equally likely."""
    rnd = state.round
    unpeeked = [seat for seat in range(state.num_seats) if not rnd.peeked[seat]]
    seat = rnd.turn
    if unpeeked and (not rnd.peeked[seat] or rng.random() < 0.3):
        seat = rng.choice(unpeeked)
    legal = legal_actions(state, seat)
    if rnd.peeked[seat] and rnd.step is Step.START and rng.random() >= wake_chance:
        legal = [action for action in legal if not isinstance(action, WakeUp)]
    by_kind: dict[type, list[Action]] = {}
    for action in legal:
        by_kind.setdefault(type(action), []).append(action)
    return rng.choice(rng.choice(list(by_kind.values())))


def random_steps(state: MatchState, rng: random.Random, wake_chance: float = 0.05) -> Iterator[Action]:
    """Pick random legal actions until the match is over; the caller applies each one."""
    while not state.over:
        yield random_action(state, rng, wake_chance)


class Witness:
    """What each seat (and a spectator, None) may know, rebuilt only from the events it was shown.

    This is the test's own reading of RULES.md §4-5, independent of game/knowledge.py.
    """

    def __init__(self, num_seats: int) -> None:
        self.viewers: list[int | None] = [*range(num_seats), None]
        self.known: dict[int | None, dict[Slot, Card]] = {v: {} for v in self.viewers}
        self.holding: dict[int | None, Card | None] = {v: None for v in self.viewers}
        self.options: dict[int | None, tuple[Card, ...]] = {v: () for v in self.viewers}

    def feed(self, events: Iterable[Event]) -> None:
        """Take in the events of one action; each viewer learns only from the events it may see."""
        for event in events:
            for viewer in self.viewers:
                if event.visible_to(viewer):
                    self._see(viewer, event)

    def _see(self, viewer: int | None, event: Event) -> None:
        known, actor, private = self.known[viewer], viewer == event.seat, not event.is_public
        kind = event.kind
        if kind is EventKind.ROUND_STARTED:
            known.clear()
            self.holding[viewer], self.options[viewer] = None, ()
        elif kind is EventKind.INITIAL_PEEK and private:
            known.update(zip(event.slots, event.cards, strict=True))
        elif kind is EventKind.TOOK_DISCARD:
            known[event.slots[0]] = event.cards[0]
        elif kind is EventKind.DREW and private:
            self.holding[viewer] = event.cards[0]
        elif kind is EventKind.SWAPPED_IN:
            if private:
                known[event.slots[0]] = event.cards[1]
            elif not actor:
                known.pop(event.slots[0], None)
        elif kind is EventKind.TAKE_TWO_DREW and private:
            if event.count == 2:
                self.options[viewer] = event.cards
            elif event.count == 1:
                self.holding[viewer] = event.cards[0]
        elif kind is EventKind.KEPT and private:
            self.holding[viewer], self.options[viewer] = event.cards[0], ()
        elif kind is EventKind.USED_PEEK and private:
            known[event.slots[0]] = event.cards[0]
        elif kind is EventKind.USED_SWAP:
            first, second = event.slots
            a, b = known.pop(first, None), known.pop(second, None)
            if a is not None:
                known[second] = a
            if b is not None:
                known[first] = b
        if actor and kind in _HAND_EMPTIED:
            self.holding[viewer] = None


_HAND_EMPTIED = {
    EventKind.SWAPPED_IN, EventKind.DISCARDED, EventKind.USED_TAKE_TWO, EventKind.USED_PEEK, EventKind.USED_SWAP,
}


def newly_face_up(state: MatchState, action: Action) -> Counter[Card]:
    """The cards that the action (about to be applied to `state`) shows face up to everyone."""
    rnd = state.round
    match action:
        case TakeDiscard(seat=seat, position=position):
            return Counter([rnd.discard[-1], rnd.dreams[seat][position]])
        case SwapDrawn(seat=seat, position=position):
            return Counter([rnd.dreams[seat][position]])
        case DiscardDrawn():
            assert rnd.held is not None
            return Counter([rnd.held])
        case KeepCard(index=index):
            return Counter([rnd.options[1 - index]])
        case UseTakeTwo():
            return Counter([Card.TAKE_2])
        case UsePeek():
            return Counter([Card.PEEK_1])
        case UseSwap():
            return Counter([Card.SWAP_2])
    return Counter()


class Table(NamedTuple):
    """The cards of a round as plain lists, and whose turn it is."""

    dreams: list[list[Card]]
    draw_pile: list[Card]
    discard: list[Card]
    held: Card | None
    options: list[Card]
    turn: int
    step: Step


def table_of(state: MatchState) -> Table:
    """A copy of the table of the round in play."""
    rnd = state.round
    return Table(
        [list(d) for d in rnd.dreams], list(rnd.draw_pile), list(rnd.discard), rnd.held, list(rnd.options),
        rnd.turn, rnd.step,
    )


def expected_table(state: MatchState, action: Action) -> Table:
    """The test's own model of RULES.md §4: how the cards lie after the action (before any end of round)."""
    dreams, draw, discard, held, options, turn, step = table_of(state)
    ends_turn = True
    match action:
        case TakeDiscard(seat=seat, position=p):
            dreams[seat][p], given = discard.pop(), dreams[seat][p]
            discard.append(given)
        case Draw():
            held, ends_turn, step = draw.pop(), False, Step.HOLDING
        case SwapDrawn(seat=seat, position=p):
            assert held is not None
            discard.append(dreams[seat][p])
            dreams[seat][p], held = held, None
        case KeepCard(index=index):
            held, ends_turn, step = options[index], False, Step.HOLDING
            discard.append(options[1 - index])
            options = []
        case UseTakeTwo():
            assert held is not None
            discard.append(held)
            drawn = [draw.pop() for _ in range(min(2, len(draw)))]
            held = drawn[0] if len(drawn) == 1 else None
            options = drawn if len(drawn) == 2 else []
            ends_turn = not drawn
            step = Step.CHOOSING if len(drawn) == 2 else Step.HOLDING if drawn else step
        case DiscardDrawn() | UsePeek() | UseSwap():
            assert held is not None
            discard.append(held)
            held = None
            if isinstance(action, UseSwap):
                (s1, p1), (s2, p2) = action.first, action.second
                dreams[s1][p1], dreams[s2][p2] = dreams[s2][p2], dreams[s1][p1]
        case _:  # InitialPeek and WakeUp move no card
            ends_turn = False
    if ends_turn:
        turn, step = (turn + 1) % state.num_seats, Step.START
    return Table(dreams, draw, discard, held, options, turn, step)


def plain(data: Any) -> Any:
    """A stored match's dict with every JsonText (game.written_log) read back, as a store writes and reads it."""
    if isinstance(data, JsonText):
        return data.value()
    if isinstance(data, dict):
        return {key: plain(value) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return [plain(value) for value in data]
    return data
