"""What the model's code is given for each of the user's objects, and what it changed that it should not have.

Why: the model's code runs in the user's live kernel, and a namespace of its own (``jupyter/namespace.py``)
keeps only the user's *bindings* apart: ``df.drop(..., inplace=True)``, ``records.append(x)`` or
``arr[:] = 0`` would reach the objects themselves, unseen. So each object is given through the cheapest
thing that keeps an in-place change away from the user's, without copying data where the type allows:

- pandas DataFrame and Series: ``obj.copy(deep=False)``. pandas 3's copy-on-write (always on) shares every
  column with the user's frame until the model writes, and a write copies only what it changes. Why pandas 3
  is required: pandas 2's copy-on-write is a global option (``pd.options.mode.copy_on_write``), which cannot
  be scoped to our views without changing the user's whole kernel, and a deep copy breaks the zero-copy promise.
- NumPy arrays: a read-only view; a write raises ``ValueError: assignment destination is read-only`` in the
  model's code, which goes back to the model like any error (``np.array(a)`` is its own copy).
- list, dict, set, deque (and ``OrderedDict``, ``defaultdict``, ``Counter``) of up to ``COPY_LIMIT`` items: a
  shallow copy, pointers only (80 KB at most); the items in it are still the user's.
- what nothing can change in place, or what holds no data here (text, numbers, tuples of them, Polars, Arrow,
  Dask, Spark, DuckDB handles, modules, functions, classes): the object itself.

What no view protects is watched: bigger containers, bytearrays, instances of the user's own classes, and the
items inside a shallow copy (through the user's object's digest). A fingerprint taken as the run starts (type,
length, keys, the identities of the items, bounded; for a small object a digest of its contents) is compared
as it ends, and a difference becomes a line of ``Run.changed_in_place``. The rest is neither protected nor
watched: a library's objects (a fitted model, a figure, a connection), a NumPy array inside a dict. The digests
of one run share DIGEST_BUDGET, the context variables' first, so a namespace of many small lists costs a tenth
of a second and what is past the budget is compared on its structure only.

A view the model changed (``df['cohort'] = ...``) leaves the user's object as it was; ``Run.changed_copies``
says so, and where the changed copy is (the answer, or the run's namespace), so nobody mistakes it for theirs.

One ``Views`` per namespace: an object under two names (a context variable and the user's binding of it)
gets one view, and a follow-up keeps the model's view of a name the user did not rebind. The kernel's own
names (``In``, ``Out``, ``_``...) are the Jupyter layer's to skip: the engine never imports IPython.
"""
from __future__ import annotations

import copy
import dataclasses
import datetime as _dt
import enum
import functools
import hashlib
import itertools
import numbers
import os
import pathlib
import re
import sys
import types
import uuid
import weakref
from collections import Counter, OrderedDict, defaultdict, deque
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, ParamSpec, TypedDict, TypeVar

from ...text import bounded_repr, plural
from .code_origin import INSTALLED
from .memory_digest import Budget, Digest, digest

_P = ParamSpec("_P")
_R = TypeVar("_R")
Kind = Literal["copy-on-write view", "read-only view", "shallow copy", "as is", "watched", "unprotected"]

COPY_LIMIT = 10_000  # a container up to this many items is given as a shallow copy; a bigger one as it is, watched
SAMPLE = 100  # the items at each end whose identities a bigger container's fingerprint keeps
DIGEST_NODES = 20_000  # objects a contents digest visits before it gives up (the object is then too big to say)
DIGEST_BUDGET = 100_000  # objects all the digests of one run's start may visit (~0.1 s); context variables first
BYTES_WHOLE = 16 << 20  # a bytearray up to 16 MiB is hashed whole; a bigger one at its ends and its length
FRAME_COLUMNS = 1_000  # columns of a frame whose memory is compared; wider frames are compared on the first ones
SHOWN_NAMES = 5  # keys, attributes or columns named in one change
RECORD_NAME = "rlm_run"  # where %%rlm binds the record: the changed copy not returned is in its namespace

_IMMUTABLE = (str, bytes, numbers.Number, range, slice, _dt.date, _dt.time, _dt.timedelta, _dt.tzinfo, enum.Enum,
              uuid.UUID, pathlib.PurePath, re.Pattern, type(None), type(...), type(NotImplemented))
