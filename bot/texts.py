"""User-facing text built from the catalogues: seat names, card names, table log lines, scores."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from bot.i18n import card_key, card_name, t, tn
from bot.markdown import escape_name
from bot.service import LogEntry, Seat, Table
from game.dreamcats import Card, RoundResult, Slot


def card_power(card: Card | int, locale: str) -> str:
    """What a special card's power does ("" for a number card)."""
    return t(f"{card_key(card)}.power", locale) if Card(card).is_special else ""


def seat_names(table: Table, locale: str) -> list[str]:
    """Display names in seat order, as typed (for pictures, alt text and menu labels); a computer player's is short
    and translated ("Bot Luna"), without strength; a person whose seat a computer now plays (they left, or their time
    ran out three times) is "Ana (computer)"."""
    return [_seat_name(seat, seat.name, locale) for seat in table.seats]


def text_names(table: Table, locale: str) -> list[str]:
    """The seat names for Discord's markdown (content, embeds): a person's markdown shown as typed, never applied."""
    return [_seat_name(seat, escape_name(seat.name), locale) for seat in table.seats]


def _seat_name(seat: Seat, name: str, locale: str) -> str:
    if not seat.is_person:
        # a name stored before cat names (it has a space) is shown as it is
        return name if " " in seat.name else t("seat.computer", locale, name=name)
    return t("seat.taken_over", locale, name=name) if seat.computer_plays else name


def names_with_strength(table: Table, locale: str, names: Sequence[str] | None = None) -> list[str]:
    """Seat names for the lobby and the totals, a computer player's strength after its name; `names` are text_names
    unless given (seat_names for a menu's labels, which show no markdown)."""
    names = text_names(table, locale) if names is None else names
    return [t("seat.computer_strength", locale, name=name, strength=t(f"term.strength.{seat.strength}", locale))
            if not seat.is_person and seat.strength else name for name, seat in zip(names, table.seats, strict=True)]


def left_seats(table: Table) -> list[int]:
    """The seats whose person left the match (their result a loss: last in the standings)."""
    return [index for index, seat in enumerate(table.seats) if seat.left]


def ranked(keys: Sequence[tuple[bool, int]]) -> list[tuple[int, int]]:
    """(place, seat) best first, by each seat's (left, total), lowest first: equal keys share a place (1, 1, 3), and
    everyone who left shares the last place (a loss, as the records keep it), listed by total; as the standings
    picture numbers them."""
    order = sorted(range(len(keys)), key=keys.__getitem__)
    placed = [(left, 0 if left else total) for left, total in keys]
    return [(1 + sum(key < placed[seat] for key in placed), seat) for seat in order]


def turn_time(table: Table, locale: str) -> str | None:
    """The turn timer drawn on the table picture ("2:00 per turn"), while a person's clock runs; else None."""
    if table.deadline is None or table.turn is None or table.seats[table.turn].computer_plays:
        return None
    minutes, secs = divmod(table.settings.turn_timer, 60)
    return t("table.picture_timer", locale, time=f"{minutes}:{secs:02d}")


def slot_text(slot: Slot, names: Sequence[str], locale: str) -> str:
    """"Bo's position 3" (people see positions 1-4)."""
    return t("slot.of", locale, name=names[slot.seat], position=slot.position + 1)


# A table's text shows its last few log lines again after every move, and a line costs several catalogue lookups
# (60 us on a slow core): kept, the lines of 500 tables' recent moves (about 6 each) cost a lookup once.
LOG_LINES_KEPT = 4096


def log_line(entry: LogEntry, names: Sequence[str], locale: str) -> str:
    """One public line of the table log (never a face-down card)."""
    # Keyed by plain values, which the garbage collector stops tracking once it has seen them, not by the entry.
    return _log_line((entry.kind, entry.seat, entry.cards, entry.slots, entry.count), tuple(names), locale)


@lru_cache(maxsize=LOG_LINES_KEPT)
def _log_line(fields: tuple[str, int | None, tuple[int, ...], tuple[tuple[int, int], ...], int],
              names: tuple[str, ...], locale: str) -> str:
    entry = LogEntry(*fields)
    name = names[entry.seat] if entry.seat is not None and entry.seat < len(names) else ""
    cards = [card_name(c, locale) for c in entry.cards]
    slots = [slot_text(s, names, locale) for s in entry.slot_values]
    params: dict[str, object] = {"name": name, "count": entry.count}
    if cards:
        params["card"] = cards[0]
    if entry.kind == "took_discard":
        params.update(card=cards[0], given=cards[1], position=entry.slots[0][1] + 1)
    elif entry.kind == "swapped_in":
        params.update(card=cards[0], position=entry.slots[0][1] + 1)
    elif entry.kind == "used_peek":
        params["slot"] = slots[0]
    elif entry.kind == "initial_peek":
        params.update(first=entry.slots[0][1] + 1, second=entry.slots[-1][1] + 1)
    elif entry.kind == "used_swap":
        params.update(first=slots[0], second=slots[1])
    elif entry.kind == "round_ended" and entry.seat is None:
        return t("log.round_ended_empty", locale, count=entry.count)
    return t(f"log.{entry.kind}", locale, **params)


def score_lines(result: RoundResult, names: Sequence[str], totals: Sequence[int], locale: str) -> list[str]:
    """One line per seat: sum, score (with the penalty marked) and match total."""
    lines = []
    for seat, name in enumerate(names):
        penalised = result.scores[seat] != result.sums[seat]
        key = "reveal.line_penalty" if penalised else "reveal.line"
        lines.append(t(key, locale, name=name, sum=result.sums[seat], score=result.scores[seat], total=totals[seat]))
    return lines


def round_headline(result: RoundResult, names: Sequence[str], locale: str) -> str:
    """Who ended the round and how it went for the caller."""
    if result.caller is None:
        return t("reveal.empty_pile", locale, number=result.number)
    key = "reveal.called_ok" if result.caller_succeeded else "reveal.called_failed"
    return t(key, locale, number=result.number, name=names[result.caller])


def seconds(count: int, locale: str) -> str:
    """"20 seconds" in the locale."""
    return tn("unit.seconds", count, locale)
