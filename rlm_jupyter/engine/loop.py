"""The RLM loop: prompt -> root reply -> code blocks -> execute -> feedback -> final.

The long context never enters a prompt: it is bound as variables in the
namespace and the root model sees only ``context.describe_all`` metadata, a
constant number of tokens whatever the data size. Everything else (parsing,
execution, sub-calls, limits, accounting) lives in its own module so this file
stays readable in one sitting.
"""
from __future__ import annotations

import dataclasses
import datetime as _dt
import numbers
import threading
import uuid
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any, cast

from ..llm.cache import CachedClient, open_cache
from ..llm.client import (
    REFUSED_FIELDS,
    ChatClient,
    Completion,
    ContextTooLong,
    LLMClient,
    LLMError,
    UnsupportedParameter,
)
from ..llm.context_windows import ContextWindows
from ..llm.pricing import PriceTable
from ..llm.ratelimit import RateLimitedClient, RateLimiter
from ..text import clip
from . import grounding, prompts, recovery
from .budget import Budget, LimitReached, Meter
from .context import describe_all
from .conversation import Conversation
from .events import (
    CellFinished,
    CellStarted,
    EndpointNotice,
    EventBus,
    IterationFinished,
    IterationStarted,
    Observer,
    RootReplied,
    RootStreaming,
    RunFinished,
    RunStarted,
)
from .executor import CellInterrupted, ExecutorFactory, default_executor
from .helpers import HELPER_NAMES, FinalSlot, created_by, created_names, helpers
from .protocol import ParsedReply, parse_reply
from .secrets import Redactor
from .settings import DEFAULTS, NAMES, Settings
from .subcalls import SubCalls
from .trajectory import CodeCell, Grounding, Iteration, Run


class _Repeats:
    """Detects the endless re-verification loop: the same turn, again and again."""

    STOP_AFTER = 2  # the third identical turn in a row stops the run

    def __init__(self) -> None:
        self._last: str | None = None
        self.count = 0

    def same_as_last(self, parsed: ParsedReply) -> bool:
        key = " ".join("\n".join(parsed.code + parsed.unrun).split()) or " ".join(parsed.prose.split())
        self.count = self.count + 1 if key and key == self._last else 0
        self._last = key
        return self.count > 0


@dataclass
class _Session:
    """What a run shares with its child runs: one client, one budget, one event stream."""

    client: ChatClient
    meter: Meter
    bus: EventBus
    executor_factory: ExecutorFactory
    cancel: threading.Event = field(default_factory=threading.Event)  # set on interrupt: stop every call


