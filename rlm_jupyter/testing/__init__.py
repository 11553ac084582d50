"""Test support for rlm_jupyter: a deterministic fake OpenAI-compatible server, faults, kernels, data.

The server is the demo model's (``rlm_jupyter.demo_model``) plus what tests
need: fault injection (``faults``), request records and a JSONL log
(``fake_llm``) and a command line (``server``). Exports are resolved lazily
(PEP 562) from the modules that define them, so that ``python -m
rlm_jupyter.testing.server`` does not import that module twice, and so that
importing this package (e.g. from the pytest plugin) stays cheap.
"""
from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rlm_jupyter.demo_model.responders import (
        ChatRequest,
        Reply,
        Responder,
        RuleBasedSubModel,
        Scripted,
    )
    from rlm_jupyter.testing.fake_llm import FakeLLMServer, RequestRecord
    from rlm_jupyter.testing.faults import Fault

_HOMES = {
    "ChatRequest": "rlm_jupyter.demo_model.responders",
    "Reply": "rlm_jupyter.demo_model.responders",
    "Responder": "rlm_jupyter.demo_model.responders",
    "RuleBasedSubModel": "rlm_jupyter.demo_model.responders",
    "Scripted": "rlm_jupyter.demo_model.responders",
    "FakeLLMServer": "rlm_jupyter.testing.fake_llm",
    "RequestRecord": "rlm_jupyter.testing.fake_llm",
    "Fault": "rlm_jupyter.testing.faults",
}

__all__ = ["ChatRequest", "FakeLLMServer", "Fault", "Reply", "RequestRecord", "Responder", "RuleBasedSubModel",
           "Scripted"]


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        return getattr(import_module(_HOMES[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
