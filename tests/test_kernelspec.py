"""The "Python 3 (RLM)" kernelspec: %%rlm without %load_ext, and a broken config warns instead of killing the kernel."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from jupyter_client.kernelspec import KernelSpecManager

from rlm_jupyter.testing import FakeLLMServer, Scripted
from rlm_jupyter.testing.kernel import KernelSession


@pytest.mark.kernel
def test_the_installed_kernelspec_preloads_the_extension(fake_llm: FakeLLMServer) -> None:
    spec = KernelSpecManager().get_kernel_spec("rlm")
    assert spec.display_name == "Python 3 (RLM)" and "--ext=rlm_jupyter" in spec.argv
    fake_llm.models["root"] = Scripted(["```repl\nprint(x * 42)\n```", "FINAL(42)"])  # read, then answer
    kernel = KernelSession(fake_llm.base_url, kernel_name="rlm", RLM_MODEL="root")
    try:
        kernel.ok('x = 1\n%rlm x "answer?" --quiet --no-cache')  # no %load_ext
        assert kernel.value("rlm_answer") == "42"
    finally:
        kernel.close()


@pytest.mark.kernel
def test_a_broken_configuration_warns_in_the_notebook_and_the_kernel_lives(tmp_path: Path) -> None:
    profile = tmp_path / "ipython" / "profile_default"
    profile.mkdir(parents=True)
    (profile / "ipython_config.py").write_text("c.RLMMagics.max_iterations = 'many'\n")
    kernel = KernelSession("http://127.0.0.1:9/v1", kernel_name="rlm", IPYTHONDIR=str(tmp_path / "ipython"))
    try:
        first = kernel.ok("1 + 1")
        assert "rlm_jupyter could not load: TraitError" in first.stderr and "RLMMagics" in first.stderr
        assert first.displayed[0]["text/plain"] == "2"  # the kernel works
        assert "UsageError: rlm_jupyter could not load" in kernel.execute('%rlm x "q"').stderr
        assert kernel.ok("2 + 2").stderr == ""  # said once, not on every cell
    finally:
        kernel.close()


def test_install_command_writes_a_spec_for_this_python(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "rlm_jupyter.kernelspec", "install", "--prefix", str(tmp_path)],
                          capture_output=True, text=True, check=True)
    installed = tmp_path / "share" / "jupyter" / "kernels" / "rlm" / "kernel.json"
    assert "installed kernelspec 'rlm' (Python 3 (RLM)) in" in done.stdout
    spec = json.loads(installed.read_text())
    assert spec["argv"][0] == sys.executable and "--ext=rlm_jupyter" in spec["argv"]
