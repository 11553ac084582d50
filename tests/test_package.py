"""Packaging facts: the engine stays free of IPython/ipywidgets, and the public API is what the README says."""
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


def _imports(package: str) -> set[str]:
    """Every ``rlm_jupyter.*`` module the modules of ``package`` import, read from their source (nothing runs)."""
    import ast
    from pathlib import Path

    root = Path(rlm_jupyter.__file__).parent
    found: set[str] = set()
    for path in (root / package).glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:  # relative: resolve against the package
                    base = ["rlm_jupyter", package][: 3 - node.level]
                    found.add(".".join(base + ([node.module] if node.module else [])))
                elif node.module:
                    found.add(node.module)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
    return {name for name in found if name.startswith("rlm_jupyter")}


def test_layers_point_one_way() -> None:
    """llm/ knows nothing of the engine; the engine nothing of Jupyter; the product nothing of testing."""
    assert not [m for m in _imports("llm") if m.startswith(("rlm_jupyter.engine", "rlm_jupyter.jupyter"))]
    assert not [m for m in _imports("engine") if m.startswith(("rlm_jupyter.jupyter", "rlm_jupyter.testing"))]
    for package in ("engine", "llm", "jupyter", "demo_model"):
        assert not [m for m in _imports(package) if m.startswith("rlm_jupyter.testing")], package
