"""A plain ``pip install rlm_jupyter``: the wheel, no extras, in a fresh venv, as a data scientist's first hour has it.

- The install pulls in what a kernel needs and nothing of the test or demo tools, and registers no pytest plugin
  (a pytest11 entry point would load into every pytest run of whoever installs us) and no console script.
- ``python -m rlm_jupyter.demo`` and ``--headless`` say in one line which extra they need, exit non-zero, print no
  traceback and copy nothing; ``python -m rlm_jupyter.nbval`` prints its path and names the ``verify`` extra.
- The wheel's kernelspec starts a kernel from that venv, and ``%rlm demo`` answers a question in it.

The venv's dependencies come from the package index (about 35 s, no cache: nothing is written outside tmp_path);
every process the tests start talks to 127.0.0.1 only.
"""
from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = [pytest.mark.slow, pytest.mark.kernel, pytest.mark.timeout(1200)]

# Test, verify and demo tools: a plain install must pull in none of them.
NOT_FOR_A_KERNEL = {"pytest", "pluggy", "coverage", "nbval", "pytest-timeout", "papermill", "jupyterlab", "notebook",
                    "nbclient", "nbconvert", "matplotlib", "playwright", "ruff", "mypy"}
# Everything below HOME that Python, pip, IPython, Jupyter and matplotlib write.
ISOLATED = ("HOME", "IPYTHONDIR", "JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "MPLCONFIGDIR",
            "RLM_CACHE_DIR", "XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME")


@dataclass(frozen=True)
class Venv:
    """A fresh venv with only the wheel (and its dependencies) installed, and an environment that sees nothing else."""

    root: Path
    env: dict[str, str]

    @property
    def python(self) -> Path:
        return self.root / "bin" / "python"

    def run(self, *args: str, cwd: Path, timeout: int = 120) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(self.python), *args], capture_output=True, text=True, cwd=cwd, env=self.env,
                              timeout=timeout)


def build_wheel(out: Path) -> Path:
    """The checkout's wheel; hatchling builds from the tree and writes nothing into it (checked)."""
    byproducts = [ROOT / "build", ROOT / "dist", ROOT / "rlm_jupyter.egg-info"]
    existed = {path for path in byproducts if path.exists()}
    isolation = [] if importlib.util.find_spec("hatchling") is None else ["--no-build-isolation"]
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", *isolation, "-w", str(out),
                           str(ROOT)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert {path for path in byproducts if path.exists()} == existed, "the build wrote into the checkout"
    (wheel,) = out.glob("rlm_jupyter-*.whl")
    return wheel


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Venv]:
    """``pip install <wheel>`` with no extras into a new venv; removed afterwards (it is some 350 MB)."""
    base = tmp_path_factory.mktemp("plain")
    wheel = build_wheel(base / "wheel")
    drop = ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV", "JUPYTER_PATH", "JUPYTER_PREFER_ENV_PATH")
    env = {k: v for k, v in os.environ.items() if k not in drop and not k.startswith(("RLM_", "OPENAI_"))}
    for name in ISOLATED:
        (base / name.lower()).mkdir()
        env[name] = str(base / name.lower())
    venv = Venv(base / "venv", env)
    env["PATH"] = f"{venv.root / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}"  # the kernelspec runs `python`
    env["PIP_NO_CACHE_DIR"] = "1"
    created = subprocess.run([sys.executable, "-m", "venv", str(venv.root)], capture_output=True, text=True,
                             timeout=300)
    assert created.returncode == 0, created.stderr
    installed = venv.run("-m", "pip", "install", "-q", str(wheel), cwd=base, timeout=900)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    yield venv
    shutil.rmtree(venv.root, ignore_errors=True)


