"""The demo: JupyterLab with the RLM kernel and the bundled demo model, opening the quickstart.

    python -m rlm_jupyter.demo                      # JupyterLab on the quickstart notebook
    python -m rlm_jupyter.demo --port 9999 --no-browser   # other arguments go to JupyterLab
    python -m rlm_jupyter.demo --headless           # execute the quickstart, write an HTML report
    python -m rlm_jupyter.demo --refresh-notebooks  # re-execute every example notebook in place (checkout only)

No network and no API key: the notebooks say ``%rlm demo``, which serves the
scripted demo model inside the kernel. ``--latency`` slows its replies so the
live panel can be watched (it is instant otherwise).

Where the notebooks come from: in a checkout, JupyterLab opens the repository's
``notebooks/`` itself. Installed from a wheel, the notebooks ship inside the
package (``rlm_jupyter/notebooks/``) and are first copied to a working folder,
``./rlm-demo/`` unless ``--workdir`` says otherwise. A copy you have changed (or
merely run and saved) is never overwritten: ``.rlm-demo-shipped.json`` in that
folder records the hash of each notebook as it was copied, and only a file that
still has that hash is replaced by a newer shipped version.
"""
from __future__ import annotations

import argparse
import hashlib
import importlib.resources
import importlib.util
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

CHECKOUT = Path(__file__).resolve().parent.parent
WORKDIR = Path("rlm-demo")
MANIFEST = ".rlm-demo-shipped.json"
QUICKSTART = "quickstart.ipynb"


def checkout_notebooks() -> Path | None:
    """The repository's ``notebooks/`` when this module runs from a checkout (editable install included), else None."""
    folder = CHECKOUT / "notebooks"
    if (CHECKOUT / "pyproject.toml").is_file() and (folder / QUICKSTART).is_file():
        return folder
    return None


