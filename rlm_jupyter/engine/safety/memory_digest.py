"""A digest of the memory under an array: whether its values changed in place, without a copy of them.

Why: a view cannot keep every write out. pandas hands out views of its blocks (``df['x'].to_numpy()``,
``np.asarray(series)``) read-only, and a model told "assignment destination is read-only" makes them writeable
again (``setflags(write=True)``, ``flags.writeable = True``), which writes into the user's DataFrame. What
cannot be kept out is detected: the memory under each numeric column, the references of each ``object``
column, and the memory under an array no view protects are digested as the run starts and again as it ends,
and a difference is a line of ``Run.changed_in_place``.

Why CRC-32 (``zlib.crc32``): it reads memory at ~3 GB/s on the machine the benchmarks run on (SHA-1 1.5,
BLAKE2 0.7), it is in the standard library, it releases the GIL, and it depends on where each byte is, so an
in-place sort changes it (a sum or an XOR would not). It is no defence against code written to collide it,
which the guard does not claim either.

Why whole up to ``WHOLE_BYTES`` per run and sampled above: the whole memory of the run's frames is read twice
(start and end). 256 MiB is ~85 ms each time at 3 GB/s, under a tenth of the shortest model round trip of a
run (the 5M-row orders frame of the scale benchmark, 160 MB, is read whole: docs/scale.md measures it beside
the run's time). Past that budget (the context variables have the first claim on it), an array is digested
on ``SAMPLE_CHUNKS`` evenly spaced chunks of ``CHUNK_BYTES`` (4 MiB, about a millisecond): a change of every
row is seen, a single cell outside the sample is not (docs/security.md says so). Nothing is copied but a chunk at a
time of an array that is not contiguous.
"""
from __future__ import annotations

import sys
import zlib
from dataclasses import dataclass
from typing import Any

WHOLE_BYTES = 256 << 20  # memory a run's start digests whole (its context variables first); the rest is sampled
SAMPLE_CHUNKS = 64  # chunks a sampled digest reads, evenly spaced, the first and the last included
CHUNK_BYTES = 64 << 10  # bytes per sampled chunk, and per copied piece of an array that is not contiguous


@dataclass(frozen=True)
class Digest:
    """The digest of an array's memory, and whether it was sampled (the end's digest samples the same way)."""

    value: int
    sampled: bool


class Budget:
    """The bytes a run's digests may still read whole; what comes later is sampled."""

    def __init__(self, whole: int | None = None) -> None:
        self.left = WHOLE_BYTES if whole is None else whole

    def whole(self, nbytes: int) -> bool:
        """Whether an array of ``nbytes`` is read whole (and spends the budget)."""
        if nbytes > self.left:
            return False
        self.left -= nbytes
        return True


def digest(values: Any, whole: bool) -> Digest | None:
    """The memory under ``values`` (a NumPy array), whole or sampled; None for anything else.

    An array of references (object dtype: text in an ``object`` column) is digested as its references: a cell
    given another object (``values[0] = "x"``) changes it; an object changed in place inside a cell (a list
    appended to) does not, and docs/security.md says so. Only a contiguous one: its references are read as
    unsigned words over the same memory (``_words``), which a strided one would not allow without a copy."""
    numpy = _numpy()
    if numpy is None or not isinstance(values, numpy.ndarray):
        return None
    if values.dtype.hasobject:
        if not values.flags.c_contiguous:
            return None
        values = _words(numpy, values)
    check = zlib.crc32(f"{values.dtype.str}{values.shape}".encode())
    rows = values.reshape(1, -1) if values.ndim == 0 else values
    if whole or rows.nbytes <= SAMPLE_CHUNKS * CHUNK_BYTES:
        return Digest(_crc(rows, check), sampled=False)
    per_row = max(rows.nbytes // max(len(rows), 1), 1)
    span = max(CHUNK_BYTES // per_row, 1)
    starts = numpy.linspace(0, len(rows) - span, SAMPLE_CHUNKS).astype(int)
    for start in starts:
        check = _crc(rows[start:start + span], check)
    return Digest(check, sampled=True)


def _crc(rows: Any, check: int) -> int:
    """CRC-32 of the rows' bytes in order, read in place when contiguous, else a bounded piece at a time."""
    numpy = _numpy()
    if rows.flags.c_contiguous:
        return zlib.crc32(rows.reshape(-1).view(numpy.uint8), check)  # as bytes, whatever the dtype: no copy
    per_row = max(rows.nbytes // max(len(rows), 1), 1)
    step = max(CHUNK_BYTES // per_row, 1)
    for start in range(0, len(rows), step):
        check = zlib.crc32(numpy.ascontiguousarray(rows[start:start + step]).reshape(-1).view(numpy.uint8), check)
    return check


class _References:
    """An object array's memory described as unsigned words, for NumPy to view without a copy (no ctypes: its
    ``ctypes.cdata`` is an audited action the guard would weigh); ``owner`` keeps the array alive meanwhile."""

    def __init__(self, numpy: Any, owner: Any) -> None:
        self.owner = owner
        self.__array_interface__ = {"shape": owner.shape, "typestr": numpy.dtype(numpy.uintp).str, "version": 3,
                                    "data": (owner.__array_interface__["data"][0], True), "strides": owner.strides}


def _words(numpy: Any, values: Any) -> Any:
    """``values`` (a contiguous object array) as the words of its references, read-only, sharing its memory."""
    return numpy.asarray(_References(numpy, values))


def _numpy() -> Any:
    return sys.modules.get("numpy")  # an array exists: numpy is loaded (the engine does not import it itself)
