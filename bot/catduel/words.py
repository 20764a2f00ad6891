"""Cat Duel's words at a Discord table: the lobby's settings line, the last reveal as lines, who still chooses.

The reveal lines come from the duel's public history (game.catduel.Observation.history): the strategies shown,
the settlement order, what each scratch did, every cat's HP change of the round, who is out, the duel's winners; the
prelude line, the prelude choices of the round being chosen, which are public once every seat has chosen or passed
(RULES-catduel §3.1). Nothing else is said, so the text can never tell more than the table shows.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.catduel.names import ability_name, card_name, strategy_text
from bot.i18n import t, tn
from bot.service import Table
from bot.texts import seconds
from game.catduel import Ability, Cause, Event, EventKind, Observation, Phase, Strategy
from game.catduel.settings import BEST_OF

# What a scratch did, by event kind: the catalogue key of its line (name: the scratcher, other: the target).
SCRATCH_LINES = {EventKind.HIT: "catduel.log.hit", EventKind.STOPPED: "catduel.log.stopped",
                 EventKind.REVERSED: "catduel.log.reversed", EventKind.ATTACKED: "catduel.log.attacked"}


# The start command's choices of Cat Duel's "best of" (RULES-catduel §7): each choice's key and its number of duels.
DUELS_CHOICES = dict(zip(("one", "three", "five"), BEST_OF, strict=True))

def settings_line(table: Table) -> str:
    """Best of, wild abilities and the timer."""
    loc, s = table.locale, table.settings
    wild = t("catduel.lobby.wild_on" if s.wild_abilities else "catduel.lobby.wild_off", loc)
    return t("catduel.lobby.settings", loc, duels=duels_label(s.best_of, loc), wild=wild,
             timer=seconds(s.turn_timer, loc))


def duels_label(best_of: int, locale: str) -> str:
    """How long the match is, in the words of the start command's choices ("Best of 3"; Polish "Do 2 wygranych z 3")."""
    choice = next(key for key, duels in DUELS_CHOICES.items() if duels == best_of)
    return t(f"command.start.option.duels.choice.{choice}", locale)


def reveal_lines(events: Sequence[Event], names: Sequence[str], locale: str) -> list[str]:
    """The reveal in words: each strategy, each scratch's outcome, the HP changes, who is out, who won."""
    chosen, details, ending = reveal_parts(events, names, locale)
    return [*chosen, *details, *ending]


# The lines a reveal never gives up, however long it is: who went out and who won the duel (with the HP line).
ENDING = (EventKind.OUT, EventKind.DUEL_ENDED)


def reveal_parts(events: Sequence[Event], names: Sequence[str], locale: str
                 ) -> tuple[list[str], list[str], list[str]]:
    """The reveal in words in three parts: what each seat chose (preludes, strategies, the settlement order), what
    came of it (scratches, abilities, draws), and how it ended (who went out, who won the duel, the HP after it)."""
    order = next((i for i, event in enumerate(events) if event.kind is EventKind.ORDER), -1)
    chosen = [line for event in events[:order + 1] if (line := _line(event, names, locale))]
    after = events[order + 1:]
    details = [line for event in after if event.kind not in ENDING and (line := _line(event, names, locale))]
    ending = [line for event in after if event.kind in ENDING and (line := _line(event, names, locale))]
    draws = _public_draws(events, len(names))
    details.extend(tn("catduel.log.drew", count, locale, name=names[seat]) for seat, count in enumerate(draws)
                   if count)
    ended = next((e for e in events if e.kind is EventKind.ROUND_ENDED), None)
    if ended is not None:
        changes = _hp_changes(events, len(names))
        ending.append(" · ".join(_hp_text(names[seat], hp, changes[seat], locale)
                                 for seat, hp in enumerate(ended.hps)))
    return chosen, details, ending


