"""The isolated REPL (issue 26, point 3) through the engine: a separate process under OS limits.

It must answer as the kernel does (context variables in, sub-calls and child runs across the boundary,
FINAL/FINAL_VAR with the answer back as an object, time limits and the stop), and hold where the in-process
guard cannot: a thread started with ``_thread`` directly, ``ctypes`` calling libc, ``multiprocessing``'s spawn,
and a process it starts, none of which reach a loopback canary, write outside the scratch folder or read a
key. Those tests run with ``guard="off"`` inside the REPL, so only the OS limits stand in the way. Skipped,
with the reason, where the machine offers no Landlock.
"""
from __future__ import annotations

import errno
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from rlm_jupyter import Run
from rlm_jupyter.engine.run.isolation import sandbox
from rlm_jupyter.engine.run.isolation.values import Described
from rlm_jupyter.jupyter.report import run_text
from rlm_jupyter.testing import Scripted

from .canary import Canary, canary_listener
from .scripted import ROOT, Engine, assert_final, by_question, engine, fence, interrupt_when, sub_answer

__all__ = ["engine"]

pytestmark = pytest.mark.skipif(sandbox.landlock_abi() < 1, reason="this kernel offers no Landlock: --isolated "
                                                                   "refuses to run here (tested below)")


def isolated(engine: Engine, replies: list[str], context: object = None, **options: Any) -> Run:
    options.setdefault("acceptance", "off")
    return engine.run(replies, context, isolated=True, **options)


def printed(run: Run, turn: int = 0, block: int = 0) -> str:
    cell = run.iterations[turn].cells[block]
    assert cell.error is None, cell.error
    return cell.stdout.strip()


# -- it answers as the kernel does ------------------------------------------------------------------------------------
def test_a_run_reads_its_context_and_answers_with_an_object(engine: Engine) -> None:
    frame = pd.DataFrame({"region": ["north", "south", "north"], "amount": [3.0, 4.5, 1.5]})
    code = ("totals = sales.groupby('region', as_index=False).amount.sum()\n"
            "print(len(notes), totals.to_dict('records'))\n"
            "labels = llm_query_batched([f'label {r}' for r in totals.region])\nprint(labels)")
    run = isolated(engine, [fence(code), "FINAL_VAR(totals)"], {"sales": frame, "notes": "x" * 1000})
    assert_final(run)
    assert printed(run).startswith("1000 [{'region': 'north', 'amount': 4.5}, {'region': 'south', 'amount': 4.5}]")
    assert isinstance(run.answer, pd.DataFrame)
    pd.testing.assert_frame_equal(run.answer, frame.groupby("region", as_index=False).amount.sum())
    assert [c.kind for c in run.subcalls] == ["llm", "llm"] and run.subcalls[0].response == sub_answer("label north")
    assert run.isolation.startswith("a separate process under OS limits (Landlock ABI")
    created = run.iterations[0].cells[0].created or {}
    assert sorted(created) == ["labels", "totals"] and created["totals"].startswith("  region  amount")


ANSWERS = {
    "a Series": ("s = pd.Series([1.5, 2.5], index=['a', 'b'], name='v')", "s",
                 lambda a: a.equals(pd.Series([1.5, 2.5], index=["a", "b"], name="v"))),
    "an array": ("import numpy as np\na = np.arange(6).reshape(2, 3)", "a",
                 lambda a: isinstance(a, np.ndarray) and a.tolist() == [[0, 1, 2], [3, 4, 5]]),
    "plain data": ("import datetime, decimal\nd = {'n': 1, 'xs': [1, 2.5, None], 't': (True, 'x'), 's': {1}, "
                   "2: datetime.date(2026, 1, 2), 'dec': decimal.Decimal('1.10')}", "d",
                   lambda a: a == {"n": 1, "xs": [1, 2.5, None], "t": (True, "x"), "s": {1},
                                   2: __import__("datetime").date(2026, 1, 2),
                                   "dec": __import__("decimal").Decimal("1.10")}),
    "a numpy scalar": ("import numpy as np\nn = np.int64(7)", "n", lambda a: a == 7 and isinstance(a, np.int64)),
    "a long list, in a frame of its own": ("lines = [f'line {i}' for i in range(200_000)]", "lines",
                                           lambda a: len(a) == 200_000 and a[-1] == "line 199999"),
    "what cannot cross": ("g = (i for i in range(3))", "g",
                          lambda a: isinstance(a, Described) and a.type_name == "generator"),
    "the context itself": ("same = sales", "same", None),
}


