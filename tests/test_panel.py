"""The live panel: a real scripted run through the engine, then synthetic events for streaming, throttling, threads."""
from __future__ import annotations

import contextlib
import html
import logging
import re
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import ipywidgets as widgets
import pandas as pd
import pytest

from rlm_jupyter import RLM, Run
from rlm_jupyter.engine.record.events import (
    CellFinished,
    GuardActed,
    IterationFinished,
    IterationStarted,
    RootReplied,
    RootStreaming,
    RunFinished,
    RunStarted,
    SubCallFinished,
    SubCallStarted,
)
from rlm_jupyter.engine.record.spend import money
from rlm_jupyter.engine.record.trajectory import CodeCell, GuardAction, Iteration, SubCall, Verdict
from rlm_jupyter.engine.run.executor import CapturedOutput, Executor, capture_std
from rlm_jupyter.jupyter import panel as panel_module
from rlm_jupyter.jupyter.panel import LivePanel
from rlm_jupyter.testing import FakeLLMServer, Scripted

BATCH = 20
CODE_1 = (f"answers = llm_query_batched([f'chunk {{i}} of {{context}}' for i in range({BATCH})])\n"
          "print(len(answers), 'answers')\n"
          "display(pd.DataFrame({'n': [len(a) for a in answers]}))")
CODE_2 = "result = f'{len(answers)} answers <ok>'\nprint(result)"
REPLIES = [f"Split the work & ask.\n```repl\n{CODE_1}\n```",
           f"Now finish.\n```repl\n{CODE_2}\n```\nFINAL_VAR(result)"]


def walk(widget: widgets.Widget) -> Iterator[widgets.Widget]:
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def text(fragment: str) -> str:
    """What a reader sees: tags stripped, entities unescaped (code is highlighted into spans)."""
    return html.unescape(re.sub(r"<[^>]+>", "", fragment))


def only(kind: type[widgets.Widget], root: widgets.Widget) -> Any:
    [found] = [w for w in walk(root) if type(w) is kind]
    return found


def rows(panel: LivePanel) -> list[widgets.VBox]:
    return list(only(widgets.Accordion, panel.widget).children)


def panel_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "rlm-panel-refresh"]


def _eventually(condition: Callable[[], bool], within_s: float = 10.0) -> bool:
    """Wait for what the refresher thread does (instead of sleeping a guess); False if it never happens."""
    deadline = time.monotonic() + within_s
    while not condition():
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.01)
    return True


@pytest.fixture
def finished_panels() -> Iterator[list[LivePanel]]:
    """Panels made by a test are finished afterwards, so no refresher outlives it even when it fails."""
    made: list[LivePanel] = []
    yield made
    for panel in made:
        panel.finish()
    assert not panel_threads()


def rich_executor(namespace: dict[str, Any], timeout_s: float | None) -> Executor:
    """Plain Python plus a ``display`` that records HTML bundles, as the kernel's capture does."""
    shown: list[dict[str, Any]] = []
    namespace.update(pd=pd, display=lambda obj: shown.append({"data": {"text/html": obj._repr_html_()},
                                                              "metadata": {}}))

    @contextlib.contextmanager
    def capture() -> Iterator[CapturedOutput]:
        shown.clear()
        with capture_std() as captured:
            yield captured
        captured.outputs = list(shown)

    return Executor(namespace, capture=capture, timeout_s=timeout_s)


# -- a real run ----------------------------------------------------------------------
@pytest.fixture
def scripted_run(fake_llm: FakeLLMServer, finished_panels: list[LivePanel]) -> tuple[LivePanel, Run]:
    fake_llm.models["root"] = Scripted(REPLIES)
    panel = LivePanel(max_iterations=5, budget_usd=1.0)
    finished_panels.append(panel)
    with RLM(model="root", sub_model="sub", base_url=fake_llm.base_url, api_key="t", max_iterations=5,
             budget_usd=1.0, prices={"root": (1, 2), "sub": (0.5, 1)}, observers=(panel.observe,)) as rlm, panel:
        run = rlm.run("How many answers?", "some context", executor_factory=rich_executor)
    assert run.status == "final", run.message
    return panel, run


def test_rows_show_each_iteration_with_its_code_outputs_and_subcalls(scripted_run: tuple[LivePanel, Run]) -> None:
    panel, _run = scripted_run
    accordion = only(widgets.Accordion, panel.widget)
    assert accordion.titles == (f"Iteration 1 · 1 code block · {BATCH} sub-calls",
                                "Iteration 2 · 1 code block · 0 sub-calls")
    first, second = (text(w.value) for w in (rows(panel)[0].children[0], rows(panel)[1].children[0]))
    assert "Split the work & ask." in first and CODE_1 in first and f"{BATCH} answers" in first
    assert 'class="dataframe"' in rows(panel)[0].children[0].value  # the displayed DataFrame is in its row
    assert CODE_2 in second and "20 answers <ok>" in second and "```" not in second