_CODE = (types.ModuleType, type, types.FunctionType, types.BuiltinFunctionType, types.MethodType,
         types.MethodWrapperType, types.WrapperDescriptorType, functools.partial, property, staticmethod, classmethod)
_COPIED = frozenset({list, dict, set, deque, OrderedDict, defaultdict, Counter})  # exact types: copy.copy is right
_WATCHED = (list, dict, set, deque, bytearray)  # their subclasses: a copy could run the subclass's own code
# Packages whose objects are handles (their data lives elsewhere, or cannot change in place) or the kernel's and
# ours: given as they are, never fingerprinted (reading a Spark handle's attributes could even start a job).
_HANDLES = frozenset({"polars", "pyarrow", "dask", "distributed", "pyspark", "py4j", "duckdb", "ibis", "sqlalchemy",
                      "IPython", "ipykernel", "ipywidgets", "traitlets", "rlm_jupyter"})
_SCALARS = frozenset({str, bytes, int, float, complex, bool, type(None)})  # hashed by value in a digest


# -- what each object is given as ------------------------------------------------------------------------------------
def protection(obj: object) -> tuple[Kind, object]:
    """How ``obj`` is given to the model's code, and what it is given: a view, a shallow copy, or ``obj`` itself.

    Never raises: an object whose copy fails is given as it is, unprotected.
    """
    try:
        return _protection(obj)
    except Exception:
        return "unprotected", obj


def protect(obj: object) -> object:
    """What the model's code gets for ``obj``: a view or a shallow copy where one protects it, else ``obj`` itself."""
    return protection(obj)[1]


def _protection(obj: object) -> tuple[Kind, object]:
    if isinstance(obj, (*_IMMUTABLE, *_CODE)):
        return "as is", obj
    pandas, numpy = sys.modules.get("pandas"), sys.modules.get("numpy")
    if pandas is not None and isinstance(obj, (pandas.DataFrame, pandas.Series)):
        return "copy-on-write view", obj.copy(deep=False)
    if (pandas is not None and isinstance(obj, pandas.Index)) or _module(type(obj)).startswith("pandas._libs"):
        return "as is", obj  # an Index and pandas' scalars (Period, Interval, NaT) are immutable
    if numpy is not None and isinstance(obj, numpy.generic):
        return "as is", obj
    if numpy is not None and isinstance(obj, numpy.ndarray) and not _module(type(obj)).startswith("numpy.ma"):
        return "read-only view", read_only(obj)
    if _root(type(obj)) in _HANDLES:
        return "as is", obj
    if type(obj) in _COPIED:
        return ("shallow copy", copy.copy(obj)) if len(obj) <= COPY_LIMIT else ("watched", obj)  # type: ignore[arg-type]
    if isinstance(obj, (tuple, frozenset)):
        return ("as is", obj) if _immutable(obj) else ("watched", obj)
    if isinstance(obj, _WATCHED) or (_user_class(type(obj)) and _attributes(obj) is not None):
        return "watched", obj
    return "unprotected", obj


def read_only(array: Any) -> Any:
    """A view of ``array``'s memory that cannot be written, nor made writeable again.

    Why not ``view.flags.writeable = False`` alone: NumPy lets ``setflags(write=True)`` (or ``flags.writeable =
    True``) undo that whenever the memory's owner is writeable, the common reply to "assignment destination is
    read-only", and ``view.base`` is the user's array itself. This view's memory comes through an object that
    exports it read-only and is not an array (``_ReadOnlyMemory``), so NumPy refuses to make it writeable and
    ``.base`` leads nowhere writable. An ndarray subclass keeps its type and attributes through a plain read-only
    view instead; a write to it after all is detected (``Protected.state``: a digest of its memory).
    """
    numpy = sys.modules["numpy"]  # an array exists: numpy is loaded
    if type(array) is numpy.ndarray:
        return numpy.asarray(_ReadOnlyMemory(array))
    view = array.view()
    view.flags.writeable = False
    return view


class _ReadOnlyMemory:
    """An array's memory, exported read-only through NumPy's array interface; it holds the array, so the memory
    lives as long as a view of it does."""

    __slots__ = ("__array_interface__", "_array")

    def __init__(self, array: Any) -> None:
        interface = dict(array.__array_interface__)
        interface["data"] = (interface["data"][0], True)  # (address, read-only)
        self.__array_interface__, self._array = interface, array


