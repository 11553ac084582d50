"""A notebook executed headless and exported with nbconvert shows the whole run, with no widget state."""
from __future__ import annotations

import html
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from nbconvert import HTMLExporter

from rlm_jupyter import Run
from rlm_jupyter.testing import FakeLLMServer
from rlm_jupyter.testing.kernel import KernelSession

pytestmark = pytest.mark.kernel  # every test executes a notebook in a kernel (nbclient)


@pytest.fixture
def executed(llm_server: FakeLLMServer, server: FakeLLMServer, tmp_path: Path,
             monkeypatch: pytest.MonkeyPatch) -> nbformat.NotebookNode:
    for name, value in {"OPENAI_BASE_URL": llm_server.base_url, "OPENAI_API_KEY": "test-key",
                        "RLM_MODEL": "demo-root", "RLM_SUB_MODEL": "demo-sub"}.items():
        monkeypatch.setenv(name, value)  # the notebook's kernel inherits the environment
    notebook = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell("%load_ext rlm_jupyter\nfrom rlm_jupyter.demo_model.datasets import make_orders\n"
                                  "df_orders = make_orders(5_000, customers=500)"),
        nbformat.v4.new_code_cell('%%rlm df_orders "cohort retention by month"'),
    ])
    NotebookClient(notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    path = tmp_path / "executed.ipynb"
    nbformat.write(notebook, path)
    return nbformat.read(path, as_version=4)


def test_saved_outputs_hold_the_report_and_the_trajectory(executed: nbformat.NotebookNode) -> None:
    outputs = executed.cells[1].outputs
    report = next(o for o in outputs if "rlm_jupyter" in o.get("metadata", {}))
    assert report.output_type == "display_data"
    assert all("application/vnd.jupyter.widget-view+json" not in o.get("data", {}) for o in outputs)  # blanked
    run = Run.from_dict(report.metadata["rlm_jupyter"]["trajectory"])
    assert run.status == "final" and len(run.iterations) == 4 and len(run.subcalls) >= 6


def test_nbconvert_html_shows_every_iteration_code_block_and_sub_call(executed: nbformat.NotebookNode) -> None:
    page, _ = HTMLExporter().from_notebook_node(executed)
    text = html.unescape(re.sub(r"<[^>]+>", "", page))
    run = Run.from_dict(next(o for o in executed.cells[1].outputs
                             if "rlm_jupyter" in o.get("metadata", {})).metadata["rlm_jupyter"]["trajectory"])
    for it in run.iterations:
        assert f"Iteration {it.index + 1}" in text
        for cell in it.cells:
            assert all(line.strip() in text for line in cell.code.splitlines() if line.strip())
    for call in run.subcalls:
        assert call.prompt[:60] in text
    assert "months_since_first_order" in text  # the answer's table


WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def test_the_panel_closes_every_widget_it_opened(kernel: KernelSession, server: FakeLLMServer) -> None:
    """A frontend saves (and a later session restores) the widgets still open; the report replaces the panel,
    so every widget model the run opened (layouts and styles too) is closed when it ends."""
    kernel.ok("from rlm_jupyter.demo_model.datasets import make_orders\ndf_orders = make_orders(2_000, customers=200)")
    run = kernel.ok('%%rlm df_orders "cohort retention by month"')
    opened = {m["comm_id"] for m in run.of("comm_open") if m.get("target_name") == "jupyter.widget"}
    closed = {m["comm_id"] for m in run.of("comm_close")}
    assert len(opened) > 20  # the panel: boxes, an accordion, HTML, progress bars, their layouts and styles
    assert opened <= closed, f"{len(opened - closed)} of {len(opened)} widgets left open"
    assert kernel.value("rlm_run.status") == "final"


SHIPPED = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", SHIPPED, ids=[p.name for p in SHIPPED])
def test_shipped_notebooks_carry_no_widget_state(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    state = notebook.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    assert state == {}, f"{path.name} carries {len(state)} widget models: re-execute it (--refresh-notebooks)"
    views = [c for c in notebook.cells if c.cell_type == "code"
             for o in c.get("outputs", []) if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert not views, f"{path.name} has {len(views)} widget views in its outputs"