class RLM:
    """A Recursive Language Model over any OpenAI-compatible endpoint. Usable from plain Python.

    >>> rlm = RLM(model="gpt-5-mini", budget_usd=1.0)                        # doctest: +SKIP
    >>> run = rlm.run("How many errors?", context={"logs": big_string})  # doctest: +SKIP
    >>> run.answer, run.status, run.cost_usd                                # doctest: +SKIP
    """

    def __init__(self, settings: Settings | None = None, *, client: ChatClient | None = None,
                 observers: tuple[Observer, ...] = (), **overrides: Any) -> None:
        """Keyword-only. ``settings`` (a ``Settings``) and ``overrides`` (its field names) set every option.

        ``client`` replaces the HTTP client (replay passes a recording's), and
        ``observers`` receive every event of every run. The settings:
        """
        unknown = sorted(set(overrides) - NAMES)
        if unknown:
            raise TypeError(f"RLM() got an unknown setting {unknown[0]!r}; settings are: {', '.join(sorted(NAMES))}")
        self.settings = settings.replace(**overrides) if settings is not None else Settings(**overrides)
        config = self.settings
        self.model, self.sub_model = config.model, config.sub
        self.windows = ContextWindows(config.context_windows)
        limiter = RateLimiter(config.rate_limits) if config.rate_limits else None  # a bad spec fails up front
        self.client: ChatClient = client or LLMClient(config.base_url, config.api_key, api_version=config.api_version,
                                                      headers=config.headers,
                                                      request_timeout_s=config.request_timeout_s,
                                                      max_retries=config.max_retries)
        # Before the wrappers below (which carry no key): the key the client actually resolved, $OPENAI_API_KEY too.
        self.redact = Redactor.from_environment(getattr(self.client, "api_key", None) or config.api_key)
        self.prices = PriceTable(config.prices, self.client.base_url)
        unpriced = [m for m in (self.model, self.sub_model) if not self.prices.known(m)]
        if config.budget_usd is not None and unpriced:
            self.client.close()
            raise ValueError(f"budget_usd needs a price for {unpriced[0]!r}, which has none; "
                             f"pass prices={{{unpriced[0]!r}: (input_usd_per_1M, output_usd_per_1M)}} "
                             "or use max_tokens")
        if limiter is not None:  # under the cache: a cached answer spends no quota
            self.client = RateLimitedClient(self.client, limiter)
        if config.cache_dir is not None:  # answers from the on-disk cache first: re-running a cell costs nothing
            self.client = CachedClient(open_cache(config.cache_dir), self.client, refresh=config.refresh,
                                       redact=self.redact)
        self.observers = tuple(observers)
        self._root_defaults = {} if config.temperature is None else {"temperature": config.temperature}

    def close(self) -> None:
        self.client.close()

    def __enter__(self) -> RLM:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def run(self, question: str, context: object = None, *, expect: type | str | None = None,
            namespace: dict[str, Any] | None = None, executor_factory: ExecutorFactory = default_executor,
            observers: tuple[Observer, ...] = (), continue_from: Run | None = None) -> Run:
        """Answer ``question`` about ``context`` (a mapping of variable names to objects, or one object).

        ``namespace`` is the REPL dict the code runs in (a fresh one if None);
        the Jupyter layer passes its own, plus an executor for hidden cells.
        ``expect`` rejects answers of another type and asks the model to fix them.
        ``continue_from`` asks a follow-up in that run's conversation and namespace.
        """
        if not isinstance(question, str) or not question.strip():
            raise ValueError("question must be a non-empty string")
        variables = _context_mapping(context)
        history = None
        if continue_from is not None:
            if continue_from.namespace is None:
                raise ValueError(f"run {continue_from.id} cannot be continued: its REPL namespace is gone (it was "
                                 "loaded from a file, or its kernel restarted); ask the question without continuing")
            namespace, history = continue_from.namespace, continue_from
        session = _Session(self.client, Meter(Budget(self.settings), self.prices),
                           EventBus(self.observers + tuple(observers)), executor_factory)
        return self._run(session, question, variables, namespace if namespace is not None else {}, 0,
                         _expect_type(expect), history)

    def _run(self, session: _Session, question: str, variables: dict[str, object], ns: dict[str, Any],
             depth: int, expect: type | None, history: Run | None = None) -> Run:
        # The question goes into the first prompt and the record: a key pasted into it must not.
        run = Run(id=uuid.uuid4().hex[:12], question=self.redact(question), model=self.model,
                  sub_model=self.sub_model,
                  context_names=list(variables), depth=depth, prompt_version=prompts.PROMPT_VERSION,
                  settings=self.settings.to_record(), started_at=_dt.datetime.now(_dt.UTC).isoformat(),
                  continues=history.id if history else None, namespace=ns)
        run.use_redactor(self.redact)  # every later serialization (run.save() by the user too) redacts
        budget = session.meter.budget
        started = budget.elapsed()
        ns.update(variables)
        if len(variables) == 1 and "context" not in ns:
            ns["context"] = next(iter(variables.values()))
        subcalls = SubCalls(run=run, client=session.client, meter=session.meter, bus=session.bus,
                            sub_model=self.sub_model, depth=depth, max_depth=self.settings.max_depth,
                            concurrency=self.settings.concurrency, redact=self.redact, windows=self.windows,
                            cancel=session.cancel, params=self.settings.sub_params,
                            spawn_child=lambda q, c: self._run(session, q, _context_mapping(c), {}, depth + 1, None))
        session.bus.emit(RunStarted(run))
        try:
            self._loop(session, run, ns, subcalls, expect, history)
        except LimitReached as stop:
            run.status, run.message = stop.status, stop.message  # type: ignore[assignment]
        except KeyboardInterrupt:
            run.status, run.message = "interrupted", "interrupted (kernel interrupt or Ctrl-C); partial run kept"
        except LLMError as exc:
            run.status, run.message = "error", self.redact(str(exc))  # an endpoint's error may echo a header
        finally:
            run.wall_s = budget.elapsed() - started
            session.bus.emit(RunFinished(run))
            if depth:  # a child (rlm_query) is never continued: what its code built goes now, not with the parent
                run.namespace = None
        return run

    def _loop(self, session: _Session, run: Run, ns: dict[str, Any], subcalls: SubCalls,
              expect: type | None, history: Run | None) -> None:
        budget, bus, limits = session.meter.budget, session.bus, self.settings
        conversation = self._opening(run, ns, expect, history)
        run.root_prompt = conversation.request()
        baseline = frozenset(ns)
        final, repeats, reads = FinalSlot(), _Repeats(), grounding.ContextReads(run, history)
        for turn in range(limits.max_iterations):
            budget.check()
            it, parsed = self._turn(session, run, conversation, ns, subcalls, final, baseline, turn, reads,
                                    resample=repeats.count > 0)
            notes: list[str] = []
            accepted, answer = self._resolve_final(parsed, it, final, ns, expect, notes, baseline, reads)
            it.duration_s = budget.elapsed() - it.started_s
            verdict = self._grounding(accepted, answer, parsed, final, run, history, reads, notes)
            if verdict is not None:
                answer = self.redact(answer) if isinstance(answer, str) else answer
                run.status, run.answer, run.message = "final", answer, f"answered after {turn + 1} turn(s)"
                run.grounding = verdict
                bus.emit(IterationFinished(run, it))
                return
            if it.finish_reason == "length":
                notes.insert(0, prompts.REPLY_CUT)
            if repeats.same_as_last(parsed):
                if repeats.count >= _Repeats.STOP_AFTER:
                    run.status = "repetition"
                    run.message = f"the model repeated the same turn {repeats.count + 1} times"
                    self._salvage(run, ns, baseline)
                    bus.emit(IterationFinished(run, it))
                    return
                notes.append(prompts.REPEATED_TURN)
            if recovery.passed_no_data(it, recovery.context_chars(ns, [*run.context_names, "context"])):
                notes.append(prompts.NO_DATA_IN_SUBCALLS)
            notes += [prompts.misspelled(wrong, right) for wrong, right in recovery.misspelled(it, list(ns))]
            rendered = [clip(_cell_text(c), limits.max_output_chars) for c in it.cells]
            it.feedback = prompts.feedback(rendered, notes, turn + 1, limits.max_iterations)
            conversation.add_turn(it.reply, it.feedback)
            bus.emit(IterationFinished(run, it))
        run.status, run.message = "max_iterations", f"no FINAL after {limits.max_iterations} turns"
        self._last_word(session, run, conversation, ns)
        if run.answer is None:
            self._salvage(run, ns, baseline)

    def _salvage(self, run: Run, ns: dict[str, Any], baseline: frozenset[str]) -> None:
        """A stopped run's best answer from what its code computed or printed, flagged (the status stays)."""
        found = recovery.salvage(run, ns, created_names(ns, baseline))
        if found is not None:
            run.answer = self.redact(found.answer) if isinstance(found.answer, str) else found.answer
            run.answer_source = f"salvaged at the stop: {found.source} (the model did not confirm it)"
            run.message += f"; best answer salvaged from {found.source}, not confirmed by the model"

    def _opening(self, run: Run, ns: dict[str, Any], expect: type | None, history: Run | None) -> Conversation:
        """The first root request: system prompt and question, or the compacted history and a follow-up."""
        expected = _label(expect) if expect else None
        # The previews show the user's data (a key in a variable, a token in a DataFrame cell): redacted here,
        # where they enter the conversation, so neither the request nor Run.root_prompt holds a secret.
        described = describe_all({n: ns[n] for n in run.context_names}, self.redact)
        turns = self.settings.max_iterations
        if history is None:
            return Conversation.start(run.question, described, expected, turns)
        conversation, compaction = Conversation.follow(Conversation.of_run(history), run.question,
                                                       described if run.context_names else None, expected, turns,
                                                       self.settings.history_chars)
        if compaction is not None:
            run.compactions.append(asdict(compaction))
        return conversation

    def _turn(self, session: _Session, run: Run, conversation: Conversation, ns: dict[str, Any],
              subcalls: SubCalls, final: FinalSlot, baseline: frozenset[str],
              turn: int, reads: grounding.ContextReads, resample: bool = False) -> tuple[Iteration, ParsedReply]:
        """One root call and the code blocks of its reply, run in order (stopping after a FINAL in code).

        A block that would rebind a context variable is kept in the record, not run (``grounding.rebound``),
        and so are the blocks written after an output the model made up (``ParsedReply.unrun``).
        """
        budget, bus = session.meter.budget, session.bus
        bus.emit(IterationStarted(run, turn))
        started = budget.elapsed()
        done = self._root_call(session, run, conversation, self._streamer(bus, run, turn), resample=resample)
        it = Iteration(index=turn, reply=self.redact(done.text), started_s=started, cached=done.cached,
                       prompt_tokens=done.prompt_tokens, completion_tokens=done.completion_tokens,
                       usage_estimated=done.usage_estimated, finish_reason=done.finish_reason,
                       reasoning=self.redact(done.reasoning))
        run.iterations.append(it)
        bus.emit(RootReplied(run, it))
        parsed = parse_reply(it.reply)
        final.given = False
        ns.update(helpers(subcalls, final, ns, baseline))  # every turn: code that deleted a helper cannot break the run
        executor = session.executor_factory(ns, _min(self.settings.cell_timeout_s, budget.remaining_s()))
        for index, code in enumerate(parsed.code):
            subcalls.at(it, index)
            bus.emit(CellStarted(run, it, code))
            before = dict(ns)
            rebinds = grounding.rebound(code, reads.data_names, reads.names)
            if rebinds:
                self._keep_cell(run, it, CodeCell(code=code, error=prompts.rebinds_context(rebinds)), ns, before, bus)
                continue
            try:
                cell = executor.run(code)
            except CellInterrupted as stop:  # keep the block as far as it ran, then end the run
                self._keep_cell(run, it, stop.cell, ns, before, bus)
                raise
            self._keep_cell(run, it, cell, ns, before, bus)
            if final.given:
                break
        else:
            for code in parsed.unrun:  # built on an output the model made up: in the record, not run
                bus.emit(CellStarted(run, it, code))
                self._keep_cell(run, it, CodeCell(code=code, error=prompts.AFTER_MADE_UP_OUTPUT), ns, dict(ns), bus)
        return it, parsed

    def _keep_cell(self, run: Run, it: Iteration, cell: CodeCell, ns: dict[str, Any], before: dict[str, Any],
                   bus: EventBus) -> None:
        cell.created = created_by(ns, before)
        it.cells.append(self.redact.cell(cell))
        bus.emit(CellFinished(run, it, it.cells[-1]))

    def _last_word(self, session: _Session, run: Run, conversation: Conversation, ns: dict[str, Any]) -> None:
        """Out of turns: one forced call for the best partial answer (no code runs); the status stays."""
        try:
            session.meter.budget.check()
            done = self._root_call(session, run, conversation, None, prompts.OUT_OF_TURNS)
        except LimitReached:
            return
        run.last_word = self.redact(done.text)
        final = parse_reply(run.last_word).final
        if final is None or (final.kind == "value" and not recovery.in_outputs(final.text, run)):
            return  # prose alone is not an answer: a value must have appeared in what the code printed
        answer = ns.get(final.text) if final.kind == "var" else final.value()
        if answer is not None:
            run.answer = self.redact(answer) if isinstance(answer, str) else answer  # as an accepted FINAL
            run.answer_source = "the model's last forced reply, checked against what its code printed"
            run.message += "; the answer is the model's best partial answer from one last forced reply"

    def _root_call(self, session: _Session, run: Run, conversation: Conversation,
                   on_text: Callable[[str], None] | None, extra: str | None = None,
                   resample: bool = False) -> Completion:
        """One root call with the root's request parameters, charged, and its notice said once per run.

        A request the endpoint finds too long for the model's window is sent again with the earlier
        outputs cut tighter (``Conversation.tighten``), and the run says so once per step. A field we send
        by default (``temperature``) that the model does not take is not sent to that endpoint and model
        again in this process (``REFUSED_FIELDS``), and every run says so once; a field the user set in
        ``params`` is never dropped. ``resample``: the turn before repeated its predecessor, so this one is
        sampled (``resample_temperature``).
        """
        where = (session.client.base_url, self.model)
        while True:
            refused = {name: notice for name, notice in REFUSED_FIELDS.under(*where).items()
                       if name in self._root_defaults and name not in self.settings.params}
            for notice in refused.values():  # only for a field this RLM would have sent by default
                self._notice(session, run, notice)
            defaults = {name: value for name, value in self._root_defaults.items() if name not in refused}
            if resample and "temperature" in defaults and self.settings.resample_temperature is not None:
                defaults["temperature"] = self.settings.resample_temperature
            try:
                done = session.client.complete(self.model, conversation.request(extra), on_text=on_text,
                                               **{**defaults, **self.settings.params})
                break
            except ContextTooLong:
                if not conversation.tighten():
                    raise
                self._notice(session, run, prompts.outputs_cut(conversation.output_cap or 0))
            except UnsupportedParameter as refusal:
                if refusal.param not in defaults or refusal.param in self.settings.params:
                    raise
                REFUSED_FIELDS.add((*where, refusal.param), prompts.default_refused(
                    self.model, refusal.param, self._root_defaults[refusal.param], refusal.reason))
        session.meter.charge(run, self.model, done)
        if done.notice is not None:
            self._notice(session, run, done.notice)
        return done

    @staticmethod
    def _notice(session: _Session, run: Run, notice: str) -> None:
        if notice not in run.notices:
            run.notices.append(notice)
            session.bus.emit(EndpointNotice(run, notice))

    def _streamer(self, bus: EventBus, run: Run, turn: int) -> Callable[[str], None] | None:
        if not self.settings.stream:
            return None
        return lambda text: bus.emit(RootStreaming(run, turn, self.redact(text)))

    @staticmethod
    def _grounding(accepted: bool, answer: Any, parsed: ParsedReply, final: FinalSlot, run: Run,
                   history: Run | None, reads: grounding.ContextReads, notes: list[str]) -> Grounding | None:
        """The grounding of an answer that ends the run, or None (explained in ``notes``) when it may not.

        Why refused, not only marked: a real small model read the data, found nothing, and wrote
        ``Final("1976")``; marked ungrounded, that still reached the user as a ``final`` answer. Every value
        of an answer must have appeared in an output (or in the question and the data's description), so
        a derived figure costs one more turn: print it, then finish. A run with nothing to read may answer
        at once, marked. A typed answer with no values at all (``FINAL('No errors found')``) is refused over
        data while no output has shown anything: a real small model wrote that after blocks that printed nothing.
        """
        if not accepted:
            return None
        typed = parsed.final if not final.given and parsed.final and parsed.final.kind == "value" else None
        as_text = typed is not None and typed.text not in (run.namespace or {})  # FINAL(x) of a variable: computed
        if as_text and not reads.nothing_to_read and not grounding.anything_shown(run, history):
            notes.append(prompts.NOTHING_SHOWN)  # a claim about data no output has shown any of
            return None
        verdict = grounding.check(answer, run, history, typed=typed.text if typed else None)
        if reads.nothing_to_read:
            return verdict
        if as_text and typed is not None and recovery.picked_from_table(typed.text, run):
            notes.append(prompts.picked_by_eye(typed.text))  # a choice read off a table, not selected by code
            return None
        if verdict.grounded and recovery.nothing(answer):
            texts = recovery.data_texts(run.namespace or {}, reads.data_names)
            if texts and not recovery.data_shown(run, texts):
                notes.append(prompts.nothing_found_unseen(sorted(reads.data_names)))  # the search, not the data?
                return None
        if verdict.grounded:
            return verdict
        notes.append(prompts.ungrounded_final(verdict.unseen))
        return None

    def _resolve_final(self, parsed: ParsedReply, it: Iteration, final: FinalSlot, ns: dict[str, Any],
                       expect: type | None, notes: list[str], baseline: frozenset[str],
                       reads: grounding.ContextReads) -> tuple[bool, Any]:
        """Decide whether this turn ended the run; explain to the model (``notes``) when it did not."""
        written = parsed.final
        if not final.given and written is None:
            if not parsed.code:
                notes.append(prompts.NO_CODE_NO_FINAL)
            return False, None
        if any(c.error for c in it.cells):  # an answer next to failing code is a guess, not a result
            notes.append(prompts.FINAL_AFTER_ERROR)
            return False, None
        if not reads.done():  # an answer before any code looked at the data comes from memory
            failed = reads.last_failed_read()
            notes.append(prompts.UNREAD_CONTEXT if failed is None else prompts.unread_after_error(failed))
            return False, None
        if final.given or written is None:
            answer = final.value
        elif written.kind == "var" or _names_a_variable(written.text, ns, reads):
            if written.text not in ns:
                notes.append(prompts.unknown_final_var(written.text, created_names(ns, baseline),
                                                       bare=written.kind == "value"))
                return False, None
            if recovery.set_by_failed_block(written.text, reads.run):
                notes.append(prompts.set_by_failed_block(written.text))
                return False, None
            answer = ns[written.text]
        else:
            answer = written.value()
        same = grounding.input_named(answer, ns, reads.data_names)
        if same is not None:
            notes.append(prompts.answer_is_input(same))
            return False, None
        if expect is not None and not _matches(answer, expect):
            notes.append(prompts.wrong_type(type(answer).__name__, _label(expect)))
            return False, None
        return True, answer


