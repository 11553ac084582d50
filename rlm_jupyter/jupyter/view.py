"""What a %%rlm cell shows: the live panel while the run goes, then the static report in its place.

Why replace rather than append: a saved notebook must show the whole run on
GitHub, nbviewer and nbconvert, where widget state does not exist (DESIGN §6).
Updating the same display (``display_id``) leaves exactly one output: the
static report, with the trajectory in its metadata.
"""
from __future__ import annotations

from IPython.display import DisplayHandle, display

from ..engine.events import Event, RunFinished, RunStarted
from ..engine.trajectory import Run
from .ledger import totals
from .panel import LivePanel
from .report import Report, Summary


class RunView:
    """Shows the panel on the run's first event (so invalid input leaves no stale panel) and the report at its end."""

    def __init__(self, max_iterations: int, budget_usd: float | None, quiet: bool, earlier: list[Run]) -> None:
        self.quiet = quiet
        self.earlier = earlier  # this kernel's previous runs, for the session totals in the report
        self.panel = None if quiet else LivePanel(max_iterations, budget_usd)
        self.handle: DisplayHandle | None = None

    def observe(self, event: Event) -> None:
        top = event.run.depth == 0
        if isinstance(event, RunStarted) and top and self.panel is not None and self.handle is None:
            self.handle = display(self.panel, display_id=True)
            self.panel.start()
        if self.panel is not None:
            self.panel.observe(event)
        if isinstance(event, RunFinished) and top:
            self._show_report(event)

    def _show_report(self, event: RunFinished) -> None:
        if self.panel is not None:
            self.panel.finish()
        session = totals(self.earlier + [event.run])
        final = Summary(event.run, session) if self.quiet else Report(event.run, session)
        if self.handle is None:
            display(final)
        else:
            self.handle.update(final)

    def close(self) -> None:
        """Stop the panel's thread even if the run never finished (an exception before RunFinished)."""
        if self.panel is not None:
            self.panel.finish()
