"""Validation of every REST body against Discord's OpenAPI document (JSON Schema draft 2020-12).

jsonschema-rs decides whether a body is valid (about 0.1 ms a body; the Python jsonschema took about 15 ms, most of
the fake's time in whole-match tests). Only a body it rejects is validated again by the Python jsonschema, whose
errors name the union branch the body meant (`_explain`).
"""

from __future__ import annotations

import json
import re
import urllib.parse
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import jsonschema_rs
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

# ../shared beside the repository, as the README says (not copied into the project).
DEFAULT_SPEC = Path(__file__).resolve().parents[3] / "shared" / "discord-api" / "openapi.json"
_DOC_URI = "urn:discord-openapi"


@dataclass(frozen=True)
class _Operation:
    method: str
    template: str
    pattern: re.Pattern[str]
    literal_parts: int


class SchemaChecker:
    """Finds the operation for method + path and validates a request body against its schema."""

    def __init__(self, spec_path: Path = DEFAULT_SPEC) -> None:
        self.spec_path = spec_path
        self.skip_reason: str | None = None
        self._operations: list[_Operation] = []
        self._doc: dict[str, Any] = {}
        if not spec_path.is_file():
            self.skip_reason = f"schema checking skipped: {spec_path} is absent"
            return
        self._doc = json.loads(spec_path.read_text(encoding="utf-8"))
        self._relax_snowflakes()
        self._registry = Registry().with_resource(
            _DOC_URI, Resource.from_contents(self._doc, default_specification=DRAFT202012)
        )
        self._fast_registry = jsonschema_rs.Registry([(_DOC_URI, self._doc)])
        for template, item in self._doc["paths"].items():
            regex = re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template))
            literal = sum(1 for part in template.split("/") if part and not part.startswith("{"))
            for method in item:
                if method != "parameters":
                    self._operations.append(_Operation(method.upper(), template, re.compile(f"^{regex}$"), literal))
        self._operations.sort(key=lambda op: -op.literal_parts)

    @property
    def enabled(self) -> bool:
        """True when the OpenAPI document was found."""
        return self.skip_reason is None

    def _relax_snowflakes(self) -> None:
        # Discord accepts snowflakes as JSON integers too (discord.py sends attachment ids as ints);
        # the published document only allows strings.
        schemas = self._doc["components"]["schemas"]
        strict = schemas["SnowflakeType"]
        schemas["SnowflakeType"] = {"anyOf": [strict, {"type": "integer", "minimum": 0}]}

    def operation(self, method: str, path: str) -> str | None:
        """The path template of the documented operation, or None when undocumented."""
        for op in self._operations:
            if op.method == method and op.pattern.match(path):
                return op.template
        return None

    def validate(self, method: str, path: str, body: Any, *, multipart: bool = False) -> list[str]:
        """Problems with `body` for method + path (an empty list when valid or when checking is off)."""
        if not self.enabled:
            return []
        template = self.operation(method, path)
        if template is None:
            return [f"{method} {path}: not a documented operation"]
        content = self._doc["paths"][template][method.lower()].get("requestBody", {}).get("content", {})
        media = "multipart/form-data" if multipart and "multipart/form-data" in content else "application/json"
        if media not in content:
            return []
        fast = self._fast_validator(template, method.lower(), media)
        if fast.is_valid(body):
            return []
        problems = []
        for error in self._validator(template, method.lower(), media).iter_errors(body):
            for leaf in _explain(error):
                where = "/".join(map(str, leaf.absolute_path)) or "<body>"
                problems.append(f"{method} {template}: {where}: {_short(leaf.message)}")
        if not problems:  # the two disagree: the stricter verdict stands
            first = next(fast.iter_errors(body))
            problems.append(f"{method} {template}: {'/'.join(map(str, first.instance_path)) or '<body>'}: "
                            f"{_short(first.message)}")
        return problems

    @lru_cache(maxsize=256)  # noqa: B019 - one checker per fake, the cache dies with it
    def _validator(self, template: str, method: str, media: str) -> Draft202012Validator:
        return Draft202012Validator({"$ref": f"{_DOC_URI}#/{_pointer(template, method, media)}"},
                                    registry=self._registry)

    @lru_cache(maxsize=256)  # noqa: B019 - one checker per fake, the cache dies with it
    def _fast_validator(self, template: str, method: str, media: str) -> Any:
        # A URI fragment must percent-encode the template's braces; formats are annotations in 2020-12, as above.
        fragment = urllib.parse.quote(_pointer(template, method, media), safe="/~")
        return jsonschema_rs.Draft202012Validator({"$ref": f"{_DOC_URI}#/{fragment}"}, registry=self._fast_registry,
                                                  validate_formats=False)


def _pointer(template: str, method: str, media: str) -> str:
    """The JSON pointer to an operation's request body schema in the document."""
    return "/".join(part.replace("~", "~0").replace("/", "~1")
                    for part in ("paths", template, method, "requestBody", "content", media, "schema"))


def _explain(error: ValidationError) -> list[ValidationError]:
    """The leaf errors of the union branch the body meant (the one whose `type` discriminator matched)."""
    if not error.context:
        return [error]
    branches: dict[Any, list[ValidationError]] = {}
    for sub in error.context:
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)

    def wrong_kind(errors: list[ValidationError]) -> bool:
        return any((e.validator in ("enum", "const") and list(e.relative_path) == ["type"])
                   or (e.validator == "type" and not e.relative_path) for e in errors)

    candidates = [errors for errors in branches.values() if not wrong_kind(errors)] or list(branches.values())
    return [leaf for sub in min(candidates, key=len) for leaf in _explain(sub)]


def _short(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[: limit // 2] + " … " + text[-limit // 2:]


@lru_cache(maxsize=4)
def shared_checker(spec_path: Path = DEFAULT_SPEC) -> SchemaChecker:
    """One loaded checker per document (loading 1 MB of JSON takes a moment)."""
    return SchemaChecker(spec_path)
