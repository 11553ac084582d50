"""The RLM loop: prompt -> root reply -> code blocks -> execute -> feedback -> final.

The long context never enters a prompt: it is bound as variables in the
namespace and the root model sees only ``context.describe_all`` metadata, a
constant number of tokens whatever the data size. Everything else lives in its
own module so this file stays readable in one sitting: the client stack and what
a run shares with its children (``session``), a run's state (``state``), the
inputs (``inputs``), the end of a run without an accepted answer (``ending``),
parsing (``dialogue``), execution (``executor``), sub-calls, limits (``budget``),
the record (``record``) and the policy (``trust``).
"""
from __future__ import annotations

import dataclasses
import datetime as _dt
import os
import re
import uuid
from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from ...llm.client import ChatClient, LLMError
from ...llm.context_windows import ContextWindows
from ...text import clip, plural
from ..dialogue import prompts
from ..dialogue.conversation import Conversation
from ..dialogue.helpers import created_by, dialect_final, helpers
from ..dialogue.protocol import ParsedReply, parse_reply
from ..record.events import (
    CellFinished,
    CellStarted,
    EventBus,
    IterationFinished,
    IterationStarted,
    Observer,
    RootReplied,
    RootStreaming,
    RunFinished,
    RunStarted,
)
from ..record.replay import REPLAY_ENV, Recording, replay_requested
from ..record.trajectory import CodeCell, Iteration, Run
from ..safety import guard
from ..safety.residue import Residue
from ..safety.views import Views
from ..settings import DEFAULTS, NAMES, Settings
from ..trust.acceptance import Acceptance
from ..trust.gates import Policy
from ..trust.printed import cell_shown
from . import ending
from .budget import LimitReached
from .context import describe_all
from .executor import STOPPED_AT, CellInterrupted, ExecutorFactory, default_executor
from .inputs import context_mapping, expect_label, expect_type
from .isolation import IsolationLost
from .session import PACKAGE_VERSION, Clients, Session, isolation_for, open_session
from .state import Repeats, RunState
from .subcalls import SubCalls


