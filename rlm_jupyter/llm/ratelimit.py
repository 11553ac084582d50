"""Client-side rate limits: requests and tokens per minute, per model, shared by every thread.

Why on our side when the client already retries 429s: a batch of 10,000
prompts at concurrency 16 would otherwise run into the provider's limit again
and again, each 429 costing a retry and a ``Retry-After`` wait on one thread
while the other fifteen keep hammering. A token bucket per model that every
worker draws from keeps the steady rate under the limit, so 429s stay rare,
and the client's retries handle the ones that still happen.

How: one bucket for requests and one for tokens per limited model. A call
*reserves* its request and its estimated tokens up front (prompt characters
/ 4 plus any ``max_tokens``), waits until the buckets have refilled enough,
then is sent; when it comes back, the estimate is settled against the
``usage`` the provider reported, and each retry the client made is charged as
one more request. Buckets may go into debt, so a prompt bigger than a whole
bucket still gets through, and the calls after it wait. Waiting is on the
call's cancel event: an interrupt, or a limit that stops the batch, wakes the
waiters at once, returns what they reserved, and sends nothing.

Configure with ``RLM(rate_limits={"gpt-5-mini": {"rpm": 500, "tpm": 200_000}})``;
``"*"`` applies to every model not listed (each model its own buckets).
``burst_s`` (default 1.0) is how many seconds' worth of the limit may go out
at once: providers enforce per-minute limits in shorter slices, so a full
minute's quota sent in one burst would be refused.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..text import estimate_tokens as _tokens_in
from .client import ChatClient, Completion, LLMError
from .model_names import lookup_model

RateLimitSpec = Mapping[str, float]
_KEYS = ("rpm", "tpm", "burst_s")


@dataclass(frozen=True)
class RateLimit:
    """Requests and tokens per minute for one model (None: that one is not limited)."""

    rpm: float | None = None
    tpm: float | None = None
    burst_s: float = 1.0

    @classmethod
    def parse(cls, model: str, spec: object) -> RateLimit:
        if isinstance(spec, RateLimit):
            return spec
        if not isinstance(spec, Mapping):
            raise ValueError(f"rate limit for {model!r} must be a dict like {{'rpm': 500, 'tpm': 200_000}}, "
                             f"got {spec!r}")
        unknown = [k for k in spec if k not in _KEYS]
        if unknown:
            raise ValueError(f"rate limit for {model!r}: unknown key {unknown[0]!r}; use {', '.join(_KEYS)}")
        for key, value in spec.items():
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
                raise ValueError(f"rate limit for {model!r}: {key} must be a number > 0, got {value!r}")
        if "rpm" not in spec and "tpm" not in spec:
            raise ValueError(f"rate limit for {model!r} needs rpm (requests per minute) and/or tpm (tokens per minute)")
        return cls(spec.get("rpm"), spec.get("tpm"), float(spec.get("burst_s", 1.0)))


class _Bucket:
    """``capacity`` units, refilled at ``rate`` units a second; the level may go negative (debt)."""

    def __init__(self, per_minute: float, burst_s: float) -> None:
        self.rate = per_minute / 60.0
        self.capacity = max(1.0, self.rate * burst_s)
        self.level = self.capacity
        self.updated = time.monotonic()

    def refill(self, now: float) -> None:
        self.level = min(self.capacity, self.level + (now - self.updated) * self.rate)
        self.updated = now

    def take(self, amount: float) -> float:
        """Take ``amount`` now; seconds until the level is back at zero (0.0: no wait)."""
        self.level -= amount
        return max(0.0, -self.level / self.rate)

    def give_back(self, amount: float) -> None:
        self.level = min(self.capacity, self.level + amount)


class RateLimiter:
    """Token buckets per model, thread-safe; ``acquire`` blocks (interruptibly) until a call may go."""

    def __init__(self, limits: Mapping[str, RateLimitSpec | RateLimit]) -> None:
        if not isinstance(limits, Mapping):
            raise ValueError(f"rate_limits must be a dict of model name -> {{'rpm': ..., 'tpm': ...}}, got {limits!r}")
        self.limits = {str(model): RateLimit.parse(str(model), spec) for model, spec in limits.items()}
        self._buckets: dict[str, tuple[_Bucket | None, _Bucket | None]] = {}
        self._lock = threading.Lock()
        self.waits = 0  # calls that had to wait
        self.waited_s = 0.0  # total seconds callers spent waiting (summed over threads)

    def limit_for(self, model: str) -> RateLimit | None:
        return lookup_model(self.limits, model) or self.limits.get("*")

    def acquire(self, model: str, tokens: int, cancel: threading.Event | None = None) -> bool:
        """Reserve one request and ``tokens`` for ``model`` and wait until they are available.

        Returns True when the call may be sent. Returns False, with the
        reservation given back, when ``cancel`` was set while waiting.
        """
        with self._lock:
            buckets = self._buckets_for(model)
            if buckets is None:
                return True
            requests, token_bucket = buckets
            now = time.monotonic()
            delay = 0.0
            for bucket, amount in ((requests, 1.0), (token_bucket, float(tokens))):
                if bucket is not None:
                    bucket.refill(now)
                    delay = max(delay, bucket.take(amount))
            if delay > 0:
                self.waits += 1
                self.waited_s += delay
        if delay <= 0:
            return True
        if cancel is None:
            time.sleep(delay)
            return True
        try:
            cancelled = cancel.wait(delay)
        except BaseException:  # KeyboardInterrupt on the main thread: nothing was sent
            self._give_back(model, tokens)
            raise
        if cancelled:
            self._give_back(model, tokens)
            return False
        return True

    def settle(self, model: str, estimated: int, used: int, retries: int = 0) -> None:
        """Correct the reservation with what the call really cost: actual tokens, and retries as requests."""
        with self._lock:
            buckets = self._buckets_for(model)
            if buckets is None:
                return
            requests, token_bucket = buckets
            now = time.monotonic()
            if requests is not None and retries:
                requests.refill(now)
                requests.take(float(retries))
            if token_bucket is not None and used != estimated:
                token_bucket.refill(now)
                if used > estimated:
                    token_bucket.take(float(used - estimated))
                else:
                    token_bucket.give_back(float(estimated - used))

    def _give_back(self, model: str, tokens: int) -> None:
        with self._lock:
            buckets = self._buckets_for(model)
            if buckets is None:
                return
            for bucket, amount in zip(buckets, (1.0, float(tokens))):
                if bucket is not None:
                    bucket.refill(time.monotonic())
                    bucket.give_back(amount)

    def _buckets_for(self, model: str) -> tuple[_Bucket | None, _Bucket | None] | None:
        """The model's buckets, created on first use; None when the model is not limited. Caller holds the lock."""
        if model not in self._buckets:
            limit = self.limit_for(model)
            if limit is None:
                return None
            self._buckets[model] = (_Bucket(limit.rpm, limit.burst_s) if limit.rpm else None,
                                    _Bucket(limit.tpm, limit.burst_s) if limit.tpm else None)
        return self._buckets[model]


