"""The hidden namespace of a run is freed once the run can no longer be continued (issue 14, point 7).

What the model builds lives in its own namespace, never in the user's, so the user cannot ``del`` it: it is
kept only while ``--continue`` could use it. A new run lets it go as it starts, ``del rlm_run`` after the
cell that deletes it, ``%rlm release`` at once. The kernel tests measure the kernel's resident memory
(``VmRSS``), with bounds loose enough for a shared machine: the model's object is 400 MB, growth must be at
least 300 MB and what is left after the release at most 150 MB.
"""
from __future__ import annotations

import sys
import weakref

import pytest

from rlm_jupyter.engine.dialogue.conversation import Conversation
from rlm_jupyter.engine.record.trajectory import Run
from rlm_jupyter.jupyter.magic import GRAMMARS
from rlm_jupyter.jupyter.options import subcommands_help
from rlm_jupyter.jupyter.session import Session
from rlm_jupyter.testing import ChatRequest, FakeLLMServer, Reply, Scripted
from rlm_jupyter.testing.kernel import KernelSession

from .scripted import Engine, assert_final, engine, fence

__all__ = ["engine"]  # the fixture, re-exported for pytest

MB = 400
GREW_AT_LEAST, LEFT_AT_MOST = 300, 150
# A str, not bytes: every page is written (so it counts in RSS), and the record's bounded repr of the
# model's new names slices a str instead of building its full repr.
BIG = Scripted([fence(f"n = {MB} * 2**20\nbig = 'x' * n\nprint(len(big))"), "FINAL('made it')"])
RSS = """
def rss_mb():
    with open('/proc/self/status') as status:
        return next(int(line.split()[1]) for line in status if line.startswith('VmRSS:')) / 1024
"""
needs_proc = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/status")


class Big:
    """Stands for the model's large object: a weakref to it says when it is freed."""

    def __init__(self) -> None:
        self.cycle = self  # like the helpers installed in a namespace: freed only by the collector


def held() -> tuple[Session, Run, weakref.ref[Big]]:
    """A session whose last run's namespace holds a ``Big`` under ``big``."""
    session = Session()
    overlay = session.overlay(None, {"df": [1, 2]})
    overlay.namespace["big"] = Big()
    probe = weakref.ref(overlay.namespace["big"])
    run = Run(id="r1", question="q", model="m", sub_model="m", namespace=overlay.namespace)
    session.add(run, overlay)
    return session, run, probe


def test_the_namespace_is_kept_while_a_variable_holds_the_run_and_released_after_del() -> None:
    session, run, probe = held()
    assert session.release_unbound({"rlm_run": run, "df": [1, 2]}) is None
    assert session.continuable() is run and probe() is not None
    # IPython's output history is no hold: `%rlm last` put the run in _, _7 and Out
    released = session.release_unbound({"_": run, "__": run, "___": run, "_7": run, "Out": {7: run}})
    assert released is not None and released.names == ["big"]
    assert probe() is None and run.namespace is None  # freed at once: Session.release collects the cycle
    with pytest.raises(LookupError, match=r"run r1 can no longer be continued: its namespace was released "
                                          r"\(no variable held the run any more, as after del rlm_run\)"):
        session.continuable()
    assert session.release_unbound({}) is None and session.release("again") is None  # nothing left to do
    assert session.last_run is run  # the record stays: %rlm last, %rlm cost and --replay still have it


def test_a_new_run_releases_the_last_namespace_as_it_starts_and_a_follow_up_keeps_it() -> None:
    session, run, probe = held()
    assert session.overlay(run, {"df": [1, 2]}).namespace["big"] is not None  # --continue: the same namespace
    assert probe() is not None
    fresh = session.overlay(None, {"df": [1, 2]})  # a new question: released before its code runs
    assert probe() is None and "big" not in fresh.namespace and run.namespace is None
    with pytest.raises(LookupError, match="its namespace was released \\(a new run started\\)"):
        session.continuable()  # the new run failed to start, say: the old one still cannot go on
    second = Run(id="r2", question="q", model="m", sub_model="m", namespace=fresh.namespace)
    session.add(second, fresh)
    assert session.continuable() is second


