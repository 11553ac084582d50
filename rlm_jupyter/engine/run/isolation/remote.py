"""The engine's side of the isolated REPL: the worker process, its namespaces and an executor for the loop.

Why the loop needs no branch for it: the loop runs blocks through an executor and reads a namespace dict.
Here the executor sends each block to the worker, and the namespace (``RemoteNamespace``) is a mirror: the
context variables the engine bound (its own objects, so describing them for the prompt and the acceptance
gates that read the data work as before), the helpers the loop installs each turn (called by the worker
through the channel: sub-calls are made, budgeted and recorded here), and for every name the model's code
bound, a ``Remote`` stand-in whose repr is the worker's. Reading such a name (a FINAL_VAR written in the
reply, a salvaged answer) fetches the value from the worker as data (``values.pack_out``): it comes back as
an object, or as a ``Described`` one when it cannot cross safely.

One worker per top-level run, shared by its child runs (each has a namespace of its own in it) and kept for
``--continue`` while the run keeps its namespace; it ends when that namespace is let go.
"""
from __future__ import annotations

import contextlib
import importlib.util
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import weakref
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ...dialogue.helpers import DIALECT_NAMES, HELPER_NAMES, BatchError
from ...record.trajectory import CodeCell, GuardAction
from ...safety import guard
from ..executor import CellInterrupted
from .channel import Channel, ChannelClosed, Message
from .sandbox import worker_environment
from .values import Described, Packed, pack_in, type_name, unpack_out

STARTUP_S = 120.0  # the worker imports the engine and applies its limits: seconds on a quiet machine
GRACE_S = 15.0  # after a block's time limit or a stop: how long the worker has to end the block itself
_ENGINE_NAMES = frozenset(HELPER_NAMES) | frozenset(DIALECT_NAMES)


class IsolationUnavailable(ValueError):
    """The isolated REPL could not start with its limits: said in one line, before any model call (a ValueError,
    as every other setting the run cannot start with)."""


class IsolationLost(RuntimeError):
    """The worker ended (killed after a block would not end, or its code ended the process): its state is gone.

    ``cell`` is the block it ended in, when it ended in one: the loop keeps it on the record.
    """

    def __init__(self, message: str, cell: CodeCell | None = None) -> None:
        super().__init__(message)
        self.cell = cell


@dataclass(frozen=True)
class Remote:
    """A name the model's code bound in the worker: its type and repr, until the value itself is asked for."""

    type_name: str
    text: str

    def __repr__(self) -> str:
        return self.text


