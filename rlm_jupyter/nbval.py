"""``python -m rlm_jupyter.nbval``: the path of the nbval sanitize file shipped with the package.

Why shipped: a colleague verifying a shared notebook (``RLM_REPLAY=1 pytest --nbval``) should need no file
of their own. The rules mask what legitimately differs between a run and its replay (timings, costs, token
counts, run ids, dates, the report's "replayed" row) and nothing else:

    RLM_REPLAY=1 pytest --nbval analysis.ipynb --nbval-sanitize-with "$(python -m rlm_jupyter.nbval)"

nbval and pytest come with the ``verify`` extra: ``pip install "rlm_jupyter[verify]"``.
"""
from __future__ import annotations

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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
