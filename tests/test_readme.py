"""The README reads top-down for a user: at most 300 lines, a first answer within 60 of them, the two commands."""
from __future__ import annotations

import re
import urllib.parse
from pathlib import Path

import pytest

from rlm_jupyter.testing import FakeLLMServer
from rlm_jupyter.testing.kernel import KernelSession

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_first_60_lines_take_a_newcomer_to_a_first_answer() -> None:
    first = "\n".join(README.splitlines()[:60])
    order = ["## Install", 'pip install ".[demo]"', "## A first answer", "bash scripts/demo", "%load_ext rlm_jupyter",
             "%rlm demo", '%%rlm df_orders "cohort retention by month"']
    at = first.find(order[0])
    for step in order:  # each step after the one before it (the intro may quote a later one)
        at = first.find(step, at)
        assert at != -1, f"{step!r} is not in the first 60 lines after the step before it"


def test_the_readme_is_a_guide_of_at_most_300_lines() -> None:
    """The reference lives in docs/ (each page linked from the README; tests/test_docs_links.py checks every link)."""
    assert len(README.splitlines()) <= 300


def test_the_binder_link_opens_a_shipped_notebook() -> None:
    link = re.search(r"https://mybinder\.org/v2/gh/[^)\s]+", README)
    assert link is not None
    labpath = urllib.parse.parse_qs(urllib.parse.urlsplit(link.group()).query)["labpath"][0]
    assert (ROOT / labpath).is_file()


def test_the_two_commands_are_in_the_readme_and_testing_is_in_the_developer_document() -> None:
    assert "`bash scripts/demo`" in README and "`bash scripts/test`" in README
    development = (ROOT / "docs" / "development.md").read_text(encoding="utf-8")
    assert "docs/development.md" in README
    for topic in ("### Test tiers", "## Benchmarks", "## Layout", "RLM_SCREENSHOT_DIR=docs"):
        assert topic in development and topic not in README


@pytest.mark.kernel
def test_the_first_answer_cells_run_as_written_in_a_fresh_kernel(llm_server: FakeLLMServer) -> None:
    """The "In any notebook" cells, copied into a fresh kernel as a newcomer would: a first answer, no NameError."""
    section = README.split("## A first answer", 1)[1].split("\n## ", 1)[0]
    cells = re.findall(r"```python\n(.*?)```", section, re.DOTALL)
    assert len(cells) == 2
    kernel = KernelSession(llm_server.base_url)  # any endpoint: %rlm demo serves its own
    try:
        for cell in cells:
            kernel.ok(cell)
        assert kernel.value("type(rlm_answer).__name__, rlm_run.status") == "DataFrame final"
    finally:
        kernel.close()
