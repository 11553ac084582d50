"""Bytes no codec can encode (lone surrogates, as ``os.fsdecode`` makes of an undecodable file name) never crash
a run: they are escaped before any request, record or display, and the trajectory is kept."""
from __future__ import annotations

import json

from rlm_jupyter.testing import FakeLLMServer
from rlm_jupyter.testing.kernel import KernelSession
from rlm_jupyter.text import encodable

from .scripted import ROOT, SUB, Engine, assert_final, engine, fence

__all__ = ["engine"]  # the fixture, re-exported for pytest
SURROGATE_CODE = "import os\nname = os.fsdecode(b'caf\\xe9.csv')\nprint(name)"


def test_encodable_escapes_only_what_utf8_cannot_encode() -> None:
    assert encodable("café ☕") == "café ☕"
    assert encodable("caf\udce9.csv") == "caf\\udce9.csv"


def test_a_surrogate_in_output_reaches_the_model_escaped_and_the_run_goes_on(engine: Engine) -> None:
    run = engine.run([fence(SURROGATE_CODE), "FINAL_VAR(name)"])
    assert_final(run)
    assert "caf\\udce9.csv" in engine.server.requests[1].messages[-1]["content"]
    assert run.answer == "caf\\udce9.csv"  # an answer that is text is escaped like every text the engine moves
    json.loads(run.to_json()).get("iterations")  # the record serializes
    run.to_dict()


def test_a_surrogate_in_a_sub_call_prompt_is_sent_escaped(engine: Engine, fake_llm: FakeLLMServer) -> None:
    fake_llm.models[SUB] = lambda request: f"got {request.last_user}"
    code = SURROGATE_CODE + "\nreply = llm_query('read ' + name)\nbatch = llm_query_batched(['a ' + name])"
    run = engine.run([fence(code), "FINAL_VAR(reply)"])
    assert_final(run)
    assert run.answer == "got read caf\\udce9.csv"
    assert [c.prompt for c in run.subcalls] == ["read caf\\udce9.csv", "a caf\\udce9.csv"]
    assert run.model == ROOT


def test_in_a_kernel_the_run_ends_and_binds_its_record(kernel: KernelSession, server: FakeLLMServer) -> None:
    from rlm_jupyter.testing import Scripted

    server.models["root"] = Scripted([fence("print(files)\n" + SURROGATE_CODE), "FINAL_VAR(name)"])
    kernel.ok("files = ['a']")
    out = kernel.execute('%rlm files "which file?" --model root')
    assert out.failure is None and "UsageError" not in out.stderr, out.stderr
    assert kernel.value("rlm_run.status, rlm_answer") == "final caf\\udce9.csv"
    assert "caf\\udce9.csv" in out.displays[-1]["data"]["text/html"]
