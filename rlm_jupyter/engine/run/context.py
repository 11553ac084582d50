"""Constant-size metadata about context variables.

In a Recursive Language Model the long input (a 40M-char string, a 5M-row
DataFrame) never enters the prompt: it lives in the REPL and the root model only
sees a short description of it, then writes code against it.  Every function
here therefore touches a bounded amount of each object (prefixes, heads, the
first few items), never copies/pickles/str()s the whole thing, and survives
objects whose dunder methods raise.  pandas/numpy are only looked up in
``sys.modules``: if the object is a DataFrame, pandas is already imported.

Lazy and out-of-core objects (Polars LazyFrames, DuckDB relations, PyArrow
datasets, Dask collections, Spark DataFrames) are described from their schema
and the sizes they already know, never by running them: no ``collect()``,
``compute()``, ``count()`` or ``len()``, and not even ``repr()``, which for a
DuckDB relation runs the query. The same ``sys.modules`` rule holds: without
the library the object cannot exist, and an unknown look-alike falls back to
its type and a repr prefix.
"""

from __future__ import annotations

import array
import collections
import contextlib
import contextvars
import functools
import inspect
import itertools
import re
import sys
import threading
import types
from collections.abc import Callable, ItemsView, Iterable, Iterator, KeysView, Mapping, ValuesView
from typing import Any, TypeVar

from ...text import bounded_repr, clip, plural
from ..safety.secrets import Redactor

T = TypeVar("T")

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


# The redactor of the describe_all call in progress (None outside one): every cut of the user's data goes through
# it, so a cut never leaves part of a secret that the final redaction of the whole text would no longer see.
_REDACTOR: contextvars.ContextVar[Redactor | None] = contextvars.ContextVar("rlm_describe_redactor", default=None)


def _cut(text: str, start: int, stop: int) -> str:
    """``text[start:stop]``; while describing with a redactor, redacted and never cutting through a secret."""
    redact = _REDACTOR.get()
    return text[start:stop] if redact is None else redact.cut(text, start, stop)


def _repr(obj: object, cap: int) -> str:
    """``bounded_repr(obj, cap)``, built a little longer while redacting so its cut cannot split a secret."""
    redact = _REDACTOR.get()
    if redact is None or not redact.longest:
        return bounded_repr(obj, cap)
    text = bounded_repr(obj, cap + redact.longest)
    return text if len(text) <= cap else _cut(text, 0, max(cap - 3, 0)) + "..."


def _one_line(text: str, cap: int) -> str:
    """Items/cells are rendered on one line so the layout stays readable."""
    return clip(_cut(text, 0, cap + 1).replace("\r", "\\r").replace("\n", "\\n"), cap, keep="head")  # O(cap)


def _label(obj: object, cap: int = 40) -> str:
    """Names and column labels may be any hashable, including ones whose str() raises."""
    return _one_line(obj if isinstance(obj, str) else _repr(obj, cap), cap)


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


def _human_bytes(n: float) -> str:
    unit = 0
    while n >= 1024 and unit < 3:
        n, unit = n / 1024, unit + 1
    return f"{n:,.0f} B" if unit == 0 else f"{n:,.1f} {'KMG'[unit - 1]}B"


def _scalar(obj: object) -> str:
    """Huge ints can't even be repr'd (Python caps int->str at 4300 digits)."""
    if isinstance(obj, int) and type(obj) is int and obj.bit_length() > 3000:
        return f"<int with ~{int(obj.bit_length() * 0.30103):,} digits>"
    return _repr(obj, _REPR_CAP)


def _lib_type(obj: object, module: str, names: Iterable[str]) -> str | None:
    """Return which of `names` in an already-imported `module` obj is an instance of."""
    mod = sys.modules.get(module)
    for name in names:
        cls = getattr(mod, name, None) if mod is not None else None
        if isinstance(cls, type) and isinstance(obj, cls):
            return name
    return None


