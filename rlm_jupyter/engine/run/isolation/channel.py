"""Messages between the engine and the isolated REPL: framed JSON headers with binary frames, over one socket.

Why one socketpair and no other channel: the worker may open no socket of its own (its sandbox refuses
``socket()``), so everything it says, and every call it makes to the engine (``llm_query``...), goes over the
socket it was started with. Both sides send requests: the engine asks the worker to bind, run and fetch;
the worker's code asks the engine for sub-calls, which may run a child RLM whose blocks the engine sends
back to the same worker. So a side waiting for its reply must serve the requests that arrive meanwhile.

How: whichever thread is waiting for a reply reads the socket (one reader at a time, the others wait on
their own event), hands replies to the threads they belong to, and serves requests itself unless
``dispatch`` gives one to another thread. A message is ``!II`` (header length, frame count), the header as
JSON, then each frame as ``!Q`` length and bytes; frames carry data (text, Arrow, npy) without JSON escaping.
"""
from __future__ import annotations

import functools
import itertools
import json
import select
import socket
import struct
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

MAX_HEADER_BYTES = 64 * 1024 * 1024  # a header is JSON about a value, never the value's bulk: bigger is corrupt
_PREFIX = struct.Struct("!II")
_FRAME = struct.Struct("!Q")


class ChannelClosed(ConnectionError):
    """The other side is gone (its process ended, or it closed the socket)."""


@dataclass
class Message:
    """A header (JSON-ready dict) and its binary frames."""

    header: dict[str, Any]
    frames: list[bytes | bytearray | memoryview] = field(default_factory=list)


Handler = Callable[[Message], Message]


