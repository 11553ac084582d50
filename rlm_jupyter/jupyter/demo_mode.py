"""``%rlm demo`` and ``%rlm demo off``: point the magic at the bundled demo model, and back.

Why a record of what it changed: ``%rlm demo`` sets five traits (the models, the endpoint, a key, the cache),
and without it the only way back was ``%config`` one setting at a time, to values the user had to remember.
``off`` puts back each one the demo set and nobody changed since; a value the user set while the demo was on
is theirs and stays (nothing the user has is silently overwritten).

Why the model names are checked while the demo is on: the demo server serves ``demo-root`` and ``demo-sub``
only, so a mistyped or real model name there would either fail in the middle of a run or, worse, be answered
by the script as if it were that model. It is a one-line error before any call instead.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from traitlets import HasTraits

from ..demo_model import ROOT_MODEL, SUB_MODEL, start_demo_server
from ..engine.settings import Settings

SERVED = (ROOT_MODEL, SUB_MODEL)


@dataclass
class DemoMode:
    """The demo is on: where it serves, and the values its traits had before (to put back)."""

    base_url: str
    before: dict[str, Any] = field(default_factory=dict)
    set_to: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def switch_on(cls, config: HasTraits, latency_s: float, already: DemoMode | None) -> DemoMode:
        """Serve the demo model in this kernel and point ``config``'s traits at it; a second call keeps the first
        call's record of what was there before (so ``off`` goes back to the user's values, not the demo's)."""
        server = start_demo_server(latency_s)
        values = {"model": ROOT_MODEL, "sub_model": SUB_MODEL, "base_url": server.base_url, "api_key": "demo",
                  "cache": False}  # the demo is instant and deterministic: nothing to cache
        before = already.before if already is not None else {name: getattr(config, name) for name in values}
        for name, value in values.items():
            setattr(config, name, value)
        return cls(server.base_url, before, values)

    def switch_off(self, config: HasTraits) -> list[str]:
        """Put back what the demo changed; returns the traits the user changed since, which are left as they are."""
        kept = []
        for name, value in self.set_to.items():
            if getattr(config, name) == value:
                setattr(config, name, self.before[name])
            else:
                kept.append(name)
        return kept

    def check(self, settings: Settings) -> None:
        """A model the demo server does not serve, while the magic points at it: a ``ValueError`` of one line."""
        if settings.base_url != self.base_url:
            return  # the user pointed the magic elsewhere since: their endpoint, their names
        for name in (settings.model, settings.sub):
            if name not in SERVED:
                raise ValueError(f"the demo model serves {ROOT_MODEL} and {SUB_MODEL}, not {name!r}; use those "
                                 "names, or %rlm demo off to go back to your own model settings")
