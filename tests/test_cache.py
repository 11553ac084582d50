"""The response cache without a kernel or a network: ``CachedClient`` over ``MemoryStore`` and ``open_cache``.

The inner client is a stub ChatClient that counts its calls; these tests are about what reaches it.
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rlm_jupyter.llm.cache import (
    CACHE_FILE,
    CachedClient,
    CacheMiss,
    MemoryStore,
    SQLiteStore,
    content_key,
    default_cache_dir,
    open_cache,
)
from rlm_jupyter.llm.client import Completion

MESSAGES = [{"role": "user", "content": "What is 2 + 2?"}]


class StubClient:
    """A ChatClient answering ``"<model> answer <n>"`` for its n-th call, recording every call it gets."""

    def __init__(self, base_url: str = "http://stub/v1") -> None:
        self.base_url = base_url
        self.calls: list[tuple[str, list[dict[str, str]], dict[str, Any]]] = []
        self.closed = self.aborted = False

    def complete(self, model: str, messages: list[dict[str, str]], *, cancel: threading.Event | None = None,
                 on_text: Callable[[str], None] | None = None, **params: Any) -> Completion:
        self.calls.append((model, messages, params))
        text = f"{model} answer {len(self.calls)}"
        if on_text is not None:
            on_text(text)
        return Completion(text, model, 11, 7, 0.25, 2)

    def close(self) -> None:
        self.closed = True

    def abort(self) -> None:
        self.aborted = True


# -- MemoryStore ----------------------------------------------------------------------------------------------------
def completion(text: str) -> Completion:
    return Completion(text, "m", 1, 1, 0.0, 0)


def test_memory_store_serves_answers_in_order_then_repeats_the_last() -> None:
    store = MemoryStore()
    assert store.get("k") is None and len(store) == 0
    store.put("k", completion("first"))
    store.put("k", completion("second"))
    store.put("other", completion("x"))
    assert len(store) == 3
    assert [store.get("k").text for _ in range(4)] == ["first", "second", "second", "second"]  # type: ignore[union-attr]
    assert store.get("other").text == "x"  # type: ignore[union-attr]  # keys are independent


# -- CachedClient ---------------------------------------------------------------------------------------------------
def test_a_miss_goes_to_the_inner_client_and_a_repeat_is_answered_from_the_store() -> None:
    inner = StubClient()
    cached = CachedClient(MemoryStore(), inner)
    first = cached.complete("m", MESSAGES)
    assert first.text == "m answer 1" and not first.cached and len(inner.calls) == 1
    again = cached.complete("m", [dict(m) for m in MESSAGES])  # equal content, other objects
    assert len(inner.calls) == 1  # nothing sent
    assert again.text == first.text and again.cached
    assert (again.prompt_tokens, again.completion_tokens) == (11, 7)  # usage kept, to count what was saved
    assert (again.latency_s, again.retries) == (0.0, 0)  # but no network time or retries
    assert (cached.hits, cached.misses) == (1, 1)


@pytest.mark.parametrize("change", [
    lambda c: c.complete("other-model", MESSAGES),
    lambda c: c.complete("m", [{"role": "user", "content": "What is 2 + 3?"}]),
    lambda c: c.complete("m", [{"role": "system", "content": "be brief"}, *MESSAGES]),
    lambda c: c.complete("m", MESSAGES, temperature=0.7),
])
def test_any_change_to_model_messages_or_parameters_misses(change: Callable[[CachedClient], Completion]) -> None:
    inner = StubClient()
    cached = CachedClient(MemoryStore(), inner)
    cached.complete("m", MESSAGES)
    assert not change(cached).cached
    assert len(inner.calls) == 2 and cached.misses == 2


def test_the_endpoint_is_part_of_the_key() -> None:
    store = MemoryStore()
    CachedClient(store, StubClient("http://one/v1")).complete("m", MESSAGES)
    other = StubClient("http://two/v1")
    assert not CachedClient(store, other).complete("m", MESSAGES).cached and len(other.calls) == 1


def test_parameters_and_cancel_reach_the_inner_client() -> None:
    inner = StubClient()
    cancel = threading.Event()
    seen: list[Any] = []

    def spy(model: str, messages: list[dict[str, str]], *, cancel: threading.Event | None = None,
            **params: Any) -> Completion:
        seen.append(cancel)
        return StubClient.complete(inner, model, messages, cancel=cancel, **params)

    inner.complete = spy  # type: ignore[method-assign]
    CachedClient(MemoryStore(), inner).complete("m", MESSAGES, cancel=cancel, max_tokens=5)
    assert inner.calls == [("m", MESSAGES, {"max_tokens": 5})] and seen == [cancel]


def test_a_cached_answer_is_still_streamed_to_on_text() -> None:
    cached = CachedClient(MemoryStore(), StubClient())
    cached.complete("m", MESSAGES)
    streamed: list[str] = []
    assert cached.complete("m", MESSAGES, on_text=streamed.append).cached
    assert streamed == ["m answer 1"]


def test_refresh_asks_again_and_stores_the_new_answer() -> None:
    store, inner = MemoryStore(), StubClient()
    CachedClient(store, inner).complete("m", MESSAGES)
    refreshed = CachedClient(store, inner, refresh=True).complete("m", MESSAGES)
    assert not refreshed.cached and refreshed.text == "m answer 2" and len(inner.calls) == 2
    assert len(store) == 2


def test_an_inner_failure_stores_nothing() -> None:
    class Failing(StubClient):
        def complete(self, *args: Any, **kwargs: Any) -> Completion:
            raise RuntimeError("network down")

    store = MemoryStore()
    with pytest.raises(RuntimeError, match="network down"):
        CachedClient(store, Failing()).complete("m", MESSAGES)
    assert len(store) == 0


def test_strict_mode_answers_only_what_was_remembered() -> None:
    store = MemoryStore()
    replay = CachedClient(store, strict=True, base_url="replay",
                          describe=lambda model, messages: f"call to {model!r} with {messages[-1]['content']!r}")
    assert replay.base_url == "replay"
    replay.remember("m", MESSAGES, Completion("4", "m", 3, 1, 0.5, 0))
    hit = replay.complete("m", MESSAGES)
    assert (hit.text, hit.cached, hit.latency_s) == ("4", False, 0.0)  # a recording's answer keeps its own mark
    replay.remember("m", MESSAGES, Completion("4", "m", 3, 1, 0.5, 0, cached=True))
    assert replay.complete("m", MESSAGES).cached  # recorded as answered by the cache: replayed as such
    with pytest.raises(CacheMiss, match=r"call to 'm' with 'What is 2 \+ 3\?' is not in the recording"):
        replay.complete("m", [{"role": "user", "content": "What is 2 + 3?"}])
    assert (replay.hits, replay.misses) == (2, 1)


def test_strict_mode_with_an_inner_client_never_calls_it() -> None:
    inner = StubClient()
    with pytest.raises(CacheMiss):
        CachedClient(MemoryStore(), inner, strict=True).complete("m", MESSAGES)
    assert inner.calls == []


def test_a_non_strict_cache_needs_an_inner_client() -> None:
    with pytest.raises(ValueError, match="needs an inner client"):
        CachedClient(MemoryStore())


def test_a_custom_key_decides_what_counts_as_the_same_call() -> None:
    inner = StubClient()
    last_message_only = CachedClient(MemoryStore(), inner, key=lambda model, messages: messages[-1]["content"])
    last_message_only.complete("m", MESSAGES)
    assert last_message_only.complete("another-model", [{"role": "system", "content": "s"}, *MESSAGES]).cached
    assert content_key("m", MESSAGES) != content_key("m2", MESSAGES)


def test_close_and_abort_reach_the_inner_client() -> None:
    inner = StubClient()
    cached = CachedClient(MemoryStore(), inner)
    cached.abort()
    cached.close()
    assert inner.aborted and inner.closed
    CachedClient(MemoryStore(), strict=True).close()  # no inner client: nothing to close


# -- open_cache -----------------------------------------------------------------------------------------------------
def test_open_cache_opens_one_store_per_folder_and_persists(tmp_path: Path) -> None:
    store = open_cache(tmp_path / "a")
    assert isinstance(store, SQLiteStore) and store.path == (tmp_path / "a" / CACHE_FILE).resolve()
    assert open_cache(tmp_path / "a" / ".." / "a") is store  # the same file: the same store, shared by runs
    assert open_cache(tmp_path / "b") is not store
    inner = StubClient()
    CachedClient(store, inner).complete("m", MESSAGES)
    reopened = SQLiteStore(tmp_path / "a" / CACHE_FILE)  # another connection, as another kernel would open
    try:
        again = CachedClient(reopened, inner).complete("m", MESSAGES)
    finally:
        reopened.close()
    assert again.cached and again.text == "m answer 1" and len(inner.calls) == 1
    for opened in (store, open_cache(tmp_path / "b")):
        opened.close()  # stays usable: a closed store reconnects on its next use
    assert len(open_cache(tmp_path / "a")) == 1
    store.close()


def test_the_default_folder_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("RLM_CACHE_DIR", str(tmp_path / "mine"))
    assert default_cache_dir() == tmp_path / "mine"
    monkeypatch.delenv("RLM_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert default_cache_dir() == tmp_path / "xdg" / "rlm_jupyter"


def test_this_session_never_uses_the_real_home_cache() -> None:
    """tests/conftest.py points RLM_CACHE_DIR (and XDG_CACHE_HOME) at a temporary folder for the whole session."""
    assert not str(default_cache_dir()).startswith(str(Path.home() / ".cache"))


def test_the_disk_store_keeps_what_the_record_shows_of_a_reply(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "r.sqlite")
    store.put("k", Completion("text", "m", 10, 2, 1.5, 1, cached_prompt_tokens=4, usage_estimated=True,
                              finish_reason="length", reasoning="thought"))
    found = store.get("k")
    assert found is not None
    assert (found.text, found.cached_prompt_tokens, found.usage_estimated, found.finish_reason, found.reasoning) \
        == ("text", 4, True, "length", "thought")


def test_a_cache_written_before_the_meta_column_still_answers(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE responses (key TEXT PRIMARY KEY, model TEXT NOT NULL, text TEXT NOT NULL, "
                   "prompt_tokens INTEGER, completion_tokens INTEGER, created REAL)")
        db.execute("INSERT INTO responses VALUES ('k', 'm', 'old answer', 3, 1, 0)")
    store = SQLiteStore(path)
    found = store.get("k")
    assert found is not None and (found.text, found.finish_reason, found.reasoning) == ("old answer", None, "")
    store.put("k2", Completion("new", "m", 1, 1, 0.0, 0, finish_reason="stop"))
    assert (store.get("k2") or found).finish_reason == "stop"
