"""What a %%rlm cell shows: the live panel while the run goes, then the static report in its place.

Why the panel's output is cleared and the report displayed anew (rather than
the panel's display updated to the report, as the first design suggested): nbval
ignores ``update_display_data`` (and ``clear_output``), so it would compare
the panel's first bundle with the saved report and fail. Cleared, the panel
leaves nothing in the saved notebook, and nbval sees only widget-view JSON,
which it skips; the report is a plain display every tool sees the same way.
A saved notebook thus shows the whole run on GitHub, nbviewer and nbconvert
with no widget state. The run prints nothing before it ends, so clearing the
cell's output loses nothing.
"""
from __future__ import annotations

from IPython.display import DisplayHandle, clear_output, display

from ..engine.record.events import Event, RunFinished, RunStarted
from ..engine.record.trajectory import Run
from .ledger import totals
from .panel import LivePanel
from .report import Report, Summary


class RunView:
    """Shows the panel on the run's first event (so invalid input leaves no stale panel) and the report at its end."""

    def __init__(self, max_iterations: int, budget_usd: float | None, quiet: bool, earlier: list[Run],
                 live: bool = True) -> None:
        """``live=False``: the report alone, no panel (notebook-wide replay: a recording replays in a moment, and
        the tools that verify notebooks take a panel's ``clear_output`` for stray noise)."""
        self.quiet = quiet
        self.earlier = earlier  # this kernel's previous runs, for the session totals in the report
        self.panel = None if quiet or not live else LivePanel(max_iterations, budget_usd)
        self.handle: DisplayHandle | None = None

    def observe(self, event: Event) -> None:
        top = event.run.depth == 0
        if isinstance(event, RunStarted) and top and self.panel is not None and self.handle is None:
            # raw: the formatter would add a text/plain repr with a memory address, breaking nbval
            self.handle = display(self.panel._repr_mimebundle_(), raw=True, display_id=True)
            self.panel.start()
        if self.panel is not None:
            self.panel.observe(event)
        if isinstance(event, RunFinished) and top:
            self._show_report(event)

    def _show_report(self, event: RunFinished) -> None:
        if self.panel is not None:
            self.panel.close()  # its widgets too: no widget state is saved with the notebook
        session = totals(self.earlier + [event.run])
        if self.handle is not None:
            clear_output()  # the panel's output goes: no stale widget view in the saved notebook
        display(Summary(event.run, session) if self.quiet else Report(event.run, session))

    def close(self) -> None:
        """Stop the panel and close its widgets even if the run never finished (an exception before RunFinished)."""
        if self.panel is not None:
            self.panel.close()
