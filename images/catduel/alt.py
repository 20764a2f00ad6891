"""Alt texts of the Cat Duel pictures: what a screen reader says, and no more than the picture shows."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from game.catduel import Observation, Phase, Strategy
from images.catduel.hand import most_wins, standings_order, strategy_words
from images.catduel.reveal import reveal_of
from images.catduel.text import CatDuelText
from images.fonts import clean


def _name(names: Sequence[str], seat: int) -> str:
    return clean(names[seat]) if seat < len(names) else "?"


def table_alt(obs: Observation, names: Sequence[str], text: CatDuelText) -> str:
    """The table in words: each cat's HP and card count, who has chosen, and the last reveal's strategies."""
    cats = "; ".join(
        (text.alt_cat if seat in obs.living else text.alt_out).format(
            name=_name(names, seat), cat=text.word(obs.cats[seat]), hp=max(obs.hps[seat], 0),
            cards=obs.hand_sizes[seat])
        for seat in range(obs.num_seats))
    total = len(obs.waiting_for) + len(obs.chosen)
    template = text.prelude if obs.phase is Phase.PRELUDE else text.chosen
    status = "" if obs.over else template.format(chosen=len(obs.chosen), total=total) + "."
    reveal = reveal_of(obs.history, obs.num_seats)
    moves = ""
    if reveal is not None and reveal.shown:
        moves = text.alt_reveal.format(moves="; ".join(
            f"{_name(names, seat)}: {strategy_words(Strategy(e.move, e.seats, e.card), names, text)}"
            for seat, e in sorted(reveal.shown.items()) if e.move is not None))
    return text.alt_table.format(duel=obs.duel, round=obs.round, cats=cats, status=status, reveal=moves)


def hand_alt(obs: Observation, names: Sequence[str], text: CatDuelText) -> str:
    """The seat's own picture in words (its ephemeral reply only)."""
    assert obs.seat is not None
    cards = ", ".join(text.word(card) for card in obs.hand) or text.empty_hand
    choice = ""
    if obs.my_strategy is not None:
        choice = text.your_choice.format(choice=strategy_words(obs.my_strategy, names, text))
    return text.alt_hand.format(cat=text.word(obs.cats[obs.seat]), hp=max(obs.hps[obs.seat], 0), cards=cards,
                                choice=choice).strip()


def standings_alt(obs: Observation, names: Sequence[str], text: CatDuelText, *,
                  winners: Collection[int] | None = None, left: Collection[int] = ()) -> str:
    """The final standings in words: the `winners` (by default the most duels won), the seats in `left` last."""
    order, best = standings_order(obs, left), most_wins(obs) if winners is None else winners
    seats = "; ".join(f"{_name(names, s)} ({text.word(obs.cats[s])}): {text.duels_won.format(count=obs.wins[s])}"
                      for s in order)
    won = text.won_match.format(names=text.and_word.join(_name(names, s) for s in best))
    return text.alt_standings.format(seats=seats, winners=won)
