"""``python -m rlm_jupyter``: what to run. The package is a library and a notebook extension; its programs are
its submodules, and a newcomer who tries the package's own name should be told them, not get "No module named
rlm_jupyter.__main__"."""
from __future__ import annotations

import sys

USAGE = """\
rlm_jupyter: Recursive Language Models inside Jupyter. What to run:

  python -m rlm_jupyter.demo                    the demo: JupyterLab on the quickstart, with the bundled demo
                                                model (no API key, no network)
  python -m rlm_jupyter.demo --headless         the same without a browser: writes demo-output/quickstart.html
  python -m rlm_jupyter.kernelspec install      install the "Python 3 (RLM)" kernel into another Jupyter
  python -m rlm_jupyter.demo_model --port 8765  serve the demo model for notebooks of your own
  python -m rlm_jupyter.nbval                   the nbval sanitize file, for verifying a shared notebook:
      RLM_REPLAY=1 pytest --nbval NOTEBOOK.ipynb --nbval-sanitize-with="$(python -m rlm_jupyter.nbval)"

In a notebook:  %load_ext rlm_jupyter   then   %rlm demo   and   %%rlm df_orders "cohort retention by month"
From Python:    from rlm_jupyter import RLM
"""


def main(argv: list[str]) -> int:
    """Print what to run; 0 when asked (no argument, -h, --help), 2 for anything else (it is not a program)."""
    asked = not argv or argv[0] in ("-h", "--help")
    print(USAGE, end="", file=sys.stdout if asked else sys.stderr)
    if not asked:
        print(f"python -m rlm_jupyter takes no arguments (got {argv[0]!r}): run one of the commands above",
              file=sys.stderr)
    return 0 if asked else 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
