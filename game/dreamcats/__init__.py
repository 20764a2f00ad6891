"""Dreamcats, the pure engine: standard library only, randomness passed in.

Typical use::

    state = new_match(3, MatchSettings(), random.Random(7))
    for action in legal_actions(state, seat): ...
    events = apply_action(state, action)
    view = observe(state, seat)

Where RULES.md is silent, the engine chooses what players would expect:

- Take 2 used when the draw pile is empty draws nothing; the turn ends, and with it the round (§6).
- With a fixed number of rounds set, the match ends after that many rounds and the point limit does not
  apply ("alternatively", §2).
- Cards are dealt one at a time starting from seat 1, whoever starts the round.
- A card taken from the face-up discard pile (A) is known to every seat and to spectators, since all saw it;
  a card swapped in after a draw (B1) is known only to the drawer (§4, "Knowledge").
- A seat may make its initial peek at any time before its own first action of the round.
- A round's turn count (`RoundResult.turns`) does not count the Wake up! call itself.
- Actions with a pair (the initial peek, Swap 2) are unordered: (3, 1) is the same action as (1, 3).
"""

from game.dreamcats.actions import (
    Action,
    DiscardDrawn,
    Draw,
    InitialPeek,
    KeepCard,
    Slot,
    SwapDrawn,
    TakeDiscard,
    UsePeek,
    UseSwap,
    UseTakeTwo,
    WakeUp,
    action_from_dict,
    action_to_dict,
)
from game.dreamcats.cards import DECK_SIZE, DREAM_SIZE, SPECIALS, Card, full_deck
from game.dreamcats.engine import MAX_SEATS, MIN_SEATS, apply_action, match_from_seed, new_match
from game.dreamcats.events import Event, EventKind
from game.dreamcats.observation import Observation, observe, public_observation
from game.dreamcats.rules import check_action, legal_actions
from game.dreamcats.serialize import match_from_dict, match_to_dict, replay, replay_of
from game.dreamcats.settings import MatchSettings
from game.dreamcats.state import MatchState, RoundResult, Step
from game.errors import CorruptStateError, GameError, SettingsError

__all__ = [
    "DECK_SIZE", "DREAM_SIZE", "MAX_SEATS", "MIN_SEATS", "SPECIALS", "Action", "Card", "CorruptStateError",
    "DiscardDrawn", "Draw", "Event", "EventKind", "GameError", "InitialPeek", "KeepCard", "MatchSettings",
    "MatchState", "Observation", "RoundResult", "SettingsError", "Slot", "Step", "SwapDrawn", "TakeDiscard",
    "UsePeek", "UseSwap", "UseTakeTwo", "WakeUp", "action_from_dict", "action_to_dict", "apply_action",
    "check_action", "full_deck", "legal_actions", "match_from_dict", "match_from_seed", "match_to_dict",
    "new_match", "observe", "public_observation", "replay", "replay_of",
]