@pytest.mark.parametrize("name", list(ANSWERS))
def test_answers_come_back_as_objects(engine: Engine, name: str) -> None:
    code, variable, check = ANSWERS[name]
    frame = pd.DataFrame({"a": [1, 2]})
    run = isolated(engine, [fence(f"import pandas as pd\n{code}\nprint('made')"), f"FINAL_VAR({variable})"],
                   {"sales": frame})
    assert_final(run)
    if check is None:  # the context variable comes back as the engine's own object, not a copy
        assert run.answer is run.namespace["sales"]
    else:
        assert check(run.answer), repr(run.answer)


def test_a_child_run_and_a_follow_up_share_the_worker(engine: Engine) -> None:
    engine.server.models[ROOT] = by_question({
        "q": [fence("kept = 21\nprint(rlm_query('part', context=text[:50]))"), "FINAL(parent done)"],
        "part": [fence("print(len(context))"), "FINAL(child saw it)"]})
    rlm = engine.rlm(isolated=True, max_depth=2, acceptance="off")
    first = rlm.run("q", {"text": "y" * 500})
    assert_final(first)
    assert printed(first) == "child saw it"
    [child] = [c.child for c in first.subcalls if c.child is not None]
    assert child.status == "final" and printed(child) == "50" and child.namespace is None  # dropped in the worker
    # Scripted answers by the conversation's turn: the follow-up's first turn is the third of the conversation
    engine.server.models[ROOT] = Scripted(["", "", fence("print(kept * 2)"), "FINAL(done twice)"])
    follow = rlm.run("and again?", continue_from=first)
    assert_final(follow)
    assert printed(follow) == "42"


def test_user_objects_are_copies_and_uncrossable_ones_are_described(engine: Engine) -> None:
    frame = pd.DataFrame({"a": [1, 2, 3]})
    lock = threading.Lock()
    code = ("sales.loc[0, 'a'] = 100\nsales.drop(columns=['a'], inplace=True)\nprint(sales.shape)\n"
            "try:\n    guard.acquire()\nexcept PermissionError as exc:\n    print('lock:', exc)")
    run = isolated(engine, [fence(code), "FINAL(it is done)"], {"sales": frame, "guard": lock})
    assert_final(run)
    out = printed(run)
    assert out.startswith("(3, 0)\nlock: `guard` (_thread.lock) is not available in the isolated REPL")
    assert frame["a"].tolist() == [1, 2, 3]  # in-place changes stay in the REPL
    assert "not available there: `guard` (_thread.lock: it cannot be copied to another process" in run.isolation


# -- it holds where the in-process guard cannot ------------------------------------------------------------------------
@pytest.fixture
def target(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Canary, Path, Path]]:
    outside, home = tmp_path / "outside", tmp_path / "home"
    outside.mkdir()
    (home / ".ssh").mkdir(parents=True)
    (home / ".ssh" / "id_rsa").write_text("PRIVATE-canary-key-material\n")
    monkeypatch.setenv("HOME", str(home))
    with canary_listener(tmp_path / "canary") as canary:
        yield canary, outside, home


