"""The demo: JupyterLab with the RLM kernel and the bundled demo model, opening the quickstart.

    python -m rlm_jupyter.demo                      # JupyterLab on the quickstart notebook
    python -m rlm_jupyter.demo --port 9999 --no-browser   # other arguments go to JupyterLab
    python -m rlm_jupyter.demo --headless           # execute the quickstart, write an HTML report
    python -m rlm_jupyter.demo --refresh-notebooks  # re-execute every example notebook in place (checkout only)

No network and no API key: the notebooks say ``%rlm demo``, which serves the
scripted demo model inside the kernel. ``--latency`` slows its replies so the
live panel can be watched (it is instant otherwise). JupyterLab, nbconvert and
matplotlib come with the ``demo`` extra; without them each mode says so in one
line and exits 1 before it touches anything.

Where the notebooks come from: JupyterLab opens a copy of the example notebooks
in a working folder, never the shipped files, so a run changes nothing tracked
or installed: in a checkout the git-ignored ``demo-work/`` beside
``notebooks/``, installed from a wheel (the notebooks ship inside the package,
``rlm_jupyter/notebooks/``) ``./rlm-demo/``; ``--workdir`` picks another. A copy
you have changed (or merely run and saved) is never overwritten:
``.rlm-demo-shipped.json`` in that folder records the hash of each notebook as
it was copied, and only a file that still has that hash is replaced by a newer
shipped version.

Stopping: SIGINT (Ctrl-C), SIGTERM and SIGHUP to this process stop JupyterLab too, with
its clean shutdown (kernels shut down), also when a shell started us in the
background with SIGINT ignored.
"""
from __future__ import annotations

import argparse
import hashlib
import importlib.resources
import importlib.util
import json
import os
import signal
import subprocess
import sys
import uuid
from collections.abc import Sequence
from importlib.resources.abc import Traversable
from pathlib import Path
from types import FrameType
from typing import Any

CHECKOUT = Path(__file__).resolve().parent.parent
WORKDIR = Path("rlm-demo")  # relative: installed from a wheel, the copies go where the user runs the demo
CHECKOUT_WORKDIR = CHECKOUT / "demo-work"  # git-ignored (.gitignore)
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


def default_workdir() -> Path:
    """Where the notebooks are copied unless ``--workdir`` says otherwise.

    A checkout's git-ignored ``demo-work/``: opening ``notebooks/`` itself would let a run rewrite tracked files
    (and the file browser would show ``build.py``). Installed from a wheel, ``./rlm-demo/`` in the current folder.
    """
    return CHECKOUT_WORKDIR if checkout_notebooks() is not None else WORKDIR


def notebooks_folder(workdir: Path | None = None) -> Path:
    """The folder JupyterLab opens: a copy of the shipped notebooks in ``workdir`` (default: ``default_workdir()``)."""
    workdir = (workdir or default_workdir()).resolve()
    for note in copy_notebooks(workdir):
        print(note)
    print(f"example notebooks in {workdir}")
    return workdir


def execute(path: Path, timeout_s: int = 900) -> Any:
    """Run a notebook top to bottom in the RLM kernel; returns the executed notebook (not saved).

    The kernel talks over IPC sockets where their paths fit (``ipc_fits``: no "running over TCP without
    encryption" warning to open the output with), and its stderr goes nowhere, as nbval's does: what a cell
    prints is in the notebook, and a Ctrl-C while the kernel starts would otherwise print its import traceback.

    A Ctrl-C is a ``KeyboardInterrupt`` here, whenever it comes. Why that takes care: while it runs, nbclient
    takes SIGINT itself and only schedules the kernel's shutdown, so the run then ended in whatever the dead
    kernel caused (``DeadKernelError``, a cancelled task), or, pressed while the kernel started, not at all.
    """
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    # nbclient keeps the state of every widget it saw, closed or not (it ignores comm_close): store none, so the
    # saved notebooks carry no stale panel models (the report holds the run).
    client = NotebookClient(notebook, km=_kernel_manager(), timeout=timeout_s, kernel_name="rlm",
                            store_widget_state=False, resources={"metadata": {"path": str(path.parent)}})

    def stopped() -> bool:  # nbclient's SIGINT handler keeps the shutdown it scheduled here
        return getattr(client, "_async_cleanup_kernel_future", None) is not None

    def before_each_cell(**_: Any) -> None:
        if stopped():
            raise KeyboardInterrupt

    client.on_cell_execute = before_each_cell
    try:
        with open(os.devnull, "w") as nowhere:
            client.execute(stderr=nowhere)
    except BaseException:
        if stopped():
            raise KeyboardInterrupt from None
        raise
    if stopped():
        raise KeyboardInterrupt
    notebook.metadata.pop("widgets", None)
    return notebook