def shipped_notebooks() -> Traversable:
    """Where the example notebooks ship: a checkout's ``notebooks/``, else the wheel's ``rlm_jupyter/notebooks/``."""
    return checkout_notebooks() or importlib.resources.files("rlm_jupyter").joinpath("notebooks")


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def copy_notebooks(workdir: Path, source: Traversable | None = None) -> list[str]:
    """Copy the shipped ``*.ipynb`` into ``workdir`` without ever overwriting a copy the user changed.

    A notebook is written when it is missing, or when it still has the hash recorded in ``workdir/MANIFEST`` at the
    last copy (the user has not touched it) and the shipped version differs. Returns one note per notebook kept
    although a different version ships.
    """
    source = shipped_notebooks() if source is None else source
    workdir.mkdir(parents=True, exist_ok=True)
    manifest_path = workdir / MANIFEST
    try:
        manifest: dict[str, str] = json.loads(manifest_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        manifest = {}
    notes = []
    for item in sorted(source.iterdir(), key=lambda entry: entry.name):
        if not item.name.endswith(".ipynb"):
            continue
        data, target = item.read_bytes(), workdir / item.name
        if target.exists():
            current = _digest(target.read_bytes())
            if current == _digest(data):
                manifest[item.name] = current
                continue
            if manifest.get(item.name) != current:  # edited by the user, or not ours at all
                notes.append(f"kept your copy of {target} (delete it to get the shipped version)")
                continue
        target.write_bytes(data)
        manifest[item.name] = _digest(data)
    manifest_path.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return notes


def notebooks_folder(workdir: Path | None = None) -> Path:
    """The folder JupyterLab opens: the checkout's ``notebooks/``, or (from a wheel, or with ``workdir``) a copy."""
    checkout = checkout_notebooks()
    if workdir is None and checkout is not None:
        return checkout
    workdir = (workdir or WORKDIR).resolve()
    for note in copy_notebooks(workdir):
        print(note)
    print(f"example notebooks in {workdir}")
    return workdir


def execute(path: Path, timeout_s: int = 900) -> Any:
    """Run a notebook top to bottom in the RLM kernel; returns the executed notebook (not saved)."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    # nbclient keeps the state of every widget it saw, closed or not (it ignores comm_close): store none, so the
    # saved notebooks carry no stale panel models (the report holds the run).
    NotebookClient(notebook, timeout=timeout_s, kernel_name="rlm", store_widget_state=False,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    notebook.metadata.pop("widgets", None)
    return notebook


def headless(out: Path) -> Path:
    """Execute the shipped quickstart (not a working copy) and write it as a standalone HTML page."""
    from nbconvert import HTMLExporter

    with importlib.resources.as_file(shipped_notebooks().joinpath(QUICKSTART)) as quickstart:
        page, _ = HTMLExporter().from_notebook_node(execute(quickstart))
    out.mkdir(parents=True, exist_ok=True)
    target = out / "quickstart.html"
    target.write_text(page, encoding="utf-8")
    return target


# Notebooks that need the optional `scale` extra: the module that tells it is installed, and what it needs.
_SCALE_NOTEBOOKS = {"distributed": ("distributed", "dask, distributed and pyarrow"),
                    "spark": ("pyspark", "pyspark and Java")}


def refresh_notebooks(notebooks: Path) -> None:
    import nbformat

    subprocess.run([sys.executable, str(notebooks / "build.py")], check=True)
    for path in sorted(notebooks.glob("*.ipynb")):
        module, what = next((need for prefix, need in _SCALE_NOTEBOOKS.items() if path.name.startswith(prefix)),
                            (None, ""))
        if module is not None and importlib.util.find_spec(module) is None:
            print(f"skipped {path.name}: needs {what} (pip install -e '.[scale]')")
            continue
        nbformat.write(execute(path), path)
        print(f"executed {path.relative_to(notebooks.parent)}")


def running_as_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def _allows_root(arg: str) -> bool:
    name = arg.split("=", 1)[0].replace("_", "-").lower()
    return name in ("--allow-root", "--serverapp.allow-root")


def lab_command(folder: Path, extra: Sequence[str] = (), is_root: bool = False) -> list[str]:
    """The JupyterLab command line: ``extra`` passes through; as root, ``--allow-root`` is added unless given."""
    command = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={folder}"]
    if is_root and not any(_allows_root(arg) for arg in extra):
        command.append("--allow-root")  # Jupyter refuses to start as root without it (containers, CI, Binder-likes)
    return command + list(extra) + [str(folder / QUICKSTART)]


def lab(latency_s: float, folder: Path, extra: Sequence[str] = ()) -> int:
    env = {**os.environ, "RLM_DEMO_LATENCY": str(latency_s)}
    print("starting JupyterLab with the 'Python 3 (RLM)' kernel and the bundled demo model; Ctrl-C stops it")
    return subprocess.call(lab_command(folder, extra, running_as_root()), env=env)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m rlm_jupyter.demo", description=__doc__.split("\n\n")[0], allow_abbrev=False,
        epilog="Any other argument goes to JupyterLab (e.g. --port 9999 --no-browser; see `jupyter lab --help`). "
               "As root, --allow-root is added. Installed from a wheel, the notebooks are copied to ./rlm-demo/ "
               "first; copies you changed are kept.")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--headless", action="store_true", help="execute the quickstart and write an HTML report")
    mode.add_argument("--refresh-notebooks", action="store_true",
                      help="re-execute the example notebooks in place (a checkout's notebooks/ only)")
    parser.add_argument("--out", type=Path, default=Path("demo-output"), help="folder for --headless (demo-output)")
    parser.add_argument("--latency", type=float, default=0.15, help="seconds per demo-model reply in JupyterLab")
    parser.add_argument("--workdir", type=Path, default=None,
                        help="copy the notebooks here and open them (default: a checkout's notebooks/ in place, "
                             f"else ./{WORKDIR}/)")
    args, extra = parser.parse_known_args(argv)
    if (args.headless or args.refresh_notebooks) and (extra or args.workdir is not None):
        parser.error(f"{' '.join(extra) or '--workdir'}: for JupyterLab, not for --headless or --refresh-notebooks")
    if args.headless:
        print(f"wrote {headless(args.out)}")
        return 0
    if args.refresh_notebooks:
        notebooks = checkout_notebooks()
        if notebooks is None:
            parser.exit(2, f"{parser.prog}: error: --refresh-notebooks rewrites a source checkout's notebooks/; "
                           f"this rlm_jupyter is installed from a wheel ({CHECKOUT / 'rlm_jupyter'})\n")
        refresh_notebooks(notebooks)
        return 0
    try:
        folder = notebooks_folder(args.workdir)
    except OSError as error:
        parser.exit(1, f"{parser.prog}: error: cannot copy the example notebooks: {error} (try --workdir DIR)\n")
    return lab(args.latency, folder, extra)


if __name__ == "__main__":
    raise SystemExit(main())
