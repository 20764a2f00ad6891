"""/dreamcats leaderboard and stats game:catduel through the fake Discord and the real bot, on a SQLite file: duels
won, rounds survived per duel and the favourite cat, in English and Polish, and no Dreamcats figures."""

from __future__ import annotations

from bot.storage import Database
from tests.bot.conftest import World, make_bot
from tests.bot.storage.test_played_as import record_duels


async def _duels(world: World) -> None:
    """Ana and Bo's four Cat Duel matches (tests.bot.storage.test_played_as.MATCHES) and three abandoned ones."""
    db = await Database.open(world.database_url)
    try:
        await record_duels(db, world.guild.id, world.ana.id, world.bo.id)
    finally:
        await db.close()


async def test_stats_of_catduel_show_duels_won_rounds_survived_and_the_favourite_cat(world: World) -> None:
    fake = world.fake
    await _duels(world)
    async with fake.run(make_bot(world)):
        shown = await fake.slash(world.ana, world.games, "dreamcats stats", game="catduel")
        assert shown.reply is not None and not shown.reply.ephemeral
        embed = shown.reply.embeds[0]
        assert embed["title"] == "Ana — Cat Duel record"
        fields = {f["name"]: f["value"] for f in embed["fields"]}
        assert fields["Matches"] == "4" and fields["Wins"] == "2 (50%)"
        assert fields["Duels won"] == "4" and fields["Rounds survived per duel"] == "3.1"  # 28 rounds in 9 duels
        assert fields["Favourite cat"] == "Siamese"  # two each with Persian: the one played last
        assert not any("Wake" in name or "Best" in name or "Average" in name for name in fields)
        recent = fields["Recent matches"].splitlines()
        assert len(recent) == 4 and all("place" in line and "point" not in line for line in recent)  # no points

        bo = await fake.slash(world.ana, world.games, "dreamcats stats", game="catduel", member=world.bo)
        assert bo.reply is not None
        bo_fields = {f["name"]: f["value"] for f in bo.reply.embeds[0]["fields"]}
        assert (bo_fields["Duels won"], bo_fields["Rounds survived per duel"]) == ("5", "2.9")
        assert bo_fields["Favourite cat"] == "Ragdoll"

        polish = await fake.slash(world.cy, world.games, "dreamcats stats", game="catduel", member=world.ana)
        assert polish.reply is not None
        pl_fields = {f["name"]: f["value"] for f in polish.reply.embeds[0]["fields"]}
        assert pl_fields["Wygrane pojedynki"] == "4" and pl_fields["Przetrwane rundy na pojedynek"] == "3,1"
        assert pl_fields["Ulubiony kot"] == "Syjamski"

        dreamcats = await fake.slash(world.ana, world.games, "dreamcats stats")
        assert dreamcats.reply is not None and dreamcats.reply.ephemeral  # no Dreamcats match of hers
    assert fake.violations == []


async def test_the_catduel_leaderboard_shows_duels_won_and_no_wake_up(world: World) -> None:
    fake = world.fake
    await _duels(world)
    async with fake.run(make_bot(world)):
        board = await fake.slash(world.eve, world.games, "dreamcats leaderboard", game="catduel")
        assert board.reply is not None and board.reply.embeds[0]["title"] == "Cat Duel leaderboard — Cat Café"
        rows = board.reply.embeds[0]["description"].splitlines()
        by_name = {row.split(" — ")[0].split(" ", 1)[1]: row for row in rows}
        assert set(by_name) == {"Ana", "Bo"}
        assert "4 matches" in by_name["Ana"] and "2 won (50%)" in by_name["Ana"]
        assert by_name["Ana"].endswith("duels won: 4") and by_name["Bo"].endswith("duels won: 5")
        assert not any("Wake" in row or "per round" in row for row in rows)
    assert fake.violations == []
