"""The demo: a real kernel, the %%rlm magic and the bundled demo model, printed as a transcript.

Runs with no network and no API key: the bundled deterministic server plays
the root model and the sub-model over real HTTP, so what you see is exactly
what happens against a real endpoint, minus the model's intelligence.
"""
from __future__ import annotations

import argparse
import textwrap

from .testing.demo import demo_root, demo_sub
from .testing.kernel import KernelSession
from .testing.server import FakeLLMServer

CELLS = [
    "%load_ext rlm_jupyter",
    "from rlm_jupyter.testing.datasets import make_orders\ndf_orders = make_orders(50_000)\ndf_orders.shape",
    '%%rlm df_orders "cohort retention by month" -o retention\n',
    "retention.iloc[:6, :6]",
    textwrap.dedent("""\
        for it in rlm_run.iterations:
            print(f"--- iteration {it.index + 1}: {len(it.cells)} code block(s), {len(it.subcalls)} sub-call(s)")
            for cell in it.cells:
                print(textwrap.indent(cell.code, "    > "))
        print(rlm_run.summary(), f"| root prompt: {rlm_run.root_prompt_chars:,} chars")"""),
]


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(description=__doc__).parse_args(argv)
    with FakeLLMServer(models={"demo-root": demo_root, "demo-sub": demo_sub}, default=demo_sub) as server:
        kernel = KernelSession(server.base_url, RLM_MODEL="demo-root", RLM_SUB_MODEL="demo-sub")
        try:
            kernel.ok("import textwrap")
            for number, code in enumerate(CELLS, start=1):
                print(f"\nIn [{number}]:\n{textwrap.indent(code.rstrip(), '    ')}")
                result = kernel.ok(code)
                shown = result.stdout + "".join(d.get("text/plain", "") + "\n" for d in result.displayed)
                print(textwrap.indent(shown.rstrip(), "    ") if shown.strip() else "")
        finally:
            kernel.close()
        print(f"\n{server.count()} model requests served by the bundled demo model at {server.base_url}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
