"""A deterministic, OpenAI-compatible HTTP server for tests and demos.

Why a real HTTP server instead of mocking the ``openai`` client: the code under
test talks to the model through the real client, so retries, timeouts,
streaming and connection handling are exercised exactly as in production.
Replies come from plain Python callables ("responders"), which keeps scripted
conversations deterministic; faults (HTTP errors, hangs, garbage bodies,
dropped connections) are injected declaratively so failure handling can be
tested without a flaky network.  Standard library only.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import re
import signal
import socketserver
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Literal, Union

__all__ = [
    "ChatRequest", "Reply", "Responder", "Scripted", "RuleBasedSubModel",
    "Fault", "RequestRecord", "FakeLLMServer", "main",
]

STREAM_PIECE_CHARS = 40  # small enough that short replies still arrive as several chunks


def _text(content: Any) -> str:
    """Flatten a message ``content`` (str, list of parts, or None) to text."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(str(p.get("text", "")) if isinstance(p, dict) else str(p) for p in content)
    return str(content)


@dataclass(frozen=True)
class ChatRequest:
    """One chat-completion request as seen by a responder."""

    model: str
    messages: list[dict]
    stream: bool
    body: dict

    @property
    def last_user(self) -> str:
        """Content of the last user message: what sub-model rules match against."""
        for message in reversed(self.messages):
            if message.get("role") == "user":
                return _text(message.get("content"))
        return ""

    @property
    def turn(self) -> int:
        """Assistant messages so far; a stateless way to know where a script is."""
        return sum(1 for m in self.messages if m.get("role") == "assistant")

    @property
    def system(self) -> str:
        """Content of the first system message ("" if none)."""
        for message in self.messages:
            if message.get("role") == "system":
                return _text(message.get("content"))
        return ""


@dataclass(frozen=True)
class Reply:
    """A responder result that can also override the model's latency."""

    text: str
    latency_s: float | None = None


Responder = Callable[[ChatRequest], Union[str, Reply]]


class Scripted:
    """Responder that answers ``replies[request.turn]``.

    Keyed on the conversation itself rather than on a call counter, so it stays
    deterministic under concurrency and when the client retries a request.
    Past the end of the script: ``after_end`` if given, else the last reply.
    """

    def __init__(self, replies: Sequence[str | Reply], after_end: str | None = None) -> None:
        if not replies and after_end is None:
            raise ValueError("Scripted needs at least one reply or after_end")
        self.replies: list[str | Reply] = list(replies)
        self.after_end = after_end

    def __call__(self, request: ChatRequest) -> str | Reply:
        if request.turn < len(self.replies):
            return self.replies[request.turn]
        return self.after_end if self.after_end is not None else self.replies[-1]


def default_sub_answer(request: ChatRequest) -> str:
    """Deterministic answer derived from the prompt, so outputs are checkable."""
    prompt = request.last_user
    head = " ".join(prompt[:60].split())
    return f"[{request.model}] {len(prompt)} chars: {head}"


RuleBody = Union[str, Callable[[re.Match, ChatRequest], str]]


class RuleBasedSubModel:
    """Responder for sub-calls: the first rule whose regex matches ``last_user`` wins.

    String bodies are expanded with the match (``\\1``, ``\\g<name>``); callable
    bodies receive ``(match, request)``.  Unmatched prompts get ``default``.
    """

    def __init__(
        self,
        rules: Sequence[tuple[str | re.Pattern[str], RuleBody]] = (),
        default: Callable[[ChatRequest], str] | None = None,
    ) -> None:
        self.rules: list[tuple[re.Pattern[str], RuleBody]] = [(re.compile(p), body) for p, body in rules]
        self.default = default or default_sub_answer

    def __call__(self, request: ChatRequest) -> str:
        prompt = request.last_user
        for pattern, body in self.rules:
            match = pattern.search(prompt)
            if match:
                return match.expand(body) if isinstance(body, str) else body(match, request)
        return self.default(request)


FaultKind = Literal["http", "timeout", "malformed", "disconnect"]


