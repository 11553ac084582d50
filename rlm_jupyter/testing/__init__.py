"""Test support for rlm_jupyter: a deterministic fake OpenAI-compatible server.

Exports are resolved lazily (PEP 562) so that ``python -m
rlm_jupyter.testing.server`` does not import the server module twice, and so
that importing this package (e.g. from the pytest plugin) stays cheap.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rlm_jupyter.testing.server import (
        ChatRequest,
        FakeLLMServer,
        Fault,
        Reply,
        RequestRecord,
        Responder,
        RuleBasedSubModel,
        Scripted,
    )

__all__ = [
    "ChatRequest",
    "FakeLLMServer",
    "Fault",
    "Reply",
    "RequestRecord",
    "Responder",
    "RuleBasedSubModel",
    "Scripted",
]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from rlm_jupyter.testing import server

        return getattr(server, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
