"""Answering model calls from stored responses before (or instead of) the network.

One mechanism serves two purposes: a response cache for iterative re-runs,
and replay, which is the same store filled from a recorded run in *strict*
mode (a call that is not stored is an error naming it; nothing reaches the
network). Keys are content hashes of (endpoint, model, messages, sampling
parameters), so a re-run with the same inputs hits and any change misses.
The on-disk store is SQLite in WAL mode: many sub-call threads and several
kernels can read and write it at once without corruption or lost entries.
"""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
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


# What a cached reply keeps besides its text and counts: what the panel and the record show of it.
_KEPT_FIELDS = ("cached_prompt_tokens", "usage_estimated", "finish_reason", "reasoning", "refusal")


class SQLiteStore:
    """Responses on disk, shared by threads and processes (one connection per thread, WAL journal)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path).expanduser()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        self._connections: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        db = self._db()
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("CREATE TABLE IF NOT EXISTS responses (key TEXT PRIMARY KEY, model TEXT NOT NULL, "
                   "text TEXT NOT NULL, prompt_tokens INTEGER, completion_tokens INTEGER, created REAL, meta TEXT)")
        if "meta" not in {row[1] for row in db.execute("PRAGMA table_info(responses)")}:  # a cache from before
            db.execute("ALTER TABLE responses ADD COLUMN meta TEXT")

    def _db(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, timeout=30.0, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA busy_timeout = 30000")
            self._local.db = db
            with self._lock:
                self._connections.append(db)
        return db

    def get(self, key: str) -> Completion | None:
        row = self._db().execute("SELECT model, text, prompt_tokens, completion_tokens, meta FROM responses "
                                 "WHERE key = ?", (key,)).fetchone()
        if row is None:
            return None
        meta = json.loads(row[4]) if row[4] else {}
        return Completion(row[1], row[0], row[2], row[3], 0.0, 0,
                          **{k: v for k, v in meta.items() if k in _KEPT_FIELDS})

    def put(self, key: str, completion: Completion) -> None:
        """Store the reply with what the record shows of it (cut, reasoning, estimated counts)."""
        meta = {name: getattr(completion, name) for name in _KEPT_FIELDS}
        self._db().execute("INSERT OR REPLACE INTO responses (key, model, text, prompt_tokens, completion_tokens, "
                           "created, meta) VALUES (?, ?, ?, ?, ?, ?, ?)",
                           (key, completion.model, completion.text, completion.prompt_tokens,
                            completion.completion_tokens, time.time(), json.dumps(meta)))

    def __len__(self) -> int:
        return int(self._db().execute("SELECT COUNT(*) FROM responses").fetchone()[0])

    def check_writable(self) -> None:
        """Take the write lock and let it go: a read-only database or folder fails here, not at the first put."""
        db = self._db()
        db.execute("BEGIN IMMEDIATE")
        db.execute("ROLLBACK")

    def clear(self) -> int:
        """Delete every stored response; returns how many there were."""
        count = len(self)
        self._db().execute("DELETE FROM responses")
        return count

    def close(self) -> None:
        with self._lock:
            connections, self._connections = self._connections, []
        for db in connections:
            db.close()
        self._local = threading.local()


CACHE_FILE = "responses.sqlite"


def default_cache_dir() -> Path:
    """``$RLM_CACHE_DIR``, else the user's cache directory (``$XDG_CACHE_HOME`` or ``~/.cache``)/rlm_jupyter."""
    configured = os.environ.get("RLM_CACHE_DIR")
    if configured:
        return Path(configured).expanduser()
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "rlm_jupyter"


_open: dict[Path, SQLiteStore] = {}
_open_lock = threading.Lock()


class CacheUnavailable(ValueError):
    """The cache folder cannot be used (a file, not writable, cannot be created): one line with the fix."""


def open_cache(directory: str | os.PathLike[str]) -> SQLiteStore:
    """The store in ``directory``, opened once per process and shared by every run.

    Checked for writing when it is opened (``CacheUnavailable``), so an unusable folder is one line
    before the run starts, not sqlite's traceback, and not a failure at the first answer it stores.
    """
    folder = Path(directory).expanduser()
    path = (folder / CACHE_FILE).resolve()
    with _open_lock:
        if path not in _open:
            _open[path] = _open_store(folder, path)
        return _open[path]


