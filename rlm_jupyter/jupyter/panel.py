"""The live panel of a run: stock ipywidgets, driven only by engine events.

Why a recorder plus one refresher thread (the shape of rich's ``Live``):
observers are called on the main thread *and* on sub-call worker threads, and
a batch can finish thousands of calls a second. ``observe`` therefore only
records what happened under a lock and bumps version counters; one daemon
thread renders the recorded state into the widgets at most ``refresh_hz``
times a second. Widget traffic stays bounded whatever the event rate, every
widget has a single writer, and a widget failure is logged instead of reaching
the run. A row is re-rendered only when its iteration changed, and the costly
parts (sub-call tables, the timeline) at most once a second until the run ends.
While it runs, a sub-call table shows only the newest ``LIVE_TABLE_ROWS`` calls:
a batch of 10,000 would otherwise re-render (and re-send to the browser) a
10,000-row table every second; the count and the progress bar cover them all,
from counters kept as events arrive. The slow parts also wait in proportion to
what they cost (``SLOW_DUTY``): with thousands of calls the timeline takes tens
of milliseconds to draw, and the refresher must not hold the GIL the sub-call
threads need.
"""
from __future__ import annotations

import dataclasses
import itertools
import logging
import threading
import time
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any

import ipywidgets as widgets

from ..demo_model.launch import demo_note
from ..engine.dialogue.protocol import parse_reply
from ..engine.record.events import (
    CellFinished,
    CellStarted,
    Event,
    GuardActed,
    IterationFinished,
    IterationStarted,
    RootReplied,
    RootStreaming,
    RunFinished,
    SubCallFinished,
    SubCallStarted,
)
from ..engine.record.spend import cache_words, money, spend_words
from ..engine.record.trajectory import CodeCell, GuardAction, Iteration, Run, SubCall, Verdict, subcall_count
from ..text import plural
from .cells import cell_html
from .endpoint_marks import cut_html, declined_html, notices_html, reasoning_html, reply_marks
from .format import seconds, usage_line
from .guard_lines import actions_html, allowed_of, mode_of
from .guard_lines import summarize as guard_summary
from .markup import code_html, esc
from .report import answer_html, grounding_note, run_html
from .stop_button import StopButton
from .subcall_table import subcalls_html
from .timeline import timeline_svg
from .verdicts import policy_of, summarize, turn_marks, verdicts_html

log = logging.getLogger(__name__)

SLOW_S = 1.0  # the clock ticks, and sub-call tables and the timeline re-render, at most this often while running
SLOW_DUTY = 20  # ... and no sooner than this many times what their last rendering took (at most 5% of the time)
THREAD_NAME = "rlm-panel-refresh"
MAX_FAILURES = 3  # consecutive refresh failures before the refresher gives up (the run goes on)
LIVE_TABLE_ROWS = 100  # sub-call table rows shown while the run goes (all of them once it has ended)
_PROSE = '<div style="white-space: pre-wrap; word-break: break-word">{}</div>'


@dataclass
class _Row:
    """What the events said about one iteration; its widgets are rendered from this alone."""

    index: int
    started_s: float  # seconds after the run started, as the panel saw it (until the Iteration record exists)
    text: str = ""  # the reply so far (streamed), then the whole reply
    iteration: Iteration | None = None  # set once the root reply is in
    closed: bool = False
    cells: list[CodeCell] = field(default_factory=list)
    running: str | None = None  # code of the block being executed
    calls: dict[int, SubCall] = field(default_factory=dict)
    verdicts: list[Verdict] = field(default_factory=list)  # what the acceptance policy decided, as events said it
    guard: list[GuardAction] = field(default_factory=list)  # what the capability guard refused in this turn
    done: set[int] = field(default_factory=set)  # ids of finished calls (a set: a repeated event counts once)
    failed: int = 0  # finished calls with an error of their own
    cancelled: int = 0  # calls a stop abandoned before their reply: counted apart
    body: int = 0  # version of the prose and cells
    subcalls: int = 0  # version of the sub-calls

    def snapshot(self) -> _Row:
        """A copy the refresher can render outside the lock while events keep arriving."""
        return dataclasses.replace(self, cells=list(self.cells), calls=dict(self.calls), done=set(self.done),
                                   verdicts=list(self.verdicts), guard=list(self.guard))


class _RowView:
    """The widgets of one iteration and which versions of its row they show."""

    def __init__(self, position: int) -> None:
        self.position = position
        self.body = widgets.HTML()
        self.count = widgets.HTML()
        self.bar = widgets.IntProgress(min=0, max=1, description="sub-calls", layout=widgets.Layout(display="none"))
        self.table = widgets.HTML()
        self.box = widgets.VBox([self.body, self.count, self.bar, self.table])
        self.body_seen = self.calls_seen = self.table_seen = -1
        self.table_partial = False  # the table shows only the newest calls