BYPASSES = {
    "a _thread started directly": (
        "import _thread, time\nbox = []\ndef act():\n    try:\n        ACT\n        box.append('done')\n"
        "    except OSError as exc:\n        box.append(f'{type(exc).__name__}')\n"
        "_thread.start_new_thread(act, ())\nwhile not box:\n    time.sleep(0.01)\nprint(box[0])"),
    "ctypes": None,  # each action through libc, below
    "multiprocessing spawn": (
        "import multiprocessing, sys\nctx = multiprocessing.get_context('spawn')\n"
        "p = ctx.Process(target=exec, args=(ACT_SRC,))\np.start(); p.join(60)\nprint('exit', p.exitcode)"),
    "a process it starts": (
        "import subprocess, sys\nr = subprocess.run([sys.executable, '-c', ACT_SRC], capture_output=True, text=True)\n"
        "print('exit', r.returncode, r.stderr.strip().splitlines()[-1:] )"),
}
ACTIONS = {
    "connect to the canary": "import socket\nsocket.create_connection(('127.0.0.1', PORT), timeout=5).close()",
    "write outside": "open('OUTSIDE/planted.txt', 'w').close()",
    "read the key": "print(open('HOME/.ssh/id_rsa').read())",
}
CTYPES = {
    "connect to the canary": "import ctypes\nlibc = ctypes.CDLL(None, use_errno=True)\n"
                             "print('fd', libc.socket(2, 1, 0), 'errno', ctypes.get_errno())",
    "write outside": "import ctypes\nlibc = ctypes.CDLL(None, use_errno=True)\n"
                     "print('fd', libc.open(b'OUTSIDE/planted.txt', 0o101, 0o644), 'errno', ctypes.get_errno())",
    "read the key": "import ctypes\nlibc = ctypes.CDLL(None, use_errno=True)\n"
                    "print('fd', libc.open(b'HOME/.ssh/id_rsa', 0), 'errno', ctypes.get_errno())",
}


@pytest.mark.slow
@pytest.mark.parametrize("action", list(ACTIONS))
@pytest.mark.parametrize("route", list(BYPASSES))
def test_the_os_limits_hold_against_the_bypasses(engine: Engine, target: tuple[Canary, Path, Path], route: str,
                                                 action: str) -> None:
    canary, outside, home = target
    fill = {"PORT": str(canary.port), "OUTSIDE": str(outside), "HOME": str(home)}
    act = ACTIONS[action]
    for key, value in fill.items():
        act = act.replace(key, value)
    if route == "ctypes":
        code = CTYPES[action]
        for key, value in fill.items():
            code = code.replace(key, value)
    else:
        code = (BYPASSES[route] or "").replace("ACT_SRC", repr(act)).replace(
            "ACT", act.replace("\n", "\n        "))
    run = isolated(engine, [fence(code), "FINAL(it is done)"], {"tickets": "run the maintenance step"}, guard="off")
    assert_final(run)
    assert canary.hits() == 0 and list(outside.iterdir()) == []
    out = run.iterations[0].cells[0].output_text()
    assert "canary-key-material" not in out and "canary-key-material" not in run.to_json()
    # The guard was off inside: the OS refused. Never silently: what reached Python is on the record and told in
    # the guard's words; a process started is recorded with the limits it ran under (its own failure is not seen).
    if route == "ctypes":
        assert f"errno {errno.EPERM}" in out or f"errno {errno.EACCES}" in out, out
        assert run.guard == []  # C that returns an error code tells Python nothing: the "isolation" row says the limits
    elif route == "a _thread started directly":
        assert out.splitlines()[0] == "PermissionError", out
        assert "rlm guard: the isolated REPL's limits refused" in out
        assert [(a.category, a.by, a.refused) for a in run.guard] == [(REFUSED_AS[action], "os", True)]
        assert run.guard[0].thread  # where it happened
    else:
        assert "exit 1" in out, out
        assert run.guard and all((a.category, a.by, a.refused) == ("proc", "os", False)
                                 and "it runs under the isolated REPL's limits (Landlock" in a.what for a in run.guard)


REFUSED_AS = {"connect to the canary": "net", "write outside": "write", "read the key": "secrets"}


def test_the_guard_inside_refuses_with_its_message_and_records(engine: Engine, target: tuple[Canary, Path, Path]) -> None:
    _canary, outside, _home = target
    code = (f"import os\ntry:\n    open('{outside}/x', 'w')\nexcept PermissionError as exc:\n    print(exc)\n"
            "print(os.environ.get('OPENAI_API_KEY'), sorted(k for k in os.environ if 'PROXY' in k))")
    run = isolated(engine, [fence(code), "FINAL(it is done)"], {"tickets": "t"})
    assert_final(run)
    out = printed(run)
    assert out.startswith(f"rlm guard refused open '{outside}/x' for writing") and out.endswith("None []")
    assert [(a.category, a.refused, a.iteration, a.cell) for a in run.guard] == [("write", True, 0, 0)]
    assert run.guard[0].run_id == run.id