_SEPARATORS = ((",", "CSV"), ("\t", "TSV"), ("|", "pipe-separated"), (";", "semicolon-separated"))


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
    # The separator that every line has the same number of, the most of: a comma in each line's date does not
    # make "Date: May 18, 2023 || User: 7 || ..." CSV (a real small model then called pd.read_csv on a file).
    sep, label = max(_SEPARATORS, key=lambda candidate: _per_line(candidate[0], lines))
    if _per_line(sep, lines):
        return label
    return "Markdown" if head[0] == "#" else "plain text"


def _per_line(sep: str, lines: list[str]) -> int:
    """How many times ``sep`` occurs in every one of two or more lines (0 when the lines differ)."""
    n = lines[0].count(sep)
    return n if len(lines) >= 2 and all(ln.count(sep) == n for ln in lines) else 0


def _describe_str(s: str) -> str:
    n = len(s)
    lines = s.count("\n") + (1 if n and not s.endswith("\n") else 0)  # C-speed, ~20 ms for 40M
    head = f"str, {plural(n, 'char')}, {plural(lines, 'line')}; looks like {_kind_hint(s[:1000], n > 1000)}"
    if n <= _SHORT_STR:
        return f"{head}\n  value: {s!r}"
    first, last = _cut(s, 0, _PREFIX), _cut(s, n - _SUFFIX, n)
    return f"{head}\n  first {_PREFIX} chars: {first!r}\n  last {_SUFFIX} chars: {last!r}"


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
    out = [f"{_type_name(obj)}, {plural(len(obj), 'item')}; item types (first {len(sample)}): {_type_counts(sample)}"]
    if sample:
        out.append(f"  {'first' if ordered else 'sample of'} {min(_N_SHOWN, len(sample))} items:")
        out += [f"    [{i}] {_brief(x, 1)}" for i, x in enumerate(sample[:_N_SHOWN])]
    return "\n".join(out)


