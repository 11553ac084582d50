"""Answering model calls from stored responses before (or instead of) the network.

One mechanism serves two purposes: a response cache for iterative re-runs,
and replay, which is the same store filled from a recorded run in *strict*
mode (a call that is not stored is an error naming it; nothing reaches the
network). Keys are content hashes, so a re-run with the same inputs hits and a
changed prompt misses.
"""
from __future__ import annotations

import hashlib
import json
import threading
from collections import defaultdict
from collections.abc import Callable
from dataclasses import replace
from typing import Any, Protocol

from .client import ChatClient, Completion, LLMError

KeyFunction = Callable[[str, list[dict[str, str]]], str]


class CacheMiss(LLMError):
    """Strict mode: the call is not in the store (for replay: not in the recording)."""


def content_key(model: str, messages: list[dict[str, str]]) -> str:
    """The whole request: any change to the model or any message is a different call."""
    return digest({"model": model, "messages": messages})


def digest(data: Any) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


class ResponseStore(Protocol):
    def get(self, key: str) -> Completion | None: ...

    def put(self, key: str, completion: Completion) -> None: ...


class MemoryStore:
    """Responses per key, in order: a recording may hold several answers to the same prompt."""

    def __init__(self) -> None:
        self._responses: dict[str, list[Completion]] = defaultdict(list)
        self._served: dict[str, int] = defaultdict(int)
        self._lock = threading.Lock()

    def get(self, key: str) -> Completion | None:
        with self._lock:
            answers = self._responses.get(key)
            if not answers:
                return None
            index = min(self._served[key], len(answers) - 1)
            self._served[key] += 1
            return answers[index]

    def put(self, key: str, completion: Completion) -> None:
        with self._lock:
            self._responses[key].append(completion)

    def __len__(self) -> int:
        return sum(len(v) for v in self._responses.values())


class CachedClient:
    """A ChatClient that consults ``store`` first; ``inner`` (the network) only on a miss, unless strict."""

    def __init__(self, store: ResponseStore, inner: ChatClient | None = None, *, strict: bool = False,
                 key: KeyFunction = content_key, describe: Callable[[str, list[dict[str, str]]], str] | None = None,
                 base_url: str = "cache") -> None:
        if inner is None and not strict:
            raise ValueError("a non-strict cache needs an inner client to call on a miss")
        self.store, self.inner, self.strict, self.key = store, inner, strict, key
        self.describe = describe or (lambda model, messages: f"a call to {model!r}")
        self.base_url = inner.base_url if inner is not None else base_url
        self.hits = 0
        self.misses = 0

    def complete(self, model: str, messages: list[dict[str, str]], *, cancel: threading.Event | None = None,
                 on_text: Callable[[str], None] | None = None, **params: Any) -> Completion:
        key = self.key(model, messages)
        found = self.store.get(key)
        if found is not None:
            self.hits += 1
            if on_text is not None:
                on_text(found.text)
            return replace(found, latency_s=0.0, retries=0, cached=True)
        self.misses += 1
        if self.strict or self.inner is None:
            raise CacheMiss(f"{self.describe(model, messages)} is not in the recording; "
                            "replay answers only the calls that were recorded")
        done = self.inner.complete(model, messages, cancel=cancel, on_text=on_text, **params)
        self.store.put(key, done)
        return done

    def close(self) -> None:
        if self.inner is not None:
            self.inner.close()

    def abort(self) -> None:
        if self.inner is not None:
            self.inner.abort()
