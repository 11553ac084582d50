"""The static report of a finished (or partial) run, for saved notebooks.

Why a static report next to the live panel: JupyterLab does not save widget
state, so a notebook reopened on GitHub, nbviewer or through ``nbconvert``
shows only the plain outputs. ``Report`` displays as self-contained HTML that
needs no CSS or JavaScript, a stable ``text/plain`` summary (what nbval
compares), and output metadata carrying the whole trajectory, which replay
reads back with ``Run.from_dict(meta["rlm_jupyter"]["trajectory"])``.
"""
from __future__ import annotations

import json
import sys
from typing import Any

from ..demo_model.launch import demo_note
from ..engine.dialogue.protocol import parse_reply
from ..engine.record.spend import cache_words, spend_words
from ..engine.record.trajectory import Iteration, Run, subcall_count
from ..engine.trust.grounding import describe as describe_grounding
from ..text import bounded_repr, plural
from .cells import cell_html
from .endpoint_marks import cost_sources, cut_html, declined_html, notices_html, reasoning_html, reply_marks
from .evidence_notes import sources_html, sources_text
from .format import seconds, usage_line
from .guard_lines import actions_html, in_iteration
from .guard_lines import summary_html as guard_html
from .guard_lines import summary_line as guard_line
from .markup import answer_preview_html, esc, table_cell, volatile
from .subcall_table import subcalls_html
from .timeline import timeline_img
from .verdicts import acceptance_summary, marks_html, summary_html, turn_marks, verdict_text, verdicts_html

METADATA_KEY = "rlm_jupyter"
MAX_REPORT_SUBCALLS = 200  # rows per iteration in the saved report; the trajectory keeps every call
METADATA_VERSION = 1
ANSWER_LABEL_CHARS = 60  # the answer's repr in the text summary: one line, next to the counts

_STATUS_COLOURS = {"final": "#1a7f37", "running": "#0969da"}  # everything else is a stop short of an answer


# -- HTML --------------------------------------------------------------------------
def run_html(run: Run) -> str:
    """The whole run as one ``<div>``: header, timeline, one ``<details>`` per iteration, the answer.

    The page is redacted as a whole too: a net under the texts redacted where
    they were made (``answer_html`` redacts the answer before escaping, which
    could otherwise hide a secret holding ``&`` or ``<`` from this pass).
    """
    parts = [_header(run), f"<div>{volatile(timeline_img(run))}</div>"]
    parts += [_iteration_html(number, it, run) for number, it in enumerate(run.iterations, 1)]
    parts.append(answer_html(run))
    return run.redacted('<div class="rlm-report">' + "\n".join(parts) + "</div>")