def _describe_mapping(obj: Mapping[Any, Any]) -> str:
    items = list(itertools.islice(iter(obj.items()), _N_TYPES))
    keys = ", ".join(_brief(k, _MAX_DEPTH, 40) for k, _ in items)
    out = [f"{_type_name(obj)}, {plural(len(obj), 'key')}", f"  first {len(items)} keys: {keys}",
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
    name = f"{mod}.{qual}" if mod and mod != "builtins" else qual or bounded_repr(obj, 150)
    try:
        sig = clip(str(inspect.signature(obj)), 200, keep="head")
    except Exception:  # builtins without text signatures, C types, ...
        sig = ""
    doc = getattr(obj, "__doc__", None)
    doc_line = doc.strip().splitlines()[0] if isinstance(doc, str) and doc.strip() else ""
    out = f"{kind} {name}{sig}"
    return out + (f"\n  doc: {clip(doc_line, 150, keep='head')}" if doc_line else "")


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
    r = _repr(obj, _REPR_CAP)
    return f"{head}, repr:\n{_indent(r)}" if "\n" in r else f"{head}, repr: {r}"


# -- lazy and out-of-core objects --------------------------------------------------------------
# Each describer reads only metadata the object already holds (schema, partition counts, file
# lists, plans); rows are "unknown" unless the library knows them without running anything.
_PLAN_LINES, _PLAN_LINE_CHARS, _COLUMNS_CHARS = 6, 120, 900


def _public_type(obj: object, module: str) -> str:
    """``polars.LazyFrame`` rather than ``polars.lazyframe.frame.LazyFrame``, when ``module`` exports the type."""
    cls = type(obj)
    if getattr(sys.modules.get(module), cls.__qualname__, None) is cls:
        return f"{module}.{cls.__qualname__}"
    return _type_name(obj)


def _columns(pairs: Iterable[tuple[object, object]], total: int, word: str = "dtype") -> str:
    """At most _MAX_COLUMNS columns and _COLUMNS_CHARS characters, so a wide schema leaves room for the rest."""
    shown: list[str] = []
    for name, kind in itertools.islice(pairs, _MAX_COLUMNS):
        shown.append(f"{_label(name)} ({_one_line(str(kind), 40)})")
        if sum(len(c) + 2 for c in shown) > _COLUMNS_CHARS:
            break
    text = ", ".join(shown) or "(none)"
    if total > len(shown):
        text += f", ... and {total - len(shown):,} more"
    return f"  columns ({word}): {text}"


def _rows_table(names: list[object], rows: list[Iterable[object]]) -> str:
    """A small aligned text table of preview rows, cells cut to _CELL_CAP (for frames pandas doesn't render)."""
    grid = [[_label(n, _CELL_CAP) for n in names]] + [[_cell(v) for v in row] for row in rows]
    widths = [max(len(r[j]) for r in grid) for j in range(len(names))]
    return "\n".join("    " + "  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in grid)


def _plan(text: str, title: str) -> list[str]:
    lines = [ln for ln in text.splitlines() if ln.strip()]
    out = [f"  {title}:"] + ["    " + clip(ln.rstrip(), _PLAN_LINE_CHARS, keep="head") for ln in lines[:_PLAN_LINES]]
    if len(lines) > _PLAN_LINES:
        out.append(f"    ... {len(lines) - _PLAN_LINES:,} more lines")
    return out if lines else []


def _attempt(fn: Callable[[], T]) -> T | None:
    """Optional metadata: a library that cannot give it cheaply (or raises) just leaves it out."""
    try:
        return fn()
    except Exception:
        return None


def _describe_polars_lazy(lf: Any) -> str:
    schema = lf.collect_schema()  # resolves the plan's schema (a scan reads file metadata), runs no query
    out = [f"{_public_type(lf, 'polars')} (lazy: nothing computed, rows unknown until .collect()), "
           + plural(len(schema), "column"), _columns(schema.items(), len(schema))]
    out += _plan(_attempt(lambda: lf.explain(optimized=False)) or "", "plan (unoptimized)")
    out.append("  work on it lazily: .filter(...).group_by(...).agg(...).collect() brings back only the result")
    return "\n".join(out)


def _describe_polars_frame(df: Any) -> str:
    rows, ncols = df.shape
    size = _attempt(lambda: _human_bytes(float(df.estimated_size())))
    out = [f"{_public_type(df, 'polars')}, {rows:,} rows x {ncols:,} columns" + (f", ~{size}" if size else ""),
           _columns(df.schema.items(), ncols)]
    if rows and ncols:
        head = df.head(_N_SHOWN).select(df.columns[:_PREVIEW_COLS])
        out += [f"  first {min(rows, _N_SHOWN)} rows:", _rows_table(head.columns, head.rows())]
    return "\n".join(out)


def _describe_polars_series(s: Any) -> str:
    first = ", ".join(_brief(v, 1, 40) for v in s.head(_N_SHOWN).to_list())
    return f"{_public_type(s, 'polars')} name={_brief(s.name, 2, 60)}, {len(s):,} values, dtype {s.dtype}\n" \
           f"  first {min(len(s), _N_SHOWN)} values: [{first}]"


def _describe_duckdb(rel: Any) -> str:
    names, kinds = list(rel.columns), [str(t) for t in rel.types]  # bound when the relation was built
    kind, alias = _attempt(lambda: str(rel.type)) or "?", _attempt(lambda: rel.alias) or "?"
    out = [f"{_public_type(rel, 'duckdb')} (lazy: a query that has not run, rows unknown until executed), "
           + plural(len(names), "column"), _columns(zip(names, kinds), len(names), "type"),
           f"  relation: {kind}, alias {_label(alias, 60)}"]
    sql = _attempt(rel.sql_query)
    if sql:
        out.append(f"  SQL: {_one_line(' '.join(sql.split()), 300)}")
    out.append("  work on it in the database: .aggregate(...), .filter(...), .limit(n), then .fetchall()/.df() "
               "on the small result")
    return "\n".join(out)


def _describe_arrow_table(t: Any) -> str:
    rows, ncols = t.num_rows, t.num_columns
    size = _attempt(lambda: _human_bytes(float(t.get_total_buffer_size())))
    out = [f"{_public_type(t, 'pyarrow')}, {rows:,} rows x {ncols:,} columns" + (f", {size}" if size else ""),
           _columns(zip(t.schema.names, t.schema.types), ncols, "type")]
    if rows and ncols:
        head = t.slice(0, _N_SHOWN).select(list(range(min(ncols, _PREVIEW_COLS))))
        columns = [c.to_pylist() for c in head.columns]
        out += [f"  first {min(rows, _N_SHOWN)} rows:", _rows_table(head.schema.names, list(zip(*columns)))]
    return "\n".join(out)


def _describe_arrow_array(a: Any) -> str:
    chunks = getattr(a, "num_chunks", None)
    first = ", ".join(_brief(v, 1, 40) for v in a.slice(0, 5).to_pylist())
    return (f"{_public_type(a, 'pyarrow')}, {len(a):,} values, type {a.type}"
            + (f", {plural(chunks, 'chunk')}" if chunks is not None else "") + f", {a.null_count:,} nulls\n"
            f"  first {min(len(a), 5)} values: [{first}]")


def _describe_arrow_dataset(ds: Any) -> str:
    schema = ds.schema
    files = _attempt(lambda: ds.files)  # FileSystemDataset: the paths found when it was created
    fmt = _attempt(lambda: ds.format.default_extname)
    head = f"{_public_type(ds, 'pyarrow.dataset')} (out of core: no file read, rows unknown until scanned)"
    if files is not None:
        head += f", {plural(len(files), 'file')}" + (f" of {fmt}" if fmt else "")
    out = [head, _columns(zip(schema.names, schema.types), len(schema.names), "type")]
    partitioning = _attempt(lambda: ds.partitioning)
    if partitioning is not None and len(partitioning.schema):
        keys = ", ".join(f"{n} ({t})" for n, t in zip(partitioning.schema.names, partitioning.schema.types))
        out.append(f"  partitioned by: {_one_line(keys, 200)}")
    if files:
        out.append(f"  first {min(len(files), 3)} files: " + ", ".join(_one_line(f, 120) for f in files[:3]))
    out.append("  work on it by scanning: .to_table(columns=[...], filter=...) or .to_batches(), or query it with "
               "DuckDB/Polars")
    return "\n".join(out)


class _WouldCompute(Exception):
    """Raised by the describe-time Dask scheduler: reading this attribute would have run the graph."""


@contextlib.contextmanager
def _dask_refuses_to_compute() -> Iterator[None]:
    """Make any Dask computation started on this thread fail instead of running.

    Why: some "metadata" of a Dask collection is not free. The partition count
    of a frame after ``set_index`` or ``sort_values`` needs its divisions, and
    Dask computes quantiles over the whole data to find them. The scheduler is
    a config setting, so for the few milliseconds of a description it is one
    that raises here; another thread that computes meanwhile runs as before.
    """
    dask = sys.modules["dask"]
    owner, previous = threading.get_ident(), dask.config.get("scheduler", None)

    def refuse(dsk: Any, keys: Any, **kwargs: Any) -> Any:
        if threading.get_ident() == owner:
            raise _WouldCompute
        if previous is not None:
            return dask.base.get_scheduler(scheduler=previous)(dsk, keys, **kwargs)
        return __import__("dask.threaded", fromlist=["get"]).get(dsk, keys, **kwargs)

    with dask.config.set(scheduler=refuse):
        yield


def _without_computing(fn: Callable[[], T]) -> T | None:
    """``fn()``, or None when it would have had to compute (or failed)."""
    with _dask_refuses_to_compute():
        try:
            return fn()
        except Exception:  # _WouldCompute included
            return None


def _dask_scheduler() -> str:
    distributed = sys.modules.get("distributed")
    client = _attempt(distributed.default_client) if distributed is not None else None
    return "the dask.distributed cluster of the default Client" if client is not None else "the local scheduler"


def _describe_dask_frame(ddf: Any) -> str:
    kind = _lib_type(ddf, "dask.dataframe", ("DataFrame", "Series"))
    nparts = _without_computing(lambda: ddf.npartitions)
    parts = plural(nparts, "partition") if nparts is not None else "partitions unknown without computing"
    if kind == "DataFrame":
        meta = ddf._meta  # the empty pandas frame Dask propagates: names and dtypes, no data
        head = f"{parts}, {plural(len(meta.columns), 'column')}"
        lines = [_columns(zip(meta.columns, meta.dtypes), len(meta.columns))]
    else:
        head = f"{parts}, name={_brief(ddf.name, 2, 60)}, dtype {ddf.dtype}"
        lines = []
    out = [f"dask.dataframe.{kind} (lazy: nothing computed, rows unknown until computed), {head}"] + lines
    known = _without_computing(lambda: ddf.known_divisions and ddf.divisions)
    index = f"  index: dtype {ddf._meta.index.dtype}"
    out.append(index + (f", divisions from {_brief(known[0], 2, 40)} to {_brief(known[-1], 2, 40)}" if known
                        else ", divisions unknown"))
    chain = _attempt(lambda: _expression_chain(ddf.expr))
    if chain:
        out.append(f"  graph: {chain}")
    out.append(f"  computes on: {_dask_scheduler()}")
    out.append("  work on it where it is: .groupby(...).agg(...).compute() and .map_partitions(f).compute() "
               "bring back only small results; never .compute() the whole frame")
    return "\n".join(out)


def _expression_chain(expr: Any, depth: int = 6) -> str:
    """The outermost operations of a dask-expr graph, newest first: ``Filter <- ReadParquetFSSpec``."""
    names: list[str] = []
    while expr is not None and len(names) < depth:
        names.append(type(expr).__name__)
        deps = expr.dependencies()
        expr = deps[0] if deps else None
    return " <- ".join(names) + (" <- ..." if expr is not None else "")


def _describe_dask_bag(bag: Any) -> str:
    return (f"{_public_type(bag, 'dask.bag')} (lazy: nothing computed, items unknown until computed), "
            f"{plural(bag.npartitions, 'partition')}, name {_one_line(bag.name, 80)}\n"
            f"  computes on: {_dask_scheduler()}\n"
            "  work on it where it is: .map(f).filter(g).frequencies().compute() and .take(5) bring back small results")


def _describe_dask_array(a: Any) -> str:
    return (f"{_public_type(a, 'dask.array')} (lazy), shape {a.shape}, dtype {a.dtype}, "
            f"{_human_bytes(float(a.nbytes))} when computed, chunks {a.chunksize} x {a.npartitions:,} blocks\n"
            f"  computes on: {_dask_scheduler()}")


def _describe_spark(df: Any) -> str:
    fields = [(f.name, f.dataType.simpleString()) for f in df.schema.fields]  # analysis only: no Spark job
    streaming = _attempt(lambda: df.isStreaming)
    out = [f"pyspark.sql.DataFrame (lazy: no Spark job run, rows unknown until an action), "
           f"{plural(len(fields), 'column')}" + (", streaming" if streaming else ""),
           _columns(fields, len(fields), "type"),
           ("  work on it on the cluster: .groupBy(...).agg(...).toPandas() or .limit(n).toPandas() bring back "
            "only small results; never .toPandas() or .collect() the whole frame")]
    return "\n".join(out)


# (module, class names, describer, lazy?) in check order; only libraries already in sys.modules are consulted.
_OPTIONAL_KINDS: tuple[tuple[str, tuple[str, ...], Callable[[Any], str], bool], ...] = (
    ("polars", ("LazyFrame",), _describe_polars_lazy, True),
    ("polars", ("DataFrame",), _describe_polars_frame, False),
    ("polars", ("Series",), _describe_polars_series, False),
    ("duckdb", ("DuckDBPyRelation",), _describe_duckdb, True),
    ("pyarrow", ("Table", "RecordBatch"), _describe_arrow_table, False),
    ("pyarrow", ("ChunkedArray", "Array"), _describe_arrow_array, False),
    ("pyarrow.dataset", ("Dataset",), _describe_arrow_dataset, True),
    ("dask.dataframe", ("DataFrame", "Series"), _describe_dask_frame, True),
    ("dask.bag", ("Bag",), _describe_dask_bag, True),
    ("dask.array", ("Array",), _describe_dask_array, True),
    ("pyspark.sql", ("DataFrame",), _describe_spark, True),
)


def _optional_kind(obj: object) -> tuple[Callable[[Any], str], bool] | None:
    """The describer for an object of an optional library, and whether the object is lazy."""
    for module, names, describer, lazy in _OPTIONAL_KINDS:
        if module in sys.modules and _lib_type(obj, module, names):
            return describer, lazy
    return None


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
    optional = _optional_kind(obj)
    if optional is not None:
        return optional[0]
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
            text = repr(obj) if len(obj) <= cap else f"{_cut(obj, 0, cap // 2)!r}... ({len(obj):,} chars)"
        elif isinstance(obj, (bytes, bytearray)):
            text = repr(obj) if len(obj) <= cap else f"{bytes(obj[:cap // 3])!r}... ({len(obj):,} bytes)"
        elif isinstance(obj, (*_SEQUENCES, Mapping)):
            n, name = len(obj), _type_name(obj)
            if depth >= _MAX_DEPTH:
                text = f"<{name} of {plural(n, 'item')}>"
            elif isinstance(obj, Mapping):
                pairs = itertools.islice(iter(obj.items()), _N_SHOWN)
                parts = [f"{_brief(k, depth + 1, 40)}: {_brief(v, depth + 1, 40)}" for k, v in pairs]
                text = f"{name}({n:,}) {{{', '.join(parts)}{', ...' if n > _N_SHOWN else ''}}}"
            else:
                parts = [_brief(x, depth + 1, 40) for x in itertools.islice(iter(obj), _N_SHOWN)]
                text = f"{name}({n:,}) [{', '.join(parts)}{', ...' if n > _N_SHOWN else ''}]"
        elif _lib_type(obj, "pandas", ("DataFrame", "Series", "Index")) or _lib_type(obj, "numpy", ("ndarray",)):
            text = f"<{_type_name(obj)} shape {getattr(obj, 'shape', '?')}>"
        elif (optional := _optional_kind(obj)) is not None:  # never repr(): a DuckDB relation's repr runs it
            shape = "(lazy)" if optional[1] else f"shape {getattr(obj, 'shape', '?')}"
            text = f"<{_type_name(obj)} {shape}>"
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
        shown = "" if _optional_kind(obj) else f", repr: {_repr(obj, 200)}"  # a lazy object's repr may run it
        body = f"{_type_name(obj)} <description failed: {type(exc).__name__}>{shown}"
    redact = _REDACTOR.get()
    text = redact(label + body) if redact is not None else label + body  # before the cap cuts it
    return clip(text, MAX_DESCRIPTION_CHARS, keep="head", marker=_TRUNCATED)


def describe_all(context: Mapping[str, object], redact: Redactor | None = None) -> str:
    """Descriptions of several variables, blank-line separated; past MAX_VARIABLES only
    the names are listed, so the prompt stays bounded however many variables exist.

    With ``redact`` (the engine passes its own), the previews of the user's data
    hold no secret, not even a part of one cut at a preview's edge.
    """
    if redact is None:
        return _describe_all(context)
    token = _REDACTOR.set(redact)
    try:
        return redact(_describe_all(context))
    finally:
        _REDACTOR.reset(token)


def _describe_all(context: Mapping[str, object]) -> str:
    if not context:
        return "(no context variables)"
    shown = list(itertools.islice(context.items(), MAX_VARIABLES))
    parts = [describe(value, key) for key, value in shown]
    rest = len(context) - len(shown)
    if rest > 0:
        names = ", ".join(_label(k) for k in itertools.islice(context.keys(), MAX_VARIABLES, MAX_VARIABLES + 30))
        parts.append(clip(f"... and {rest:,} more variables not described: {names}", 500, keep="head"))
    return "\n\n".join(parts)
