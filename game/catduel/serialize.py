"""The whole match to and from a JSON-safe dict, and a match replayed from its seed, cats and action log."""

from __future__ import annotations

from collections import Counter
from enum import StrEnum
from typing import Any

from game.catduel.actions import Action, action_from_dict, action_to_dict
from game.catduel.cards import Ability, Cat, Chance, Move, full_deck
from game.catduel.engine import MAX_SEATS, MIN_SEATS, apply_action, match_from_seed
from game.catduel.events import Cause, Event, EventKind
from game.catduel.settings import CatDuelSettings
from game.catduel.state import DuelResult, DuelState, MatchState, Phase, SeatState, Strategy
from game.errors import CorruptStateError, GameError
from game.written_log import log_form

FORMAT_VERSION = 1
_FULL_DECK = Counter(full_deck())


def match_to_dict(state: MatchState, *, stored: bool = False) -> dict[str, Any]:
    """Everything about the match, JSON-safe, with a format version (`stored`: for a store, the log as JSON text
    written once per action across saves, game.written_log)."""
    return {
        "format": FORMAT_VERSION,
        "game": "catduel",
        "settings": state.settings.to_dict(),
        "num_seats": state.num_seats,
        "seed": state.seed,
        "cats": [cat.value for cat in state.cats],
        "wild": [_v(a) for a in state.wild],
        "wins": list(state.wins),
        "results": [{"number": r.number, "winners": list(r.winners), "rounds": r.rounds, "hps": list(r.hps),
                     "survived": list(r.survived)}
                    for r in state.results],
        "duel": _duel_to_dict(state.duel),
        "log": log_form(state.written_log, state.log, action_to_dict, stored),
        "over": state.over,
    }


def match_from_dict(data: dict[str, Any]) -> MatchState:
    """The match that `match_to_dict` wrote; CorruptStateError if it cannot be read."""
    try:
        if data["format"] != FORMAT_VERSION:
            raise CorruptStateError(f"Unknown Cat Duel match format {data['format']!r}.")
        state = MatchState(
            settings=CatDuelSettings.from_dict(data["settings"]),
            num_seats=int(data["num_seats"]),
            seed=int(data["seed"]),
            cats=tuple(Cat(c) for c in data["cats"]),
            wild=tuple(None if a is None else Ability(a) for a in data["wild"]),
            wins=[int(w) for w in data["wins"]],
            results=[DuelResult(int(r["number"]), _ints(r["winners"]), int(r["rounds"]), _ints(r["hps"]),
                                _ints(r.get("survived", [])))
                     for r in data["results"]],
            duel=_duel_from_dict(data["duel"]),
            log=[action_from_dict(a) for a in data["log"]],
            over=bool(data["over"]),
        )
    except CorruptStateError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, GameError) as exc:
        raise CorruptStateError(f"Unreadable match data: {type(exc).__name__}.") from exc  # no hidden card or choice
    check_consistent(state)
    return state


def check_consistent(state: MatchState) -> None:
    """Raise CorruptStateError unless the table holds the 27 chance cards and every list fits the seats."""
    duel, seats = state.duel, state.num_seats
    cards = Counter([*duel.deck, *duel.used, *(card for cat in duel.seats for card in cat.hand)])
    problems = [
        (not MIN_SEATS <= seats <= MAX_SEATS, "the number of seats"),
        (len(state.cats) != seats or len(duel.seats) != seats or len(state.wins) != seats, "the seats"),
        (cards != _FULL_DECK, "the chance cards, which are not the 27"),
        (any(not 0 <= s < seats for s in [*duel.strategies, *duel.preludes]), "the choices"),
    ]
    for wrong, what in problems:
        if wrong:
            raise CorruptStateError(f"The saved match is inconsistent: check {what}.")


def replay(num_seats: int, settings: CatDuelSettings, seed: int, cats: tuple[Cat, ...],
           actions: list[Action]) -> MatchState:
    """The match rebuilt from its seed, cats and action log."""
    state = match_from_seed(num_seats, settings, seed, cats)
    for action in actions:
        apply_action(state, action)
    return state


