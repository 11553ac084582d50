"""``%rlm`` / ``%%rlm``: parsing and dispatch only; the engine does the work and ``Session`` remembers.

Three spellings run a model over live variables:
    %rlm df_orders "cohort retention by month"          (line)
    %%rlm df_orders                                       (question in the cell body)
    %%rlm df_orders "cohort retention by month"          (empty body: rewritten to the line form)
and a few whole lines are subcommands (``COMMANDS``: ``%rlm last``, ``%rlm cost``...).
The words, the subcommand grammar and the settings are in ``options``.
"""
from __future__ import annotations

import difflib
import os
import re
from argparse import Namespace
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from IPython.core.error import UsageError
from IPython.core.interactiveshell import InteractiveShell
from IPython.core.magic import Magics, line_cell_magic, magics_class, no_var_expand
from IPython.core.magic_arguments import argument, kwds, magic_arguments
from IPython.display import display
from traitlets import Bool, Enum, HasTraits, TraitType, Unicode, Union
from traitlets.utils.text import indent

from ..engine.record.diff import answer_diff
from ..engine.record.export import export_code
from ..engine.record.replay import Recording, ReplayMode, replay_requested
from ..engine.record.trajectory import Run
from ..engine.run.isolation import RemoteNamespace
from ..engine.run.loop import RLM
from ..engine.safety.secrets import Redactor
from ..llm.cache import open_cache
from ..llm.client import LLMError
from .demo_mode import DemoMode
from .hidden_cell import executor_factory
from .ledger import Ledger
from .namespace import Overlay
from .notebook_replay import NotebookReplay, ReplayFailed
from .options import (
    Subcommand,
    check_run_options,
    run_settings,
    setting_options,
    setting_traits,
    split_line,
    split_question,
    subcommand,
    subcommands_help,
)
from .outcomes import outcome_error
from .recordings import RecordTarget, find_recording
from .run_guard import RunGuard
from .session import Session
from .view import RunView


@dataclass(frozen=True)
class Command:
    """A subcommand: the lines it accepts, and what answers them (given the magic and the words after the name)."""

    grammar: Subcommand
    handler: Callable[[RLMMagics, list[str]], Run | None]


def _last(magics: RLMMagics, words: list[str]) -> Run:
    """``%rlm last``: the Run itself, so the cell shows it and ``_`` holds it."""
    run = magics.session.last_run
    if run is None:
        raise UsageError("%rlm last: no run yet in this kernel; run %%rlm first")
    return run


def _export(magics: RLMMagics, words: list[str]) -> None:
    """``%rlm export [--to FILE.py]``: the last run's code, its sub-calls answered from the record."""
    run = _last(magics, [])
    if not words:
        magics._shell.set_next_input(export_code(run, "rlm_run"), replace=False)
        return
    if not words[1].endswith(".py"):
        raise UsageError("%rlm export: use %rlm export (a new cell) or %rlm export --to FILE.py")
    target = Path(words[1])
    record = target.with_suffix(".run.json")
    if target.exists() or record.exists():
        raise UsageError(f"%rlm export: {target if target.exists() else record} exists; choose another name")
    run.save(record)
    target.write_text(export_code(run, f"{str(record)!r}"), encoding="utf-8")
    print(f"exported to {target} (sub-call answers in {record})")


def _cache(magics: RLMMagics, words: list[str]) -> None:
    """``%rlm cache info`` / ``%rlm cache clear``: the configured folder, even while the cache is off."""
    try:
        store = open_cache(magics.trait_values()["cache_dir"])
    except ValueError as exc:  # an unusable folder: one line with the fix, not sqlite's traceback
        raise UsageError(f"%rlm cache {words[0]}: {exc}") from None
    if words == ["info"]:
        size = sum(p.stat().st_size for p in store.path.parent.glob(store.path.name + "*"))
        print(f"{len(store):,} cached responses, {size / 1e6:.1f} MB, in {store.path}"
              + ("" if magics.cache else " (the cache is off: %config RLMMagics.cache = True)"))
    else:
        print(f"deleted {store.clear():,} cached responses from {store.path}")


def _cost(magics: RLMMagics, words: list[str]) -> None:
    """``%rlm cost``: the session's ledger, displayed so a saved notebook keeps it."""
    display(Ledger(magics.session.runs))


