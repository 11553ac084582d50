"""The demo model on a local port: what ``%rlm demo`` points a notebook at.

Why once per process: every ``%rlm demo`` in a kernel (and every notebook
cell that repeats it) should reuse one server rather than open a new port
and thread each time; only its latency is updated on each call.
"""
from __future__ import annotations

from .root import demo_root
from .serving import ChatServer
from .sub import demo_sub

ROOT_MODEL, SUB_MODEL = "demo-root", "demo-sub"  # the names ``%rlm demo`` configures
# What the panel and the report say beside a run the demo model answered (Binder routes new notebooks to it).
DEMO_NOTE = "the bundled demo model, a script (not an LLM)"


def demo_note(*models: str) -> str:
    """``DEMO_NOTE`` when any of ``models`` is the demo model, else ''."""
    return DEMO_NOTE if {ROOT_MODEL, SUB_MODEL} & set(models) else ""

_server: ChatServer | None = None


def start_demo_server(latency_s: float = 0.0) -> ChatServer:
    """The demo model on a local port, started once per process (the ``%rlm demo`` magic uses it)."""
    global _server
    if _server is None:
        _server = ChatServer(models={ROOT_MODEL: demo_root, SUB_MODEL: demo_sub}).start()
    _server.latency = {ROOT_MODEL: latency_s, SUB_MODEL: latency_s} if latency_s else {}
    return _server