def _viewable(obj: object) -> bool:
    """A DataFrame, Series or NumPy array: inside a shallow copy, given through a view of its own too."""
    pandas, numpy = sys.modules.get("pandas"), sys.modules.get("numpy")
    return ((pandas is not None and isinstance(obj, (pandas.DataFrame, pandas.Series)))
            or (numpy is not None and isinstance(obj, numpy.ndarray)))


def _module(cls: type) -> str:
    module = getattr(cls, "__module__", None)
    return module if isinstance(module, str) else ""


def _root(cls: type) -> str:
    return _module(cls).partition(".")[0]


def _immutable(obj: tuple[Any, ...] | frozenset[Any]) -> bool:
    """A tuple or frozenset of immutable things, all the way down (one too big to check counts as immutable)."""
    stack: list[object] = [obj]
    for _ in range(DIGEST_NODES):
        if not stack:
            return True
        item = stack.pop()
        if isinstance(item, (tuple, frozenset)):
            stack.extend(item)
        elif not isinstance(item, _IMMUTABLE):
            return False
    return True


_USER_CLASSES: weakref.WeakKeyDictionary[type, bool] = weakref.WeakKeyDictionary()  # a redefined class is let go


def _user_class(cls: type) -> bool:
    """Whether ``cls`` is the user's own: defined in the notebook (``__main__``) or in a file of theirs.

    Why only theirs: a library's objects keep caches and counters in their attributes (a logger, a fitted
    model, a figure, a client), which change when they are merely used, and would be reported as changed.
    """
    known = _USER_CLASSES.get(cls)
    if known is None:
        known = _USER_CLASSES[cls] = _defined_by_user(cls)
    return known


def _defined_by_user(cls: type) -> bool:
    module = _module(cls)
    if module == "__main__":
        return True
    root = module.partition(".")[0]
    if not root or root in sys.stdlib_module_names or root in _HANDLES or root == "builtins":
        return False
    path = getattr(sys.modules.get(module), "__file__", None)
    return isinstance(path, str) and not os.path.realpath(path).startswith(INSTALLED)


def _attributes(obj: object) -> dict[str, Any] | None:
    """``obj.__dict__`` read without running the object's own ``__getattr__`` (a proxy's could call out)."""
    try:
        attrs = object.__getattribute__(obj, "__dict__")
    except Exception:
        return None
    return attrs if isinstance(attrs, dict) else None


# -- fingerprints of what no view protects ---------------------------------------------------------------------------
Shape = Literal["sequence", "mapping", "set", "bytes", "attributes", "contents"]


@dataclass(frozen=True)
class Fingerprint:
    """A container or object as the run found it, bounded: enough to say what changed, never a copy of the data."""

    shape: Shape
    length: int = 0
    sampled: bool = False  # over COPY_LIMIT items: ``ids`` and ``entries`` hold the first and last SAMPLE only
    ids: tuple[int, ...] = ()  # the items' identities, in order (a set's sorted)
    entries: tuple[tuple[Hashable, int], ...] = ()  # a mapping's keys or an object's attributes, values' identities
    digest: int | None = None  # the contents, nested ones too; None: too big to say, or not asked for
    visited: int = field(default=0, compare=False)  # objects the digest visited

    def change_to(self, after: Fingerprint) -> str | None:
        """What changed from this fingerprint to ``after`` ("3 items appended"), or None."""
        if after.shape != self.shape:
            return "contents changed"
        words = _STRUCTURE[self.shape](self, after)
        if not words and None not in (self.digest, after.digest) and self.digest != after.digest:
            words = ["contents changed"]
        return ", ".join(words) or None


