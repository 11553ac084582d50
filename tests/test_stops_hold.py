"""Stops and time limits hold against model code that fights them (issue 14, class 2).

The code under test catches ``KeyboardInterrupt`` or everything, ignores or
replaces signal handlers, and loops; a stop must still end the block (and
the run, as ``interrupted``) and a time limit must still end it (as a
timeout), within seconds. The presses are real SIGINTs to the process, as a
kernel interrupt sends them.
"""
from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from rlm_jupyter.engine.run.executor import CellInterrupted, Executor
from rlm_jupyter.engine.safety import cell_guard

BOUND_S = 20.0  # stops take well under a second when the machine is idle; this is for a busy one

READY = "ready.set()\n"
HOSTILE_TO_STOPS = {
    "swallows KeyboardInterrupt": READY + "import time\nwhile True:\n    try:\n        time.sleep(30)\n"
                                          "    except KeyboardInterrupt:\n        pass\n",
    "bare except in a loop": READY + "import time\nwhile True:\n    try:\n        time.sleep(0.2)\n"
                                     "    except:\n        pass\n",
    "nested catch-alls": READY + "import time\ndef inner():\n    while True:\n        try:\n"
                                 "            time.sleep(0.1)\n        except BaseException:\n            continue\n"
                                 "while True:\n    try:\n        inner()\n    except BaseException:\n        pass\n",
    "catches in finally": READY + "import time\nwhile True:\n    try:\n        time.sleep(0.1)\n    finally:\n"
                                  "        try:\n            time.sleep(0.1)\n        except:\n            pass\n",
    "busy loop": READY + "n = 0\nwhile True:\n    try:\n        n += 1\n    except BaseException:\n        pass\n",
    "swallows once and goes on": READY + "import time\ntry:\n    time.sleep(5)\nexcept KeyboardInterrupt:\n"
                                         "    pass\nprint('went on')\n",
}


def _press_when(ready: threading.Event, also: Any = None) -> threading.Thread:
    """A stop press (SIGINT to the process, as a kernel interrupt) once the block says it is running."""

    def press() -> None:
        if ready.wait(BOUND_S) and (also is None or also.wait(BOUND_S)):
            os.kill(os.getpid(), signal.SIGINT)

    thread = threading.Thread(target=press, daemon=True)
    thread.start()
    return thread


@pytest.mark.parametrize("case", list(HOSTILE_TO_STOPS))
def test_a_stop_ends_code_that_fights_it(case: str) -> None:
    ready, before = threading.Event(), signal.getsignal(signal.SIGINT)
    executor = Executor({"ready": ready}, timeout_s=None)
    _press_when(ready)
    started = time.monotonic()
    with pytest.raises(CellInterrupted) as stopped:
        executor.run(HOSTILE_TO_STOPS[case])
    assert time.monotonic() - started < BOUND_S
    assert stopped.value.cell.code == HOSTILE_TO_STOPS[case]  # the block is kept for the record
    assert "stopped" in (stopped.value.cell.error or "")
    assert signal.getsignal(signal.SIGINT) is before  # the caller's own handler is back


def test_a_stop_ends_code_that_ignores_sigint() -> None:
    """The handler the code replaced is put back by the watchdog, so the next press counts."""
    ready, reinstated, before = threading.Event(), threading.Event(), signal.getsignal(signal.SIGINT)
    code = ("import signal, time\nsignal.signal(signal.SIGINT, signal.SIG_IGN)\nready.set()\n"
            "while True:\n    try:\n        time.sleep(0.1)\n"
            "        if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:\n            reinstated.set()\n"
            "    except BaseException:\n        pass\n")
    executor = Executor({"ready": ready, "reinstated": reinstated}, timeout_s=None)
    _press_when(ready, reinstated)
    started = time.monotonic()
    with pytest.raises(CellInterrupted):
        executor.run(code)
    assert time.monotonic() - started < 2 * BOUND_S
    assert signal.getsignal(signal.SIGINT) is before


HOSTILE_TO_TIMEOUTS = {
    "ignores SIGALRM": "import signal\nsignal.signal(signal.SIGALRM, signal.SIG_IGN)\nwhile True:\n    pass\n",
    "catches everything around sleeps": "import time\nwhile True:\n    try:\n        time.sleep(0.1)\n"
                                        "    except BaseException:\n        pass\n",
    "ignores SIGINT and catches everything": "import signal\nsignal.signal(signal.SIGINT, signal.SIG_IGN)\n"
                                             "while True:\n    try:\n        sum(range(1000))\n"
                                             "    except:\n        pass\n",
}


