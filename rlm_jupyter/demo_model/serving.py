"""Serving responders over real HTTP as an OpenAI-compatible chat API (standard library only).

Why a real HTTP server instead of a fake client: the code that talks to the
model uses the real ``openai`` client, so retries, timeouts, streaming and
connection handling run exactly as with a hosted model, and a notebook can be
pointed at the demo model by ``base_url`` alone. ``ChatServer`` routes
requests, calls the responder for the requested model, waits out its
latency and encodes the reply (``wire``). Its two hooks, ``route`` and
``serve_chat``, are where the test server (``rlm_jupyter.testing``) adds
control endpoints, fault injection and request records.
"""
from __future__ import annotations

import itertools
import json
import socketserver
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TYPE_CHECKING, Any

from . import wire
from .responders import ChatRequest, Reply, Responder

if TYPE_CHECKING:
    from typing import Self


@dataclass(frozen=True)
class Outcome:
    """A decided response; ``send`` is None when the socket is closed unanswered."""

    status: int
    reply: str | None = None
    send: Callable[[ChatHandler], None] | None = None


def json_outcome(status: int, payload: Any, headers: dict[str, str] | None = None, reply: str | None = None) -> Outcome:
    return Outcome(status, reply, lambda h: h.send_json(status, payload, headers))


class ChatHandler(BaseHTTPRequestHandler):
    """Hands every request to the owning ChatServer's ``route``.

    HTTP/1.0 closes the connection after every response: no idle keep-alive
    threads linger, so stop() can join every handler thread promptly.
    """

    server: _HTTPServer
    protocol_version = "HTTP/1.0"
    timeout = 10  # bound the wait for a client that connects but never sends

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the stdlib's name; quiet: callers inspect requests otherwise
        pass

    def do_GET(self) -> None:
        self._route("GET")

    def do_POST(self) -> None:
        self._route("POST")

    def _route(self, method: str) -> None:
        path = self.path.split("?", 1)[0].rstrip("/")
        if not self.server.owner.route(method, path, self):
            self.send_json(404, wire.error_body(f"no route {method} {path}", "invalid_request_error"))

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

    def send_events(self, events: list[wire.Event], headers: dict[str, str] | None = None) -> None:
        """Server-sent events; with HTTP/1.0 the body simply ends when we close."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        for event in events:
            self.wfile.write(wire.server_sent_event(event))
            self.wfile.flush()


class _HTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 1024  # hundreds of concurrent clients must not be refused

    def __init__(self, address: tuple[str, int], owner: ChatServer) -> None:
        self.owner = owner
        super().__init__(address, ChatHandler)

    def server_bind(self) -> None:
        """Skip HTTPServer's reverse-DNS lookup, which can stall in sandboxes."""
        socketserver.TCPServer.server_bind(self)
        self.server_name, self.server_port = str(self.server_address[0]), int(self.server_address[1])

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return  # clients that time out or hang up are expected (and provoked by fault tests)
        super().handle_error(request, client_address)