def _header(run: Run) -> str:
    """The status line and a table of the run's facts; rows with nothing to say are left out."""
    colour = _STATUS_COLOURS.get(run.status, "#bc4c00")
    status = f'<b style="color: {colour}">{esc(run.status)}</b>'
    message = f" — {esc(run.message)}" if run.message else ""
    sources = cost_sources(run.usage)  # volatile: the price library's version differs between machines
    cancelled = sum(call.cancelled for call in run.subcalls)
    rows = [
        ("question", f'<span style="white-space: pre-wrap">{esc(run.question)}</span>'),
        ("context", esc(", ".join(run.context_names)) if run.context_names else ""),
        ("models", f"{esc(run.model)} (root) · {esc(run.sub_model)} (sub-calls)"
                   + (f" — <b>{esc(note)}</b>" if (note := demo_note(run.model, run.sub_model)) else "")),
        # when, by which rlm_jupyter and which prompt: what a colleague needs to judge an old run (volatile for nbval)
        ("run", volatile(esc(made_by(run))) if run.started_at or run.version or run.prompt_version else ""),
        ("iterations", str(len(run.iterations))),
        ("sub-calls", f"{len(run.subcalls) - cancelled:,}"  # the ones a stop abandoned, apart
                      + (f" (and {cancelled:,} cancelled before a reply came)" if cancelled else "")),
        ("tokens", esc(usage_line(run.usage))),
        ("cost", volatile(esc(spend_words(run.usage)) + (f" ({esc(sources)})" if sources else ""))),
        ("endpoint", notices_html(run)),
        ("checks", summary_html(run)),  # what the acceptance checks refused, held back or marked, and the policy
        ("guard", guard_html(run)),  # what model code tried that the capability guard refused, with what it was
        # --isolated: the OS limits the REPL ran under (they differ between machines: volatile for nbval)
        ("isolation", volatile(esc(run.isolation)) if run.isolation else ""),
        ("answer from", esc(run.answer_source)),  # a stopped run's salvaged answer says where it came from
        # values seen in an output, or computed from printed figures ("yes: 2,310.40 = 48,115.90 − 45,805.50, ...")
        ("grounded", esc(describe_grounding(run.grounding)) if run.grounding else ""),
        ("undone", "<br>".join(esc(line) for line in run.undone)),  # what model code changed in the kernel
        # the user's objects no view protected that model code changed, and the model's changed views of theirs
        ("changed in place", "<br>".join(esc(line) for line in run.changed_in_place)),
        ("changed copies", "<br>".join(esc(line) for line in run.changed_copies)),
        ("scratch files", volatile(f"model code left files in {esc(run.scratch)}") if run.scratch else ""),
        ("cache", esc(cache_words(run.usage))),
        ("follows", esc(run.continues) if run.continues else ""),
        # a replay called no model: which recording it followed (the shipped nbval sanitize file drops this row)
        ("replayed", esc(run.replayed_from.describe()) if run.replayed_from else ""),
        ("wall time", volatile(seconds(run.wall_s))),
    ]
    body = "".join(f"<tr>{table_cell(name, 'th')}{table_cell(value)}</tr>" for name, value in rows if value)
    return f"<p><b>RLM run</b> · {status}{message}</p><table>{body}</table>"


def made_by(run: Run) -> str:
    """"2026-12-05 14:03 UTC · rlm_jupyter 0.1.0 · prompt 2026-12-04.27", with what the record has of it."""
    when = run.started_at[:16].replace("T", " ") + " UTC" if run.started_at else ""
    return " · ".join(part for part in (when, f"rlm_jupyter {run.version}" if run.version else "",
                                        f"prompt {run.prompt_version}" if run.prompt_version else "") if part)


def _iteration_html(number: int, it: Iteration, run: Run) -> str:
    """One iteration, folded: its counts in the summary, the prose, blocks and sub-calls inside."""
    marks = "".join(f" · <b>{esc(mark)}</b>" for mark in reply_marks(it) + turn_marks(it))
    summary = (f"Iteration {number} · {plural(len(it.cells), 'code block')} · "
               f"{subcall_count(it.subcalls)} · {volatile(seconds(it.duration_s))}{marks}")
    prose = parse_reply(it.reply).prose
    parts = [reasoning_html(it.reasoning), f'<div style="white-space: pre-wrap">{esc(prose)}</div>' if prose else "",
             cut_html(it), declined_html(it)]
    parts += [cell_html(cell) for cell in it.cells]
    parts.append(verdicts_html(it.verdicts))  # what the acceptance policy decided on this turn, before its sub-calls
    parts.append(actions_html(in_iteration(run.guard, run.id, it.index)))  # what the guard refused in this turn
    parts.append(subcalls_html(it.subcalls, child_html=run_html, limit=MAX_REPORT_SUBCALLS))
    return f'<details class="rlm-iteration"><summary>{summary}</summary>{"".join(parts)}</details>'


def answer_html(run: Run) -> str:
    """The answer, or why there is none; the live panel shows the same once the run ends."""
    if run.answer is None and run.status != "final":
        return f"<p><b>No answer</b> (run {esc(run.status)})</p>"
    # the page is saved: no secrets; an answer a lenient policy accepted with a mark says so right under it, and
    # where each of its values came from under that
    return f"<p><b>Answer</b></p>{answer_preview_html(run.redacted_answer())}{marks_html(run)}{sources_html(run)}"


