"""How values cross between the engine and the isolated REPL, in each direction under its own rule.

Into the REPL (the engine's data, trusted): DataFrames, Series and Arrow tables as Arrow IPC files and
NumPy arrays as ``.npy`` files in shared memory, which the worker maps without copying (read-only, so an
in-place change cannot reach anything but its own copy-on-write copy); text and bytes as frames; anything
else pickled (protocol 5). What cannot be pickled (a Spark frame, an open connection, a lock) crosses as a
description: the name is there, and using it raises an error that says why.

Out of the REPL (the model's objects, untrusted): never pickle, which would run the REPL's code in the
kernel. Plain data (numbers, text, bytes, lists, tuples, dicts, sets, dates, decimals) as tagged JSON,
DataFrames and Series as Arrow IPC checked in full before pandas sees them, arrays as ``.npy`` read with
``allow_pickle=False``; an object that is one of the context variables as that variable's name (the engine
puts its own object back); anything else as a ``Described`` object: its type and repr, not the object.
"""
from __future__ import annotations

import datetime as dt
import decimal
import fractions
import io
import json
import os
import pickle
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from ....text import bounded_repr

Frames = list[bytes | bytearray | memoryview]
INLINE_TEXT_CHARS = 65_536  # longer text goes in a frame of its own: no JSON escaping of a 40M-character string
INLINE_JSON_BYTES = 1_000_000  # a bigger container goes as JSON in a frame (channel.MAX_HEADER_BYTES bounds headers)
_CONTAINERS = frozenset({"list", "tuple", "set", "frozenset", "dict"})
MAX_DEPTH = 64
DESCRIBED_CHARS = 2_000


@dataclass(frozen=True)
class Described:
    """An object of the isolated REPL that could not cross: what it was, not the object."""

    type_name: str
    text: str

    def __repr__(self) -> str:
        return f"<{self.type_name} left in the isolated REPL (it cannot be copied out safely): {self.text}>"


class Unavailable:
    """In the REPL, an object of the user's that could not be copied in: its name, type and why, and nothing else.

    Any use (an attribute, a call, iteration) raises, with the reason, so the model's code learns at once why
    the variable it was told about cannot be read here, instead of working on a stand-in.
    """

    def __init__(self, name: str, type_name: str, why: str) -> None:
        object.__setattr__(self, "_rlm_about", (name, type_name, why))

    def _refuse(self) -> PermissionError:
        name, type_name, why = object.__getattribute__(self, "_rlm_about")
        return PermissionError(f"`{name}` ({type_name}) is not available in the isolated REPL: {why}. Work with the "
                               "other variables, or ask the user to run without --isolated")

    def __getattr__(self, attr: str) -> Any:
        raise self._refuse()

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        raise self._refuse()

    def __iter__(self) -> Any:
        raise self._refuse()

    def __len__(self) -> int:
        raise self._refuse()

    def __getitem__(self, key: Any) -> Any:
        raise self._refuse()

    def __repr__(self) -> str:
        name, type_name, why = object.__getattribute__(self, "_rlm_about")
        return f"<{type_name} `{name}`: not available in the isolated REPL ({why})>"


# -- into the REPL ---------------------------------------------------------------------------------------------------
@dataclass
class Packed:
    """A value ready to cross: the header that says how, its frames, and shared-memory files to delete once read."""

    header: dict[str, Any]
    frames: Frames = field(default_factory=list)
    files: list[str] = field(default_factory=list)

    def discard(self) -> None:
        for path in self.files:
            try:
                os.unlink(path)
            except OSError:
                pass


def shared_folder() -> str:
    """Where mapped files go: RAM-backed ``/dev/shm`` where there is one (a copy there is a memory copy)."""
    return "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else tempfile.gettempdir()


