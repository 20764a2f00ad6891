"""A seat's private Cat Duel picture (its cat, HP, abilities and chance cards, its secret choice) and the final
standings picture."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from PIL import Image

from game.catduel import Chance, Observation, Strategy
from images import scene
from images.catduel.cats import portrait
from images.catduel.table import PALE, abilities_line, hp_bar
from images.catduel.text import ENGLISH, CatDuelText
from images.fonts import Colour, clean, text_length, text_sprite

HAND_W, HAND_H = 960, 380
CARD_W, CARD_H = 124, 176
MOVE_COLOURS: dict[str, Colour] = {"purr": (150, 230, 170), "guard": (150, 190, 255), "scratch": (255, 150, 140)}
INK: Colour = (34, 26, 58)


def strategy_words(strategy: Strategy, names: Sequence[str], text: CatDuelText) -> str:
    """"Scratch → Bo · Double Scratch"."""
    words = text.word(strategy.move)
    if strategy.targets:
        words += " → " + text.and_word.join(names[t] for t in strategy.targets if t < len(names))
    if strategy.card is not None:
        words += " · " + text.word(strategy.card)
    return words


def render_hand(obs: Observation, names: Sequence[str], *, text: CatDuelText = ENGLISH,
                choosing: bool = True) -> Image.Image:
    """The seat's own picture: only ever sent in its own ephemeral reply (`choosing`: its choice is open now, not
    in the pause between duels)."""
    assert obs.seat is not None, "a hand picture shows one seat's own cards"
    seat = obs.seat
    frame = scene.background(HAND_W, HAND_H, moon=False).convert("RGBA")
    scene.paste(frame, scene.panel(236, HAND_H - 24), 12, 12)
    alive = seat in obs.living
    scene.paste_centred(frame, portrait(obs.cats[seat], 140, not alive), 130, 96)
    name = names[seat] if seat < len(names) else "?"
    scene.paste_centred(frame, text_sprite(name, 26, PALE, 220, condensed=True), 130, 184)
    scene.paste_centred(frame, text_sprite(text.word(obs.cats[seat]), 19, (206, 200, 236), 220, condensed=True),
                        130, 212)
    hp_bar(frame, 26, 232, 208, obs.hps[seat], obs.cats[seat], text, not alive)
    abilities_line(frame, obs, seat, 130, 268, text)
    title = text_sprite(text.hand if obs.hand else text.empty_hand, 26, PALE, 600, condensed=True)
    scene.paste(frame, title, 268, 16)
    for index, card in enumerate(obs.hand):
        scene.paste(frame, _card(card, text), 268 + index * (CARD_W + 12), 56)
    _choice_line(frame, obs, names, text, choosing)
    return frame.convert("RGB")


def _card(card: Chance, text: CatDuelText) -> Image.Image:
    colour = MOVE_COLOURS[str(card.move)]
    image = scene.panel(CARD_W, CARD_H, (*colour, 250), INK).copy()
    name = text.word(card)
    size = 21 if all(text_length(w, 21, condensed=True) <= CARD_W - 16 for w in name.split()) else 17
    for number, words_line in enumerate(_wrapped(name, size, CARD_W - 16)[:3]):
        sprite = text_sprite(words_line, size, INK, CARD_W - 14, condensed=True, stroke=None)
        image.alpha_composite(sprite, ((CARD_W - sprite.width) // 2, 20 + number * 28))
    move = text_sprite(text.goes_with.format(move=text.word(card.move)), 17, INK, CARD_W - 14, condensed=True,
                       stroke=None)
    image.alpha_composite(move, ((CARD_W - move.width) // 2, CARD_H - 34))
    return image


def _wrapped(words: str, size: int, width: int) -> list[str]:
    """The words broken into lines that fit `width` pixels (a word too long on its own is cut by text_sprite)."""
    lines: list[str] = []
    for word in words.split():  # measured under the fonts' lock (text_length): hands are drawn in threads
        if lines and text_length(f"{lines[-1]} {word}", size, condensed=True) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def _choice_line(frame: Image.Image, obs: Observation, names: Sequence[str], text: CatDuelText,
                 choosing: bool) -> None:
    if obs.my_strategy is not None:
        words = text.your_choice.format(choice=strategy_words(obs.my_strategy, names, text))
    elif obs.seat in obs.chosen and obs.my_prelude is not None:
        words = text.your_choice.format(choice=text.word(obs.my_prelude))
    elif choosing and obs.to_choose and obs.seat in obs.waiting_for:
        words = text.to_choose
    else:
        return
    sprite = text_sprite(words, 22, (255, 214, 120), HAND_W - 300, condensed=True)
    scene.paste(frame, scene.panel(sprite.width + 24, 40), 262, HAND_H - 62)
    scene.paste(frame, sprite, 274, HAND_H - 62 + (40 - sprite.height) / 2)


def standings_order(obs: Observation, left: Collection[int] = ()) -> list[int]:
    """The seats best first: most duels won, those in `left` (whose person left the match: a loss) last."""
    return sorted(range(obs.num_seats), key=lambda s: (s in left, -obs.wins[s], s))


def most_wins(obs: Observation) -> list[int]:
    """The seats with the most duels won: the winners where nobody left (the records decide, bot.service.store)."""
    return [s for s in range(obs.num_seats) if obs.wins[s] == max(obs.wins)]


def render_standings(obs: Observation, names: Sequence[str], *, text: CatDuelText = ENGLISH,
                     winners: Collection[int] | None = None, left: Collection[int] = ()) -> Image.Image:
    """The match's end: every cat with its name and duel wins, the `winners` crowned (by default the most duels
    won), the seats in `left` (whose person left) last."""
    assert obs.seat is None, "the standings are public"
    seats = obs.num_seats
    width, height = max(640, 170 * seats + 60), 340
    frame = scene.background(width, height).convert("RGBA")
    title = text_sprite(text.standings, 34, PALE, width - 40, condensed=True)
    scene.paste(frame, title, 24, 14)
    order, crowned = standings_order(obs, left), most_wins(obs) if winners is None else winners
    for place, seat in enumerate(order):
        x = 30 + place * 170 + 80
        scene.paste(frame, scene.panel(160, 250), x - 80, 64)
        scene.paste_centred(frame, portrait(obs.cats[seat], 110), x, 134)
        if seat in crowned:
            scene.paste_centred(frame, scene.badge("crown", 44), x, 78)
        name = names[seat] if seat < len(names) else "?"
        # A longer name is drawn smaller before it is cut: the winner's name is what this picture is for.
        size = next((size for size in (22, 20, 18) if text_length(clean(name, True), size, True) <= 150), 18)
        scene.paste_centred(frame, text_sprite(name, size, PALE, 150, condensed=True), x, 214)
        scene.paste_centred(frame, text_sprite(text.duels_won.format(count=obs.wins[seat]), 19, (255, 214, 120), 150,
                                               condensed=True), x, 246)
        scene.paste_centred(frame, text_sprite(text.word(obs.cats[seat]), 17, (206, 200, 236), 150, condensed=True),
                            x, 276)
    return frame.convert("RGB")
