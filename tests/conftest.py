"""Suite-wide guards: no network but loopback, and test-friendly hypothesis settings."""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "dreamcats", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.load_profile("dreamcats")


class NetworkForbiddenError(RuntimeError):
    """A test tried to reach a host other than this machine."""


def _is_local(address: Any) -> bool:
    if not isinstance(address, tuple):  # AF_UNIX paths are local by nature
        return True
    host = str(address[0])
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.split("%")[0]).is_loopback
    except ValueError:
        return False


@pytest.fixture(autouse=True, scope="session")
def _only_loopback_network() -> Iterator[None]:
    """Fail loudly on any connection to a non-loopback address (Discord included)."""
    original_connect, original_connect_ex = socket.socket.connect, socket.socket.connect_ex

    def guarded_connect(self: socket.socket, address: Any) -> Any:
        if not _is_local(address):
            raise NetworkForbiddenError(f"tests may only reach 127.0.0.1, not {address!r}")
        return original_connect(self, address)

    def guarded_connect_ex(self: socket.socket, address: Any) -> Any:
        if not _is_local(address):
            raise NetworkForbiddenError(f"tests may only reach 127.0.0.1, not {address!r}")
        return original_connect_ex(self, address)

    socket.socket.connect = guarded_connect  # type: ignore[method-assign]
    socket.socket.connect_ex = guarded_connect_ex  # type: ignore[method-assign]
    yield
    socket.socket.connect, socket.socket.connect_ex = original_connect, original_connect_ex  # type: ignore[method-assign]
