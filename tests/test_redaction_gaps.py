"""Secrets out of every text the engine builds or stores (issue 14, point 3), over real HTTP.

The gaps these close: context previews (the first root prompt and ``Run.root_prompt``), a child run's context,
answers that are not strings in every serialized form (``to_dict``/``to_json``, ``Run.save``, ``to_jsonl``, the
static report's HTML, text and metadata), the question, ``%config RLMMagics`` echoing the key, and the response
cache's file. Each test reads what the bundled scripted server received, or what was written, and fails when a
secret value is in it.
"""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from rlm_jupyter import RLM, Run, to_jsonl
from rlm_jupyter.engine.dialogue.conversation import Conversation
from rlm_jupyter.jupyter.magic import replay_verdict
from rlm_jupyter.jupyter.report import Report, run_html, run_text
from rlm_jupyter.llm.cache import CACHE_FILE
from rlm_jupyter.testing import ChatRequest, FakeLLMServer
from rlm_jupyter.testing.kernel import KernelSession

from .scripted import ROOT, SUB, Engine, assert_final, engine, fence

__all__ = ["engine"]  # the fixture, re-exported for pytest

SECRET = "tok-abcdef-123456"  # the value of $MY_SERVICE_TOKEN in these tests
MARKER = "[secret:MY_SERVICE_TOKEN]"
API_KEY = "sk-configured-abcdef123456"


@pytest.fixture(autouse=True)
def _token(monkeypatch: pytest.MonkeyPatch) -> None:
    """A secret-looking environment variable, read by each RLM as it is built."""
    monkeypatch.setenv("MY_SERVICE_TOKEN", SECRET)


def sent(server: FakeLLMServer) -> str:
    """Every message the server received, as one text."""
    return json.dumps([r.messages for r in server.requests])


# -- 1. context descriptions and previews -----------------------------------------------------------------------
@pytest.mark.parametrize("context", [
    SECRET,
    {"service": "billing", "token": SECRET},
    {SECRET: "the token as a key"},
    ["a", f"Bearer {SECRET}"],
    (1, SECRET),
    pd.DataFrame({"user": ["ann", "bob"], "token": [SECRET, "none"]}),
    pd.Series([SECRET, "x"], name="tokens"),
], ids=["str", "dict", "dict-key", "list", "tuple", "dataframe", "series"])
def test_a_context_holding_a_secret_is_previewed_redacted(engine: Engine, context: object) -> None:
    run = engine.run([fence("n = len(data)"), "FINAL_VAR(n)"], {"data": context})
    assert_final(run)
    first = engine.server.requests[0].messages[-1]["content"]
    assert "`data`" in first and MARKER in first  # still described, the secret replaced
    assert SECRET not in sent(engine.server)
    assert SECRET not in run.to_json() and SECRET not in json.dumps(run.root_prompt)


def test_a_preview_never_cuts_through_a_secret(engine: Engine) -> None:
    """A preview's edge (the 300-character head, the 100-character tail, a 75-character item, a 30-character cell)
    across a secret must not leave a part of it that no redaction recognizes."""
    context = {"head": "x" * 290 + SECRET + "y" * 500, "tail": "y" * 500 + SECRET + "z" * 90,
               "items": {"auth": "a" * 70 + SECRET + "b" * 200},
               "frame": pd.DataFrame({"token": ["ab" * 8 + SECRET]})}
    run = engine.run([fence("n = len(head)"), "FINAL_VAR(n)"], context)
    assert_final(run)
    everything = sent(engine.server) + run.to_json()
    assert SECRET[:6] not in everything and SECRET[-6:] not in everything
    assert engine.server.requests[0].messages[-1]["content"].count("[secret:") >= 3


def test_the_configured_key_as_a_context_variable_is_redacted(fake_llm: FakeLLMServer) -> None:
    """``%rlm api_key "is it valid?"``: the key configured for the endpoint is previewed as its marker."""
    fake_llm.models[ROOT] = lambda request: fence("n = len(api_key)\nprint(n)") + "\nFINAL(no idea)"
    with RLM(model=ROOT, sub_model=SUB, base_url=fake_llm.base_url, api_key=API_KEY) as rlm:
        run = rlm.run("is it valid?", {"api_key": API_KEY})
    assert_final(run)
    assert "[secret:api_key]" in fake_llm.requests[0].messages[-1]["content"]
    assert API_KEY not in sent(fake_llm) and API_KEY not in run.to_json()


