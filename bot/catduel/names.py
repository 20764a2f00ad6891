"""Cat Duel's pieces in words: cats, abilities, chance cards, moves and a whole strategy."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import t
from game.catduel import Ability, Cat, Chance, Move, Strategy


def cat_name(cat: Cat, locale: str) -> str:
    """"Persian", "Pers"."""
    return t(f"catduel.cat.{cat}", locale)


def ability_name(ability: Ability, locale: str) -> str:
    """"Spotlight", "Reflektor"."""
    return t(f"catduel.ability.{ability}", locale)


def card_name(card: Chance, locale: str) -> str:
    """"Double Scratch"."""
    return t(f"catduel.card.{card}", locale)


def card_effect(card: Chance, locale: str) -> str:
    """What the card does, in a few words (a select option's description)."""
    return t(f"catduel.card.{card}.effect", locale)


def move_name(move: Move, locale: str) -> str:
    """"Purr", "Guard", "Scratch"."""
    return t(f"catduel.move.{move}", locale)


def targets_text(targets: Sequence[int], names: Sequence[str], locale: str) -> str:
    """The targets by name: "Miso", or "Miso and Ana" (a Double Scratch split over two)."""
    return t("catduel.words.and", locale).join(names[seat] for seat in targets)


def strategy_text(strategy: Strategy, names: Sequence[str], locale: str) -> str:
    """"Scratch Miso with Double Scratch", "Guard", "Purr with Double Purring"."""
    move = move_name(strategy.move, locale)
    if strategy.targets:
        move = t("catduel.words.scratch_at", locale, targets=targets_text(strategy.targets, names, locale))
    if strategy.card is None:
        return move
    return t("catduel.words.with_card", locale, move=move, card=card_name(strategy.card, locale))