class Worker:
    """The worker process and the channel to it."""

    def __init__(self, scratch: str, secrets: tuple[str, ...], guard_mode: str, allow: Iterable[str]) -> None:
        ours, theirs = socket.socketpair()
        # What the worker printed outside blocks: for the error when it dies. Closed with the worker's finalizer.
        self.log = tempfile.TemporaryFile()  # noqa: SIM115
        self.process = subprocess.Popen(
            [sys.executable, "-m", "rlm_jupyter.engine.run.isolation.worker", str(theirs.fileno())],
            pass_fds=[theirs.fileno()], stdin=subprocess.DEVNULL, stdout=self.log, stderr=self.log,
            env=worker_environment(scratch), start_new_session=True)  # the kernel's SIGINT is ours to pass on
        theirs.close()
        self.channel = Channel(ours, _Calls(weakref.ref(self)))  # no strong reference back: see _end
        self.namespaces: weakref.WeakValueDictionary[int, RemoteNamespace] = weakref.WeakValueDictionary()
        self._ids = iter(range(1, sys.maxsize))
        self._finalizer = weakref.finalize(self, _end, self.process, self.channel, self.log)
        try:
            reply = self.channel.request({"op": "start", "scratch": scratch, "secrets": list(secrets),
                                          "guard": guard_mode, "allow": sorted(allow)}, timeout_s=STARTUP_S)
        except (ChannelClosed, TimeoutError) as exc:
            self.end()
            raise IsolationUnavailable(f"the isolated REPL did not start ({exc}): {self.tail()}") from None
        if "error" in reply.header:
            self.end()
            raise IsolationUnavailable(f"--isolated cannot run here: {reply.header['error']}; run without "
                                       "--isolated (the in-process guard still applies)")
        self.limits = str(reply.header["limits"])

    def namespace(self, isolation: Isolation | None = None) -> RemoteNamespace:
        ident = next(self._ids)
        self.request({"op": "new", "ns": ident})
        space = RemoteNamespace(self, ident, isolation)
        self.namespaces[ident] = space
        return space

    def request(self, header: dict[str, Any], frames: list[Any] | None = None,
                timeout_s: float | None = None) -> Message:
        """A request the worker must carry out: its refusal is an error of ours, not of the model's code."""
        try:
            reply = self.channel.request(header, frames, timeout_s)
        except ChannelClosed:
            raise IsolationLost(self.gone()) from None
        error = reply.header.get("error")
        if error is not None:
            raise IsolationLost(f"the isolated REPL failed to {header.get('op')}: {error.get('type')}: "
                                f"{error.get('message')}")
        return reply

    def calls(self, request: Message) -> Message:
        """The worker's calls: a helper of the namespace whose block is running (the loop installed them)."""
        if request.header.get("op") != "call":
            raise ValueError(f"unknown request {request.header.get('op')!r}")
        space = self.namespaces[int(request.header["ns"])]
        args = unpack_out(request.header["args"], request.frames, space.context_value)
        if not isinstance(args, list):
            raise TypeError("a helper's arguments come as a list")
        name = str(request.header["fn"])
        if name not in ("llm_query", "llm_query_batched", "rlm_query"):
            raise ValueError(f"{name} is not a helper the REPL may call")
        try:
            return Message({"value": space[name](*args)})
        except BatchError as exc:  # its answers cross with it: ``except BatchError as e: e.results`` works there
            return Message({"error": {"type": "BatchError", "message": str(exc), "results": exc.results,
                                      "errors": {str(k): v for k, v in exc.errors.items()}}})

    def interrupt(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.process.pid, signal.SIGINT)

    @property
    def alive(self) -> bool:
        return self.process.poll() is None and not self.channel.closed

    def gone(self) -> str:
        code = self.process.poll()
        how = f"exit status {code}" if code is not None and code >= 0 else f"signal {-code}" if code else "ended"
        return f"the isolated REPL ended ({how}); its variables are gone{self.tail()}"

    def tail(self) -> str:
        with contextlib.suppress(OSError, ValueError):
            self.log.seek(0)
            text = self.log.read().decode(errors="replace").strip()
            return f": {text[-600:]}" if text else ""
        return ""

    def end(self) -> None:
        self._finalizer()


@dataclass(frozen=True)
class _Calls:
    """The channel's handler, holding the worker weakly: the finalizer keeps the channel, and a channel that held
    the worker would keep it alive for ever (and its process with it)."""

    worker: weakref.ref[Worker]

    def __call__(self, request: Message) -> Message:
        worker = self.worker()
        if worker is None:
            raise IsolationLost("the isolated REPL was let go")
        return worker.calls(request)


def _end(process: subprocess.Popen[bytes], channel: Channel, log: Any) -> None:
    """Stop the worker (a finalizer: no lock of the channel's is taken, so it can run anywhere)."""
    channel.closed = True  # read without the lock by waiters, which then give up
    with contextlib.suppress(OSError):
        channel.sock.shutdown(socket.SHUT_RDWR)
    with contextlib.suppress(OSError):
        channel.sock.close()
    with contextlib.suppress(ProcessLookupError):
        process.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=10)
    with contextlib.suppress(OSError):
        log.close()


