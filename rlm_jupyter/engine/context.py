"""Constant-size metadata about context variables.

In a Recursive Language Model the long input (a 40M-char string, a 5M-row
DataFrame) never enters the prompt: it lives in the REPL and the root model only
sees a short description of it, then writes code against it.  Every function
here therefore touches a bounded amount of each object (prefixes, heads, the
first few items), never copies/pickles/str()s the whole thing, and survives
objects whose dunder methods raise.  pandas/numpy are only looked up in
``sys.modules``: if the object is a DataFrame, pandas is already imported.
"""

from __future__ import annotations

import array
import collections
import functools
import inspect
import itertools
import re
import sys
import types
from collections.abc import ItemsView, KeysView, Mapping, ValuesView
from typing import Any, Callable, Iterable

MAX_DESCRIPTION_CHARS = 2000  # hard cap on one variable's description
MAX_VARIABLES = 20  # describe_all: variables described in full
_PREFIX, _SUFFIX, _SHORT_STR = 300, 100, 400  # str preview sizes
_ITEM_CAP, _REPR_CAP, _CELL_CAP = 150, 300, 30  # per-item / repr / table-cell caps
_MAX_DEPTH, _N_TYPES, _N_SHOWN = 2, 10, 3  # nesting limit, items typed, items rendered
_MAX_COLUMNS, _PREVIEW_COLS = 40, 12
_TRUNCATED = "\n... [description truncated]"
_SEQUENCES = (list, tuple, set, frozenset, collections.deque, array.array, KeysView, ValuesView, ItemsView)
_LOG_RE = re.compile(
    r"^\s*\[?(\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}|\d{2}:\d{2}:\d{2}|[A-Z][a-z]{2} [ \d]\d \d{2}:\d{2})"
    r"|\b(DEBUG|INFO|WARN|WARNING|ERROR|CRITICAL|FATAL|TRACE)\b"
)


def _cut(text: str, cap: int, marker: str = "...") -> str:
    """Truncate to at most `cap` chars, with a visible marker so the model knows."""
    return text if len(text) <= cap else text[: max(cap - len(marker), 0)] + marker


def _one_line(text: str, cap: int) -> str:
    """Items/cells are rendered on one line so the layout stays readable."""
    return _cut(text[: cap + 1].replace("\r", "\\r").replace("\n", "\\n"), cap)  # slice first: O(cap)


def _label(obj: object, cap: int = 40) -> str:
    """Names and column labels may be any hashable, including ones whose str() raises."""
    return _one_line(obj if isinstance(obj, str) else _safe_repr(obj, cap), cap)


def _type_name(obj: object) -> str:
    """``type(obj)`` (never ``obj.__class__``, which can lie or raise), pretty-printed:
    builtins bare, and ``pandas.core.frame.DataFrame`` as its public ``pandas.DataFrame``."""
    try:
        cls = type(obj)
        mod, qual = cls.__module__, cls.__qualname__
        if mod == "builtins":
            return qual
        top = mod.partition(".")[0]
        if top != mod and getattr(sys.modules.get(top), qual, None) is cls:
            return f"{top}.{qual}"
        return f"{mod}.{qual}"
    except Exception:  # pragma: no cover - exotic metaclasses
        return "<unknown type>"


def _safe_repr(obj: object, cap: int = _REPR_CAP) -> str:
    """repr() can raise or be enormous; both are reported, not propagated."""
    try:
        return _cut(repr(obj), cap)
    except Exception as exc:
        return f"<repr failed: {type(exc).__name__}>"


def _count(n: int, word: str) -> str:
    return f"{n:,} {word}" + ("" if n == 1 else "s")


def _human_bytes(n: float) -> str:
    unit = 0
    while n >= 1024 and unit < 3:
        n, unit = n / 1024, unit + 1
    return f"{n:,.0f} B" if unit == 0 else f"{n:,.1f} {'KMG'[unit - 1]}B"


def _scalar(obj: object) -> str:
    """Huge ints can't even be repr'd (Python caps int->str at 4300 digits)."""
    if type(obj) is int and obj.bit_length() > 3000:  # type: ignore[union-attr]
        return f"<int with ~{int(obj.bit_length() * 0.30103):,} digits>"  # type: ignore[union-attr]
    return _safe_repr(obj)


def _lib_type(obj: object, module: str, names: Iterable[str]) -> str | None:
    """Return which of `names` in an already-imported `module` obj is an instance of."""
    mod = sys.modules.get(module)
    for name in names:
        cls = getattr(mod, name, None) if mod is not None else None
        if isinstance(cls, type) and isinstance(obj, cls):
            return name
    return None


