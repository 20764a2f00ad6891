"""How did I do?: one seat's round in hindsight (game.dreamcats.hindsight) as the lines of a private reply."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import card_name, t, tn
from game.dreamcats.hindsight import Hindsight, Origin, OwnCard, Placed, TurnCheck


def _card(card: OwnCard, locale: str) -> str:
    name = f"**{card_name(card.card, locale)}**"
    return f"{name} ({card.card.points})" if card.card.is_special else name


def origin_text(placed: Placed, seat: int, names: Sequence[str], locale: str) -> str:
    """How a card got where it lies, in words (whose Swap 2 moved it)."""
    if placed.origin is not Origin.SWAPPED:
        return t(f"look.origin.{placed.origin.value}", locale)
    if placed.by == seat:
        return t("look.origin.swapped_own", locale)
    name = names[placed.by] if placed.by is not None and 0 <= placed.by < len(names) else "?"
    return t("look.origin.swapped", locale, name=name)


def _known(card: OwnCard, locale: str) -> str:
    if card.known:
        return t("look.known", locale)
    return t("look.never_seen" if card.placed.origin is Origin.DEALT else "look.unknown", locale)


def card_lines(hindsight: Hindsight, names: Sequence[str], locale: str) -> list[str]:
    """Each of the seat's cards: what it is, how it got there, whether the seat knew it; and how many it knew."""
    lines = [t("look.card", locale, position=c.position + 1, card=_card(c, locale),
               origin=origin_text(c.placed, hindsight.seat, names, locale), known=_known(c, locale))
             for c in hindsight.cards]
    known = sum(1 for c in hindsight.cards if c.known)
    return [*lines, t("look.known_count", locale, known=known, cards=len(hindsight.cards))]


def turn_line(check: TurnCheck, locale: str, *, called: bool = False) -> str:
    """One turn: the seat's sum and the lowest other, and whether a Wake up! then would have succeeded, by how much."""
    if check.margin > 0:
        verdict = t("look.would_succeed", locale, cats=tn("unit.cats", check.margin, locale))
    elif check.margin == 0:
        verdict = t("look.would_tie", locale)
    else:
        verdict = t("look.would_fail", locale, cats=tn("unit.cats", -check.margin, locale))
    line = t("look.turn", locale, turn=check.turn, own=check.own, lowest=check.lowest_other, verdict=verdict)
    return f"{line} {t('look.your_call', locale)}" if called else line


def turn_lines(hindsight: Hindsight, locale: str) -> list[str]:
    """Every turn of the seat, its Wake up! (if it called) marked on the last."""
    if not hindsight.turns:
        return [t("look.no_turns", locale)]
    last = len(hindsight.turns) - 1
    return [turn_line(check, locale, called=hindsight.called and i == last) for i, check in enumerate(hindsight.turns)]


def verdict_lines(hindsight: Hindsight, locale: str) -> list[str]:
    """What calling (or not calling) did to the seat's score this round."""
    h, best = hindsight, hindsight.best
    points = tn("unit.points", abs(h.missed), locale)
    lines = []
    if h.called:
        lines.append(t("look.called_ok", locale, score=h.score) if h.succeeded
                     else t("look.called_failed", locale, penalty=tn("unit.points", h.penalty, locale)))
    if best is None:
        return [*lines, t("look.score", locale, score=h.score)]
    params = {"turn": best.turn, "best": best.score(h.penalty), "score": h.score, "points": points}
    if h.called:
        key = "look.earlier_better" if h.missed > 0 else "look.call_was_best"
    else:
        key = "look.missed" if h.missed > 0 else "look.waited_well" if h.missed < 0 else "look.waited_even"
    return [*lines, t(key, locale, **params)]


def turns_fitted(hindsight: Hindsight, locale: str, limit: int) -> str:
    """The turn lines within `limit` characters (a long round's turns do not fit one embed field): the earliest give
    way, never the last (the call, if any) nor the turn the verdict names."""
    lines = turn_lines(hindsight, locale)
    keep = {len(lines) - 1} | {i for i, check in enumerate(hindsight.turns) if check is hindsight.best}
    return fitted(lines, keep, limit)


def fitted(lines: list[str], keep: set[int], limit: int) -> str:
    """The lines joined within `limit` characters: the earliest lines not in `keep` give way first, each run of them
    shown as "…"."""
    droppable = iter([index for index in range(len(lines)) if index not in keep])
    dropped: set[int] = set()
    text = _joined(lines, dropped)
    while len(text) > limit:
        index = next(droppable, None)
        if index is None:  # what must stay is too long itself: cut at a line's end
            return text[: limit - 2].rsplit("\n", 1)[0] + "\n…"
        dropped.add(index)
        text = _joined(lines, dropped)
    return text


def _joined(lines: list[str], dropped: set[int]) -> str:
    shown: list[str] = []
    for index, line in enumerate(lines):
        if index not in dropped:
            shown.append(line)
        elif not shown or shown[-1] != "…":
            shown.append("…")
    return "\n".join(shown)
