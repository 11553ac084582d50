"""The ``%rlm`` line: its words, its subcommands, and the engine settings it configures.

Why the settings are generated here: ``Settings`` (``engine/settings.py``) is the
one list of options. Every field becomes a ``%config RLMMagics`` trait with its
help, and a field whose metadata names a flag (``--budget``) becomes a
command-line option stored under the field's own name, so ``run_settings``
needs no table of its own and a new field needs no edit here or in the magic.

Nothing here touches a kernel: the magic passes in what it knows, and the
parsing can be tested without one.
"""
from __future__ import annotations

import re
import typing
from argparse import Namespace
from collections.abc import Callable, Container, Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, TypeVar

from IPython.core.error import UsageError
from IPython.core.magic_arguments import argument
from traitlets import Bool, Dict, Float, Integer, Unicode, default

from ..engine.settings import DEFAULTS, Settings
from ..llm.cache import default_cache_dir

F = TypeVar("F", bound=Callable[..., Any])
_HINTS = typing.get_type_hints(Settings)
_TRAIT_TYPES = {str: Unicode, int: Integer, float: Float, bool: Bool, dict: Dict}
# Defaults a notebook user expects that a plain-Python RLM does not assume: read when the magic is created.
_NOTEBOOK_DEFAULTS: dict[str, Callable[[], Any]] = {
    "model": lambda: Settings.from_environment().model,
    "sub_model": lambda: Settings.from_environment().sub_model,
    "cache_dir": lambda: str(default_cache_dir()),
}
_OPTION_FIELDS = [f for f in fields(Settings) if f.metadata["option"]]
OPTIONS = {f.name: f.metadata["option"] for f in _OPTION_FIELDS}
"""Settings the line can override, each with its flag: ``{"budget_usd": "--budget", ...}``."""


def _kind(name: str) -> tuple[type, bool]:
    """A setting's base type (``str``, ``int``, ``float``, ``bool``, ``dict``) and whether it may be None."""
    hint = _HINTS[name]
    optional = type(None) in typing.get_args(hint)
    base = next(a for a in typing.get_args(hint) if a is not type(None)) if optional else hint
    return typing.get_origin(base) or base, optional


def setting_traits() -> dict[str, Any]:
    """One ``config=True`` trait per ``Settings`` field, for the magic's class body.

    Help comes from the field's metadata and the default from ``DEFAULTS``,
    except the models and the cache folder, which follow the environment.
    """
    traits: dict[str, Any] = {}
    for setting in fields(Settings):
        base, optional = _kind(setting.name)
        help_text = setting.metadata["help"]
        traits[setting.name] = _TRAIT_TYPES[base](getattr(DEFAULTS, setting.name), allow_none=optional,
                                                  help=help_text[0].upper() + help_text[1:] + ".").tag(config=True)
    for name, make in _NOTEBOOK_DEFAULTS.items():
        traits[f"_default_{name}"] = default(name)(lambda _self, make=make: make())
    return traits


def setting_options(func: F) -> F:
    """Decorator for the magic: an ``argument`` per setting in ``OPTIONS``, in field order."""
    for setting in reversed(_OPTION_FIELDS):
        base, optional = _kind(setting.name)
        flag = setting.metadata["option"]
        help_text = f"{setting.metadata['help']} [RLMMagics.{setting.name}]"
        if base is bool:  # a switch: --no-stream stores False, any other flag True; absent leaves the trait
            off = flag.startswith("--no-")  # the setting's help says what it does when on: say this flag turns it off
            func = argument(flag, dest=setting.name, action="store_const", const=not off, default=None,
                            help=f"turn off, for this run: {help_text}" if off else help_text)(func)
            continue
        if base not in (str, int, float):
            raise TypeError(f"setting {setting.name}: a command-line option needs a str, int, float or bool setting")
        func = argument(flag, dest=setting.name, type=_or_none(base) if optional and base is not str else base,
                        metavar=flag.lstrip("-").replace("-", "_").upper(), help=help_text)(func)
    return func