class ChatServer:
    """OpenAI-compatible chat server answering each model name with a responder.

    ``models``, ``default`` and ``latency`` are plain attributes and may be
    swapped while the server runs.
    """

    def __init__(
        self,
        models: dict[str, Responder] | None = None,
        default: Responder | None = None,
        latency: dict[str, float] | None = None,
        host: str = "127.0.0.1",
        port: int = 0,
    ) -> None:
        self.models: dict[str, Responder] = dict(models or {})
        self.default = default
        self.latency: dict[str, float] = dict(latency or {})
        self.host, self.port = host, port
        self._stopping = threading.Event()  # wakes latency (and injected timeout) sleeps on stop()
        self._httpd: _HTTPServer | None = None
        self._thread: threading.Thread | None = None
        self._ids = itertools.count()  # completion ids; next() on a count is atomic

    # -- lifecycle -----------------------------------------------------------
    def start(self) -> Self:
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

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def base_url(self) -> str:
        """The URL to hand to ``openai.OpenAI(base_url=...)``."""
        if self._httpd is None:
            raise RuntimeError("server not started")
        return f"http://{self.host}:{self.port}/v1"

    def wait(self, seconds: float) -> bool:
        """Sleep ``seconds`` unless the server stops first; True if it is stopping (then send nothing)."""
        return self._stopping.wait(seconds)

    # -- hooks ---------------------------------------------------------------
    def route(self, method: str, path: str, handler: ChatHandler) -> bool:
        """Answer the request if ``method path`` is ours; False sends a 404. Subclasses add routes."""
        if method == "GET" and path in ("/v1/models", "/models"):
            handler.send_json(200, wire.model_list(list(self.models)))
        elif method == "POST" and path.endswith("/chat/completions"):  # /v1/, Azure's /openai/deployments/NAME/
            request = self._read_request(handler)
            if request is not None:
                self.serve_chat(request, handler)
        else:
            return False
        return True

    def serve_chat(self, request: ChatRequest, handler: ChatHandler) -> None:
        """Answer one chat request; returning without sending closes the socket unanswered."""
        outcome = self.answer(request, next(self._ids))
        if outcome.send is not None:
            outcome.send(handler)

    # -- answering -----------------------------------------------------------
    @staticmethod
    def _read_request(handler: ChatHandler) -> ChatRequest | None:
        """The request in the body, or None after answering 400 to a body that is no JSON object."""
        try:
            body = json.loads(handler.read_body() or b"{}")
            problem = None if isinstance(body, dict) else "body must be a JSON object"
        except ValueError as exc:
            problem = str(exc)
        if problem is not None:
            handler.send_json(400, wire.error_body(f"invalid JSON body: {problem}", "invalid_request_error"))
            return None
        path, _, query = handler.path.partition("?")
        headers = {name.lower(): value for name, value in handler.headers.items()}
        return ChatRequest(str(body.get("model", "")), list(body.get("messages") or []), bool(body.get("stream")), body,
                           path, query, headers)

    def answer(self, request: ChatRequest, index: int) -> Outcome:
        """Call the model's responder, wait out its latency and encode the reply (without sending it)."""
        responder = self.models.get(request.model, self.default)
        if responder is None:
            served = ", ".join(sorted(self.models))
            message = f"The model `{request.model}` does not exist here; this server serves {served}"
            return json_outcome(404, wire.error_body(message, "invalid_request_error", "model_not_found", "model"))
        try:
            out = responder(request)
            if not isinstance(out, (str, Reply)):
                raise TypeError(f"responder returned {type(out).__name__}, expected str or Reply")
        except Exception as exc:
            message = f"responder for model {request.model!r} raised {type(exc).__name__}: {exc}"
            return json_outcome(500, wire.error_body(message, "server_error", "responder_error"),
                                {"x-should-retry": "false"})
        reply = out if isinstance(out, Reply) else Reply(out)
        delay = reply.latency_s if reply.latency_s is not None else self.latency.get(request.model, 0.0)
        if delay > 0 and self.wait(delay):
            return Outcome(0)
        tokens: dict[str, Any] | None = None
        if reply.usage:
            said = wire.completion_tokens(reply.text or reply.refusal)
            tokens = dict(wire.usage(wire.prompt_tokens(request.messages), said))
            if reply.cached_tokens:
                tokens["prompt_tokens_details"] = {"cached_tokens": reply.cached_tokens}
            if reply.cost_usd is not None:
                tokens["cost"] = reply.cost_usd
        if not request.stream:
            body = wire.completion(index, request.model, reply.text, tokens, reply.finish_reason, reply.reasoning,
                                   reply.refusal)
            return json_outcome(200, body, reply.headers, reply=reply.text)
        wants_usage = bool((request.body.get("stream_options") or {}).get("include_usage"))
        events = wire.completion_chunks(index, request.model, reply.text, tokens if wants_usage else None,
                                        reply.finish_reason, reply.reasoning, reply.refusal)
        return Outcome(200, reply.text, lambda h: h.send_events(events, reply.headers))
