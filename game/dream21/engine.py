"""The match engine: start a match, check and apply actions, and get back what happened."""

from __future__ import annotations

import random
from dataclasses import replace

from game.dream21.actions import Action, Draw, Play
from game.dream21.cards import HAND_SIZE, TARGET, Card, shuffled_deck
from game.dream21.events import Event, EventKind, public_moves
from game.dream21.rules import can_play, check_action
from game.dream21.scoring import hand_scores, winners
from game.dream21.settings import Dream21Settings
from game.dream21.state import HandResult, HandState, MatchState
from game.errors import SettingsError

MIN_SEATS, MAX_SEATS = 2, 6
MAX_PLAYS = 500  # the safety stop of RULES-dream21.md §5


def new_match(
    num_seats: int, settings: Dream21Settings, rng: random.Random, dealer: int | None = None
) -> MatchState:
    """A new match; its seed comes from `rng`, and the first hand is dealt.

    `dealer` is the host's seat; None picks a random seat (RULES-dream21.md §3).
    """
    settings.validated()
    return match_from_seed(num_seats, settings, rng.getrandbits(63), dealer)


def match_from_seed(num_seats: int, settings: Dream21Settings, seed: int, dealer: int | None) -> MatchState:
    """The match that this seed deals, before any action."""
    if type(num_seats) is not int or not MIN_SEATS <= num_seats <= MAX_SEATS:
        raise SettingsError(f"Dream 21 needs {MIN_SEATS} to {MAX_SEATS} seats, not {num_seats}.")
    if dealer is not None and (type(dealer) is not int or not 0 <= dealer < num_seats):
        raise SettingsError(f"The dealer must be seat 0 to {num_seats - 1}, not {dealer!r}.")
    if dealer is None:
        dealer = random.Random(f"dream21:{seed}:dealer").randrange(num_seats)
    first = deal_hand(num_seats, seed, number=1, dealer=dealer)
    return MatchState(settings, num_seats, seed, dealer, [0] * num_seats, [], first, [])


def deal_hand(num_seats: int, seed: int, number: int, dealer: int) -> HandState:
    """Shuffle from the match seed and hand number, deal five each from the dealer's left; that seat leads."""
    deck = shuffled_deck(random.Random(f"dream21:{seed}:{number}"))
    hands: list[list[Card]] = [[] for _ in range(num_seats)]
    order = [(dealer + 1 + i) % num_seats for i in range(num_seats)]
    for _ in range(HAND_SIZE):
        for seat in order:
            hands[seat].append(deck.pop())  # from the top, the end of the list
    return HandState(number, dealer, hands, deck, turn=order[0], tricks=[0] * num_seats)


def apply_action(state: MatchState, action: Action) -> list[Event]:
    """Check the action, then carry it out; an illegal action raises and changes nothing."""
    check_action(state, action)
    state.log.append(action)
    hand = state.hand  # the hand the action belongs to, even if the action ends it
    events = _draw(state, action) if isinstance(action, Draw) else _play(state, action)
    moves = public_moves(events)
    hand.history.extend(moves)
    if state.hand is not hand or state.over:  # the action ended the hand: its result keeps the action's moves
        state.results[-1] = replace(state.results[-1], last_moves=tuple(moves))
    return events


def _draw(state: MatchState, action: Draw) -> list[Event]:
    hand, seat = state.hand, action.seat
    card = hand.draw_pile.pop()
    hand.hands[seat].append(card)
    hand.drawn = card
    events = [Event(EventKind.DREW, seat), Event(EventKind.DREW, seat, card=card, private_to=seat)]
    if not can_play(hand, seat):
        events.extend(_stuck(state, seat))
    return events


def _play(state: MatchState, action: Play) -> list[Event]:
    hand, seat, n = state.hand, action.seat, state.num_seats
    hand.hands[seat].remove(action.card)
    hand.play_pile.append(action.card)
    hand.total += action.value
    hand.drawn = None
    hand.plays += 1
    events = [Event(EventKind.PLAYED, seat, card=action.card, value=action.value, total=hand.total)]
    made_21 = hand.total == TARGET
    if made_21:
        # The seat to the right played the card before this one, and takes the trick (§4, Exactly 21).
        events.append(Event(EventKind.MADE_21, seat, other=_take_trick(hand, (seat - 1) % n)))
    if not hand.hands[seat]:
        return [*events, Event(EventKind.WENT_OUT, seat), *_end_hand(state, out=seat)]
    if hand.plays >= MAX_PLAYS:
        return [*events, Event(EventKind.SAFETY_STOP), *_end_hand(state, out=None)]
    hand.turn = seat if made_21 else (seat + 1) % n
    return [*events, *_start_turn(state)]


def _start_turn(state: MatchState) -> list[Event]:
    """A following seat that cannot draw and cannot play takes the trick at once: the bot plays what is forced."""
    hand = state.hand
    if hand.leading or hand.draw_pile or can_play(hand, hand.turn):
        return []
    return _stuck(state, hand.turn)


def _stuck(state: MatchState, seat: int) -> list[Event]:
    """The seat cannot play: it takes the trick and the seat to its right leads (§4, Can't play)."""
    hand = state.hand
    _take_trick(hand, seat)
    hand.drawn = None
    hand.turn = (seat - 1) % state.num_seats
    return [Event(EventKind.COULD_NOT_PLAY, seat, other=hand.turn)]


def _take_trick(hand: HandState, seat: int) -> int:
    hand.tricks[seat] += 1
    hand.taken.extend(hand.play_pile)
    hand.play_pile.clear()
    hand.total = 0
    return seat


def _end_hand(state: MatchState, out: int | None) -> list[Event]:
    hand = state.hand
    scores = hand_scores(hand.tricks, out)
    state.results.append(HandResult(hand.number, hand.dealer, out, tuple(hand.tricks), scores, hand.plays))
    state.totals = [t + s for t, s in zip(state.totals, scores, strict=True)]
    events = [Event(EventKind.HAND_ENDED, out, count=hand.number, scores=scores)]
    if len(state.results) >= state.hands_in_match:
        state.over = True
        return [*events, Event(EventKind.MATCH_ENDED, count=len(winners(state.totals)))]
    dealer = (hand.dealer + 1) % state.num_seats  # the deal passes to the left (§3)
    state.hand = deal_hand(state.num_seats, state.seed, hand.number + 1, dealer)
    return [*events, Event(EventKind.HAND_STARTED, dealer, count=hand.number + 1)]
