"""End-to-end: the %rlm / %%rlm magics in a real kernel against the fake server over real HTTP."""
from __future__ import annotations

from pathlib import Path

import pytest

from rlm_jupyter.engine.dialogue.conversation import Conversation
from rlm_jupyter.testing import ChatRequest, FakeLLMServer, Scripted
from rlm_jupyter.testing.kernel import Execution, KernelSession

ORDERS = """
import pandas as pd
from rlm_jupyter.demo_model.datasets import make_orders
df_orders = make_orders(30_000, customers=4_000, seed=7)
"""

# An independent cohort computation: per-customer sets of active months, no groupby/transform tricks.
EXPECTED = """
from collections import defaultdict
months = defaultdict(set)
for c, d in zip(df_orders.customer_id, df_orders.order_date):
    months[c].add(d.year * 12 + d.month - 1)
table = defaultdict(lambda: defaultdict(int))
for c, ms in months.items():
    start = min(ms)
    for m in ms:
        table[f"{start // 12}-{start % 12 + 1:02d}"][m - start] += 1
expected = pd.DataFrame(table).T.sort_index().fillna(0)
expected = expected[sorted(expected.columns)]
expected = expected.div(expected[0], axis=0).round(4)
last = max(max(ms) for ms in months.values())  # months after the data ends were never observed: NaN, not 0%
for cohort in expected.index:
    year, month = map(int, cohort.split("-"))
    expected.loc[cohort, [a for a in expected.columns if year * 12 + month - 1 + a > last]] = float("nan")
"""


def summary_of(run: Execution) -> str:
    """The text/plain of the run's report: the stable one-line summary first."""
    return [d["text/plain"] for d in run.displayed if d.get("text/plain", "").startswith("RLM ")][-1]


def echo_question(request: ChatRequest) -> str:
    """A root model that answers with the question it was asked, to check the magic's parsing.

    It looks at the first context variable first: a FINAL before any code read the context is refused.
    """
    opening = Conversation.read_opening(request.messages)
    look = f"```repl\nprint(type({opening.variables[0][0]}))\n```\n" if opening.variables else ""
    return f"{look}FINAL({opening.question!r})"


def test_cohort_retention_answer_is_a_dataframe_equal_to_an_independent_computation(
        kernel: KernelSession, server: FakeLLMServer) -> None:
    kernel.ok(ORDERS + EXPECTED)
    kernel.ok("1 + 1")  # sets _ and Out[n]: the run must change neither
    before = kernel.value("sorted(Out), _")
    run = kernel.execute('%%rlm df_orders "cohort retention by month"\n')
    assert run.failure is None
    assert summary_of(run).startswith("RLM final after 4 iterations")
    assert kernel.value("type(rlm_answer).__name__") == "DataFrame"
    kernel.ok("pd.testing.assert_frame_equal(rlm_answer.set_axis(rlm_answer.columns.astype(int), axis=1), "
              "expected, check_names=False, check_dtype=False, atol=1e-4)")
    assert kernel.value("sorted(Out), _") == before
    assert server.count("demo-root") == 4 and server.count("demo-sub") >= 12  # explore, compute, fan out, final


@pytest.mark.parametrize("cell", [
    '%rlm notes "what is in it?"',
    '%%rlm notes\nwhat is in it?',
    '%%rlm notes "what is in it?"\n\n',
    '%rlm notes --max-iterations 3 "what is in it?" -o reply',
])
def test_three_spellings_pass_the_question(kernel: KernelSession, server: FakeLLMServer, cell: str) -> None:
    server.models["root"] = echo_question
    kernel.ok("notes = 'alpha beta'")
    out = "reply" if "-o reply" in cell else "rlm_answer"
    kernel.ok(cell.replace("%rlm notes", "%rlm notes --model root", 1).replace("%%rlm notes", "%%rlm notes --model root", 1))
    assert kernel.value(out) == "what is in it?"
    assert Conversation.read_opening(server.requests[0].messages).variables == (("notes", "str"),)


