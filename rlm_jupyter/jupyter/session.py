"""What ``%rlm`` remembers between the cells of one kernel.

Why its own object: the magic is parsing and dispatch; the kernel's runs,
the names it bound, the endpoints it reached and the namespace a follow-up
continues in are state that ``%rlm last``, ``%rlm cost``, ``--continue``,
``--replay`` and ``rlm_jupyter.last_run()`` all read. One ``Session`` per
loaded extension holds them; a kernel restart forgets them.

Why the namespace is let go early: the model's variables (a 2 GiB frame it
built) live in that namespace, and the user never sees them. It is kept only
while a ``--continue`` can use it: a new top-level run lets it go as it
*starts* (so two big namespaces never coexist), and so do ``%rlm release`` and
a cell after which no variable of the user's holds the run any more
(``del rlm_run``). IPython's output history (``_``, ``_7``, ``Out``) does not
count as holding it: a displayed ``%rlm last`` would otherwise keep it for the
rest of the kernel. The ``Run`` record itself stays; only its namespace goes.
"""
from __future__ import annotations

import gc
import re
from dataclasses import dataclass
from typing import Any

from ..engine.record.trajectory import Run
from ..llm.client import check_reachable
from ..text import plural
from .namespace import Overlay, ResultNames

_HISTORY = re.compile(r"_{1,3}|_\d+")  # IPython's output cache in user_ns: the last three results and Out[n]


@dataclass(frozen=True)
class Released:
    """A namespace let go: whose, the names the model had made in it, and why (for ``--continue``'s error)."""

    run_id: str
    names: list[str]
    why: str

    def summary(self) -> str:
        shown = ", ".join(self.names[:8]) + (", ..." if len(self.names) > 8 else "")
        made = plural(len(self.names), "name") + (f": {shown}" if shown else "")
        return f"released the namespace of run {self.run_id} ({made}); --continue is no longer possible"


class Session:
    """This kernel's runs, result names, known-reachable endpoints and the last run's live namespace."""

    def __init__(self) -> None:
        self.runs: list[Run] = []  # in order; the cost ledger and each report's session totals read them
        self.running = False  # while a run's model code executes: %rlm from model code is refused
        self.names = ResultNames()
        self._reachable: set[str] = set()  # endpoints that answered a TCP connect in this session
        self._overlay: tuple[str, Overlay] | None = None  # (run id, its namespace): only the last run continues
        self._released: Released | None = None  # the last namespace let go, so --continue can say why

    @property
    def last_run(self) -> Run | None:
        return self.runs[-1] if self.runs else None

    def continuable(self) -> Run:
        """The run a follow-up continues: the last top-level run, while its namespace is alive."""
        run = self.last_run
        if run is not None and self._released is not None and self._released.run_id == run.id:
            raise LookupError(f"run {run.id} can no longer be continued: its namespace was released "
                              f"({self._released.why}); ask the question without --continue")
        if run is None or self._overlay is None or self._overlay[0] != run.id:
            raise LookupError("no earlier run in this kernel to continue (a kernel restart forgets them); "
                              "ask the question without --continue")
        return run

    def overlay(self, previous: Run | None, user_ns: dict[str, Any]) -> Overlay:
        """The namespace a run works in: the continued run's, refreshed with the user's objects, else a new one.

        Called as a run starts, so a new top-level run lets the last one's namespace go here, before its own
        code can fill another: the last run can no longer be continued once another has begun.
        """
        if previous is not None and self._overlay is not None and self._overlay[0] == previous.id:
            return self._overlay[1].refresh()
        self.release("a new run started")
        return Overlay(user_ns)

    def add(self, run: Run, overlay: Overlay) -> None:
        """Keep a finished run; only it can be continued, so older namespaces are let go."""
        for older in self.runs:
            older.release_namespace()
        self._overlay = (run.id, overlay)
        self._released = None
        self.runs.append(run)

    def release(self, why: str) -> Released | None:
        """Let go of the last run's namespace (None if none is held); it can no longer be continued.

        ``gc.collect()`` because the namespace is a reference cycle (the helpers installed in it, and any
        function the model defined, point back at it): dropping the last reference alone frees nothing
        until the collector's next full pass, which may be many cells later. Collected only when
        something was released, so a cell without a held namespace costs nothing.
        """
        if self._overlay is None:
            return None
        run_id, overlay = self._overlay
        self._overlay = None
        for run in self.runs:
            if run.id == run_id:
                run.release_namespace()
        self._released = Released(run_id, overlay.created(), why)
        del overlay  # this frame's reference too, or the collection below could not free it
        gc.collect()
        return self._released

    def release_unbound(self, user_ns: dict[str, Any]) -> Released | None:
        """After a cell: release the last run's namespace if none of the user's variables holds the run.

        By identity over ``user_ns``'s values (one pass, no ``==``), skipping IPython's output history: a
        run shown by ``%rlm last`` sits in ``_`` and ``Out`` for good, and ``del rlm_run`` must still free
        it. A run kept only inside a container (``runs = [rlm_run]``) is not seen and is released too;
        its record stays, and ``--continue`` says why it cannot go on.
        """
        if self._overlay is None:
            return None
        run = next((r for r in reversed(self.runs) if r.id == self._overlay[0]), None)
        if run is not None and any(value is run and not _HISTORY.fullmatch(name) for name, value in user_ns.items()):
            return None
        return self.release("no variable held the run any more, as after del rlm_run")

    def ensure_reachable(self, base_url: str) -> None:
        """One TCP connect per endpoint and session: a wrong ``base_url`` fails at once, not after retries."""
        if base_url not in self._reachable:
            check_reachable(base_url)
            self._reachable.add(base_url)