def test_subcall_count_bar_and_table(scripted_run: tuple[LivePanel, Run]) -> None:
    panel, _ = scripted_run
    first = rows(panel)[0]
    bar = only(widgets.IntProgress, first)
    assert (bar.value, bar.max, bar.bar_style) == (BATCH, BATCH, "success")
    count = " ".join(text(w.value) for w in first.children if isinstance(w, widgets.HTML))
    assert f"{BATCH} sub-calls · {BATCH} finished" in count
    table = first.children[-1].value
    assert table.count("<tr") == BATCH + 1 and "chunk 19" in table and "latency" in table
    assert only(widgets.IntProgress, rows(panel)[1]).layout.display == "none"  # no sub-calls, no bar


def test_header_cost_bar_timeline_and_answer(scripted_run: tuple[LivePanel, Run]) -> None:
    panel, run = scripted_run
    header = text(panel.header.value)
    assert "final" in header and "iteration 2/5" in header
    for model, usage in run.usage.items():
        assert f"{model}: {usage.prompt_tokens:,} in / {usage.completion_tokens:,} out" in header
    assert run.cost_usd and f"cost {money(run.cost_usd)} of $1.00" in header
    cost = only(widgets.FloatProgress, panel.widget)
    assert (cost.max, cost.value) == (1.0, pytest.approx(run.cost_usd))
    timelines = [w.value for w in walk(panel.widget) if isinstance(w, widgets.HTML) and w.value.startswith("<svg")]
    assert len(timelines) == 1 and "iteration 2:" in timelines[0]
    assert "20 answers <ok>" in text(panel.widget.children[-1].value)


def test_mimebundle_has_the_widget_view_and_a_stable_text_line(scripted_run: tuple[LivePanel, Run]) -> None:
    panel, _ = scripted_run
    bundle = panel._repr_mimebundle_()
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == panel.widget.model_id
    assert "text/plain" not in bundle  # blanked at the end: a fallback text would be stale in saved notebooks


def test_no_cost_bar_without_a_budget(finished_panels: list[LivePanel]) -> None:
    panel = LivePanel(max_iterations=3)
    finished_panels.append(panel)
    assert not [w for w in walk(panel.widget) if isinstance(w, widgets.FloatProgress)]


# -- synthetic events --------------------------------------------------------------------
def make_run(depth: int = 0) -> Run:
    return Run(id="r", question="q", model="root", sub_model="sub", depth=depth)


def call(run: Run, call_id: int, iteration: int = 0, **fields: Any) -> SubCall:
    return SubCall(id=call_id, kind="llm", model="sub", prompt=f"p{call_id}", depth=run.depth + 1,
                   iteration=iteration, **fields)


def test_the_reply_streams_into_its_row(finished_panels: list[LivePanel]) -> None:
    panel, run = LivePanel(max_iterations=3), make_run()
    finished_panels.append(panel)
    for event in (RunStarted(run), IterationStarted(run, 0), RootStreaming(run, 0, "Looking at <the> data"),):
        panel.observe(event)
    panel.refresh()
    body = rows(panel)[0].children[0].value
    assert "Looking at &lt;the&gt; data" in body and "pre-wrap" in body
    panel.observe(RootStreaming(run, 0, "Looking at <the> data\n```repl\nprint(1"))
    panel.refresh()
    assert "print(1" in text(rows(panel)[0].children[0].value)
    assert "running" in text(panel.header.value) and "iteration 1/3" in text(panel.header.value)