def test_a_question_holding_a_secret_is_redacted(engine: Engine) -> None:
    run = engine.run(["FINAL(ok)"], question=f"is {SECRET} still valid?")
    assert_final(run)
    assert SECRET not in sent(engine.server) and SECRET not in run.to_json() and MARKER in run.question


# -- 2. a child run's context -----------------------------------------------------------------------------------
CHILD_QUESTION = "what is in the credentials?"


def parent_or_child(request: ChatRequest) -> str:
    """The parent passes a context holding the secret to rlm_query; the child answers with that context."""
    if Conversation.read_opening(request.messages).question == CHILD_QUESTION:
        return fence("print(sorted(creds))") + "\nFINAL_VAR(creds)"
    if Conversation.turn(request.messages) == 0:
        return fence("import os\n"
                     f"ans = rlm_query({CHILD_QUESTION!r}, {{'creds': {{'token': os.environ['MY_SERVICE_TOKEN']}}}})")
    return "FINAL_VAR(ans)"


def test_a_child_runs_context_is_previewed_redacted(engine: Engine) -> None:
    run = engine.run(parent_or_child, max_depth=2)
    assert_final(run)
    child_requests = [r for r in engine.server.requests
                      if Conversation.read_opening(r.messages).question == CHILD_QUESTION]
    assert child_requests and "`creds`" in child_requests[0].messages[-1]["content"]
    assert MARKER in child_requests[0].messages[-1]["content"]
    assert SECRET not in sent(engine.server)
    call = run.subcalls[0]
    assert call.child is not None and call.child.answer == {"token": SECRET}  # the live object is the child's own
    assert call.response is not None and SECRET not in call.response and MARKER in call.response  # str() redacted
    assert SECRET not in run.to_json() and MARKER in run.to_json()


# -- 3. answers of every type in every serialized form ------------------------------------------------------------
ANSWERS = {
    "dict": "{'token': TOKEN, 'n': 3}",
    "dict-key": "{TOKEN: 'owner'}",
    "list": "['a', TOKEN]",
    "tuple": "(TOKEN, 2)",
    "set": "{TOKEN}",
    "nested": "{'rows': [{'creds': (TOKEN,)}]}",
    "dataframe": "pd.DataFrame({'user': ['ann'], 'token': [TOKEN]})",
    "series": "pd.Series([TOKEN, 'x'], name='tokens')",
    "object": "type('Creds', (), {'__repr__': lambda self: 'Creds(' + TOKEN + ')'})()",
}


def answer_run(engine: Engine, expression: str) -> Run:
    code = f"import os\nimport pandas as pd\nTOKEN = os.environ['MY_SERVICE_TOKEN']\nans = {expression}"
    run = engine.run([fence(code), "FINAL_VAR(ans)"])
    assert_final(run)
    return run


def serialized_forms(run: Run, folder: Path) -> dict[str, str]:
    """Every form a run leaves the kernel in: the record, a recording, the visualizer log, the saved report."""
    run.save(folder / "run.json")
    to_jsonl(run, folder / "run.jsonl")
    bundle, metadata = Report(run)._repr_mimebundle_()
    return {"to_json": run.to_json(), "to_dict": json.dumps(run.to_dict(), default=str),
            "save": (folder / "run.json").read_text(), "to_jsonl": (folder / "run.jsonl").read_text(),
            "report html": run_html(run), "report text": run_text(run), "report bundle": json.dumps(bundle),
            "report metadata": json.dumps(metadata), "loaded again": Run.load(folder / "run.json").to_json()}