def _kind_hint(prefix: str, truncated: bool) -> str:
    """Guess the content kind from the prefix only (never scan the whole string)."""
    head = prefix.lstrip()
    lines = [ln for ln in prefix.splitlines() if ln.strip()]
    if truncated and len(lines) > 1:
        lines = lines[:-1]  # the last line may be cut mid-way
    lines = lines[:8]
    if not head:
        return "whitespace"
    if head[0] in "{[":
        return "JSON Lines" if len(lines) > 1 and all(ln.lstrip()[:1] == "{" for ln in lines) else "JSON"
    if head[0] == "<":
        return "XML/HTML"
    if len(lines) >= 2 and sum(bool(_LOG_RE.search(ln)) for ln in lines) * 2 > len(lines):
        return "log lines"
    for sep, label in ((",", "CSV"), ("\t", "TSV"), ("|", "pipe-separated"), (";", "semicolon-separated")):
        n = lines[0].count(sep)
        if n and len(lines) >= 2 and all(ln.count(sep) == n for ln in lines):
            return label
    return "Markdown" if head[0] == "#" else "plain text"


def _describe_str(s: str) -> str:
    n = len(s)
    lines = s.count("\n") + (1 if n and not s.endswith("\n") else 0)  # C-speed, ~20 ms for 40M
    head = f"str, {_count(n, 'char')}, {_count(lines, 'line')}; looks like {_kind_hint(s[:1000], n > 1000)}"
    if n <= _SHORT_STR:
        return f"{head}\n  value: {s!r}"
    return f"{head}\n  first {_PREFIX} chars: {s[:_PREFIX]!r}\n  last {_SUFFIX} chars: {s[-_SUFFIX:]!r}"


def _describe_bytes(b: bytes | bytearray | memoryview) -> str:
    if isinstance(b, memoryview):
        head = f"memoryview, {b.nbytes:,} bytes, format {b.format!r}, shape {b.shape}"
        return head + (f"\n  first 100 bytes: {b[:100].tobytes()!r}" if b.ndim == 1 else "")
    return f"{_type_name(b)}, {len(b):,} bytes\n  first 100 bytes: {bytes(b[:100])!r}"


def _type_counts(items: Iterable[object]) -> str:
    """'str x 7, int x 3': tells the model what the items are without showing them."""
    counts = collections.Counter(_type_name(x) for x in items)
    return ", ".join(f"{t} x {c}" for t, c in counts.items()) or "none"


def _describe_collection(obj: Any) -> str:
    sample = list(itertools.islice(iter(obj), _N_TYPES))  # never iterate the whole thing
    ordered = not isinstance(obj, (set, frozenset, KeysView, ItemsView, ValuesView))
    out = [f"{_type_name(obj)}, {_count(len(obj), 'item')}; item types (first {len(sample)}): {_type_counts(sample)}"]
    if sample:
        out.append(f"  {'first' if ordered else 'sample of'} {min(_N_SHOWN, len(sample))} items:")
        out += [f"    [{i}] {_brief(x, 1)}" for i, x in enumerate(sample[:_N_SHOWN])]
    return "\n".join(out)


def _describe_mapping(obj: Mapping[Any, Any]) -> str:
    items = list(itertools.islice(iter(obj.items()), _N_TYPES))
    keys = ", ".join(_brief(k, _MAX_DEPTH, 40) for k, _ in items)
    out = [f"{_type_name(obj)}, {_count(len(obj), 'key')}", f"  first {len(items)} keys: {keys}",
           f"  value types (first {len(items)}): {_type_counts(v for _, v in items)}"]
    if items:
        out.append(f"  first {min(_N_SHOWN, len(items))} items:")
        out += [f"    {_brief(k, _MAX_DEPTH, 40)}: {_brief(v, 1)}" for k, v in items[:_N_SHOWN]]
    return "\n".join(out)


def _indent(text: str, pad: str = "    ") -> str:
    return "\n".join(pad + ln for ln in text.splitlines())


def _cell(v: object) -> str:
    return _one_line(v, _CELL_CAP) if isinstance(v, str) else _brief(v, 1, _CELL_CAP)


