"""``%rlm ... --isolated`` in a real kernel (issue 26, point 3): the answer comes back as an object, the user's
objects are untouched, ``--share`` and ``--continue`` work across the boundary, the kernel itself is out of
the code's reach, and what the OS limits hold holds with the guard off inside."""
from __future__ import annotations

from pathlib import Path

import pytest

from rlm_jupyter.engine.run.isolation import sandbox
from rlm_jupyter.testing import FakeLLMServer, Scripted
from rlm_jupyter.testing.kernel import Execution, KernelSession

pytestmark = pytest.mark.skipif(sandbox.landlock_abi() < 1, reason="this kernel offers no Landlock")

SETUP = ("import pandas as pd\norders = pd.DataFrame({'region': ['north', 'south', 'north'], "
         "'amount': [3.0, 4.5, 1.5]})")


def fence(code: str) -> str:
    return f"```repl\n{code}\n```"


def run(kernel: KernelSession, server: FakeLLMServer, replies: list[str], options: str = "") -> Execution:
    server.models["root"] = Scripted(replies)
    kernel.ok(SETUP)
    result = kernel.execute(f'%rlm orders "revenue by region?" --model root --acceptance off --isolated {options}')
    assert result.failure is None, result.failure
    return result


def test_an_isolated_run_answers_with_a_frame_and_leaves_the_users_data_alone(kernel: KernelSession,
                                                                              server: FakeLLMServer) -> None:
    code = ("orders.loc[0, 'amount'] = 1000.0\norders['extra'] = 1\n"
            "by_region = orders.groupby('region', as_index=False).amount.sum()\nprint(by_region)\n"
            "print('get_ipython' in dir(), 'In' in dir())")
    result = run(kernel, server, [fence(code), "FINAL_VAR(by_region)"], "--share")
    assert kernel.value("rlm_run.status, type(rlm_answer).__name__, rlm_answer.amount.tolist()") == \
        "final DataFrame [1001.5, 4.5]"
    assert kernel.value("orders.amount.tolist(), list(orders.columns)") == "[3.0, 4.5, 1.5] ['region', 'amount']"
    assert kernel.value("rlm_run.iterations[0].cells[0].stdout.strip().splitlines()[-1]") == "False False"
    assert kernel.value("type(by_region).__name__, by_region.amount.tolist()") == "DataFrame [1001.5, 4.5]"
    assert "shared into your namespace: by_region" in result.stdout
    text = "\n".join(d["data"].get("text/plain", "") for d in result.displays)
    html = "\n".join(d["data"].get("text/html", "") for d in result.displays)
    assert "isolation: the model's code ran in a separate process under OS limits" in text
    assert "a separate process under OS limits (Landlock ABI" in html


def test_a_follow_up_continues_in_the_same_worker_and_a_new_run_ends_it(kernel: KernelSession,
                                                                        server: FakeLLMServer) -> None:
    run(kernel, server, [fence("kept = len(orders)\nprint(kept)"), "FINAL(it is three)"])
    pid = kernel.value("rlm_run.namespace.worker.process.pid")
    server.models["root"] = Scripted(["", "", fence("print(kept * 10)"), "FINAL(it is thirty)"])
    kernel.ok('%rlm "times ten?" --model root --acceptance off --isolated --continue')
    assert kernel.value("rlm_run.iterations[0].cells[0].stdout.strip()") == "30"
    assert kernel.value("rlm_run.namespace.worker.process.pid") == pid
    run(kernel, server, [fence("print(1)"), "FINAL(it is one)"])  # a new run lets the old worker go
    assert kernel.value(f"__import__('os').path.exists('/proc/{pid}') and "
                        f"open('/proc/{pid}/stat').read().split()[2] != 'Z'") == "False"


def test_isolation_as_the_kernels_setting(kernel: KernelSession, server: FakeLLMServer) -> None:
    server.models["root"] = Scripted([fence("print(len(orders))"), "FINAL(it is three)"])
    kernel.ok(SETUP + "\n%config RLMMagics.isolated = True")
    try:
        kernel.ok('%rlm orders "how many?" --model root --acceptance off')
        assert kernel.value("bool(rlm_run.isolation), rlm_run.settings['isolated']") == "True True"
    finally:
        kernel.ok("%config RLMMagics.isolated = False")


def test_the_os_limits_hold_in_a_kernel_with_the_guard_off_inside(kernel: KernelSession, server: FakeLLMServer,
                                                                  tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    code = ("import _thread, ctypes, time\nbox = []\n"
            f"def act():\n    try:\n        open('{outside}/from-thread', 'w').close(); box.append('wrote')\n"
            "    except OSError as exc:\n        box.append(type(exc).__name__)\n"
            "_thread.start_new_thread(act, ())\nwhile not box:\n    time.sleep(0.01)\n"
            "libc = ctypes.CDLL(None, use_errno=True)\n"
            f"fd = libc.open(b'{outside}/from-ctypes', 0o101, 0o644)\n"
            "print(box[0], fd, ctypes.get_errno(), libc.socket(2, 1, 0))")
    run(kernel, server, [fence(code), "FINAL(it is done)"], "--guard off")
    assert kernel.value("rlm_run.iterations[0].cells[0].stdout.strip()") == "PermissionError -1 13 -1"
    assert list(outside.iterdir()) == []
