"""Cat Duel, the pure engine of the third game: standard library only, randomness passed in.

Typical use::

    state = new_match(3, CatDuelSettings(), random.Random(7), cats=[Cat.PERSIAN, None, None])
    for action in legal_actions(state, seat): ...
    events = apply_action(state, action)
    view = observe(state, seat)

Choices are simultaneous: every seat with something to choose is an actor at once, and may replace its choice
(`Prelude`, `Choose`) until the last one comes in; the action that completes a phase also plays what follows
(the prelude shown; or the reveal, settlement, postlude and the next round or duel).

Seats are numbered 0 to n-1; clockwise is the next seat, (seat + 1) mod n. Where RULES-catduel.md is silent, the
engine settles it so:

- Cats come from the lobby (`cats`); a seat without one gets a random free cat drawn from the match seed. Cats
  and wild abilities (drawn once per match, from the seed) stay for the whole match; each duel starts afresh:
  full HP, a new shuffled deck, two cards dealt to each seat in seat order, every ability ready.
- Every random thing (the deal, the settlement order, reshuffles, Recycling, Hunting) uses a generator made from
  the match seed, the duel and round numbers and the stage, so a match replays from its seed, cats and action log.
- There is a prelude only when a living seat has a prelude ability ready; only those seats choose in it, each at
  most one ability a round (or a pass). Choices are secret until all are in, then all are shown in seat order,
  passes too; the cooldown starts then, and Loneliness draws its two cards then.
- A chance card chosen stays in hand until the reveal, then goes to the used pile, used or not.
- The settlement order holds the living seats only, from a random living seat (a Spotlight seat if one is used).
- A scratch on a cat already out does nothing. A Double Scratch split over two targets is settled in the order
  the targets were named; if a Reverse Scratch knocks the scratcher out after the first, the second does nothing.
- A purring cat that was attacked loses its 1 HP in the Purr step, after all scratches: it is still in during
  them. Attacked means a scratch reached it; Can't Guard and Can't Reverse change nothing against a purr.
- Critical Hit doubles each target's damage: a split Double Scratch deals 2 to each, one target 4.
- Attacker counts a scratch that lands (on a cat that scratches, skips, or guards against Can't Guard) for 2 or
  more; a purring cat loses 1 at most, so a scratch on it never counts, nor does reversed damage. Gentleman earns
  one card per stopped scratch of 2 or more, reversed or not.
- Postlude abilities are used automatically when they can help: Rejuvenation whenever ready; Recycling when
  ready, the used pile is not empty and the hand holds fewer than 5 (otherwise it stays ready). Critical Hit's
  cost is paid even if the cat did not scratch, and can knock it out.
- Hunting counts, at its seat's postlude turn (after the round's draws), rounds in a row ending without Can't
  Guard or Can't Reverse in hand; at two it draws one of the two kinds still left (from the deck if any is there,
  else from the used pile) and the count starts again, also when none is left.
- A cooldown of 2 rounds: used in round r, ready again in round r + 3.
- Public: a card drawn beyond 5 (discarded face up) and a card taken from the used pile; private: a card drawn
  from the deck (Hunting from the deck too: the table sees only that Hunting struck).
- "Went out last" (§7) means went out in the final round: all the cats out in that round share the win. The
  20 HP win counts cats still in at the end of the round. The safety stop ends a duel after round 200.
- Best of 3 or 5: each duel's winners (sharing too) score a duel win; the match ends once a seat has the
  majority, and the seats with the most duel wins share it. The standings total of a seat is how many duel wins
  it is short of the best seat (lower is better).
- Timers, leaving and handing a seat to a computer player (§9) belong to the bot: the engine offers the choices.
- The duel's public history (`DuelState.history`, `Observation.history`) keeps the events of the round in play and
  of the one before, the table log's reach (in a new duel's first round, the one before is the last round of the
  duel before, up to its Duel ended event, so the table can still show how it ended); what every reveal showed is
  also counted for the whole duel (`moves_shown`, `scratches_shown`), which is all the hard computer player reads
  of the past.

Computer players (`game.catduel.players`): easy (a random legal choice), normal (plain good sense), hard (models
each cat from the public reveals and draws from a softmax over expected values: a mixed strategy; face to face with
one other cat it settles every pair of strategies by the rules and values each outcome with a win-chance table over
both cats' HP).
"""

from game.catduel.actions import Action, Choose, Prelude, action_from_dict, action_to_dict
from game.catduel.cards import DECK_SIZE, HAND_LIMIT, Ability, Cat, Chance, Move, full_deck
from game.catduel.engine import MAX_SEATS, MIN_SEATS, apply_action, match_from_seed, new_match
from game.catduel.errors import (
    AbilityCoolingError,
    AbilityNotOwnedError,
    CardMoveMismatchError,
    CardNotHeldError,
    CatOutError,
    NoPreludeChoiceError,
    NotAMoveError,
    NotPreludeAbilityError,
    SkippingRoundError,
    TargetError,
    WrongPhaseError,
)
from game.catduel.events import Cause, Event, EventKind
from game.catduel.observation import Observation, observe, public_observation
from game.catduel.rules import check_action, legal_actions
from game.catduel.scoring import MAX_ROUNDS, WIN_HP, duel_winners, match_winners, totals
from game.catduel.serialize import FORMAT_VERSION, match_from_dict, match_to_dict, replay, replay_of
from game.catduel.settings import CatDuelSettings
from game.catduel.state import DuelResult, DuelState, MatchState, Phase, SeatState, Strategy
from game.errors import CorruptStateError, GameError, MatchOverError, SettingsError, UnknownSeatError

__all__ = [
    "DECK_SIZE", "FORMAT_VERSION", "HAND_LIMIT", "MAX_ROUNDS", "MAX_SEATS", "MIN_SEATS", "WIN_HP", "Ability",
    "AbilityCoolingError", "AbilityNotOwnedError", "Action", "CardMoveMismatchError", "CardNotHeldError", "Cat",
    "CatDuelSettings", "CatOutError", "Cause", "Chance", "Choose", "CorruptStateError", "DuelResult", "DuelState",
    "Event", "EventKind", "GameError", "MatchOverError", "MatchState", "Move", "NoPreludeChoiceError",
    "NotAMoveError", "NotPreludeAbilityError", "Observation", "Phase", "Prelude", "SeatState", "SettingsError",
    "SkippingRoundError",
    "Strategy", "TargetError", "UnknownSeatError", "WrongPhaseError", "action_from_dict", "action_to_dict",
    "apply_action", "check_action", "duel_winners", "full_deck", "legal_actions", "match_from_dict",
    "match_from_seed", "match_to_dict", "match_winners", "new_match", "observe", "public_observation", "replay",
    "replay_of", "totals",
]