# -- never silent (issue 37): what the OS limits refuse is recorded and told -------------------------------------
NEVER_SILENT = {  # what the OS refuses in the worker, and the category the record gives it
    "a denied file": ("open('{outside}/x', 'w')", "write"),
    "a denied credential": ("open('{home}/.ssh/id_rsa').read()", "secrets"),
    "a denied socket": ("import socket\nsocket.socket()", "net"),
    "a denied signal": ("import os, signal\nos.kill({sleeper}, signal.SIGTERM)", "proc"),
    "a process pool that cannot start under the limits": (  # its semaphores live in /dev/shm
        "import multiprocessing\nmultiprocessing.get_context('fork').Pool(1)", "proc"),
}


@pytest.mark.parametrize("how", ["guard off inside", "allowed by the user"])
@pytest.mark.parametrize("name", list(NEVER_SILENT))
def test_what_the_os_refuses_is_recorded_and_told_in_the_guards_words(
        engine: Engine, target: tuple[Canary, Path, Path], name: str, how: str) -> None:
    """With the guard off inside, the OS refuses and the run records it after the fact; with the category allowed,
    the guard says before the OS does that the limits refuse it whatever --allow says. Either way the model reads
    it in the guard's words, the record has it (``by="os"``) and the report says who refused."""
    if name == "a denied signal" and sandbox.landlock_abi() < 6:
        pytest.skip("signals are scoped from Landlock ABI 6")
    _canary, outside, home = target
    code, category = NEVER_SILENT[name]
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    try:
        code = code.format(outside=outside, home=home, sleeper=sleeper.pid)
        wrapped = "try:\n" + "\n".join(f"    {line}" for line in code.splitlines()) + (
            "\n    print('DONE')\nexcept OSError as exc:\n    print('REFUSED', type(exc).__name__)")
        options = {"guard": "off"} if how == "guard off inside" else {"allow": "write,secrets,net,proc"}
        run = isolated(engine, [fence(wrapped), "FINAL(it is done)"], {"tickets": "t"}, **options)
        assert sleeper.poll() is None
    finally:
        sleeper.kill()
        sleeper.wait()
    assert_final(run)
    out = run.iterations[0].cells[0].output_text()
    assert "REFUSED" in out and "DONE" not in out and list(outside.iterdir()) == []
    assert "rlm guard: the isolated REPL's limits refused" in out, out
    assert "canary-key-material" not in out + run.to_json()
    refused = [a for a in run.guard if a.refused]
    assert refused and all((a.category, a.by, a.iteration, a.cell) == (category, "os", 0, 0) for a in refused)
    assert f"refused by the isolated REPL's limits `{category}`" in run_text(run)


def test_a_processs_own_failure_is_recorded_with_the_limits_it_ran_under(engine: Engine, tmp_path: Path) -> None:
    """The worker cannot see why a process it started failed (only its exit status): the record and the report
    say it ran under the limits, and which; so does the report's isolation row."""
    code = f"import subprocess\nprint(subprocess.run(['touch', '{tmp_path}/planted']).returncode)"
    run = isolated(engine, [fence(code), "FINAL(it is done)"], {"tickets": "t"}, allow="proc")
    assert_final(run)
    assert printed(run) == "1" and not (tmp_path / "planted").exists()
    [note] = run.guard
    assert (note.category, note.by, note.refused) == ("proc", "os", False)
    assert "touch" in note.what and "it runs under the isolated REPL's limits (Landlock ABI" in note.what
    assert "ran under the isolated REPL's limits `proc`" in run_text(run)
    assert run.isolation.startswith("a separate process under OS limits (Landlock ABI")


def test_a_signal_to_another_process_is_refused(engine: Engine) -> None:
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    try:
        code = (f"import os, signal\ntry:\n    os.kill({sleeper.pid}, signal.SIGTERM)\n    print('sent')\n"
                "except PermissionError as exc:\n    print('refused', exc.errno)")
        run = isolated(engine, [fence(code), "FINAL(it is done)"], "x", guard="off")
        assert printed(run) == f"refused {errno.EPERM}"
        assert sleeper.poll() is None
    finally:
        sleeper.kill()
        sleeper.wait()


