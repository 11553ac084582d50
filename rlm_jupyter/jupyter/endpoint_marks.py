"""What the endpoint did to a reply, worded once for the live panel, the saved report and the sub-call table.

Why one module: a reply cut at the output limit, counts a server did not
report, reasoning returned beside the content, a notice about streaming and
where a cost came from must read the same live and in the saved notebook.
"""
from __future__ import annotations

from collections.abc import Mapping

from ..engine.record.spend import Usage
from ..engine.record.trajectory import Iteration, Run, SubCall
from ..llm.pricing import FREE_SOURCES, source_label
from .markup import ERROR_STYLE, esc, pre

CUT = "cut at the output limit"
ESTIMATED = "tokens estimated"
NOTICE_STYLE = "background: #fff8c5; padding: 2px 6px"


def reply_marks(reply: Iteration | SubCall) -> list[str]:
    """Short marks for a reply's summary line: cut, estimated."""
    return [mark for mark, present in ((CUT, reply.finish_reason == "length"), (ESTIMATED, reply.usage_estimated))
            if present]


def reasoning_html(reasoning: str) -> str:
    """The reasoning, folded: it is context for a reader, not the reply (nothing in it ran)."""
    if not reasoning:
        return ""
    return (f'<details class="rlm-reasoning"><summary><i>reasoning returned beside the reply · '
            f"{len(reasoning):,} characters (not run)</i></summary>{pre(reasoning)}</details>")


def notices_html(run: Run) -> str:
    """Each endpoint notice once, highlighted (``Run.notices`` holds each once)."""
    return "".join(f'<div style="{NOTICE_STYLE}">{esc(notice)}</div>' for notice in run.notices)


def cut_html(reply: Iteration) -> str:
    return f'<div style="{ERROR_STYLE}">the reply was {CUT}; the model was told</div>' \
        if reply.finish_reason == "length" else ""


def declined_html(reply: Iteration) -> str:
    """The model's refusal (the API's ``message.refusal``), in its own words: why the run ended "declined"."""
    return (f'<div style="{NOTICE_STYLE}; white-space: pre-wrap">the model declined to answer: {esc(reply.refusal)}'
            "</div>") if reply.refusal else ""


def cost_sources(usage: Mapping[str, Usage]) -> str:
    """Where each model's dollars came from: "root: stated by the provider; sub: price library genai-prices …".

    Free and unknown sources are left out: the cost's words already say them (engine/record/spend.py).
    """
    parts = []
    for model, u in usage.items():
        priced = {source: count for source, count in u.cost_sources.items()
                  if source not in FREE_SOURCES and source != "unknown"}
        sources = ", ".join(source_label(source) + (f" ({count} calls)" if len(u.cost_sources) > 1 else "")
                            for source, count in priced.items())
        if sources:
            parts.append(f"{model}: {sources}")
    return "; ".join(parts)
