"""Start-up cost: ``import`` time of each library and ``%load_ext rlm_jupyter``, in fresh subprocesses.

Why subprocesses and best-of: an import is only cold once per process, and
the best of several runs removes the noise of a busy 2-core machine.
``%load_ext`` is timed inside an already started IPython shell, so it counts
what the extension costs, not IPython's own start.
"""
from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence
from typing import Any

from ..harness import Log
from ..libraries import Library
from .common import fmt, ratio

REPEATS, QUICK_REPEATS = 7, 1
_IMPORT = ("import time, os\nos.environ.setdefault('LITELLM_LOCAL_MODEL_COST_MAP', 'True')\n"
           "t = time.perf_counter()\nimport {module}\nprint(time.perf_counter() - t)")
_LOAD_EXT = ("from IPython.core.interactiveshell import InteractiveShell\nimport time\nshell = InteractiveShell.instance()\n"
             "t = time.perf_counter()\nshell.run_line_magic('load_ext', 'rlm_jupyter')\nprint(time.perf_counter() - t)")


def best_of(code: str, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=True)
        times.append(float(done.stdout.strip().splitlines()[-1]))
    return min(times)


def run(libraries: Sequence[Library], quick: bool, log: Log = print) -> dict[str, Any]:
    repeats = QUICK_REPEATS if quick else REPEATS
    imports = {lib.name: best_of(_IMPORT.format(module=lib.module), repeats) for lib in libraries}
    load_ext = best_of(_LOAD_EXT, repeats) if any(lib.name == "ours" for lib in libraries) else None
    log("  import: " + ", ".join(f"{n} {1000 * t:.0f} ms" for n, t in imports.items())
        + (f"; %load_ext {1000 * load_ext:.0f} ms" if load_ext is not None else ""))
    return {"repeats": repeats, "import_s": imports, "load_ext_s": load_ext,
            "modules": {lib.name: lib.module for lib in libraries}}


def render(result: dict[str, Any], titles: dict[str, str]) -> str:
    imports = result["import_s"]
    lines = ["| library | statement | best of {} (ms) | ours/this |".format(result["repeats"]), "| --- | --- | --- | --- |"]
    for name, seconds in imports.items():
        lines.append(f"| {titles[name]} | `import {result['modules'][name]}` | {fmt(1000 * seconds, 0)} | "
                     f"{ratio(imports.get('ours'), seconds) if name != 'ours' else ''} |")
    if result["load_ext_s"] is not None:
        lines.append(f"| rlm_jupyter | `%load_ext rlm_jupyter` (in a started IPython shell) | "
                     f"{fmt(1000 * result['load_ext_s'], 0)} | |")
    return "\n".join(lines)
