"""Iterating on a question: the response cache, follow-up questions and the cost ledger, through real kernels."""
from __future__ import annotations

import multiprocessing
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from rlm_jupyter import RLM
from rlm_jupyter.engine.dialogue.conversation import Conversation
from rlm_jupyter.engine.record.spend import money
from rlm_jupyter.llm.cache import CACHE_FILE, SQLiteStore
from rlm_jupyter.llm.client import Completion
from rlm_jupyter.testing import FakeLLMServer, Scripted
from rlm_jupyter.testing.kernel import KernelSession

PRICES = "%config RLMMagics.prices = {'demo-root': [1.0, 2.0], 'demo-sub': [0.5, 1.0], 'root': [1.0, 2.0]}"
ORDERS = "from rlm_jupyter.demo_model.datasets import make_orders\ndf_orders = make_orders(5_000, customers=400)"
COHORTS = '%%rlm df_orders "cohort retention by month"\n'


def cached_kernel(server: FakeLLMServer, cache_dir: Path) -> KernelSession:
    session = KernelSession(server.base_url, RLM_MODEL="demo-root", RLM_SUB_MODEL="demo-sub",
                            RLM_CACHE_DIR=str(cache_dir))
    session.ok(f"%load_ext rlm_jupyter\n{PRICES}\n{ORDERS}")
    return session


@pytest.fixture
def cache_dir(tmp_path: Path) -> Path:
    return tmp_path / "cache"


@pytest.fixture
def warm(llm_server: FakeLLMServer, server: FakeLLMServer, cache_dir: Path) -> Iterator[KernelSession]:
    """A kernel with the cache on, after one full run of the cohort question."""
    session = cached_kernel(llm_server, cache_dir)
    session.ok(COHORTS)
    yield session
    session.close()


def test_rerunning_an_unchanged_cell_makes_no_network_call_and_costs_nothing(
        warm: KernelSession, server: FakeLLMServer) -> None:
    first_calls, first_cost = server.count(), float(warm.value("rlm_run.cost_usd"))
    assert first_calls >= 10 and first_cost > 0
    out = warm.ok(COHORTS)
    assert server.count() == first_calls  # zero network calls, counted at the server
    assert warm.value("rlm_run.cost_usd") == "0.0"
    assert abs(float(warm.value("rlm_run.saved_usd")) - first_cost) < 1e-9
    code_time = float(warm.value("sum(c.duration_s for it in rlm_run.iterations for c in it.cells)"))
    assert float(warm.value("rlm_run.wall_s")) - code_time < 1.0
    html = out.displays[-1]["data"]["text/html"]
    assert "ok (cached)" in html
    assert f"{first_calls} cached calls, {money(first_cost)} saved by the cache" in html
    assert warm.value("rlm_answer.equals(__import__('rlm_jupyter').last_run().answer)") == "True"


def test_changed_data_misses_and_refresh_or_no_cache_go_to_the_network(
        warm: KernelSession, server: FakeLLMServer, cache_dir: Path) -> None:
    store = SQLiteStore(cache_dir / CACHE_FILE)
    try:
        stored, calls = len(store), server.count()
        warm.ok(COHORTS.replace("\n", " --no-cache\n"))
        assert server.count() == 2 * calls and len(store) == stored  # asked again, nothing written
        warm.ok(COHORTS.replace("\n", " --refresh\n"))
        assert server.count() == 3 * calls and len(store) == stored  # asked again, answers overwritten
        warm.ok("df_orders = df_orders.iloc[:4_000]")
        warm.ok(COHORTS)
        assert server.count() > 3 * calls and len(store) > stored  # new data, new prompts: misses
    finally:
        store.close()


def test_cache_info_and_clear(warm: KernelSession) -> None:
    info = warm.ok("%rlm cache info").stdout
    assert "cached responses" in info and CACHE_FILE in info and not info.startswith("0 ")
    assert warm.ok("%rlm cache clear").stdout.startswith("deleted ")
    assert warm.ok("%rlm cache info").stdout.startswith("0 cached responses")


@pytest.mark.kernel
def test_two_kernels_hammering_one_cache(llm_server: FakeLLMServer, server: FakeLLMServer, cache_dir: Path) -> None:
    batch = ("%%rlm df_orders --model root --quiet\nwords {tag}")
    server.models["root"] = Scripted([
        "```repl\nrows = len(df_orders)\nanswers = llm_query_batched([f'item {i % 300}' for i in range(600)])\n```",
        "FINAL_VAR(answers)"])
    kernels = [cached_kernel(llm_server, cache_dir) for _ in range(2)]
    try:
        pending = [k.client.execute(batch.format(tag=i)) for i, k in enumerate(kernels)]
        cells = [k.collect(msg_id) for k, msg_id in zip(kernels, pending)]
        assert [c.failure for c in cells] == [None, None]
        bound = [k.execute("print(len(rlm_answer), rlm_run.status)") for k in kernels]
        assert [b.stdout.strip() for b in bound] == ["600 final"] * 2, [  # what the cells said, should it fail again
            (c.stdout, c.stderr, c.displayed, b.failure) for c, b in zip(cells, bound)]
        store = SQLiteStore(cache_dir / CACHE_FILE)
        try:
            assert store._db().execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            assert len(store) == 300 + 2 * 2  # the shared sub-call prompts once, each kernel's two root calls
        finally:
            store.close()
        calls = server.count()
        for i, k in enumerate(kernels):
            k.ok(batch.format(tag=i))
        assert server.count() == calls  # both re-runs answered entirely from the shared cache
    finally:
        for k in kernels:
            k.close()