class RemoteNamespace(dict[str, Any]):
    """The engine's mirror of one namespace in the worker (see the module's docstring)."""

    def __init__(self, worker: Worker, ident: int, isolation: Isolation | None = None) -> None:
        super().__init__()
        self.worker, self.ident = worker, ident
        self.isolation = isolation  # kept alive as long as a namespace of its is
        self.unavailable: list[str] = []  # context variables that crossed only as a description
        self.made: set[str] = set()  # names the model's blocks bound (the rest the engine bound)
        self._sent: dict[int, str] = {}  # id of an object bound -> the name it was sent under

    # -- the engine binds: the value crosses (the helpers stay here: the worker has its own) --------------------------
    def __setitem__(self, name: str, value: Any) -> None:
        if name not in _ENGINE_NAMES:
            self._send(name, value)
        super().__setitem__(name, value)

    def update(self, *args: Any, **kwargs: Any) -> None:
        for name, value in dict(*args, **kwargs).items():
            self[name] = value

    def __delitem__(self, name: str) -> None:
        if name not in _ENGINE_NAMES:
            self.worker.request({"op": "unbind", "ns": self.ident, "name": name})
        super().__delitem__(name)

    def _send(self, name: str, value: Any) -> None:
        alias = self._sent.get(id(value))
        if alias is not None and super().get(alias) is value:
            self.worker.request({"op": "bind", "ns": self.ident, "name": name, "alias": alias})
            return
        packed: Packed = pack_in(value)
        try:
            reply = self.worker.request({"op": "bind", "ns": self.ident, "name": name, "value": packed.header},
                                        packed.frames)
        finally:
            packed.discard()  # mapped by the worker by now (or never): the file itself can go
        why = packed.header.get("why") or reply.header.get("unavailable")
        if why:
            self.unavailable.append(f"`{name}` ({type_name(value)}: {why})")
        self._sent[id(value)] = name

    # -- the engine reads: a name the model bound is fetched from the worker -----------------------------------------
    def __getitem__(self, name: str) -> Any:
        value = super().__getitem__(name)
        return self._fetch(name) if isinstance(value, Remote) else value

    def get(self, name: str, default: Any = None) -> Any:
        if name not in self:
            return default
        return self[name]

    def _fetch(self, name: str) -> Any:
        reply = self.worker.request({"op": "fetch", "ns": self.ident, "name": name})
        if reply.header.get("missing"):
            raise KeyError(name)
        value = unpack_out(reply.header["value"], reply.frames, self.context_value)
        if not isinstance(value, Described):
            super().__setitem__(name, value)  # until the next block changes it
        return value

    def context_value(self, name: str) -> Any:
        """The engine's own object for a name it bound (the worker sends a context variable back by name)."""
        return super().get(name)

    def took(self, bound: dict[str, dict[str, str]], deleted: list[str]) -> None:
        """After a block: stand-ins for what it bound, and the names it deleted."""
        for name in deleted:
            if name not in _ENGINE_NAMES:
                super().pop(name, None)
                self.made.discard(name)
        for name, about in bound.items():
            if name not in _ENGINE_NAMES:
                super().__setitem__(name, Remote(about["type"], about["repr"]))
                self.made.add(name)

    def release(self) -> None:
        """A child run ended: its namespace goes from the worker too (the top-level one goes with the worker)."""
        if self.worker.alive:
            with contextlib.suppress(IsolationLost):
                self.worker.request({"op": "drop", "ns": self.ident}, timeout_s=GRACE_S)


