"""Helpers shared by the scaffold benchmarks: probe runs and server-side request timings."""
from __future__ import annotations

import statistics
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from rlm_jupyter.testing import FakeLLMServer, RequestRecord

from ..harness import ROOT, SUB, scripted_endpoint
from ..libraries import DEFAULT_OPTIONS, Library, Options, Session


@contextmanager
def session(library: Library, server: FakeLLMServer, options: Options = DEFAULT_OPTIONS) -> Iterator[Session]:
    s = library.session(scripted_endpoint(server), options)
    try:
        yield s
    finally:
        s.close()


def root_requests(server: FakeLLMServer) -> list[RequestRecord]:
    return [r for r in server.requests if r.model == ROOT]


def sub_requests(server: FakeLLMServer) -> list[RequestRecord]:
    return [r for r in server.requests if r.model == SUB]


def prompt_chars(record: RequestRecord) -> int:
    return sum(len(str(m.get("content") or "")) for m in record.messages)


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


def ratio(ours: float | None, theirs: float | None) -> str:
    if ours is None or theirs is None or theirs == 0:
        return "–"
    value = ours / theirs
    return f"{value:.2f}" if value >= 0.1 else f"{value:.2g}"


def fmt(value: Any, digits: int = 1, unit: str = "") -> str:
    if value is None or (isinstance(value, float) and value != value):
        return "–"
    return f"{value:,.{digits}f}{unit}"
