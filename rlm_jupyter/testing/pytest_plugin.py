"""pytest plugin (registered as the ``pytest11`` entry point ``rlm_jupyter``).

Provides the ``fake_llm`` fixture.  The server modules are imported inside the
fixture so that merely having rlm_jupyter installed adds nothing to the
start-up cost of unrelated pytest runs.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from rlm_jupyter.testing.fake_llm import FakeLLMServer


@pytest.fixture
def fake_llm() -> Iterator[FakeLLMServer]:
    """A started FakeLLMServer with no named models: every model name is
    answered by a default ``RuleBasedSubModel()``.  Configure it per test via
    ``fake_llm.models[...] = ...`` / ``fake_llm.faults = [...]``; it is stopped
    (socket closed, threads joined) after the test."""
    from rlm_jupyter.demo_model.responders import RuleBasedSubModel
    from rlm_jupyter.testing.fake_llm import FakeLLMServer

    server = FakeLLMServer(models={}, default=RuleBasedSubModel()).start()
    try:
        yield server
    finally:
        server.stop()