def pack_in(value: object) -> Packed:
    """The engine's value for the REPL: mapped where the format allows, copied otherwise, described if neither."""
    if isinstance(value, str):
        return Packed({"kind": "text"}, [value.encode("utf-8", "surrogatepass")])
    if isinstance(value, (bytes, bytearray)):
        return Packed({"kind": "bytes", "bytearray": isinstance(value, bytearray)}, [value])
    arrow = _arrow_in(value)
    if arrow is not None:
        return arrow
    numpy = sys.modules.get("numpy")
    if numpy is not None and isinstance(value, numpy.ndarray) and not value.dtype.hasobject:
        path = _shared_file(".npy")
        numpy.save(path, value, allow_pickle=False)
        return Packed({"kind": "npy", "path": path}, [], [path])
    buffers: list[pickle.PickleBuffer] = []
    try:
        data = pickle.dumps(value, protocol=5, buffer_callback=buffers.append)
    except Exception as exc:  # whatever pickling raised, the object cannot cross
        return Packed({"kind": "unavailable", "type": type_name(value),
                       "why": f"it cannot be copied to another process ({type(exc).__name__}: {exc})"[:500]})
    return Packed({"kind": "pickle", "type": type_name(value)}, [data, *(b.raw() for b in buffers)])


def _arrow_in(value: object) -> Packed | None:
    pandas, pyarrow = sys.modules.get("pandas"), _pyarrow()
    if pyarrow is None:
        return None
    series = pandas is not None and isinstance(value, pandas.Series)
    if pandas is not None and isinstance(value, (pandas.DataFrame, pandas.Series)):
        frame = value.to_frame() if series else value
        if not all(isinstance(c, str) for c in frame.columns):
            return None  # Arrow names columns with text: a frame with other labels is pickled, labels intact
        table = _table(pyarrow, frame)
        if table is None:
            return None  # object columns of mixed types: pickled instead
    elif isinstance(value, pyarrow.Table):
        table = value
    else:
        return None
    path = _shared_file(".arrow")
    with pyarrow.OSFile(path, "wb") as sink, pyarrow.ipc.new_file(sink, table.schema) as writer:
        writer.write_table(table)
    kind = "table" if isinstance(value, pyarrow.Table) else "series" if series else "frame"
    return Packed({"kind": "arrow", "as": kind, "path": path}, [], [path])


def _table(pyarrow: Any, frame: Any) -> Any:
    """A pandas frame as an Arrow table, its index kept; None for columns Arrow cannot hold (mixed objects)."""
    try:
        return pyarrow.Table.from_pandas(frame, preserve_index=True)
    except (pyarrow.ArrowException, TypeError, ValueError):
        return None


def _shared_file(suffix: str) -> str:
    handle, path = tempfile.mkstemp(prefix="rlm-isolated-", suffix=suffix, dir=shared_folder())
    os.close(handle)
    return path


def unpack_in(header: dict[str, Any], frames: Frames, name: str, keep: list[object]) -> object:
    """In the worker: the value the engine sent (``pickle`` is fine in this direction: the engine's own data).

    ``keep`` holds what must live as long as the value (the mapped original of a copy-on-write frame).
    """
    kind = header["kind"]
    if kind == "text":
        return bytes(frames[0]).decode("utf-8", "surrogatepass")
    if kind == "bytes":
        return bytearray(frames[0]) if header.get("bytearray") else bytes(frames[0])
    if kind == "npy":
        import numpy

        return numpy.load(header["path"], mmap_mode="r", allow_pickle=False)  # mapped, read-only
    if kind == "arrow":
        import pyarrow

        table = pyarrow.ipc.open_file(pyarrow.memory_map(header["path"], "r")).read_all()  # mapped, no copy
        if header["as"] == "table":
            return table
        mapped = table.to_pandas(split_blocks=True)  # numeric columns stay views of the mapped, read-only file
        # What the model gets is a copy-on-write copy of it: while ``mapped`` lives (``keep``), the first write
        # to a column copies that column, as a view of the user's frame does in the kernel; written in place,
        # the read-only mapping would refuse it.
        keep.append(mapped)
        frame = mapped.copy(deep=False)
        return frame.iloc[:, 0] if header["as"] == "series" else frame
    if kind == "pickle":
        return pickle.loads(frames[0], buffers=frames[1:])
    if kind == "unavailable":
        return Unavailable(name, header["type"], header["why"])
    raise ValueError(f"unknown value kind {kind!r}")


