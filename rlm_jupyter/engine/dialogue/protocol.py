"""Parsing of root-model replies: code fences, FINAL(...) / FINAL_VAR(...), <think> blocks.

Compatible with the RLM paper's protocol so real model behaviour transfers,
and tolerant of the noise real models produce (arXiv 2603.02615): reasoning
tags, FINAL inside prose, code and FINAL in one reply, missing closing fences.
"""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from typing import Literal

_THINK_BLOCK = re.compile(r"<think(?:ing)?>.*?</think(?:ing)?>", re.DOTALL | re.IGNORECASE)
_THINK_OPEN = re.compile(r"<think(?:ing)?>", re.IGNORECASE)
_THINK_CLOSE = re.compile(r"</think(?:ing)?>", re.IGNORECASE)
# ```repl / ```python / ```py, closed by a fence line or, when the model forgot it, by the end of the reply.
# ~~~ fences are Markdown too, and some models write them.
_LABELS = r"(?:repl|python|py|python3|ipython)"
_CODE = re.compile(r"^[ \t]*(`{3,}|~{3,})[ \t]*" + _LABELS + r"[ \t]*\n(.*?)"
                   r"(?:^[ \t]*\1[ \t]*$|\Z)", re.DOTALL | re.MULTILINE | re.IGNORECASE)
# A reply that starts with the label and closes a fence later: the opening ``` was lost (a real small model
# began replies so, likely a tokenizer split of "```repl"). A label alone on a first line is
# nothing else.
_LOST_OPENING = re.compile(r"\A\s*" + _LABELS + r"[ \t]*\n(?=.*?^[ \t]*(`{3,}|~{3,})[ \t]*$)",
                           re.DOTALL | re.MULTILINE | re.IGNORECASE)
# A labelled opening fence after prose on the same line ("Sure, let's start. ```repl"): a real small model wrote
# every block of three replies so, and none ran. Moved to a line of its own, it is an ordinary fence.
_INLINE_OPENING = re.compile(r"^([^\n]*?[^\s`])[ \t]*(`{3,}|~{3,})(?=[ \t]*" + _LABELS + r"[ \t]*\n)",
                             re.MULTILINE | re.IGNORECASE)
_LABEL_LINE = re.compile(r"\A[ \t]*" + _LABELS + r"[ \t]*\n", re.IGNORECASE)  # ```\nrepl\n<code>```: the label inside
_OTHER_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})[^\n]*\n.*?(?:^[ \t]*\1[ \t]*$|\Z)", re.DOTALL | re.MULTILINE)
_BARE_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})[ \t]*\n(.*?)(?:^[ \t]*\1[ \t]*$|\Z)", re.DOTALL | re.MULTILINE)
_ACTIONS = (ast.Call, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Import, ast.ImportFrom, ast.For, ast.While,
            ast.With, ast.FunctionDef, ast.Try)
_LINE_START = r"(?:^|\n)[ \t>*_\-`]*"
_FINAL_VAR = re.compile(r"\b((?i:FINAL_VAR))\(\s*[\"']?([A-Za-z_][A-Za-z0-9_]*)[\"']?\s*\)")
_FINAL_OPEN = re.compile(r"\b((?i:FINAL))\(")
_MAX_LITERAL_TRIES = 50


@dataclass(frozen=True)
class Final:
    """A final answer written in the reply text (not called in code)."""

    kind: Literal["value", "var"]
    text: str  # the text inside FINAL(...), or the variable name of FINAL_VAR(...)

    def value(self) -> object:
        """The answer object for ``FINAL(...)``: a Python literal when it is one, else the text."""
        try:
            return ast.literal_eval(self.text)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            return self.text


@dataclass(frozen=True)
class ParsedReply:
    prose: str  # the reply without reasoning and without code blocks
    code: list[str]  # the blocks to run, in order
    final: Final | None
    # Blocks written after an output the model made up itself (a fence of output between two blocks): they
    # were built on that invented output, so they are kept in the record and not run.
    unrun: list[str] = field(default_factory=list)