@pytest.mark.parametrize("expression", ANSWERS.values(), ids=ANSWERS.keys())
def test_an_answer_of_any_type_is_redacted_in_every_serialized_form(engine: Engine, tmp_path: Path,
                                                                   expression: str) -> None:
    run = answer_run(engine, expression)
    assert SECRET in repr(run.answer) or SECRET in run.answer.to_string()  # the user's live object is unchanged
    forms = serialized_forms(run, tmp_path)
    leaked = [name for name, text in forms.items() if SECRET in text]
    assert not leaked, f"the secret is in {leaked}"
    assert MARKER in forms["to_json"] and MARKER in forms["report html"] and MARKER in forms["to_jsonl"]


def test_a_redacted_dataframe_answer_stays_a_table_in_the_record_and_the_report(engine: Engine) -> None:
    run = answer_run(engine, ANSWERS["dataframe"])
    loaded = Run.from_json(run.to_json()).answer
    assert isinstance(loaded, pd.DataFrame) and loaded.to_dict("list") == {"user": ["ann"], "token": [MARKER]}
    assert "<table" in run_html(run) and "DataFrame 1 x 2" in run_text(run)


def test_an_answer_without_secrets_is_shown_as_itself(engine: Engine) -> None:
    run = answer_run(engine, "{'n': 3}")
    assert run.redacted_answer() is run.answer


def test_a_partial_answer_from_the_last_forced_reply_is_redacted(engine: Engine) -> None:
    """Out of turns: the answer the last word names is redacted like an accepted FINAL."""
    run = engine.run([fence("import os\ns = 'token ' + os.environ['MY_SERVICE_TOKEN']"), "FINAL_VAR(s)"],
                     max_iterations=1)
    assert run.status == "max_iterations" and run.answer == f"token {MARKER}"


def test_a_replay_verdict_never_prints_the_secret(engine: Engine) -> None:
    recorded = Run.from_json(answer_run(engine, ANSWERS["dict"]).to_json())
    again = answer_run(engine, ANSWERS["dict"])
    assert replay_verdict(recorded, again) == "reproduced: the answer equals the recorded one"
    changed = answer_run(engine, "{'token': TOKEN, 'n': 4}")
    verdict = replay_verdict(recorded, changed)
    assert verdict.startswith("not reproduced") and SECRET not in verdict


# -- 4. %config RLMMagics ---------------------------------------------------------------------------------------
def test_config_echo_says_the_key_is_set_without_showing_it(kernel: KernelSession) -> None:
    kernel.ok(f'%config RLMMagics.api_key = "{API_KEY}"\n'
              '%config RLMMagics.headers = {"Authorization": "Bearer hdr-secret-987654", "X-Title": "my notebook"}')
    try:
        out = kernel.ok("%config RLMMagics").stdout
    finally:
        kernel.ok("%config RLMMagics.api_key = None\n%config RLMMagics.headers = {}")
    assert API_KEY not in out and "hdr-secret-987654" not in out
    assert "Current: [secret:api_key] (set; not shown)" in out
    assert "'Authorization': '[hidden]'" in out and "'X-Title': 'my notebook'" in out  # harmless headers shown
    assert "Current: 20" in out  # every other trait still shows its value
    assert "Current: None (not set)" in kernel.ok("%config RLMMagics").stdout


# -- 5. the response cache --------------------------------------------------------------------------------------
def test_the_response_cache_stores_replies_redacted(engine: Engine, tmp_path: Path) -> None:
    def sub(request: ChatRequest) -> str:
        return f"the token is {SECRET}"  # a model that knows the secret some other way

    engine.server.models[SUB] = sub
    script = [fence("x = llm_query('what is the token?')"), "FINAL_VAR(x)"]
    first = engine.run(script, cache_dir=str(tmp_path))
    assert_final(first)
    assert first.answer == f"the token is {MARKER}"
    with sqlite3.connect(tmp_path / CACHE_FILE) as db:
        stored: list[Any] = db.execute("SELECT text, meta FROM responses").fetchall()
    assert stored and SECRET not in json.dumps(stored)
    again = engine.run(script, cache_dir=str(tmp_path))  # answered from the cache, the same as before
    assert again.answer == first.answer and all(call.cached for call in again.subcalls)
