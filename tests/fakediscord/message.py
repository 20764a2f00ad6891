"""Messages and attachments as the fake stores them (every revision kept)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .model import LOADING, FakeChannel, FakeUser, iso_now


@dataclass
class FakeAttachment:
    """An uploaded file, bytes kept."""

    id: int
    filename: str
    data: bytes
    description: str | None = None
    content_type: str | None = None
    url: str = ""

    def __repr__(self) -> str:
        return f"<FakeAttachment {self.filename!r} {len(self.data)} bytes>"

    def payload(self) -> dict[str, Any]:
        """The attachment object as Discord sends it."""
        return {
            "id": str(self.id), "filename": self.filename, "size": len(self.data), "url": self.url,
            "proxy_url": self.url, "description": self.description, "content_type": self.content_type,
        }


@dataclass
class FakeMessage:
    """A message; `ephemeral_to` is the only user who sees it when ephemeral; `revisions` keeps every version."""

    id: int
    channel: FakeChannel
    author: FakeUser
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    ephemeral_to: FakeUser | None = None
    interaction: dict[str, Any] | None = None
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    deleted: bool = False
    revisions: list[dict[str, Any]] = field(default_factory=list)

    def __repr__(self) -> str:
        who = f" ephemeral_to={self.ephemeral_to.name}" if self.ephemeral_to else ""
        return (f"<FakeMessage id={self.id} #{self.channel.name}{who}{' deleted' if self.deleted else ''} "
                f"content={self.content[:60]!r} custom_ids={self.custom_ids} files={len(self.attachments)}>")

    @property
    def ephemeral(self) -> bool:
        """True for an ephemeral message."""
        return self.ephemeral_to is not None

    @property
    def loading(self) -> bool:
        """True while this is a deferred 'thinking…' placeholder."""
        return bool(self.flags & LOADING)

    def visible_to(self, user: FakeUser | None) -> bool:
        """Whether `user` can see this message (None = anyone, i.e. public messages only)."""
        if self.deleted:
            return False
        return self.ephemeral_to is None or (user is not None and self.ephemeral_to.id == user.id)

    def iter_components(self) -> list[dict[str, Any]]:
        """Every component, depth first (rows, containers and sections are walked)."""
        found: list[dict[str, Any]] = []

        def walk(items: list[dict[str, Any]]) -> None:
            for item in items:
                found.append(item)
                walk(item.get("components", []))
                if isinstance(item.get("accessory"), dict):
                    walk([item["accessory"]])

        walk(self.components)
        return found

    @property
    def custom_ids(self) -> list[str]:
        """The custom_ids of every interactive component, in order."""
        return [c["custom_id"] for c in self.iter_components() if "custom_id" in c]

    @property
    def buttons(self) -> list[dict[str, Any]]:
        """Every button (type 2) as sent by the bot."""
        return [c for c in self.iter_components() if c.get("type") == 2]

    def button(self, label: str) -> dict[str, Any]:
        """The button with this label (KeyError when absent)."""
        for item in self.buttons:
            if item.get("label") == label:
                return item
        raise KeyError(f"no button labelled {label!r}; labels: {[b.get('label') for b in self.buttons]}")

    def attachment(self, filename: str) -> FakeAttachment:
        """The attachment with this file name (KeyError when absent)."""
        for item in self.attachments:
            if item.filename == filename:
                return item
        raise KeyError(f"no attachment {filename!r}; files: {[a.filename for a in self.attachments]}")

    def all_text(self) -> str:
        """Content, embed text, component labels/custom_ids and attachment names of every revision, for leak checks."""
        return "\n".join(json.dumps(r, ensure_ascii=False) for r in self.revisions)

    def payload(self) -> dict[str, Any]:
        """The message object as Discord sends it."""
        data: dict[str, Any] = {
            "id": str(self.id), "channel_id": str(self.channel.id), "guild_id": str(self.channel.guild.id),
            "author": self.author.payload(), "content": self.content, "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp, "tts": False, "mention_everyone": False, "mentions": [],
            "mention_roles": [], "attachments": [a.payload() for a in self.attachments], "embeds": self.embeds,
            "pinned": False, "type": 20 if self.interaction else 0, "flags": self.flags,
            "components": self.components,
        }
        if self.interaction is not None:
            data["interaction_metadata"] = self.interaction
            data["webhook_id"] = str(self.author.id)
            data["application_id"] = str(self.author.id)
        return data

    def snapshot(self) -> None:
        """Append the current version to `revisions`."""
        self.revisions.append({
            "content": self.content, "embeds": self.embeds, "components": self.components, "flags": self.flags,
            "attachments": [{"filename": a.filename, "description": a.description} for a in self.attachments],
        })