class LivePanel:
    """Widgets that follow one run (the depth-0 one). Pass ``observe`` to the engine; display the panel.

    >>> panel = LivePanel(max_iterations=20, budget_usd=0.50)     # doctest: +SKIP
    >>> display(panel)                                           # doctest: +SKIP
    >>> with panel:                                              # doctest: +SKIP
    ...     run = rlm.run(question, ctx, observers=(panel.observe,))
    """

    def __init__(self, max_iterations: int, budget_usd: float | None = None, refresh_hz: float = 10.0) -> None:
        if refresh_hz <= 0:
            raise ValueError(f"refresh_hz must be > 0, got {refresh_hz}")
        self.max_iterations, self.budget_usd, self.refresh_hz = max_iterations, budget_usd, refresh_hz
        self.renders = 0  # refreshes that ran: the throttle is observable
        self.failures = 0  # consecutive failed refreshes
        self.closed = False  # close() ran: the widgets are gone from the kernel
        self._lock = threading.Lock()  # guards the recorded state below
        self._render_lock = threading.Lock()  # one writer of the widgets at a time, whoever calls refresh
        self._run: Run | None = None
        self._t0 = 0.0
        self._ended = False
        self._rows: dict[int, _Row] = {}
        self._root_since: float | None = None  # when the root call in flight was sent (panel clock)
        self._root_streaming = False  # ... and whether its reply has begun to arrive
        self._flight: dict[int, float] = {}  # sub-calls in flight: id -> when it started (panel clock)
        self._guard: list[GuardAction] = []  # every action the guard refused or recorded, child runs' too
        self._version = 0  # bumped by every recorded event
        self._shown = 0  # the version the widgets show
        self._slow_at = float("-inf")  # when the slow parts were last rendered
        self._slow_cost = 0.0  # how long that took
        self._views: dict[int, _RowView] = {}
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self.header = widgets.HTML("<b>RLM</b> · waiting for the run to start")
        self.activity = widgets.HTML()  # what the run waits for, and for how long: ticks once a second
        self.cost_bar = (widgets.FloatProgress(min=0.0, max=budget_usd, description="cost")
                         if budget_usd is not None else None)
        self.timeline = widgets.HTML()
        self.iterations = widgets.Accordion()
        self.answer = widgets.HTML()
        self.stop = StopButton()  # interrupts the kernel from the browser: a busy kernel reads no widget click
        parts = [widgets.HBox([self.stop, self.header]), self.activity, self.cost_bar, self.timeline, self.iterations,
                 self.answer]
        self.widget = widgets.VBox([w for w in parts if w is not None])

    # -- recording (any thread) -------------------------------------------------------
    def observe(self, event: Event) -> None:
        """Record ``event``. Fast and never raises: a panel bug must neither detach the panel nor break the run."""
        try:
            with self._lock:
                if self._follows(event.run):
                    self._record(event)
                    self._version += 1
        except Exception:
            log.exception("rlm_jupyter live panel could not record %s", type(event).__name__)

    def _follows(self, run: Run) -> bool:
        """Child runs appear only inside their parent's ``rlm`` sub-call rows, once finished."""
        if run.depth > 0:
            return False
        if self._run is None:
            self._run, self._t0 = run, time.monotonic()
        return run is self._run

    def _record(self, event: Event) -> None:
        match event:
            case RunFinished(run=run):
                self._ended = True
                self._root_since = None
                self._flight.clear()
                seen = [row.iteration for row in self._rows.values() if row.iteration is not None]
                for it in [*seen, *run.iterations]:  # a verdict the loop added after the turn's last event
                    self._take_verdicts(it)
            case GuardActed(action=action):
                self._guard.append(action)
                if action.run_id == event.run.id and action.iteration is not None:  # a child's: in its own report
                    self._changed(action.iteration).guard.append(action)
            case IterationStarted(index=index):
                self._row(index)
                self._root_since, self._root_streaming = time.monotonic(), False
            case RootStreaming(index=index, text=text):
                self._changed(index).text = text
                self._root_streaming = True
            case RootReplied(iteration=it):
                self._root_since = None
                row = self._changed(it.index)
                row.iteration, row.text = it, it.reply
            case CellStarted(iteration=it, code=code):
                self._changed(it.index).running = code
            case CellFinished(iteration=it, cell=cell):
                row = self._changed(it.index)
                row.cells.append(cell)
                row.running = None
                self._take_verdicts(it)  # a block not run is decided before its cell is kept
            case IterationFinished(iteration=it):
                row = self._row(it.index)
                row.iteration, row.closed = it, True
                self._take_verdicts(it)
            case SubCallStarted(call=call) | SubCallFinished(call=call):
                row = self._row(call.iteration if call.iteration >= 0 else max(self._rows, default=0))
                row.calls.setdefault(call.id, call)
                row.subcalls += 1
                if isinstance(event, SubCallStarted):
                    self._flight.setdefault(call.id, time.monotonic())
                else:
                    self._flight.pop(call.id, None)
                if isinstance(event, SubCallFinished) and call.id not in row.done:
                    row.done.add(call.id)
                    row.failed += call.error is not None and not call.cancelled
                    row.cancelled += call.cancelled

    def _take_verdicts(self, it: Iteration) -> None:
        """Copy the turn's verdicts into its row (under the lock: the loop appends to the list it owns)."""
        verdicts, row = list(it.verdicts), self._rows.get(it.index)
        if verdicts != (row.verdicts if row is not None else []):
            self._changed(it.index).verdicts = verdicts

    def _row(self, index: int) -> _Row:
        if index not in self._rows:
            self._rows[index] = _Row(index, started_s=time.monotonic() - self._t0)
        return self._rows[index]

    def _changed(self, index: int) -> _Row:
        row = self._row(index)
        row.body += 1
        return row

    # -- rendering (the refresher thread, or finish) ---------------------------------------
    def refresh(self, final: bool = False) -> None:
        """Render what changed since the last refresh; ``final`` renders the slow parts now too."""
        with self._render_lock:
            now = time.monotonic()
            with self._lock:
                run, ended, version, iterations = self._run, self._ended, self._version, len(self._rows)
                slow = final or ended or now - self._slow_at >= max(SLOW_S, SLOW_DUTY * self._slow_cost)
                complete = final or ended
                rows = [row.snapshot() for row in self._rows.values() if self._stale(row, slow, complete)]
                timeline = self._timeline_run(run, now) if slow and run is not None else None
                activity = self._activity(now)
                verdicts = [v for index in sorted(self._rows) for v in self._rows[index].verdicts]
                guarded = list(self._guard)
            self.renders += 1
            if self.activity.value != activity:
                self.activity.value = activity
            self._render_rows(sorted(rows, key=lambda r: r.index), slow, complete)
            if run is not None:
                self._render_header(run, ended, iterations, now, verdicts, guarded)
            if timeline is not None:
                self.timeline.value = timeline_svg(timeline)
            if ended and run is not None and not self.answer.value:
                self.answer.value = answer_html(run) + grounding_note(run)  # answer_html shows the marks too
            self._shown = version
            if slow:
                self._slow_at, self._slow_cost = now, time.monotonic() - now

    def _activity(self, now: float) -> str:
        """What the run is waiting for right now, with the seconds it has waited (under the lock).

        Why: a local model can take a minute per turn, and a panel whose only moving part is the run's total
        time looks hung; "waiting for the root model: 42 s" says who is slow, and how slow.
        """
        if self._ended:
            return ""
        parts = []
        if self._root_since is not None:
            doing = "receiving the root model's reply" if self._root_streaming else "waiting for the root model"
            parts.append(f"{doing}: {_waited(now - self._root_since)}")
        if self._flight:
            parts.append(f"{plural(len(self._flight), 'sub-call')} in flight, oldest "
                         f"{_waited(now - min(self._flight.values()))}")
        return f"<i>{' · '.join(parts)}</i>" if parts else ""

    def _stale(self, row: _Row, slow: bool, complete: bool = False) -> bool:
        view = self._views.get(row.index)
        return (view is None or view.body_seen != row.body or view.calls_seen != row.subcalls
                or (slow and (view.table_seen != row.subcalls or (complete and view.table_partial))))

    def _render_rows(self, rows: list[_Row], slow: bool, complete: bool = False) -> None:
        if not rows:
            return
        new = [row.index for row in rows if row.index not in self._views]
        for index in new:
            self._views[index] = _RowView(len(self._views))
        if new:
            self.iterations.children = (*self.iterations.children, *(self._views[i].box for i in new))
            self.iterations.selected_index = len(self.iterations.children) - 1  # follow the newest iteration
        titles = list(self.iterations.titles)
        for row in rows:
            view = self._views[row.index]
            marks = (reply_marks(row.iteration) if row.iteration is not None else []) + turn_marks(row.verdicts)
            titles[view.position] = (f"Iteration {row.index + 1} · "
                                     f"{plural(len(row.cells) + (row.running is not None), 'code block')} · "
                                     f"{subcall_count(list(row.calls.values()))}"
                                     + "".join(f" · {m}" for m in marks))
            if view.body_seen != row.body:
                view.body.value, view.body_seen = _body_html(row), row.body
            if view.calls_seen != row.subcalls:
                _show_count(view, row)
                view.calls_seen = row.subcalls
            if slow and (view.table_seen != row.subcalls or (complete and view.table_partial)):
                view.table.value, view.table_partial = _table_html(row, complete)
                view.table_seen = row.subcalls
        if tuple(titles) != self.iterations.titles:
            self.iterations.titles = tuple(titles)

    def _render_header(self, run: Run, ended: bool, iterations: int, now: float, verdicts: list[Verdict],
                       guarded: list[GuardAction]) -> None:
        run = dataclasses.replace(run, usage=dict(run.usage))  # worker threads add models: iterate a copy
        cost = run.cost_usd
        of_budget = f" of {money(self.budget_usd)}" if self.budget_usd is not None else ""
        message = f" — {esc(run.message)}" if ended and run.message else ""
        saved = cache_words(run.usage)
        demo = demo_note(run.model, run.sub_model)
        self.header.value = ("<b>RLM</b> · " + (f"<i>{esc(demo)}</i> · " if demo else "")
                             + f"<b>{esc(run.status)}</b>{message} · "
                             f"iteration {iterations}/{self.max_iterations} · "
                             f"{seconds(run.wall_s if ended else now - self._t0)} · {esc(usage_line(run.usage))} · "
                             f"cost {esc(spend_words(run.usage))}{of_budget}"
                             + (f" · {esc(saved)}" if saved else "") + _acceptance_html(run, verdicts, ended)
                             + _guard_html(run, guarded) + notices_html(run))
        if self.cost_bar is not None and self.budget_usd is not None:
            spent = cost or 0.0
            self.cost_bar.value = spent
            self.cost_bar.bar_style = ("danger" if spent >= self.budget_usd
                                       else "warning" if spent >= 0.8 * self.budget_usd else "")

    def _timeline_run(self, run: Run, now: float) -> Run:
        """The run as ``timeline_svg`` should draw it now: in-flight iterations and the clock filled in."""
        elapsed = run.wall_s if self._ended else now - self._t0
        iterations = []
        for row in self._rows.values():
            started = row.iteration.started_s if row.iteration is not None else row.started_s
            duration = row.iteration.duration_s if row.closed and row.iteration else elapsed - started
            iterations.append(Iteration(row.index, "", started_s=started, duration_s=duration,
                                        subcalls=list(row.calls.values())))
        return dataclasses.replace(run, iterations=iterations, wall_s=elapsed, usage={})

    # -- the refresher thread -------------------------------------------------------------
    def start(self) -> None:
        """Start the refresher: a daemon thread, the only writer of the widgets while it runs (idempotent)."""
        if self._thread is None or not self._thread.is_alive():
            self._stop = threading.Event()
            self._thread = threading.Thread(target=self._refresher, args=(self._stop,), name=THREAD_NAME, daemon=True)
            self._thread.start()

    def finish(self) -> None:
        """Stop and join the refresher, then refresh once more here so the final state is shown."""
        thread, self._thread = self._thread, None
        self._stop.set()
        if thread is not None:
            thread.join()
        self._safe_refresh(final=True)

    def _refresher(self, stop: threading.Event) -> None:
        """Like rich's ``_RefreshThread``: beat every 1/hz seconds until stopped or until refreshing gives up."""
        while not stop.wait(1.0 / self.refresh_hz) and self._tick():
            pass

    def _tick(self) -> bool:
        """One beat: refresh if anything changed, or once a second for the clock. False: stop the thread."""
        with self._lock:
            dirty = self._version != self._shown
            clock = self._run is not None and not self._ended and time.monotonic() - self._slow_at >= SLOW_S
        return self._safe_refresh() if dirty or clock else True

    def _safe_refresh(self, final: bool = False) -> bool:
        try:
            self.refresh(final)
        except Exception:
            self.failures += 1
            log.exception("rlm_jupyter live panel failed to refresh (%d in a row)", self.failures)
            if self.failures >= MAX_FAILURES:
                log.error("rlm_jupyter live panel stopped refreshing; the run goes on")
                return False
            return True
        self.failures = 0
        return True

    def close(self) -> None:
        """Close every widget of the panel, their layouts and styles too: nothing of it stays in the kernel.

        Why: a widget that stays open is saved with the notebook (nbclient,
        papermill and nbconvert store the state of every open widget), and the
        report has replaced the panel by then.
        """
        if self.closed:
            return
        self.finish()
        self.closed = True
        for widget in _widget_tree(self.widget):
            widget.close()

    def __enter__(self) -> LivePanel:
        self.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.finish()

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        """The widget view only: no text fallback, because the view is blanked when the run ends.

        Why no "in progress" text: nbval (and any client that ignores
        update_display_data) compares the first bundle it saw with the saved
        notebook, where this output is empty; widget-view JSON it skips.
        """
        bundle = dict(self.widget._repr_mimebundle_() or {})
        bundle.pop("text/plain", None)
        return bundle