@pytest.mark.parametrize("case", list(HOSTILE_TO_TIMEOUTS))
def test_a_time_limit_ends_code_that_fights_it(case: str) -> None:
    executor = Executor({}, timeout_s=0.5)
    started = time.monotonic()
    cell = executor.run(HOSTILE_TO_TIMEOUTS[case])
    assert time.monotonic() - started < BOUND_S
    assert cell.error is not None and cell.error.startswith("TimeoutError")


def test_a_block_leaves_no_signal_handler_or_alarm_behind() -> None:
    before = {signum: signal.getsignal(signum) for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGUSR1)}
    code = ("import signal\nsignal.signal(signal.SIGINT, signal.SIG_IGN)\n"
            "signal.signal(signal.SIGTERM, lambda *a: None)\nsignal.signal(signal.SIGUSR1, signal.SIG_IGN)\n"
            "signal.signal(signal.SIGALRM, lambda *a: None)\nsignal.setitimer(signal.ITIMER_REAL, 30)\n")
    cell = Executor({}, timeout_s=5.0).run(code)
    assert cell.error is None
    assert {signum: signal.getsignal(signum) for signum in before} == before
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert cell_guard._STACK == []
    assert not [t for t in threading.enumerate() if t.name == "rlm-cell-guard"]


def test_a_press_after_the_block_is_the_callers_keyboard_interrupt() -> None:
    """Outside a block the guard is gone: a press is an ordinary KeyboardInterrupt where the caller is."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)  # as a kernel has it
    try:
        Executor({}, timeout_s=5.0).run("x = 1")
        with pytest.raises(KeyboardInterrupt) as caught:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(BOUND_S)
        assert not isinstance(caught.value, CellInterrupted)
    finally:
        signal.signal(signal.SIGINT, previous)


def test_the_engine_ends_the_run_as_interrupted(tmp_path: Path) -> None:
    """Through the engine: the swallowed stop ends the run as ``interrupted`` and keeps the block."""
    from rlm_jupyter.engine.run.loop import RLM
    from rlm_jupyter.testing import FakeLLMServer, Scripted

    ready = threading.Event()
    code = HOSTILE_TO_STOPS["bare except in a loop"]
    with FakeLLMServer() as server:
        server.models["root"] = Scripted([f"```repl\n{code}```", "FINAL(went on)"])
        _press_when(ready)
        with RLM(model="root", base_url=server.base_url, api_key="k") as engine:
            run = engine.run("q", {"x": 1}, namespace={"ready": ready})
    assert run.status == "interrupted"
    assert run.answer is None
    assert run.iterations[-1].cells[-1].code == code.rstrip()  # the block it ran is in the record


def test_a_stopped_turn_keeps_the_time_its_block_ran_in_the_report_and_the_timeline() -> None:
    """A stop in the middle of a block: the turn took the time it took, not 0.00 s (seen in JupyterLab 4)."""
    from rlm_jupyter.engine.run.loop import RLM
    from rlm_jupyter.jupyter.format import seconds
    from rlm_jupyter.jupyter.report import run_html
    from rlm_jupyter.jupyter.timeline import timeline_svg
    from rlm_jupyter.testing import FakeLLMServer, Scripted

    ready, half_a_second = threading.Event(), threading.Event()
    threading.Thread(target=lambda: ready.wait(BOUND_S) and not half_a_second.wait(0.5) and half_a_second.set(),
                     daemon=True).start()
    with FakeLLMServer() as server:
        server.models["root"] = Scripted([f"```repl\n{HOSTILE_TO_STOPS['bare except in a loop']}```", "FINAL(1)"])
        _press_when(ready, half_a_second)
        with RLM(model="root", base_url=server.base_url, api_key="k") as engine:
            run = engine.run("q", {"x": 1}, namespace={"ready": ready})
    assert run.status == "interrupted"
    stopped = run.iterations[-1]
    assert 0.5 <= stopped.duration_s <= run.wall_s
    assert f"Iteration 1 · 1 code block · 0 sub-calls · <span class=\"rlm-volatile\">{seconds(stopped.duration_s)}" \
        in run_html(run)
    assert f"iteration 1: {seconds(stopped.duration_s)}" in timeline_svg(run)
