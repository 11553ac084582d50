"""Model code that goes around the overlay, through the shell (issue 14, class 1), in a real kernel.

Whatever route the code takes, after the run the user's bindings and the magic's configuration are
what they were, the record says what was undone, the kernel is alive, no stdin request left it, and
no nested ``%rlm`` ran.
"""
from __future__ import annotations

import queue

import pytest

from rlm_jupyter.testing import FakeLLMServer, Scripted
from rlm_jupyter.testing.kernel import KernelSession


def fence(code: str) -> str:
    """A block that reads the context and prints, then the block under test (an answer before any code read
    the context, or before any output showed something, is refused, and a block that fails does not count)."""
    return f"```repl\nseen = x\nprint(repr(seen)[:20])\n```\n```repl\n{code}\n```"


USER_SETUP = ("x = 'mine'\ny = [1, 2]\nw = 'keep me'\nz = 10\n"
              "def f():\n    return z\n")
USER_STATE = "x, y, w, z, f(), 'new_name' in dir(), 'model_made' in dir()"
USER_STATE_BEFORE = "mine [1, 2] keep me 10 10 False False"

ROUTES = {
    "the shell's user_ns": "get_ipython().user_ns['x'] = 'hacked'\ndel get_ipython().user_ns['w']\n"
                           "get_ipython().user_ns['new_name'] = 1",
    "__main__'s dict": "import sys\nsys.modules['__main__'].__dict__['y'] = 'hacked'\n"
                       "sys.modules['__main__'].__dict__['model_made'] = 1",
    "a user function's globals": "f.__globals__['z'] = -1\nf.__globals__['new_name'] = 2",
    "%reset -f": "%reset -f",
    "clearing a user function's globals": "f.__globals__.clear()",
}


@pytest.mark.parametrize("route", list(ROUTES))
def test_bindings_are_restored_whatever_the_route(kernel: KernelSession, server: FakeLLMServer, route: str) -> None:
    server.models["root"] = Scripted([fence(ROUTES[route]), 'FINAL("done")'])
    kernel.ok(USER_SETUP)
    result = kernel.execute('%rlm x "rebind things" --model root')
    assert result.failure is None
    assert kernel.value(USER_STATE) == USER_STATE_BEFORE
    assert kernel.value("rlm_run.status, rlm_answer") == "final done"
    undone = kernel.value("rlm_run.undone")
    assert "restored" in undone or "removed" in undone
    html = "".join(d["data"].get("text/html", "") for d in result.displays)
    assert "undone" in html and "restored" in html  # the report says what was put back


def test_config_changed_by_model_code_is_restored(kernel: KernelSession, server: FakeLLMServer) -> None:
    server.models["root"] = Scripted([fence("%config RLMMagics.max_tokens = 7\n%config RLMMagics.out = 'theirs'"),
                                      'FINAL("done")'])
    kernel.ok("x = 1")
    before = kernel.value("get_ipython().find_magic('rlm').__self__.trait_values()['max_tokens']")
    assert kernel.execute('%rlm x "change my config" --model root').failure is None
    assert kernel.value("get_ipython().find_magic('rlm').__self__.trait_values()['max_tokens']") == before
    assert kernel.value("get_ipython().find_magic('rlm').__self__.out") == "rlm_answer"
    assert "%config RLMMagics.max_tokens: restored" in kernel.value("rlm_run.undone")


def test_model_code_cannot_start_a_nested_rlm(kernel: KernelSession, server: FakeLLMServer) -> None:
    server.models["root"] = Scripted([fence('%rlm x "inner" -o x --max-iterations 50'), 'FINAL("done")'])
    kernel.ok("x = 'mine'")
    before = server.count()
    assert kernel.execute('%rlm x "nest" --model root').failure is None
    assert kernel.value("x") == "mine"
    assert server.count() - before == 2  # the outer run's two turns, nothing more
    cells = kernel.value("rlm_run.iterations[0].cells[-1].error")
    assert "a run is in progress" in cells and "rlm_query" in cells


@pytest.mark.parametrize("code", ["get_ipython().ask_exit()", "get_ipython().exit_now = True"])
def test_model_code_cannot_shut_the_kernel_down(kernel: KernelSession, server: FakeLLMServer, code: str) -> None:
    server.models["root"] = Scripted([fence(code), 'FINAL("done")'])
    kernel.ok("x = 1")
    assert kernel.execute('%rlm x "try to leave" --model root').failure is None
    assert kernel.value("rlm_run.status") == "final"
    assert "asked the kernel to exit: refused" in kernel.value("rlm_run.undone")
    assert kernel.manager.is_alive()
    assert kernel.value("1 + 1") == "2"  # and it still answers, well after its loop would have stopped


@pytest.mark.parametrize("code", ["import builtins\nbuiltins.input('name? ')",
                                  "import getpass\ngetpass.getpass('password? ')",
                                  "import sys\nsys.stdin.readline()"])
def test_no_stdin_request_leaves_the_kernel(kernel: KernelSession, server: FakeLLMServer, code: str) -> None:
    server.models["root"] = Scripted([fence(code), 'FINAL("done")'])
    kernel.ok("x = 1")
    assert kernel.client.allow_stdin  # the client accepts input requests: without the guard one would be sent
    result = kernel.execute('%rlm x "read stdin" --model root', timeout=120)
    assert result.failure is None
    assert kernel.value("rlm_run.status") == "final"
    with pytest.raises(queue.Empty):
        kernel.client.get_stdin_msg(timeout=1)