def fingerprint(obj: object, nodes: int = DIGEST_NODES) -> Fingerprint:
    """The fingerprint of a watched object (or of the user's object behind a shallow copy); its digest visits
    at most ``nodes`` objects (0: the structure only)."""
    if isinstance(obj, bytearray):
        return Fingerprint("bytes", len(obj), digest=_bytes_digest(obj) if nodes else None)
    if isinstance(obj, (list, deque)):
        if len(obj) <= COPY_LIMIT:
            return Fingerprint("sequence", len(obj), ids=tuple(map(id, obj)), **_digest(obj, nodes))
        return Fingerprint("sequence", len(obj), True, ids=tuple(map(id, _ends(obj, reversed(obj)))))
    if isinstance(obj, dict):
        if len(obj) <= COPY_LIMIT:
            return Fingerprint("mapping", len(obj), entries=_entries(obj.items()), **_digest(obj, nodes))
        return Fingerprint("mapping", len(obj), True, entries=_entries(_ends(obj.items(), reversed(obj.items()))))
    if isinstance(obj, set):
        if len(obj) <= COPY_LIMIT:
            return Fingerprint("set", len(obj), ids=tuple(sorted(map(id, obj))), **_digest(obj, nodes))
        return Fingerprint("set", len(obj), True, ids=tuple(map(id, itertools.islice(obj, SAMPLE))))
    attrs = _attributes(obj) if not isinstance(obj, (tuple, frozenset)) else None
    if attrs is not None:
        return Fingerprint("attributes", len(attrs), entries=_entries(itertools.islice(attrs.items(), COPY_LIMIT)),
                           **_digest(attrs, nodes))
    return Fingerprint("contents", **_digest(obj, nodes))


def _ends(items: Iterable[Any], backwards: Iterable[Any]) -> list[Any]:
    """The first and the last SAMPLE items of a big container, in order."""
    return [*itertools.islice(items, SAMPLE), *reversed(list(itertools.islice(backwards, SAMPLE)))]


def _entries(items: Iterable[tuple[Hashable, Any]]) -> tuple[tuple[Hashable, int], ...]:
    return tuple((key, id(value)) for key, value in items)


class _Digest(TypedDict):
    digest: int | None
    visited: int


def _digest(obj: object, nodes: int) -> _Digest:
    """A hash of ``obj``'s contents, nested containers and the user's objects' attributes included, and how many
    objects it visited; None past ``nodes`` objects. Scalars count by value, other objects (a DataFrame, a
    library's) by identity."""
    parts: list[object] = []
    stack, seen, visited = [obj], set[int](), 0
    while stack:
        if visited == nodes:
            return {"digest": None, "visited": visited}
        item = stack.pop()
        visited += 1
        kind = type(item)
        if kind in _SCALARS:
            parts.append((kind, item))
        elif id(item) in seen:
            parts.append(id(item))
        elif isinstance(item, (list, tuple, deque, set, frozenset, dict)):
            if len(item) > nodes - visited:  # too big to finish: say so now, without walking it
                return {"digest": None, "visited": visited}
            seen.add(id(item))
            parts.append((kind.__name__, len(item)))
            stack.extend(itertools.chain.from_iterable(item.items()) if isinstance(item, dict) else item)
        elif isinstance(item, bytearray):
            parts.append(_bytes_digest(item))
        elif _user_class(kind) and (attrs := _attributes(item)) is not None:
            seen.add(id(item))
            parts.append(id(kind))
            stack.append(attrs)
        else:
            parts.append(id(item))
    return {"digest": hash(tuple(parts)), "visited": visited}


