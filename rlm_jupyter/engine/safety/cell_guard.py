"""Ends a code block that must end (the stop was pressed, its time is up), even when the code fights back.

Why more than a SIGINT handler and SIGALRM: model code catches
``KeyboardInterrupt`` (real models write bare ``except:`` in loops), ignores
signals and replaces their handlers. So the guard

- keeps the stop in its own flag: an interrupt the code swallowed still ends
  the run once the block is over (``Guard.reason``);
- keeps the deadline in a watchdog thread, not in SIGALRM, so there is no
  handler for the code to replace;
- escalates until the block ends: ``Py_AddPendingCall`` runs a function on
  the main thread at its next bytecode boundary, whatever the signal handlers
  are; that function arms a trace function that raises at every line of model
  code, and a profile function that re-arms it (CPython drops a trace
  function that raises) whenever a frame returns. An exception caught by
  ``except:`` is thus raised again on the handler's next line, until it has
  left model code;
- sends SIGINT to the main thread every half second, so a blocking call
  (``time.sleep``, a socket wait) wakes and the pending call runs; a SIGINT
  handler the code replaced is put back first (never sent while the handler
  is ``SIG_DFL``, which would end the kernel);
- escalates only while model code is in charge of the main thread (the
  nearest frame that is model code or rlm_jupyter is model code): the
  engine's own waits call ``raise_if_ending`` instead, so a batch's cleanup
  is never cut short. A press itself is raised wherever the block is, as a
  plain interrupt would be;
- watches the signal wake-up fd, because the OS may deliver a kernel's
  process-wide SIGINT to another thread, which would not wake a blocked main
  thread: the watchdog then records the press and wakes the main thread.

Signal handlers and the real-time timer are put back as they were after the
block, so a block cannot leave a handler behind for the user's later cells.

Out of reach: a C call that blocks with SIGINT ignored (it ends when the call
returns), ``os._exit``, a thread the code started, code that patches this
module. Main thread only (signals and pending calls need it); elsewhere a
block runs unguarded, as before.
"""
from __future__ import annotations

import contextlib
import ctypes
import os
import select
import signal
import socket
import sys
import threading
import time
from dataclasses import dataclass, field
from types import FrameType
from typing import Any, Literal

from .code_origin import ENGINE_THREAD, PACKAGE

ESCALATE_EVERY_S = 0.05  # how often the pending call re-arms the tracer once the block must end
WAKE_EVERY_S = 0.5  # how often a blocking call is woken with SIGINT while it must end
WATCH_HANDLER_EVERY_S = 0.2  # how often the watchdog checks that our SIGINT handler is still installed

Reason = Literal["stop", "timeout"]
_DROPPING = threading.local()  # ``on`` from our tracer's raise until CPython has dropped it


def tracer_dropped() -> bool:
    """Whether a "sys.settrace" audit event now is CPython dropping our tracer, which raised to end the block:
    CPython audits that drop with the block's own frame on top, so the guard would take it for the block's code
    setting a trace function and refuse it, replacing the block's end with a refusal. Only while our tracer is
    still the thread's (CPython audits before it drops it); read once: the flag is cleared, and a profile call
    (``_rearm``) clears it too."""
    dropped = getattr(_DROPPING, "on", False) and getattr(sys.gettrace(), "__func__", None) is Guard._raise_at_lines
    _DROPPING.on = False
    return dropped


class Stopped(KeyboardInterrupt):
    """Raised into model code when the stop was pressed (a KeyboardInterrupt, so every layer handles it as one)."""


class CellTimeout(BaseException):
    """Raised inside model code when the block's time is up (BaseException: ``except Exception`` can't eat it)."""


_STACK: list[Guard] = []  # the guards of the blocks running now, innermost last (rlm_query nests runs)
_HANDLING = False  # our SIGINT handler is running (main thread only)
_PRESSED = [False]  # a press the watchdog saw first (it reached another thread): the handler still raises it


