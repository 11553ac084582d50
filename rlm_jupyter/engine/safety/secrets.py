"""Keeping secrets out of prompts, panels, saved outputs and recordings.

Why redact text rather than hide ``os.environ``: the model's code runs in the
user's live kernel, where secrets are reachable in many ways (environment,
config files, client objects). What we can guarantee is that any text we
*move* (to a model, into the record, onto the screen) has them replaced.
"""
from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import Any

from ...text import encodable
from ..record.trajectory import CodeCell, redact_json

SECRET_NAME = re.compile(r"KEY|TOKEN|SECRET|PASSWORD", re.IGNORECASE)
MIN_SECRET_CHARS = 6  # shorter values ("1", "true") would redact ordinary text


class Redactor:
    """Replaces known secret values with ``[secret:NAME]`` markers."""

    def __init__(self, secrets: Mapping[str, str]) -> None:
        values: dict[str, str] = {}
        for name, value in secrets.items():
            if value and len(value) >= MIN_SECRET_CHARS:
                values.setdefault(value, name)  # the first name wins: the env var's, before "api_key"
        self._names = values
        ordered = sorted(values, key=len, reverse=True)  # longest first: a secret containing another wins
        self.longest = len(ordered[0]) if ordered else 0
        self._pattern = re.compile("|".join(map(re.escape, ordered))) if ordered else None

    @classmethod
    def from_environment(cls, api_key: str | None, environ: Mapping[str, str] = os.environ) -> Redactor:
        """The configured API key plus every environment variable whose name looks secret."""
        secrets = {name: value for name, value in environ.items() if SECRET_NAME.search(name)}
        if api_key:
            secrets.setdefault("api_key", api_key)
        return cls(secrets)

    def __call__(self, text: str) -> str:
        """The text with every known secret replaced, and made encodable (no lone surrogates).

        Why both here: this is the one place every text the engine moves (to a
        model, into the record, onto the screen) goes through.
        """
        text = encodable(text)
        if self._pattern is None or not text:
            return text
        return self._pattern.sub(lambda m: f"[secret:{self._names[m.group(0)]}]", text)

    def cut(self, text: str, start: int, stop: int) -> str:
        """``text[start:stop]`` redacted, first widened so that a secret across either end is replaced whole.

        Why: previews cut the user's data (a 300-character head, a 30-character
        cell); a cut through a secret would leave a part of it that no later
        pass recognizes as a secret.
        """
        start, stop = max(start, 0), max(min(stop, len(text)), 0)
        if self._pattern is not None and start < stop:
            window = self._pattern.finditer(text, max(start - self.longest, 0), min(stop + self.longest, len(text)))
            for match in window:
                if match.start() < start < match.end():
                    start = match.start()
                if match.start() < stop < match.end():
                    stop = match.end()
        return self(text[start:stop])

    def value(self, obj: Any) -> Any:
        """Redact strings inside JSON-like data (display bundles); other objects are returned as they are."""
        return redact_json(obj, self)  # the one walk the record's serializers use too

    def cell(self, cell: CodeCell) -> CodeCell:
        """Redact everything a code block produced, in place, before anyone sees it."""
        cell.stdout, cell.stderr = self(cell.stdout), self(cell.stderr)
        cell.value = self(cell.value) if cell.value is not None else None
        cell.error = self(cell.error) if cell.error is not None else None
        cell.outputs = self.value(cell.outputs)
        if cell.created is not None:
            cell.created = {name: self(text) for name, text in cell.created.items()}
        return cell