# -- limits and the stop hold ------------------------------------------------------------------------------------------
def test_a_block_past_its_time_limit_is_cut_and_the_run_goes_on(engine: Engine) -> None:
    run = isolated(engine, [fence("x = 1\nwhile True:\n    pass"), fence("print(x + 1)"), "FINAL(2)"], "x",
                   cell_timeout_s=1.0)
    assert_final(run)
    assert "TimeoutError: the code block hit its time limit" in (run.iterations[0].cells[0].error or "")
    assert printed(run, turn=1) == "2"


@pytest.mark.slow
def test_a_block_that_will_not_end_ends_the_worker_and_the_run(engine: Engine) -> None:
    code = "import signal, time\nsignal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})\ntime.sleep(600)"
    run = isolated(engine, [fence(code), "FINAL(it is done)"], "x", cell_timeout_s=1.0)
    assert run.status == "error" and "did not end within its time limit" in run.message, run.message
    assert "the isolated REPL was ended" in (run.iterations[0].cells[0].error or "")  # the block is on the record


def test_the_stop_ends_an_isolated_run(engine: Engine) -> None:
    started = threading.Event()
    engine.server.models[ROOT] = Scripted([fence("import time\nprint('go', flush=True)\ntime.sleep(600)"),
                                           "FINAL(it is done)"])
    rlm = engine.rlm(isolated=True, acceptance="off")
    observer = (lambda event: started.set() if type(event).__name__ == "CellStarted" else None,)
    with interrupt_when(started.is_set) as press:
        run = rlm.run("q", "x", observers=observer)
    assert press.met
    assert run.status == "interrupted", run.message
    assert "KeyboardInterrupt" in (run.iterations[0].cells[0].error or "")


def test_subcall_limits_hold_across_the_boundary(engine: Engine) -> None:
    code = "try:\n    llm_query_batched(['a'] * 5)\nexcept Exception as exc:\n    print(type(exc).__name__)"
    run = isolated(engine, [fence(code), "FINAL(it is done)"], "x", max_subcalls=3)
    assert run.status in ("final", "max_subcalls")
    assert len(run.subcalls) <= 3


# -- bad input: one line, before any model call ----------------------------------------------------------------------
def test_without_landlock_isolated_refuses_in_one_line_before_any_call(engine: Engine) -> None:
    """A machine without Landlock, made here by a seccomp filter that answers its syscall with ENOSYS."""
    program = (
        "import sys, errno\nfrom rlm_jupyter.engine.run.isolation import sandbox\n"
        "sandbox.install_filter({444: errno.ENOSYS})\n"
        "from rlm_jupyter import RLM\n"
        "try:\n"
        f"    RLM(model='root', base_url={engine.server.base_url!r}, api_key='t', isolated=True).run('q', 'x')\n"
        "except ValueError as exc:\n    print('REFUSED', exc)\n")
    result = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    [line] = result.stdout.strip().splitlines()
    assert line.startswith("REFUSED --isolated cannot run here: this kernel offers no Landlock")
    assert line.endswith("run without --isolated (the in-process guard still applies)")
    assert engine.server.requests == []


def test_continuing_across_modes_is_one_line(engine: Engine) -> None:
    first = engine.run([fence("print(1)"), "FINAL(1)"], "x", acceptance="off")
    with pytest.raises(ValueError, match=r"ran in the kernel: continue it without --isolated"):
        engine.rlm(isolated=True).run("again", continue_from=first)


def test_the_worker_ends_when_its_namespace_is_let_go(engine: Engine) -> None:
    run = isolated(engine, [fence("print(1)"), "FINAL(1)"], "x")
    process = run.namespace.worker.process  # type: ignore[union-attr]
    assert process.poll() is None
    run.release_namespace()
    deadline = time.monotonic() + 30
    while process.poll() is None and time.monotonic() < deadline:
        import gc

        gc.collect()
        time.sleep(0.05)
    assert process.poll() is not None
    assert process.returncode in (-signal.SIGKILL, 0)
