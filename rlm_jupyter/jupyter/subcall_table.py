"""The table of an iteration's sub-calls: status, latency, tokens, cost, and each prompt and response.

Why a table of its own: a batch is where a run spends its calls and money, so
the panel (while the batch runs) and the report (once it is saved) list every
call the same way, with a failed call's error and an ``rlm_query``'s child run
one click away.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable

from ..engine.record.spend import call_cost_words
from ..engine.record.trajectory import Run, SubCall
from ..text import clip, plural
from .endpoint_marks import reasoning_html, reply_marks
from .format import seconds, tokens
from .markup import ERROR_STYLE, esc, pre, table_cell, volatile

PREVIEW_CHARS = 500  # prompt/response previews in the sub-call table
_COLUMNS = ("#", "model", "status", "latency", "tokens in / out", "cost", "retries", "prompt / response")


def subcalls_html(calls: Iterable[SubCall], child_html: Callable[[Run], str] | None = None,
                  limit: int | None = None) -> str:
    """A table of sub-calls, ordered by id; ``child_html`` renders the child run of an ``rlm_query``.

    Why the callable: the report renders child runs with itself, and passing
    it in keeps this module free of an import cycle with ``report``. ``limit``
    keeps a 10,000-call batch from saving a 10,000-row table in the notebook
    (failed calls are always listed; every call stays in the trajectory).
    """
    everything = sorted(calls, key=lambda c: c.id)
    cancelled = [c for c in everything if c.cancelled]
    calls = [c for c in everything if not c.cancelled]  # the cancelled ones are one line, under the table
    if not everything:
        return ""
    if not calls:
        return _cancelled_line(cancelled)
    shown = calls
    if limit is not None and len(calls) > limit:
        failed = [c for c in calls if c.error is not None]
        shown = sorted({c.id: c for c in calls[:limit] + failed[:limit]}.values(), key=lambda c: c.id)
    header = "".join(table_cell(c, "th") for c in _COLUMNS)
    rows = "".join(_call_row(call, child_html) for call in shown)
    more = (f"<p><i>{len(calls) - len(shown):,} more sub-calls are not listed here; all are in the run's "
            "trajectory (rlm_run.subcalls, or the output metadata).</i></p>" if len(shown) < len(calls) else "")
    return (f'<table class="rlm-subcalls"><thead><tr>{header}</tr></thead><tbody>{rows}</tbody></table>{more}'
            + _cancelled_line(cancelled))


def _cancelled_line(cancelled: list[SubCall]) -> str:
    """The calls a stop (or a limit) abandoned, counted once: no row each repeating the same "cancelled"."""
    if not cancelled:
        return ""
    ids = ", ".join(f"#{c.id}" for c in cancelled[:20]) + (", ..." if len(cancelled) > 20 else "")
    return (f'<p class="rlm-cancelled"><i>{plural(len(cancelled), "sub-call")} cancelled before a reply came, when '
            f"the run or its block was stopped ({ids})</i></p>")


def _call_row(call: SubCall, child_html: Callable[[Run], str] | None) -> str:
    """One call's row; its timing and cost are volatile, so the saved table compares equal across runs."""
    model = esc(call.model) + (" (rlm)" if call.kind == "rlm" else "")
    cells = [str(call.id), model, esc(_call_status(call)), volatile(seconds(call.latency_s)),
             ("~" if call.usage_estimated else "") + f"{tokens(call.prompt_tokens)} / {tokens(call.completion_tokens)}",
             volatile(call_cost_words(call.cost_usd, call.cost_source)) if _finished(call) else "",
             str(call.retries), _call_details(call, child_html)]
    return "<tr>" + "".join(table_cell(c) for c in cells) + "</tr>"


def _finished(call: SubCall) -> bool:
    """A reply or an error came back: only then has the call a cost (in flight, nothing is spent yet)."""
    return call.response is not None or call.error is not None


def _call_status(call: SubCall) -> str:
    """ok, ok (cached), running, or the first line of the error: what a reader scans the column for."""
    if call.error is not None:
        first = call.error.strip().splitlines()[0][:120] if call.error.strip() else ""
        return f"error: {first}" if first else "error"
    if call.response is None:
        return "running"
    return " · ".join(["ok (cached)" if call.cached else "ok", *reply_marks(call)])


def _call_details(call: SubCall, child_html: Callable[[Run], str] | None) -> str:
    """Prompt, response, error and child run, folded under the prompt's first words so the table stays scannable."""
    summary = " ".join(call.prompt[:80].split()) or "(empty prompt)"
    parts = ["<b>prompt</b>", pre(_preview(call.prompt))]
    if call.response is not None:
        parts += ["<b>response</b>", pre(_preview(call.response)), reasoning_html(call.reasoning)]
    if call.error is not None:
        parts += ["<b>error</b>", pre(_preview(call.error), style=ERROR_STYLE)]
    if call.child is not None:
        child = child_html(call.child) if child_html else pre(call.child.summary())
        parts.append(f"<details><summary>child run: {esc(call.child.summary())}</summary>{child}</details>")
    return f"<details><summary>{esc(summary)}</summary>{''.join(parts)}</details>"


def _preview(text: str) -> str:
    """The start of a prompt, response or error: a preview is read from the top; the record keeps it whole."""
    return clip(text, PREVIEW_CHARS, keep="head")
