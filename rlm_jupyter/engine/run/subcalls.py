"""The helpers the model's code calls: llm_query, llm_query_batched, rlm_query.

Why threads (not asyncio): inside Jupyter the kernel's event loop is already
running, so ``asyncio.run`` is impossible there; a thread pool with the
synchronous, thread-safe client works the same in a kernel and in plain
Python. Every call is checked against the budget *before* it is sent and
recorded in the run with its tokens, latency and cost.

Why prompts are submitted as calls finish (not all at once): a batch of
10,000 prompts must not hold 10,000 futures. At most ``concurrency`` calls are
in flight and at most ``2 * concurrency`` futures exist at any time; each
answer is stored (and its event emitted) the moment it arrives.
"""
from __future__ import annotations

import bisect
import itertools
import threading
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import Any, Literal

from ...llm.cache import CacheMiss
from ...llm.client import ChatClient, LLMError
from ...llm.context_windows import ContextWindows
from ..dialogue.conversation import sub_request
from ..dialogue.helpers import BatchError, SubCallError
from ..record.events import EventBus, SubCallFinished, SubCallStarted
from ..record.trajectory import Iteration, Run, SubCall
from ..safety.cell_guard import CellTimeout, leave_signals_to_main, raise_if_ending
from ..safety.secrets import Redactor
from .budget import LimitReached, Meter

SpawnChild = Callable[[str, object], Run]
SIGNAL_POLL_S = 0.1
ABANDON_WAIT_S = 1.0  # after an interrupt, how long to wait for aborted calls' threads to return
QUEUED_PER_WORKER = 2  # futures a batch keeps submitted per worker thread: in flight plus the next ones
CANCELLED = "cancelled before its reply came (the run or its block was stopped)"


