"""The ``fake_llm`` fixture: a pytest plugin loaded only when asked.

    pytest -p rlm_jupyter.testing.pytest_plugin

Why no ``pytest11`` entry point: that would load it into every pytest run of
everyone who installs rlm_jupyter (a kernel dependency, not a test tool). This
project asks for it in ``[tool.pytest.ini_options] addopts``. The server modules
are imported inside the fixture, so a run that asks for the plugin but never uses
the fixture pays nothing for it.
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
        stop_promptly(server)


def stop_promptly(server: FakeLLMServer) -> None:
    """``server.stop()``, without waiting out the serving loop's 50 ms poll.

    ``stop()`` waits until the loop next looks at its shutdown flag; a connection
    wakes it at once. Tests start a server each, so this saves seconds per run.
    """
    import socket
    import threading

    stopping = threading.Thread(target=server.stop, name="fake-llm-stop")
    host, port = server.host, server.port
    stopping.start()
    while stopping.is_alive():
        try:
            socket.create_connection((host, port), timeout=1.0).close()  # closed unsent: the handler just ends
        except OSError:  # the socket is closed: stop() is about done
            pass
        stopping.join(0.005)