@dataclass
class IsolatedExecutor:
    """Runs a block in the worker, for the loop (``ExecutorFactory``: built per turn with the time a block may take)."""

    namespace: RemoteNamespace
    timeout_s: float | None

    def run(self, code: str) -> CodeCell:
        space = self.namespace
        worker = space.worker
        registration = guard.registration_of(space)
        at = (registration.iteration, registration.cell) if registration is not None else (None, None)
        started = time.monotonic()
        if not worker.alive:
            raise IsolationLost(worker.gone())
        try:
            ident = worker.channel.start({"op": "run", "ns": space.ident, "code": code, "timeout": self.timeout_s,
                                          "iteration": at[0], "cell": at[1]})
        except ChannelClosed:
            raise IsolationLost(worker.gone()) from None
        limit = None if self.timeout_s is None else self.timeout_s + GRACE_S
        try:
            reply = worker.channel.wait(ident, limit)
        except KeyboardInterrupt:
            reply = self._after_stop(code, ident, started)
        except TimeoutError:
            worker.end()
            cell = CodeCell(code=code, duration_s=time.monotonic() - started,
                            error=(f"TimeoutError: the block did not end within its time limit of "
                                   f"{self.timeout_s:.3g}s and the isolated REPL was ended"))
            raise IsolationLost(f"a block did not end within its time limit of {self.timeout_s:.3g}s (it kept the "
                                "stop out), so the isolated REPL was ended; its variables are gone", cell) from None
        except ChannelClosed:
            raise IsolationLost(worker.gone()) from None
        return self._took(code, reply)

    def _after_stop(self, code: str, ident: int, started: float) -> Message:
        """The stop was pressed: pass it on and wait for the worker to end the block; end the worker if it won't."""
        worker = self.namespace.worker
        worker.interrupt()
        try:
            return worker.channel.wait(ident, GRACE_S)
        except (TimeoutError, ChannelClosed, KeyboardInterrupt):
            worker.end()
            raise CellInterrupted(CodeCell(code=code, duration_s=time.monotonic() - started,
                                           error="KeyboardInterrupt: the run was stopped; the isolated REPL did "
                                                 "not end the block and was ended")) from None

    def _took(self, code: str, reply: Message) -> CodeCell:
        header, space = reply.header, self.namespace
        if "error" in header:  # the worker could not run it at all (not the block's own error)
            if header["error"].get("type") == "KeyboardInterrupt":  # a second press, while it sent the result
                raise CellInterrupted(CodeCell(code=code, error="KeyboardInterrupt: the run was stopped"))
            raise IsolationLost(f"the isolated REPL failed: {header['error']}")
        cell = CodeCell(code=code, **header["cell"])
        space.took(header["bound"], header["deleted"])
        for action in header["guard"]:
            guard.record(space, GuardAction(**action))
        if "final" in header:
            space["FINAL"](unpack_out(header["final"], reply.frames, space.context_value))
        if header["stopped"]:
            raise CellInterrupted(cell)
        return cell


class Isolation:
    """The isolated REPL of one top-level run (and its child runs): a worker, its scratch folder, what held."""

    def __init__(self, guard_mode: str, allow: Iterable[str]) -> None:
        if not sys.platform.startswith("linux"):
            raise IsolationUnavailable(f"--isolated needs Linux (Landlock and seccomp keep the REPL in); this is "
                                       f"{sys.platform}: run without --isolated (the in-process guard still applies)")
        if importlib.util.find_spec("pyarrow") is None:  # checked before a process starts or a model is called
            raise IsolationUnavailable("--isolated needs pyarrow: DataFrames and answers cross the boundary as Arrow "
                                       "(pip install \"rlm_jupyter[isolated]\")")
        self.scratch = tempfile.mkdtemp(prefix="rlm-scratch-")
        try:
            self.worker = Worker(self.scratch, guard.secret_paths(), guard_mode, allow)
        except BaseException:
            os.rmdir(self.scratch)
            raise
        weakref.finalize(self.worker, _remove_if_empty, self.scratch)

    def namespace(self) -> RemoteNamespace:
        return self.worker.namespace(self)

    def processes(self) -> frozenset[int]:
        """The worker's process id: the engine signals it for the run (a stop, its end)."""
        return frozenset({self.worker.process.pid})

    def release(self, namespace: dict[str, Any]) -> None:
        if isinstance(namespace, RemoteNamespace):
            namespace.release()

    def executor(self, namespace: dict[str, Any], timeout_s: float | None) -> IsolatedExecutor:
        if not isinstance(namespace, RemoteNamespace):
            raise TypeError("an isolated run's namespace is its worker's")
        return IsolatedExecutor(namespace, timeout_s)

    def describe(self, namespace: dict[str, Any]) -> str:
        """For the run's record: the limits that held, and the context variables that crossed only as a description."""
        unavailable = namespace.unavailable if isinstance(namespace, RemoteNamespace) else []
        return (f"a separate process under OS limits ({self.worker.limits})"
                + (f"; not available there: {'; '.join(unavailable)}" if unavailable else ""))


def _remove_if_empty(folder: str) -> None:
    with contextlib.suppress(OSError):
        os.rmdir(folder)