def _widget_tree(root: widgets.Widget) -> list[widgets.Widget]:
    """``root``, its descendants, and every layout and style model they hold."""
    found: list[widgets.Widget] = []
    stack = [root]
    while stack:
        widget = stack.pop()
        found.append(widget)
        stack += [getattr(widget, name) for name in ("layout", "style")
                  if isinstance(getattr(widget, name, None), widgets.Widget)]
        stack += list(getattr(widget, "children", ()))
    return found


def _waited(s: float) -> str:
    """Seconds waited, whole: a count that ticks once a second should not flicker tenths."""
    return f"{max(0, int(s))} s" if s < 60 else seconds(s)


def _body_html(row: _Row) -> str:
    """The prose (the raw text so far while it streams), each finished block, then the one running."""
    if not row.text and row.iteration is None:
        return "<i>waiting for the model…</i>"
    prose = parse_reply(row.text).prose if row.iteration is not None else row.text
    parts = [reasoning_html(row.iteration.reasoning) if row.iteration is not None else "",
             _PROSE.format(esc(prose)) if prose else "",
             cut_html(row.iteration) + declined_html(row.iteration) if row.iteration is not None else ""]
    parts += [cell_html(cell) for cell in row.cells]
    if row.running is not None:
        parts.append(f"{code_html(row.running)}<i>running…</i>")
    parts.append(verdicts_html(row.verdicts))  # the report's lines, in the same place: after the turn's blocks
    parts.append(actions_html(row.guard))  # and what the guard refused in this turn
    return "".join(parts)