def strip_think(text: str) -> str:
    """Remove reasoning blocks, including an unclosed one and a dangling ``</think>``."""
    text = _THINK_BLOCK.sub("", text)
    close = _THINK_CLOSE.search(text)
    if close:  # chat templates often put the opening tag in the prompt: only the close is in the reply
        text = text[close.end():]
    opened = _THINK_OPEN.search(text)
    if opened:  # reasoning that never ended: nothing after it is an answer
        text = text[:opened.start()]
    return text.strip()


def parse_reply(reply: str) -> ParsedReply:
    text = strip_think(reply)
    quoting = _fenced_final(text)
    if quoting is not None:  # FINAL(```\n<a log line>\n```\n<the answer>): its fence is a quote, not code
        start, inner = quoting
        before = parse_reply(text[:start]) if text[:start].strip() else ParsedReply("", [], None)
        return ParsedReply(prose=f"{before.prose}\n{text[start:]}".strip(), code=before.code,
                           final=Final("value", inner), unrun=before.unrun)
    lost = _LOST_OPENING.match(text)
    if lost:
        text = lost.group(1) + text.lstrip()
    text = _INLINE_OPENING.sub(lambda m: f"{m.group(1)}\n{m.group(2)}", text)
    blocks = [(m.start(), m.group(2).rstrip()) for m in _CODE.finditer(text) if m.group(2).strip()]
    if not blocks:  # only unlabelled fences: run those that are Python that does something (not shown output)
        bare = ((m.start(), _LABEL_LINE.sub("", m.group(2), count=1).rstrip()) for m in _BARE_FENCE.finditer(text))
        blocks = [(start, c) for start, c in bare if _does_something(c)]
    cut = _made_up_output(text, [start for start, _ in blocks])
    code, unrun = [c for _, c in blocks[:cut]], [c for _, c in blocks[cut:]]
    prose = _OTHER_FENCE.sub("", _CODE.sub("", text)).strip()
    final = find_final(prose, has_code=bool(code))
    unfenced = _LABEL_LINE.sub("", prose, count=1).strip()  # "repl\n<code>" with no fence at all: seen too
    if not code and final is None and not _OTHER_FENCE.search(text) and _does_something(unfenced):
        # No fence at all, and the whole reply is Python that does something: a real small model answered a
        # needle question with a bare `llm_query(...)` line, three turns running. Run it (prose never parses).
        return ParsedReply(prose="", code=[unfenced], final=None)
    return ParsedReply(prose=prose, code=code, final=final, unrun=unrun)


_FINAL_AT_LINE_START = re.compile(_LINE_START + r"FINAL\(")
_FENCE_LINE = re.compile(r"(?:^|\n|\()[ \t]*(?:`{3,}|~{3,})")
_LABELLED_FENCE = re.compile(r"(?:`{3,}|~{3,})[ \t]*" + _LABELS + r"[ \t]*\n", re.IGNORECASE)


def _fenced_final(text: str) -> tuple[int, str] | None:
    """A ``FINAL(`` at the start of a line whose own parenthesis closes the reply and whose text holds a fence, with
    no labelled block inside: where it starts, and its text. Why: an answer that quotes a log line in a fence
    (``FINAL(```\n05-11-2024,06:40,...\n```\nThe last entry ...)``) is one answer; read fence by fence, its
    quote was taken for output and the FINAL around it was lost."""
    for m in _FINAL_AT_LINE_START.finditer(text):
        rest = text[m.end():].rstrip()
        inner = _balanced(rest, 0)
        if inner is not None and len(inner) == len(rest) - 1 and _FENCE_LINE.search(inner) \
                and not _LABELLED_FENCE.search(inner):
            return m.start(), inner.strip()
    return None


def _made_up_output(text: str, starts: list[int]) -> int:
    """How many blocks come before the first fence of output the model wrote between two of its blocks.

    Why: a real small model wrote a block, then a fence with the output it expected, then a block built on
    that output, in one reply; 15 of its 31 replies with several blocks did so. Whatever the blocks
    after such an output do rests on something that never ran. A fence between blocks that is Python
    doing something is code (not run, as always next to labelled blocks), not an output.
    """
    for m in _OTHER_FENCE.finditer(text):
        if m.start() in starts or _does_something(m.group(0).split("\n", 1)[-1].rstrip("`~ \n")):
            continue
        after = sum(start < m.start() for start in starts)
        if 0 < after < len(starts):
            return after
    return len(starts)