def grounding_note(run: Run) -> str:
    """The report's "grounded" row as one small line under the panel's answer (nothing for a run without one)."""
    if run.grounding is None:
        return ""
    return f'<p><small>grounded: {esc(describe_grounding(run.grounding))}</small></p>'


# -- text --------------------------------------------------------------------------
def run_text(run: Run) -> str:
    """A stable plain-text summary: counts, the gates' verdicts, what model code changed, and the answer's shape;
    never timings or money."""
    lines = [run.summary()]
    for number, it in enumerate(run.iterations, 1):
        lines.append(f"  {number}. {plural(len(it.cells), 'code block')}, {subcall_count(it.subcalls)}")
        lines += [f"     {run.redacted(verdict_text(v))}" for v in it.verdicts]  # notes quote outputs: redacted
    lines += [f"changed in place: {run.redacted(line)}" for line in run.changed_in_place]
    lines += [f"changed copy: {run.redacted(line)}" for line in run.changed_copies]
    if run.replayed_from is not None:
        lines.append(f"replayed from {run.replayed_from.describe()}")
    lines.append(f"checks: {acceptance_summary(run)}")
    if guard := guard_line(run):  # only when the guard refused or recorded something, or was not on
        lines.append(run.redacted(guard))
    if run.isolation:
        lines.append("isolation: the model's code ran in a separate process under OS limits")
    lines.append(f"answer: {describe_answer(run.redacted_answer())}")  # redacted before the label clips it
    lines += sources_text(run)
    return "\n".join(lines)


def describe_answer(answer: object) -> str:
    """A short label for an answer: its shape for tables and arrays, a clipped repr for the rest."""
    pandas = sys.modules.get("pandas")
    if pandas is not None and isinstance(answer, pandas.DataFrame):
        return f"DataFrame {answer.shape[0]} x {answer.shape[1]}"
    if pandas is not None and isinstance(answer, pandas.Series):
        return f"Series {len(answer)}"
    shape = getattr(answer, "shape", None)
    if isinstance(shape, tuple) and all(isinstance(n, int) for n in shape):
        return f"{type(answer).__name__} {' x '.join(str(n) for n in shape)}"
    return bounded_repr(answer, ANSWER_LABEL_CHARS)  # never raises: a broken __repr__ must not break the display


# -- metadata and the displayable object ------------------------------------------
def report_metadata(run: Run) -> dict[str, Any]:
    """Volatile facts and the whole trajectory, for output metadata (nbval does not compare it).

    The trajectory goes through JSON text so that whatever the record holds,
    the metadata is plain JSON that nbformat can save.
    """
    return {
        "version": METADATA_VERSION,
        "run_id": run.id,
        "status": run.status,
        "tokens": {model: {"prompt": u.prompt_tokens, "completion": u.completion_tokens}
                   for model, u in run.usage.items()},
        "cost_usd": run.cost_usd,
        "wall_s": run.wall_s,
        "trajectory": json.loads(run.to_json()),
    }


class Report:
    """A run displayed as a static report: ``display(Report(run))`` in any notebook front end.

    ``session`` (the kernel's running totals) goes into the metadata too, so the
    saved notebook keeps what the whole session spent.
    """

    def __init__(self, run: Run, session: dict[str, Any] | None = None) -> None:
        self.run = run
        self.session = session

    def metadata(self) -> dict[str, Any]:
        meta = report_metadata(self.run)
        if self.session is not None:
            meta["session"] = self.session
        return {METADATA_KEY: meta}

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> tuple[dict[str, str], dict[str, Any]]:
        return {"text/html": run_html(self.run), "text/plain": run_text(self.run)}, self.metadata()

    def __repr__(self) -> str:
        return run_text(self.run)


class Summary(Report):
    """``--quiet``: one line of text, with the same metadata (so replay from the saved notebook still works)."""

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> tuple[dict[str, str], dict[str, Any]]:
        line = self.run.summary() + ("" if self.run.status == "final" else f": {self.run.message}")
        return {"text/plain": line}, self.metadata()


__all__ = ["METADATA_KEY", "Report", "Summary", "answer_html", "describe_answer", "grounding_note", "report_metadata",
           "run_html", "run_text"]