# -- out of the REPL -------------------------------------------------------------------------------------------------
def pack_out(value: object, given: Callable[[object], str | None] = lambda v: None) -> tuple[Any, Frames]:
    """In the worker: a value as tagged JSON and frames the engine can read without running any of its code.

    ``given`` names the context variable an object is, if it is one (it goes back as that name).
    """
    frames: Frames = []
    data = _out(value, frames, given, 0)
    if isinstance(data, dict) and data.get("t") in _CONTAINERS:
        text = json.dumps(data, allow_nan=False).encode()
        if len(text) > INLINE_JSON_BYTES:  # a long list of lines: in a frame, so the message's header stays small
            frames.append(text)
            return {"t": "json", "f": len(frames) - 1}, frames
    return data, frames


def _out(value: object, frames: Frames, given: Callable[[object], str | None], depth: int) -> Any:
    name = given(value)
    if name is not None:
        return {"t": "context", "name": name}
    if value is None or isinstance(value, bool):
        return value
    if type(value) is int:
        return value if abs(value) < 2**63 else {"t": "bigint", "v": str(value)}
    if type(value) is float:
        return value if value == value and value not in (float("inf"), float("-inf")) else {"t": "float",
                                                                                             "v": repr(value)}
    if type(value) is str:
        if len(value) <= INLINE_TEXT_CHARS:
            return value
        frames.append(value.encode("utf-8", "surrogatepass"))
        return {"t": "text", "f": len(frames) - 1}
    if isinstance(value, (bytes, bytearray)) and type(value) in (bytes, bytearray):
        frames.append(bytes(value))
        return {"t": type(value).__name__, "f": len(frames) - 1}
    if depth >= MAX_DEPTH:
        return _described(value)
    if isinstance(value, (list, tuple, set, frozenset)) and type(value) in (list, tuple, set, frozenset):
        return {"t": type(value).__name__, "v": [_out(v, frames, given, depth + 1) for v in value]}
    if isinstance(value, dict) and type(value) is dict:
        return {"t": "dict", "v": [[_out(k, frames, given, depth + 1), _out(v, frames, given, depth + 1)]
                                   for k, v in value.items()]}
    plain = _plain_out(value)
    if plain is not None:
        return plain
    data = _data_out(value)
    if data is not None:
        kind, blob = data
        frames.append(blob)
        return {"t": kind, "f": len(frames) - 1}
    return _described(value)


def _plain_out(value: object) -> dict[str, Any] | None:
    """Scalars of the standard library, NumPy and pandas, by their text."""
    if isinstance(value, (dt.datetime, dt.date, dt.time)) and type(value) in (dt.datetime, dt.date, dt.time):
        return {"t": type(value).__name__, "v": value.isoformat()}
    if isinstance(value, dt.timedelta) and type(value) is dt.timedelta:
        return {"t": "timedelta", "v": [value.days, value.seconds, value.microseconds]}
    if type(value) in (decimal.Decimal, fractions.Fraction, complex):
        return {"t": type(value).__name__, "v": str(value)}
    numpy = sys.modules.get("numpy")
    if numpy is not None and isinstance(value, numpy.generic) and not isinstance(value, numpy.object_):
        return {"t": "numpy", "dtype": value.dtype.str, "v": _out(value.item(), [], lambda v: None, 0)}
    pandas = sys.modules.get("pandas")
    if pandas is not None and type(value) is pandas.Timestamp:
        return {"t": "Timestamp", "v": cast(Any, value).isoformat()}
    if pandas is not None and type(value) is pandas.Timedelta:
        return {"t": "Timedelta", "v": cast(Any, value).value}
    return None


def _data_out(value: object) -> tuple[str, bytes] | None:
    """DataFrames and Series as Arrow IPC, arrays as ``.npy``; None for anything else, or what they cannot hold."""
    pandas, numpy, pyarrow = sys.modules.get("pandas"), sys.modules.get("numpy"), _pyarrow()
    if pandas is not None and pyarrow is not None and isinstance(value, (pandas.DataFrame, pandas.Series)):
        series = isinstance(value, pandas.Series)
        frame = value.to_frame(name=value.name if isinstance(value.name, str) else "__series__") if series else value
        if not all(isinstance(c, str) for c in frame.columns):
            frame = frame.rename(columns=str)  # Arrow names columns with text; the labels read as text
        table = _table(pyarrow, frame)
        if table is None:
            return None
        sink = pyarrow.BufferOutputStream()
        with pyarrow.ipc.new_stream(sink, table.schema) as writer:
            writer.write_table(table)
        return ("series" if series else "frame"), sink.getvalue().to_pybytes()
    if numpy is not None and isinstance(value, numpy.ndarray) and not value.dtype.hasobject:
        buffer = io.BytesIO()
        numpy.save(buffer, value, allow_pickle=False)
        return "ndarray", buffer.getvalue()
    return None