class SubCalls:
    """Sub-call helpers for one run at one depth."""

    def __init__(self, *, run: Run, client: ChatClient, meter: Meter, bus: EventBus, sub_model: str,
                 depth: int, max_depth: int, concurrency: int, spawn_child: SpawnChild, redact: Redactor,
                 windows: ContextWindows, cancel: threading.Event, params: Mapping[str, Any] | None = None) -> None:
        self.run, self.client, self.meter, self.bus, self.redact = run, client, meter, bus, redact
        self.params = dict(params or {})  # the sub_params setting: extra request-body fields
        self.windows, self.cancel = windows, cancel
        self.sub_model, self.depth, self.max_depth = sub_model, depth, max_depth
        self.concurrency, self.spawn_child = concurrency, spawn_child
        self._iteration: Iteration | None = None  # the turn whose code is running (``at``)
        self._cell: int | None = None  # and the index of its code block
        self._next_id = 1
        self._batches = itertools.count(1)
        self._lock = threading.Lock()

    def at(self, iteration: Iteration, cell: int) -> None:
        """The code block that runs next: the calls it makes are recorded on ``iteration`` with its index."""
        self._iteration, self._cell = iteration, cell

    def llm_query(self, prompt: str, model: str | None = None) -> str:
        """Ask the sub-model one prompt; returns its text. Raises SubCallError if the call fails."""
        return self._query(_check_prompt(prompt, "llm_query"), model or self.sub_model, None, self._ids(1))

    def llm_query_batched(self, prompts: Iterable[str], model: str | None = None) -> list[str]:
        """Ask many prompts concurrently; answers come back in input order.

        If some prompts fail the others still complete, and ``BatchError`` is
        raised with ``.results`` (answers, ``None`` for failures) and ``.errors``.
        """
        items = [_check_prompt(p, "llm_query_batched") for p in _as_list(prompts)]
        if not items:
            return []
        self._check_fits(len(items))
        batch, target = next(self._batches), model or self.sub_model
        first = self._ids(len(items))  # numbered in prompt order, whatever order threads run in
        results: list[str | None] = [None] * len(items)
        errors: dict[int, str] = {}
        workers = min(self.concurrency, len(items))
        stop = threading.Event()  # set when the batch ends early: calls waiting for a rate limit give up unsent
        pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="rlm-subcall",
                                  initializer=leave_signals_to_main)
        pending: dict[Future[str], int] = {}
        order = iter(range(len(items)))

        def submit_more() -> None:  # keep the queue short: at most QUEUED_PER_WORKER futures per worker
            for i in itertools.islice(order, QUEUED_PER_WORKER * workers - len(pending)):
                pending[pool.submit(self._query, items[i], target, batch, first + i, stop)] = i

        try:
            submit_more()
            while pending:
                # Poll: a signal the OS delivers to another thread does not wake a blocked wait, and
                # KeyboardInterrupt or the cell timeout must get through within a fraction of a second.
                done, _ = wait(pending, timeout=SIGNAL_POLL_S, return_when=FIRST_COMPLETED)
                raise_if_ending()  # the block's stop or time limit, at a point where the batch can be cleaned up
                for future in done:
                    index = pending.pop(future)
                    try:
                        results[index] = future.result()
                    except SubCallError as exc:
                        errors[index] = str(exc)
                submit_more()
        except KeyboardInterrupt:  # abandon calls in flight: cut their sockets, let their threads end
            self.cancel.set()
            stop.set()
            pool.shutdown(wait=False, cancel_futures=True)
            self.client.abort()
            wait([f for f in pending if not f.cancelled()], timeout=ABANDON_WAIT_S)  # a cancelled one never ends
            raise
        except LimitReached as reached:
            # A spend limit: the calls already reserved were within it (and those sent are billed anyway), so
            # they finish and are recorded; prompts not yet started are dropped. Past the wall-time limit,
            # calls waiting to be sent (e.g. for a rate limit) give up instead.
            if reached.status != "budget":
                stop.set()
            pool.shutdown(wait=True, cancel_futures=True)
            raise
        except BaseException:  # anything else (a cell timeout): stop waiting calls, record what was sent
            stop.set()
            pool.shutdown(wait=True, cancel_futures=True)
            raise
        pool.shutdown(wait=True)
        if errors:
            raise BatchError(results, errors)
        return results  # type: ignore[return-value]  # no errors: every slot holds an answer

    def rlm_query(self, prompt: str, context: object = None) -> str:
        """Solve a sub-problem with a child RLM over ``context``; a plain llm_query at the depth limit."""
        prompt = self.redact(_check_prompt(prompt, "rlm_query"))  # the child's question is a prompt like any other
        if self.depth + 1 >= self.max_depth:
            return self._query(prompt, self.sub_model, None, self._ids(1))
        call = self._start("rlm", prompt, self.run.model, None, self._ids(1))
        try:
            child = self.spawn_child(prompt, context)
        except Exception as exc:  # e.g. a context mapping with bad names: still close the call's events
            return self._fail(call, f"rlm_query failed: {type(exc).__name__}: {exc}")
        call.child = child
        self.meter.merge(self.run, child)
        call.latency_s = child.wall_s
        if child.status != "final":
            message = f"rlm_query ended with status {child.status!r}: {child.message}"
            if child.status in ("interrupted", "budget", "timeout"):  # stops the parent too
                call.error = message
                self.bus.emit(SubCallFinished(self.run, call))
                if child.status == "interrupted":
                    raise KeyboardInterrupt
                raise LimitReached(child.status, child.message)
            return self._fail(call, message)
        # A child's str answer is redacted by its loop; the str() of any other answer is built here.
        call.response = self.redact(child.answer if isinstance(child.answer, str) else str(child.answer))
        self.bus.emit(SubCallFinished(self.run, call))
        return call.response

    def _check_fits(self, n: int) -> None:
        """Refuse, before anything is sent, a batch bigger than the sub-calls left (``max_subcalls``).

        Why up front and catchable: reserving call by call, a one-prompt-per-line fan-out would send (and pay
        for) the first thousand calls and then end the run; refused whole, it costs nothing and the model reads
        how to chunk instead, and tries again. With no sub-call left at all there is nothing to retry with, so
        the batch goes on to ``reserve_subcall``, which ends the run like any call past the limit.
        """
        raise_if_ending()  # a block that must end gets its stop, not this refusal
        left = self.meter.budget.subcalls_left()
        if left is None or n <= left or left == 0:
            return
        chunks = min(left, 20)
        raise SubCallError(f"llm_query_batched: {n:,} prompts but only {left:,} sub-calls are left in this run "
                           f"(max_subcalls); nothing was sent. Chunk the data into fewer, bigger prompts (e.g. "
                           f"{chunks} chunks of ~{-(-n // chunks):,} items each) or batch fewer prompts")

    def _ids(self, n: int) -> int:
        """Reserve ``n`` consecutive call ids; returns the first.

        Every helper starts here, so this is where a block that must end (its stop pressed, its time up) is
        refused new calls: code that caught the stop and asks again gets it raised again, nothing is sent.
        """
        raise_if_ending()
        with self._lock:
            first, self._next_id = self._next_id, self._next_id + n
        return first

    def _query(self, prompt: str, model: str, batch: int | None, call_id: int,
               stop: threading.Event | None = None) -> str:
        """One call; ``stop`` is its batch's event (set when the batch ends early), else the run's cancel event."""
        prompt = self.redact(prompt)  # model code may have put a secret into the prompt
        call = self._start("llm", prompt, model, batch, call_id)
        refusal = self.windows.too_long(model, prompt)
        if refusal is not None:
            return self._fail(call, refusal)
        cancel = self.cancel if stop is None else stop
        try:
            done = self.client.complete(model, sub_request(prompt), cancel=cancel, **self.params)
        except CacheMiss as exc:  # a replay's recording never saw this prompt: the recorded path ends here
            raise LimitReached("error", self._failed(call, str(exc))) from None
        except LLMError as exc:
            if cancel.is_set():  # abandoned with its batch or run (a stop, a limit): no failure of the call's own
                return self._fail(call, self._cancelled(call))
            return self._fail(call, str(exc))
        except (KeyboardInterrupt, CellTimeout):  # the stop or the block's time limit, raised while it waited here
            self._failed(call, self._cancelled(call))
            raise
        call.response, call.latency_s, call.retries = self.redact(done.text), done.latency_s, done.retries
        call.prompt_tokens, call.completion_tokens = done.prompt_tokens, done.completion_tokens
        call.cached, call.usage_estimated, call.finish_reason = done.cached, done.usage_estimated, done.finish_reason
        call.reasoning = self.redact(done.reasoning)
        cost = self.meter.charge(self.run, model, done)
        call.cost_usd, call.cost_source = cost.usd, cost.source
        self.bus.emit(SubCallFinished(self.run, call))
        return call.response

    def _start(self, kind: Literal["llm", "rlm"], prompt: str, model: str, batch: int | None,
               call_id: int) -> SubCall:
        self.meter.budget.reserve_subcall()
        iteration = self._iteration
        call = SubCall(id=call_id, kind=kind, model=model, prompt=prompt, depth=self.depth + 1,
                       iteration=iteration.index if iteration else -1, batch=batch, cell=self._cell,
                       started_s=self.meter.budget.elapsed())
        if iteration is not None:
            with self._lock:  # kept ordered by id; an insort, since re-sorting per call is quadratic in a big batch
                bisect.insort(iteration.subcalls, call, key=lambda c: c.id)
        self.bus.emit(SubCallStarted(self.run, call))
        return call

    @staticmethod
    def _cancelled(call: SubCall) -> str:
        """Mark the call cancelled (counted apart, never as a failure); the words its record keeps."""
        call.cancelled = True
        return CANCELLED

    def _failed(self, call: SubCall, message: str) -> str:
        """Record the call as failed; the message, redacted (an endpoint's error text goes to the record)."""
        message = self.redact(message)
        call.error = message
        self.bus.emit(SubCallFinished(self.run, call))
        return message

    def _fail(self, call: SubCall, message: str) -> str:
        """Fail the call in the model's code: it may catch the error and go on."""
        raise SubCallError(self._failed(call, message))


def _check_prompt(prompt: object, helper: str) -> str:
    if not isinstance(prompt, str):
        raise TypeError(f"{helper} takes str prompts, got {type(prompt).__name__}; convert with str() or json.dumps()")
    return prompt


def _as_list(prompts: Iterable[str]) -> list[str]:
    if isinstance(prompts, str):
        raise TypeError("llm_query_batched takes a list of prompts, got one str; use llm_query for a single prompt")
    return list(prompts)
