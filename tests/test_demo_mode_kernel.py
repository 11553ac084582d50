"""``%rlm demo`` in a real kernel: honest about what it cannot answer, strict about model names, easy to leave."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from rlm_jupyter.testing import FakeLLMServer
from rlm_jupyter.testing.kernel import KernelSession

pytestmark = pytest.mark.kernel

TRAITS = "m = get_ipython().find_magic('rlm').__self__\nprint(m.model, m.sub_model, m.base_url, m.api_key, m.cache)"
MINE = ("%config RLMMagics.model = 'my-model'\n%config RLMMagics.sub_model = 'my-sub'\n"
        "%config RLMMagics.base_url = 'http://127.0.0.1:9/v1'\n%config RLMMagics.api_key = 'my-key'\n"
        "%config RLMMagics.cache = True")


@pytest.fixture
def demo_kernel(llm_server: FakeLLMServer) -> Iterator[KernelSession]:
    session = KernelSession(llm_server.base_url)
    session.ok("%load_ext rlm_jupyter\nimport pandas as pd\n"
               "df_orders = pd.DataFrame({'customer': ['a', 'b'], 'amount': [1.0, 2.5]})\n" + MINE)
    yield session
    session.close()


def test_a_question_the_demo_has_no_strategy_for_is_declined_not_answered(demo_kernel: KernelSession) -> None:
    demo_kernel.ok("%rlm demo\nrlm_answer = 'mine'")
    out = demo_kernel.execute('%rlm df_orders "what is the total amount?"')
    report = next(d for d in out.displayed if d.get("text/plain", "").startswith("RLM "))
    assert report["text/plain"].startswith("RLM declined after 3 iterations")  # its own status, never "final"
    assert ">declined</b> — not answered: the model declined: This is rlm_jupyter&#x27;s demo model" in report["text/html"]
    [error] = out.errors
    assert error["ename"] == "NotAnswered"
    assert error["evalue"].startswith("%rlm: no answer (status 'declined': not answered: the model declined: ")
    assert "the demo model answers only its example questions" in error["evalue"] and "%rlm demo off" in error["evalue"]
    assert demo_kernel.value("rlm_answer, rlm_run.status, rlm_run.answer") == "mine declined None"


def test_demo_off_puts_back_what_demo_changed(demo_kernel: KernelSession) -> None:
    before = demo_kernel.ok(TRAITS).stdout
    assert before == "my-model my-sub http://127.0.0.1:9/v1 my-key True\n"
    demo_kernel.ok("%rlm demo")
    assert demo_kernel.ok(TRAITS).stdout.startswith("demo-root demo-sub http://127.0.0.1:")
    demo_kernel.ok("%rlm demo")  # twice: off still goes back to the user's values, not the first demo's
    off = demo_kernel.ok("%rlm demo off")
    assert off.stdout == "demo off: model, sub_model, base_url, api_key and cache are as they were before %rlm demo\n"
    assert demo_kernel.ok(TRAITS).stdout == before
    assert demo_kernel.ok("%rlm demo off").stdout.startswith("the demo model is not on")
    demo_kernel.ok("%rlm demo\n%config RLMMagics.cache = True")  # set by the user while the demo was on: theirs
    assert "except cache, which you set since" in demo_kernel.ok("%rlm demo off").stdout
    assert demo_kernel.ok(TRAITS).stdout == before


@pytest.mark.parametrize("cell", ['%rlm df_orders "q" --model gpt-5',
                                  '%rlm df_orders "q" --sub-model gpt-5-mini',
                                  "%config RLMMagics.model = 'demo-rot'\n%rlm df_orders \"q\""])
def test_while_the_demo_is_on_a_model_it_does_not_serve_is_one_line(demo_kernel: KernelSession, cell: str) -> None:
    demo_kernel.ok("%rlm demo")
    try:
        out = demo_kernel.execute(cell)
    finally:
        demo_kernel.ok("%rlm demo off")
    # a UsageError: one line on stderr, before any call
    assert not out.errors and out.reply["status"] == "error" and out.stderr.count("\n") == 1
    assert out.stderr.startswith("UsageError: %rlm: the demo model serves demo-root and demo-sub, not '")
    assert "%rlm demo off to go back to your own model settings" in out.stderr
    assert demo_kernel.value("'rlm_run' in globals()") == "False"  # nothing ran
