"""Shared fixtures and the suite's tiers, isolation and safety nets.

- Fixtures: one fake LLM server and one real kernel per test module.
- Tiers: tests that start a kernel, drive a browser or are notebook cells are marked ``kernel``, ``browser`` or
  ``nbval`` here (``slow`` and the kernel tests that start kernels by hand are marked in their files), so the
  fast tier is ``pytest -m "not kernel and not browser and not nbval and not slow"``. A test that starts a
  ``KernelSession`` without the ``kernel`` marker fails, so the fast tier stays fast.
- ``realmodel`` tests talk to a real LLM at ``$RLM_REALMODEL_URL``: opt-in with ``--realmodel``, and skipped, with
  the reason, when nothing answers there. They use the ``realmodel`` fixture for the endpoint.
- Isolation: before anything starts, the session points the response cache, IPython, Jupyter, matplotlib and
  the XDG directories at a temporary folder, so neither this process nor any kernel, notebook or subprocess it
  starts writes under ``~``.
- A session that did not run every selected test (an INTERNALERROR, a stray KeyboardInterrupt) cannot end with
  exit status 0 or a summary of passes only; a test that hits pytest-timeout ends the process with status 1
  and every thread's stack (``timeout_method = "thread"`` in pyproject.toml).
"""
from __future__ import annotations

import ipaddress
import json
import os
import shutil
import signal
import sys
import tempfile
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from rlm_jupyter.demo_model import demo_root, demo_sub
from rlm_jupyter.engine.safety import guard
from rlm_jupyter.llm.client import LLMClient
from rlm_jupyter.testing import FakeLLMServer
from rlm_jupyter.testing.kernel import KernelSession

# -- isolation -------------------------------------------------------------------------------------------------
# Everything below HOME that the code under test, IPython kernels, Jupyter, nbval, matplotlib or Chromium write.
ISOLATED_DIRS = {
    "RLM_CACHE_DIR": "rlm-cache",  # the response cache (default ~/.cache/rlm_jupyter)
    "IPYTHONDIR": "ipython",  # profile_default/, history.sqlite
    "JUPYTER_CONFIG_DIR": "jupyter-config",  # and the user's ~/.jupyter config stays out of the tests
    "JUPYTER_DATA_DIR": "jupyter-data",  # kernelspecs are still found in sys.prefix
    "JUPYTER_RUNTIME_DIR": "jupyter-runtime",  # kernel connection files
    "MPLCONFIGDIR": "matplotlib",  # the font cache
    "XDG_CACHE_HOME": "xdg-cache",
    "XDG_CONFIG_HOME": "xdg-config",
    "XDG_DATA_HOME": "xdg-data",
    "XDG_STATE_HOME": "xdg-state",
    "npm_config_cache": "npm-cache",  # JupyterLab runs `npm prefix`, which logs to ~/.npm/_logs
}
_isolated_root: Path | None = None


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """Runs before collection, so before any kernel starts; kernels, nbval and subprocesses inherit os.environ."""
    global _isolated_root
    # A shell without job control starts background commands (`bash scripts/test &`) with SIGINT ignored, and
    # Python then installs no KeyboardInterrupt handler: the interrupt tests' real SIGINT would do nothing.
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if _isolated_root is None:
        _isolated_root = Path(tempfile.mkdtemp(prefix="rlm-test-home-"))
        for name, folder in ISOLATED_DIRS.items():
            (_isolated_root / folder).mkdir()
            os.environ[name] = str(_isolated_root / folder)
    if not config.pluginmanager.has_plugin("rlm-completion-guard"):
        config.pluginmanager.register(CompletionGuard(), "rlm-completion-guard")
    _install_lookup_net()


_LOOKUPS = frozenset({"socket.getaddrinfo", "socket.gethostbyname", "socket.gethostbyname_ex", "socket.gethostbyaddr"})
_net_installed = False


def _install_lookup_net() -> None:
    """A safety net under the rule "tests never resolve a host name": a lookup of one fails instead of happening.

    Added after the guard's own hook (``guard.install``), so in a guard test the guard refuses first and its
    refusal is what the test sees; were the guard broken, this turns the lookup into a failure, not traffic.
    Names only: an IP literal needs no lookup, and loopback names never leave the machine.
    """
    global _net_installed
    if _net_installed:
        return
    guard.install()

    def no_lookups(event: str, args: tuple[object, ...]) -> None:
        if event in _LOOKUPS and args and not guard.loopback_host(args[0]) and not _ip_literal(args[0]):
            raise PermissionError(f"test safety net: a test asked to resolve the host name {args[0]!r}; tests "
                                  "never resolve a host name (a lookup is traffic)")

    sys.addaudithook(no_lookups)
    _net_installed = True


def _ip_literal(host: object) -> bool:
    text = host.decode(errors="replace") if isinstance(host, bytes) else host
    try:
        ipaddress.ip_address(str(text).split("%")[0])
    except ValueError:
        return False
    return True


def pytest_unconfigure(config: pytest.Config) -> None:
    global _isolated_root
    if _isolated_root is not None:
        shutil.rmtree(_isolated_root, ignore_errors=True)
        _isolated_root = None