def _kernel_manager() -> Any:
    """nbclient's kernel manager for the RLM kernel, over IPC when the socket paths fit (``ipc_fits``).

    The connection file is named in Jupyter's runtime folder: an IPC kernel's sockets are named after it, and
    without one they would be ``kernel-ipc-*`` relative to whatever folder each side runs in.
    """
    from jupyter_client.manager import AsyncKernelManager
    from jupyter_core.paths import jupyter_runtime_dir

    if not ipc_fits():
        return AsyncKernelManager(kernel_name="rlm")
    runtime = Path(jupyter_runtime_dir())
    runtime.mkdir(parents=True, exist_ok=True)
    return AsyncKernelManager(kernel_name="rlm", transport="ipc",
                              connection_file=str(runtime / f"kernel-{uuid.uuid4()}.json"))


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
    """Rebuild the checkout's notebooks (``build.py``) and save each executed, in place: the shipped outputs are
    made here, so this developer tool alone writes into ``notebooks/``."""
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


# What each mode imports, all from the `demo` extra (jupyterlab brings nbconvert and nbclient); every mode runs the
# quickstart, which plots with matplotlib. Checked before anything happens, so a plain install copies nothing and
# prints no traceback.
NEEDS = {
    "JupyterLab": ("jupyterlab", "matplotlib"),
    "--headless": ("nbclient", "nbconvert", "matplotlib"),
    "--refresh-notebooks": ("nbclient", "nbformat", "matplotlib"),
}


def missing_extra(mode: str) -> str | None:
    """One line saying what ``mode`` lacks and how to install it, or None when everything it imports is there.

    In a checkout the hint installs the checkout editable: ``pip install "rlm_jupyter[demo]"`` there would replace
    the checkout's code with a released package.
    """
    missing = [module for module in NEEDS[mode] if importlib.util.find_spec(module) is None]
    if not missing:
        return None
    if checkout_notebooks() is not None:
        hint = f'bash scripts/demo (it installs the demo extra), or pip install -e "{CHECKOUT}[demo]"'
    else:
        hint = 'pip install "rlm_jupyter[demo]"'
    return f"{mode} needs {', '.join(missing)}, not installed in {sys.prefix}: {hint}"


def running_as_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def _allows_root(arg: str) -> bool:
    name = arg.split("=", 1)[0].replace("_", "-").lower()
    return name in ("--allow-root", "--serverapp.allow-root")


def ipc_fits() -> bool:
    """Whether the demo's kernels can talk over IPC sockets, so ipykernel has no TCP warning to log.

    Why: ipykernel logs "Kernel is running over TCP without encryption" for every TCP kernel it starts, and the
    demo's output should not open with a warning about a setup it chose. The two cures the warning names are IPC
    sockets and CurveZMQ keys; keys need ``supported_encryption`` in the kernelspec, which an ipykernel older than
    the one that added it would not honour, so the demo takes IPC. Its sockets are ``kernel-<id>-ipc-<n>`` in
    Jupyter's runtime folder, and a Unix socket path has at most 107 bytes: a deeper runtime folder keeps TCP.
    """
    from jupyter_core.paths import jupyter_runtime_dir

    longest = Path(jupyter_runtime_dir()) / f"kernel-{uuid.uuid4()}-ipc-5"
    return len(os.fsencode(longest)) <= 107


def kernel_transport() -> list[str]:
    """JupyterLab's option for IPC kernels (``ipc_fits``), else nothing (TCP, Jupyter's default)."""
    return ["--KernelManager.transport=ipc"] if ipc_fits() else []


def lab_command(folder: Path, extra: Sequence[str] = (), is_root: bool = False) -> list[str]:
    """The JupyterLab command line: ``extra`` passes through (last, so it can override); as root, ``--allow-root``.

    The landing page is the quickstart: LabApp's own ``default_url`` ("/lab") overrides ServerApp's, so it is set on
    LabApp; it is the page the browser opens, the URL printed in the log and where "/" redirects. New notebooks get
    the RLM kernel (the shipped notebooks name it in their metadata already).
    """
    command = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={folder}",
               f"--LabApp.default_url=/lab/tree/{QUICKSTART}", "--MappingKernelManager.default_kernel_name=rlm",
               *kernel_transport()]
    if is_root and not any(_allows_root(arg) for arg in extra):
        command.append("--allow-root")  # Jupyter refuses to start as root without it (containers, CI, Binder-likes)
    return command + list(extra)


# The signals that stop the demo: Ctrl-C, `kill`, and a closed terminal.
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


