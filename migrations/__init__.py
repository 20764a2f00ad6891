"""Alembic migrations of the Dreamcats database; bot.storage finds this folder through the package."""