class _NoLimit:
    """What ``--timeout none`` parses to: the option was given, and asks for no limit (``None`` means absent)."""

    def __repr__(self) -> str:
        return "none"


NO_LIMIT = _NoLimit()


def _or_none(base: type) -> Callable[[str], Any]:
    """A number, or ``none`` for no limit: a default limit is raised for one run without ``%config``."""
    def parse(text: str) -> Any:
        return NO_LIMIT if text.strip().lower() == "none" else base(text)

    parse.__name__ = base.__name__  # argparse names it in "invalid int value: 'many'"
    return parse


def run_settings(configured: Mapping[str, Any], args: Namespace, *, cache: bool,
                 recorded: Settings | None = None) -> Settings:
    """The settings of one run: the configured values (the traits), with the options the line gives.

    An option given wins even when it is 0 or "", so ``Settings`` rejects it
    with its own message instead of the configured value running silently.
    A replay follows its record (models, limits) with this machine's cell
    timeout and concurrency, and never the cache: its calls come from the record. What the cell does without an
    answer (``unanswered``) is the cell's, as configured and given now.
    """
    if recorded is not None:
        return recorded.replace(cell_timeout_s=configured["cell_timeout_s"], concurrency=configured["concurrency"],
                                unanswered=args.unanswered or configured["unanswered"], cache_dir=None, refresh=False)
    values = {f.name: configured[f.name] for f in fields(Settings)}
    values.update({name: None if given is NO_LIMIT else given for name in OPTIONS
                   if (given := getattr(args, name)) is not None})
    values["refresh"] = values["refresh"] or args.refresh
    if args.no_cache or not cache:
        values["cache_dir"] = None
    return Settings(**values)


# One piece of a line, as POSIX ``shlex.split`` reads it: blanks, a bare run, a '...' or "..." string, a \x escape.
_PIECE = re.compile(r"""(?P<blank>[ \t\r\n]+)|(?P<bare>[^ \t\r\n'"\\]+)|'(?P<single>[^']*)'"""
                    r"""|"(?P<double>[^"\\]*(?:\\.[^"\\]*)*)"|\\(?P<escaped>.)""", re.DOTALL)
_DOUBLE_ESCAPE = re.compile(r"\\(.)", re.DOTALL)


def split_line(line: str) -> list[str]:
    """The line's words, shell-quoted: ``%rlm df "a question"`` -> ``["df", "a question"]``.

    Why not ``shlex.split``: it builds each word a character at a time and is quadratic in its
    length, so a pasted 1M-character question froze the kernel for 20-40 s before any check. This
    reads whole runs with one regex and gives the same words as ``shlex.split`` (POSIX mode):
    ' quotes everything, " lets \\ escape only " and \\, a bare \\ escapes any character, and
    pieces with no blank between them are one word (``a"b c"`` is ``ab c``).
    """
    words: list[str] = []
    parts: list[str] = []
    in_word = False  # a quoted empty string ("") is a word too
    position = 0
    while position < len(line):
        piece = _PIECE.match(line, position)
        if piece is None:  # an unclosed quote, or a backslash at the very end
            problem = "No escaped character" if line[position] == "\\" else "No closing quotation"
            raise UsageError(f"%rlm: cannot parse the line ({problem}); close your quotes")
        position = piece.end()
        kind = piece.lastgroup
        if kind == "blank":
            if in_word:
                words.append("".join(parts))
                parts, in_word = [], False
            continue
        text = piece.group(kind or "")
        if kind == "double":
            text = _DOUBLE_ESCAPE.sub(lambda m: m.group(1) if m.group(1) in '"\\' else m.group(0), text)
        parts.append(text)
        in_word = True
    if in_word:
        words.append("".join(parts))
    return words