# -- tiers ------------------------------------------------------------------------------------------------------
KERNEL_FIXTURES = {"kernel", "secret_kernel", "warm"}  # fixtures that start a KernelSession
BROWSER_FIXTURES = {"browser", "lab"}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--realmodel", action="store_true", default=False,
                     help="run the tests marked realmodel against the LLM at $RLM_REALMODEL_URL")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if fixtures & KERNEL_FIXTURES:
            item.add_marker(pytest.mark.kernel)
        if fixtures & BROWSER_FIXTURES:
            item.add_marker(pytest.mark.browser)
        if type(item).__module__.startswith("nbval"):
            item.add_marker(pytest.mark.nbval)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    if item.get_closest_marker("realmodel") is not None:
        _realmodel_or_skip(item.config)
    started = KernelSession.started
    result = yield
    _check_kernel_marker(item, started)
    return result


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    started = KernelSession.started
    result = yield
    _check_kernel_marker(item, started)
    return result


def _check_kernel_marker(item: pytest.Item, started: int) -> None:
    if KernelSession.started > started and item.get_closest_marker("kernel") is None:
        pytest.fail(f"{item.nodeid} starts a Jupyter kernel but is not marked kernel: add @pytest.mark.kernel, "
                    "or add its fixture to KERNEL_FIXTURES in tests/conftest.py", pytrace=False)


# -- realmodel ------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RealModel:
    """An OpenAI-compatible endpoint that answered ``GET /models``; ``model`` is $RLM_REALMODEL_MODEL or its first."""

    base_url: str
    model: str


def probe_realmodel(url: str | None, timeout_s: float = 3.0) -> RealModel | str:
    """The endpoint at ``url`` if it answers ``GET {url}/models`` with a model list, else why not."""
    if not url:
        return "RLM_REALMODEL_URL is not set"
    url = url.rstrip("/")
    try:
        with urllib.request.urlopen(f"{url}/models", timeout=timeout_s) as response:
            models = [m["id"] for m in json.load(response).get("data", [])]
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:  # URLError is an OSError
        return f"nothing answers at {url}/models ({type(exc).__name__}: {exc})"
    model = os.environ.get("RLM_REALMODEL_MODEL") or (models[0] if models else "")
    if not model:
        return f"{url} lists no models; set RLM_REALMODEL_MODEL"
    return RealModel(url, model)


_realmodel_probe = pytest.StashKey["RealModel | str"]()


def _realmodel_or_skip(config: pytest.Config) -> RealModel:
    if not config.getoption("--realmodel"):
        pytest.skip("realmodel tests are opt-in: run with --realmodel and RLM_REALMODEL_URL=http://host:port/v1")
    if _realmodel_probe not in config.stash:  # probed once per session
        config.stash[_realmodel_probe] = probe_realmodel(os.environ.get("RLM_REALMODEL_URL"))
    found = config.stash[_realmodel_probe]
    if isinstance(found, str):
        pytest.skip(f"realmodel: {found}")
    return found


@pytest.fixture
def realmodel(request: pytest.FixtureRequest) -> RealModel:
    """The real endpoint, for tests marked ``realmodel`` (skips like the marker when there is none)."""
    return _realmodel_or_skip(request.config)


# -- a session that did not finish cannot look like it passed ------------------------------------------------------
class CompletionGuard:
    """Every selected test must have run to its teardown; otherwise the session failed, whatever it counted.

    A plugin of its own (registered in pytest_configure), not conftest hooks: pytest calls a conftest's
    report hooks only for the tests below it, and this must see the notebooks' cells too.
    """

    def __init__(self) -> None:
        self.finished: set[str] = set()  # node ids whose teardown was reported

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when == "teardown":
            self.finished.add(report.nodeid)

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if session.config.option.collectonly or not session.items:
            return
        missing = [item.nodeid for item in session.items if item.nodeid not in self.finished]
        if not missing:
            return
        if session.exitstatus == pytest.ExitCode.OK:
            session.exitstatus = pytest.ExitCode.INTERRUPTED
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.stats.setdefault("not run", []).extend(missing)  # in the last line: "3 passed, 1 not run"
            if hasattr(reporter, "_set_main_color"):  # pytest caches which counts that line shows (private API)
                reporter._set_main_color()
            reporter.write_sep("!", f"INCOMPLETE SESSION: {len(missing)} of {len(session.items)} selected tests "
                                    f"never finished (first: {missing[0]}); the counts below are not a passing run",
                               red=True)


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
def client(fake_llm: FakeLLMServer) -> Iterator[LLMClient]:
    """An LLMClient on the fake server that retries fast (tests/test_client.py, tests/test_endpoints.py)."""
    c = LLMClient(fake_llm.base_url, "test", backoff_s=0.001, max_retries=3)
    yield c
    c.close()


@pytest.fixture
def server(llm_server: FakeLLMServer) -> Iterator[FakeLLMServer]:
    """The module's server, with request records cleared and test-specific models removed afterwards."""
    llm_server.reset()
    yield llm_server
    for name in [m for m in llm_server.models if m not in ("demo-root", "demo-sub")]:
        del llm_server.models[name]
