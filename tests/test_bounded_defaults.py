"""Defaults that keep a run bounded (issue 13, point 4).

A real small model's first block was ``llm_query_batched([... for line in context.split('\\n')])``: a sub-call
per line, over a thousand at 5-100 s each on a server that answers one at a time, and nothing stopped it.
What each test proves:
- a run has a wall-time limit and a sub-call cap by default, each easy to lift (``RLM(max_subcalls=None)``,
  ``--max-subcalls none``, ``%config RLMMagics.max_subcalls = None``);
- a batch bigger than the sub-calls left is refused before anything is sent, with feedback the model acts on:
  the next turn chunks, and the run ends ``final``; a single call past the cap still ends the run;
- the live panel says what the run waits for, and for how long, ticking about once a second, and stops.
"""
from __future__ import annotations

import contextlib
import re
import threading
from collections.abc import Iterator
from dataclasses import fields
from types import SimpleNamespace

import pytest

from rlm_jupyter import RLM
from rlm_jupyter.engine.record.events import (
    IterationStarted,
    RootReplied,
    RootStreaming,
    RunFinished,
    RunStarted,
    SubCallFinished,
    SubCallStarted,
)
from rlm_jupyter.engine.record.trajectory import Iteration, Run, SubCall
from rlm_jupyter.engine.run.budget import Budget
from rlm_jupyter.engine.settings import DEFAULTS, Settings
from rlm_jupyter.jupyter import panel as panel_module
from rlm_jupyter.jupyter.magic import RLMMagics
from rlm_jupyter.jupyter.options import OPTIONS, run_settings
from rlm_jupyter.jupyter.stop_button import StopButton

from .scripted import ROOT, SUB, Engine, assert_final, engine, fence, last_user
from .test_magic_parsing import configured, parse

__all__ = ["engine"]

LINES = 1_500
LOG = "\n".join(f"2024-05-01 GET /item/{i} status={500 if i % 7 == 0 else 200}" for i in range(LINES))
PER_LINE = "notes = llm_query_batched(['Is this line an error? ' + line for line in context.split(chr(10))])"
CHUNKED = ("lines = context.split(chr(10))\n"
           "chunks = [chr(10).join(lines[i:i + 75]) for i in range(0, len(lines), 75)]\n"
           "notes = llm_query_batched(['Count the error lines:' + chr(10) + c for c in chunks])\n"
           "print(len(notes), 'chunk notes')")


# -- the defaults ------------------------------------------------------------------------------
def test_a_run_has_a_wall_time_limit_and_a_subcall_cap_by_default_each_with_its_reason() -> None:
    assert DEFAULTS.timeout_s == 1_800.0 and DEFAULTS.max_subcalls == 1_000
    reasons = {f.name: f.metadata["why"] for f in fields(Settings)}
    assert "coffee break" in reasons["timeout_s"] and "per-line" in reasons["max_subcalls"]
    assert Budget(DEFAULTS).remaining_s() == pytest.approx(1_800.0, abs=5.0)
    assert Budget(DEFAULTS).subcalls_left() == 1_000
    documented = RLM.__init__.__doc__ or ""  # help(RLM) lists the defaults with their reasons
    assert "max_subcalls = 1000" in documented and "timeout_s = 1800.0" in documented


def test_each_limit_is_lifted_in_python_on_the_line_and_in_config() -> None:
    with RLM(model=ROOT, base_url="http://127.0.0.1:9/v1", api_key="k", max_subcalls=None, timeout_s=None) as rlm:
        assert (rlm.settings.max_subcalls, rlm.settings.timeout_s) == (None, None)
    assert OPTIONS["max_subcalls"] == "--max-subcalls" and OPTIONS["timeout_s"] == "--timeout"
    raised = run_settings(configured(), parse('df "q" --max-subcalls 5000 --timeout 7200'), cache=True)
    assert (raised.max_subcalls, raised.timeout_s) == (5_000, 7_200.0)
    lifted = run_settings(configured(), parse('df "q" --max-subcalls none --timeout None'), cache=True)
    assert (lifted.max_subcalls, lifted.timeout_s) == (None, None)
    kept = run_settings(configured(max_subcalls=None), parse('df "q"'), cache=True)  # %config ... = None
    assert kept.max_subcalls is None and kept.timeout_s == 1_800.0
    with pytest.raises(Exception, match="invalid int value: 'lots'"):
        parse('df "q" --max-subcalls lots')
    magics = RLMMagics()
    magics.max_subcalls = None  # what %config RLMMagics.max_subcalls = None sets
    magics.timeout_s = None
    assert (magics.max_subcalls, magics.timeout_s) == (None, None)


# -- an over-large batch is refused before anything is sent -----------------------------------------
def test_a_per_line_fan_out_is_refused_unsent_and_the_model_chunks_instead(engine: Engine) -> None:
    run = engine.run([fence(PER_LINE), fence(CHUNKED), "FINAL_VAR(notes)"], LOG)  # the default cap: 1,000
    assert_final(run)
    sub_prompts = [r.messages[-1]["content"] for r in engine.server.requests if r.model == SUB]
    assert not [p for p in sub_prompts if p.startswith("Is this line an error?")]  # none of the 1,500 was sent
    assert len(sub_prompts) == 20 and len(run.answer) == 20 and len(run.subcalls) == 20
    feedback = last_user(engine.server, 1)  # what the model read before its second turn
    assert ("llm_query_batched: 1,500 prompts but only 1,000 sub-calls are left in this run (max_subcalls); "
            "nothing was sent") in feedback
    assert re.search(r"e\.g\. 20 chunks of ~75 items each", feedback), feedback
    assert "SubCallError" in (run.iterations[0].cells[0].error or "")