class Channel:
    """Request/reply in both directions over one stream socket, safe to use from several threads."""

    def __init__(self, sock: socket.socket, handle: Handler,
                 dispatch: Callable[[Message, Callable[[], None]], bool] | None = None) -> None:
        """``handle`` answers a request; ``dispatch(message, serve)`` may run ``serve`` elsewhere (True) instead
        of on the reading thread (False: served inline)."""
        self.sock, self.handle, self.dispatch = sock, handle, dispatch
        self._send_lock = threading.Lock()
        self._read_lock = threading.Lock()  # held by the one thread reading the socket
        self._state = threading.Condition()
        self._replies: dict[int, Message] = {}
        self._ids = itertools.count(1)
        self.closed = False

    # -- sending ---------------------------------------------------------------------------------------------------
    def send(self, message: Message) -> None:
        header = json.dumps(message.header, allow_nan=True).encode()
        pieces: list[bytes | bytearray | memoryview] = [_PREFIX.pack(len(header), len(message.frames)), header]
        for frame in message.frames:
            pieces += [_FRAME.pack(len(frame)), frame]
        with self._send_lock:
            sent = 0
            try:
                for piece in pieces:
                    view = memoryview(piece).cast("B")
                    while view:
                        n = self.sock.send(view)
                        view, sent = view[n:], sent + n
            except OSError as exc:
                self._close()
                raise ChannelClosed(f"the other side is gone ({exc})") from None
            except BaseException:
                if sent:  # a stop (KeyboardInterrupt) cut a message short: the stream cannot be resumed
                    self._close()
                raise

    def request(self, header: dict[str, Any], frames: list[bytes | bytearray | memoryview] | None = None,
                timeout_s: float | None = None) -> Message:
        """Send a request and wait for its reply, serving the other side's requests meanwhile.

        ``timeout_s`` bounds the wait (``TimeoutError``); the reply is still taken if it comes later.
        """
        return self.wait(self.start(header, frames), timeout_s)

    def start(self, header: dict[str, Any], frames: list[bytes | bytearray | memoryview] | None = None) -> int:
        """Send a request without waiting: its id, for ``wait``."""
        ident = next(self._ids)
        self.send(Message({**header, "id": ident}, frames or []))
        return ident

    def reply(self, request: Message, message: Message) -> None:
        self.send(Message({**message.header, "reply": request.header["id"]}, message.frames))

    # -- receiving -------------------------------------------------------------------------------------------------
    def wait(self, ident: int, timeout_s: float | None = None) -> Message:
        """The reply to request ``ident``; whoever waits reads the socket when nobody else does."""
        deadline = None if timeout_s is None else _now() + timeout_s
        while True:
            with self._state:
                if ident in self._replies:
                    return self._replies.pop(ident)
                if self.closed:
                    raise ChannelClosed("the other side is gone")
            if not self._read_and_take(deadline):
                with self._state:  # another thread reads: it hands this reply over
                    if ident not in self._replies and not self.closed:
                        self._state.wait(0.05)
            if deadline is not None and _now() >= deadline:
                with self._state:
                    if ident in self._replies:
                        return self._replies.pop(ident)
                raise TimeoutError(f"no reply within {timeout_s:.3g} s")

    def serve(self, until: Callable[[], bool] = lambda: False, poll_s: float = 0.2) -> None:
        """Read and serve requests until ``until()`` holds (the worker's idle loop); ends when the other side does."""
        while not until():
            if not self._read_and_take(_now() + poll_s):
                with self._state:
                    if self.closed:
                        raise ChannelClosed("the other side is gone")
                    self._state.wait(poll_s)

    def next_message(self) -> Message:
        """The next message, taken as it is (not served): for a side that reads before it can serve."""
        with self._read_lock:
            while True:
                message = self._read_one(None)
                if message is not None:
                    return message

    def _read_and_take(self, deadline: float | None) -> bool:
        """Read one message if nobody else is reading (False if somebody is), then act on it.

        The reading lock is let go before a request is served: serving may wait for replies of its own (a
        child run's blocks), which this thread or another must then be free to read.
        """
        if not self._read_lock.acquire(blocking=False):
            return False
        try:
            message = self._read_one(deadline)
        finally:
            self._read_lock.release()
            with self._state:
                self._state.notify_all()  # a waiter may take over the reading
        if message is None:
            return True
        if "reply" in message.header:
            with self._state:
                self._replies[message.header["reply"]] = message
                self._state.notify_all()
        else:
            serve = functools.partial(self._serve, message)
            if self.dispatch is None or not self.dispatch(message, serve):
                serve()
        return True

    def _read_one(self, deadline: float | None) -> Message | None:
        """One message if one starts before ``deadline``, else None.

        Readiness is waited for with ``select``, never with a socket timeout: the socket is shared with the
        threads sending, and a timeout would cut their sends of big frames.
        """
        wait = None if deadline is None else max(deadline - _now(), 0.0)
        try:
            ready, _, _ = select.select([self.sock], [], [], wait)
        except (OSError, ValueError) as exc:  # closed under us
            self._close()
            raise ChannelClosed(f"the other side is gone ({exc})") from None
        if not ready:
            return None
        try:
            size, count = _PREFIX.unpack(self._need(_PREFIX.size))
            if size > MAX_HEADER_BYTES:
                raise ChannelClosed(f"a message header of {size:,} bytes: the stream is corrupt")
            header = json.loads(bytes(self._need(size)))
            frames: list[bytes | bytearray | memoryview] = [self._need(_FRAME.unpack(self._need(_FRAME.size))[0])
                                                            for _ in range(count)]
        except BaseException:  # a stop that cut a message short, or a corrupt one: the stream cannot be resumed
            self._close()
            raise
        return Message(header, frames)

    def _serve(self, request: Message) -> None:
        try:
            answer = self.handle(request)
        except BaseException as exc:  # a handler's failure is the requester's error, never this side's end
            answer = Message({"error": {"type": type(exc).__name__, "message": str(exc)}})
            if not isinstance(exc, Exception):
                self.reply(request, answer)
                raise
        self.reply(request, answer)

    def _need(self, size: int) -> bytearray:
        """Exactly ``size`` bytes (a message that has begun is read to its end)."""
        buffer = bytearray(size)
        view, got = memoryview(buffer), 0
        while got < size:
            try:
                n = self.sock.recv_into(view[got:])
            except InterruptedError:
                continue
            except OSError as exc:
                self._close()
                raise ChannelClosed(f"the other side is gone ({exc})") from None
            if n == 0:
                self._close()
                raise ChannelClosed("the other side closed the channel")
            got += n
        return buffer

    def _close(self) -> None:
        with self._state:
            self.closed = True
            self._state.notify_all()

    def close(self) -> None:
        self._close()
        try:
            self.sock.close()
        except OSError:
            pass


def _now() -> float:
    return time.monotonic()