class RLM:
    """A Recursive Language Model over any OpenAI-compatible endpoint. Usable from plain Python.

    >>> rlm = RLM(model="gpt-5-mini", budget_usd=1.0)                        # doctest: +SKIP
    >>> run = rlm.run("How many errors?", context={"logs": big_string})  # doctest: +SKIP
    >>> run.answer, run.status, run.cost_usd                                # doctest: +SKIP
    """

    def __init__(self, settings: Settings | None = None, *, client: ChatClient | None = None,
                 observers: tuple[Observer, ...] = (), replay: Run | Recording | str | os.PathLike[str] | None = None,
                 **overrides: Any) -> None:
        """Keyword-only. ``settings`` (a ``Settings``) and ``overrides`` (its field names) set every option.

        ``client`` replaces the HTTP client, and ``observers`` receive every event of every run.
        ``replay`` (a ``Run``, or the path of a ``--record`` file) answers every call from that recording,
        with its settings unless ``settings`` is given: the recorded code runs on the data it is given now,
        no model is called and nothing is spent. With ``$RLM_REPLAY`` set, an RLM without one refuses to
        be built, so a verification job never reaches a model. The settings:
        """
        unknown = sorted(set(overrides) - NAMES)
        if unknown:
            raise TypeError(f"RLM() got an unknown setting {unknown[0]!r}; settings are: {', '.join(sorted(NAMES))}")
        self.recording = Recording.of(replay) if replay is not None else None
        if self.recording is None and client is None and replay_requested() is not None:
            raise ValueError(f"{REPLAY_ENV} is set, so no model may be called: pass RLM(replay=...) a recording "
                             f"(a Run, or a --record file), or unset {REPLAY_ENV}")
        if settings is None and self.recording is not None:
            settings = self.recording.run.settings_used()
        self.settings = settings.replace(**overrides) if settings is not None else Settings(**overrides)
        config = self.settings
        self.model, self.sub_model = config.model, config.sub
        self.policy = Policy.parse(config.acceptance)
        self.windows = ContextWindows(config.context_windows)
        clients = Clients.build(config, client, self.recording)
        self.client, self.redact, self.prices, self.root = clients.client, clients.redact, clients.prices, clients.root
        self.observers = tuple(observers)

    def close(self) -> None:
        self.client.close()

    def __enter__(self) -> RLM:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def run(self, question: str, context: object = None, *, expect: type | str | None = None,
            namespace: dict[str, Any] | None = None, executor_factory: ExecutorFactory = default_executor,
            observers: tuple[Observer, ...] = (), continue_from: Run | None = None, views: Views | None = None) -> Run:
        """Answer ``question`` about ``context`` (a mapping of variable names to objects, or one object).

        ``namespace`` is the REPL dict the code runs in (a fresh one if None);
        the Jupyter layer passes its own, plus an executor for hidden cells,
        and ``views``, what that namespace gave the model for the user's other
        objects (``engine/safety/views.py``): the context variables are given through it too.
        With ``isolated`` set, all three are the isolated REPL's instead: only the
        context variables cross into its worker process.
        ``expect`` rejects answers of another type and asks the model to fix them.
        ``continue_from`` asks a follow-up in that run's conversation and namespace.
        """
        if not isinstance(question, str) or not question.strip():
            raise ValueError("question must be a non-empty string")
        variables = context_mapping(context)
        history = None
        if continue_from is not None:
            if continue_from.namespace is None:
                raise ValueError(f"run {continue_from.id} cannot be continued: its REPL namespace is gone (it was "
                                 "loaded from a file, or its kernel restarted); ask the question without continuing")
            namespace, history = continue_from.namespace, continue_from
            views = continue_from.views if continue_from.views is not None else views
        expected = expect_type(expect)
        isolation = isolation_for(self.settings, history)
        if isolation is not None:  # the REPL is the worker's: only the context variables cross into it
            if history is None:
                namespace, views = isolation.namespace(), Views()
            executor_factory = isolation.executor
        with open_session(self.settings, Clients(self.client, self.redact, self.prices, self.root),
                          self.observers + tuple(observers), executor_factory, isolation) as session:
            return self._run(session, question, variables, namespace if namespace is not None else {}, 0,
                             expected, history, views)

    def _run(self, session: Session, question: str, variables: dict[str, object], ns: dict[str, Any],
             depth: int, expect: type | None, history: Run | None = None, views: Views | None = None,
             ancestors: tuple[Run, ...] = ()) -> Run:
        # The context variables are given as views (a DataFrame's copy-on-write copy, a read-only array...): the
        # model's in-place changes stay its own. ``views`` also knows the namespace's other objects (the overlay's).
        views = views if views is not None else Views()
        # The question goes into the first prompt and the record: a key pasted into it must not.
        run = Run(id=new_run_id(), question=self.redact(question), model=self.model,
                  sub_model=self.sub_model,
                  context_names=list(variables), depth=depth, prompt_version=prompts.PROMPT_VERSION,
                  version=PACKAGE_VERSION,
                  settings=self.settings.to_record(), started_at=_dt.datetime.now(_dt.UTC).isoformat(),
                  continues=history.id if history else None, namespace=ns, views=views)
        if self.recording is not None and not depth:  # a child run is part of the replayed run
            run.replayed_from = self.recording.source()
            run.replay_of = run.replayed_from.run_id
        run.use_redactor(self.redact)  # every later serialization (run.save() by the user too) redacts
        started = session.meter.budget.elapsed()
        given = views.protect_context(variables)
        ns.update(given)
        if len(given) == 1 and "context" not in ns:
            ns["context"] = next(iter(given.values()))  # the same view, not a second one
        views.snapshot()
        if session.isolation is not None:
            run.isolation = session.isolation.describe(ns)
        subcalls = SubCalls(run=run, client=session.client, meter=session.meter, bus=session.bus,
                            sub_model=self.sub_model, depth=depth, max_depth=self.settings.max_depth,
                            concurrency=self.settings.concurrency, redact=self.redact, windows=self.windows,
                            cancel=session.cancel, params=self.settings.sub_params,
                            spawn_child=lambda q, c: self._run(session, q, context_mapping(c), session.namespace(),
                                                               depth + 1, None, ancestors=(run, *ancestors)))
        conversation = self._opening(run, ns, expect, history)
        run.root_prompt = conversation.request()
        baseline = frozenset(ns)
        residue = None if depth else Residue.take(self)  # the process as the run found it: put back at its end
        # From here to the end of the run, code whose globals are ``ns`` is the model's, and this thread is the
        # run's: what the engine does here, it does for the run (engine/safety/guard.py).
        guarded = (guard.register(ns, session.watch, [run, *ancestors], own_thread=True)
                   if session.watch is not None else None)
        state = RunState(session, run, ns, subcalls, conversation,
                          Acceptance(self.policy, run, history, ns, expect, expect_label(expect) if expect else "",
                                     baseline), baseline, guarded)
        session.bus.emit(RunStarted(run))
        try:
            self._loop(state)
        except LimitReached as stop:
            run.status, run.message = stop.status, stop.message  # type: ignore[assignment]
        except KeyboardInterrupt:
            run.status, run.message = "interrupted", "interrupted (kernel interrupt or Ctrl-C); partial run kept"
        except LLMError as exc:
            run.status, run.message = "error", self.redact(str(exc))  # an endpoint's error may echo a header
        except IsolationLost as exc:
            run.status, run.message = "error", self.redact(str(exc))
        finally:
            try:
                self._finish(session, run, views, ns, residue, guarded, started)
            finally:
                if guarded is not None:
                    guard.unregister(guarded)
            if depth:  # a child (rlm_query) is never continued: what its code built goes now, not with the parent
                if session.isolation is not None:
                    session.isolation.release(ns)
                run.release_namespace()
        return run

    def _finish(self, session: Session, run: Run, views: Views, ns: dict[str, Any], residue: Residue | None,
                guarded: guard.Registration | None, started: float) -> None:
        """The end of a run, still watched: the panel and the report call into the model's objects (its answer's
        repr). What changed in the user's objects and in the process is on the record before RunFinished."""
        changes = views.changes(ns, run.answer)
        run.changed_in_place = changes.in_place
        # A child's copies are of objects its parent's code handed it, and its namespace goes as it ends.
        run.changed_copies = [] if run.depth else changes.copies
        if residue is not None:
            with guard.not_the_runs(guarded):  # the engine's own work for the user, not for the run
                run.undone += residue.undo()
        run.wall_s = session.meter.budget.elapsed() - started
        if not run.depth and session.scratch:
            run.scratch = guard.left_files(session.scratch)
        session.bus.emit(RunFinished(run))

    def _loop(self, state: RunState) -> None:
        """Turn after turn until the policy accepts a FINAL or a limit stops the run."""
        run, limits = state.run, self.settings
        for turn in range(limits.max_iterations):
            state.budget.check()
            it, parsed = self._turn(state, turn)
            if it.refusal:  # the model said it will not answer: no FINAL will come, and none is made up here
                run.status, run.message = "declined", f"not answered: the model declined: {_first_sentence(it.refusal)}"
                state.bus.emit(IterationFinished(run, it))
                return
            decision = state.acceptance.final(it, parsed, state.final)
            it.duration_s = state.budget.elapsed() - it.started_s
            if decision.ended:
                run.status, run.answer = "final", state.redacted(decision.answer)
                run.message = f"answered in {plural(turn + 1, 'turn')}"
                run.grounding = decision.grounding
                state.bus.emit(IterationFinished(run, it))
                return
            notes = [prompts.REPLY_CUT] if it.finish_reason == "length" else []
            repeated = state.repeats.same_as_last(parsed)
            if repeated and state.repeats.count >= Repeats.STOP_AFTER:
                run.status = "repetition"
                run.message = f"the model repeated the same turn {state.repeats.count + 1} times"
                ending.salvage(state)
                state.bus.emit(IterationFinished(run, it))
                return
            notes += [*decision.notes, *state.acceptance.notes(it, repeated)]
            it.feedback = prompts.feedback([cell_shown(c) for c in it.cells], notes, turn + 1, limits.max_iterations)
            state.conversation.add_turn(it.reply, it.feedback)
            state.bus.emit(IterationFinished(run, it))
        run.status, run.message = "max_iterations", f"no FINAL after {limits.max_iterations} turns"
        ending.last_word(state)
        if run.answer is None:
            ending.salvage(state)

    def _turn(self, state: RunState, turn: int) -> tuple[Iteration, ParsedReply]:
        """One root call and the code blocks of its reply (``_blocks``); the turn's time, also when a stop ends it."""
        run, bus = state.run, state.bus
        bus.emit(IterationStarted(run, turn))
        started = state.budget.elapsed()
        done = state.root_call(self._streamer(bus, run, turn), resample=state.repeats.count > 0)
        it = Iteration(index=turn, reply=self.redact(done.text), started_s=started, cached=done.cached,
                       prompt_tokens=done.prompt_tokens, completion_tokens=done.completion_tokens,
                       usage_estimated=done.usage_estimated, finish_reason=done.finish_reason,
                       reasoning=self.redact(done.reasoning), refusal=self.redact(done.refusal))
        run.iterations.append(it)
        bus.emit(RootReplied(run, it))
        parsed = parse_reply(it.reply)
        try:
            if not it.refusal:  # nothing of a declined turn runs
                self._blocks(state, it, parsed)
        finally:  # a stop in a block ends the run here: the turn still took the time it took (report, timeline)
            it.duration_s = state.budget.elapsed() - started
        return it, parsed

    def _blocks(self, state: RunState, it: Iteration, parsed: ParsedReply) -> None:
        """The turn's code blocks, run in order (stopping after a FINAL in code).

        The policy may keep a block in the record without running it (``Acceptance.block``), and the blocks
        written after an output the model made up (``ParsedReply.unrun``).
        """
        run, ns, bus, turn = state.run, state.ns, state.bus, it.index
        state.final.given = False
        # Every turn: code that deleted a helper cannot break the run.
        ns.update(helpers(state.subcalls, state.final, ns, state.baseline))
        executor = state.session.executor_factory(ns, _min(self.settings.cell_timeout_s, state.budget.remaining_s()))
        made_up_runs = state.acceptance.run_made_up(it, parsed)
        blocks = parsed.code + (parsed.unrun if made_up_runs else [])
        for index, code in enumerate(blocks):
            state.subcalls.at(it, index)
            if state.guarded is not None:
                state.guarded.at(turn, index)
            before = dict(ns)
            try:  # from its announcement on, a block to run is on the record, whenever a stop lands
                bus.emit(CellStarted(run, it, code))
                refused = state.acceptance.block(it, index, code)
                cell = CodeCell(code=code, error=refused) if refused is not None else executor.run(code)
            except CellInterrupted as stop:  # keep the block as far as it ran, then end the run
                self._keep_cell(state, it, stop.cell, before)
                raise
            except IsolationLost as lost:  # the isolated REPL had to be ended in this block: keep it, end the run
                if lost.cell is not None:
                    self._keep_cell(state, it, lost.cell, before)
                raise
            except KeyboardInterrupt:  # the stop came after the block was announced, outside the executor's record
                self._keep_cell(state, it, CodeCell(code=code, error=STOPPED_AT), before)
                raise
            self._keep_cell(state, it, cell, before)
            if refused is not None:
                continue
            dialect_final(ns, state.final)  # `answer = {"content": x, "ready": True}` rebound in the block
            if state.final.given:
                break
        else:
            for code in [] if made_up_runs else parsed.unrun:  # built on an output the model made up: not run
                bus.emit(CellStarted(run, it, code))
                self._keep_cell(state, it, CodeCell(code=code, error=prompts.AFTER_MADE_UP_OUTPUT), dict(ns))

    def _keep_cell(self, state: RunState, it: Iteration, cell: CodeCell, before: dict[str, Any]) -> None:
        """Record a block with what it bound and the text the model is sent for it (clipped, redacted).

        What the guard refused for the block is always told: a refusal the engine met acting for it (describing
        the variables it made calls their reprs; an engine class it handed a callable may swallow the error) is
        added to its output when the output does not already say it."""
        index = len(it.cells)
        cell.created = created_by(state.ns, before)
        shown = cell.output_text()
        unseen = [a for a in state.run.guard if a.refused and a.run_id == state.run.id
                  and a.iteration == it.index and a.cell == index and f"refused {a.what}" not in shown]
        if unseen:
            told = (guard.refusal(a.category, a.what, guard.OS_LIMITS if a.by else "") for a in unseen)
            cell.stderr = "\n".join(filter(None, [cell.stderr.rstrip("\n"), *dict.fromkeys(told)]))
        cell = self.redact.cell(cell)
        cell.shown = clip(cell.output_text(), self.settings.max_output_chars)
        it.cells.append(cell)
        state.bus.emit(CellFinished(state.run, it, cell))

    def _opening(self, run: Run, ns: dict[str, Any], expect: type | None, history: Run | None) -> Conversation:
        """The first root request: system prompt and question, or the compacted history and a follow-up."""
        expected = expect_label(expect) if expect else None
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

    def _streamer(self, bus: EventBus, run: Run, turn: int) -> Callable[[str], None] | None:
        if not self.settings.stream:
            return None
        return lambda text: bus.emit(RootStreaming(run, turn, self.redact(text)))


