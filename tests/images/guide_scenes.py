"""Golden scenes of the rules guide: every page in English, and in Polish with the bot's own words."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PIL import Image

from images.dreamcats.guide import PAGES, GuideText, render_guide


def _polish(page: int) -> Image.Image:
    from bot.rules_guide import guide_text  # the words the bot really draws; images itself never imports bot

    return render_guide(page, guide_text("pl"))


def _english(page: int) -> Image.Image:
    return render_guide(page, GuideText())


GUIDE_SCENES: dict[str, Callable[[], Image.Image]] = {
    **{f"guide_{page}_en": partial(_english, page) for page in range(1, PAGES + 1)},
    **{f"guide_{page}_pl": partial(_polish, page) for page in range(1, PAGES + 1)},
}
