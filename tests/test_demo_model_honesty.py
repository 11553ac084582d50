"""The demo model never pretends: a question it has no strategy for is answered as what it is, not as data.

Over real HTTP to the demo model's own server (as ``%rlm demo`` serves it), through the engine and the report.
"""
from __future__ import annotations

import pandas as pd
import pytest

from rlm_jupyter import RLM, Run
from rlm_jupyter.demo_model import DEMO_NOTE, ROOT_MODEL, SUB_MODEL, start_demo_server
from rlm_jupyter.demo_model.root import UNSCRIPTED
from rlm_jupyter.jupyter.report import run_html

ORDERS = pd.DataFrame({"customer": ["a", "b", "a", "c"], "amount": [10.0, 20.5, 7.25, 3.0],
                       "ordered_at": pd.to_datetime(["2024-01-03", "2024-01-20", "2024-02-11", "2024-03-02"])})


def _ask(question: str) -> Run:
    with RLM(model=ROOT_MODEL, sub_model=SUB_MODEL, base_url=start_demo_server().base_url, api_key="demo") as rlm:
        return rlm.run(question, {"df_orders": ORDERS})


@pytest.mark.parametrize("question", ["what is the total amount?", "Which customer spends most?", "q"])
def test_an_unscripted_question_is_declined_not_answered_and_says_what_answers_it(question: str) -> None:
    run = _ask(question)
    assert (run.status, run.answer) == ("declined", None)  # its own status: never "final", never an answer
    assert run.message.startswith("not answered: the model declined: This is rlm_jupyter's demo model")
    said = run.iterations[-1].refusal
    assert said == UNSCRIPTED and run.iterations[-1].cells == []
    for says in ("demo model", "does not answer", "cohort retention", "magic number", "error patterns",
                 "%rlm demo off", "%config RLMMagics.model", "OPENAI_API_KEY"):
        assert says in said
    assert "40.75" not in said  # it did not compute (or invent) the total
    page = run_html(run)
    assert DEMO_NOTE in page and ">declined</b> — not answered" in page and "No answer" in page
    assert "declined to answer" in page  # its words, under the last iteration


def test_a_scripted_question_is_computed_and_still_says_which_model_answered() -> None:
    run = _ask("cohort retention by month")
    assert isinstance(run.answer, pd.DataFrame) and list(run.answer.index) == ["2024-01", "2024-03"]  # first orders
    assert DEMO_NOTE in run_html(run)


def test_a_real_model_run_carries_no_demo_note(fake_llm) -> None:  # type: ignore[no-untyped-def]
    from rlm_jupyter.testing import Scripted

    fake_llm.models["root"] = Scripted(["FINAL(1)"])
    with RLM(model="root", sub_model="sub", base_url=fake_llm.base_url, api_key="x") as rlm:
        run = rlm.run("q")
    assert DEMO_NOTE not in run_html(run)


def test_the_demo_server_serves_only_its_models() -> None:
    """A mistyped or real model name sent to the demo server is not answered by the script as if it were that model."""
    import json
    import urllib.error
    import urllib.request

    body = json.dumps({"model": "gpt-5", "messages": [{"role": "user", "content": "hi"}]}).encode()
    request = urllib.request.Request(start_demo_server().base_url + "/chat/completions", data=body,
                                     headers={"Content-Type": "application/json"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == 404
    error = json.loads(refused.value.read())["error"]
    assert error["code"] == "model_not_found"
    assert error["message"] == "The model `gpt-5` does not exist here; this server serves demo-root, demo-sub"
