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
from typing import Any

from IPython.core.error import UsageError
from IPython.core.magic import Magics, line_cell_magic, magics_class, no_var_expand
from IPython.core.magic_arguments import argument, magic_arguments
from IPython.display import display
from traitlets import Dict, Float, Integer, Unicode, default

from ..engine.loop import RLM
from ..engine.trajectory import Run
from ..llm.client import LLMError
from .hidden_cell import executor_factory
from .namespace import Overlay, ResultNames


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

    @default("model")
    def _default_model(self) -> str:
        return os.environ.get("RLM_MODEL", "gpt-5-mini")

    @default("sub_model")
    def _default_sub_model(self) -> str | None:
        return os.environ.get("RLM_SUB_MODEL")

    def __init__(self, shell: Any = None, **kwargs: Any) -> None:
        super().__init__(shell=shell, **kwargs)
        self.last_run: Run | None = None
        self._names = ResultNames()

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
        args = self.rlm.parser.parse_intermixed_args(words)
        names, question = self._question(args.words, cell)
        context = {name: self._lookup(name) for name in names}
        run = self._execute(args, question, context)
        self.last_run = run
        self._report(args, run)
        return None

    def _last(self) -> Run:
        if self.last_run is None:
            raise UsageError("%rlm last: no run yet in this kernel; run %%rlm first")
        return self.last_run

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

    def _engine(self, args: Namespace) -> RLM:
        options: dict[str, Any] = dict(
            model=_pick(args.model, self.model), sub_model=_pick(args.sub_model, self.sub_model),
            base_url=self.base_url, api_key=self.api_key,
            max_iterations=_pick(args.max_iterations, self.max_iterations),
            max_depth=_pick(args.max_depth, self.max_depth), budget_usd=_pick(args.budget, self.budget_usd),
            max_tokens=self.max_tokens, timeout_s=_pick(args.timeout, self.timeout_s),
            cell_timeout_s=self.cell_timeout_s, concurrency=self.concurrency, prices=self.prices)
        try:
            return RLM(**options)
        except (ValueError, LLMError) as exc:
            raise UsageError(f"%rlm: {exc}") from None

    def _execute(self, args: Namespace, question: str, context: dict[str, object]) -> Run:
        overlay = Overlay(self.shell.user_ns)
        with self._engine(args) as engine:
            try:
                run = engine.run(question, context, expect=args.expect, namespace=overlay.namespace,
                                 executor_factory=executor_factory(self.shell))
            except ValueError as exc:
                raise UsageError(f"%rlm: {exc}") from None
        if args.share:
            shared, skipped = overlay.share()
            if shared:
                print(f"shared into your namespace: {', '.join(shared)}")
            if skipped:
                print(f"not shared (you already have these names): {', '.join(skipped)}")
        return run

    def _report(self, args: Namespace, run: Run) -> None:
        user_ns = self.shell.user_ns
        answer_name = self._names.bind(user_ns, args.out or self.out, run.answer, explicit=bool(args.out))
        run_name = self._names.bind(user_ns, "rlm_run", run, explicit=False)
        print(f"{run.summary()}. Answer -> {answer_name}, record -> {run_name}")
        if run.status != "final":
            print(f"{run.status}: {run.message}")
        if not args.quiet and run.answer is not None:
            display(run.answer)


def _pick(option: Any, configured: Any) -> Any:
    """A command-line option wins over the configured value, even when it is 0 (so 0 is rejected, not ignored)."""
    return configured if option is None else option