class _Forward:
    """A signal handler passing each stop signal on to JupyterLab as SIGTERM, on which jupyter_server shuts down
    cleanly (kernels, runtime files); a signal before JupyterLab exists is sent once it does."""

    def __init__(self) -> None:
        self.child: subprocess.Popen[bytes] | None = None
        self.received: list[int] = []

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        self.received.append(signum)
        if self.child is not None:
            self.child.send_signal(signal.SIGTERM)  # a no-op once it has exited


def lab(latency_s: float, folder: Path, extra: Sequence[str] = ()) -> int:
    """Run JupyterLab until it exits; SIGINT, SIGTERM and SIGHUP to this process stop it (as SIGTERM) first.

    Why not subprocess.call: a SIGTERM would end this process and leave JupyterLab serving, and a shell that starts
    us in the background (``bash scripts/demo &``) sets SIGINT to ignored, which Python keeps; our handlers replace
    the ignored state too. JupyterLab runs in a process group of its own with no terminal input, so a Ctrl-C in the
    terminal reaches only this process: otherwise jupyter_server would ask "Shutdown this Jupyter server?", or on
    a KeyboardInterrupt exit without shutting its kernels down. Handlers installed before the child starts are
    reset to the default in it, so JupyterLab and its kernels see SIGINT normally (kernel interrupts keep working).
    """
    env = {**os.environ, "RLM_DEMO_LATENCY": str(latency_s)}
    print("starting JupyterLab with the 'Python 3 (RLM)' kernel and the bundled demo model; Ctrl-C stops it",
          flush=True)
    forward = _Forward()
    previous = {sig: signal.signal(sig, forward) for sig in STOP_SIGNALS}
    try:
        forward.child = subprocess.Popen(lab_command(folder, extra, running_as_root()), env=env,
                                         stdin=subprocess.DEVNULL, process_group=0)
        if forward.received:
            forward.child.send_signal(signal.SIGTERM)
        code = forward.child.wait()
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, signal.SIG_DFL if handler is None else handler)
    if forward.received:
        print(f"JupyterLab stopped ({signal.Signals(forward.received[0]).name})")
    return code if code >= 0 else 128 - code  # killed by a signal: the shell's convention, 128 + its number


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m rlm_jupyter.demo", description=__doc__.split("\n\n")[0], allow_abbrev=False,
        epilog="Any other argument goes to JupyterLab (e.g. --port 9999 --no-browser; see `jupyter lab --help`). "
               f"As root, --allow-root is added. JupyterLab opens copies of the notebooks (in a checkout "
               f"{CHECKOUT_WORKDIR.name}/, else ./{WORKDIR}/); copies you changed are kept. Ctrl-C stops it.")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--headless", action="store_true", help="execute the quickstart and write an HTML report")
    mode.add_argument("--refresh-notebooks", action="store_true",
                      help="re-execute the example notebooks in place (a checkout's notebooks/ only)")
    parser.add_argument("--out", type=Path, default=Path("demo-output"), help="folder for --headless (demo-output)")
    parser.add_argument("--latency", type=float, default=0.15, help="seconds per demo-model reply in JupyterLab")
    parser.add_argument("--workdir", type=Path, default=None,
                        help=f"copy the notebooks here and open them (default: a checkout's {CHECKOUT_WORKDIR.name}/, "
                             f"else ./{WORKDIR}/)")
    args, extra = parser.parse_known_args(argv)
    if (args.headless or args.refresh_notebooks) and (extra or args.workdir is not None):
        parser.error(f"{' '.join(extra) or '--workdir'}: for JupyterLab, not for --headless or --refresh-notebooks")
    notebooks = checkout_notebooks()
    if args.refresh_notebooks and notebooks is None:
        parser.exit(2, f"{parser.prog}: error: --refresh-notebooks rewrites a source checkout's notebooks/; "
                       f"this rlm_jupyter is installed from a wheel ({CHECKOUT / 'rlm_jupyter'})\n")
    missing = missing_extra("--headless" if args.headless else
                            "--refresh-notebooks" if args.refresh_notebooks else "JupyterLab")
    if missing is not None:
        parser.exit(1, f"{parser.prog}: {missing}\n")
    try:
        if args.headless:
            print(f"wrote {headless(args.out)}")
            return 0
        if notebooks is not None and args.refresh_notebooks:
            refresh_notebooks(notebooks)
            return 0
    except KeyboardInterrupt:
        print(f"{parser.prog}: stopped (Ctrl-C); " + ("nothing was written" if args.headless else
                                                    "notebooks not yet executed are as they were"), file=sys.stderr)
        return 130  # the shell's convention: 128 + SIGINT

    try:
        folder = notebooks_folder(args.workdir)
    except OSError as error:
        parser.exit(1, f"{parser.prog}: error: cannot copy the example notebooks: {error} (try --workdir DIR)\n")
    return lab(args.latency, folder, extra)


if __name__ == "__main__":
    raise SystemExit(main())
