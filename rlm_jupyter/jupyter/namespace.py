"""The live-namespace policy: the model sees the user's objects, and cannot rebind the user's names.

Why an overlay and not ``user_ns`` itself: the model's code runs in one dict
built from the live ``user_ns`` (a shallow copy of the *bindings*: the same
objects, by reference, so a 5 GB DataFrame costs nothing). The dict persists
for the whole run, so functions that refer to names defined in later cells
work. Whatever the model binds, rebinds or deletes stays in the overlay: the
user's bindings cannot be lost, helper names the user has are never touched,
and an interrupted run leaves nothing to restore. Objects are shared, so
in-place mutation (``df.drop(..., inplace=True)``) does reach the user's
data: this is a live kernel, not a sandbox.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine.helpers import HELPER_NAMES, is_ours

_MISSING = object()


@dataclass
class Overlay:
    """The model's REPL namespace for one run and what it may hand back."""

    user_ns: dict[str, Any]
    namespace: dict[str, Any] = field(init=False)
    _baseline: frozenset[str] = field(init=False)

    def __post_init__(self) -> None:
        self.namespace = dict(self.user_ns)
        self._baseline = frozenset(self.namespace)

    def refresh(self) -> Overlay:
        """Before a follow-up: the user's current objects replace stale ones; the model's own names stay."""
        mine = set(self.created())
        self.namespace.update({name: value for name, value in self.user_ns.items() if name not in mine})
        return self

    def created(self) -> list[str]:
        """Public names the model's code created during the run (not the helpers, nor a dialect's ``answer``)."""
        return sorted(name for name in set(self.namespace) - self._baseline
                      if not name.startswith("_") and not is_ours(name, self.namespace[name]) and name != "context")

    def share(self) -> tuple[list[str], list[str]]:
        """``--share``: copy the model's new variables into the user namespace.

        Returns (shared, skipped): a name the user already has (including one
        the model rebound or deleted in its overlay) is skipped and reported,
        never overwritten.
        """
        shared = []
        skipped = sorted(name for name in self._baseline - set(HELPER_NAMES)
                         if not name.startswith("_")
                         and self.namespace.get(name, _MISSING) is not self.user_ns.get(name))
        for name in self.created():
            if name in self.user_ns:
                skipped.append(name)
            else:
                self.user_ns[name] = self.namespace[name]
                shared.append(name)
        return shared, skipped


class ResultNames:
    """Binds results to user variables without ever overwriting a value the user made.

    A default name (``rlm_answer``) that the user has bound to something of
    their own is left alone and a free ``rlm_answer_2``... is used instead; a
    name the user chose explicitly with ``-o`` is always used.
    """

    def __init__(self) -> None:
        self._ours: dict[str, int] = {}

    def bind(self, user_ns: dict[str, Any], name: str, value: Any, explicit: bool) -> str:
        target, n = name, 1
        while not explicit and target in user_ns and self._ours.get(target) != id(user_ns[target]):
            n += 1
            target = f"{name}_{n}"
        user_ns[target] = value
        self._ours[target] = id(value)
        return target
