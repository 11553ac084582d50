"""Comparing a replayed answer with the recorded one, readably.

Why not ``==``: a DataFrame that went through JSON comes back with other
dtypes (int64 labels as strings, datetime precision), and "not equal" alone
tells a reviewer nothing. DataFrames are compared by shape and cell values
after aligning labels as text; the diff names the changed cells.
"""
from __future__ import annotations

import math
import sys
from typing import Any

from ...text import bounded_repr

MAX_CELLS_SHOWN = 10


def answer_diff(recorded: Any, current: Any) -> str | None:
    """None when the answers are the same; otherwise a short description of what changed."""
    pandas = sys.modules.get("pandas")
    if pandas is not None and isinstance(current, (pandas.DataFrame, pandas.Series)):
        return _frame_diff(pandas, recorded, current)
    if _same(recorded, current):
        return None
    return f"answer changed: recorded {bounded_repr(recorded, 80)}, now {bounded_repr(current, 80)}"


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, float) and isinstance(b, float):
        return a == b or (math.isnan(a) and math.isnan(b)) or math.isclose(a, b, rel_tol=1e-9)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    try:
        return bool(a == b)
    except Exception:  # objects whose == is elementwise or raises
        return repr(a) == repr(b)


def _frame_diff(pd: Any, recorded: Any, current: Any) -> str | None:
    if isinstance(current, pd.Series):
        current = current.to_frame()
    if isinstance(recorded, pd.Series):
        recorded = recorded.to_frame()
    if not isinstance(recorded, pd.DataFrame):
        return f"answer changed type: recorded {type(recorded).__name__}, now DataFrame {current.shape}"
    old, new = _as_text_labels(recorded), _as_text_labels(current)
    lines = []
    if old.shape != new.shape:
        lines.append(f"shape changed: {old.shape[0]} x {old.shape[1]} -> {new.shape[0]} x {new.shape[1]}")
    added_cols = [c for c in new.columns if c not in old.columns]
    dropped_cols = [c for c in old.columns if c not in new.columns]
    if added_cols or dropped_cols:
        lines.append(f"columns added {added_cols[:10]}, removed {dropped_cols[:10]}")
    rows = [r for r in new.index if r in old.index]
    cols = [c for c in new.columns if c in old.columns]
    changed = [(r, c, old.at[r, c], new.at[r, c]) for r in rows for c in cols
               if not _same_cell(old.at[r, c], new.at[r, c])]
    if changed:
        lines.append(f"{len(changed)} cell(s) changed:")
        lines += [f"  [{r}, {c}]: {_plain(a)!r} -> {_plain(b)!r}" for r, c, a, b in changed[:MAX_CELLS_SHOWN]]
        if len(changed) > MAX_CELLS_SHOWN:
            lines.append(f"  ... and {len(changed) - MAX_CELLS_SHOWN} more")
    return "\n".join(lines) or None


def _plain(value: Any) -> Any:
    """numpy scalars as Python values, so a diff reads 5.0 -> 14.0, not np.float64(5.0)."""
    item = getattr(value, "item", None)
    try:
        return item() if callable(item) else value
    except (TypeError, ValueError):
        return value


def _as_text_labels(frame: Any) -> Any:
    """Labels as unique text, so ``.at`` finds one cell: a repeated label gets ``#2``, ``#3``...

    Repeats are common in answers (``pd.concat`` without ``ignore_index``); the
    n-th row labelled ``x`` is compared with the n-th row labelled ``x``.
    """
    out = frame.copy(deep=False)
    out.index = _unique_text(frame.index)
    out.columns = _unique_text(frame.columns)
    return out


def _unique_text(labels: Any) -> list[str]:
    seen: dict[str, int] = {}
    unique = []
    for label in labels:
        text = str(label)
        seen[text] = seen.get(text, 0) + 1
        unique.append(text if seen[text] == 1 else f"{text}#{seen[text]}")
    return unique


def _same_cell(a: Any, b: Any) -> bool:
    try:
        if (a != a) and (b != b):  # both missing (NaN/NaT)
            return True
    except (TypeError, ValueError):
        pass
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return math.isclose(float(a), float(b), rel_tol=1e-9, abs_tol=1e-12)
    return str(a) == str(b) if type(a) is not type(b) else bool(a == b)
