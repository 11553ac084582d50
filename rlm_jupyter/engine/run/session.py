"""What a run is given before its first turn: the client stack every call goes through, and the session it
shares with its child runs (one client, one budget, one event stream, one guard, one isolated REPL).

Why apart from the loop: assembling the stack (the client, the redactor that must see its key, prices, rate
limits, the cache, the root endpoint's fallbacks) and choosing where the model's code runs are decisions made
once per ``RLM`` or per run; the loop reads turns and should not be read past them.
"""
from __future__ import annotations

import contextlib
import importlib.metadata
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ...llm.cache import CachedClient, open_cache
from ...llm.client import ChatClient, LLMClient
from ...llm.fallbacks import RootEndpoint
from ...llm.pricing import PriceTable
from ...llm.ratelimit import RateLimitedClient, RateLimiter
from ..record.events import EventBus, Observer
from ..record.replay import Recording, replay_client
from ..record.trajectory import Run
from ..safety import guard
from ..safety.secrets import Redactor
from ..settings import Settings
from .budget import Budget, Meter
from .executor import ExecutorFactory
from .isolation import Isolation, RemoteNamespace


def _package_version() -> str:
    """This rlm_jupyter's version, for the record: the one installed, "unknown" for source that is not."""
    try:
        return importlib.metadata.version("rlm_jupyter")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


PACKAGE_VERSION = _package_version()


@dataclass
class Clients:
    """The client stack of an ``RLM``: the client (rate-limited, then cached), the redactor of its key, the prices
    and the root endpoint with its fallbacks."""

    client: ChatClient
    redact: Redactor
    prices: PriceTable
    root: RootEndpoint

    @classmethod
    def build(cls, config: Settings, client: ChatClient | None, recording: Recording | None) -> Clients:
        """The stack for ``config``; ``client`` replaces the HTTP client, ``recording`` answers every call (then
        nothing is rate-limited or cached: a replay spends nothing). A bad input fails before any call."""
        limiter = RateLimiter(config.rate_limits) if config.rate_limits else None  # a bad spec fails up front
        if client is None and recording is not None:
            client = replay_client(recording.run)
        client = client or LLMClient(config.base_url, config.api_key, api_version=config.api_version,
                                     headers=config.headers, request_timeout_s=config.request_timeout_s,
                                     max_retries=config.max_retries)
        # Before the wrappers below (which carry no key): the key the client actually resolved, $OPENAI_API_KEY too.
        redact = Redactor.from_environment(getattr(client, "api_key", None) or config.api_key)
        prices = recording.prices() if recording else PriceTable(config.prices, client.base_url, config.local_is_free)
        unpriced = [m for m in (config.model, config.sub) if not prices.known(m)]
        if config.budget_usd is not None and unpriced:
            client.close()
            raise ValueError(f"budget_usd needs a price for {unpriced[0]!r}, which has none; "
                             f"pass prices={{{unpriced[0]!r}: (input_usd_per_1M, output_usd_per_1M)}} "
                             "or use max_tokens")
        if limiter is not None and recording is None:  # under the cache: a cached answer spends no quota
            client = RateLimitedClient(client, limiter)
        if config.cache_dir is not None and recording is None:  # a re-run cell costs nothing; a replay never
            client = CachedClient(open_cache(config.cache_dir), client, refresh=config.refresh, redact=redact)
        root = RootEndpoint(client, config.model, {} if config.temperature is None else
                            {"temperature": config.temperature}, config.params, config.resample_temperature)
        return cls(client, redact, prices, root)


@dataclass
class Session:
    """What a run shares with its child runs: one client stack, one budget, one event stream."""

    clients: Clients
    meter: Meter
    bus: EventBus
    executor_factory: ExecutorFactory
    cancel: threading.Event = field(default_factory=threading.Event)  # set on interrupt: stop every call
    watch: guard.Watch | None = None  # the capability guard over the model's code (None: guard="off")
    isolation: Isolation | None = None  # the isolated REPL (--isolated): namespaces live in its worker process
    scratch: str = ""  # where the model's code may write (the guard's scratch folder, or the worker's)

    @property
    def client(self) -> ChatClient:
        return self.clients.client

    def namespace(self) -> dict[str, Any]:
        """A new REPL namespace for a child run: in the worker when isolated."""
        return self.isolation.namespace() if self.isolation is not None else {}


@contextlib.contextmanager
def open_session(settings: Settings, clients: Clients, observers: tuple[Observer, ...],
                 executor_factory: ExecutorFactory, isolation: Isolation | None) -> Iterator[Session]:
    """What a run shares with its child runs, while it lasts: the scratch folder the guard lets the model's
    code write to is the isolated worker's, or one ``tempfile`` uses in this process while the run lasts."""
    # Isolated, the REPL is watched even with the guard off: what its OS limits refused comes back on the record.
    guarded = settings.guard != "off" or isolation is not None
    in_process = guarded and isolation is None
    with guard.scratch_folder() if in_process else contextlib.nullcontext(isolation.scratch if isolation else "") \
            as scratch:
        bus = EventBus(observers)
        watch = guard.Watch.of(settings, scratch, clients.redact, bus.emit, clients.client.base_url,
                               isolation.processes() if isolation else frozenset()) if guarded else None
        yield Session(clients, Meter(Budget(settings), clients.prices), bus, executor_factory, watch=watch,
                      isolation=isolation, scratch=scratch)


def isolation_for(settings: Settings, history: Run | None) -> Isolation | None:
    """The isolated REPL a run uses: a new one (started now, before any model call), or its history's."""
    isolated_history = history is not None and isinstance(history.namespace, RemoteNamespace)
    if history is not None and isolated_history != settings.isolated:
        where = "an isolated REPL" if isolated_history else "the kernel"
        raise ValueError(f"run {history.id} ran in {where}: continue it {'with' if isolated_history else 'without'}"
                         " --isolated, or ask the question without --continue")
    if not settings.isolated:
        return None
    if history is not None:
        assert isinstance(history.namespace, RemoteNamespace) and history.namespace.isolation is not None
        return history.namespace.isolation
    return Isolation(settings.guard, filter(None, settings.allow.split(",")))
