"""``python -m rlm_jupyter.nbval``: the path of the nbval sanitize file shipped with the package.

Why shipped: a colleague verifying a shared notebook (``RLM_REPLAY=1 pytest --nbval``) should need no file
of their own. The rules mask what legitimately differs between a run and its replay (timings, costs, token
counts, run ids, dates, the report's "replayed" row) and nothing else:

    RLM_REPLAY=1 pytest --nbval analysis.ipynb --nbval-sanitize-with="$(python -m rlm_jupyter.nbval)"

nbval and pytest come with the ``verify`` extra: ``pip install "rlm_jupyter[verify]"``. Without them the path is
still printed (it is the file's place either way), with one line on stderr naming the extra and exit status 1, so
``"$(python -m rlm_jupyter.nbval)"`` in a script that stops on errors says what is missing before pytest fails.
"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

SANITIZE_FILE = Path(__file__).with_name("nbval_sanitize.cfg")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args:
        print(__doc__.strip() if args[0] in ("-h", "--help") else
              f"python -m rlm_jupyter.nbval takes no arguments (got {args[0]!r}); it prints the sanitize file's path",
              file=sys.stdout if args[0] in ("-h", "--help") else sys.stderr)
        return 0 if args[0] in ("-h", "--help") else 2
    print(SANITIZE_FILE)
    missing = [name for name in ("nbval", "pytest") if importlib.util.find_spec(name) is None]
    if missing:
        print(f"python -m rlm_jupyter.nbval: verifying with `pytest --nbval` needs {' and '.join(missing)}, not "
              f'installed in {sys.prefix}: pip install "rlm_jupyter[verify]"', file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
