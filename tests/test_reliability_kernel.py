"""Misbehaving models and interrupts through a real kernel: the kernel survives, the user's data is intact."""
from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from rlm_jupyter.testing import FakeLLMServer, Scripted
from rlm_jupyter.testing.kernel import KernelSession


def fence(code: str) -> str:
    return f"```repl\n{code}\n```"


READ = fence("print(len(df_orders))")  # a FINAL is accepted only once code has read the context
OK = READ + '\nFINAL("ok")'  # the model recovers: it reads the data, then answers
CASES = {
    "never finalizes": ([fence(f"print('step {i}')") for i in range(6)], "max_iterations"),
    "syntax error": ([fence("def broken(:"), OK], "final"),
    "exception": ([fence("1 / 0"), OK], "final"),
    "infinite loop": ([fence("while True:\n    pass"), OK], "final"),
    "huge print": ([fence("print('x' * 5_000_000)"), OK], "final"),
    "unknown FINAL_VAR": ([READ + "\nFINAL_VAR(nowhere)", 'FINAL("ok")'], "final"),
    "FINAL in prose and comment": (["I will call FINAL(x).\n" + fence("x = len(df_orders)  # FINAL(2)"), "FINAL_VAR(x)"],
                                   "final"),
    "think blocks": (["<think>maybe FINAL(0)</think>" + fence("y = len(df_orders)"), "<think>done</think>FINAL_VAR(y)"],
                     "final"),
    "empty reply": (["", OK], "final"),
    "sys.exit": ([fence("import sys\nsys.exit(1)"), OK], "final"),
    "exit": ([fence("exit()"), OK], "final"),
    "quit": ([fence("quit()"), OK], "final"),
    "input": ([fence("input('name?')"), OK], "final"),
    "helpers deleted": ([fence("print(len(df_orders))\ndel llm_query\nFINAL = None"),
                         fence("FINAL(llm_query('still here'))")], "final"),
    # `del df_orders` in a block of its own: a block that rebinds a context variable is refused before it runs
    "user variables attacked": ([fence("print(len(df_orders))\nsentinel = 'overwritten'\n"
                                       "globals().pop('keep', None)"), fence("del df_orders"), 'FINAL("ok")'], "final"),
    "repeated turns": ([fence("print(len(df_orders))")], "repetition"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_misbehaving_root_model(kernel: KernelSession, server: FakeLLMServer, case: str) -> None:
    script, status = CASES[case]
    server.models["root"] = Scripted(script)
    kernel.ok("df_orders = list(range(10))\nsentinel = 'mine'\nkeep = {'a': 1}\n"
              "%config RLMMagics.cell_timeout_s = 1.0")
    try:
        result = kernel.execute('%rlm df_orders "misbehave" --model root --max-iterations 4')
    finally:
        kernel.ok("%config RLMMagics.cell_timeout_s = 120.0")
    # A run without an answer fails its cell, in one line, after its report; an answered one does not.
    assert [e["ename"] for e in result.errors] == ([] if status == "final" else ["NotAnswered"])
    assert kernel.value("rlm_run.status") == status
    assert int(kernel.value("len(rlm_run.iterations)")) >= 1  # the partial trajectory is kept
    assert kernel.value("df_orders == list(range(10)), sentinel, keep") == "True mine {'a': 1}"
    assert kernel.value("1 + 1") == "2"  # the kernel is alive


def test_a_kernel_interrupt_during_a_long_batch(kernel: KernelSession, server: FakeLLMServer) -> None:
    server.models["root"] = Scripted([fence("answers = llm_query_batched([f'p{i}' for i in range(200)])"), "FINAL(x)"])
    server.latency["slow-sub"] = 30.0
    try:
        kernel.ok("x = 1")
        msg_id = kernel.client.execute('%rlm x "slow" --model root --sub-model slow-sub --quiet')
        # Interrupt once the server holds the batch's 16 calls (the root call before them is one at a time).
        # server.count() would not do: it counts finished requests, and these take 30 s. An interrupt sent
        # before the run started would abort the cell and leave the previous test's rlm_run in place.
        in_flight = _wait_for(lambda: server.max_in_flight >= 16, within_s=60)
        interrupted = time.monotonic()
        kernel.manager.interrupt_kernel()
        result = kernel.collect(msg_id, timeout=30)
        assert time.monotonic() - interrupted < 10  # abandoned: not the 30 s the calls in flight take
    finally:
        del server.latency["slow-sub"]
    assert in_flight, "the batch never had 16 calls in flight"
    assert [e["ename"] for e in result.errors] == ["RunStopped"]  # a KeyboardInterrupt: queued cells do not run
    assert result.errors[0]["traceback"] == [
        "RunStopped: %rlm: stopped (status 'interrupted'); the trail is in rlm_run; run the cell again to start over"]
    assert kernel.value("rlm_run.question, rlm_run.status") == "slow interrupted"
    assert kernel.value("len(rlm_run.subcalls)") == "16"  # the calls in flight, recorded; the rest never sent
    # ... as cancelled, counted apart, once: not 16 errors naming the endpoint
    assert kernel.value("sum(c.cancelled for c in rlm_run.subcalls)") == "16"
    summary = next(d["text/plain"] for d in result.displayed if d.get("text/plain", "").startswith("RLM "))
    assert summary.startswith("RLM interrupted after 1 iteration, 0 sub-calls and 16 cancelled")
    leftover = ("import threading, time\n_deadline = time.monotonic() + 10\n"
                "while (_left := [t.name for t in threading.enumerate() if t.name.startswith('rlm-')]) "
                "and time.monotonic() < _deadline:\n    time.sleep(0.05)\nprint(_left)")
    assert kernel.ok(leftover).stdout.strip() == "[]"  # the abandoned calls' threads end
    assert kernel.value("1 + 1") == "2"


def _wait_for(condition: Callable[[], bool], within_s: float) -> bool:
    deadline = time.monotonic() + within_s
    while not condition():
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.02)
    return True