@dataclass(frozen=True)
class Fault:
    """A declarative failure to inject; the first applicable fault in the list wins.

    ``rate`` picks a deterministic subset of distinct prompts (hash of model and
    messages), failing each chosen prompt's first ``attempts`` tries, so a
    client that retries recovers and the same prompts fail again after reset().
    """

    kind: FaultKind
    status: int = 500
    retry_after: float | None = None
    model: str | None = None
    match: str | None = None
    count: int | None = None
    rate: float | None = None
    attempts: int = 1
    delay_s: float = 30.0

    def __post_init__(self) -> None:
        if self.kind not in ("http", "timeout", "malformed", "disconnect"):
            raise ValueError(f"unknown fault kind {self.kind!r}")
        if self.rate is not None and not 0.0 <= self.rate <= 1.0:
            raise ValueError("rate must be within [0, 1]")
        if self.attempts < 1:
            raise ValueError("attempts must be >= 1")


@dataclass(frozen=True)
class RequestRecord:
    """What happened to one chat request; ``status`` 0 means no response was sent."""

    index: int
    model: str
    messages: list[dict]
    stream: bool
    status: int
    fault: str | None
    reply: str | None
    prompt_tokens: int
    completion_tokens: int
    started: float
    finished: float


def _tokens(chars: int) -> int:
    return math.ceil(chars / 4)


def _prompt_fraction(request: ChatRequest) -> float:
    """Stable number in [0, 1) for a prompt, independent of PYTHONHASHSEED."""
    key = json.dumps([request.model, request.messages], sort_keys=True, ensure_ascii=False)
    return int(hashlib.sha256(key.encode()).hexdigest()[:16], 16) / 2**64


def _error_body(message: str, type_: str, code: str | None = None, param: str | None = None) -> dict:
    return {"error": {"message": message, "type": type_, "param": param, "code": code}}


@dataclass(frozen=True)
class _Outcome:
    """A decided response; ``send`` is None when the socket is closed unanswered."""

    status: int
    reply: str | None = None
    send: Callable[[_Handler], None] | None = None


_BROKEN_JSON = '{"id": "chatcmpl-broken", "choices": ['


def _send_malformed(h: _Handler) -> None:
    h.send_raw(200, _BROKEN_JSON.encode(), "application/json")


def _send_malformed_stream(h: _Handler) -> None:
    """A broken SSE event: a 200 JSON body would make a stream silently empty."""
    h.send_events([_BROKEN_JSON])