@dataclass
class Guard:
    """One block's guard: why it must end (if it must), and the escalation that makes it."""

    timeout_s: float | None
    code_prefix: str  # filenames of model code start with this: only those frames are made to raise
    reason: Reason | None = None
    active: bool = True  # until the block has ended: the watchdog runs, a press is recorded
    raising: bool = False  # while the block's own code runs: only then is anything raised into it
    _bell: tuple[socket.socket, socket.socket] = field(default_factory=socket.socketpair)  # wakes the watchdog
    _signals: socket.socket | None = None  # read end of the signal wake-up fd while the block runs
    _forward: int = -1  # the wake-up fd set before ours (an event loop's): what it would have got is passed on

    def wake(self) -> None:
        """Wake the watchdog at once (the block ended, or the stop was pressed)."""
        with contextlib.suppress(OSError):
            self._bell[1].send(b"\0")

    def _wait(self, timeout_s: float) -> None:
        """Sleep until woken, or a signal arrives (in any thread: a kernel's SIGINT may land on another one)."""
        sources = [self._bell[0]] + ([self._signals] if self._signals is not None else [])
        ready, _, _ = select.select(sources, [], [], max(timeout_s, 0))
        for source in ready:
            with contextlib.suppress(OSError):
                data = source.recv(512)
                if source is self._signals and self.reason is None:
                    if self._forward >= 0:
                        with contextlib.suppress(OSError):
                            os.write(self._forward, data)
                    if int(signal.SIGINT) in data:  # a press, maybe delivered to another thread
                        _stop_all()
                        _PRESSED[0] = True  # still to be raised, wherever the block is, as a press is
                        if signal.getsignal(signal.SIGINT) is _on_sigint:
                            signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGINT)  # wake it

    def exception(self) -> BaseException:
        return CellTimeout() if self.reason == "timeout" else Stopped()

    def __post_init__(self) -> None:
        self.tracer = self._raise_at_lines  # one bound method, so "is it still armed?" is an identity check

    def _raise_at_lines(self, frame: FrameType, event: str, arg: object) -> Any:
        if self.raising and event == "line" and frame.f_code.co_filename.startswith(self.code_prefix):
            _DROPPING.on = True  # CPython drops a tracer that raised, auditing "sys.settrace" from the block's frame
            raise self.exception()
        return self.tracer

    def _rearm(self, frame: FrameType, event: str, arg: object) -> None:
        """Profile function: put the tracer back (a trace function that raised was dropped by CPython)."""
        _DROPPING.on = False
        if self.active and sys.gettrace() is not self.tracer:
            self.arm(frame)

    def arm(self, frame: FrameType | None) -> None:
        sys.setprofile(self._rearm)
        sys.settrace(self.tracer)
        while frame is not None:
            frame.f_trace = self.tracer
            frame = frame.f_back

    def watch(self, main: int) -> None:
        """The watchdog thread: keeps the deadline, keeps our handler installed, escalates when it must end."""
        leave_signals_to_main()
        deadline = None if self.timeout_s is None else time.monotonic() + self.timeout_s
        while self.active and self.reason is None:
            left = WATCH_HANDLER_EVERY_S if deadline is None else min(WATCH_HANDLER_EVERY_S,
                                                                       deadline - time.monotonic())
            if left <= 0:
                self.reason = "timeout"
                break
            if signal.getsignal(signal.SIGINT) is not _on_sigint:
                ctypes.pythonapi.Py_AddPendingCall(_PENDING, None)  # the block replaced it: put it back
            self._wait(left)
        ticks = 0
        while self.active:
            # Only while model code is in charge: the engine's own waits poll raise_if_ending, and its cleanup
            # (a batch abandoning its calls) must not be cut or flooded with wake-ups.
            if _model_in_charge(sys._current_frames().get(main), self.code_prefix):
                ctypes.pythonapi.Py_AddPendingCall(_PENDING, None)
                ours = signal.getsignal(signal.SIGINT) is _on_sigint
                if ours and ticks % round(WAKE_EVERY_S / ESCALATE_EVERY_S) == 0:
                    signal.pthread_kill(main, signal.SIGINT)
                ticks += 1
            self._wait(ESCALATE_EVERY_S)


def leave_signals_to_main() -> None:
    """Helper threads block SIGINT and SIGALRM, so the OS delivers them to the main thread that handles them."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGALRM})


def _on_sigint(signum: int, frame: FrameType | None) -> None:
    """Our SIGINT handler while blocks run: a press stops the whole run (every guarded block); else a wake-up.

    Never re-entered: CPython runs a pending handler at the first bytecode of a running one, so a burst of
    signals would otherwise nest handlers without end.
    """
    global _HANDLING
    if _HANDLING:
        return
    _HANDLING = True
    try:
        _handle_sigint(frame)
    finally:
        _HANDLING = False


def _handle_sigint(frame: FrameType | None) -> None:
    guards = [guard for guard in _STACK if guard.active]
    if not guards:
        return  # a wake-up that arrived after the block ended
    press = _PRESSED[0] or all(guard.reason is None for guard in guards)  # not one of our wake-ups
    _PRESSED[0] = False
    if press:
        _stop_all()
    ending = next(guard for guard in reversed(guards) if guard.reason is not None)
    if not guards[-1].raising or not (press or _model_in_charge(frame, ending.code_prefix)):
        return  # a wake-up while the engine works: its waits call raise_if_ending, its cleanup must run
    raise ending.exception()  # a press is raised wherever the block is, as a plain interrupt would be


def _model_in_charge(frame: FrameType | None, code_prefix: str) -> bool:
    """Whether the nearest frame that is model code or rlm_jupyter is model code (a library it called counts
    as the model's; the engine's own frames, the guard's included, are left to finish their cleanup)."""
    while frame is not None:
        filename = frame.f_code.co_filename
        if filename.startswith(code_prefix):
            return True
        if filename.startswith(PACKAGE):
            return False
        frame = frame.f_back
    return False


def raise_if_ending() -> None:
    """For the engine's helpers and waits: a block that must end gets its exception here, at a point where the
    engine can clean up (wake-ups never raise into engine frames, so a timeout cannot cut a thread join)."""
    for guard in reversed(_STACK):
        if guard.raising and guard.reason is not None:
            raise guard.exception()


def _stop_all() -> None:
    """A press stops the whole run: every block still running (rlm_query nests them) must end."""
    for guard in _STACK:
        if guard.active and guard.reason is None:
            guard.reason = "stop"
            guard.wake()


def _arm_pending(_: object) -> int:
    """Runs on the main thread (a pending call): reinstall our handler; arm the tracer of a block that must end."""
    guards = [guard for guard in _STACK if guard.active]
    if guards:
        if signal.getsignal(signal.SIGINT) is not _on_sigint:
            signal.signal(signal.SIGINT, _on_sigint)
        ending = [guard for guard in guards if guard.reason is not None and guard.raising]
        if ending:
            ending[-1].arm(sys._getframe(1))
    return 0


# One callback for the process, never freed: calls to it may still be queued when a block has ended.
_PENDING = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p)(_arm_pending)