def _open_store(folder: Path, path: Path) -> SQLiteStore:
    def unusable(reason: str) -> CacheUnavailable:
        return CacheUnavailable(f"cache_dir {folder}: {reason}; set %config RLMMagics.cache_dir to a writable "
                                "folder or turn the cache off with --no-cache (in Python: cache_dir=None)")

    if folder.exists() and not folder.is_dir():
        raise unusable("is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise unusable(f"cannot be created ({exc.strerror or exc})") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise unusable("is not writable")
    store: SQLiteStore | None = None
    try:
        store = SQLiteStore(path)
        store.check_writable()
    except (OSError, sqlite3.Error) as exc:
        if store is not None:
            store.close()
        raise unusable(f"cannot write the cache there ({exc})") from None
    return store


class CachedClient:
    """A ChatClient that consults ``store`` first; ``inner`` (the network) only on a miss, unless strict.

    ``refresh=True`` skips the lookup but stores the new answers: re-ask once, cache again.
    """

    def __init__(self, store: ResponseStore, inner: ChatClient | None = None, *, strict: bool = False,
                 refresh: bool = False, key: KeyFunction = content_key,
                 describe: Callable[[str, list[dict[str, str]]], str] | None = None, base_url: str = "cache",
                 redact: Callable[[str], str] | None = None, params_in_key: bool = True) -> None:
        """``params_in_key=False``: the request parameters do not pick the answer (replay: a run's root calls
        send what its settings and its turns chose, e.g. a sampled turn after a repeat; the recording is
        the answer whatever they were)."""
        if inner is None and not strict:
            raise ValueError("a non-strict cache needs an inner client to call on a miss")
        self.store, self.inner, self.strict, self.key, self.refresh = store, inner, strict, key, refresh
        self.redact = redact  # what is stored on disk: the engine redacts every reply it reads anyway
        self.describe = describe or (lambda model, messages: f"a call to {model!r}")
        self.base_url = inner.base_url if inner is not None else base_url
        self.params_in_key = params_in_key
        self.hits = 0
        self.misses = 0

    def complete(self, model: str, messages: list[dict[str, str]], *, cancel: threading.Event | None = None,
                 on_text: Callable[[str], None] | None = None, **params: Any) -> Completion:
        key = self.key_for(model, messages, params)
        found = None if self.refresh else self.store.get(key)
        if found is not None:
            self.hits += 1
            if on_text is not None:
                on_text(found.text)
            # A strict store is a recording: its answers keep the mark they were recorded with.
            return replace(found, latency_s=0.0, retries=0, cached=found.cached if self.strict else True)
        self.misses += 1
        if self.strict or self.inner is None:
            raise CacheMiss(f"{self.describe(model, messages)} is not in the recording; "
                            "replay answers only the calls that were recorded")
        done = self.inner.complete(model, messages, cancel=cancel, on_text=on_text, **params)
        # The key is a hash of the (already redacted) request; the reply is stored redacted, so the cache file
        # holds no secret a model happened to write. A hit then reads what the engine would have made of it.
        self.store.put(key, done if self.redact is None else
                       replace(done, text=self.redact(done.text), reasoning=self.redact(done.reasoning),
                               refusal=self.redact(done.refusal)))
        return done

    def key_for(self, model: str, messages: list[dict[str, str]], params: dict[str, Any] | None = None) -> str:
        kept = (params or {}) if self.params_in_key else {}
        return digest({"endpoint": self.base_url, "call": self.key(model, messages), "params": kept})

    def remember(self, model: str, messages: list[dict[str, str]], completion: Completion,
                 params: dict[str, Any] | None = None) -> None:
        """Store an answer as if it had come back for this call (how a recording fills a replay)."""
        self.store.put(self.key_for(model, messages, params), completion)

    def close(self) -> None:
        if self.inner is not None:
            self.inner.close()

    def abort(self) -> None:
        if self.inner is not None:
            self.inner.abort()