def test_a_plain_install_pulls_in_no_test_or_demo_tools(plain: Venv, tmp_path: Path) -> None:
    probe = ("import importlib.metadata as m, json\n"
             "dists = list(m.distributions())\n"
             "print(json.dumps({'names': sorted({d.metadata['Name'].lower().replace('_', '-') for d in dists}),\n"
             "                  'ours': [[e.group, e.name] for e in m.distribution('rlm_jupyter').entry_points],\n"
             "                  'pytest11': [[d.metadata['Name'], e.value] for d in dists for e in d.entry_points\n"
             "                               if e.group == 'pytest11']}))\n")
    done = plain.run("-c", probe, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert "rlm-jupyter" in found["names"] and "ipykernel" in found["names"] and "jupyter-client" in found["names"]
    assert NOT_FOR_A_KERNEL.isdisjoint(found["names"]), sorted(NOT_FOR_A_KERNEL & set(found["names"]))
    assert found["ours"] == []  # no console script, no pytest plugin
    assert not [plugin for plugin in found["pytest11"] if plugin[1].startswith("rlm_jupyter")], found["pytest11"]
    assert not (plain.root / "bin" / "rlm-fake-llm").exists()
    assert (plain.root / "share" / "jupyter" / "kernels" / "rlm" / "kernel.json").is_file()  # the wheel's shared-data


@pytest.mark.parametrize("argv", [[], ["--headless"]], ids=["jupyterlab", "headless"])
def test_the_demo_without_its_extra_says_which_in_one_line(plain: Venv, tmp_path: Path, argv: list[str]) -> None:
    done = plain.run("-m", "rlm_jupyter.demo", *argv, cwd=tmp_path)
    assert done.returncode == 1, (done.returncode, done.stdout, done.stderr)  # non-zero: a script using it stops
    output = done.stdout + done.stderr
    assert output.count("\n") == 1 and 'pip install "rlm_jupyter[demo]"' in output, output
    assert "Traceback" not in output
    assert list(tmp_path.iterdir()) == []  # checked before anything: no ./rlm-demo/, no demo-output/


def test_the_demo_help_needs_no_extra(plain: Venv, tmp_path: Path) -> None:
    done = plain.run("-m", "rlm_jupyter.demo", "--help", cwd=tmp_path)
    assert done.returncode == 0 and "--headless" in done.stdout and done.stderr == "", done.stderr


def test_nbval_prints_its_path_and_names_the_verify_extra(plain: Venv, tmp_path: Path) -> None:
    done = plain.run("-m", "rlm_jupyter.nbval", cwd=tmp_path)
    assert done.returncode == 1
    path = Path(done.stdout.strip())
    assert done.stdout.count("\n") == 1 and path.name == "nbval_sanitize.cfg" and path.is_file(), done.stdout
    assert path.resolve().is_relative_to(plain.root.resolve())  # the installed file, not the checkout's
    assert done.stderr.count("\n") == 1 and 'pip install "rlm_jupyter[verify]"' in done.stderr, done.stderr
    assert "nbval" in done.stderr and "pytest" in done.stderr and "Traceback" not in done.stderr


def test_isolated_without_its_extra_says_which_in_one_line_before_any_call(plain: Venv, tmp_path: Path) -> None:
    probe = ("from rlm_jupyter import RLM\n"
             "try:\n    RLM(model='m', base_url='http://127.0.0.1:9/v1', api_key='k', isolated=True).run('q', 'x')\n"
             "except ValueError as exc:\n    print(exc)\n")
    done = plain.run("-c", probe, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ('--isolated needs pyarrow: DataFrames and answers cross the boundary as Arrow '
                                   '(pip install "rlm_jupyter[isolated]")')


def test_the_package_imports(plain: Venv, tmp_path: Path) -> None:
    done = plain.run("-c", "import rlm_jupyter, sys; print(rlm_jupyter.__file__)", cwd=tmp_path)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert Path(done.stdout.strip()).resolve().is_relative_to(plain.root.resolve())


# Runs in the plain venv: the wheel's kernelspec, `python` from PATH, the bundled demo model served in the kernel.
KERNEL_SCRIPT = r'''
import json
import sys

from jupyter_client.manager import start_new_kernel

CELLS = [
    "import sys; print(sys.executable)",
    "%load_ext rlm_jupyter",
    "%rlm demo",
    'import pandas as pd; s = "a magic number for x is 42 " * 3',
    '%rlm s "what is the magic number for x?"',
    "print(repr(rlm_run.status)); print(repr(rlm_answer))",
]
km, kc = start_new_kernel(kernel_name="rlm", startup_timeout=300)
results = []
try:
    for code in CELLS:
        outputs = []
        reply = kc.execute_interactive(code, timeout=600, output_hook=outputs.append)
        results.append({
            "code": code, "status": reply["content"]["status"],
            "stdout": "".join(m["content"]["text"] for m in outputs
                              if m["msg_type"] == "stream" and m["content"]["name"] == "stdout"),
            "errors": [f"{m['content']['ename']}: {m['content']['evalue']}" for m in outputs if m["msg_type"] == "error"],
        })
finally:
    kc.stop_channels()
    km.shutdown_kernel()
print(json.dumps({"resource_dir": km.kernel_spec.resource_dir, "cells": results}))
'''


def test_a_kernel_from_the_plain_install_runs_the_demo_model(plain: Venv, tmp_path: Path) -> None:
    script = tmp_path / "kernel_probe.py"
    script.write_text(KERNEL_SCRIPT, encoding="utf-8")
    done = plain.run(str(script), cwd=tmp_path, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    found = json.loads(done.stdout.splitlines()[-1])
    assert Path(found["resource_dir"]).resolve() == (plain.root / "share" / "jupyter" / "kernels" / "rlm").resolve()
    cells = found["cells"]
    assert [(cell["status"], cell["errors"]) for cell in cells] == [("ok", [])] * len(cells), cells
    assert Path(cells[0]["stdout"].strip()) == plain.python  # the venv's python, first on PATH
    status, _answer = cells[-1]["stdout"].splitlines()  # rlm_answer is bound, whatever the scripted model found
    assert status == "'final'", cells[-2:]
    assert "answer -> rlm_answer" in cells[-2]["stdout"], cells[-2:]