@dataclass(frozen=True)
class Subcommand:
    """A word the magic answers itself, with the whole lines it accepts.

    Why whole lines: a subcommand's name (``cost``, ``export``...) is also a
    fine variable name, so ``%rlm cost "q"`` is a run over ``cost``; a line
    is the subcommand only when it is one of ``forms`` (a word there that
    starts with a capital, like ``FILE.py``, stands for any one word).
    """

    forms: tuple[str, ...]
    does: str

    def fits(self, words: list[str]) -> bool:
        return any(len(pattern) == len(words) and all(p[0].isupper() or p == w for p, w in zip(pattern, words))
                   for pattern in (form.split() for form in self.forms))

    def usage(self) -> str:
        return " or ".join(f"%rlm {form}" for form in self.forms)


def subcommand(words: list[str], cell: str | None, grammars: Mapping[str, Subcommand]) -> str | None:
    """The subcommand a line is, or None for a run (the cell form ``%%rlm cache`` + body is always a run)."""
    if cell is not None or not words or words[0] not in grammars:
        return None
    return words[0] if grammars[words[0]].fits(words) else None


def subcommands_help(grammars: Mapping[str, Subcommand]) -> str:
    """The subcommands' lines and what they do, for ``%rlm?``."""
    return "subcommands (the whole line):\n" + "\n".join(
        f"  {' | '.join('%rlm ' + form for form in g.forms)}\n      {g.does}" for g in grammars.values())


def split_question(words: list[str], cell: str | None, defined: Container[str], *,
                   quoted: bool = True) -> tuple[list[str], str]:
    """(context names, question): the question is the cell body, else the line's last word.

    ``defined`` is the kernel's names: a last word that is a variable is a
    forgotten question, not a question. A one-word "question" after words that
    are not variables is a question someone forgot to quote (``%rlm df cohort
    retention by month``): the error says to quote it, not that ``cohort`` is
    undefined. ``quoted`` says whether the line had any quote; without one, a
    single stray word after a variable is enough to tell (a stray word alone,
    ``%rlm cache bogus``, is more likely a mistyped subcommand).
    """
    if cell is not None and cell.strip():
        odd = [w for w in words if not w.isidentifier()]
        if odd:
            raise UsageError(f"%%rlm: {odd[0]!r} is not a variable name; put the question either on the "
                             "line (with an empty cell) or in the cell body, not both")
        return words, cell.strip()
    if not words or (words[-1].isidentifier() and words[-1] in defined):
        raise UsageError('%rlm: no question; write %rlm VAR "your question" or put the question in a %%rlm cell body')
    names, question = words[:-1], words[-1]
    loose = next((i for i, w in enumerate(reversed(names)) if w in defined), len(names))  # trailing non-variables
    if (loose >= 2 or (loose and not quoted and loose < len(names))) and not any(c.isspace() for c in question):
        # ``%rlm df cohort retention by month``: an unquoted question, not three undefined variables.
        known, rest = names[:len(names) - loose], names[len(names) - loose:]
        whole = " ".join([*rest, question]).replace('"', '\\"')
        raise UsageError(f"%rlm: {rest[0]!r} is not a variable in this kernel; if it is part of the question, "
                         f'quote the question: %rlm {" ".join([*known, ""])}"{whole}"')
    return names, question


def check_run_options(args: Namespace) -> None:
    """What the parser cannot check: ``--record`` never overwrites, and never writes where a replay reads;
    ``-o`` is a variable name."""
    target = Path(args.record).expanduser() if args.record else None
    if target is not None and args.replay and Path(args.replay).expanduser().resolve() == target.resolve():
        raise UsageError("%rlm: --record and --replay name the same file; record the replay to another path")
    if target is not None and target.is_dir():
        raise UsageError(f"%rlm: --record {args.record} is a folder; name a file in it, e.g. {target / 'run.json'}")
    if target is not None and target.exists():
        raise UsageError(f"%rlm: --record {args.record} exists; choose a new path or delete it "
                         "(nothing is overwritten)")
    if target is not None and not target.parent.is_dir():
        raise UsageError(f"%rlm: --record {args.record}: folder {target.parent} does not exist; create it first")
    if args.out is not None and not args.out.isidentifier():
        raise UsageError(f"%rlm: -o {args.out!r} is not a valid variable name; use letters, digits and _")
