"""Stops and time limits against hostile model code, through a real kernel (issue 14, class 2).

The stop is the kernel's own interrupt (what the Stop button and Jupyter's stop send); the block
swallows it, or ignores SIGINT and SIGALRM. The run must end ``interrupted`` or ``timeout``, with
its partial trajectory, and the kernel must answer afterwards.
"""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from rlm_jupyter.testing import FakeLLMServer, Scripted
from rlm_jupyter.testing.kernel import KernelSession

BOUND_S = 30.0  # well under a second on an idle machine; generous for a busy one


def fence(code: str) -> str:
    return f"```repl\n{code}\n```"


SWALLOWERS = {
    "except KeyboardInterrupt": "while True:\n    try:\n        time.sleep(30)\n    except KeyboardInterrupt:\n"
                                "        pass\n",
    "bare except, SIGINT ignored": "import signal\nsignal.signal(signal.SIGINT, signal.SIG_IGN)\n"
                                   "while True:\n    try:\n        time.sleep(0.2)\n"
                                   "        if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:\n"
                                   "            pathlib.Path(MARK + '.again').touch()\n"
                                   "    except:\n        pass\n",
}


@pytest.mark.parametrize("case", list(SWALLOWERS))
def test_the_kernels_interrupt_stops_code_that_swallows_it(kernel: KernelSession, server: FakeLLMServer,
                                                           tmp_path: Path, case: str) -> None:
    mark = tmp_path / "running"
    code = f"import pathlib, time\nMARK = {str(mark)!r}\npathlib.Path(MARK).touch()\n" + SWALLOWERS[case]
    server.models["root"] = Scripted([fence(code), "FINAL(went on)"])
    kernel.ok("x = 1")
    # --allow write: the block's marker files are this test's plumbing, outside the run's scratch folder
    msg_id = kernel.client.execute('%rlm x "hold on" --model root --quiet --allow write')
    wait_for = Path(str(mark) + ".again") if "ignored" in case else mark  # our handler is back: a press counts
    deadline = time.monotonic() + 60
    while not wait_for.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert wait_for.exists(), "the block never started"
    pressed = time.monotonic()
    kernel.manager.interrupt_kernel()
    result = kernel.collect(msg_id, timeout=60)
    assert time.monotonic() - pressed < BOUND_S
    assert [e["ename"] for e in result.errors] == ["RunStopped"]  # the stop stops the cell, as an interrupt does
    assert kernel.value("rlm_run.status, rlm_run.answer") == "interrupted None"
    assert kernel.value("len(rlm_run.iterations[0].cells)") == "1"  # the block it was in is in the record
    assert kernel.value("1 + 1") == "2"


def test_the_runs_time_limit_ends_code_that_ignores_alarms(kernel: KernelSession, server: FakeLLMServer) -> None:
    code = ("import signal, time\nsignal.signal(signal.SIGALRM, signal.SIG_IGN)\n"
            "signal.signal(signal.SIGINT, signal.SIG_IGN)\n"
            "while True:\n    try:\n        sum(range(1000))\n    except BaseException:\n        pass\n")
    server.models["root"] = Scripted([fence(code), "FINAL(went on)"])
    kernel.ok("x = 1")
    started = time.monotonic()
    result = kernel.execute('%rlm x "never ends" --model root --timeout 3 --quiet', timeout=120)
    assert time.monotonic() - started < 3 + BOUND_S
    assert [e["ename"] for e in result.errors] == ["NotAnswered"]  # out of time, no answer: the cell fails
    assert "raise --timeout" in result.errors[0]["evalue"]
    assert kernel.value("rlm_run.status") == "timeout"
    assert "TimeoutError" in kernel.value("rlm_run.iterations[0].cells[0].error")
    assert kernel.value("__import__('signal').getsignal(2) is not __import__('signal').SIG_IGN") == "True"