class _Handler(BaseHTTPRequestHandler):
    """Routes requests to the owning FakeLLMServer.

    HTTP/1.0 closes the connection after every response: no idle keep-alive
    threads linger, so stop() can join every handler thread promptly.
    """

    server: _HTTPServer
    protocol_version = "HTTP/1.0"
    timeout = 10  # bound the wait for a client that connects but never sends

    def log_message(self, format: str, *args: Any) -> None:  # quiet: tests read records instead
        pass

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0].rstrip("/")
        owner = self.server.owner
        if path in ("/v1/models", "/models"):
            data = [{"id": m, "object": "model", "created": 0, "owned_by": "fake-llm"} for m in list(owner.models)]
            self.send_json(200, {"object": "list", "data": data})
        elif path == "/_requests":
            self.send_json(200, [asdict(r) for r in owner.requests])
        else:
            self.send_json(404, _error_body(f"no route GET {path}", "invalid_request_error"))

    def do_POST(self) -> None:
        path = self.path.split("?", 1)[0].rstrip("/")
        owner = self.server.owner
        if path in ("/v1/chat/completions", "/chat/completions"):
            owner._handle_chat(self)
        elif path == "/_reset":
            self.read_body()
            owner.reset()
            self.send_json(200, {"ok": True})
        else:
            self.send_json(404, _error_body(f"no route POST {path}", "invalid_request_error"))

    def read_body(self) -> bytes:
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def send_raw(self, status: int, body: bytes, content_type: str, headers: dict[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def send_json(self, status: int, payload: Any, headers: dict[str, str] | None = None) -> None:
        self.send_raw(status, json.dumps(payload).encode(), "application/json", headers)

    def send_events(self, events: list[Any]) -> None:
        """Server-sent events; with HTTP/1.0 the body simply ends when we close."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        for event in events:
            data = event if isinstance(event, str) else json.dumps(event)
            self.wfile.write(f"data: {data}\n\n".encode())
            self.wfile.flush()


class _HTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 1024  # hundreds of concurrent clients must not be refused

    def __init__(self, address: tuple[str, int], owner: FakeLLMServer) -> None:
        self.owner = owner
        super().__init__(address, _Handler)

    def server_bind(self) -> None:
        """Skip HTTPServer's reverse-DNS lookup, which can stall in sandboxes."""
        socketserver.TCPServer.server_bind(self)
        self.server_name, self.server_port = str(self.server_address[0]), int(self.server_address[1])

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return  # clients that time out or hang up are expected in fault tests
        super().handle_error(request, client_address)


class FakeLLMServer:
    """OpenAI-compatible chat server with scripted responders and fault injection.

    ``models``, ``default``, ``latency`` and ``faults`` are plain attributes and
    may be swapped while the server runs.
    """

    def __init__(
        self,
        models: dict[str, Responder] | None = None,
        default: Responder | None = None,
        latency: dict[str, float] | None = None,
        faults: Sequence[Fault] = (),
        log_path: str | os.PathLike[str] | None = None,
        host: str = "127.0.0.1",
        port: int = 0,
    ) -> None:
        self.models: dict[str, Responder] = dict(models or {})
        self.default = default
        self.latency: dict[str, float] = dict(latency or {})
        self.faults: list[Fault] = list(faults)
        self.log_path = Path(log_path) if log_path is not None else None
        self.host, self.port = host, port
        self._lock = threading.Lock()
        self._stopping = threading.Event()  # wakes latency/timeout sleeps on stop()
        self._httpd: _HTTPServer | None = None
        self._thread: threading.Thread | None = None
        self._records: list[RequestRecord] = []
        self._next_index = 0
        self._in_flight = 0
        self._max_in_flight = 0
        # Fault counters keyed by id(); the fault objects are kept alive in
        # _fault_refs so an id cannot be reused by a different fault.
        self._fault_hits: dict[int, int] = {}
        self._fault_tries: dict[tuple[int, float], int] = {}
        self._fault_refs: dict[int, Fault] = {}

    # -- lifecycle -----------------------------------------------------------
    def start(self) -> FakeLLMServer:
        """Bind (port 0 picks a free port) and serve on a daemon thread."""
        if self._httpd is not None:
            raise RuntimeError("server already started")
        self._stopping.clear()
        self._httpd = _HTTPServer((self.host, self.port), self)
        self.port = int(self._httpd.server_address[1])
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, name=f"fake-llm:{self.port}", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Shut down, wake sleeping handlers, close the socket and join threads."""
        httpd, thread = self._httpd, self._thread
        if httpd is None or thread is None:
            return
        self._stopping.set()
        httpd.shutdown()
        httpd.server_close()  # also joins the handler threads
        thread.join()
        self._httpd = self._thread = None

    def __enter__(self) -> FakeLLMServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def base_url(self) -> str:
        """The URL to hand to ``openai.OpenAI(base_url=...)``."""
        if self._httpd is None:
            raise RuntimeError("server not started")
        return f"http://{self.host}:{self.port}/v1"

    # -- inspection ----------------------------------------------------------
    @property
    def requests(self) -> list[RequestRecord]:
        """Snapshot of finished chat requests, in arrival order."""
        with self._lock:
            return sorted(self._records, key=lambda r: r.index)

    def count(self, model: str | None = None) -> int:
        with self._lock:
            return sum(1 for r in self._records if model is None or r.model == model)

    @property
    def max_in_flight(self) -> int:
        """Peak number of chat requests handled at once (fan-out benchmarks)."""
        with self._lock:
            return self._max_in_flight

    def reset(self) -> None:
        """Forget records, counters and fault progress, so runs can be repeated."""
        with self._lock:
            self._records.clear()
            self._next_index = 0
            self._max_in_flight = self._in_flight
            self._fault_hits.clear()
            self._fault_tries.clear()
            self._fault_refs.clear()

    # -- request handling ----------------------------------------------------
    def _select_fault(self, request: ChatRequest) -> Fault | None:
        """First applicable fault; caller holds the lock (counters are server-wide)."""
        for fault in self.faults:
            if fault.model is not None and fault.model != request.model:
                continue
            if fault.match is not None and not re.search(fault.match, request.last_user):
                continue
            hits = self._fault_hits.get(id(fault), 0)
            if fault.count is not None and hits >= fault.count:
                continue
            if fault.rate is not None:
                fraction = _prompt_fraction(request)
                tries = self._fault_tries.get((id(fault), fraction), 0)
                if fraction >= fault.rate or tries >= fault.attempts:
                    continue
                self._fault_tries[(id(fault), fraction)] = tries + 1
            self._fault_hits[id(fault)] = hits + 1
            self._fault_refs[id(fault)] = fault
            return fault
        return None

    def _handle_chat(self, h: _Handler) -> None:
        started = time.monotonic()
        try:
            body = json.loads(h.read_body() or b"{}")
            if not isinstance(body, dict):
                raise ValueError("body must be a JSON object")
        except ValueError as exc:
            h.send_json(400, _error_body(f"invalid JSON body: {exc}", "invalid_request_error"))
            return
        model, messages = str(body.get("model", "")), list(body.get("messages") or [])
        request = ChatRequest(model, messages, bool(body.get("stream")), body)
        with self._lock:
            index = self._next_index
            self._next_index += 1
            self._in_flight += 1
            self._max_in_flight = max(self._max_in_flight, self._in_flight)
            fault = self._select_fault(request)
        prompt_tokens = _tokens(sum(len(_text(m.get("content"))) for m in request.messages))
        outcome = _Outcome(0)
        try:
            outcome = self._respond(request, fault, index, prompt_tokens)
        finally:
            # Recorded *before* sending, so a client that has its answer can
            # immediately rely on server.requests / the log containing it.
            reply = outcome.reply
            completion_tokens = max(1, _tokens(len(reply))) if reply is not None else 0
            record = RequestRecord(
                index, model, messages, request.stream, outcome.status, fault.kind if fault else None,
                reply, prompt_tokens, completion_tokens, started, time.monotonic(),
            )
            with self._lock:
                self._in_flight -= 1
                self._records.append(record)
                if self.log_path is not None:
                    with self.log_path.open("a", encoding="utf-8") as log:
                        log.write(json.dumps(asdict(record)) + "\n")
        if outcome.send is not None:
            outcome.send(h)  # returning without sending closes the socket: a "disconnect"

    def _respond(self, request: ChatRequest, fault: Fault | None, index: int, prompt_tokens: int) -> _Outcome:
        """Decide the response (sleeping for latency/timeouts) without sending it."""
        if fault is not None:
            if fault.kind == "disconnect":
                return _Outcome(0)
            if fault.kind == "malformed":
                return _Outcome(200, send=_send_malformed if not request.stream else _send_malformed_stream)
            if fault.kind == "http":
                headers = {}
                if fault.retry_after is not None:
                    seconds = fault.retry_after
                    headers = {"Retry-After": f"{seconds:g}", "retry-after-ms": str(round(seconds * 1000))}
                kind = "rate_limit_error" if fault.status == 429 else "server_error"
                payload = _error_body(f"injected fault: HTTP {fault.status}", kind)
                return _Outcome(fault.status, send=lambda h: h.send_json(fault.status, payload, headers))
            if self._stopping.wait(fault.delay_s):  # "timeout": hang, then answer normally
                return _Outcome(0)
        responder = self.models.get(request.model, self.default)
        if responder is None:
            message = f"The model `{request.model}` does not exist (fake server knows: {sorted(self.models)})"
            payload = _error_body(message, "invalid_request_error", "model_not_found", "model")
            return _Outcome(404, send=lambda h: h.send_json(404, payload))
        try:
            out = responder(request)
            if not isinstance(out, (str, Reply)):
                raise TypeError(f"responder returned {type(out).__name__}, expected str or Reply")
        except Exception as exc:  # surface script bugs verbatim; retrying would not help
            message = f"responder for model {request.model!r} raised {type(exc).__name__}: {exc}"
            payload = _error_body(message, "server_error", "responder_error")
            return _Outcome(500, send=lambda h: h.send_json(500, payload, {"x-should-retry": "false"}))
        reply = out if isinstance(out, Reply) else Reply(out)
        delay = reply.latency_s if reply.latency_s is not None else self.latency.get(request.model, 0.0)
        if delay > 0 and self._stopping.wait(delay):
            return _Outcome(0)
        completion_tokens = max(1, _tokens(len(reply.text)))
        usage = {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                 "total_tokens": prompt_tokens + completion_tokens}
        base = {"id": f"chatcmpl-fake-{index}", "created": int(time.time()), "model": request.model}
        if not request.stream:
            message = {"role": "assistant", "content": reply.text}
            choice = {"index": 0, "message": message, "finish_reason": "stop", "logprobs": None}
            payload = {**base, "object": "chat.completion", "choices": [choice], "usage": usage}
            return _Outcome(200, reply.text, lambda h: h.send_json(200, payload))
        chunk = {**base, "object": "chat.completion.chunk"}
        text = reply.text
        pieces = [text[i : i + STREAM_PIECE_CHARS] for i in range(0, len(text), STREAM_PIECE_CHARS)] or [""]
        events: list[Any] = []
        for i, piece in enumerate(pieces):
            delta = {"role": "assistant", "content": piece} if i == 0 else {"content": piece}
            events.append({**chunk, "choices": [{"index": 0, "delta": delta, "finish_reason": None}]})
        events.append({**chunk, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
        if (request.body.get("stream_options") or {}).get("include_usage"):
            events.append({**chunk, "choices": [], "usage": usage})
        return _Outcome(200, reply.text, lambda h: h.send_events([*events, "[DONE]"]))


# -- command line -------------------------------------------------------------
def _parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="rlm-fake-llm", description="Serve a deterministic fake OpenAI API.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765, help="0 picks a free port")
    parser.add_argument("--latency", action="append", default=[], metavar="MODEL=SECONDS")
    parser.add_argument("--log", metavar="FILE", help="append one JSON line per request")
    parser.add_argument("--fault", action="append", default=[], metavar="JSON", help='e.g. {"kind": "http", "status": 429}')
    parser.add_argument("--script", metavar="FILE.json", help='JSON list of replies for model "demo-root"')
    return parser.parse_args(argv)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _build_server(args: argparse.Namespace) -> FakeLLMServer:
    from rlm_jupyter.testing.demo import demo_root, demo_sub  # lazy: owned elsewhere, only the CLI needs it

    root: Responder = demo_root
    if args.script:
        root = Scripted(json.loads(Path(args.script).read_text(encoding="utf-8")))
    latency = {}
    for item in args.latency:
        name, sep, seconds = item.rpartition("=")
        if not sep or not name:
            raise SystemExit(f"--latency expects MODEL=SECONDS, got {item!r}")
        latency[name] = float(seconds)
    return FakeLLMServer(
        models={"demo-root": root, "demo-sub": demo_sub}, default=demo_sub, latency=latency,
        faults=[Fault(**json.loads(spec)) for spec in args.fault], log_path=args.log, host=args.host, port=args.port,
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``rlm-fake-llm`` / ``python -m rlm_jupyter.testing.server``."""
    # Both signals mean "clean shutdown, exit 0".  Installed first thing, and
    # for SIGINT explicitly: a shell starting us with `&` ignores SIGINT, and
    # Python would otherwise keep ignoring it.
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, _interrupt)
    try:
        with _build_server(_parse_args(argv)) as server:
            print(f"serving on {server.base_url}", flush=True)
            while True:
                time.sleep(3600)
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
