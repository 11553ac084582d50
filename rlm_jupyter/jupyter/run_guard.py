"""What a run may not change in the kernel: a snapshot before it, restored after, whatever route model code took.

Why a snapshot and not a list of blocked routes: model code runs in the live
kernel, where the user's namespace is reachable in many ways (the shell's
``user_ns``, ``sys.modules['__main__']``, a user function's ``__globals__``,
``%reset -f``). The overlay keeps the model's *own* assignments apart, but
only a snapshot of the bindings undoes the rest: after the run every name the
user had is bound to the same object again, names the run created are gone,
and the magic's configuration is as it was. The run records what was undone,
and the report says it.

IPython's event callbacks are the kernel's late callbacks: a ``post_run_cell``
the model's code registered would run after the user's next cell, where
nothing watches it. Its own call to ``events.register`` is refused by the
guard (category ``hooks``, recorded), and whatever callback got there by
another route (``events.callbacks[...].append``, code compiled from a string)
is removed at the end, unless its code is a library's (``%matplotlib
inline``'s, registered when the model's code first draws a figure); one it
removed is put back. Each is said in ``undone``. The process's own (the
environment, the working folder, interpreter hooks) is the engine's to put
back (``engine/safety/residue.py``), so it holds in plain Python too.

Three things cannot wait for the end, so they are held for the run's
duration: shutting the kernel down (``ask_exit``, ``exit_now``: the kernel
stops its loop as soon as they fire), reading stdin (an input request would
block the run until the cell timeout, waiting for a user who did not ask),
and a nested ``%rlm`` (it would run with limits of its own; ``rlm_query`` is
the way to a sub-problem). In-place changes to the user's objects are not this
module's: the model's code works on views of them (``engine/safety/views.py``), and
what no view protects is fingerprinted and reported, not undone.
"""
from __future__ import annotations

import copy
import io
import sys
from collections.abc import Callable
from typing import Any

from IPython.core.interactiveshell import InteractiveShell
from traitlets.config import Configurable

from ..engine.record.events import Event, RunFinished
from ..engine.safety import registry
from ..engine.safety.code_origin import code_of, is_elsewhere
from ..engine.safety.places import named

_MISSING = object()


class RunGuard:
    """Snapshot on enter; ``restore`` (at the run's end, before the report shows) and again on exit."""

    def __init__(self, shell: InteractiveShell, magics: Configurable) -> None:
        self.shell, self.magics = shell, magics
        self.undone: list[str] = []

    def __enter__(self) -> RunGuard:
        shell = self.shell
        self._user_ns = shell.user_ns
        self._bindings = dict(shell.user_ns)
        self._config = copy.deepcopy(self.magics.trait_values(config=True))
        self._callbacks = {event: list(functions) for event, functions in shell.events.callbacks.items()}
        self._stdin = sys.stdin
        sys.stdin = io.StringIO()  # a read gets end-of-file at once, not a wait on the kernel's own stdin
        self._held: list[Callable[[], None]] = [self._hold_exit(), self._hold_input(), self._hold_events()]
        return self

    def __exit__(self, *exc: object) -> None:
        self.restore()
        for release in self._held:
            release()
        sys.stdin = self._stdin

    def observe(self, event: Event) -> None:
        """Restore when the top-level run finishes, so the report (shown on that event) says what was undone."""
        if isinstance(event, RunFinished) and event.run.depth == 0:
            self.restore()
            event.run.undone += [line for line in self.undone if line not in event.run.undone]

    def restore(self) -> None:
        """Put back every binding and setting the run changed; say each in ``undone`` (once)."""
        shell = self.shell
        if shell.user_ns is not self._user_ns:
            shell.user_ns = self._user_ns
            self._say("model code replaced the shell's namespace: restored")
        ns = self._user_ns
        for name, value in self._bindings.items():
            now = ns.get(name, _MISSING)
            if now is not value:
                ns[name] = value
                what = "deleted" if now is _MISSING else "rebound"
                self._say(f"model code {what} `{name}` outside its own namespace: restored")
        for name in [name for name in ns if name not in self._bindings]:
            del ns[name]
            self._say(f"model code created `{name}` in your namespace: removed")
        for trait, value in self._config.items():
            if getattr(self.magics, trait) != value:
                setattr(self.magics, trait, copy.deepcopy(value))
                self._say(f"model code changed %config {type(self.magics).__name__}.{trait}: restored")
        self._restore_callbacks()

    def _restore_callbacks(self) -> None:
        """IPython's event callbacks as they were, but for a library's added during the run (see the docstring)."""
        callbacks = self.shell.events.callbacks
        for event, before in self._callbacks.items():
            now = callbacks.get(event, [])
            for function in [f for f in now if not any(f is kept for kept in before) and not _library(f)]:
                now.remove(function)
                self._say(f"model code registered an IPython {event} callback ({named(function)}): removed")
            for position, function in enumerate(before):
                if not any(function is present for present in now):
                    now.insert(min(position, len(now)), function)
                    self._say(f"model code removed an IPython {event} callback ({named(function)}): restored")
    def _say(self, message: str) -> None:
        if message not in self.undone:
            self.undone.append(message)

    def _hold_exit(self) -> Callable[[], None]:
        """Until the run ends, ``ask_exit()`` and ``exit_now = True`` refuse instead of ending the kernel."""
        shell: Any = self.shell  # ask_exit is ipykernel's and the terminal's, not InteractiveShell's

        def refuse() -> None:
            self._say("model code asked the kernel to exit: refused")
            raise SystemExit("exiting the kernel is disabled during a %rlm run; finish with FINAL(...)")

        shell.ask_exit = refuse
        # The kernel observes exit_now and stops its loop the moment it turns True: during the run only our
        # observer, which turns it back, sees the change (traitlets keeps observers per trait and type).
        observers: list[Any] = shell._trait_notifiers.setdefault("exit_now", {}).setdefault("change", [])
        kept = list(observers)

        def turn_back(change: Any) -> None:
            if change["new"]:
                shell.exit_now = False
                self._say("model code asked the kernel to exit: refused")

        observers[:] = [turn_back]

        def release() -> None:
            del shell.ask_exit  # the class's method again
            observers[:] = kept

        return release

    def _hold_events(self) -> Callable[[], None]:
        """Until the run ends, the model's own ``get_ipython().events.register(...)`` is refused by the guard."""
        events: Any = self.shell.events
        register = events.register

        def guarded_register(event: str, function: Callable[..., Any]) -> None:
            where = registry.registrant(sys._getframe(1))
            if where is not None:
                where.watch.decide(where, "hooks", f"register an IPython {event} callback ({named(function)}), "
                                                   "which would run after the user's next cell, unwatched")
            register(event, function)

        events.register = guarded_register

        def release() -> None:
            del events.register  # the class's method again

        return release

    def _hold_input(self) -> Callable[[], None]:
        """Until the run ends, ipykernel's ``input()``/``getpass()`` raise instead of sending a stdin request."""
        kernel = getattr(self.shell, "kernel", None)
        if kernel is None or not hasattr(kernel, "_allow_stdin"):
            return lambda: None
        allowed = kernel._allow_stdin
        kernel._allow_stdin = False

        def release() -> None:
            kernel._allow_stdin = allowed

        return release


def _library(function: object) -> bool:
    """A callback whose code is a library's or the engine's (``%matplotlib inline``'s figure flush); not one in
    C (``functools.partial(os.system, ...)`` would run a command after the next cell)."""
    code = code_of(function)
    return code is not None and not is_elsewhere(code)