def _line(event: Event, names: Sequence[str], locale: str) -> str | None:
    """One event's line, or None for those the HP summary or the picture says well enough."""
    kind, name = event.kind, names[event.seat] if event.seat is not None else ""
    other = names[event.other] if event.other is not None else ""
    if kind is EventKind.STRATEGY_SHOWN and event.move is not None:
        strategy = Strategy(event.move, event.seats, event.card)
        return t("catduel.log.shown", locale, name=name, strategy=strategy_text(strategy, names, locale))
    if kind is EventKind.PRELUDE_SHOWN and event.ability is not None:
        return t("catduel.log.prelude", locale, name=name, ability=ability_name(event.ability, locale))
    if kind is EventKind.SKIPPED:
        return t("catduel.log.skipped", locale, name=name)
    if kind is EventKind.ORDER and event.seats:
        return t("catduel.log.order", locale, order=" → ".join(names[seat] for seat in event.seats))
    if kind in SCRATCH_LINES:
        return t(SCRATCH_LINES[kind], locale, name=name, other=other, amount=event.amount)
    if kind is EventKind.OUT:
        return t("catduel.log.out", locale, name=name)
    if kind is EventKind.DISCARDED and event.card is not None:
        return t("catduel.log.discarded", locale, name=name, card=card_name(event.card, locale))
    if kind is EventKind.ABILITY and event.ability is not None:
        return t("catduel.log.ability", locale, name=name, ability=ability_name(event.ability, locale))
    if kind is EventKind.HP and event.cause is Cause.CRITICAL_HIT:  # the postlude's cost (RULES-catduel §3.5)
        return t("catduel.log.critical_cost", locale, name=name, amount=-event.amount,
                 ability=ability_name(Ability.CRITICAL_HIT, locale))
    if kind is EventKind.DUEL_ENDED:
        return tn("catduel.log.duel_won", len(event.seats), locale, number=event.count,
                  names=t("catduel.words.and", locale).join(names[seat] for seat in event.seats))
    return None


def prelude_line(history: Sequence[Event], names: Sequence[str], locale: str) -> str | None:
    """"This round's prelude: Ana uses Critical Hit · Bo uses Loneliness" while the round's strategies are chosen;
    None before the preludes are shown, once the round is settled, or when every seat passed."""
    starts = [i for i, event in enumerate(history) if event.kind is EventKind.ROUND_STARTED]
    current = history[starts[-1] + 1:] if starts else []
    if any(event.kind is EventKind.ROUND_ENDED for event in current):
        return None
    used = [_line(event, names, locale) for event in current
            if event.kind is EventKind.PRELUDE_SHOWN and event.ability is not None]
    return t("catduel.table.preludes", locale, preludes=" · ".join(filter(None, used))) if used else None


def _public_draws(events: Sequence[Event], seats: int) -> list[int]:
    """How many chance cards each seat drew in these events (the public side of each draw)."""
    draws = [0] * seats
    for event in events:
        if event.kind is EventKind.DREW and event.is_public and event.seat is not None:
            draws[event.seat] += 1
    return draws


def _hp_changes(events: Sequence[Event], seats: int) -> list[int]:
    """Every seat's net HP change in these events."""
    changes = [0] * seats
    for event in events:
        if event.kind is EventKind.HP and event.seat is not None:
            changes[event.seat] += event.amount
    return changes


def _hp_text(name: str, hp: int, change: int, locale: str) -> str:
    """"Ana 8 HP (−2)"; a cat that is out shows 0."""
    if change == 0:
        return t("catduel.log.hp", locale, name=name, hp=max(hp, 0))
    return t("catduel.log.hp_change", locale, name=name, hp=max(hp, 0), change=f"{change:+d}".replace("-", "−"))


def choosing_line(obs: Observation, names: Sequence[str], locale: str) -> str:
    """"Round 3: 1 of 2 have chosen — waiting for Ana." (the prelude says so); never what anyone chose."""
    total = len(obs.waiting_for) + len(obs.chosen)
    waiting = t("catduel.words.and", locale).join(names[seat] for seat in obs.waiting_for)
    key = "catduel.table.prelude" if obs.phase is Phase.PRELUDE else "catduel.table.choosing"
    return tn(key, len(obs.chosen), locale, round=obs.round, chosen=len(obs.chosen), total=total, waiting=waiting)
