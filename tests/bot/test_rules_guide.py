"""/dreamcats rules: a private guide of illustrated pages, turned with buttons, in English and Polish."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.client import DreamcatsBot
from bot.i18n import card_name, t
from bot.rules_guide import GuideButton, guide_text, guide_view, page_alt, page_body, page_embed, page_picture
from game.dreamcats import SPECIALS, Card, MatchSettings
from game.dreamcats.cards import COPIES
from images.dreamcats.guide import PAGES
from tests.bot.conftest import World
from tests.fakediscord import FakeMessage

LOCALES = ("en", "pl")


def image_of(message: FakeMessage, page: int) -> Image.Image:
    """The page's picture as attached to the message (the only attachment, named rules-<page>.png)."""
    [attachment] = message.attachments
    assert attachment.filename == f"rules-{page}.png" and attachment.description
    return Image.open(io.BytesIO(attachment.data))


async def test_rules_answer_privately_with_page_one_and_its_picture(world: World, running: DreamcatsBot) -> None:
    fake = world.fake
    record = await fake.slash(world.ana, world.games, "dreamcats rules")
    reply = record.reply
    assert record.response_type == 4 and reply is not None and reply.ephemeral and reply.ephemeral_to == world.ana
    assert not reply.visible_to(world.bo)
    [embed] = reply.embeds
    assert embed["title"] == "Your dream" and embed["image"]["url"] == "attachment://rules-1.png"
    assert image_of(reply, 1).size == (720, 300)
    assert reply.button("Previous")["disabled"] and not reply.button("Next").get("disabled")
    assert set(reply.custom_ids) == {f"dcr:{p}:{k}:{world.ana.id}" for p, k in ((1, "p"), (2, "n"))} | {
        f"dcr:{p}:d:{world.ana.id}" for p in range(1, PAGES + 1)}
    assert fake.violations == []


async def test_next_and_previous_turn_the_pages(world: World, running: DreamcatsBot) -> None:
    fake = world.fake
    guide = (await fake.slash(world.ana, world.games, "dreamcats rules")).reply
    assert guide is not None
    titles = []
    for page in range(2, PAGES + 1):
        record = await fake.click(world.ana, guide, label="Next")
        assert record.response_type == 7
        titles.append(guide.embeds[0]["title"])
        assert guide.embeds[0]["footer"]["text"].endswith(f"{page} of {PAGES}")
        image_of(guide, page)
    assert titles == [t(f"guide.page.{p}.title") for p in range(2, PAGES + 1)]
    assert guide.button("Next")["disabled"]
    await fake.click(world.ana, guide, label="Previous")
    assert guide.embeds[0]["title"] == t(f"guide.page.{PAGES - 1}.title")
    await fake.click(world.ana, guide, label="2")  # a page dot
    assert guide.embeds[0]["title"] == t("guide.page.2.title")
    image_of(guide, 2)
    assert fake.violations == []


async def test_a_stale_button_of_someone_else_gives_them_their_own_guide(world: World, running: DreamcatsBot) -> None:
    fake = world.fake
    guide = (await fake.slash(world.ana, world.games, "dreamcats rules")).reply
    assert guide is not None
    # An ephemeral message cannot be clicked by others; a stale custom_id can, so the bot sees such a click.
    ana_next = guide.button("Next")["custom_id"]
    mine = (await fake.slash(world.cy, world.games, "dreamcats rules")).reply
    assert mine is not None
    mine.components[0]["components"][1]["custom_id"] = ana_next  # Cy's client sends Ana's id
    record = await fake.click(world.cy, mine, ana_next)
    reply = record.reply
    assert record.response_type == 4 and reply is not None and reply.ephemeral_to == world.cy
    assert reply.content == t("guide.not_yours", "pl") and reply.embeds[0]["title"] == t("guide.page.2.title", "pl")
    assert all(custom_id.endswith(f":{world.cy.id}") for custom_id in reply.custom_ids)
    assert guide.embeds[0]["title"] == "Your dream"  # Ana's guide did not move
    assert fake.violations == []


async def test_every_page_renders_in_both_locales_within_discord_limits(world: World, running: DreamcatsBot) -> None:
    fake = world.fake
    for person, locale in ((world.ana, "en"), (world.cy, "pl")):
        guide = (await fake.slash(person, world.games, "dreamcats rules")).reply
        assert guide is not None
        for page in range(1, PAGES + 1):
            if page > 1:
                await fake.click(person, guide, f"dcr:{page}:d:{person.id}")
            [embed] = guide.embeds
            assert embed["title"] == t(f"guide.page.{page}.title", locale)
            assert image_of(guide, page).size == (720, 300)
    assert fake.violations == []  # every body validated against the OpenAPI schema and Discord's limits


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("page", range(1, PAGES + 1))
def test_page_fits_discords_limits(locale: str, page: int) -> None:
    embed = page_embed(page, locale)
    assert embed.title and 0 < len(embed.title) <= 256
    assert embed.description and len(embed.description) <= 4096
    assert embed.footer.text and len(embed.footer.text) <= 2048
    assert len(embed) <= 6000 and 0 < len(page_alt(page, locale)) <= 1024
    assert "{" not in embed.description and "{" not in page_alt(page, locale)
    view = guide_view(page, 2**63, locale)
    assert all(len(item.custom_id) <= 100 for item in view.children if isinstance(item, GuideButton))


@pytest.mark.parametrize("locale", LOCALES)
def test_values_and_power_names_come_from_the_game(locale: str) -> None:
    cards = page_body(2, locale)
    for card in SPECIALS:
        assert card_name(card, locale) in cards and f"{card.points} " in cards
        assert card_name(card, locale) in page_body(4, locale)
    assert f"{Card.NINE.points} " in cards and f"{COPIES[Card.NINE]} " in cards
    scoring = page_body(5, locale)
    assert str(MatchSettings().penalty) in scoring and str(MatchSettings().point_limit) in scoring
    assert guide_text(locale).cards.card_name(Card.TAKE_2) == card_name(Card.TAKE_2, locale)


async def test_each_picture_is_drawn_once_per_page_and_locale() -> None:
    first = await page_picture(3, "pl")
    assert await page_picture(3, "pl") is first
    assert await page_picture(3, "en") != first
