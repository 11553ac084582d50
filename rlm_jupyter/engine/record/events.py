"""The event stream a run emits, so the UI, recorders and loggers only listen.

Why an event stream and not callbacks into the UI: the engine must run with
no IPython at all, and the panel, the recorder and a logger each want the
same moments. Observers are called synchronously on the thread that caused
the event (sub-call events come from worker threads), so an observer must be
quick and thread-safe; one that raises is logged and detached, never allowed
to break the run.
"""
from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass

from .trajectory import CodeCell, GuardAction, Iteration, Run, SubCall

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class RunStarted:
    run: Run


@dataclass(frozen=True)
class IterationStarted:
    run: Run
    index: int


@dataclass(frozen=True)
class RootStreaming:
    """Part of the root reply has arrived (streamed); ``text`` is the reply so far."""

    run: Run
    index: int
    text: str


@dataclass(frozen=True)
class RootReplied:
    """The root model's reply is in; its code has not run yet."""

    run: Run
    iteration: Iteration


@dataclass(frozen=True)
class CellStarted:
    run: Run
    iteration: Iteration
    code: str


@dataclass(frozen=True)
class CellFinished:
    run: Run
    iteration: Iteration
    cell: CodeCell


@dataclass(frozen=True)
class SubCallStarted:
    run: Run
    call: SubCall


@dataclass(frozen=True)
class SubCallFinished:
    run: Run
    call: SubCall


@dataclass(frozen=True)
class IterationFinished:
    run: Run
    iteration: Iteration


@dataclass(frozen=True)
class EndpointNotice:
    """Something about the endpoint the user should read once per run (it would not stream, say)."""

    run: Run
    text: str


@dataclass(frozen=True)
class GuardActed:
    """The capability guard refused (or, under ``guard="warn"``, let through and recorded) an action of model code.

    Emitted on the thread that tried it, from inside the audit hook, after the action is on the record: an
    observer must not act for the model (it runs with the guard's attention on the same stack).
    """

    run: Run
    action: GuardAction


@dataclass(frozen=True)
class RunFinished:
    run: Run


Event = (RunStarted | IterationStarted | RootStreaming | RootReplied | CellStarted | CellFinished
         | SubCallStarted | SubCallFinished | IterationFinished | EndpointNotice | GuardActed | RunFinished)
Observer = Callable[[Event], None]


class EventBus:
    """Fan-out of events to observers; shared by a run and its child runs."""

    def __init__(self, observers: tuple[Observer, ...] | list[Observer] = ()) -> None:
        self._observers: list[Observer] = list(observers)
        self._lock = threading.Lock()

    def subscribe(self, observer: Observer) -> None:
        with self._lock:
            self._observers.append(observer)

    def emit(self, event: Event) -> None:
        with self._lock:
            observers = list(self._observers)
        for observer in observers:
            try:
                observer(event)
            except Exception:
                log.exception("rlm_jupyter observer %r failed; detaching it", observer)
                with self._lock:
                    if observer in self._observers:
                        self._observers.remove(observer)