def _preview_frame(df: Any) -> str:
    """Render a tiny head; text-like cells are cut *before* pandas formats them, since
    a single cell may hold a 40M-char string or a huge list."""
    head = df.iloc[:_N_SHOWN, :_PREVIEW_COLS]
    data = {}
    for j in range(head.shape[1]):
        col = head.iloc[:, j]
        textual = col.dtype.kind not in "biufcmM"
        data[j] = [_cell(v) for v in col.array] if textual else col.array
    preview = sys.modules["pandas"].DataFrame(data, index=head.index)
    preview.columns = [_label(c, _CELL_CAP) for c in head.columns]
    more = f"\n    ... and {df.shape[1] - _PREVIEW_COLS:,} more columns" if df.shape[1] > _PREVIEW_COLS else ""
    return _indent(preview.to_string(max_colwidth=_CELL_CAP)) + more


def _describe_dataframe(df: Any) -> str:
    rows, ncols = df.shape
    mem = _human_bytes(float(df.memory_usage(index=True, deep=False).sum()))  # deep=True is O(n)
    dtypes = df.dtypes.iloc[:_MAX_COLUMNS]
    cols = ", ".join(f"{_label(c)} ({t})" for c, t in zip(df.columns[:_MAX_COLUMNS], dtypes)) or "(none)"
    if ncols > _MAX_COLUMNS:
        cols += f", ... and {ncols - _MAX_COLUMNS:,} more"
    out = [f"{_type_name(df)}, {rows:,} rows x {ncols:,} columns, ~{mem} (shallow)",
           f"  index: {_type_name(df.index)}, dtype {df.index.dtype}", f"  columns (dtype): {cols}"]
    if rows and ncols:
        out += [f"  first {min(rows, _N_SHOWN)} rows:", _preview_frame(df)]
    return "\n".join(out)


def _describe_series(s: Any) -> str:
    mem = _human_bytes(float(s.memory_usage(index=True, deep=False)))
    out = [f"{_type_name(s)} name={_brief(s.name, _MAX_DEPTH, 60)}, {len(s):,} values, "
           f"dtype {s.dtype}, ~{mem} (shallow)", f"  index: {_type_name(s.index)}, dtype {s.index.dtype}"]
    head = s.iloc[:_N_SHOWN]
    if len(head):
        out.append(f"  first {len(head)} values:")
        out += [f"    {_brief(i, _MAX_DEPTH, 40)}: {_brief(v, 1)}" for i, v in zip(head.index, head.tolist())]
    return "\n".join(out)


def _describe_index(idx: Any) -> str:
    first = ", ".join(_brief(v, 1, 40) for v in idx[:5].tolist())
    return (f"{_type_name(idx)} name={_brief(idx.name, _MAX_DEPTH, 60)}, {len(idx):,} entries, "
            f"dtype {idx.dtype}\n  first {min(len(idx), 5)}: [{first}]")


def _describe_ndarray(a: Any) -> str:
    first = ", ".join(_brief(v, 1, 40) for v in a.flat[:5].tolist())
    return (f"numpy.ndarray, shape {a.shape}, dtype {a.dtype}, {_human_bytes(float(a.nbytes))}\n"
            f"  first {min(a.size, 5)} elements (flattened): [{first}]")


def _describe_routine(obj: Any) -> str:
    if isinstance(obj, types.ModuleType):
        return f"module {getattr(obj, '__name__', '?')} ({getattr(obj, '__file__', None) or 'built-in'})"
    kind = "class" if isinstance(obj, type) else _type_name(obj)
    qual = getattr(obj, "__qualname__", None) or getattr(obj, "__name__", None)
    mod = getattr(obj, "__module__", None) if qual else None  # a partial's __module__ is its class's
    name = f"{mod}.{qual}" if mod and mod != "builtins" else qual or _safe_repr(obj, 150)
    try:
        sig = _cut(str(inspect.signature(obj)), 200)
    except Exception:  # builtins without text signatures, C types, ...
        sig = ""
    doc = getattr(obj, "__doc__", None)
    doc_line = doc.strip().splitlines()[0] if isinstance(doc, str) and doc.strip() else ""
    out = f"{kind} {name}{sig}"
    return out + (f"\n  doc: {_cut(doc_line, 150)}" if doc_line else "")


def _describe_generic(obj: object) -> str:
    """Unknown objects: type, len() only for builtin containers (a lazy frame's
    __len__ may compute), and a capped repr."""
    head, n = _type_name(obj), None
    for klass in type(obj).__mro__:
        if "__len__" in vars(klass):
            if klass.__module__ in ("builtins", "collections", "array"):
                n = len(obj)  # type: ignore[arg-type]
            break
    head += f", len {n:,}" if n is not None else ""
    r = _safe_repr(obj)
    return f"{head}, repr:\n{_indent(r)}" if "\n" in r else f"{head}, repr: {r}"


