"""A run as the log of the reference RLM implementation's visualizer (alexzhang13/rlm): ``to_jsonl``.

Why its own module: the log is the one form of a run that needs every root request as the model read it
(``Conversation.root_requests``) and the forced last request (``prompts.OUT_OF_TURNS``). Written here, the
record (``trajectory``) imports neither the conversation nor the prompts: it stays plain data that replay,
the report and the benchmarks read without the texts the model is sent.
"""
from __future__ import annotations

import ast
import datetime as _dt
import json
import os
from dataclasses import asdict
from typing import Any, cast

from ...text import bounded_repr, clip
from ..dialogue import prompts
from ..dialogue.conversation import Conversation
from ..dialogue.helpers import HELPER_NAMES
from .trajectory import CodeCell, Iteration, Run, SubCall, redact_json

_LOG_HEADER_MARK = "[rlm_jupyter log header, not sent to the model]"  # opens the one message the model never read
_HEADER_CHARS = 1_000  # the viewer shows the whole quoted question in a narrow side panel
_LOCAL_CHARS = 200  # per variable: the viewer shows 30 characters of each
_NOT_RECORDED = "(value not recorded)"  # a variable's value in a record without ``CodeCell.created``


def to_jsonl(run: Run, path: str | os.PathLike[str]) -> None:
    """Write ``run`` in the log format of the reference RLM implementation's visualizer (alexzhang13/rlm).

    A ``{"type": "metadata"}`` line, then one ``{"type": "iteration"}`` line
    per root turn with its prompt (the messages sent), response,
    ``code_blocks`` (each with its result: output, the variables the block
    created as ``locals``, and the sub-calls it made as ``rlm_calls`` with
    their token counts) and ``final_answer`` on the turn that answered.

    Two additions the viewer needs: the first iteration's ``prompt`` opens
    with one message that was *not* sent, carrying the question in the only
    form the viewer's header reads (``original query: "..."`` in a user
    message: ``extractContextQuestion`` in ``visualizer/src/lib/parse-logs.ts``);
    every later message is exactly what the model read. And a run that ran
    out of turns gets one more iteration for the forced last reply
    (``run.ending.last_word``), with the answer it gave as ``final_answer``.

    Two additions for people reading the log: each iteration's ``verdicts``, what the acceptance gates
    refused or marked on that turn (``trajectory.Verdict``), and its ``guard`` actions, what the capability
    guard refused (``trajectory.GuardAction``), since those are what to check before trusting an answer.
    The viewer ignores keys it does not know.
    """
    start = _dt.datetime.fromisoformat(run.started_at) if run.started_at else _dt.datetime.now(_dt.UTC)
    settings = run.settings_used()
    lines: list[dict[str, Any]] = [{
        "type": "metadata", "timestamp": start.isoformat(), "root_model": run.model,
        "max_depth": settings.max_depth, "max_iterations": settings.max_iterations,
        "backend": "openai", "backend_kwargs": {"model_name": run.model},
        "environment_type": "jupyter", "environment_kwargs": {}, "other_backends": [run.sub_model]}]
    for it, prompt in zip(run.iterations, Conversation.root_requests(run)):
        last = it is run.iterations[-1] and run.status == "final"
        lines.append({
            "type": "iteration", "iteration": it.index + 1,
            "timestamp": (start + _dt.timedelta(seconds=it.started_s)).isoformat(),
            "prompt": prompt, "response": it.reply,
            "code_blocks": [{"code": cell.code, "result": _jsonl_result(cell, calls)}
                            for cell, calls in zip(it.cells, _calls_by_block(it))],
            "final_answer": _answer_text(run.redacted_answer()) if last else None,
            "iteration_time": it.duration_s,
            "verdicts": [asdict(v) for v in it.verdicts],
            "guard": [asdict(a) for a in run.guard if a.run_id == run.id and a.iteration == it.index],
        })
    forced = _last_word_line(run, start)
    if forced is not None:
        lines.append(forced)
    if len(lines) > 1 and run.question.strip():
        lines[1]["prompt"] = [_header_message(run.question), *lines[1]["prompt"]]
    redact = run.redactor()
    if redact is not None:  # the same net as Run.to_dict: no string of the log escapes it
        lines = [cast(dict[str, Any], redact_json(line, redact)) for line in lines]
    with open(path, "w", encoding="utf-8") as fh:
        fh.writelines(json.dumps(line, default=str) + "\n" for line in lines)


def _header_message(question: str) -> dict[str, str]:
    """The question where the viewer's header reads it: ``original query: "..."`` in a user message.

    The viewer's pattern is ``/original query: "([^"]+)"/``: a double quote
    would end the question early, so it becomes a single one.
    """
    quoted = clip(" ".join(question.split()), _HEADER_CHARS, keep="head").replace('"', "'")
    return {"role": "user", "content": f'{_LOG_HEADER_MARK} original query: "{quoted}"'}


