"""Install the "Python 3 (RLM)" kernelspec: an ipykernel with rlm_jupyter preloaded.

``pip install rlm_jupyter`` already installs it into the environment (wheel
shared-data). This command is for other places Jupyter looks: your user
directory, another prefix, or an environment whose Jupyter is not the one
that runs this Python.

    python -m rlm_jupyter.kernelspec install [--user | --sys-prefix | --prefix P] [--name rlm]
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from jupyter_client.kernelspec import KernelSpecManager

KERNEL_NAME = "rlm"
DISPLAY_NAME = "Python 3 (RLM)"


def spec(python: str = sys.executable) -> dict[str, object]:
    """The kernel.json for this Python (an absolute path, so the kernel runs where rlm_jupyter is installed)."""
    return {"argv": [python, "-m", "ipykernel_launcher", "-f", "{connection_file}", "--ext=rlm_jupyter"],
            "display_name": DISPLAY_NAME, "language": "python", "metadata": {"debugger": True}}


def install(user: bool = False, prefix: str | None = None, name: str = KERNEL_NAME) -> str:
    """Write the kernelspec and return the folder Jupyter will find it in."""
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "kernel.json").write_text(json.dumps(spec(), indent=1), encoding="utf-8")
        return KernelSpecManager().install_kernel_spec(folder, kernel_name=name, user=user, prefix=prefix)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rlm_jupyter.kernelspec", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("install", help="install the kernelspec")
    where = command.add_mutually_exclusive_group()
    where.add_argument("--user", action="store_true", help="into your user Jupyter folder")
    where.add_argument("--sys-prefix", action="store_true", help=f"into this environment ({sys.prefix})")
    where.add_argument("--prefix", help="into PREFIX/share/jupyter/kernels")
    command.add_argument("--name", default=KERNEL_NAME, help=f"kernel name (default {KERNEL_NAME})")
    args = parser.parse_args(argv)
    prefix = sys.prefix if args.sys_prefix else args.prefix
    path = install(user=args.user, prefix=prefix, name=args.name)
    print(f"installed kernelspec {args.name!r} ({DISPLAY_NAME}) in {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
