"""Pytest fixtures for end-to-end tests through the fake Discord, and a guard against any non-loopback network."""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
import pytest_asyncio

from .fake import FakeDiscord

_LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost"}


class NetworkBlockedError(OSError):
    """A test tried to reach a host other than 127.0.0.1/::1."""


def _is_loopback(host: Any) -> bool:
    if host is None:
        return True
    if isinstance(host, bytes):
        host = host.decode()
    host = str(host)
    if host in _LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.split("%")[0]).is_loopback
    except ValueError:
        return False


class NetworkGuard:
    """Patches socket connect and getaddrinfo so that only loopback is reachable; keeps the refused attempts."""

    def __init__(self) -> None:
        self.attempts: list[str] = []
        self._saved: list[tuple[Any, str, Any]] = []

    def install(self) -> None:
        """Start refusing non-loopback connections and name lookups."""
        real_connect, real_connect_ex = socket.socket.connect, socket.socket.connect_ex
        real_getaddrinfo = socket.getaddrinfo
        guard = self

        def check(address: Any) -> None:
            if isinstance(address, tuple) and not _is_loopback(address[0]):
                guard.attempts.append(f"connect {address[0]}:{address[1]}")
                raise NetworkBlockedError(f"fakediscord: network access to {address[0]} is blocked in tests")

        def connect(sock: socket.socket, address: Any) -> None:
            check(address)
            return real_connect(sock, address)

        def connect_ex(sock: socket.socket, address: Any) -> int:
            check(address)
            return real_connect_ex(sock, address)

        def getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
            if not _is_loopback(host):
                guard.attempts.append(f"resolve {host}")
                raise NetworkBlockedError(f"fakediscord: name lookup of {host} is blocked in tests")
            return real_getaddrinfo(host, *args, **kwargs)

        self._saved = [(socket.socket, "connect", real_connect), (socket.socket, "connect_ex", real_connect_ex),
                       (socket, "getaddrinfo", real_getaddrinfo)]
        socket.socket.connect = connect  # type: ignore[method-assign]
        socket.socket.connect_ex = connect_ex  # type: ignore[method-assign]
        socket.getaddrinfo = getaddrinfo

    def uninstall(self) -> None:
        """Restore the real socket functions."""
        for owner, name, value in self._saved:
            setattr(owner, name, value)
        self._saved = []


@pytest.fixture
def no_network() -> Iterator[NetworkGuard]:
    """Only 127.0.0.1/::1 are reachable; the test fails if anything tried another host."""
    guard = NetworkGuard()
    guard.install()
    try:
        yield guard
    finally:
        guard.uninstall()
    assert not guard.attempts, f"non-loopback network access attempted: {guard.attempts}"


@pytest_asyncio.fixture
async def fake_discord(no_network: NetworkGuard) -> AsyncIterator[FakeDiscord]:
    """A started FakeDiscord (discord.py pointed at it), closed after the test; network guarded."""
    async with FakeDiscord() as fake:
        yield fake


__all__ = ["NetworkBlockedError", "NetworkGuard", "fake_discord", "no_network"]