def _demo(magics: RLMMagics, words: list[str]) -> None:
    """``%rlm demo``: the bundled scripted demo model, served in this kernel (no network, no key); ``%rlm demo off``
    puts back the settings it changed (``demo_mode``)."""
    if words == ["off"]:
        if magics.demo is None:
            print("the demo model is not on; nothing to put back")
            return
        kept = magics.demo.switch_off(magics)
        magics.demo = None
        print("demo off: model, sub_model, base_url, api_key and cache are as they were before %rlm demo"
              + (f", except {', '.join(kept)}, which you set since" if kept else ""))
        return
    latency = float(os.environ.get("RLM_DEMO_LATENCY", "0") or 0)
    magics.demo = DemoMode.switch_on(magics, latency, magics.demo)
    print("using the bundled demo model (scripted, served in this kernel; no network, no API key); "
          "%rlm demo off puts your settings back")


def _release(magics: RLMMagics, words: list[str]) -> None:
    """``%rlm release``: free the last run's hidden namespace now (the model's variables), keeping its record."""
    released = magics.session.release("by %rlm release")
    print(released.summary() if released is not None else
          "nothing to release: no run's namespace is held (none yet, or it was already released)")


COMMANDS = {
    "last": Command(Subcommand(("last",), "show the most recent run (rlm_jupyter.last_run() returns it)"), _last),
    "export": Command(Subcommand(("export", "export --to FILE.py"),
                                 "the last run's code in a new cell, or in FILE.py with its record beside it"),
                      _export),
    "cache": Command(Subcommand(("cache info", "cache clear"), "the response cache's size and place, or empty it"),
                     _cache),
    "cost": Command(Subcommand(("cost",), "tokens and dollars per model and per run in this kernel"), _cost),
    "demo": Command(Subcommand(("demo", "demo off"), "use the bundled scripted demo model, served in this kernel; "
                                                     "off puts back the settings it changed"), _demo),
    "release": Command(Subcommand(("release",), "free the last run's namespace (the model's variables) now; "
                                                "its record stays, --continue no longer works"), _release),
}
GRAMMARS = {name: command.grammar for name, command in COMMANDS.items()}


def _subcommand_hint(word: str) -> str:
    """For a line that starts with a subcommand's name but is not one of its forms (so it was taken as a run)."""
    return f" (or, for the subcommand: {GRAMMARS[word].usage()})" if word in GRAMMARS else ""


