"""The isolated REPL's process: puts itself under the OS limits, then runs the model's blocks for the engine.

Started by ``remote.Worker`` as ``python -m rlm_jupyter.engine.run.isolation.worker FD``, where FD is its end of a
socketpair, the only channel it has. The first request says where the scratch folder is and which paths are
credentials; the worker applies ``sandbox.apply`` before it imports anything that could start a thread
(``unshare`` needs a single-threaded process) and answers with what held, or why nothing could.

Then it serves the engine's requests: ``new``/``drop`` a namespace (one per run: a child run of
``rlm_query`` gets its own in the same process), ``bind`` a value in it, ``run`` a block, ``fetch`` a value.
A block runs with the engine's own executor and helpers, on the main thread, under the cell guard (time
limit, stop) and the capability guard (which refuses ordinary attempts with a clear message and records
them, under the OS limits that hold whatever the code does). ``llm_query``, ``llm_query_batched`` and
``rlm_query`` are requests to the engine; ``FINAL``/``FINAL_VAR`` are decided here and sent with the block's
result, as a value the engine rebuilds from data alone (``values.pack_out``).
"""
from __future__ import annotations

import base64
import io
import signal
import socket
import sys
import threading
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from .channel import Channel, ChannelClosed, Message
from .sandbox import Limits, SandboxUnavailable, apply


@dataclass
class _Namespace:
    """One run's REPL in this process, and what the engine gave it."""

    ns: dict[str, Any] = field(default_factory=dict)
    given: dict[int, str] = field(default_factory=dict)  # id of an object the engine bound -> its name
    baseline: set[str] = field(default_factory=set)  # names the engine bound (not the model's)
    record: Any = None  # a Run that collects the guard's actions (engine.guard records onto runs)
    registration: Any = None
    reported: int = 0  # guard actions already sent
    keep: list[Any] = field(default_factory=list)  # what the values bound must outlive (values.unpack_in)


class Worker:
    """The requests the engine sends, answered on this process's main thread (or a thread reading for itself)."""

    def __init__(self, channel: Channel, start: dict[str, Any], limits: Limits) -> None:
        from ...safety import guard

        self.channel, self.limits = channel, limits.describe()
        self.namespaces: dict[int, _Namespace] = {}
        self.done = False
        # Watched even with the guard off: what the OS limits refuse is recorded and told (``refusals``).
        self.watch = guard.Watch(start.get("guard", "off"), frozenset(start.get("allow", [])), start["scratch"],
                                 tuple(start.get("secrets", [])), os_limits=self.limits, os_refuses=limits.refuses())

    def handle(self, request: Message) -> Message:
        op = request.header.get("op")
        handler = getattr(self, f"_op_{op}", None)
        if handler is None:
            raise ValueError(f"unknown request {op!r}")
        answer: Message = handler(request)
        return answer

    def _space(self, request: Message) -> _Namespace:
        return self.namespaces[int(request.header["ns"])]

    def _op_new(self, request: Message) -> Message:
        from ...record.trajectory import Run
        from ...safety import guard

        space = _Namespace()
        self.namespaces[int(request.header["ns"])] = space
        space.record = Run(id="worker", question="", model="", sub_model="")
        space.registration = guard.register(space.ns, self.watch, [space.record])
        return Message({})

    def _op_drop(self, request: Message) -> Message:
        from ...safety import guard

        space = self.namespaces.pop(int(request.header["ns"]), None)
        if space is not None and space.registration is not None:
            guard.unregister(space.registration)
        return Message({})

    def _op_bind(self, request: Message) -> Message:
        from .values import Unavailable, unpack_in

        space, name = self._space(request), str(request.header["name"])
        answer: dict[str, Any] = {}
        if "alias" in request.header:
            value = space.ns[str(request.header["alias"])]
        else:
            header = request.header["value"]
            try:
                value = unpack_in(header, request.frames, name, space.keep)
            except Exception as exc:  # e.g. a class defined in the notebook, which this process cannot import
                why = f"it cannot be rebuilt in another process ({type(exc).__name__}: {exc})"[:500]
                value = Unavailable(name, str(header.get("type", "object")), why)
                answer["unavailable"] = why
        space.ns[name] = value
        space.given[id(value)] = name
        space.baseline.add(name)
        return Message(answer)

    def _op_unbind(self, request: Message) -> Message:
        space = self._space(request)
        space.ns.pop(str(request.header["name"]), None)
        return Message({})

    def _op_fetch(self, request: Message) -> Message:
        from .values import pack_out

        space, name = self._space(request), str(request.header["name"])
        if name not in space.ns:
            return Message({"missing": True})
        data, frames = pack_out(space.ns[name], lambda v: _given(space, v, name))
        return Message({"value": data}, frames)

    def _op_run(self, request: Message) -> Message:
        from ....text import bounded_repr
        from ...dialogue.helpers import FinalSlot, dialect_final, helpers
        from ...record.trajectory import CodeCell
        from ..executor import STOPPED_DURING, CellInterrupted, Executor
        from .refusals import Refusals
        from .values import pack_out

        space, code = self._space(request), str(request.header["code"])
        final, ns = FinalSlot(), space.ns
        before, cell, stopped = dict(ns), CodeCell(code=code), False
        try:
            ns.update(helpers(_Queries(self.channel, int(request.header["ns"])), final, ns,
                              frozenset(space.baseline)))
            refusals = Refusals(space.registration)  # binds what the block's handlers report to: not the model's
            before = dict(ns)
            space.registration.at(request.header.get("iteration"), request.header.get("cell"))
            timeout = request.header.get("timeout")
            try:
                cell = Executor(ns, timeout_s=float(timeout) if timeout is not None else None,
                                rewrite=refusals.rewrite, failed=refusals.failed).run(code)
            except CellInterrupted as stop:
                cell, stopped = stop.cell, True
            if refusals.told:  # in the guard's words, after what the block printed: the OS's own are terse
                cell.stderr = "\n".join(filter(None, [cell.stderr.rstrip("\n"), *dict.fromkeys(refusals.told)]))
            cell.outputs += _figures()
            if not stopped:
                dialect_final(ns, final)
        except KeyboardInterrupt:  # the stop reached this process just before or after the block's own guard
            stopped = True
            cell.error = cell.error or STOPPED_DURING
        missing = object()
        bound = {name: {"type": type(value).__name__, "repr": bounded_repr(value, 200)}
                 for name, value in ns.items() if before.get(name, missing) is not value}
        header: dict[str, Any] = {"cell": {k: v for k, v in asdict(cell).items() if k not in ("code", "created")},
                                  "stopped": stopped, "bound": bound,
                                  "deleted": [name for name in before if name not in ns],
                                  "guard": self._new_actions(space)}
        frames: list[Any] = []
        if final.given:
            header["final"], frames = pack_out(final.value, lambda v: _given(space, v, None))
        return Message(header, frames)

    def _new_actions(self, space: _Namespace) -> list[dict[str, Any]]:
        actions = space.record.guard[space.reported:]
        space.reported += len(actions)
        return [asdict(action) for action in actions]

    def _op_exit(self, request: Message) -> Message:
        self.done = True
        return Message({})