def replay_of(state: MatchState) -> MatchState:
    """The same match rebuilt from the seed, cats and log of `state`."""
    return replay(state.num_seats, state.settings, state.seed, state.cats, list(state.log))


def _v(value: StrEnum | None) -> str | None:
    return None if value is None else value.value


def _ints(values: list[Any]) -> tuple[int, ...]:
    return tuple(int(v) for v in values)


def _card(value: Any) -> Chance | None:
    return None if value is None else Chance(value)


def _duel_to_dict(duel: DuelState) -> dict[str, Any]:
    return {
        "number": duel.number,
        "seats": [_seat_to_dict(cat) for cat in duel.seats],
        "deck": [c.value for c in duel.deck],
        "used": [c.value for c in duel.used],
        "round": duel.round,
        "phase": duel.phase.value,
        "preludes": {str(s): _v(a) for s, a in duel.preludes.items()},
        "active": {str(s): a.value for s, a in duel.active.items()},
        "strategies": {str(s): {"move": st.move.value, "targets": list(st.targets), "card": _v(st.card)}
                       for s, st in duel.strategies.items()},
        "history": [event_to_dict(e) for e in duel.history],
        "moves_shown": [list(row) for row in duel.moves_shown],
        "scratches_shown": [list(row) for row in duel.scratches_shown],
    }


def _duel_from_dict(data: dict[str, Any]) -> DuelState:
    return DuelState(
        number=int(data["number"]),
        seats=[_seat_from_dict(s) for s in data["seats"]],
        deck=[Chance(c) for c in data["deck"]],
        used=[Chance(c) for c in data["used"]],
        round=int(data["round"]),
        phase=Phase(data["phase"]),
        preludes={int(s): None if a is None else Ability(a) for s, a in data["preludes"].items()},
        active={int(s): Ability(a) for s, a in data["active"].items()},
        strategies={int(s): Strategy(Move(st["move"]), _ints(st["targets"]), _card(st["card"]))
                    for s, st in data["strategies"].items()},
        history=[event_from_dict(e) for e in data["history"]],
        moves_shown=[[int(c) for c in row] for row in data["moves_shown"]],
        scratches_shown=[[int(c) for c in row] for row in data["scratches_shown"]],
    )


def _seat_to_dict(cat: SeatState) -> dict[str, Any]:
    return {"cat": cat.cat.value, "hp": cat.hp, "hand": [c.value for c in cat.hand],
            "abilities": [a.value for a in cat.abilities],
            "ready_from": {a.value: r for a, r in cat.ready_from.items()},
            "out_round": cat.out_round, "hunt_streak": cat.hunt_streak}


def _seat_from_dict(data: dict[str, Any]) -> SeatState:
    out = data["out_round"]
    return SeatState(Cat(data["cat"]), int(data["hp"]), [Chance(c) for c in data["hand"]],
                     tuple(Ability(a) for a in data["abilities"]),
                     {Ability(a): int(r) for a, r in data["ready_from"].items()},
                     None if out is None else int(out), int(data["hunt_streak"]))


def event_to_dict(event: Event) -> dict[str, Any]:
    """A JSON-safe dict for one public event (`private_to` is never stored)."""
    return {"kind": event.kind.value, "seat": event.seat, "other": event.other, "amount": event.amount,
            "count": event.count, "cause": _v(event.cause), "card": _v(event.card), "move": _v(event.move),
            "ability": _v(event.ability), "seats": list(event.seats), "hps": list(event.hps)}


def event_from_dict(data: dict[str, Any]) -> Event:
    """The public event that `event_to_dict` wrote (KeyError, TypeError or ValueError if unreadable)."""
    seat, other = data["seat"], data["other"]
    return Event(
        kind=EventKind(data["kind"]),
        seat=None if seat is None else int(seat),
        other=None if other is None else int(other),
        amount=int(data["amount"]),
        count=int(data["count"]),
        cause=None if data["cause"] is None else Cause(data["cause"]),
        card=_card(data["card"]),
        move=None if data["move"] is None else Move(data["move"]),
        ability=None if data["ability"] is None else Ability(data["ability"]),
        seats=_ints(data["seats"]),
        hps=_ints(data["hps"]),
    )