@magics_class
class RLMMagics(Magics):
    """Configure with ``%config RLMMagics.model = "gpt-5-mini"`` (or in ipython_config.py).

    Every engine setting is a trait, generated from ``Settings``, so a new field is a new option with no edit
    here; ``out``, ``cache`` (on/off, beside the folder) and ``replay`` (notebook-wide) are the magic's own.
    Generated traits are read through ``trait_values()``, which mypy can type.
    """

    # Traitlets needs class attributes (for %config and ipython_config.py): one per Settings field, from its metadata.
    locals().update(setting_traits())
    out = Unicode("rlm_answer", help="Default variable for the answer.").tag(config=True)
    cache = Bool(True, help="Answer repeated calls from the on-disk response cache.").tag(config=True)
    replay = Union([Bool(), Enum(["verify", "rerun"])], default_value=False,
                   help="Answer every %rlm run from the recording saved in its own cell's output, as $RLM_REPLAY "
                        "does for a whole kernel (no model, no network, no key): True or 'verify' fails a cell "
                        "whose answer differs from the recorded one; 'rerun' keeps the new answer.").tag(config=True)

    def __init__(self, shell: Any = None, **kwargs: Any) -> None:
        super().__init__(shell=shell, **kwargs)
        self.session = Session()
        self.notebook_replay = NotebookReplay()
        self.demo: DemoMode | None = None  # %rlm demo is on: what it changed, to put back

    @property
    def _shell(self) -> InteractiveShell:
        """The shell we were registered with (``Magics.shell`` is typed optional; ours never is)."""
        assert self.shell is not None, "RLMMagics is used only through a shell"
        return self.shell

    @classmethod
    def class_get_trait_help(cls, trait: TraitType[Any, Any], inst: HasTraits | None = None,
                             helptext: str | None = None) -> str:
        """One trait's help, as ``%config RLMMagics`` prints it, with its current value never showing a secret.

        Why: IPython's ``%config RLMMagics`` prints ``class_get_help(instance)``,
        which ends each trait with ``Current: repr(value)``: a key set with
        ``%config RLMMagics.api_key = "sk-..."`` would be echoed into the
        notebook, and saved with it. The key only says whether it is set.
        """
        text = super().class_get_trait_help(trait, inst, helptext)
        if inst is None or not trait.name:
            return text
        value = getattr(inst, trait.name)
        current = indent(f"Current: {value!r}")
        shown = indent(f"Current: {_config_echo(trait.name, value, getattr(inst, 'api_key', None))}")
        if text.endswith(current):  # traitlets' layout: the current value is the last line
            return text[:len(text) - len(current)] + shown
        return super().class_get_trait_help(trait, None, helptext) + "\n" + shown  # another layout: never the value

    @magic_arguments()
    @kwds(epilog=subcommands_help(GRAMMARS))
    @argument("words", nargs="*", help="context variable names; in the line form the last word is the quoted question")
    @argument("-o", "--out", help="variable for the answer (default: rlm_answer)")
    @argument("--expect", help="required answer type, e.g. DataFrame, int, list: other types go back to the model")
    @setting_options
    @argument("--share", action="store_true", help="copy the model's new variables into your namespace")
    @argument("--quiet", action="store_true", help="show only a one-line summary")
    @argument("--continue", dest="follow_up", action="store_true",
              help="ask a follow-up in the last run's conversation and namespace (its variables are still there)")
    @argument("--no-cache", action="store_true", help="neither read nor write the response cache")
    @argument("--refresh", action="store_true", help="ask the model again and overwrite the cached answers")
    @argument("--record", metavar="PATH", help="save the trajectory as JSON (Run.load reads it)")
    @argument("--replay", nargs="?", const="", metavar="PATH",
              help="re-run the recorded code on the current data, answering calls from the recording "
                   "(PATH, or this question's last run in this kernel or the saved notebook); no network. "
                   "Every cell of a notebook: $RLM_REPLAY=1 or %%config RLMMagics.replay = True")
    @no_var_expand
    @line_cell_magic
    def rlm(self, line: str, cell: str | None = None) -> Run | None:
        """Run a Recursive Language Model over live variables; the answer is bound to a variable.

          %rlm VAR... "question" [options]        the question is the line's last word
          %%rlm VAR... [options]                  the question is the cell body
          %%rlm VAR... "question" [options]       with an empty body: the line form

        A line is a subcommand only when it is exactly one of the forms below: "%rlm cost" shows the ledger,
        while "%rlm cost "q"" asks "q" about a variable named cost.
        """
        if self.session.running:
            raise UsageError("%rlm: a run is in progress, and model code cannot start %rlm; "
                             "use rlm_query(prompt, context) for a sub-problem")
        words = split_line(line)
        name = subcommand(words, cell, GRAMMARS)
        if name is not None:
            return COMMANDS[name].handler(self, words[1:])
        try:
            args = self.rlm.parser.parse_intermixed_args(words)
        except UsageError as exc:
            raise UsageError(f"%rlm: {exc}; see %rlm? for the options{_subcommand_hint(words[0])}") from None
        check_run_options(args)
        record = self._record_target(args.record)
        try:
            names, question = split_question(args.words, cell, self._shell.user_ns,
                                             quoted=any(q in line for q in "'\""))
            context = {name: self._lookup(name) for name in names}
            notebook_wide = self._replay_mode() if args.replay is None else None
            recorded = (self._recording(args.replay, question, names) if args.replay is not None else
                        self._cell_recording(notebook_wide.notebook, question, names) if notebook_wide else None)
            previous = self._previous() if args.follow_up else None
            if previous is not None and recorded is not None:
                if notebook_wide is None:
                    raise UsageError("%rlm: --continue and --replay do not combine; replay the follow-up's own "
                                     "recording")
                _check_chain(recorded, previous)
            run = self._execute(args, question, context, recorded, previous, live=notebook_wide is None)
            self._report(args, run, recorded, record, notebook_wide=notebook_wide)
        finally:
            if record is not None:
                record.discard()  # only when nothing was written: a run that failed leaves no empty file
        return None

    @staticmethod
    def _record_target(spec: str | None) -> RecordTarget | None:
        """Create the --record file now, before any model call: a path that cannot be written fails for free."""
        try:
            return RecordTarget(spec) if spec else None
        except ValueError as exc:
            raise UsageError(f"%rlm: {exc}") from None

    def _previous(self) -> Run:
        try:
            return self.session.continuable()
        except LookupError as exc:
            raise UsageError(f"%rlm --continue: {exc}") from None

    def _recording(self, spec: str, question: str, names: list[str]) -> Recording:
        try:
            run = find_recording(spec, question, names, self.session.runs, self._shell.user_ns)
        except (LookupError, ValueError, KeyError) as exc:
            raise UsageError(f"%rlm: {exc}") from None
        return Recording(run, spec or f"the last recorded run of this question (run {run.id})")

    def _replay_mode(self) -> ReplayMode | None:
        """Notebook-wide replay, as ``$RLM_REPLAY`` or ``%config RLMMagics.replay`` asks (the environment wins)."""
        try:
            return replay_requested() or ReplayMode.parse(self.replay)
        except ValueError as exc:
            raise UsageError(f"%rlm: {exc}") from None

    def _cell_recording(self, spec: str, question: str, names: list[str]) -> Recording:
        """The recording saved in the output of the cell being executed (``notebook_replay``)."""
        shell = self._shell
        kernel = getattr(shell, "kernel", None)
        parent = kernel.get_parent() if kernel is not None else None
        code = parent.get("content", {}).get("code") if isinstance(parent, dict) else None
        if not isinstance(code, str):  # not under ipykernel: the raw cell IPython stored before running it
            history = shell.history_manager.input_hist_raw if shell.history_manager is not None else []
            code = history[-1] if history else ""
        try:
            return self.notebook_replay.find(spec, code, shell.execution_count, question, names, shell.user_ns)
        except LookupError as exc:
            raise ReplayFailed(f"%rlm: {exc}") from None

    def _lookup(self, name: str) -> object:
        user_ns = self._shell.user_ns
        if not name.isidentifier():
            raise UsageError(f"%rlm: {name!r} is not a variable name; quote the question and put it last")
        if name not in user_ns:
            visible = [n for n in user_ns if not n.startswith("_")]
            close = difflib.get_close_matches(name, visible, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else "; define it first or check the spelling"
            raise UsageError(f"%rlm: no variable {name!r} in this kernel{hint}{_subcommand_hint(name)}")
        return user_ns[name]

    def _engine(self, args: Namespace, recorded: Recording | None) -> RLM:
        try:
            settings = run_settings(self.trait_values(), args, cache=self.cache,
                                    recorded=recorded.run.settings_used() if recorded else None)
            if recorded is not None:  # follow the recorded path: calls answered from the recording, no network
                return RLM(settings, replay=recorded)
            if self.demo is not None:
                self.demo.check(settings)
            engine = RLM(settings)
            self.session.ensure_reachable(engine.client.base_url)
            return engine
        except (ValueError, LLMError) as exc:
            raise UsageError(f"%rlm: {exc}") from None

    def _execute(self, args: Namespace, question: str, context: dict[str, object], recorded: Recording | None,
                 previous: Run | None, live: bool) -> Run:
        overlay = self.session.overlay(previous, self._shell.user_ns)
        with self._engine(args, recorded) as engine:
            view = RunView(engine.settings.max_iterations, engine.settings.budget_usd, args.quiet, self.session.runs,
                           live)
            try:
                with RunGuard(self._shell, self) as guard:  # guard first: the report shows what it undid
                    self.session.running = True
                    run = engine.run(question, context, expect=args.expect, namespace=overlay.namespace,
                                     views=overlay.views, executor_factory=executor_factory(self._shell),
                                     observers=(guard.observe, view.observe), continue_from=previous)
            except ValueError as exc:
                raise UsageError(f"%rlm: {exc}") from None
            finally:
                self.session.running = False
                view.close()
        if isinstance(run.namespace, RemoteNamespace):  # --isolated: the REPL was the worker's, not the overlay
            overlay = Overlay.of_isolated(self._shell.user_ns, run)
        self.session.add(run, overlay)
        if args.share:
            shared, skipped = overlay.share()
            if shared:
                print(f"shared into your namespace: {', '.join(shared)}")
            if skipped:
                print(f"not shared (you already have these names): {', '.join(skipped)}")
        return run

    def _report(self, args: Namespace, run: Run, recorded: Recording | None, record: RecordTarget | None = None, *,
                notebook_wide: ReplayMode | None = None) -> None:
        """Bind the answer and the record, write --record, say where each went, and fail the cell without an answer.

        A run that ended without an accepted answer (out of turns, a limit, an interrupt, an error, declined)
        binds no answer: ``None`` or a salvaged value under the answer's name would look like one, and would
        replace the answer an earlier run left there. ``rlm_run`` is bound either way: it says what happened.
        Then the cell fails (``outcomes``), unless ``unanswered = "keep"`` binds the partial answer instead.

        A notebook-wide replay prints what the recorded run printed when it reproduces the answer (so nbval
        compares equal). It fails the cell, after binding ``rlm_run``, when the recorded path cannot be
        followed (a call the recording lacks, a refusal it never met) and, when verifying, when the current
        data gives another answer (with the diff); a rerun prints that diff and keeps the new answer.
        """
        user_ns, names = self._shell.user_ns, self.session.names
        answer = args.out or self.out
        run_name = names.bind(user_ns, "rlm_run", run, explicit=False)
        failure = outcome_error(run, run_name, keep=run.settings.get("unanswered") == "keep")
        bound = run.status == "final" or (failure is None and run.answer is not None)  # keep: the partial answer
        answer_name = names.bind(user_ns, answer, run.answer, explicit=bool(args.out)) if bound else None
        if record is not None:
            record.write(run)
        saved = f", saved to {args.record}" if record is not None else ""
        if answer_name is not None:
            partial = "" if run.status == "final" else f"partial answer (status {run.status!r}, unconfirmed) "
            print(f"{partial}answer -> {answer_name}, record -> {run_name}{saved}")
        elif failure is None or saved:
            print(f"no answer (status {run.status!r}): {answer} left as it was; record -> {run_name}{saved}")
        if recorded is not None:
            _say_replayed(recorded, run, notebook_wide)
        if failure is not None:
            raise failure


_HIDDEN_TRAITS = frozenset({"api_key"})  # never echoed, even redacted: only whether it is set
_SECRET_HEADER = re.compile(r"KEY|TOKEN|SECRET|PASSWORD|AUTH|COOKIE", re.IGNORECASE)


def _config_echo(name: str, value: object, api_key: object) -> str:
    """A trait's current value for ``%config RLMMagics``: the key hidden, secret-looking headers hidden, the rest
    redacted (a key pasted into ``base_url`` or ``params``)."""
    if name in _HIDDEN_TRAITS:
        return "[secret:api_key] (set; not shown)" if value else "None (not set)"
    if name == "headers" and isinstance(value, dict):
        value = {k: "[hidden]" if _SECRET_HEADER.search(str(k)) else v for k, v in value.items()}
    return Redactor.from_environment(api_key if isinstance(api_key, str) else None)(repr(value))


def _say_replayed(recorded: Recording, run: Run, mode: ReplayMode | None) -> None:
    """After a replay: ``--replay``'s verdict; notebook-wide, nothing when it reproduced, else the failure or diff."""
    if mode is None:
        print(replay_verdict(recorded.run, run))
        return
    if run.status != recorded.run.status:
        raise ReplayFailed(f"%rlm: replaying {recorded.where} failed ({run.status}; the recording ended "
                         f"{recorded.run.status}): {run.message}")
    diff = answer_diff(recorded.run.redacted_answer(), run.redacted_answer())
    if diff is None:
        return
    differs = f"replayed {recorded.where}: the answer differs from the recorded one:\n{diff}"
    if mode.verify:
        raise ReplayFailed(f"%rlm: {differs}\n(the data changed since the recording; RLM_REPLAY=rerun keeps the "
                         "new answer)")
    print(differs)


def _check_chain(recorded: Recording, previous: Run) -> None:
    """A replayed follow-up continues the replay of the run its recording continued, or it cannot be followed."""
    if recorded.run.continues is None or recorded.run.continues not in (previous.id, previous.replay_of):
        raise ReplayFailed(f"%rlm: {recorded.where} continues run {recorded.run.continues or '(none)'}, but the "
                         f"last run in this kernel replayed {previous.replay_of or previous.id}; "
                         "run the notebook's cells in order")


def replay_verdict(recorded: Run, run: Run) -> str:
    """'reproduced' when the replay's answer equals the recorded one, else what changed."""
    if run.status != "final":
        return f"not reproduced: the replay ended with status {run.status!r}: {run.message}"
    # Both sides as the records show them: a recording loaded from a file has its secrets replaced, and the diff
    # is printed into the notebook, which is saved.
    diff = answer_diff(recorded.redacted_answer(), run.redacted_answer())
    return "reproduced: the answer equals the recorded one" if diff is None else f"not reproduced:\n{diff}"