def test_rows_rerender_only_when_their_iteration_changed(finished_panels: list[LivePanel],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    rendered: list[str] = []
    original = panel_module.cell_html
    monkeypatch.setattr(panel_module, "cell_html", lambda c: rendered.append(c.code) or original(c))
    panel, run = LivePanel(max_iterations=3), make_run()
    finished_panels.append(panel)
    for index in (0, 1):
        it = Iteration(index, f"turn {index}")
        panel.observe(RootReplied(run, it))
        panel.observe(CellFinished(run, it, CodeCell(code=f"x = {index}")))
    panel.refresh()
    assert rendered == ["x = 0", "x = 1"]
    for i in range(1, 101):  # a batch in the second iteration leaves the first one alone
        panel.observe(SubCallStarted(run, call(run, i, iteration=1)))
    panel.refresh(final=True)
    panel.refresh(final=True)
    assert rendered == ["x = 0", "x = 1"]
    assert only(widgets.Accordion, panel.widget).titles[1] == "Iteration 2 · 1 code block · 100 sub-calls"


def started(finished_panels: list[LivePanel], settings: dict[str, Any], reply: str) -> tuple[LivePanel, Run, Iteration]:
    """A panel following a run whose first reply is in (its code not run yet)."""
    panel, run = LivePanel(max_iterations=3), make_run()
    run.settings = settings
    finished_panels.append(panel)
    first = Iteration(0, reply)
    panel.observe(RunStarted(run))
    panel.observe(RootReplied(run, first))
    return panel, run, first


def test_each_rows_verdicts_show_as_they_happen_and_the_header_sums_them(finished_panels: list[LivePanel]) -> None:
    panel, run, first = started(finished_panels, {"acceptance": "lenient"}, "```repl\nrecords = 'x'\n```\nFINAL(1976)")
    first.verdicts.append(Verdict("rebinds-context", "not-run", note="would rebind records", cell=0))
    panel.observe(CellFinished(run, first, CodeCell("records = 'x'", error="not run")))
    panel.refresh()
    assert "block 1 not run (rebinds-context)" in text(rows(panel)[0].children[0].value)  # before the turn ends
    assert only(widgets.Accordion, panel.widget).titles[0].endswith(" · block 1 not run")
    assert "checks · no answer refused; 1 block not run: rebinds-context (lenient)" in text(panel.header.value)
    first.verdicts.append(Verdict("unseen-value", "refused", note="1976 never appeared in <any> output"))
    panel.observe(IterationFinished(run, first))
    panel.refresh()
    body = rows(panel)[0].children[0].value
    assert "refused by <code>unseen-value</code>: 1976 never appeared in &lt;any&gt; output" in body
    assert only(widgets.Accordion, panel.widget).titles[0].endswith(" · FINAL refused (unseen-value) · block 1 not run")
    assert "1 answer refused and sent back: unseen-value; 1 block not run" in text(panel.header.value)
    second = Iteration(1, "FINAL('south')", verdicts=[Verdict("picked-by-eye", "marked", note="south was read off")])
    panel.observe(RootReplied(run, second))
    panel.observe(IterationFinished(run, second))
    second.verdicts.append(Verdict("row-mismatch", "marked", values={"label": "south"}))  # after the turn's events
    run.status, run.answer, run.iterations = "final", "south", [first, second]  # the record the loop kept
    panel.observe(RunFinished(run))
    panel.finish()
    assert "marked by row-mismatch: label: south" in text(rows(panel)[1].children[0].value)  # read at the end
    assert "accepted with 2 marks: picked-by-eye, row-mismatch" in text(panel.header.value)
    answer = text(panel.answer.value)
    assert "Accepted with 2 marks" in answer and "marked by picked-by-eye: south was read off" in answer


def test_a_guard_refusal_shows_in_its_row_and_the_header_as_it_happens(finished_panels: list[LivePanel]) -> None:
    panel, run, _ = started(finished_panels, {"guard": "on"}, "```repl\nimport os\nos.system('curl x | sh')\n```")
    panel.refresh()
    assert "guard · on: the model's code tried nothing it may not do" in text(panel.header.value)
    action = GuardAction("proc", "os.system('curl x | sh')", run_id=run.id, iteration=0, cell=0)
    panel.observe(GuardActed(run, action))  # while the block still runs
    panel.observe(GuardActed(run, GuardAction("net", "connect to 10.0.0.1:80", run_id="child", iteration=0)))
    panel.refresh()
    body = text(rows(panel)[0].children[0].value)
    assert "guard refused proc: os.system('curl x | sh') (iteration 1, block 1)" in body
    assert "10.0.0.1" not in body  # a child run's action is in its own report, inside the sub-call row
    assert "guard · on: refused 2 actions of the model's code (proc, net)" in text(panel.header.value)


def test_a_thousand_events_between_refreshes_cause_few_renders(finished_panels: list[LivePanel]) -> None:
    panel, run = LivePanel(max_iterations=3, refresh_hz=10), make_run()
    finished_panels.append(panel)
    calls = [call(run, i, latency_s=0.1, response="ok") for i in range(1, 1001)]
    with panel:
        begin = time.monotonic()
        for c in calls:
            panel.observe(SubCallStarted(run, c))
        for c in calls:
            panel.observe(SubCallFinished(run, c))
        assert _eventually(lambda: panel.renders >= 1)
        renders, elapsed = panel.renders, time.monotonic() - begin
    # 2,000 events, but at most one render per beat (10 a second) while they came: the bound follows the time
    # the events really took, which a busy machine stretches.
    assert 1 <= renders <= 2 + elapsed * panel.refresh_hz, (renders, elapsed)
    bar = only(widgets.IntProgress, panel.widget)
    assert (bar.value, bar.max) == (1000, 1000)


@pytest.mark.slow  # the clock ticks once a second
def test_the_clock_ticks_without_events(finished_panels: list[LivePanel]) -> None:
    panel, run = LivePanel(max_iterations=3, refresh_hz=50), make_run()
    finished_panels.append(panel)
    panel.observe(RunStarted(run))
    with panel:
        assert _eventually(lambda: panel.renders >= 1)
        first = panel.header.value
        assert _eventually(lambda: panel.header.value != first)  # the clock ticks about once a second
        assert panel.renders >= 2


def test_events_from_many_threads(finished_panels: list[LivePanel], caplog: pytest.LogCaptureFixture) -> None:
    panel, run = LivePanel(max_iterations=8, refresh_hz=100), make_run()
    finished_panels.append(panel)
    child = make_run(depth=1)

    def emit(worker: int) -> None:
        panel.observe(IterationStarted(run, worker))
        for i in range(200):
            c = call(run, worker * 1000 + i, iteration=worker, response="ok", latency_s=0.01)
            panel.observe(SubCallStarted(run, c))
            panel.observe(RootStreaming(run, worker, f"text {i}"))
            panel.observe(SubCallStarted(child, call(child, i)))  # a child run's events are ignored
            panel.observe(SubCallFinished(run, c))

    with caplog.at_level(logging.ERROR), panel:
        threads = [threading.Thread(target=emit, args=(w,)) for w in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        panel.observe(RunFinished(run))
    assert not caplog.records
    for row in rows(panel):
        bar = only(widgets.IntProgress, row)
        assert (bar.value, bar.max) == (200, 200)
        assert "text 199" in row.children[0].value
    assert not panel_threads()


def test_a_failing_widget_is_logged_and_never_reaches_the_run(finished_panels: list[LivePanel],
                                                              monkeypatch: pytest.MonkeyPatch,
                                                              caplog: pytest.LogCaptureFixture) -> None:
    def broken(run: Run) -> str:
        raise RuntimeError("widget trouble")

    monkeypatch.setattr(panel_module, "timeline_svg", broken)
    panel, run = LivePanel(max_iterations=3, refresh_hz=100), make_run()
    finished_panels.append(panel)
    with caplog.at_level(logging.ERROR), panel:
        panel.observe(RunStarted(run))
        assert _eventually(lambda: "stopped refreshing" in caplog.text)
        panel.observe(RunFinished(run))  # still recorded after the refresher gave up
    assert "widget trouble" in caplog.text and "stopped refreshing" in caplog.text
    assert not panel_threads()
    panel.observe(object())  # type: ignore[arg-type]  # a bad event is logged, not raised
    assert "could not record object" in caplog.text


def test_the_stop_button_knows_no_kernel_outside_one_and_closes_with_the_panel() -> None:
    """Outside a kernel (here) the button has no kernel id, so its JavaScript renders nothing; in a kernel it
    carries the id the browser interrupts (tests/test_stop_button.py clicks it in real Chromium)."""
    from rlm_jupyter.jupyter.stop_button import StopButton, current_kernel_id

    panel = LivePanel(max_iterations=3)
    assert isinstance(panel.stop, StopButton) and panel.stop.kernel_id == "" and current_kernel_id() is None
    assert "api/kernels/" in panel.stop._esm and "jupyter-config-data" in panel.stop._esm
    panel.close()
    assert panel.stop.comm is None and panel.widget.comm is None and panel.header.layout.comm is None


def test_calls_in_flight_cost_nothing_yet_and_cancelled_ones_are_counted_apart(finished_panels: list[LivePanel]) -> None:
    panel, run = LivePanel(max_iterations=3), make_run()
    finished_panels.append(panel)
    it = Iteration(0, "turn")
    panel.observe(RunStarted(run))
    panel.observe(RootReplied(run, it))
    flying = [call(run, i) for i in (1, 2, 3)]
    for c in flying:
        panel.observe(SubCallStarted(run, c))
    panel.refresh(final=True)
    [table] = [w for w in walk(panel.widget) if isinstance(w, widgets.HTML) and "rlm-subcalls" in w.value]
    assert "running" in table.value and "unknown" not in table.value  # nothing is spent before a reply comes
    for c in flying[1:]:  # the stop: two calls abandoned with their batch
        c.error, c.cancelled = "cancelled before its reply came (the run or its block was stopped)", True
        panel.observe(SubCallFinished(run, c))
    panel.refresh(final=True)
    count = next(w for w in walk(panel.widget) if isinstance(w, widgets.HTML) and "finished" in w.value)
    assert text(count.value) == "1 sub-call · 0 finished · 2 cancelled"  # not "2 failed"
    assert only(widgets.Accordion, panel.widget).titles[0] == "Iteration 1 · 0 code blocks · 1 sub-call and 2 cancelled"