def _hammer(path: str, worker: int) -> None:
    store = SQLiteStore(path)
    threads = [threading.Thread(target=lambda t=t: [store.put(f"w{worker}-t{t}-{i}", Completion(
        f"answer {i}", "m", 1, 1, 0.0, 0)) for i in range(200)]) for t in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    store.close()


@pytest.mark.slow  # spawns two Python processes
def test_threads_and_processes_writing_at_once_lose_nothing(tmp_path: Path) -> None:
    path = str(tmp_path / CACHE_FILE)
    SQLiteStore(path).close()
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_hammer, args=(path, w)) for w in range(2)]
    for w in workers:
        w.start()
    _hammer(path, 2)
    for w in workers:
        w.join(timeout=60)
        assert w.exitcode == 0
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT COUNT(*) FROM responses").fetchone()[0] == 3 * 8 * 200
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()


FIRST = Scripted(["```repl\nsubtotal = sum(df_orders.amount)\nprint(round(subtotal, 2))\n```",
                  "FINAL_VAR(subtotal)"])
# Scripted replies are indexed by the assistant turns in the request: a follow-up starts after the first run's two.
FOLLOW = Scripted(["(unused)", "(unused)", "```repl\nmean = subtotal / len(df_orders)\n```", "FINAL_VAR(mean)"])


def test_a_follow_up_continues_the_conversation_and_the_namespace(kernel: KernelSession, server: FakeLLMServer) -> None:
    server.models["root"], server.models["root2"] = FIRST, FOLLOW
    kernel.ok(ORDERS)
    kernel.ok('%rlm df_orders "total revenue" --model root')
    first_id = kernel.value("rlm_run.id")
    kernel.ok('%%rlm --continue --model root2\nand per order?')
    assert kernel.value("rlm_run.status, rlm_run.continues == " + repr(first_id)) == "final True"
    assert kernel.value("abs(rlm_answer - df_orders.amount.mean()) < 1e-9") == "True"
    opening = next(r for r in server.requests if r.model == "root2").messages
    assert Conversation.read_opening(opening).question == "total revenue"  # the earlier turns are there
    assert any("subtotal = sum(df_orders.amount)" in m["content"] for m in opening if m["role"] == "assistant")
    assert opening[-1]["content"].startswith("Follow-up question: and per order?")
    assert kernel.value("'subtotal' in dir()") == "False"  # the model's variables stay out of yours


def test_a_long_history_is_compacted_and_the_compaction_recorded(kernel: KernelSession, server: FakeLLMServer) -> None:
    server.models["root"] = Scripted([f"```repl\nstep{i} = {i} + 0 * len(df_orders)\nprint('x' * 300)\n```"
                                      for i in range(5)]
                                     + ['FINAL("done")'])
    server.models["root2"] = Scripted(["FINAL_VAR(step4)"])
    kernel.ok(ORDERS + "\n%config RLMMagics.history_chars = 3000")
    try:
        kernel.ok('%rlm df_orders "many steps" --model root')
        kernel.ok('%rlm --continue --model root2 "which step was last?"')
    finally:
        kernel.ok("%config RLMMagics.history_chars = 60000")
    assert kernel.value("rlm_answer") == "4"
    compaction = eval(kernel.value("rlm_run.compactions[0]"))
    assert compaction["chars_after"] < compaction["chars_before"] and compaction["messages_after"] < 14
    opening = next(r for r in server.requests if r.model == "root2").messages
    assert any("earlier messages compacted" in m["content"] for m in opening)


@pytest.mark.kernel
def test_a_follow_up_after_a_kernel_restart_is_a_clear_error(llm_server: FakeLLMServer, server: FakeLLMServer) -> None:
    fresh = KernelSession(llm_server.base_url)
    try:
        fresh.ok("%load_ext rlm_jupyter")
        out = fresh.execute('%rlm --continue "and then?"')
        assert "no earlier run in this kernel to continue (a kernel restart forgets them)" in out.stderr
        assert server.count() == 0
    finally:
        fresh.close()


def test_the_engine_api_continues_too_and_refuses_a_loaded_run(fake_llm: FakeLLMServer, tmp_path: Path) -> None:
    fake_llm.models["root"] = Scripted(["```repl\nx = 20\n```", "FINAL_VAR(x)", "```repl\ny = x + 1\n```",
                                        "FINAL_VAR(y)"])
    with RLM(model="root", base_url=fake_llm.base_url, api_key="k") as rlm:
        first = rlm.run("set x")
        second = rlm.run("add one", continue_from=first)
        assert (second.answer, second.continues) == (21, first.id)
        first.save(tmp_path / "first.json")
        with pytest.raises(ValueError, match="cannot be continued: its REPL namespace is gone"):
            rlm.run("again", continue_from=type(first).load(tmp_path / "first.json"))


def test_cost_ledger_per_model_and_run_with_savings(warm: KernelSession, server: FakeLLMServer) -> None:
    first = float(warm.value("rlm_run.cost_usd"))
    report = warm.ok(COHORTS).displays[-1]
    out = warm.ok("%rlm cost")
    text = out.displays[0]["data"]["text/plain"]
    assert text.startswith(f"2 runs in this kernel, cost {money(first)};") and "saved by the cache" in text
    assert "demo-root" in text and "demo-sub" in text and "cohort retention by month" in text
    ledger = out.displays[0]["metadata"]["rlm_jupyter"]["ledger"]
    assert abs(ledger["cost_usd"] - first) < 1e-9 and abs(ledger["saved_usd"] - first) < 1e-9
    assert report["metadata"]["rlm_jupyter"]["session"]["runs"] == 2  # the saved notebook keeps the total
