"""The bundled demo model: a scripted model served as an OpenAI-compatible API, for a machine with no LLM.

Why it is part of the product: ``%rlm demo``, ``python -m rlm_jupyter.demo``
and the example notebooks run against it, so it must not live in (or import)
``rlm_jupyter.testing``. The test server there builds on the same pieces.

- ``wire``: the chat-completions wire format (completions, stream chunks, usage, errors)
- ``serving``: ``ChatServer``, serving responders over real HTTP
- ``responders``: ``ChatRequest`` and the responder types (``Scripted``, ``RuleBasedSubModel``)
- ``root``, ``sub``, ``dask_frames``: the demo model's strategies (``demo_root``, ``demo_sub``)
- ``launch``: ``start_demo_server``, the once-per-process server ``%rlm demo`` uses
"""
from __future__ import annotations

from .launch import DEMO_NOTE, ROOT_MODEL, SUB_MODEL, demo_note, start_demo_server
from .responders import ChatRequest, Reply, Responder, RuleBasedSubModel, Scripted
from .root import demo_root
from .serving import ChatServer
from .sub import demo_sub

__all__ = [
    "DEMO_NOTE", "ROOT_MODEL", "SUB_MODEL", "ChatRequest", "ChatServer", "Reply", "Responder", "RuleBasedSubModel",
    "Scripted", "demo_note", "demo_root", "demo_sub", "start_demo_server",
]
