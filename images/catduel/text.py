"""Every word drawn on the Cat Duel pictures and their alt texts, so that the bot can pass a translated set."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

ENGLISH_WORDS: dict[str, str] = {
    "persian": "Persian", "ragdoll": "Ragdoll", "maine_coon": "Maine Coon", "exotic_shorthair": "Exotic Shorthair",
    "siamese": "Siamese", "abyssinian": "Abyssinian",
    "purr": "Purr", "guard": "Guard", "scratch": "Scratch",
    "double_purring": "Double Purring", "guaranteed_purring": "Guaranteed Purring", "purr_and_draw": "Purr and Draw",
    "reverse_scratch": "Reverse Scratch", "guard_and_heal": "Guard and Heal", "guard_and_draw": "Guard and Draw",
    "cant_reverse": "Can't Reverse", "cant_guard": "Can't Guard", "double_scratch": "Double Scratch",
    "rejuvenation": "Rejuvenation", "gentleman": "Gentleman", "hunting": "Hunting", "recycling": "Recycling",
    "loneliness": "Loneliness", "spotlight": "Spotlight", "attacker": "Attacker", "critical_hit": "Critical Hit",
}


@dataclass(frozen=True, slots=True)
class CatDuelText:
    """The captions and labels of the Cat Duel pictures (English defaults); `{...}` fields are filled by str.format.
    `words` names the cats, moves, chance cards and abilities by their keys (game.catduel's enum values)."""

    duel_round: str = "Duel {duel} · Round {round}"
    best_of: str = "Best of {best_of}, first to {wins}"
    chosen: str = "{chosen} of {total} chosen"  # one form for every count: the picture's words have no plurals
    prelude: str = "Prelude: {chosen} of {total} chosen"
    last_round: str = "Round {round} revealed"
    out: str = "Out"
    hp: str = "{hp} / 20 HP"
    skips: str = "Skips the round"
    won: str = "{names} won the duel!"
    won_match: str = "{names} won the match!"
    and_word: str = " and "
    hand: str = "Your chance cards"
    empty_hand: str = "No chance cards in hand"
    your_choice: str = "Your choice: {choice} (you may still change it)"
    to_choose: str = "Choose your move with the buttons below"
    goes_with: str = "with {move}"
    standings: str = "Final standings"
    duels_won: str = "Duels won: {count}"
    alt_table: str = "Cat Duel, duel {duel}, round {round}. {cats}. {status}{reveal}"
    alt_cat: str = "{name} ({cat}) {hp} HP, {cards} cards"
    alt_out: str = "{name} ({cat}) is out"
    alt_reveal: str = " Last reveal: {moves}."
    alt_hand: str = "Your cat: {cat}, {hp} HP. Your chance cards: {cards}. {choice}"
    alt_standings: str = "Cat Duel final standings: {seats}. {winners}"
    words: Mapping[str, str] = field(default_factory=lambda: dict(ENGLISH_WORDS))

    def word(self, key: str) -> str:
        """A cat's, move's, card's or ability's name."""
        return self.words.get(str(key), ENGLISH_WORDS.get(str(key), str(key)))


ENGLISH = CatDuelText()