def _given(space: _Namespace, value: object, asked: str | None) -> str | None:
    """The context variable ``value`` is, if it is one (not when it is the very variable asked for by name)."""
    name = space.given.get(id(value))
    return name if name is not None and name != asked and space.ns.get(name) is value else None


class _Queries:
    """``llm_query``, ``llm_query_batched`` and ``rlm_query``: requests to the engine, which makes the calls.

    The errors come back as the engine raised them (``SubCallError``, ``BatchError`` with its results), so
    the model's ``except BatchError as e: e.results`` works as in the kernel.
    """

    def __init__(self, channel: Channel, space: int) -> None:
        self.channel, self.space = channel, space

    def _call(self, name: str, *args: Any) -> Any:
        from ...safety.cell_guard import raise_if_ending
        from .values import pack_out

        data, frames = pack_out(list(args))
        reply = self.channel.request({"op": "call", "ns": self.space, "fn": name, "args": data}, frames)
        raise_if_ending()  # the block's stop or time limit, now that the call is back
        error = reply.header.get("error")
        if error is not None:
            raise _error(error)
        return reply.header["value"]

    def llm_query(self, prompt: str, model: str | None = None) -> str:
        return str(self._call("llm_query", prompt, model))

    def llm_query_batched(self, prompts: Iterable[str], model: str | None = None) -> list[str]:
        return list(self._call("llm_query_batched", list(prompts) if not isinstance(prompts, str) else prompts,
                               model))

    def rlm_query(self, prompt: str, context: object = None) -> str:
        return str(self._call("rlm_query", prompt, context))


def _error(error: dict[str, Any]) -> BaseException:
    from ...dialogue.helpers import BatchError, SubCallError

    kind, message = error.get("type"), str(error.get("message", ""))
    if kind == "BatchError":
        results = list(error.get("results") or [])
        errors = {int(k): str(v) for k, v in (error.get("errors") or {}).items()}
        if errors:
            return BatchError(results, errors)
    if kind in ("SubCallError", "BatchError"):
        return SubCallError(message)
    if kind == "KeyboardInterrupt":
        return KeyboardInterrupt(message)
    builtin = {"TypeError": TypeError, "ValueError": ValueError, "PermissionError": PermissionError}
    return builtin.get(str(kind), RuntimeError)(message)


def _figures() -> list[dict[str, Any]]:
    """Plots the block left open, as PNG display outputs (what the kernel's inline backend would have shown)."""
    pyplot = sys.modules.get("matplotlib.pyplot")
    if pyplot is None:
        return []
    shown = []
    for number in pyplot.get_fignums():
        buffer = io.BytesIO()
        try:
            pyplot.figure(number).savefig(buffer, format="png", bbox_inches="tight")
        except Exception:  # a figure that cannot draw is left out
            continue
        shown.append({"data": {"image/png": base64.b64encode(buffer.getvalue()).decode(), "text/plain":
                               f"<Figure {number}>"}, "metadata": {}})
    pyplot.close("all")
    return shown


def main(argv: list[str]) -> int:
    sock = socket.socket(fileno=int(argv[1]))
    boot = Channel(sock, lambda request: Message({}))
    start = boot.next_message()  # before anything else runs: no thread exists yet to read it for us
    try:
        limits = apply(start.header["scratch"], tuple(start.header.get("secrets", [])))
    except SandboxUnavailable as exc:
        boot.reply(start, Message({"error": str(exc)}))
        return 3
    signal.signal(signal.SIGINT, signal.default_int_handler)
    worker = Worker(boot, start.header, limits)
    boot.handle = worker.handle
    boot.reply(start, Message({"limits": limits.describe()}))
    while not worker.done:
        try:
            boot.serve(until=lambda: worker.done)
        except KeyboardInterrupt:
            continue  # a stop that arrived between blocks: nothing is running
        except ChannelClosed:
            return 0  # the engine is gone
    return 0


if __name__ == "__main__":
    threading.current_thread().name = "rlm-isolated-main"
    sys.exit(main(sys.argv))