def _document_settings() -> None:
    """List every setting, with its help and the reason for its default, in ``help(RLM)``: never out of date."""
    lines = [f"            {f.name} = {getattr(DEFAULTS, f.name)!r}: {f.metadata['help']}"
             + (f" (why: {f.metadata['why']})" if f.metadata["why"] else "") for f in dataclasses.fields(Settings)]
    RLM.__init__.__doc__ = (RLM.__init__.__doc__ or "") + "\n" + "\n".join(lines) + "\n"


_document_settings()


def _context_mapping(context: object) -> dict[str, object]:
    if context is None:
        return {}
    if isinstance(context, Mapping) and all(isinstance(k, str) for k in context):
        bad = [k for k in context if not k.isidentifier() or k in HELPER_NAMES]
        if bad:
            raise ValueError(f"context names must be Python identifiers other than the helpers {HELPER_NAMES}; "
                             f"got {bad}")
        return dict(context)
    return {"context": context}


_EXPECT_ALIASES = {"int": numbers.Integral, "float": numbers.Real, "number": numbers.Number, "str": str,
                   "list": list, "dict": dict, "tuple": tuple, "set": set, "bool": bool}


def _expect_type(expect: type | str | None) -> type | None:
    """Resolve ``expect``: a type, or a name such as 'DataFrame', 'int', 'list', 'ndarray'."""
    if expect is None or isinstance(expect, type):
        return expect
    name = expect.strip()
    if name in _EXPECT_ALIASES:
        return _EXPECT_ALIASES[name]
    if name in ("DataFrame", "Series"):
        import pandas

        return cast(type, getattr(pandas, name))
    if name == "ndarray":
        import numpy

        return numpy.ndarray
    known = ", ".join(list(_EXPECT_ALIASES) + ["DataFrame", "Series", "ndarray"])
    raise ValueError(f"unknown expected type {expect!r}; use one of {known}, or pass a type")