def test_the_refusal_counts_against_what_is_left_including_earlier_calls(engine: Engine) -> None:
    code = ("first = llm_query_batched(['a', 'b', 'c'])\n"
            "try:\n    llm_query_batched([f'p{i}' for i in range(3)])\n"
            "except SubCallError as e:\n    print('refused:', e)\n"
            "rest = llm_query_batched(['d', 'e'])")
    run = engine.run([fence(code), "FINAL_VAR(rest)"], max_subcalls=5)
    assert_final(run)
    assert "refused: llm_query_batched: 3 prompts but only 2 sub-calls are left" in last_user(engine.server, 1)
    assert engine.server.count(SUB) == 5 and [c.prompt for c in run.subcalls] == ["a", "b", "c", "d", "e"]


def test_a_call_past_the_cap_still_ends_the_run_as_a_budget_stop(engine: Engine) -> None:
    # With nothing left there is nothing to retry with: a batch, like a single call, ends the run.
    for code in ("llm_query_batched(['a', 'b'])\nllm_query('c')", "llm_query_batched(['a', 'b'])\n"
                                                                   "llm_query_batched(['c', 'd'])"):
        engine.server.reset()
        run = engine.run([fence(code), "FINAL(never)"], max_subcalls=2)
        assert run.status == "budget" and "sub-call limit of 2 reached" in run.message
        assert engine.server.count(SUB) == 2


# -- the panel says what the run waits for -------------------------------------------------------
class Clock:
    """The panel's clock, moved by hand: what it shows follows time without a test that waits."""

    def __init__(self) -> None:
        self.now = 1_000.0

    def monotonic(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(panel_module, "time", SimpleNamespace(monotonic=fake.monotonic))
    return fake


@pytest.fixture
def panels() -> Iterator[list[panel_module.LivePanel]]:
    """Panels made by a test are finished afterwards, so no refresher outlives it even when it fails."""
    # Outside a kernel, the first StopButton (anywidget) installs ipykernel's comms; widgets made before it have
    # comms no manager knows, which cannot be closed. A throwaway button makes this test's panels closable.
    with contextlib.suppress(KeyError):
        StopButton().close()
    made: list[panel_module.LivePanel] = []
    yield made
    for panel in made:
        panel.finish()
    assert not [t for t in threading.enumerate() if t.name == panel_module.THREAD_NAME]


def make_run() -> Run:
    return Run(id="r", question="q", model=ROOT, sub_model=SUB)


def subcall(call_id: int) -> SubCall:
    return SubCall(id=call_id, kind="llm", model=SUB, prompt=f"p{call_id}", depth=1, iteration=0)


def test_the_panel_shows_the_seconds_waited_for_the_root_model_and_the_subcalls_in_flight(
        clock: Clock, panels: list[panel_module.LivePanel]) -> None:
    panel, run = panel_module.LivePanel(max_iterations=3), make_run()
    panels.append(panel)
    shown = lambda: (panel.refresh(), re.sub(r"<[^>]+>", "", panel.activity.value))[1]  # noqa: E731
    panel.observe(RunStarted(run))
    panel.observe(IterationStarted(run, 0))
    clock.now += 42.4
    assert shown() == "waiting for the root model: 42 s"
    panel.observe(RootStreaming(run, 0, "Let me look"))
    clock.now += 18
    assert shown() == "receiving the root model's reply: 1 min 00 s"  # from 60 s on, in minutes
    clock.now += 65
    assert shown() == "receiving the root model's reply: 2 min 05 s"
    panel.observe(RootReplied(run, Iteration(0, "Let me look")))
    for call_id in (1, 2, 3):
        panel.observe(SubCallStarted(run, subcall(call_id)))
        clock.now += 4
    assert shown() == "3 sub-calls in flight, oldest 12 s"
    panel.observe(SubCallFinished(run, subcall(1)))
    assert shown() == "2 sub-calls in flight, oldest 8 s"
    panel.observe(SubCallFinished(run, subcall(2)))
    panel.observe(SubCallFinished(run, subcall(3)))
    assert shown() == ""
    panel.observe(IterationStarted(run, 1))
    panel.observe(SubCallStarted(run, subcall(4)))  # a sub-call seen during a root wait: both are said
    clock.now += 3
    assert shown() == "waiting for the root model: 3 s · 1 sub-call in flight, oldest 3 s"
    panel.observe(RunFinished(run))
    assert shown() == ""  # the run has ended: nothing is in flight any more


@pytest.mark.slow  # waits out two ticks of the real clock
def test_the_wait_ticks_by_itself_and_stops_with_the_panel(panels: list[panel_module.LivePanel]) -> None:
    panel, run = panel_module.LivePanel(max_iterations=3, refresh_hz=20), make_run()
    panels.append(panel)
    panel.observe(RunStarted(run))
    panel.observe(IterationStarted(run, 0))
    waited: list[int] = []
    done = threading.Event()

    def seconds_shown() -> None:  # what a reader sees over 5 s, read from the widget the refresher writes
        while not done.wait(0.05):
            found = re.search(r"waiting for the root model: (\d+) s", panel.activity.value)
            if found and (not waited or int(found.group(1)) != waited[-1]):
                waited.append(int(found.group(1)))
            if len(waited) >= 3:
                return

    reader = threading.Thread(target=seconds_shown)
    with panel:
        reader.start()
        reader.join(timeout=5.0)
        done.set()
        assert waited[:1] == [0] and len(waited) >= 3 and waited == sorted(waited), waited
    assert panel._thread is None  # finish() stopped the refresher
    panel.close()
    assert panel.activity.comm is None  # closed with the panel: no widget left behind