def estimate_tokens(messages: list[dict[str, str]], params: Mapping[str, Any]) -> int:
    """Tokens a call will count against a TPM limit, before it is sent: prompt chars / 4 plus the reply cap."""
    prompt = _tokens_in(sum(len(m.get("content") or "") for m in messages))
    cap = params.get("max_completion_tokens") or params.get("max_tokens") or 0
    return prompt + int(cap)


class RateLimitedClient:
    """A ChatClient that draws every call from a shared ``RateLimiter`` before passing it to ``inner``.

    It sits under the response cache (a cached answer sends nothing, so it
    spends no quota) and over the network client, whose own retries are
    charged to the limiter after the call.
    """

    def __init__(self, inner: ChatClient, limiter: RateLimiter | Mapping[str, RateLimitSpec]) -> None:
        self.inner = inner
        self.limiter = limiter if isinstance(limiter, RateLimiter) else RateLimiter(limiter)
        self.base_url = inner.base_url

    def complete(self, model: str, messages: list[dict[str, str]], *, cancel: threading.Event | None = None,
                 on_text: Callable[[str], None] | None = None, **params: Any) -> Completion:
        estimated = estimate_tokens(messages, params)
        if not self.limiter.acquire(model, estimated, cancel):
            raise LLMError(f"call to {model} at {self.base_url} cancelled while waiting for its rate limit")
        done = self.inner.complete(model, messages, cancel=cancel, on_text=on_text, **params)
        if not done.cached:
            self.limiter.settle(model, estimated, done.prompt_tokens + done.completion_tokens, done.retries)
        return done

    def close(self) -> None:
        self.inner.close()

    def abort(self) -> None:
        self.inner.abort()

    def __getattr__(self, name: str) -> Any:  # api_key, backoff_s, ...: whatever the inner client has
        if name == "inner":
            raise AttributeError(name)
        return getattr(self.inner, name)


__all__ = ["RateLimit", "RateLimitedClient", "RateLimiter", "estimate_tokens"]
