"""What ``%rlm`` remembers between the cells of one kernel.

Why its own object: the magic is parsing and dispatch; the kernel's runs,
the names it bound, the endpoints it reached and the namespace a follow-up
continues in are state that ``%rlm last``, ``%rlm cost``, ``--continue``,
``--replay`` and ``rlm_jupyter.last_run()`` all read. One ``Session`` per
loaded extension holds them; a kernel restart forgets them.
"""
from __future__ import annotations

from typing import Any

from ..engine.trajectory import Run
from ..llm.client import check_reachable
from .namespace import Overlay, ResultNames


class Session:
    """This kernel's runs, result names, known-reachable endpoints and the last run's live namespace."""

    def __init__(self) -> None:
        self.runs: list[Run] = []  # in order; the cost ledger and each report's session totals read them
        self.names = ResultNames()
        self._reachable: set[str] = set()  # endpoints that answered a TCP connect in this session
        self._overlay: tuple[str, Overlay] | None = None  # (run id, its namespace): only the last run continues

    @property
    def last_run(self) -> Run | None:
        return self.runs[-1] if self.runs else None

    def continuable(self) -> Run:
        """The run a follow-up continues: the last top-level run, while its namespace is alive."""
        run = self.last_run
        if run is None or self._overlay is None or self._overlay[0] != run.id:
            raise LookupError("no earlier run in this kernel to continue (a kernel restart forgets them); "
                              "ask the question without --continue")
        return run

    def overlay(self, previous: Run | None, user_ns: dict[str, Any]) -> Overlay:
        """The namespace a run works in: the continued run's, refreshed with the user's objects, else a new one."""
        if previous is not None and self._overlay is not None and self._overlay[0] == previous.id:
            return self._overlay[1].refresh()
        return Overlay(user_ns)

    def add(self, run: Run, overlay: Overlay) -> None:
        """Keep a finished run; only it can be continued, so older namespaces are let go."""
        for older in self.runs:
            older.namespace = None
        self._overlay = (run.id, overlay)
        self.runs.append(run)

    def ensure_reachable(self, base_url: str) -> None:
        """One TCP connect per endpoint and session: a wrong ``base_url`` fails at once, not after retries."""
        if base_url not in self._reachable:
            check_reachable(base_url)
            self._reachable.add(base_url)