def _dispatch(obj: object) -> Callable[[Any], str]:
    """A dispatch table in check order; pandas/numpy via sys.modules so they're never imported."""
    if obj is None or isinstance(obj, (bool, int, float, complex)):
        return lambda o: f"{_type_name(o)} = {_scalar(o)}"
    for kinds, fn in ((str, _describe_str), ((bytes, bytearray, memoryview), _describe_bytes)):
        if isinstance(obj, kinds):
            return fn
    pd_kind = _lib_type(obj, "pandas", ("DataFrame", "Series", "Index"))
    if pd_kind:
        return {"DataFrame": _describe_dataframe, "Series": _describe_series, "Index": _describe_index}[pd_kind]
    if _lib_type(obj, "numpy", ("ndarray",)):
        return _describe_ndarray
    if isinstance(obj, _SEQUENCES):
        return _describe_collection
    if isinstance(obj, Mapping):
        return _describe_mapping
    if isinstance(obj, (type, types.ModuleType, functools.partial)) or inspect.isroutine(obj):
        return _describe_routine
    return _describe_generic


def _brief(obj: object, depth: int, cap: int = _ITEM_CAP) -> str:
    """One-line rendering of a nested item; containers recurse until _MAX_DEPTH."""
    try:
        if isinstance(obj, str):
            text = repr(obj) if len(obj) <= cap else f"{obj[:cap // 2]!r}... ({len(obj):,} chars)"
        elif isinstance(obj, (bytes, bytearray)):
            text = repr(obj) if len(obj) <= cap else f"{bytes(obj[:cap // 3])!r}... ({len(obj):,} bytes)"
        elif isinstance(obj, _SEQUENCES) or isinstance(obj, Mapping):
            n, name = len(obj), _type_name(obj)  # type: ignore[arg-type]
            if depth >= _MAX_DEPTH:
                text = f"<{name} of {_count(n, 'item')}>"
            elif isinstance(obj, Mapping):
                pairs = itertools.islice(iter(obj.items()), _N_SHOWN)
                parts = [f"{_brief(k, depth + 1, 40)}: {_brief(v, depth + 1, 40)}" for k, v in pairs]
                text = f"{name}({n:,}) {{{', '.join(parts)}{', ...' if n > _N_SHOWN else ''}}}"
            else:
                parts = [_brief(x, depth + 1, 40) for x in itertools.islice(iter(obj), _N_SHOWN)]  # type: ignore
                text = f"{name}({n:,}) [{', '.join(parts)}{', ...' if n > _N_SHOWN else ''}]"
        elif _lib_type(obj, "pandas", ("DataFrame", "Series", "Index")) or _lib_type(obj, "numpy", ("ndarray",)):
            text = f"<{_type_name(obj)} shape {getattr(obj, 'shape', '?')}>"
        else:
            text = _scalar(obj)
    except Exception as exc:
        text = f"<{_type_name(obj)}: {type(exc).__name__}>"
    return _one_line(text, cap)


def describe(obj: object, name: str) -> str:
    """Constant-size, human/LLM-readable metadata about `obj`, bound in the REPL as `name`."""
    label = f"`{_label(name, 100)}`: "
    try:
        body = _dispatch(obj)(obj)
    except Exception as exc:  # a hostile object must never break the prompt
        body = f"{_type_name(obj)} <description failed: {type(exc).__name__}>, repr: {_safe_repr(obj, 200)}"
    return _cut(label + body, MAX_DESCRIPTION_CHARS, _TRUNCATED)


def describe_all(context: Mapping[str, object]) -> str:
    """Descriptions of several variables, blank-line separated; past MAX_VARIABLES only
    the names are listed, so the prompt stays bounded however many variables exist."""
    if not context:
        return "(no context variables)"
    shown = list(itertools.islice(context.items(), MAX_VARIABLES))
    parts = [describe(value, key) for key, value in shown]
    rest = len(context) - len(shown)
    if rest > 0:
        names = ", ".join(_label(k) for k in itertools.islice(context.keys(), MAX_VARIABLES, MAX_VARIABLES + 30))
        parts.append(_cut(f"... and {rest:,} more variables not described: {names}", 500))
    return "\n\n".join(parts)
