"""Dream 21, the pure engine of the second game: standard library only, randomness passed in.

Typical use::

    state = new_match(3, Dream21Settings(), random.Random(7))
    for action in legal_actions(state, seat): ...
    events = apply_action(state, action)
    view = observe(state, seat)

Seats are numbered 0 to n-1 around the table. "Left" is the next seat, (seat + 1) mod n: the deal, the
dealer and play all pass left. "Right" is the previous seat, (seat - 1) mod n.

Where RULES-dream21.md is silent, the engine chooses what players would expect:

- The leader never draws: Draw is offered only to a following seat, once per turn, while the pile has cards.
- A following seat that can make exactly 21 without drawing is offered both: that play, and Draw.
- A seat that cannot play is never asked to act: the engine takes the trick for it at once, after its draw,
  or at the start of its turn when the pile is empty (the table "makes the mistake impossible", §4).
- An ace is offered both ways (1 and 11) wherever both keep the total at 21 or below; a card is played by
  rank and suit, so two identical choices are never listed twice.
- The seat that goes out by leading its last card scores 0 like any other out seat; the trick it leaves is
  taken by no one (§5).
- The card a seat drew stays private (`Observation.drawn`) until it is played, even after the seat could not
  play and took the trick.
- Every hand is shuffled from the match seed and the hand number, so a match replays from its seed, first
  dealer and action log. With no host seated, the first dealer is drawn from the seed.
- Hand results and totals are public once a hand ends; the cards left in hands are not shown.
- The 500-play safety stop (§5) scores every seat by tricks beyond the lowest count; nobody is out.
"""

from game.dream21.actions import Action, Draw, Play, action_from_dict, action_to_dict
from game.dream21.cards import DECK_SIZE, HAND_SIZE, TARGET, Card, Rank, Suit, full_deck
from game.dream21.engine import MAX_PLAYS, MAX_SEATS, MIN_SEATS, apply_action, match_from_seed, new_match
from game.dream21.errors import (
    AceChoiceError,
    AlreadyDrewError,
    CardNotHeldError,
    EmptyPileError,
    LeadWithoutDrawError,
    MustDrawError,
    OverTwentyOneError,
)
from game.dream21.events import Event, EventKind, describe
from game.dream21.observation import Observation, observe, public_observation
from game.dream21.rules import check_action, legal_actions
from game.dream21.scoring import Standings, hand_scores, standings, winners
from game.dream21.serialize import FORMAT_VERSION, match_from_dict, match_to_dict, replay, replay_of
from game.dream21.settings import Dream21Settings
from game.dream21.state import HandResult, HandState, MatchState
from game.errors import CorruptStateError, GameError, MatchOverError, NotYourTurnError, SettingsError, UnknownSeatError

__all__ = [
    "DECK_SIZE", "FORMAT_VERSION", "HAND_SIZE", "MAX_PLAYS", "MAX_SEATS", "MIN_SEATS", "TARGET", "AceChoiceError",
    "Action", "AlreadyDrewError", "Card", "CardNotHeldError", "CorruptStateError", "GameError", "MatchOverError",
    "NotYourTurnError", "SettingsError", "UnknownSeatError", "Draw", "Dream21Settings", "EmptyPileError", "Event",
    "EventKind", "HandResult", "HandState", "LeadWithoutDrawError", "MatchState", "MustDrawError", "Observation",
    "OverTwentyOneError", "Play", "Rank", "Standings", "Suit", "action_from_dict", "action_to_dict", "apply_action",
    "check_action", "describe", "full_deck", "hand_scores", "legal_actions", "match_from_dict", "match_from_seed",
    "match_to_dict", "new_match", "observe", "public_observation", "replay", "replay_of", "standings", "winners",
]
