"""Shared fixtures: one fake LLM server and one real kernel per test module."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from rlm_jupyter.testing import FakeLLMServer
from rlm_jupyter.testing.demo import demo_root, demo_sub

from rlm_jupyter.testing.kernel import KernelSession


@pytest.fixture(scope="module")
def llm_server() -> Iterator[FakeLLMServer]:
    """The bundled demo model as "demo-root"/"demo-sub"; tests swap in "root" scripts as they need."""
    with FakeLLMServer(models={"demo-root": demo_root, "demo-sub": demo_sub}, default=demo_sub) as server:
        yield server


@pytest.fixture(scope="module")
def kernel(llm_server: FakeLLMServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[KernelSession]:
    session = KernelSession(llm_server.base_url, RLM_MODEL="demo-root", RLM_SUB_MODEL="demo-sub",
                            RLM_CACHE_DIR=str(tmp_path_factory.mktemp("rlm-cache")))
    # Tests swap the scripted model between runs of the same question, which a response cache would
    # (rightly) answer from the first run; the cache has its own tests, with kernels of their own.
    session.ok("%load_ext rlm_jupyter\n%config RLMMagics.cache = False")
    yield session
    session.close()


@pytest.fixture
def server(llm_server: FakeLLMServer) -> Iterator[FakeLLMServer]:
    """The module's server, with request records cleared and test-specific models removed afterwards."""
    llm_server.reset()
    yield llm_server
    for name in [m for m in llm_server.models if m not in ("demo-root", "demo-sub")]:
        del llm_server.models[name]