def _answer_text(answer: Any) -> str:
    return answer if isinstance(answer, str) else bounded_repr(answer, 10_000)


def _last_word_line(run: Run, start: _dt.datetime) -> dict[str, Any] | None:
    """The forced last root call of a run that ran out of turns, as one more iteration (None if it made none).

    Its reply is ``Run.last_word`` (records from before the field have none). Such a record still shows
    the answer that reply gave: at ``max_iterations`` only the last word sets ``Run.answer``.
    """
    reply = run.last_word
    if reply is None and not (run.status == "max_iterations" and run.answer is not None):
        return None
    ended = max((it.started_s + it.duration_s for it in run.iterations), default=0.0)
    return {
        "type": "iteration", "iteration": len(run.iterations) + 1,
        "timestamp": (start + _dt.timedelta(seconds=ended)).isoformat(),
        "prompt": Conversation.of_run(run).request(prompts.OUT_OF_TURNS),
        "response": reply or "", "code_blocks": [],  # no code runs in the forced reply
        "final_answer": _answer_text(run.redacted_answer()) if run.answer is not None else None,
        "iteration_time": None,  # not recorded
        "verdicts": [],  # no gate judges the forced reply: the loop only reads the answer it gives
        "guard": [],  # and no code runs in it
    }


def _calls_by_block(it: Iteration) -> list[list[SubCall]]:
    """Each code block's sub-calls; a call with no recorded block (older records) goes to the last block."""
    blocks: list[list[SubCall]] = [[] for _ in it.cells]
    for call in it.subcalls if blocks else []:
        index = call.cell if call.cell is not None and 0 <= call.cell < len(blocks) else -1
        blocks[index].append(call)
    return blocks


def _jsonl_result(cell: CodeCell, calls: list[SubCall]) -> dict[str, Any]:
    """A block's ``REPLResult`` as the reference logs it (``rlm/core/types.py``), with what the viewer reads."""
    stdout = cell.stdout + (cell.value + "\n" if cell.value is not None else "")
    stderr = "\n".join(part.rstrip("\n") for part in (cell.stderr, cell.error or "") if part)
    return {"stdout": stdout, "stderr": stderr, "locals": _block_locals(cell), "execution_time": cell.duration_s,
            "rlm_calls": [_jsonl_call(c) for c in calls]}


def _jsonl_call(call: SubCall) -> dict[str, Any]:
    """One sub-call: the reference's ``RLMChatCompletion.to_dict`` plus the flat token counts the viewer shows."""
    data: dict[str, Any] = {
        "root_model": call.model, "prompt": call.prompt, "response": call.response or "",
        "usage_summary": {"model_usage_summaries": {call.model: {
            "total_calls": 1, "total_input_tokens": call.prompt_tokens,
            "total_output_tokens": call.completion_tokens}}},
        "prompt_tokens": call.prompt_tokens, "completion_tokens": call.completion_tokens,
        "execution_time": call.latency_s or 0.0}
    if call.error:
        data["error"] = call.error
    return data


def _block_locals(cell: CodeCell) -> dict[str, str]:
    """The variables this block created, name -> bounded repr.

    From ``CodeCell.created`` when the record has it (filled by the loop as
    each block runs). Otherwise the names the code binds at top level, read
    from its source, each with ``_NOT_RECORDED``: the namespace as it stood
    after the block is gone, and its final state would show later changes.
    A block that failed may have stopped before any of them: none are shown.
    """
    created = cell.created
    if created is not None:
        return {name: clip(str(value), _LOCAL_CHARS, keep="head") for name, value in created.items()}
    if cell.error is not None:
        return {}
    return dict.fromkeys(_bound_names(cell.code), _NOT_RECORDED)


def _bound_names(code: str) -> list[str]:
    """Names the code binds in the namespace it runs in, in order (not inside functions, classes, lambdas)."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):  # IPython syntax (%magic, !cmd) or a broken block
        return []
    names: dict[str, None] = {}

    def visit(node: ast.AST, top: bool) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if top:
                names[node.name] = None
            for decorator in node.decorator_list:
                visit(decorator, top)
            return  # its body binds names of its own scope
        if isinstance(node, ast.Lambda):
            return
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            top = False  # only a walrus inside binds in the namespace
        if isinstance(node, ast.NamedExpr) and isinstance(node.target, ast.Name):
            names[node.target.id] = None
        elif top and isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names[node.id] = None
        elif top and isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                if alias.name != "*":
                    names[alias.asname or alias.name.split(".")[0]] = None
        elif top and isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
            names[node.name] = None
        elif top and isinstance(node, ast.MatchMapping) and node.rest:
            names[node.rest] = None
        for child in ast.iter_child_nodes(node):
            visit(child, top)

    visit(tree, True)
    return [n for n in names if not n.startswith("_") and n not in HELPER_NAMES]