def test_release_says_what_it_freed() -> None:
    session, _, probe = held()
    released = session.release("by %rlm release")
    assert released is not None and probe() is None
    assert released.summary() == "released the namespace of run r1 (1 name: big); --continue is no longer possible"
    assert "%rlm release\n      free the last run's namespace" in subcommands_help(GRAMMARS)  # in %rlm?


def test_a_child_runs_namespace_is_freed_when_the_child_ends(engine: Engine) -> None:
    replies = {"outer": [fence("r = rlm_query('inner', context=[1, 2, 3])"), "FINAL_VAR(r)"],
               "inner": [fence("kept = bytearray(10)\ns = sum(context)"), "FINAL_VAR(s)"]}

    def respond(request: ChatRequest) -> str | Reply:
        return Scripted(replies[Conversation.read_opening(request.messages).question])(request)

    run = engine.run(respond, question="outer", max_depth=2, namespace={})
    assert_final(run)
    child = run.subcalls[0].child
    assert child is not None and child.answer == 6 and child.namespace is None  # never continued: not kept
    assert run.namespace is not None  # the top-level run's is, for a follow-up


# -- through a real kernel ------------------------------------------------------------------------------------
@pytest.fixture
def fresh(kernel: KernelSession, server: FakeLLMServer) -> KernelSession:
    """The module's kernel with the big-object model, nothing held from an earlier test, and ``rss_mb()``."""
    server.models["big"], server.models["peek"] = BIG, Scripted([fence("during = rss_mb()"), "FINAL_VAR(during)"])
    kernel.ok("%rlm release\n" + RSS)
    return kernel


def rss(kernel: KernelSession) -> float:
    return float(kernel.value("rss_mb()"))


def big_run(kernel: KernelSession) -> tuple[float, float]:
    """(RSS before, RSS after) a run whose model made a 400 MB object in its namespace."""
    before = rss(kernel)
    kernel.ok('%rlm "make something big" --model big')
    after = rss(kernel)
    assert after - before >= GREW_AT_LEAST, (before, after)
    return before, after


@needs_proc
def test_del_rlm_run_frees_the_models_objects(fresh: KernelSession) -> None:
    before, after = big_run(fresh)
    fresh.ok("1 + 1")  # any later cell: rlm_run still holds the run, so the namespace stays for --continue
    fresh.ok("%rlm last")  # the run is in _ and Out now: that must not keep it
    assert fresh.value(f"rlm_run.namespace is not None, rss_mb() - {before} >= {GREW_AT_LEAST}") == "True True"
    fresh.ok("del rlm_run")
    left = rss(fresh)
    assert left - before <= LEFT_AT_MOST, (before, after, left)
    print(f"\nRSS MB: before {before:.0f}, after the run {after:.0f}, after del rlm_run {left:.0f}")
    out = fresh.execute('%rlm --continue "and then?"')
    assert "can no longer be continued: its namespace was released (no variable held the run any more" in out.stderr
    assert fresh.value("_.namespace is None, len(_.iterations)") == "True 2"  # the record in Out is whole


@needs_proc
def test_a_new_run_frees_the_last_ones_objects_before_its_code_runs(fresh: KernelSession) -> None:
    before, after = big_run(fresh)
    fresh.ok('%rlm "how much memory now?" --model peek')
    during = float(fresh.value("rlm_answer"))  # measured by the second run's own code, while it ran
    assert during - before <= LEFT_AT_MOST, (before, after, during)
    print(f"\nRSS MB: before {before:.0f}, after the run {after:.0f}, inside the next run {during:.0f}")


@needs_proc
def test_rlm_release_frees_them_at_once_and_says_so(fresh: KernelSession) -> None:
    before, after = big_run(fresh)
    run_id = fresh.value("rlm_run.id")
    said = fresh.ok("%rlm release").stdout.strip()
    assert said == f"released the namespace of run {run_id} (2 names: big, n); --continue is no longer possible"
    left = rss(fresh)
    assert left - before <= LEFT_AT_MOST, (before, after, left)
    print(f"\nRSS MB: before {before:.0f}, after the run {after:.0f}, after %rlm release {left:.0f}")
    assert fresh.ok("%rlm release").stdout.startswith("nothing to release")
    out = fresh.execute('%rlm --continue "and then?"')
    assert out.stderr.strip().splitlines()[-1].endswith(
        f"run {run_id} can no longer be continued: its namespace was released (by %rlm release); "
        "ask the question without --continue")
