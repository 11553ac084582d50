"""Packaging facts: the engine runs without IPython/ipywidgets, and the public API is what the README says (the
import rules between the package's parts are in test_layers.py)."""
from __future__ import annotations

import subprocess
import sys

import pytest

import rlm_jupyter


@pytest.mark.slow  # a fresh Python process
def test_engine_runs_without_importing_ipython_or_widgets(fake_llm) -> None:  # type: ignore[no-untyped-def]
    code = (
        "import sys\n"
        "from rlm_jupyter import RLM\n"
        f"rlm = RLM(model='m', base_url={fake_llm.base_url!r}, api_key='k')\n"
        "rlm.run('q', context='text')\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('IPython', 'ipywidgets', 'ipykernel'))\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert out.stdout.strip() == "[]"


def test_public_api() -> None:
    assert set(rlm_jupyter.__all__) >= {"RLM", "Run", "load_ipython_extension", "unload_ipython_extension",
                                        "last_run", "SubCallError", "BatchError"}
    assert rlm_jupyter.last_run() is None  # no %%rlm has run in this process
