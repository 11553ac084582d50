"""Limits enforced host-side, never in the model's namespace.

Why host-side: the model's code can rebind or delete anything in its
namespace, so a limit the namespace could see would be a limit the model
could lift. ``LimitReached`` derives from ``BaseException`` for the same
reason: a model's ``except Exception:`` must not swallow a budget stop.
"""
from __future__ import annotations

import threading
import time

from ...llm.client import Completion
from ...llm.pricing import Cost, PriceTable
from ..record.spend import Usage
from ..record.trajectory import Run
from ..settings import Settings


class LimitReached(BaseException):
    """A limit stopped the run; ``status`` is the Run status it ends with."""

    def __init__(self, status: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class Budget:
    """Thread-safe spend counters checked before every model call.

    Checks happen before a call is sent, so a run overshoots a limit by at
    most the calls already in flight when it was reached.
    """

    def __init__(self, limits: Settings) -> None:
        self.limits = limits
        self.started = time.monotonic()
        self.tokens = 0
        self.usd = 0.0
        self.subcalls = 0
        self.unpriced: str | None = None  # a model whose call had no cost while a dollar budget applies
        self._lock = threading.Lock()

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def remaining_s(self) -> float | None:
        if self.limits.timeout_s is None:
            return None
        return max(0.0, self.limits.timeout_s - self.elapsed())

    def check(self) -> None:
        """Raise ``LimitReached`` if any spend limit is already used up."""
        limits = self.limits
        with self._lock:
            if limits.timeout_s is not None and self.elapsed() >= limits.timeout_s:
                raise LimitReached("timeout", f"wall-time limit of {limits.timeout_s:g}s reached")
            if limits.max_tokens is not None and self.tokens >= limits.max_tokens:
                raise LimitReached("budget", f"token limit of {limits.max_tokens:,} reached ({self.tokens:,} used)")
            if limits.budget_usd is not None and self.unpriced is not None:
                raise LimitReached("budget", f"a call to {self.unpriced!r} had no stated or known cost, so the "
                                             f"budget of ${limits.budget_usd:g} cannot be kept; pass "
                                             f"prices={{{self.unpriced!r}: [input_usd_per_1M, output_usd_per_1M]}}")
            if limits.budget_usd is not None and self.usd >= limits.budget_usd:
                raise LimitReached("budget", f"budget of ${limits.budget_usd:g} reached (${self.usd:.4f} spent)")

    def subcalls_left(self) -> int | None:
        """Sub-calls this run (with its child runs) may still make; None without a ``max_subcalls``."""
        if self.limits.max_subcalls is None:
            return None
        with self._lock:
            return max(0, self.limits.max_subcalls - self.subcalls)

    def reserve_subcall(self) -> None:
        """Check the limits and count one sub-call, atomically, before it is sent."""
        self.check()
        with self._lock:
            if self.limits.max_subcalls is not None and self.subcalls >= self.limits.max_subcalls:
                raise LimitReached("budget", f"sub-call limit of {self.limits.max_subcalls} reached")
            self.subcalls += 1

    def spend(self, model: str, tokens: int, usd: float | None) -> None:
        with self._lock:
            self.tokens += tokens
            self.usd += usd or 0.0
            if usd is None:
                self.unpriced = self.unpriced or model


class Meter:
    """Charges a call's tokens and dollars to a run and to the shared budget, in one place."""

    def __init__(self, budget: Budget, prices: PriceTable) -> None:
        self.budget = budget
        self.prices = prices
        self._lock = threading.Lock()

    def charge(self, run: Run, model: str, done: Completion) -> Cost:
        """Record a call; a cached one costs $0 and spends no budget, and what it saved is counted."""
        cost = self.prices.cost(model, done.prompt_tokens, done.completion_tokens, done.cached_prompt_tokens,
                                done.stated_cost_usd)
        with self._lock:
            usage = run.usage.setdefault(model, Usage())
            usage.cached_prompt_tokens += done.cached_prompt_tokens
            usage.estimated_calls += done.usage_estimated
            # Cached calls count their source too: an unknown price makes the saving unknown (engine/record/spend.py).
            usage.cost_sources[cost.source] = usage.cost_sources.get(cost.source, 0) + 1
            if done.cached:
                usage.add(done.prompt_tokens, done.completion_tokens, 0.0)
                usage.cached_calls += 1
                usage.saved_usd += cost.usd or 0.0
                return Cost(0.0, cost.source)
            usage.add(done.prompt_tokens, done.completion_tokens, cost.usd)
        self.budget.spend(model, done.prompt_tokens + done.completion_tokens, cost.usd)
        return cost

    def merge(self, run: Run, child: Run) -> None:
        """Add a child run's spend to its parent's usage (the budget already counted it)."""
        with self._lock:
            for model, usage in child.usage.items():
                run.usage.setdefault(model, Usage()).merge(usage)
