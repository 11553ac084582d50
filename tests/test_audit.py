"""The audit trail through a real kernel: static report, recording, replay, export, secrets."""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

import nbformat
import pytest

from rlm_jupyter import Run
from rlm_jupyter.testing import FakeLLMServer, Scripted
from rlm_jupyter.testing.kernel import Execution, KernelSession

SALES = "import pandas as pd\nsales = pd.DataFrame({'region': list('abcab'), 'amount': [1.0, 2.0, 3.0, 4.0, 5.0]})"
TOTALS = Scripted([
    "Let me total by region.\n```repl\ntotals = sales.groupby('region')[['amount']].sum()\nprint(len(totals))\n```",
    "FINAL_VAR(totals)",
])
ASKS = Scripted([
    "```repl\nnotes = llm_query_batched([f'describe {r}: {a}' for r, a in zip(sales.region, sales.amount)])\n"
    "print(len(notes))\n```",
    "FINAL_VAR(notes)",
])


def text_of(markup: str) -> str:
    """The text a reader sees in an HTML fragment."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def report_of(run: Execution) -> dict:
    """The display that carries the run: its data and its rlm_jupyter metadata."""
    shown = [c for c in run.displays if "rlm_jupyter" in c.get("metadata", {})]
    assert len(shown) == 1, run.messages
    return shown[0]


def test_report_carries_the_trajectory_and_a_stable_summary(kernel: KernelSession, server: FakeLLMServer) -> None:
    server.models["root"] = TOTALS
    kernel.ok(SALES)
    shown = report_of(kernel.ok('%rlm sales "totals by region" --model root'))
    meta = shown["metadata"]["rlm_jupyter"]
    run = Run.from_dict(meta["trajectory"])
    assert run.status == "final" and run.answer.loc["a", "amount"] == 5.0
    assert "totals = sales.groupby('region')" in text_of(shown["data"]["text/html"])
    assert shown["data"]["text/plain"].startswith("RLM final after 2 iterations")
    assert set(meta) >= {"tokens", "cost_usd", "wall_s", "trajectory"}


def test_record_writes_a_loadable_trajectory(kernel: KernelSession, server: FakeLLMServer, tmp_path: Path) -> None:
    server.models["root"] = TOTALS
    kernel.ok(SALES)
    path = tmp_path / "run.json"
    out = kernel.ok(f'%rlm sales "totals by region" --model root --record {path}')
    assert f"saved to {path}" in out.stdout
    assert Run.load(path).answer["amount"].tolist() == [5.0, 7.0, 3.0]


def test_replay_reproduces_without_the_network(kernel: KernelSession, server: FakeLLMServer, tmp_path: Path) -> None:
    server.models["root"] = ASKS
    kernel.ok(SALES)
    path = tmp_path / "asks.json"
    kernel.ok(f'%rlm sales "describe each sale" --model root --record {path}')
    used = server.count()
    for spelling in (f"--replay {path}", "--replay"):  # a file, then this kernel's last run of the question
        out = kernel.ok(f'%rlm sales "describe each sale" {spelling} -o again')
        assert "reproduced: the answer equals the recorded one" in out.stdout
        assert kernel.value("again == rlm_answer") == "True"
    assert server.count() == used


def test_replay_reports_a_changed_input_as_changed_cells(kernel: KernelSession, server: FakeLLMServer) -> None:
    server.models["root"] = TOTALS
    kernel.ok(SALES)
    kernel.ok('%rlm sales "totals by region" --model root')
    kernel.ok("sales.loc[0, 'amount'] = 10.0")
    out = kernel.ok('%rlm sales "totals by region" --replay')
    assert "not reproduced:\n1 cell(s) changed:\n  [a, amount]: 5.0 -> 14.0" in out.stdout


def test_a_call_missing_from_the_recording_is_an_error_naming_it(kernel: KernelSession, server: FakeLLMServer) -> None:
    server.models["root"] = ASKS
    kernel.ok(SALES)
    kernel.ok('%rlm sales "describe each sale" --model root')
    used = server.count()
    kernel.ok("sales.loc[4, 'amount'] = 50.0")
    out = kernel.execute('%rlm sales "describe each sale" --replay')
    # The replay ends at the first call the recording lacks: an error inside the model's code could be caught
    # there and the recorded path would go on to an answer the recording never gave. It fails the cell.
    assert "not reproduced: the replay ended with status 'error': sub-call to 'demo-sub' with prompt " \
        "'describe b: 50.0' is not in the recording" in out.stdout
    assert [e["ename"] for e in out.errors] == ["NotAnswered"]
    assert "is not in the recording" in kernel.value("rlm_run.subcalls[-1].error")
    assert server.count() == used


def test_replay_from_the_saved_notebook_in_a_fresh_kernel(llm_server: FakeLLMServer, server: FakeLLMServer,
                                                           kernel: KernelSession, tmp_path: Path) -> None:
    server.models["root"] = TOTALS
    kernel.ok(SALES)
    cell = '%rlm sales "totals by region" --model root'
    shown = report_of(kernel.ok(cell))
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(cell, outputs=[
        nbformat.v4.new_output("display_data", data=shown["data"], metadata=shown["metadata"])])])
    path = tmp_path / "shared.ipynb"
    nbformat.write(notebook, path)
    fresh = KernelSession(llm_server.base_url, JPY_SESSION_NAME=str(path))
    try:
        fresh.ok("%load_ext rlm_jupyter\n" + SALES)
        used = server.count()
        out = fresh.ok('%rlm sales "totals by region" --replay')
        assert "reproduced: the answer equals the recorded one" in out.stdout
        assert server.count() == used
    finally:
        fresh.close()


def test_replay_without_any_recording_is_a_usage_error(kernel: KernelSession, server: FakeLLMServer) -> None:
    kernel.ok(SALES)
    out = kernel.execute('%rlm sales "never asked" --replay')
    assert "UsageError: %rlm: --replay: no recorded run of this question" in out.stderr


def test_export_to_a_new_cell_and_to_a_file_reruns_without_a_model(kernel: KernelSession, server: FakeLLMServer,
                                                                   tmp_path: Path) -> None:
    server.models["root"] = ASKS
    kernel.ok(SALES)
    kernel.ok('%rlm sales "describe each sale" --model root')
    code = kernel.ok("%rlm export").next_input
    assert code is not None and "recorded_helpers(rlm_run)" in code and "llm_query_batched" in code
    used = server.count()
    kernel.ok(code)
    assert kernel.value("notes == rlm_answer") == "True"
    target = tmp_path / "analysis.py"
    assert f"exported to {target}" in kernel.ok(f"%rlm export --to {target}").stdout
    kernel.ok(f"del notes\nexec(open({str(target)!r}).read())")
    assert kernel.value("notes == rlm_answer") == "True"
    assert server.count() == used
    assert "exists; choose another name" in kernel.execute(f"%rlm export --to {target}").stderr


@pytest.fixture
def secret_kernel(llm_server: FakeLLMServer) -> KernelSession:
    session = KernelSession(llm_server.base_url, OPENAI_API_KEY="sk-live-abcdef123456",
                            WAREHOUSE_PASSWORD="hunter2-but-longer", RLM_MODEL="root", RLM_SUB_MODEL="sub")
    session.ok("%load_ext rlm_jupyter")
    yield session
    session.close()


def test_secrets_never_reach_prompts_outputs_or_recordings(secret_kernel: KernelSession, server: FakeLLMServer,
                                                           tmp_path: Path) -> None:
    server.models["root"] = Scripted([
        "```repl\nimport os\nprint(dict(os.environ))\nleak = llm_query('key is ' + os.environ['OPENAI_API_KEY'])\n```",
        "```repl\nFINAL(os.environ['WAREHOUSE_PASSWORD'])\n```",
    ])
    secret_kernel.ok("x = 1")
    path = tmp_path / "leak.json"
    out = secret_kernel.execute(f'%rlm x "leak" --record {path}')  # refused FINALs: no answer, the cell fails
    assert [e["ename"] for e in out.errors] == ["NotAnswered"]
    everything = json.dumps(out.messages, default=str) + json.dumps([r.messages for r in server.requests])
    everything += path.read_text()
    everything += secret_kernel.value("rlm_run.to_json()")
    for secret in ("sk-live-abcdef123456", "hunter2-but-longer"):
        assert secret not in everything
    assert "[secret:OPENAI_API_KEY]" in everything and "[secret:WAREHOUSE_PASSWORD]" in everything