def _does_something(source: str) -> bool:
    """Python with a call, an assignment, an import or a loop: code to run, not a sample of output."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return False
    return any(isinstance(node, _ACTIONS) for node in ast.walk(tree))


def find_final(prose: str, has_code: bool) -> Final | None:
    """FINAL at the start of a line always counts; mid-sentence only when the reply has no code.

    Why the distinction: "I'll run this, then call FINAL(answer)" next to a
    code block is a plan, not an answer, while a reply that is only prose
    ending in "...so the result is FINAL(42)" is an answer.

    ``Final(10)`` / ``final_var(x)`` (another case; a real small model wrote ``Final(10)`` on a line of its
    own) count only at the start of a line, where they cannot be a word of the prose.
    """
    candidates: list[tuple[int, bool, Final]] = []
    for m in _FINAL_VAR.finditer(prose):
        candidates.append((m.start(), m.group(1) == "FINAL_VAR", Final("var", m.group(2))))
    for m in _FINAL_OPEN.finditer(prose):
        inner = _balanced(prose, m.end())
        if inner is not None and inner.strip():
            candidates.append((m.start(), m.group(1) == "FINAL", Final("value", _unquote_backticks(inner.strip()))))
    for start, exact, final in sorted(candidates, key=lambda c: c[0]):
        at_line_start = bool(re.match(_LINE_START + r"$", prose[:start].rsplit("\n", 1)[-1] if start else ""))
        if at_line_start or (exact and not has_code):
            return final
    return None


def _balanced(text: str, start: int) -> str | None:
    """Text from ``start`` up to the parenthesis that closes the one just before it.

    A quoted literal may hold parentheses (``FINAL("smile :)")``), so when the
    argument starts like a literal, the shortest span ending at a ")" that
    parses as a Python literal wins before plain parenthesis counting.
    """
    if text[start:].lstrip()[:1] in ("'", '"', "[", "{", "("):
        close = text.find(")", start)
        for _ in range(_MAX_LITERAL_TRIES):
            if close == -1:
                break
            try:
                ast.literal_eval(text[start:close].strip())
                return text[start:close]
            except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
                close = text.find(")", close + 1)
    depth = 1
    for i in range(start, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return _to_the_list_end(text, start, i)
    last = text.rfind(")", start)  # unbalanced prose such as "FINAL(3 :-)": take up to the last ")"
    return text[start:last] if last != -1 else None


def _to_the_list_end(text: str, start: int, close: int) -> str:
    """The argument up to ``close``; or, when what it closed is a list's first marker ("1", "a") and the next marker
    follows ("2)", "b)"), up to the last ")" of the paragraph: an enumeration's "1)" closed the count early
    (``FINAL(1) Acme: 40; 2) Beta: 31)``, on one line or several), and the answer is the whole list, not "1"."""
    marker = text[start:close].strip()
    line_end = text.find("\n", close)
    if not _FIRST_MARKER.fullmatch(marker) or not text[close + 1:line_end if line_end != -1 else None].strip():
        return text[start:close]  # "FINAL(1)" alone on its line is the answer 1
    end = _PARAGRAPH_END.search(text, close)
    rest = text[close + 1:end.start() if end else len(text)]
    markers = list(re.finditer(r"(?<![\w.(])(?:\d{1,2}|[a-zA-Z])\)", rest))
    following = str(int(marker) + 1) if marker.isdigit() else chr(ord(marker) + 1)
    if not markers or markers[0].group() != following + ")":
        return text[start:close]
    # the list ends on the line of its last marker, at that line's last ")"
    last_line_end = rest.find("\n", markers[-1].end())
    last = rest.rfind(")", 0, last_line_end if last_line_end != -1 else len(rest))
    return text[start:close + 1 + last] if last >= markers[-1].start() else text[start:close]


_FIRST_MARKER = re.compile(r"1|[aA]")
_PARAGRAPH_END = re.compile(r"\n\s*\n")


def _unquote_backticks(text: str) -> str:
    return text[1:-1] if len(text) > 1 and text[0] == text[-1] == "`" else text
