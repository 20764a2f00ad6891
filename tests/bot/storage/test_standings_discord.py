"""/dreamcats leaderboard, stats and settings end to end: the real bot and discord.py against the fake Discord."""

from __future__ import annotations

from bot.storage import Database, ServerSettingsRecord, get_server_settings, record_match
from tests.bot.conftest import World, make_bot
from tests.bot.storage.conftest import match, seat
from tests.fakediscord import MANAGE_GUILD


async def _history(world: World) -> None:
    """Fourteen people with distinct ratings (two leaderboard pages): the n-th beat a hard computer 15 - n times."""
    db = await Database.open(world.database_url)
    people = [(world.ana.id, "Ana"), (world.bo.id, "Bo"), (world.cy.id, "Cy"), *((n, f"P{n}") for n in range(11))]
    async with db.sessions() as s, s.begin():
        for place, (user, name) in enumerate(people):
            for _ in range(len(people) + 1 - place):
                await record_match(s, record=match(world.guild.id, [seat(user, 10, name=name),
                                                                   seat(None, 50, strength="hard")]))
    await db.close()


async def test_leaderboard_pages_survive_a_restart_and_others_page_privately(world: World) -> None:
    fake = world.fake
    await _history(world)
    async with fake.run(make_bot(world)) as runner:
        shown = await fake.slash(world.ana, world.games, "dreamcats leaderboard")
        board = shown.reply
        assert board is not None and not board.ephemeral and shown.response_type == 4
        assert board.embeds[0]["title"] == "Dreamcats leaderboard — Cat Café"
        assert board.embeds[0]["description"].startswith("**1.** Ana — ")
        assert "Page 1 of 2 · 14 players" in board.embeds[0]["footer"]["text"]
        assert "hard" not in board.embeds[0]["description"]
        await runner.restart(make_bot(world))
        turned = await fake.click(world.ana, board, label="Next")
        assert turned.response_type == 7
        assert board.embeds[0]["description"].startswith("**11.** ")
        assert "Page 2 of 2" in board.embeds[0]["footer"]["text"]
        peeked = await fake.click(world.bo, board, label="Previous")
        assert peeked.reply is not None and peeked.reply.ephemeral and peeked.reply.visible_to(world.bo)
        assert peeked.reply.embeds[0]["description"].startswith("**1.** Ana")
        assert board.embeds[0]["description"].startswith("**11.** ")  # Bo's click did not turn Ana's page
    assert fake.violations == []


async def test_stats_and_settings_in_polish_and_english(world: World) -> None:
    fake = world.fake
    await _history(world)
    mod = fake.add_user("mod", display_name="Mod", guild=world.guild, permissions=MANAGE_GUILD, locale="pl")
    async with fake.run(make_bot(world)):
        stats = await fake.slash(world.cy, world.games, "dreamcats stats", member=world.bo)
        assert stats.reply is not None and not stats.reply.ephemeral
        fields = {f["name"]: f["value"] for f in stats.reply.embeds[0]["fields"]}  # in Cy's language
        assert fields["Partie"] == "14" and fields["Wygrane"] == "14 (100%)" and fields["Miejsce"] == "#2"
        refused = await fake.slash(world.ana, world.games, "dreamcats settings", point_limit=200)
        assert refused.reply is not None and refused.reply.ephemeral and "Manage Server" in refused.reply.content
        saved = await fake.slash(mod, world.games, "dreamcats settings", point_limit=200, reveal_time=0,
                                 table_language="pl")
        assert saved.reply is not None and saved.reply.ephemeral
        assert saved.reply.embeds[0]["description"].startswith("Zapisano.")
        # The server's page follows the table language; a person's own stats stay in that person's language.
        board = await fake.slash(world.ana, world.games, "dreamcats leaderboard")
        assert board.reply is not None and board.reply.embeds[0]["title"] == "Tabela wyników: Dreamcats — Cat Café"
        again = await fake.slash(world.ana, world.games, "dreamcats stats")
        assert again.reply is not None and again.reply.embeds[0]["title"] == "Ana — Dreamcats record"
    db = await Database.open(world.database_url)
    async with db.sessions() as s:
        stored = await get_server_settings(s, guild_id=world.guild.id)
    await db.close()
    assert stored == ServerSettingsRecord(point_limit=200, reveal_time=None, table_locale="pl")
    assert fake.violations == []
