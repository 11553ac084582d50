"""Where each value of the answer came from, as footnotes under it: for the saved report, the panel and the text.

Why footnotes and not a "grounded: yes" row: a colleague checks a figure by finding the line that printed it.
Each value of a text answer gets one numbered note: the line an output showed (turn, block and line, with the
line itself), the derivation and its operands' own lines, the sub-call that answered it, the question, the code
that computed it, or that it has no source. A value found by a weaker means (a rounded figure, a date without
its year, a derivation) says so. Plain HTML lists: they read on GitHub, nbviewer and ``nbconvert`` with no
JavaScript; nothing here holds a timing, so nbval compares them.
"""
from __future__ import annotations

from ..engine.record.trajectory import Run, Source
from ..text import clip
from .markup import esc

MAX_NOTES = 30  # notes under one answer; the record keeps every source
LINE_CHARS = 120  # of a source line, in the note

_WEAK = "weaker evidence"
NO_SOURCE_STYLE = "background: #fff1e5; color: #8a3b00; padding: 0 4px"


def _words(source: Source) -> str:
    """What a note says of one source, in plain text (no markup)."""
    how = source.how if source.kind == "shown" and source.how else \
        "a rounded or reworded match" if source.kind != "derived" else "recomputed"
    weak = f" ({_WEAK}: {how})" if source.loose else ""
    if source.kind == "shown":
        return f"shown at {source.where}: {clip(source.line, LINE_CHARS, keep='head')}{weak}"
    if source.kind == "question":
        return f"stated in the question{weak}"
    if source.kind == "derived":
        return f"derived: {source.how} ({_WEAK})"
    if source.kind == "subcall":
        return f"the answer of {source.where}"
    if source.kind == "computed":
        return f"computed by the code: {source.where}"
    return "no source: " + (source.where or "no output showed it, and no derivation from shown figures gives it")


def sources_text(run: Run) -> list[str]:
    """The notes as text lines, indented under the answer of the text summary."""
    if run.grounding is None or not run.grounding.sources:
        return []
    lines = ["where each value came from:"]
    for number, source in enumerate(run.grounding.sources[:MAX_NOTES], 1):
        lines.append(f"  [{number}] {source.value}: {_words(source)}")
        lines += [f"      {operand.value}: {_words(operand)}" for operand in source.operands]
    return [run.redacted(line) for line in lines]


def sources_html(run: Run) -> str:
    """The notes as a numbered list under the answer; a derivation's operands as a list of their own."""
    if run.grounding is None or not run.grounding.sources:
        return ""
    items = "".join(_item(source) for source in run.grounding.sources[:MAX_NOTES])
    more = len(run.grounding.sources) - MAX_NOTES
    tail = f"<p><small>and {more} more in <code>rlm_run.grounding.sources</code></small></p>" if more > 0 else ""
    return (f'<div class="rlm-sources"><p><small><b>Where each value came from</b></small></p>'
            f'<ol style="font-size: smaller; margin-top: 0">{items}</ol>{tail}</div>')


def _item(source: Source) -> str:
    text = esc(_words(source))
    if source.kind == "nowhere":
        text = f'<span style="{NO_SOURCE_STYLE}">{text}</span>'
    operands = "".join(f"<li><code>{esc(o.value)}</code>: {esc(_words(o))}</li>" for o in source.operands)
    nested = f"<ul>{operands}</ul>" if operands else ""
    return f"<li><code>{esc(source.value)}</code>: {text}{nested}</li>"
