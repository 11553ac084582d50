"""The HTML building blocks of run records: escaped text, highlighted code, answers, volatile marks.

Why plain strings of semantic HTML (``<details>``, ``<pre>``, ``<table>``)
with only a few inline styles: a saved notebook is read on GitHub, nbviewer
and nbconvert, which drop ``<style>`` blocks and class-based styling, so the
structure alone must carry the meaning. Everything the model or the data
produced is escaped (model output can contain ``<script>``), except rich
display bundles' HTML and SVG (see ``cells``): the user's own code displayed
those, and Jupyter shows them as markup too.

Numbers that change from one run of the same notebook to the next (timings,
money, the timeline's geometry) are wrapped by ``volatile`` so that one regex,
``VOLATILE_PATTERN``, can sanitize them for nbval.
"""
from __future__ import annotations

import html
import sys
from typing import Any

from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonLexer

from ..text import bounded_repr, clip

MAX_TEXT_CHARS = 20_000  # per stream embedded in a page; the record keeps the full text
VOLATILE_CLASS = "rlm-volatile"
# Volatile spans never contain another </span>, so this non-greedy match is exact (usable as an nbval sanitizer).
VOLATILE_PATTERN = r'(?s)<span class="rlm-volatile">.*?</span>'
ERROR_STYLE = "background: #fdecea; color: #8a1c1c"  # a failed block's error and a failed sub-call's error alike

# Notebook CSS gives a code font only to a <pre> that is a direct child of an output, so every <pre> here names
# the notebook's own code font (JupyterLab's variables), with monospace where they are not defined (nbviewer).
CODE_FONT = ("font-family: var(--jp-code-font-family, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace); "
             "font-size: var(--jp-code-font-size, 13px); line-height: var(--jp-code-line-height, 1.3)")
# Notebook CSS right-aligns table cells (for numbers); the report's tables hold words: left, top.
CELL_STYLE = "text-align: left; vertical-align: top"
_PRE_STYLE = f"margin: 2px 0; padding: 4px 6px; white-space: pre-wrap; word-break: break-word; {CODE_FONT}"
_PROSE_STYLE = "margin: 2px 0; padding: 4px 6px; white-space: pre-wrap; word-break: break-word"  # line breaks kept


def table_cell(value: str, tag: str = "td") -> str:
    """A table cell of the report's tables, aligned left and top whatever the page's CSS says."""
    return f'<{tag} style="{CELL_STYLE}">{value}</{tag}>'


def volatile(fragment: str) -> str:
    """Mark a fragment that differs between runs (timing, money) so nbval can sanitize it."""
    return f'<span class="{VOLATILE_CLASS}">{fragment}</span>'


def esc(text: str) -> str:
    """Escape text for an element or a quoted attribute: model output must never become markup."""
    return html.escape(text, quote=True)


def pre(text: str, *, style: str = "", cls: str = "", limit: int = MAX_TEXT_CHARS) -> str:
    """Escaped, wrapped, capped text. The cap keeps head and tail: a traceback's end is what matters."""
    attrs = f' class="{cls}"' if cls else ""
    return f'<pre{attrs} style="{_PRE_STYLE}{"; " + style if style else ""}">{esc(clip(text, limit))}</pre>'


def code_html(code: str) -> str:
    """Highlighted Python with inline colours (``noclasses``), so it stays coloured without any CSS.

    The text colour is set explicitly: Pygments leaves plain names uncoloured,
    and on a dark notebook theme they would be light text on its light background.
    """
    formatter = HtmlFormatter(noclasses=True, nowrap=False, cssstyles="color: #1f2328; margin: 2px 0",
                              prestyles=f"margin: 0; padding: 4px 6px; overflow-x: auto; {CODE_FONT}")
    return str(highlight(clip(code, MAX_TEXT_CHARS), PythonLexer(stripnl=False, ensurenl=False), formatter))


ANSWER_ROWS, ANSWER_COLS = 60, 20  # a cohort table or a per-service list shows whole; a bigger frame is elided
EMPTY_CELLS_ATTR = "empty_cells"  # DataFrame.attrs key: why cells are empty, said under the table


def _display_number(value: float) -> str:
    """Two decimals with thousands separators: for reading only (the answer object keeps every digit)."""
    return f"{value:,.2f}"


def _frame_html(frame: Any) -> str:
    """The answer table as a reader wants it: every row up to ``ANSWER_ROWS``, numbers rounded for display,
    empty cells blank and explained (the reason the code put in ``frame.attrs["empty_cells"]``, when it did)."""
    table = str(frame.to_html(max_rows=ANSWER_ROWS, max_cols=ANSWER_COLS, float_format=_display_number, na_rep=""))
    if not bool(frame.isna().to_numpy().any()):
        return table
    reason = frame.attrs.get(EMPTY_CELLS_ATTR) or "no value (NaN)"
    return table + f"<p><i>empty cells: {esc(str(reason))}</i></p>"


def answer_preview_html(answer: object) -> str:
    """A DataFrame as a bounded table; text as text; anything else as a bounded repr (never a 40M-char one)."""
    pandas = sys.modules.get("pandas")  # an answer can only be a DataFrame if pandas is already imported
    if pandas is not None and isinstance(answer, pandas.Series):
        answer = answer.to_frame()
    if pandas is not None and isinstance(answer, pandas.DataFrame):
        return _frame_html(answer)
    if answer is None:
        return "<p><i>no answer</i></p>"
    if isinstance(answer, str):  # prose, in the page's own font: a text answer is read, not a program output
        return f'<div class="rlm-answer-text" style="{_PROSE_STYLE}">{esc(clip(answer, MAX_TEXT_CHARS))}</div>'
    return pre(bounded_repr(answer, MAX_TEXT_CHARS))