@pytest.mark.parametrize("cell, message", [
    ('%rlm df_ordrs "q"', "no variable 'df_ordrs' in this kernel; did you mean 'df_orders'?"),
    ("%rlm df_orders", "no question"),
    ('%rlm df_orders ""', "question must be a non-empty string"),
    ('%rlm df_orders "q" --frobnicate', "unrecognized arguments: --frobnicate"),
    ('%rlm df_orders "q" --max-iterations 0', "max_iterations must be > 0"),
    ('%rlm df_orders "q" --max-iterations many', "argument --max-iterations: invalid int value: 'many'"),
    ('%rlm df_orders "q" --max-depth 0', "max_depth must be >= 1"),
    ('%rlm df_orders "q" --timeout -5', "timeout_s must be > 0"),
    ('%rlm df_orders "q" --budget -1 --model gpt-5 --sub-model gpt-5', "budget_usd must be > 0"),
    # The test server is on 127.0.0.1: its models are free unless the local_is_free rule is off.
    ('%config RLMMagics.local_is_free = False\n%rlm df_orders "q" --budget 1', "budget_usd needs a price for 'demo-root'"),
    ('%rlm df_orders "q" --model ""', "model is required"),
    ('%rlm df_orders "q" --expect Frame', "unknown expected type 'Frame'"),
    ('%rlm df_orders "q" -o 2nd', "-o '2nd' is not a valid variable name"),
    ('%rlm df_orders "q" --record /nonexistent/dir/run.json', "folder /nonexistent/dir does not exist"),
    ('%rlm df_orders "q" --record kept.json', "--record kept.json exists; choose a new path"),
    ('%rlm df_orders "q" --record same.json --replay same.json', "--record and --replay name the same file"),
    ('%rlm df_orders "q" --replay missing.json', "--replay missing.json: no such file"),
    ('%rlm llm_query "q"', "context names must be Python identifiers other than the helpers"),
    ('%%rlm df_orders "the q"\nand a body', "put the question either on the line"),
    ('%rlm df_orders "unclosed', "close your quotes"),
    ("%rlm export --to notes.txt", "use %rlm export (a new cell) or %rlm export --to FILE.py"),
    ("%rlm cache bogus", "no variable 'cache' in this kernel; define it first or check the spelling (or, for the "
                         "subcommand: %rlm cache info or %rlm cache clear)"),
    ("%rlm export --to", "unrecognized arguments: --to; see %rlm? for the options (or, for the subcommand: "
                         "%rlm export or %rlm export --to FILE.py)"),
    ('%config RLMMagics.base_url = "http://127.0.0.1:9/v1"\n%rlm df_orders "q"', "cannot reach http://127.0.0.1:9/v1"),
    ('%config RLMMagics.base_url = "localhost:8000"\n%rlm df_orders "q"', "must start with http:// or https://"),
    ('%config RLMMagics.rate_limits = {"demo-root": {"rpm": -1}}\n%rlm df_orders "q"', "rpm must be a number > 0"),
    ('%config RLMMagics.params = {"stream": True}\n%rlm df_orders "q"',
     "params must not set 'stream': use stream=False (--no-stream)"),
    ('%config RLMMagics.sub_params = {"seed": float("nan")}\n%rlm df_orders "q"', "sub_params must be JSON"),
])
def test_bad_input_is_a_one_line_error_that_changes_nothing_and_sends_nothing(
        kernel: KernelSession, server: FakeLLMServer, cell: str, message: str, tmp_path: Path) -> None:
    kernel.ok(f"import os\nos.chdir({str(tmp_path)!r})\nopen('kept.json', 'w').close()\n"
              "df_orders = [1, 2, 3]\nllm_query = 'mine'")
    fingerprint = "sorted((k, id(v)) for k, v in globals().items() if not k.startswith('_') and k not in ('In', 'Out'))"
    before = kernel.value(fingerprint)
    try:
        result = kernel.execute(cell)  # IPython prints a UsageError as one stderr line, without a traceback
    finally:
        kernel.ok("%config RLMMagics.base_url = None\n%config RLMMagics.rate_limits = {}\n"
                  "%config RLMMagics.params = {}\n%config RLMMagics.sub_params = {}\n"
                  "%config RLMMagics.local_is_free = True")
    assert result.stderr.startswith("UsageError: %") and result.stderr.count("\n") == 1, result.stderr
    assert message in result.stderr
    assert server.count() == 0
    assert kernel.value(fingerprint) == before
    assert kernel.value("sorted(os.listdir())") == "['kept.json']"


MEDDLER = Scripted([
    "```repl\nllm_query = None\nFINAL = None\ndel keep_me\nmade_by_model = 42\nraise ValueError('boom')\n```",
    "```repl\ndf_orders = 'rebound'\n```",  # a context variable: refused before it runs
    # 42 printed: a constant the model typed counts only once an output showed it (unseen-value)
    "```repl\nprint(llm_query('still here'), len(df_orders), made_by_model)\nFINAL_VAR('made_by_model')\n```",
])


