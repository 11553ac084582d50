"""A run that did not answer fails its cell, the Jupyter way: Run All, nbclient and papermill stop there.

Real kernels, real HTTP to the bundled server. Each run shows its report first (the trail is the evidence),
then the cell fails in one line naming the status and what to do; the answer variable is not bound and
``rlm_run`` keeps the trail. ``unanswered = "keep"`` binds the partial answer instead. A Stop (a kernel
interrupt) stops the cells queued after it, as a ``KeyboardInterrupt`` does.
"""
from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from rlm_jupyter.demo_model import demo_sub
from rlm_jupyter.testing import FakeLLMServer, Fault, Scripted
from rlm_jupyter.testing.kernel import KernelSession, inherited_environment

pytestmark = pytest.mark.kernel

LOOPS = Scripted(["```repl\nprint('step one', len(df))\n```"])  # never answers: out of turns
CELLS = ["%load_ext rlm_jupyter\nimport pandas as pd\ndf = pd.DataFrame({'a': [1, 2, 3]})",
         '%%rlm df --max-iterations 2 -o n\nhow many rows?',
         "print('the next cell ran', n)"]


@pytest.fixture(scope="module")
def model() -> Iterator[FakeLLMServer]:
    """The bundled server with a root model that never answers; the kernels nbclient starts inherit its address."""
    with FakeLLMServer(models={"loops": LOOPS, "demo-sub": demo_sub}) as server, inherited_environment(
            OPENAI_BASE_URL=server.base_url, OPENAI_API_KEY="test-key", RLM_MODEL="loops", RLM_SUB_MODEL="demo-sub"):
        yield server


def notebook(*first: str) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in [*first, *CELLS]])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return nb


def rlm_cell(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    return next(cell for cell in nb.cells if cell.source.startswith("%%rlm"))


def test_nbclient_stops_at_a_run_without_an_answer_after_its_report(model: FakeLLMServer, tmp_path: Path) -> None:
    nb = notebook()
    with pytest.raises(CellExecutionError) as failed:
        NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
                       ).execute()
    assert failed.value.ename == "NotAnswered"
    outputs = rlm_cell(nb).outputs
    assert [o.output_type for o in outputs] == ["display_data", "error"]  # the report, then the failure
    assert "rlm_jupyter" in outputs[0]["metadata"]  # the trail is saved with the notebook
    [line] = outputs[1]["traceback"]  # one line, no traceback through the magic
    assert line.startswith("NotAnswered: %rlm: no answer (status 'max_iterations': no FINAL after 2 turns")
    assert "raise --max-iterations or ask a narrower question; the trail is in rlm_run" in line
    assert nb.cells[-1].outputs == [] and nb.cells[-1].get("execution_count") is None  # Run All stopped there


def test_papermill_stops_there_and_saves_the_report_and_the_error(model: FakeLLMServer, tmp_path: Path) -> None:
    import papermill
    from papermill.exceptions import PapermillExecutionError

    nbformat.write(notebook(), tmp_path / "in.ipynb")
    with pytest.raises(PapermillExecutionError) as failed:
        papermill.execute_notebook(str(tmp_path / "in.ipynb"), str(tmp_path / "out.ipynb"), kernel_name="python3",
                                   cwd=str(tmp_path), progress_bar=False)
    assert failed.value.ename == "NotAnswered" and "status 'max_iterations'" in failed.value.evalue
    out = nbformat.read(tmp_path / "out.ipynb", as_version=4)
    assert [o.output_type for o in rlm_cell(out).outputs][-2:] == ["display_data", "error"]
    assert out.cells[-1].outputs == []


def test_keep_binds_the_partial_answer_and_goes_on(model: FakeLLMServer, tmp_path: Path) -> None:
    nb = notebook('%config RLMMagics.unanswered = "keep"')
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    printed = "".join(o.get("text", "") for o in rlm_cell(nb).outputs)
    assert "partial answer (status 'max_iterations', unconfirmed) answer -> n, record -> rlm_run" in printed
    assert nb.cells[-1].outputs[0]["text"] == "the next cell ran step one 3\n"  # salvaged from what it printed


@pytest.fixture(scope="module")
def kernel_on(model: FakeLLMServer) -> Iterator[KernelSession]:
    session = KernelSession(model.base_url, RLM_MODEL="loops", RLM_SUB_MODEL="demo-sub")
    session.ok(CELLS[0] + "\n%config RLMMagics.cache = False")
    yield session
    session.close()


def test_an_endpoint_error_mid_run_fails_the_cell_and_keeps_the_answer_variable(model: FakeLLMServer,
                                                                              kernel_on: KernelSession) -> None:
    model.models["dies"] = Scripted(["```repl\nprint('rows counted', len(df))\n```", "FINAL(3)"])
    model.faults = [Fault("http", status=401, model="dies", match="rows counted")]  # the second turn's feedback
    try:
        kernel_on.ok("n = 'mine'")
        out = kernel_on.execute('%rlm df "how many rows?" --model dies -o n')
    finally:
        model.faults = []
    assert [e["ename"] for e in out.errors] == ["NotAnswered"]
    assert out.errors[0]["evalue"].startswith("%rlm: no answer (status 'error': model 'dies' at ")
    assert "fix what the message names, then run the cell again" in out.errors[0]["evalue"]
    assert kernel_on.value("n, rlm_run.status, len(rlm_run.iterations)") == "mine error 1"  # nothing overwritten


def test_expect_binds_no_answer_of_another_type_even_with_keep(model: FakeLLMServer,
                                                               kernel_on: KernelSession) -> None:
    table = "```repl\ntotals = df.groupby('a', as_index=False).size()\nprint(totals.to_string())\n```"
    model.models["tables"] = Scripted([table] + ["FINAL_VAR(totals)"] * 4)
    kernel_on.ok("n = 'mine'")
    out = kernel_on.execute('%rlm df "how many rows?" --model tables --expect int -o n --max-iterations 6 '
                            "--unanswered keep")
    assert out.failure is None  # keep: no failure
    assert "no answer (status 'repetition'): n left as it was" in out.stdout
    assert kernel_on.value("n, rlm_run.answer") == "mine None"  # never the salvaged DataFrame
    assert "is a DataFrame, not the expected int: not kept" in kernel_on.value("rlm_run.message")


def test_a_stop_stops_the_queued_cells_like_a_keyboard_interrupt(model: FakeLLMServer,
                                                                  kernel_on: KernelSession) -> None:
    model.models["slow"] = Scripted(["```repl\nimport time\nfor _ in range(600):\n    time.sleep(0.1)\n```"])
    started = kernel_on.client.execute('%rlm df "how many rows?" --model slow')
    queued = kernel_on.client.execute("print('queued cell ran')")
    deadline = time.monotonic() + 60
    while model.count("slow") < 1 and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)  # the block is running
    kernel_on.manager.interrupt_kernel()
    first, second = kernel_on.collect(started), kernel_on.collect(queued)
    assert [e["ename"] for e in first.errors] == ["RunStopped"]
    assert first.errors[0]["traceback"] == [
        "RunStopped: %rlm: stopped (status 'interrupted'); the trail is in rlm_run; run the cell again to start over"]
    assert second.reply["status"] == "aborted" and "queued cell ran" not in second.stdout  # not run
    assert float(kernel_on.value("rlm_run.iterations[0].duration_s")) >= 0.5  # the stopped turn took its time