def _handlers() -> dict[int, Any]:
    """The Python-level handler of every signal that has one (what a block could replace)."""
    found: dict[int, Any] = {}
    for signum in signal.valid_signals():
        try:
            handler = signal.getsignal(signum)
        except (ValueError, OSError):
            continue
        if handler is not None:
            found[signum] = handler
    return found


class guarded:  # noqa: N801 - used like a function: ``with guarded(timeout_s, prefix) as guard``
    """Run a block under a guard (``as`` gives None off the main thread, where it cannot be guarded).

    Why a class and not ``@contextmanager``: our handler never raises in a frame of this file, so the
    cleanup in ``__exit__`` cannot be cut short by a late wake-up (a generator's ``finally`` could, after the
    ``yield``, in contextlib's frame).
    """

    def __init__(self, timeout_s: float | None, code_prefix: str) -> None:
        self.guard: Guard | None = None
        if threading.current_thread() is threading.main_thread() and hasattr(signal, "pthread_kill"):
            self.guard = Guard(timeout_s, code_prefix)

    def __enter__(self) -> Guard | None:
        guard = self.guard
        if guard is None:
            return None
        self._handlers, self._timer = _handlers(), signal.getitimer(signal.ITIMER_REAL)
        self._trace, self._profile = sys.gettrace(), sys.getprofile()
        _STACK.append(guard)
        signal.signal(signal.SIGINT, _on_sigint)
        guard._signals, self._signals_w = socket.socketpair()
        for end in (guard._signals, self._signals_w):
            end.setblocking(False)
        guard._forward = signal.set_wakeup_fd(self._signals_w.fileno(), warn_on_full_buffer=False)
        self._watchdog = threading.Thread(target=guard.watch, args=(threading.main_thread().ident,),
                                          name="rlm-cell-guard", daemon=True)
        setattr(self._watchdog, ENGINE_THREAD, True)  # the engine's own: not the run's, whatever code is on the stack
        self._watchdog.start()
        guard.raising = True
        return guard

    def __exit__(self, *exc: object) -> None:
        guard = self.guard
        if guard is None:
            return
        guard.raising = guard.active = False
        guard.wake()
        self._watchdog.join()
        signal.set_wakeup_fd(guard._forward)
        for end in (guard._signals, self._signals_w, *guard._bell):
            if end is not None:
                end.close()
        if sys.gettrace() is not self._trace:  # armed (the block had to end): put the hooks back as they were
            sys.settrace(self._trace)
        if sys.getprofile() is not self._profile:
            sys.setprofile(self._profile)
        _disarm(sys._getframe(), guard)
        _drain()  # a wake-up sent just before the block ended runs our (now inert) handler, not the kernel's
        _STACK.remove(guard)
        _restore(self._handlers, self._timer)
        outer = [g for g in _STACK if g.raising and g.reason is not None]
        if outer:  # an enclosing block must end too: its tracer again (ours was just taken off)
            outer[-1].arm(sys._getframe())


def _disarm(frame: FrameType | None, guard: Guard) -> None:
    """Take our tracer off the frames still running (the engine's and the kernel's, above the block)."""
    while frame is not None:
        if frame.f_trace is guard.tracer:
            frame.f_trace = None
        frame = frame.f_back


def _drain() -> None:
    """Give a signal already delivered to this thread the bytecode boundaries it needs to run its handler."""
    for _ in range(3):
        signal.getsignal(signal.SIGINT)


def _restore(handlers: dict[int, Any], timer: tuple[float, float]) -> None:
    """Signal handlers and the real-time timer as they were before the block (a block leaves none behind)."""
    for signum, handler in handlers.items():
        if signal.getsignal(signum) is not handler:
            signal.signal(signum, handler)
    if timer == (0.0, 0.0) and signal.getitimer(signal.ITIMER_REAL) != (0.0, 0.0):
        signal.setitimer(signal.ITIMER_REAL, 0)  # an alarm the block set would fire into the user's next cell