def test_model_code_cannot_rebind_delete_or_create_user_bindings(kernel: KernelSession, server: FakeLLMServer) -> None:
    server.models["root"] = MEDDLER
    kernel.ok("df_orders = [1, 2, 3]\nkeep_me = 'safe'\nllm_query = 'mine'\nFINAL = 'also mine'")
    run = kernel.execute('%rlm df_orders "meddle" --model root')
    assert run.failure is None  # the ValueError went back to the model, not to the notebook
    assert kernel.value("df_orders, keep_me, llm_query, FINAL") == "[1, 2, 3] safe mine also mine"
    assert kernel.value("'made_by_model' in dir()") == "False"
    assert kernel.value("rlm_answer") == "42"
    assert "ValueError: boom" in server.requests[1].messages[-1]["content"]
    assert "This block was NOT run: it assigns to `df_orders`" in server.requests[2].messages[-1]["content"]


def test_model_code_may_parse_the_data_into_its_name_and_the_user_keeps_theirs(
        kernel: KernelSession, server: FakeLLMServer) -> None:
    """``logs = json.loads(context)`` runs (a real model began every reply so); the rebinding stays the model's."""
    server.models["root"] = Scripted([
        "```repl\nimport json\ndf_orders = json.loads(context)\ntotal = sum(df_orders)\nprint(total)\n```",
        "FINAL_VAR(total)",
    ])
    kernel.ok("df_orders = '[1, 2, 3]'")
    run = kernel.execute('%rlm df_orders "sum" --model root --share')
    assert kernel.value("rlm_answer, df_orders") == "6 [1, 2, 3]"  # still the user's text
    assert kernel.value("type(df_orders).__name__") == "str"
    assert "not shared (you already have these names): df_orders\n" in run.stdout


def test_share_copies_new_variables_and_reports_the_ones_it_will_not_overwrite(
        kernel: KernelSession, server: FakeLLMServer) -> None:
    server.models["root"] = MEDDLER
    kernel.ok("df_orders = [1, 2, 3]\nkeep_me = 'safe'")
    run = kernel.execute('%rlm df_orders "meddle" --model root --share')
    assert kernel.value("made_by_model, df_orders, keep_me") == "42 [1, 2, 3] safe"
    assert "shared into your namespace: made_by_model" in run.stdout
    # df_orders was never rebound (the block that tried was refused), so only keep_me is withheld
    assert "not shared (you already have these names): keep_me\n" in run.stdout


def test_expect_rejects_the_wrong_type_and_the_model_fixes_it(kernel: KernelSession, server: FakeLLMServer) -> None:
    server.models["root"] = Scripted([
        "```repl\nprint(len(df_orders))\n```\nFINAL(a table of totals)",
        "```repl\nimport pandas as pd\ntotals = pd.DataFrame({'n': [len(df_orders)]})\n```\nFINAL_VAR(totals)",
    ])
    kernel.ok("df_orders = [1, 2, 3]")
    kernel.ok('%rlm df_orders "totals" --model root --expect DataFrame -o totals_df')
    assert kernel.value("type(totals_df).__name__, int(totals_df.n[0])") == "DataFrame 3"
    assert "expects a DataFrame" in server.requests[1].messages[-1]["content"]


def test_the_live_panel_is_replaced_by_the_static_report(kernel: KernelSession, server: FakeLLMServer) -> None:
    server.models["root"] = Scripted(["```repl\nnotes = llm_query_batched(['a', str(x)])\n```", "FINAL_VAR(notes)"])
    kernel.ok("x = 1")
    run = kernel.ok('%rlm x "panel" --model root')
    panel, report = run.displays
    assert list(panel["data"]) == ["application/vnd.jupyter.widget-view+json"]
    kinds = [m["msg_type"] for m in run.messages if m["msg_type"] in ("display_data", "clear_output")]
    assert kinds == ["display_data", "clear_output", "display_data"]  # the panel goes, the report stays
    assert "Iteration 2" in report["data"]["text/html"] and "rlm_jupyter" in report["metadata"]
    assert kernel.value("sorted(t.name for t in __import__('threading').enumerate() if t.name.startswith('rlm-'))") \
        == "[]"  # the panel's refresher and the sub-call workers are gone


def test_quiet_shows_one_line_and_no_panel(kernel: KernelSession, server: FakeLLMServer) -> None:
    server.models["root"] = echo_question
    kernel.ok("x = 1")
    run = kernel.ok('%rlm x "quietly" --model root --quiet')
    [shown] = run.displays
    assert list(shown["data"]) == ["text/plain"] and "\n" not in shown["data"]["text/plain"]
    assert shown["data"]["text/plain"].startswith("RLM final after 1 iteration, 0 sub-calls")
    assert "rlm_jupyter" in shown["metadata"]


