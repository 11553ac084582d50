"""The demo: JupyterLab with the RLM kernel and the bundled demo model, opening the quickstart.

    python -m rlm_jupyter.demo                      # JupyterLab on notebooks/quickstart.ipynb
    python -m rlm_jupyter.demo --headless           # execute the quickstart, write an HTML report
    python -m rlm_jupyter.demo --refresh-notebooks  # re-execute every example notebook in place

No network and no API key: the notebooks say ``%rlm demo``, which serves the
scripted demo model inside the kernel. ``--latency`` slows its replies so the
live panel can be watched (it is instant otherwise).
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def execute(path: Path, timeout_s: int = 900) -> Any:
    """Run a notebook top to bottom in the RLM kernel; returns the executed notebook (not saved)."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=timeout_s, kernel_name="rlm",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    return notebook


def headless(out: Path) -> Path:
    """Execute the quickstart and write it as a standalone HTML page."""
    from nbconvert import HTMLExporter

    page, _ = HTMLExporter().from_notebook_node(execute(NOTEBOOKS / "quickstart.ipynb"))
    out.mkdir(parents=True, exist_ok=True)
    target = out / "quickstart.html"
    target.write_text(page, encoding="utf-8")
    return target


def refresh_notebooks() -> None:
    import nbformat

    subprocess.run([sys.executable, str(NOTEBOOKS / "build.py")], check=True)
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        if path.name.startswith("distributed"):  # needs the optional `scale` extra; it refreshes itself
            continue
        if path.name.startswith("spark") and importlib.util.find_spec("pyspark") is None:
            print(f"skipped {path.name}: needs pyspark and Java (pip install -e '.[scale]')")
            continue
        nbformat.write(execute(path), path)
        print(f"executed {path.relative_to(NOTEBOOKS.parent)}")


def lab(latency_s: float, port: int) -> int:
    env = {**os.environ, "RLM_DEMO_LATENCY": str(latency_s)}
    command = [sys.executable, "-m", "jupyterlab", f"--ServerApp.port={port}", "--ServerApp.root_dir=" + str(NOTEBOOKS),
               str(NOTEBOOKS / "quickstart.ipynb")]
    print("starting JupyterLab with the 'Python 3 (RLM)' kernel and the bundled demo model; Ctrl-C stops it")
    return subprocess.call(command, env=env)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rlm_jupyter.demo", description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--headless", action="store_true", help="execute the quickstart and write an HTML report")
    mode.add_argument("--refresh-notebooks", action="store_true", help="re-execute the example notebooks in place")
    parser.add_argument("--out", type=Path, default=Path("demo-output"), help="folder for --headless (demo-output)")
    parser.add_argument("--latency", type=float, default=0.15, help="seconds per demo-model reply in JupyterLab")
    parser.add_argument("--port", type=int, default=8888, help="JupyterLab port")
    args = parser.parse_args(argv)
    if args.headless:
        print(f"wrote {headless(args.out)}")
        return 0
    if args.refresh_notebooks:
        refresh_notebooks()
        return 0
    return lab(args.latency, args.port)


if __name__ == "__main__":
    raise SystemExit(main())