def _document_settings() -> None:
    """List every setting, with its help and the reason for its default, in ``help(RLM)``: never out of date."""
    lines = [f"            {f.name} = {getattr(DEFAULTS, f.name)!r}: {f.metadata['help']}"
             + (f" (why: {f.metadata['why']})" if f.metadata["why"] else "") for f in dataclasses.fields(Settings)]
    RLM.__init__.__doc__ = (RLM.__init__.__doc__ or "") + "\n" + "\n".join(lines) + "\n"


_document_settings()


def _first_sentence(text: str, limit: int = 200) -> str:
    """The first sentence of ``text`` on one line: what a status message quotes of a longer text."""
    return clip(" ".join(re.split(r"(?<=[.!?])\s", text.strip(), maxsplit=1)[0].split()), limit, keep="head")


def _min(a: float | None, b: float | None) -> float | None:
    values = [v for v in (a, b) if v is not None]
    return min(values) if values else None


def new_run_id() -> str:
    """Twelve hex digits, one at least a letter. Why the letter: one uuid4 prefix in about 280 is all decimal
    digits, which reads as a figure; the notebooks' sanitizer (``nbval_sanitize.cfg``) masks ids by their letter,
    so that it never masks a twelve-digit figure, and a saved run with an all-digit id failed its replay check."""
    while True:
        run_id = uuid.uuid4().hex[:12]
        if not run_id.isdigit():
            return run_id