def _bytes_digest(data: bytearray) -> int:
    digest = hashlib.blake2b(digest_size=16)
    view = memoryview(data)
    if len(data) <= BYTES_WHOLE:
        digest.update(view)
    else:  # the ends; a change in the middle of a huge buffer shows only if the length changed
        digest.update(view[:BYTES_WHOLE // 2])
        digest.update(view[-BYTES_WHOLE // 2:])
    return int.from_bytes(digest.digest(), "big")


def _named(keys: Iterable[Hashable]) -> str:
    shown = list(keys)
    words = [key if isinstance(key, str) else bounded_repr(key, 40) for key in shown[:SHOWN_NAMES]]
    return ", ".join(words) + (", ..." if len(shown) > SHOWN_NAMES else "")


def _counted(n: int, noun: str, verb: str, keys: list[Hashable] | None = None) -> str:
    return f"{plural(n, noun)} {verb}" + (f" ({_named(keys)})" if keys else "")


def _resized(before: Fingerprint, after: Fingerprint, noun: str, grown_verb: str = "added") -> list[str]:
    grown = after.length - before.length
    if grown > 0:
        return [_counted(grown, noun, grown_verb)]
    return [_counted(-grown, noun, "removed")] if grown < 0 else []


def _sequence_words(before: Fingerprint, after: Fingerprint) -> list[str]:
    if after.length > before.length:
        head = min(SAMPLE, before.length) if before.sampled or after.sampled else before.length
        kept = after.ids[:head] == before.ids[:head]
        return _resized(before, after, "item", "appended" if kept else "added")
    if after.length < before.length:
        return _resized(before, after, "item")
    if before.ids == after.ids:
        return []
    if before.sampled or after.sampled:
        return ["items replaced"]
    if sorted(before.ids) == sorted(after.ids):
        return ["items reordered"]
    return [_counted(sum(x != y for x, y in zip(before.ids, after.ids)), "item", "replaced")]


def _mapping_words(before: Fingerprint, after: Fingerprint) -> list[str]:
    if before.sampled or after.sampled:
        grown = after.length - before.length
        if 0 < grown <= SAMPLE:  # a dict keeps insertion order: new keys are the last ones (the old ones sampled)
            sampled = dict(before.entries)
            added = [key for key, _ in after.entries[-grown:] if key not in sampled]
            return [_counted(grown, "key", "added", added if len(added) == grown else None)]
        words = _resized(before, after, "key")
        return words or (["values replaced"] if before.entries != after.entries else [])
    old, new = dict(before.entries), dict(after.entries)
    added = [key for key in new if key not in old]
    removed = [key for key in old if key not in new]
    replaced = [key for key in new if key in old and new[key] != old[key]]
    words = [_counted(len(added), "key", "added", added)] if added else []
    words += [_counted(len(removed), "key", "removed", removed)] if removed else []
    return words + ([_counted(len(replaced), "value", "replaced", replaced)] if replaced else [])


def _set_words(before: Fingerprint, after: Fingerprint) -> list[str]:
    return _resized(before, after, "item") or (["items replaced"] if before.ids != after.ids else [])


def _attribute_words(before: Fingerprint, after: Fingerprint) -> list[str]:
    old, new = dict(before.entries), dict(after.entries)
    changed = [name for name in dict.fromkeys([*old, *new]) if old.get(name) != new.get(name)]
    return [f"attributes changed ({_named(changed)})"] if changed else []


def _byte_words(before: Fingerprint, after: Fingerprint) -> list[str]:
    return _resized(before, after, "byte")  # same length: the digest says whether the contents changed


def _no_words(before: Fingerprint, after: Fingerprint) -> list[str]:
    return []  # only the digest can say


_STRUCTURE: dict[Shape, Callable[[Fingerprint, Fingerprint], list[str]]] = {
    "sequence": _sequence_words, "mapping": _mapping_words, "set": _set_words, "bytes": _byte_words,
    "attributes": _attribute_words, "contents": _no_words,
}


# -- frames: the user's before and after, and the model's copy against the user's ------------------------------------
# A numpy-backed column's data address and strides, and the digest of its memory when one was asked for (the
# user's frame as the run starts and ends: a write through a view made writeable again); None: not numpy.
Memory = tuple[int, tuple[int, ...], Digest | None] | None


@dataclass(frozen=True)
class FrameState:
    """A DataFrame or Series in constant work per column: shape, labels, dtypes, index, where each column's data is
    (and, for the user's frame, a digest of that memory)."""

    series: bool
    shape: tuple[int, ...]
    columns: tuple[Hashable, ...]  # a Series: its name
    dtypes: tuple[str, ...]
    index: Any  # the Index object (compared by identity first: a shallow copy shares it)
    memory: tuple[Memory, ...]  # the first FRAME_COLUMNS columns

    def change_to(self, after: FrameState, frames: tuple[Any, Any] | None = None) -> str | None:
        """What changed from this state to ``after``; with both ``frames``, a column whose data moved is compared
        by value (``.equals``), so a write that copied a block without changing a column does not count. A
        column whose memory stayed but was written (its digest differs) changed in place."""
        words = []
        if self.columns != after.columns:
            added = [c for c in after.columns if c not in self.columns]
            removed = [c for c in self.columns if c not in after.columns]
            if self.series:
                words.append("name changed")
            else:
                words += [_counted(len(added), "column", "added", added)] if added else []
                words += [_counted(len(removed), "column", "removed", removed)] if removed else []
                words += ["columns reordered"] if not added and not removed else []
        rows = after.shape[0] - self.shape[0]
        if rows:
            return ", ".join([*words, _counted(abs(rows), "row", "added" if rows > 0 else "removed")])
        old, new = self.by_label(), after.by_label()
        shared = [label for label in old if label in new]
        retyped = [label for label in shared if old[label][1] != new[label][1]]
        changed = [label for label in shared if label not in retyped
                   and ((_moved(old[label][2], new[label][2]) and _column_differs(old[label], new[label], frames))
                        or _rewritten(old[label][2], new[label][2]))]
        if self.series:
            words += (["dtype changed"] if retyped else []) + (["values changed"] if changed else [])
        else:
            words += [_counted(len(retyped), "dtype", "changed", retyped)] if retyped else []
            words += [f"values changed ({_named(changed)})"] if changed else []
        words += [] if _same_index(self.index, after.index) else ["index changed"]
        return ", ".join(words) or None

    def by_label(self) -> dict[Hashable, tuple[int, str, Memory]]:
        """Each compared column's position, dtype and memory by label ({} when labels repeat: nothing compared).
        A Series has one column whatever its name."""
        labels = (None,) if self.series else self.columns
        if len(set(labels)) != len(labels):
            return {}
        return {label: (i, dtype, memory)
                for i, (label, dtype, memory) in enumerate(zip(labels, self.dtypes, self.memory))}


def frame_state(obj: Any, memory: Budget | None = None, like: FrameState | None = None) -> FrameState:
    """``obj``'s state; with ``memory`` (the run's budget for reading whole), each numeric column's memory is
    digested too, and with ``like`` (the state as the run started) digested the same way again."""
    series = obj.ndim == 1
    columns = (obj.name,) if series else tuple(obj.columns)
    dtypes = (str(obj.dtype),) if series else tuple(str(t) for t in obj.dtypes)
    plan = {} if like is None else {label: kept[2].sampled for label, (_, _, kept) in like.by_label().items()
                                    if kept is not None and kept[2] is not None}
    labels = (None,) if series else columns
    state = tuple(_memory(obj if series else obj.iloc[:, i], memory, plan.get(labels[i]) if like is not None else None,
                          like is not None)
                  for i in range(min(len(columns), FRAME_COLUMNS)))
    return FrameState(series, tuple(obj.shape), columns, dtypes, obj.index, state)


def _memory(column: Any, memory: Budget | None, sampled: bool | None, again: bool) -> Memory:
    numpy = sys.modules["numpy"]  # a pandas object exists: numpy is loaded
    if not isinstance(column.dtype, numpy.dtype):
        return None
    values = column.to_numpy()  # a numpy dtype: a view of the column's memory, no copy
    if again:  # the end of the run: as the start did it (a column it did not digest is not digested now)
        found = None if sampled is None else digest(values, whole=not sampled)
    else:
        found = None if memory is None else digest(values, whole=memory.whole(values.nbytes))
    return values.__array_interface__["data"][0], values.strides, found


def _moved(old: Memory, new: Memory) -> bool:
    """A column whose data is elsewhere now (or that was not numpy-backed: then only its value can say)."""
    return old is None or new is None or old[:2] != new[:2]


def _rewritten(old: Memory, new: Memory) -> bool:
    """A column whose memory stayed and was written (both digested, the digests differ)."""
    return old is not None and new is not None and None not in (old[2], new[2]) and old[2] != new[2]


def _column_differs(old: tuple[int, str, Memory], new: tuple[int, str, Memory],
                    frames: tuple[Any, Any] | None) -> bool:
    """A column whose data moved: compared by value when both frames are at hand; without them, changed if it
    was numpy-backed, and not said if it was not (an extension array's memory is not compared)."""
    if frames is None:
        return old[2] is not None
    before, after = (frame if frame.ndim == 1 else frame.iloc[:, position]
                     for frame, position in zip(frames, (old[0], new[0])))
    return not bool(before.array.equals(after.array))  # the values only: a new index is said on its own


def _same_index(old: Any, new: Any) -> bool:
    return old is new or bool(new.is_(old)) or bool(new.equals(old))


# -- the registry of one namespace ------------------------------------------------------------------------------------
State = Fingerprint | FrameState | Digest | None


@dataclass(eq=False)  # one per user object: compared and hashed by identity
class Protected:
    """One user object given to the model: how, what it got, under which names (or where inside another of the
    user's objects), and its state as the run began."""

    kind: Kind
    source: Any  # the user's object
    given: Any  # what the model's code got: the view, the copy, or ``source`` itself
    names: list[str] = field(default_factory=list)
    places: list[str] = field(default_factory=list)  # inside a shallow copy: "tables['orders']"
    inner: dict[int, Protected] = field(default_factory=dict)  # a shallow copy's items given as views, by view id
    before: State = None

    @property
    def label(self) -> str:
        return self.names[0] if self.names else self.places[0]

    def state(self, nodes: int, memory: Budget | None = None, like: State = None) -> State:
        """The user's object now, for the kinds that can change in place and be seen to (None for the rest):
        with ``memory``, the memory under its numbers digested within that budget; with ``like``, the way the
        state the run started with was taken."""
        if self.kind == "copy-on-write view":
            return frame_state(self.source, memory, like if isinstance(like, FrameState) else None)
        if self.kind == "read-only view" and self.given.base is self.source:  # a subclass: writeable after all
            if isinstance(like, Digest):
                return digest(self.source, whole=not like.sampled)
            return digest(self.source, memory.whole(self.source.nbytes)) if memory is not None else None
        return fingerprint(self.source, nodes) if self.kind in ("shallow copy", "watched") else None

    def changed_in_place(self, after: State) -> str | None:
        """What changed from ``before`` to ``after`` (the user's object's state now), or None."""
        if isinstance(self.before, (FrameState, Fingerprint)) and type(after) is type(self.before):
            return self.before.change_to(after)  # type: ignore[arg-type]
        if isinstance(self.before, Digest) and isinstance(after, Digest):
            return "values changed" if after != self.before else None
        return None

    def copy_changed(self, source: State = None) -> str | None:
        """How the model's view or copy differs from the user's object (whose state now is ``source`` when known);
        None when it does not, or cannot (a NumPy view)."""
        if self.kind == "copy-on-write view":
            now = source if isinstance(source, FrameState) else frame_state(self.source)
            return now.change_to(frame_state(self.given), (self.source, self.given))
        if self.kind == "shallow copy":  # the items are shared, or views of the user's: the structure, then them
            mine = {view: id(item.source) for view, item in self.inner.items()}
            words = [fingerprint(self.source, 0).change_to(_as_theirs(fingerprint(self.given, 0), mine))]
            words += [f"{item.places[0].removeprefix(self.label)}: {what}" for view, item in self.inner.items()
                      if _holds(self.given, view) and (what := item.copy_changed())]
            return ", ".join(filter(None, words)) or None
        return None


def _as_theirs(given: Fingerprint, mine: Mapping[int, int]) -> Fingerprint:
    """A shallow copy's fingerprint with the views of its items read as the user's items they were made from."""
    return dataclasses.replace(given, ids=tuple(mine.get(i, i) for i in given.ids),
                               entries=tuple((key, mine.get(value, value)) for key, value in given.entries))


def _holds(container: Any, item_id: int) -> bool:
    values = container.values() if isinstance(container, dict) else container
    return any(id(value) == item_id for value in values)


@dataclass(frozen=True)
class Changes:
    """A run's lines for the record: the user's objects changed in place, and the model's changed copies."""

    in_place: list[str]
    copies: list[str]


class Views:
    """What one namespace gave the model for each of the user's objects, and their fingerprints."""

    def __init__(self) -> None:
        self._by_name: dict[str, Protected] = {}
        self._by_id: dict[int, Protected] = {}  # id of the user's object (held by the entry, so never reused)
        self._context: list[Protected] = []  # the last run's context variables: fingerprinted first

    def protect(self, name: str, obj: object) -> object:
        """What the model gets under ``name`` for ``obj``; the same view for an object already given."""
        entry = self._entry(obj, name)
        previous = self._by_name.get(name)
        if previous is not None and previous is not entry:
            previous.names.remove(name)
            if not previous.names and not previous.places:
                del self._by_id[id(previous.source)]
        if name not in entry.names:
            entry.names.append(name)
        self._by_name[name] = entry
        return entry.given

    def _entry(self, obj: object, place: str) -> Protected:
        entry = self._by_id.get(id(obj))
        if entry is None:
            kind, given = protection(obj)
            entry = self._by_id[id(obj)] = Protected(kind, obj, given)
            if kind == "shallow copy":
                self._give_items(entry, place)
        return entry

    def _give_items(self, entry: Protected, place: str) -> None:
        """A shallow copy's DataFrames and arrays get views of their own (a dict of tables is common): the model
        editing one in place (``tables['orders'].loc[...] = 0``) changes its view, not the user's table."""
        copied = entry.given
        keys = list(copied) if isinstance(copied, dict) else range(len(copied)) if isinstance(copied, (list, deque)) \
            else []
        for key in keys:
            item = copied[key]
            if _viewable(item):
                inner = self._entry(item, f"{place}[{key!r}]")
                inner.places.append(f"{place}[{key!r}]")
                copied[key] = inner.given
                entry.inner[id(inner.given)] = inner

    def protect_context(self, variables: Mapping[str, object]) -> dict[str, object]:
        """A run's context variables: given as ``protect`` gives them, and first to be fingerprinted."""
        given = {name: self.protect(name, obj) for name, obj in variables.items()}
        self._context = [self._by_name[name] for name in variables]
        return given

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def source(self, name: str) -> object:
        """The user's object the model's ``name`` was made from (``KeyError`` for a name never given)."""
        return self._by_name[name].source

    def given(self, name: str) -> object:
        """What the model's code got under ``name`` (``KeyError`` for a name never given)."""
        return self._by_name[name].given

    def kinds(self) -> dict[str, Kind]:
        """Each name given, with how: "copy-on-write view", "read-only view", "shallow copy", "as is"..."""
        return {name: entry.kind for name, entry in self._by_name.items()}

    def _in_order(self) -> list[Protected]:
        """Every entry once, the context variables (and the items of theirs given as views) first: they have the
        first claim on the digest budgets, and the report names them first."""
        context = [item for entry in self._context for item in (entry, *entry.inner.values())]
        return list(dict.fromkeys([*context, *self._by_id.values()]))

    def snapshot(self) -> None:
        """As a run starts: the state of every object that can change in place and be seen to.

        The contents digests share DIGEST_BUDGET, the context variables' first: a namespace of many
        small lists costs a tenth of a second, and the rest is compared on its structure only. The memory
        digests of frames and arrays share ``memory_digest.WHOLE_BYTES`` the same way; past it they sample.
        """
        budget, memory = DIGEST_BUDGET, Budget()
        for entry in self._in_order():
            try:
                entry.before = entry.state(min(DIGEST_NODES, budget), memory)
            except Exception:  # an object that cannot be read cheaply is not watched
                entry.before = None
            if isinstance(entry.before, Fingerprint):
                budget = max(budget - entry.before.visited, 0)

    def changed_copies(self, ns: Mapping[str, object], sources: Mapping[int, State] | None = None) -> dict[str, str]:
        """Names still bound in ``ns`` to a view or copy the model changed, with what changed (``sources``: the
        states of the user's objects already taken, by the entry's id)."""
        changed = {}
        for entry in self._by_id.values():
            bound = [name for name in entry.names if ns.get(name) is entry.given]
            if not bound or entry.given is entry.source:
                continue
            what = _quietly(entry.copy_changed, (sources or {}).get(id(entry)))
            if what:
                changed[bound[0]] = what
        return changed

    def changes(self, ns: Mapping[str, object], answer: object) -> Changes:
        """As a run ends: what changed in the user's objects, and which of the model's copies it changed."""
        in_place, touched, states = [], set(), {}
        for entry in self._in_order():
            if entry.before is None:
                continue
            nodes = DIGEST_NODES if isinstance(entry.before, Fingerprint) and entry.before.digest is not None else 0
            after = states[id(entry)] = _quietly(entry.state, nodes, None, entry.before)
            what = _quietly(entry.changed_in_place, after)
            if what:
                in_place.append(f"model code changed `{entry.label}` in place: {what}")
                touched.update(entry.names)
        copies = []
        for name, what in self.changed_copies(ns, states).items():
            if name in touched:  # the user's object changed too: "unchanged" would be wrong, and it is said above
                continue
            where = "the answer" if ns.get(name) is answer else f"in `{RECORD_NAME}.namespace[{name!r}]`"
            copies.append(f"your `{name}` is unchanged; the changed copy is {where}: {what}")
        return Changes(in_place, copies)


def _quietly(check: Callable[_P, _R], *args: _P.args, **kwargs: _P.kwargs) -> _R | None:
    """A check on a user's object that fails (a broken ``__len__``, a frame pandas cannot compare) says nothing."""
    try:
        return check(*args, **kwargs)
    except Exception:
        return None
