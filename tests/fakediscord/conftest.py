"""Makes the fakediscord fixtures available to its self-tests (other test folders import tests.fakediscord.plugin)."""

from tests.fakediscord.plugin import fake_discord, no_network

__all__ = ["fake_discord", "no_network"]
