"""The suite's own safety nets (tests/conftest.py): isolation, the kernel marker guard, realmodel, completeness."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from rlm_jupyter.testing import FakeLLMServer, Scripted

from .conftest import ISOLATED_DIRS, RealModel, probe_realmodel

ROOT = Path(__file__).resolve().parent.parent


def test_the_session_writes_nothing_under_home() -> None:
    home = str(Path.home())
    for name in ISOLATED_DIRS:
        value = os.environ[name]
        assert value.startswith(tempfile.gettempdir()) and not value.startswith(home), (name, value)
        assert Path(value).is_dir()


def test_realmodel_probe_finds_an_answering_endpoint_and_says_why_not_otherwise(fake_llm: FakeLLMServer) -> None:
    fake_llm.models["local-model"] = Scripted(["hi"])
    assert probe_realmodel(fake_llm.base_url + "/") == RealModel(fake_llm.base_url, "local-model")
    assert probe_realmodel(None) == "RLM_REALMODEL_URL is not set"
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{probe.getsockname()[1]}/v1"
    reason = probe_realmodel(url, timeout_s=2.0)
    assert isinstance(reason, str) and reason.startswith(f"nothing answers at {url}/models")


GUARDED = '''
import pytest
from rlm_jupyter.testing.kernel import KernelSession


@pytest.mark.realmodel
def test_needs_a_real_model(realmodel):
    raise AssertionError("must not run without --realmodel")


def test_starts_a_kernel_unmarked():
    KernelSession.started += 1  # what KernelSession() does, without the seconds a real kernel takes


@pytest.mark.kernel
def test_starts_a_kernel_marked():
    KernelSession.started += 1


def test_dropped_by_a_broken_plugin():
    pass


def test_runs():
    pass
'''
# A plugin that loses a test without reporting it, as an INTERNALERROR or a crash in the middle of a run does.
DROPPING = '''
def pytest_runtest_protocol(item, nextitem):
    if item.name == "test_dropped_by_a_broken_plugin":
        return True
'''
MARKERS = "[pytest]\nmarkers =\n    kernel: k\n    browser: b\n    nbval: n\n    slow: s\n    realmodel: r\n"


@pytest.mark.slow  # two pytest sessions in subprocesses
def test_the_guards_in_a_session_of_their_own(tmp_path: Path) -> None:
    (tmp_path / "pytest.ini").write_text(MARKERS)
    (tmp_path / "conftest.py").write_text(DROPPING)
    (tmp_path / "test_guarded.py").write_text(GUARDED)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    pytest_cmd = [sys.executable, "-m", "pytest", "-p", "tests.conftest", "-p", "no:cacheprovider", "-p", "no:nbval"]
    done = subprocess.run([*pytest_cmd, "--strict-markers", "-rA", str(tmp_path)], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    out = done.stdout
    assert "SKIPPED" in out and "realmodel tests are opt-in: run with --realmodel" in out, out
    assert "FAILED" in out and "starts a Jupyter kernel but is not marked kernel" in out, out
    assert "test_starts_a_kernel_unmarked starts a Jupyter kernel" in out
    assert "PASSED test_guarded.py::test_starts_a_kernel_marked" in out, out
    assert "PASSED test_guarded.py::test_runs" in out
    assert "INCOMPLETE SESSION: 1 of 5 selected tests never finished" in out and "1 not run" in out
    assert done.returncode != 0

    # Only the dropped test left: it would end "1 passed" with exit 0, but it must not.
    done = subprocess.run([*pytest_cmd, "-q", str(tmp_path), "-k", "dropped or test_runs"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "1 passed" in done.stdout and "1 not run" in done.stdout, done.stdout
