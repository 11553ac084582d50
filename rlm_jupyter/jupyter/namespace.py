"""The live-namespace policy: the model sees views of the user's objects, and cannot rebind the user's names.

Why an overlay and not ``user_ns`` itself: the model's code runs in one dict
built from the live ``user_ns``. The dict persists for the whole run, so
functions that refer to names defined in later cells work. Whatever the model
binds, rebinds or deletes stays in the overlay: the user's bindings cannot be
lost, helper names the user has are never touched, and an interrupted run
leaves nothing to restore.

Why views and not the user's objects: an overlay of bindings alone would let
``df.drop(..., inplace=True)`` or ``records.append(x)`` reach the user's data.
Each of the user's objects is given through ``engine/safety/views.py`` (a DataFrame as
a copy-on-write shallow copy, an array read-only, a small list or dict as a
shallow copy, text and handles as they are, at no data copy), and what no view
protects is fingerprinted, so a change to it is on the record. The kernel's own
names (``In``, ``Out``, ``_``, ``exit``...) are given as they are: they are
IPython's, and some are rebound by every cell.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine.dialogue.helpers import HELPER_NAMES, is_ours
from ..engine.record.trajectory import Run
from ..engine.run.isolation import RemoteNamespace
from ..engine.safety.views import Views

_MISSING = object()
_KERNEL_NAMES = frozenset({"In", "Out", "exit", "quit", "get_ipython"})  # IPython's, beside the ``_`` names


def _viewed(name: str) -> bool:
    """Whether the user's binding ``name`` is given through a view: not IPython's own names, nor private ones."""
    return not name.startswith("_") and name not in _KERNEL_NAMES


@dataclass
class Overlay:
    """The model's REPL namespace for one run and what it may hand back."""

    user_ns: dict[str, Any]
    views: Views = field(default_factory=Views)  # the engine gives the context variables through it too
    namespace: dict[str, Any] = field(init=False)
    _baseline: frozenset[str] = field(init=False)
    _isolated: bool = field(default=False, init=False)

    def __post_init__(self) -> None:
        self.namespace = {name: self._give(name, value) for name, value in self.user_ns.items()}
        self._baseline = frozenset(self.namespace)

    @classmethod
    def of_isolated(cls, user_ns: dict[str, Any], run: Run) -> Overlay:
        """An ``--isolated`` run's namespace, as the overlay a follow-up and ``--share`` use.

        Why after the run and not before: the isolated REPL holds only the context variables, which the
        engine sends into its worker itself; none of the user's other objects is given to it, so there is
        nothing to prepare. Its follow-ups get new context variables the same way (``refresh`` sends none).
        """
        if not isinstance(run.namespace, RemoteNamespace):
            raise TypeError(f"run {run.id} did not run isolated")
        overlay = cls({}, run.views if run.views is not None else Views())
        overlay.user_ns, overlay.namespace = user_ns, run.namespace
        overlay._baseline = frozenset(run.namespace) - run.namespace.made
        overlay._isolated = True
        return overlay

    def _give(self, name: str, value: Any) -> Any:
        return self.views.protect(name, value) if _viewed(name) else value

    def _given(self, name: str) -> Any:
        """What the run gave the model under ``name`` (a view, or the object); for IPython's names, the user's now."""
        return self.views.given(name) if name in self.views else self.user_ns.get(name, _MISSING)

    def refresh(self) -> Overlay:
        """Before a follow-up: a name the user rebound since gets a view of their new object; the rest stays.

        The model's own names, and its view of a name the user kept (changed by its code, or rebound to
        something else), are what the conversation so far is about: the follow-up sees them as they were left.
        """
        if self._isolated:
            return self  # nothing of the user's crosses but the context variables the engine sends
        mine = set(self.created())
        for name, value in self.user_ns.items():
            if name in mine or (name in self.views and self.views.source(name) is value):
                continue
            self.namespace[name] = self._give(name, value)
        self._baseline |= set(self.user_ns) - mine  # the user's new names are not the model's
        return self

    def created(self) -> list[str]:
        """Public names the model's code created during the run (not the helpers, nor a dialect's ``answer``)."""
        return sorted(name for name in set(self.namespace) - self._baseline
                      if not name.startswith("_") and not is_ours(name, self.namespace[name]) and name != "context")

    def share(self) -> tuple[list[str], list[str]]:
        """``--share``: copy the model's new variables into the user namespace.

        Returns (shared, skipped): a name the user already has (including one
        the model rebound, deleted or whose view it changed in its overlay) is
        skipped and reported, never overwritten.
        """
        shared = []
        changed = self.views.changed_copies(self.namespace)
        skipped = sorted(name for name in self._baseline - set(HELPER_NAMES)
                         if not name.startswith("_")
                         and (self.namespace.get(name, _MISSING) is not self._given(name) or name in changed))
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
