"""``%rlm`` / ``%%rlm``: parsing and wiring only; the engine does the work.

Three spellings run a model over live variables:
    %rlm df_orders "cohort retention by month"          (line)
    %%rlm df_orders                                       (question in the cell body)
    %%rlm df_orders "cohort retention by month"          (empty body: rewritten to the line form)
and ``%rlm last`` shows the most recent Run.
"""
from __future__ import annotations

import difflib
import os
import shlex
from argparse import Namespace
from pathlib import Path
from typing import Any

from IPython.core.error import UsageError
from IPython.core.magic import Magics, line_cell_magic, magics_class, no_var_expand
from IPython.core.magic_arguments import argument, magic_arguments
from IPython.display import display
from traitlets import Bool, Dict, Float, Integer, Unicode, default

from ..engine.diff import answer_diff
from ..engine.export import export_code
from ..engine.loop import RLM
from ..engine.trajectory import Run
from ..llm.cache import default_cache_dir, open_cache
from ..llm.client import LLMError, check_reachable
from ..llm.replay import replay_client
from .hidden_cell import executor_factory
from .namespace import Overlay, ResultNames
from .recordings import find_recording
from .ledger import Ledger
from .view import RunView


@magics_class
class RLMMagics(Magics):
    """Configure with ``%config RLMMagics.model = "gpt-5-mini"`` (or in ipython_config.py)."""

    model = Unicode(help="Root model (default: $RLM_MODEL, else gpt-5-mini).").tag(config=True)
    sub_model = Unicode(None, allow_none=True, help="Sub-call model (default: $RLM_SUB_MODEL, else the root model).").tag(config=True)
    base_url = Unicode(None, allow_none=True, help="OpenAI-compatible endpoint (default: $OPENAI_BASE_URL, else OpenAI).").tag(config=True)
    api_key = Unicode(None, allow_none=True, help="API key (default: $OPENAI_API_KEY).").tag(config=True)
    max_iterations = Integer(20, help="Root turns per run.").tag(config=True)
    max_depth = Integer(1, help="1: sub-calls are plain LLM calls; 2+: rlm_query recurses.").tag(config=True)
    budget_usd = Float(None, allow_none=True, help="Stop when this many dollars are spent.").tag(config=True)
    max_tokens = Integer(None, allow_none=True, help="Stop when this many tokens are used.").tag(config=True)
    timeout_s = Float(None, allow_none=True, help="Wall-time limit per run, seconds.").tag(config=True)
    cell_timeout_s = Float(120.0, allow_none=True, help="Time limit per hidden cell, seconds.").tag(config=True)
    concurrency = Integer(16, help="Concurrent sub-calls in llm_query_batched.").tag(config=True)
    prices = Dict(help='Extra prices, USD per 1M tokens: {"model": [input, output]}.').tag(config=True)
    out = Unicode("rlm_answer", help="Default variable for the answer.").tag(config=True)
    rate_limits = Dict(help='Provider rate limits per model ("*" for all): {"gpt-5-mini": {"rpm": 500, "tpm": 200000}}.'
                       ).tag(config=True)
    history_chars = Integer(60_000, help="A follow-up's history is compacted past this many characters.").tag(config=True)
    cache = Bool(True, help="Answer repeated calls from the on-disk response cache.").tag(config=True)
    cache_dir = Unicode(help="Response cache folder (default: $RLM_CACHE_DIR, else ~/.cache/rlm_jupyter).").tag(config=True)

    @default("cache_dir")
    def _default_cache_dir(self) -> str:
        return str(default_cache_dir())

    @default("model")
    def _default_model(self) -> str:
        return os.environ.get("RLM_MODEL", "gpt-5-mini")

    @default("sub_model")
    def _default_sub_model(self) -> str | None:
        return os.environ.get("RLM_SUB_MODEL")

    def __init__(self, shell: Any = None, **kwargs: Any) -> None:
        super().__init__(shell=shell, **kwargs)
        self.runs: list[Run] = []
        self._names = ResultNames()
        self._reachable: set[str] = set()  # endpoints that answered a TCP connect in this session
        self._overlays: dict[str, Overlay] = {}  # the last run's namespace, so a follow-up can continue in it

    @property
    def last_run(self) -> Run | None:
        return self.runs[-1] if self.runs else None

    @magic_arguments()
    @argument("words", nargs="*", help="context variable names; in the line form the last word is the quoted question")
    @argument("-o", "--out", help="variable for the answer (default: rlm_answer)")
    @argument("--expect", help="required answer type, e.g. DataFrame, int, list: other types go back to the model")
    @argument("--model", help="root model")
    @argument("--sub-model", help="sub-call model")
    @argument("--max-iterations", type=int, help="root turns")
    @argument("--max-depth", type=int, help="recursion depth for rlm_query")
    @argument("--budget", type=float, help="USD limit")
    @argument("--timeout", type=float, help="wall-time limit in seconds")
    @argument("--share", action="store_true", help="copy the model's new variables into your namespace")
    @argument("--quiet", action="store_true", help="show only a one-line summary")
    @argument("--continue", dest="follow_up", action="store_true",
              help="ask a follow-up in the last run's conversation and namespace (its variables are still there)")
    @argument("--no-cache", action="store_true", help="neither read nor write the response cache")
    @argument("--refresh", action="store_true", help="ask the model again and overwrite the cached answers")
    @argument("--record", metavar="PATH", help="save the trajectory as JSON (Run.load reads it)")
    @argument("--replay", nargs="?", const="", metavar="PATH",
              help="re-run the recorded code on the current data, answering calls from the recording "
                   "(PATH, or this question's last run in this kernel or the saved notebook); no network")
    @no_var_expand
    @line_cell_magic
    def rlm(self, line: str, cell: str | None = None) -> Run | None:
        """Run a Recursive Language Model over live variables; the answer is bound to a variable."""
        try:
            words = shlex.split(line)
        except ValueError as exc:
            raise UsageError(f"%rlm: cannot parse the line ({exc}); close your quotes") from None
        if words == ["last"] and cell is None:
            return self._last()
        if words[:1] == ["export"] and cell is None:
            self._export(words[1:])
            return None
        if words[:1] == ["cache"] and cell is None:
            self._cache(words[1:])
            return None
        if words == ["cost"] and cell is None:
            display(Ledger(self.runs))
            return None
        if words == ["demo"] and cell is None:
            self._demo()
            return None
        try:
            args = self.rlm.parser.parse_intermixed_args(words)
        except UsageError as exc:
            raise UsageError(f"%rlm: {exc}; see %rlm? for the options") from None
        _check_paths(args)
        if args.out is not None and not args.out.isidentifier():
            raise UsageError(f"%rlm: -o {args.out!r} is not a valid variable name; use letters, digits and _")
        names, question = self._question(args.words, cell)
        context = {name: self._lookup(name) for name in names}
        recorded = self._recording(args.replay, question, names) if args.replay is not None else None
        previous = self._previous() if args.follow_up else None
        if previous is not None and recorded is not None:
            raise UsageError("%rlm: --continue and --replay do not combine; replay the follow-up's own recording")
        run = self._execute(args, question, context, recorded, previous)
        self.runs.append(run)
        self._report(args, run, recorded)
        return None

    def _last(self) -> Run:
        if self.last_run is None:
            raise UsageError("%rlm last: no run yet in this kernel; run %%rlm first")
        return self.last_run

    def _demo(self) -> None:
        """``%rlm demo``: use the bundled scripted demo model, served in this kernel (no network, no key)."""
        from ..testing.demo import start_demo_server

        server = start_demo_server(float(os.environ.get("RLM_DEMO_LATENCY", "0") or 0))
        self.model, self.sub_model, self.base_url, self.api_key = "demo-root", "demo-sub", server.base_url, "demo"
        self.cache = False  # the demo is instant and deterministic: nothing to save
        print("using the bundled demo model (scripted, served in this kernel; no network, no API key)")

    def _previous(self) -> Run:
        """The run a follow-up continues: the last top-level run of this kernel, with its live namespace."""
        run = self.last_run
        if run is None or run.id not in self._overlays:
            raise UsageError("%rlm --continue: no earlier run in this kernel to continue (a kernel restart forgets "
                             "them); ask the question without --continue")
        return run

    def _export(self, words: list[str]) -> None:
        """``%rlm export [--to FILE.py]``: the last run's code, its sub-calls answered from the record."""
        run = self._last()
        if not words:
            self.shell.set_next_input(export_code(run, "rlm_run"), replace=False)
            return
        if len(words) != 2 or words[0] != "--to" or not words[1].endswith(".py"):
            raise UsageError("%rlm export: use %rlm export (a new cell) or %rlm export --to FILE.py")
        target = Path(words[1])
        record = target.with_suffix(".run.json")
        if target.exists() or record.exists():
            raise UsageError(f"%rlm export: {target if target.exists() else record} exists; choose another name")
        run.save(record)
        target.write_text(export_code(run, f"{str(record)!r}"), encoding="utf-8")
        print(f"exported to {target} (sub-call answers in {record})")

    def _cache(self, words: list[str]) -> None:
        """``%rlm cache info`` / ``%rlm cache clear``."""
        store = open_cache(self.cache_dir)
        if words == ["info"]:
            size = sum(p.stat().st_size for p in store.path.parent.glob(store.path.name + "*"))
            print(f"{len(store):,} cached responses, {size / 1e6:.1f} MB, in {store.path}"
                  + ("" if self.cache else " (the cache is off: %config RLMMagics.cache = True)"))
        elif words == ["clear"]:
            print(f"deleted {store.clear():,} cached responses from {store.path}")
        else:
            raise UsageError("%rlm cache: use %rlm cache info or %rlm cache clear")

    def _recording(self, spec: str, question: str, names: list[str]) -> Run:
        try:
            return find_recording(spec, question, names, self.runs, self.shell.user_ns)
        except (LookupError, ValueError, KeyError) as exc:
            raise UsageError(f"%rlm: {exc}") from None

    def _question(self, words: list[str], cell: str | None) -> tuple[list[str], str]:
        if cell is not None and cell.strip():
            odd = [w for w in words if not w.isidentifier()]
            if odd:
                raise UsageError(f"%%rlm: {odd[0]!r} is not a variable name; put the question either on the "
                                 "line (with an empty cell) or in the cell body, not both")
            return words, cell.strip()
        if not words or words[-1].isidentifier() and words[-1] in self.shell.user_ns:
            raise UsageError('%rlm: no question; write %rlm VAR "your question" or put the question in a %%rlm cell body')
        return words[:-1], words[-1]

    def _lookup(self, name: str) -> object:
        user_ns = self.shell.user_ns
        if not name.isidentifier():
            raise UsageError(f"%rlm: {name!r} is not a variable name; quote the question and put it last")
        if name not in user_ns:
            visible = [n for n in user_ns if not n.startswith("_")]
            close = difflib.get_close_matches(name, visible, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else "; define it first or check the spelling"
            raise UsageError(f"%rlm: no variable {name!r} in this kernel{hint}")
        return user_ns[name]

    def _engine(self, args: Namespace, recorded: Run | None) -> RLM:
        if recorded is not None:  # follow the recorded path: same models and limits, calls from the recording
            limits = recorded.limits
            return RLM(model=recorded.model, sub_model=recorded.sub_model, client=replay_client(recorded),
                       max_iterations=limits.get("max_iterations", 20), max_depth=limits.get("max_depth", 1),
                       cell_timeout_s=self.cell_timeout_s, concurrency=self.concurrency)
        options: dict[str, Any] = dict(
            model=_pick(args.model, self.model), sub_model=_pick(args.sub_model, self.sub_model),
            base_url=self.base_url, api_key=self.api_key,
            max_iterations=_pick(args.max_iterations, self.max_iterations),
            max_depth=_pick(args.max_depth, self.max_depth), budget_usd=_pick(args.budget, self.budget_usd),
            max_tokens=self.max_tokens, timeout_s=_pick(args.timeout, self.timeout_s),
            cell_timeout_s=self.cell_timeout_s, concurrency=self.concurrency, prices=self.prices,
            cache=None if args.no_cache or not self.cache else self.cache_dir, refresh=args.refresh,
            history_chars=self.history_chars, rate_limits=self.rate_limits or None)
        try:
            engine = RLM(**options)
            if engine.client.base_url not in self._reachable:
                check_reachable(engine.client.base_url)
                self._reachable.add(engine.client.base_url)
            return engine
        except (ValueError, LLMError) as exc:
            raise UsageError(f"%rlm: {exc}") from None

    def _execute(self, args: Namespace, question: str, context: dict[str, object], recorded: Run | None,
                 previous: Run | None) -> Run:
        overlay = self._overlays[previous.id].refresh() if previous else Overlay(self.shell.user_ns)
        with self._engine(args, recorded) as engine:
            view = RunView(engine.limits.max_iterations, engine.limits.budget_usd, args.quiet, self.runs)
            try:
                run = engine.run(question, context, expect=args.expect, namespace=overlay.namespace,
                                 executor_factory=executor_factory(self.shell), observers=(view.observe,),
                                 continue_from=previous)
            except ValueError as exc:
                raise UsageError(f"%rlm: {exc}") from None
            finally:
                view.close()
        for older in self.runs:  # only the last run can be continued: let older namespaces be freed
            older.namespace = None
        self._overlays = {run.id: overlay}
        if args.share:
            shared, skipped = overlay.share()
            if shared:
                print(f"shared into your namespace: {', '.join(shared)}")
            if skipped:
                print(f"not shared (you already have these names): {', '.join(skipped)}")
        return run

    def _report(self, args: Namespace, run: Run, recorded: Run | None) -> None:
        if recorded is not None:
            run.replay_of = recorded.id
        if args.record:
            run.save(args.record)
        user_ns = self.shell.user_ns
        answer_name = self._names.bind(user_ns, args.out or self.out, run.answer, explicit=bool(args.out))
        run_name = self._names.bind(user_ns, "rlm_run", run, explicit=False)
        print(f"answer -> {answer_name}, record -> {run_name}" + (f", saved to {args.record}" if args.record else ""))
        if recorded is not None:
            print(replay_verdict(recorded, run))


def replay_verdict(recorded: Run, run: Run) -> str:
    """'reproduced' when the replay's answer equals the recorded one, else what changed."""
    if run.status != "final":
        return f"not reproduced: the replay ended with status {run.status!r}: {run.message}"
    diff = answer_diff(recorded.answer, run.answer)
    return "reproduced: the answer equals the recorded one" if diff is None else f"not reproduced:\n{diff}"


def _check_paths(args: Namespace) -> None:
    """--record never overwrites, and never writes where a replay reads."""
    if not args.record:
        return
    target = Path(args.record).expanduser()
    if args.replay is not None and args.replay and Path(args.replay).expanduser().resolve() == target.resolve():
        raise UsageError("%rlm: --record and --replay name the same file; record the replay to another path")
    if target.exists():
        raise UsageError(f"%rlm: --record {args.record} exists; choose a new path (nothing is overwritten)")
    if not target.parent.is_dir():
        raise UsageError(f"%rlm: --record {args.record}: folder {target.parent} does not exist; create it first")


def _pick(option: Any, configured: Any) -> Any:
    """A command-line option wins over the configured value, even when it is 0 (so 0 is rejected, not ignored)."""
    return configured if option is None else option