def _label(expect: type) -> str:
    return next((name for name, t in _EXPECT_ALIASES.items() if t is expect), expect.__name__)


def _matches(answer: Any, expect: type) -> bool:
    if expect is numbers.Integral and isinstance(answer, bool):
        return False
    return isinstance(answer, expect)


def _names_a_variable(text: str, ns: dict[str, Any], reads: grounding.ContextReads) -> bool:
    """``FINAL(name)`` meant as ``FINAL_VAR``: a bare identifier that is a variable or that the code assigned,
    or, over data, a word no output of the code showed.

    A bare word an output showed (``FINAL(north)`` after the code printed ``north``) stays a text answer, and
    so does any word in a run with nothing to read. Why the last rule: over a needle search, a real small
    model wrote ``Final(answer): None`` with no variable of that name, and the word ``answer`` came back as a
    final answer.
    """
    if not text.isidentifier() or text in HELPER_NAMES:
        return False
    if text in ns or text in recovery.assigned_names(reads.run):
        return True
    return not reads.nothing_to_read and not grounding.word_shown(text, reads.run)


def _cell_text(cell: CodeCell) -> str:
    parts = [cell.stdout, cell.stderr]
    if cell.value is not None:
        parts.append(cell.value)
    if cell.error:
        parts.append(cell.error)
    return "\n".join(p.rstrip("\n") for p in parts if p)


def _min(a: float | None, b: float | None) -> float | None:
    values = [v for v in (a, b) if v is not None]
    return min(values) if values else None