def test_hidden_cells_keep_rich_output_out_of_the_notebook(kernel: KernelSession, server: FakeLLMServer) -> None:
    server.models["root"] = Scripted([
        "```repl\nassert x == 1\nfrom IPython.display import display, HTML\ndisplay(HTML('<b>hidden</b>'))\nprint('to the model')\n"
        "'last value'\n```",
        'FINAL("done")',
    ])
    kernel.ok("x = 1")
    run = kernel.ok('%rlm x "show" --model root --quiet')
    assert all("<b>hidden</b>" not in d.get("text/html", "") for d in run.displayed)
    assert "to the model" not in run.stdout
    assert "to the model\n'last value'" in server.requests[1].messages[-1]["content"]
    assert kernel.value("rlm_run.iterations[0].cells[0].outputs[0]['data']['text/html']") == "<b>hidden</b>"


def test_last_run_and_default_names_never_overwrite_user_values(kernel: KernelSession, server: FakeLLMServer) -> None:
    server.models["root"] = echo_question
    kernel.ok("x = 1\nrlm_answer = 'my own value'")
    run = kernel.ok('%rlm x "first" --model root')
    assert "answer -> rlm_answer_2" in run.stdout
    assert kernel.value("rlm_answer, rlm_answer_2") == "my own value first"
    kernel.ok('%rlm x "second" --model root')
    assert kernel.value("rlm_answer_2") == "second"  # ours: reused, not rlm_answer_3
    last = kernel.ok("%rlm last")
    assert "'second'" in last.displayed[0]["text/plain"] and "final" in last.displayed[0]["text/plain"]
    assert kernel.value("rlm_run.question") == "second"


def test_config_traits_select_model_and_limits(kernel: KernelSession, server: FakeLLMServer) -> None:
    server.models["configured-root"] = Scripted(["```repl\nprint(1)\n```"])
    kernel.ok("%config RLMMagics.model = 'configured-root'\n%config RLMMagics.max_iterations = 2\nx = 1")
    try:
        run = kernel.execute('%rlm x "loop"')
    finally:
        kernel.ok("%config RLMMagics.model = 'demo-root'\n%config RLMMagics.max_iterations = 20")
    assert summary_of(run).startswith("RLM max_iterations after 2 iterations")  # the report, then the failure
    assert [e["ename"] for e in run.errors] == ["NotAnswered"]
    assert server.count("configured-root") == 3  # two turns and the forced last word


@pytest.mark.parametrize("name", ["export", "cache", "cost", "last", "demo"])
@pytest.mark.parametrize("spelling", ['%rlm {name} "how many rows?" --model root -o reply',
                                      "%%rlm {name} --model root -o reply\nhow many rows?"])
def test_a_variable_named_like_a_subcommand_is_a_context(
        kernel: KernelSession, server: FakeLLMServer, name: str, spelling: str) -> None:
    server.models["root"] = echo_question
    kernel.ok(f"{name} = 'alpha beta'")
    try:
        kernel.ok(spelling.format(name=name))
        assert kernel.value("reply") == "how many rows?"
    finally:
        kernel.ok(f"del {name}")
    assert Conversation.read_opening(server.requests[0].messages).first_variable == (name, "str")


def test_an_unquoted_question_ending_in_a_question_mark_reaches_the_magic(kernel: KernelSession,
                                                                          server: FakeLLMServer) -> None:
    """IPython's help syntax takes a line ending in ``name?`` for ``%pinfo name`` ("Object `rate` not found.")."""
    server.models["root"] = echo_question
    kernel.ok("x = 'alpha beta'\nrate = 0.2")
    out = kernel.execute("%rlm x what is the churn rate?")
    assert "Object `rate` not found" not in out.stdout + out.stderr and "rate: float" not in out.stdout
    assert out.stderr == ("UsageError: %rlm: 'what' is not a variable in this kernel; if it is part of the question, "
                          'quote the question: %rlm x "what is the churn rate?"\n')
    kernel.ok("%rlm x --model root -o reply size?")  # one word after the variable is a question
    assert kernel.value("reply") == "size?"
    kernel.ok('%%rlm x --model root -o reply "how big?"\n')  # the empty-body cell form becomes the line form
    assert kernel.value("reply") == "how big?"
    helped = kernel.execute("%rlm?")  # the magic's own help still works
    assert any("Run a Recursive Language Model" in str(p.get("data", {})) for p in helped.reply["payload"])