def _described(value: object) -> dict[str, Any]:
    return {"t": "described", "type": type_name(value), "repr": bounded_repr(value, DESCRIBED_CHARS)}


def unpack_out(data: Any, frames: Frames, context: Callable[[str], object]) -> object:
    """In the engine: the worker's value, rebuilt from data alone (no pickle, no code of the REPL's).

    ``context`` gives the engine's own object for a context variable's name.
    """
    if not isinstance(data, dict):
        if isinstance(data, list):
            raise ValueError("a bare list in the worker's value")
        return data
    tag = data["t"]
    if tag in ("list", "tuple", "set", "frozenset"):
        items = [unpack_out(v, frames, context) for v in data["v"]]
        return {"list": list, "tuple": tuple, "set": set, "frozenset": frozenset}[tag](items)
    if tag == "dict":
        return {unpack_out(k, frames, context): unpack_out(v, frames, context) for k, v in data["v"]}
    if tag == "context":
        return context(str(data["name"]))
    if tag in _SCALARS:
        return _SCALARS[tag](data["v"])
    if tag == "numpy":
        import numpy

        return numpy.dtype(str(data["dtype"])).type(unpack_out(data["v"], frames, context))
    if tag == "text":
        return bytes(frames[data["f"]]).decode("utf-8", "surrogatepass")
    if tag in ("bytes", "bytearray"):
        return bytes(frames[data["f"]]) if tag == "bytes" else bytearray(frames[data["f"]])
    if tag in ("frame", "series"):
        return _frame(bytes(frames[data["f"]]), tag == "series")
    if tag == "ndarray":
        import numpy

        return numpy.load(io.BytesIO(bytes(frames[data["f"]])), allow_pickle=False)
    if tag == "described":
        return Described(str(data["type"]), str(data["repr"]))
    if tag == "json":
        inner = json.loads(bytes(frames[data["f"]]))
        if not isinstance(inner, dict) or inner.get("t") not in _CONTAINERS:
            raise ValueError("a framed value that is not a container")
        return unpack_out(inner, frames, context)
    raise ValueError(f"unknown tag {tag!r} in the worker's value")


def _frame(blob: bytes, series: bool) -> object:
    import pyarrow

    table = pyarrow.ipc.open_stream(pyarrow.py_buffer(blob)).read_all()
    table.validate(full=True)  # the bytes come from model code: checked before pandas reads its buffers
    frame = table.to_pandas()
    if not series:
        return frame
    column = frame.iloc[:, 0]
    return column.rename(None) if column.name == "__series__" else column


def _timestamp(text: str) -> object:
    import pandas

    return pandas.Timestamp(text)


def _timedelta(value: int) -> object:
    import pandas

    return pandas.Timedelta(value, unit="ns")


_SCALARS: dict[str, Callable[[Any], object]] = {
    "bigint": int, "float": float, "datetime": dt.datetime.fromisoformat, "date": dt.date.fromisoformat,
    "time": dt.time.fromisoformat, "timedelta": lambda v: dt.timedelta(*v), "Decimal": decimal.Decimal,
    "Fraction": fractions.Fraction, "complex": complex, "Timestamp": _timestamp, "Timedelta": _timedelta,
}


def _pyarrow() -> Any:
    try:
        import pyarrow
        import pyarrow.ipc  # the submodule the functions above use
    except ImportError:
        return None
    return pyarrow


def type_name(value: object) -> str:
    kind = type(value)
    return kind.__name__ if kind.__module__ == "builtins" else f"{kind.__module__}.{kind.__qualname__}"