def _acceptance_html(run: Run, verdicts: list[Verdict], ended: bool) -> str:
    """The header's checks line: what the acceptance checks did so far, and the policy (the report's "checks" row)."""
    detail = summarize(verdicts, ended and run.status == "final")
    return f"<br><small>checks · {esc(detail)} (<code>{esc(policy_of(run))}</code>)</small>"


def _guard_html(run: Run, guarded: list[GuardAction]) -> str:
    """The header's guard line: the mode and what it refused so far (the report's "guard" row, without the list)."""
    words = guard_summary(guarded, mode_of(run), allowed_of(run))
    isolated = " · the model's code runs in an isolated REPL" if run.settings.get("isolated") else ""
    return f"<br><small>guard · {esc(words)}{isolated}</small>" if words or isolated else ""


def _table_html(row: _Row, complete: bool) -> tuple[str, bool]:
    """The row's sub-call table, and whether it is cut to the newest LIVE_TABLE_ROWS calls (while the run goes)."""
    if complete or len(row.calls) <= LIVE_TABLE_ROWS:
        return subcalls_html(row.calls.values(), child_html=run_html), False
    newest = list(itertools.islice(reversed(row.calls.values()), LIVE_TABLE_ROWS))  # calls are recorded as they start
    note = (f"<div><i>the newest {LIVE_TABLE_ROWS} of {len(row.calls):,} sub-calls; "
            "the table lists them all when the run ends</i></div>")
    return note + subcalls_html(newest, child_html=run_html), True


def _show_count(view: _RowView, row: _Row) -> None:
    """The count line and progress bar, from counters: cheap enough to update on every refresh."""
    started, finished = len(row.calls), len(row.done)
    failed, cancelled = row.failed, row.cancelled
    view.count.value = (f"<b>{plural(started - cancelled, 'sub-call')}</b> · {finished - cancelled} finished"
                        + (f" · {failed} failed" if failed else "")
                        + (f" · {cancelled} cancelled" if cancelled else "")) if started else ""
    view.bar.max = max(started, 1)  # max first: a value above max would be clamped
    view.bar.value = finished
    view.bar.bar_style = "success" if started and finished == started else "info"
    view.bar.layout.display = None if started else "none"


__all__ = ["LivePanel"]
