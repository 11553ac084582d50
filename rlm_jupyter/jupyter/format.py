"""Numbers as the panel, the report and the ledger word them: durations, token counts (money: engine/record/spend.py).

Why one module: the live header, the saved report and ``%rlm cost`` show the
same run side by side, so a cost or a duration must read the same in all three.
"""
from __future__ import annotations

from collections.abc import Mapping

from ..engine.record.spend import Usage
from ..text import plural


def seconds(s: float | None) -> str:
    """A duration as people read it: "0.21 s", "3.4 s", "2 min 05 s"; a dash when unknown."""
    if s is None:
        return "–"
    s = max(0.0, s)
    if round(s, 2) < 1:
        return f"{s:.2f} s"
    if round(s, 1) < 60:
        return f"{s:.1f} s"
    total = round(s)
    if total < 3600:
        return f"{total // 60} min {total % 60:02d} s"
    return f"{total // 3600} h {total % 3600 // 60:02d} min"


def tokens(n: int) -> str:
    """A token count with thousands separators: counts run to millions and are read at a glance."""
    return f"{n:,}"


def usage_line(usage: Mapping[str, Usage]) -> str:
    """Tokens per model, in the order the models were first used."""
    if not usage:
        return "no model calls"
    return " · ".join(f"{model}: {tokens(u.prompt_tokens)} in / {tokens(u.completion_tokens)} out"
                      + (f" ({tokens(u.cached_prompt_tokens)} in from the prompt cache)" if u.cached_prompt_tokens
                         else "")
                      + (f" (estimated for {u.estimated_calls} of {plural(u.calls, 'call')})" if u.estimated_calls
                         else "")
                      for model, u in usage.items())
