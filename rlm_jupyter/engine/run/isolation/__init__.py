"""The isolated REPL (``--isolated``): the model's code in a separate process under OS limits.

For data nobody has read: the in-process guard (``engine/safety/guard.py``) stops a model that follows injected
text with ordinary Python, not code written to get around it. Here the limits are the kernel's (Landlock,
seccomp, a network namespace: ``sandbox``), so a thread, ``ctypes`` or ``multiprocessing`` stays inside
them too. What it costs: the context variables cross (``values``: mapped without a copy where the format
allows), in-place changes no longer reach the user's objects, and objects that cannot cross are described.
"""
from __future__ import annotations

from .remote import Isolation, IsolationLost, IsolationUnavailable, RemoteNamespace

__all__ = ["Isolation", "IsolationLost", "IsolationUnavailable", "RemoteNamespace"]
