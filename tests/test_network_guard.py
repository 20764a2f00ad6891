"""The suite refuses to reach any host but this machine."""

from __future__ import annotations

import socket

import pytest

from tests.conftest import NetworkForbiddenError


def test_a_connection_to_a_public_address_is_refused() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock, pytest.raises(NetworkForbiddenError):
        sock.connect(("162.159.128.233", 443))  # one of discord.com's addresses


def test_loopback_connections_are_allowed() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as server:
        server.bind(("127.0.0.1", 0))
        server.listen(1)
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as client:
            client.connect(server.getsockname())
            assert client.getpeername() == server.getsockname()
