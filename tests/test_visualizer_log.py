"""``to_jsonl`` as the reference visualizer reads it: every field its parser and components use.

The reference implementation is https://github.com/alexzhang13/rlm (PyPI ``rlms``). Its Python side writes
the log with ``RLMLogger`` (``rlm/logger/rlm_logger.py``: a ``{"type": "metadata", **RLMMetadata.to_dict()}``
line, then ``{"type": "iteration", "iteration": n, "timestamp": ..., **RLMIteration.to_dict()}`` per turn; the
shapes are in ``rlm/core/types.py``: ``RLMIteration``, ``CodeBlock``, ``REPLResult``, ``RLMChatCompletion``).
Its viewer (``visualizer/``, a Next.js app) reads that log. Who reads what, in alexzhang13/rlm:

- ``visualizer/src/lib/parse-logs.ts``
    ``parseJSONL``: a line whose ``type`` is ``"metadata"`` gives the config (``root_model``,
    ``recursive_max_depth ?? max_depth``, ``max_iterations``, ``backend``, ``backend_kwargs``, ``environment_type``,
    ``environment_kwargs``, ``other_backends``); EVERY other line is taken as an iteration, so the log may hold
    no other line type (the newer logger's ``run_context`` line would be read as an iteration and break it).
    ``extractContextQuestion`` (the "Context / Question" the header panel shows): the user messages of the FIRST
    iteration's ``prompt``, in order: ``/original query: "([^"]+)"/`` gives the question; else a message of 51 to
    499 characters is shown cut at 200; else the system message's ``/context variable.*?:(.*?)(?:\\n|$)/i``; else
    a string ``locals.context`` under 500 characters; else "Context available in REPL environment".
    ``computeMetadata``: ``code_blocks.length``, ``iteration_time`` (else the blocks' ``result.execution_time``),
    ``result.stderr`` (any: "Has Errors"), ``result.rlm_calls.length``, and the last truthy ``final_answer``
    (through ``extractFinalAnswer``) as the run's final answer ("Completed" badge).
    ``extractContextVariable``: a string ``locals.context`` (the dashboard's preview).
- ``visualizer/src/lib/types.ts``: the shapes. ``RLMIteration {iteration, timestamp, prompt: {role, content}[],
    response, code_blocks, final_answer: string | [string, string] | null, iteration_time: number | null}``,
    ``CodeBlock {code, result}``, ``REPLResult {stdout, stderr, locals, execution_time, rlm_calls}``,
    ``RLMChatCompletion {prompt, response, prompt_tokens, completion_tokens, execution_time}``: the flat token
    counts, which the Python ``RLMChatCompletion.to_dict`` does not write (it nests them in ``usage_summary``).
- ``visualizer/src/components/LogViewer.tsx``: ``LogViewerHeader`` shows ``config.root_model``, ``config.backend``,
    ``config.environment_type``; ``LogViewerSummary`` shows ``metadata.contextQuestion`` and
    ``metadata.finalAnswer``; ``SelectedIterationInfo`` reads ``prompt[].content``, ``response.length``,
    ``iteration_time ?? (sum of result.execution_time)`` (``.toFixed``) and ``new Date(timestamp)``.
- ``visualizer/src/components/Dashboard.tsx``: the loaded-files list shows ``metadata.contextQuestion``,
    ``metadata.finalAnswer`` and ``metadata.totalIterations``.
- ``visualizer/src/components/IterationTimeline.tsx``: ``hasFinal = final_answer !== null`` (so a turn that did
    not answer must carry ``null``, not omit the key), ``response.slice``, ``result.stderr``,
    ``result.rlm_calls.length``, ``iteration_time``.
- ``visualizer/src/components/TrajectoryPanel.tsx``: every ``prompt`` message (``role``, ``content``),
    ``response``, ``iteration``, ``final_answer``.
- ``visualizer/src/components/ExecutionPanel.tsx`` (Sub-LM Calls tab): per ``rlm_calls`` entry
    ``{call.prompt_tokens} in`` / ``{call.completion_tokens} out`` (absent keys render "undefined in"),
    ``call.execution_time.toFixed(2)`` (must be a number), ``call.prompt``, ``call.response``.
- ``visualizer/src/components/CodeBlock.tsx``: ``code``, ``result.stdout``, ``result.stderr``,
    ``result.execution_time``, ``result.locals`` (the "Variables" grid: ``Object.entries``, string values cut at 30),
    and per ``rlm_calls`` entry ``prompt_tokens``, ``completion_tokens``, ``prompt``, ``response.slice``.

The ``_viewer_*`` functions below are line-for-line Python ports of the parser functions named in them, so the
assertions check what the viewer would show, not only that keys exist.
"""
from __future__ import annotations

import ast
import datetime as dt
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from rlm_jupyter import Run, to_jsonl
from rlm_jupyter.engine.dialogue import prompts
from rlm_jupyter.engine.dialogue.conversation import Conversation
from rlm_jupyter.engine.record.spend import Usage
from rlm_jupyter.engine.record.trajectory import CodeCell, GuardAction, Iteration, SubCall, Verdict

from .scripted import ROOT, SUB, Engine, engine, fence

__all__ = ["engine"]  # the fixture, re-exported for pytest

QUESTION = 'Which service logged the most "timeout" errors?'
SHOWN_QUESTION = "Which service logged the most 'timeout' errors?"  # the viewer's pattern stops at a double quote
DESCRIPTIONS = "`logs`: str, 48,213 characters, 1,204 lines\n" + "\n".join(
    f"  line {i}: 2026-11-30T12:00:{i:02d} service-{i % 3} level=ERROR msg='request timeout after 30s'"
    for i in range(8))
NOT_RECORDED = "(value not recorded)"


# -- ports of the viewer's parser (alexzhang13/rlm, visualizer/src/lib/parse-logs.ts and types.ts) --------------
def _viewer_parse(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """``parseJSONL``: the metadata line is the config, every other line is an iteration."""
    config: dict[str, Any] = {}
    iterations = []
    for line in path.read_text(encoding="utf-8").strip().split("\n"):
        if not line.strip():
            continue
        parsed = json.loads(line)
        if parsed.get("type") == "metadata":
            config = {"root_model": parsed.get("root_model"),
                      "recursive_max_depth": parsed.get("recursive_max_depth", parsed.get("max_depth")),
                      "max_iterations": parsed.get("max_iterations"), "backend": parsed.get("backend"),
                      "environment_type": parsed.get("environment_type"),
                      "other_backends": parsed.get("other_backends")}
        else:
            iterations.append(parsed)
    return config, iterations


def _viewer_question(iterations: list[dict[str, Any]]) -> str:
    """``extractContextQuestion``: what the header's "Context / Question" shows."""
    if not iterations:
        return "No context found"
    prompt = iterations[0]["prompt"]
    for msg in prompt:
        if msg["role"] == "user" and msg["content"]:
            found = re.search(r'original query: "([^"]+)"', msg["content"])
            if found:
                return found.group(1)
            if "answer the prompt" in msg["content"]:
                continue
            if 50 < len(msg["content"]) < 500:
                return msg["content"][:200] + ("..." if len(msg["content"]) > 200 else "")
    system = next((m for m in prompt if m["role"] == "system"), None)
    if system and system["content"]:
        found = re.search(r"context variable.*?:(.*?)(?:\n|$)", system["content"], re.IGNORECASE)
        if found:
            return found.group(1).strip()[:200]
    for it in iterations:
        for block in it["code_blocks"]:
            ctx = (block.get("result") or {}).get("locals", {}).get("context")
            if isinstance(ctx, str) and len(ctx) < 500:
                return ctx
    return "Context available in REPL environment"


def _viewer_final_answer(answer: str | list[str] | None) -> str | None:
    """``extractFinalAnswer`` (types.ts)."""
    if not answer:
        return None
    return answer[1] if isinstance(answer, list) else answer


def _viewer_metadata(iterations: list[dict[str, Any]]) -> dict[str, Any]:
    """``computeMetadata``: the summary panel's numbers and the run's final answer."""
    final, blocks, calls, errors, seconds = None, 0, 0, False, 0.0
    for it in iterations:
        blocks += len(it["code_blocks"])
        if it["iteration_time"] is not None:
            seconds += it["iteration_time"]
        else:
            seconds += sum(b["result"]["execution_time"] or 0 for b in it["code_blocks"])
        for block in it["code_blocks"]:
            errors = errors or bool(block["result"]["stderr"])
            calls += len(block["result"]["rlm_calls"])
        if it["final_answer"]:
            final = _viewer_final_answer(it["final_answer"])
    return {"totalIterations": len(iterations), "totalCodeBlocks": blocks, "totalSubLMCalls": calls,
            "contextQuestion": _viewer_question(iterations), "finalAnswer": final,
            "totalExecutionTime": seconds, "hasErrors": errors}


# -- a run built by hand: two turns, then out of turns and one forced last answer ---------------------------------
def _call(call_id: int, cell: int, prompt: str, response: str, tokens: tuple[int, int], iteration: int) -> SubCall:
    return SubCall(id=call_id, kind="llm", model="sub-m", prompt=prompt, depth=1, iteration=iteration, cell=cell,
                   response=response, latency_s=0.25 * call_id, prompt_tokens=tokens[0],
                   completion_tokens=tokens[1])


def hand_built_run(*, last_word: str | None = "I am out of turns.\nFINAL(service-1)",
                   answer: Any = "service-1") -> Run:
    conversation = Conversation.start(QUESTION, DESCRIPTIONS, None, 2)
    run = Run(id="v1", question=QUESTION, model="root-m", sub_model="sub-m", context_names=["logs"],
              status="max_iterations", message="no FINAL after 2 turns", answer=answer,
              started_at="2026-11-30T12:00:00+00:00", settings={"max_iterations": 2, "max_depth": 1},
              root_prompt=conversation.request())
    split = CodeCell(code="lines = logs.splitlines()\nchunks = [lines[i:i + 600] for i in range(0, len(lines), 600)]\n"
                          "print(len(chunks))", stdout="3\n", duration_s=0.02)
    split.created = {"lines": "['2026-11-30T12:00:00 service-0 ...', ...]", "chunks": "[[...], [...], [...]]"}
    ask = CodeCell(code="counts = llm_query_batched([f'count timeouts per service: {c}' for c in chunks])",
                   duration_s=1.5)
    ask.created = {"counts": "['service-1: 40', 'service-1: 38']"}
    # Recorded without ``created`` (as every record is before the loop fills it): names from the source.
    tally = CodeCell(code="import collections as col\nfrom json import loads\n"
                          "def parse(text):\n    inner = text.split(':')\n    return inner\n"
                          "best, _scratch = max(counts), 0\nfor row in counts:\n    last = row\n"
                          "if (n := len(counts)) > 1:\n    summary = llm_query('which is largest? ' + str(counts))\n"
                          "FINAL_VAR = None\nsquares = [k * k for k in range(3)]",
                     stdout="", value="'service-1'", duration_s=0.8)
    failed = CodeCell(code="ratio = best / 0", error="ZeroDivisionError: division by zero", duration_s=0.01)
    run.iterations = [
        Iteration(index=0, reply=fence(split.code) + "\n" + fence(ask.code), started_s=0.0, duration_s=2.0,
                  prompt_tokens=900, completion_tokens=80, cells=[split, ask], feedback="[block 1]\n3\n\nTurn 2 of 2.",
                  subcalls=[_call(1, 1, "count timeouts per service: chunk 0", "service-1: 40", (610, 7), 0),
                            _call(2, 1, "count timeouts per service: chunk 1", "service-1: 38", (590, 7), 0)]),
        Iteration(index=1, reply=fence(tally.code) + "\n" + fence(failed.code), started_s=2.0, duration_s=1.5,
                  prompt_tokens=1100, completion_tokens=60, cells=[tally, failed],
                  feedback="[block 1]\n'service-1'\n\n[block 2]\nZeroDivisionError\n\n" + prompts.OUT_OF_TURNS,
                  subcalls=[_call(3, 0, "which is largest? [...]", "service-1", (40, 2), 1)]),
    ]
    if last_word is not None:
        run.last_word = last_word
    run.usage = {"root-m": Usage(2000, 140, 3, None), "sub-m": Usage(1240, 16, 3, None)}
    return run


def write(run: Run, tmp_path: Path) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    path = tmp_path / "run.jsonl"
    to_jsonl(run, path)
    raw = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    config, iterations = _viewer_parse(path)
    return config, iterations, raw


def blocks_of(iteration: dict[str, Any]) -> list[dict[str, Any]]:
    return [block["result"] for block in iteration["code_blocks"]]


# -- the header ------------------------------------------------------------------------------------------------
def test_the_header_shows_the_question(tmp_path: Path) -> None:
    run = hand_built_run()
    _, iterations, _ = write(run, tmp_path)
    # parse-logs.ts extractContextQuestion -> LogViewer.tsx LogViewerSummary and Dashboard.tsx
    assert _viewer_metadata(iterations)["contextQuestion"] == SHOWN_QUESTION
    # The messages the model was sent are all there, unchanged, after the one added message.
    first = iterations[0]["prompt"]
    assert first[1:] == run.root_prompt
    assert first[0]["role"] == "user" and first[0]["content"].startswith("[rlm_jupyter log header, not sent to the model]")
    # Only the first iteration carries it: every other prompt is exactly what that root call sent.
    sent = Conversation.root_requests(run)
    assert [it["prompt"] for it in iterations[1:len(run.iterations)]] == sent[1:]


def test_without_the_added_message_the_viewer_shows_no_question(tmp_path: Path) -> None:
    """Why the message is added: the viewer shows the first user message of 50 to 499 characters or its
    ``original query: "..."``. Our opening is longer than that, so the header showed a placeholder, and
    since the worked example opens the conversation it would show the example's question."""
    _, iterations, _ = write(hand_built_run(), tmp_path)
    stripped = [{**iterations[0], "prompt": iterations[0]["prompt"][1:]}, *iterations[1:]]
    assert _viewer_question(stripped) != SHOWN_QUESTION and _viewer_question(iterations) == SHOWN_QUESTION


def test_a_question_is_shown_whole_on_one_line(tmp_path: Path) -> None:
    run = hand_built_run()
    run.question = 'Count the rows\nwhere status == "failed"'
    _, iterations, _ = write(run, tmp_path)
    assert _viewer_question(iterations) == "Count the rows where status == 'failed'"


# -- the lines, the config -----------------------------------------------------------------------------------------
def test_every_line_is_the_config_or_an_iteration_of_the_reference_shape(tmp_path: Path) -> None:
    run = hand_built_run()
    config, iterations, raw = write(run, tmp_path)
    # parse-logs.ts parseJSONL: the only other line type it knows is "metadata" (rlm_logger.py log_metadata).
    assert raw[0]["type"] == "metadata" and all(line["type"] == "iteration" for line in raw[1:])
    # LogViewer.tsx LogViewerHeader: root_model, backend, environment_type.
    assert config == {"root_model": "root-m", "recursive_max_depth": 1, "max_iterations": 2, "backend": "openai",
                      "environment_type": "jupyter", "other_backends": ["sub-m"]}
    for number, it in enumerate(iterations, start=1):
        # types.ts RLMIteration; TrajectoryPanel.tsx shows `iteration`; LogViewer.tsx does new Date(timestamp).
        assert it["iteration"] == number
        assert dt.datetime.fromisoformat(it["timestamp"]).tzinfo is not None
        assert all(isinstance(m["role"], str) and isinstance(m["content"], str) for m in it["prompt"])
        assert isinstance(it["response"], str)  # IterationTimeline.tsx response.slice
        assert "final_answer" in it  # IterationTimeline.tsx: hasFinal = final_answer !== null
        assert it["iteration_time"] is None or isinstance(it["iteration_time"], float)
        for block in it["code_blocks"]:  # types.ts CodeBlock / REPLResult (rlm/core/types.py REPLResult.to_dict)
            assert isinstance(block["code"], str)
            result = block["result"]
            assert set(result) == {"stdout", "stderr", "locals", "execution_time", "rlm_calls"}
            assert isinstance(result["execution_time"], float)  # CodeBlock.tsx execution_time.toFixed(2)


def test_blocks_keep_their_output_and_errors(tmp_path: Path) -> None:
    run = hand_built_run()
    _, iterations, _ = write(run, tmp_path)
    split, ask = blocks_of(iterations[0])
    tally, failed = blocks_of(iterations[1])
    assert ask["stdout"] == "" and ask["stderr"] == ""
    assert split["stdout"] == "3\n" and split["stderr"] == ""  # CodeBlock.tsx stdout / stderr panes
    assert tally["stdout"] == "'service-1'\n"  # the last expression's value, as a REPL prints it
    assert failed["stderr"] == "ZeroDivisionError: division by zero"
    assert _viewer_metadata(iterations)["hasErrors"] is True  # LogViewer.tsx "Has Errors" badge
    assert [b["code"] for b in iterations[1]["code_blocks"]] == [c.code for c in run.iterations[1].cells]



# -- additions the viewer ignores ----------------------------------------------------------------------------------
def test_each_iteration_carries_the_verdicts_of_its_turn(tmp_path: Path) -> None:
    run = hand_built_run()
    refused = Verdict(gate="read-first", action="refused", note="Read the data first.", values={"reads": 0})
    marked = Verdict(gate="grounding", action="marked", values={"unseen": ["78"]}, cell=1)
    run.iterations[1].verdicts = [refused, marked]
    _, iterations, raw = write(run, tmp_path)
    assert iterations[0]["verdicts"] == []
    assert iterations[1]["verdicts"] == [
        {"gate": "read-first", "action": "refused", "note": "Read the data first.", "values": {"reads": 0}, "cell": None},
        {"gate": "grounding", "action": "marked", "note": "", "values": {"unseen": ["78"]}, "cell": 1}]
    assert iterations[-1]["verdicts"] == []  # the forced last reply: no gate judged it
    assert "verdicts" not in raw[0]  # the metadata line is unchanged
    # The viewer reads what it always read: the extra key changes none of its figures.
    plain = [{k: v for k, v in it.items() if k not in ("verdicts", "guard")} for it in iterations]
    assert _viewer_metadata(iterations) == _viewer_metadata(plain)


def test_each_iteration_carries_what_the_guard_refused_in_it(tmp_path: Path) -> None:
    run = hand_built_run()
    run.guard = [GuardAction("proc", "os.system('curl x')", run_id=run.id, iteration=1, cell=0),
                 GuardAction("net", "connect to 10.0.0.1:80", run_id="a-child", iteration=1)]
    _, iterations, _ = write(run, tmp_path)
    assert iterations[0]["guard"] == [] and iterations[-1]["guard"] == []
    assert iterations[1]["guard"] == [{"category": "proc", "what": "os.system('curl x')", "refused": True, "by": "",
                                       "run_id": run.id, "iteration": 1, "cell": 0, "thread": ""}]


def test_verdicts_are_redacted_like_every_string_of_the_log(tmp_path: Path) -> None:
    run = hand_built_run()
    run.use_redactor(lambda text: text.replace("hunter2", "[secret:PASSWORD]"))
    run.iterations[0].verdicts = [Verdict(gate="grounding", action="refused", note="hunter2 was never printed",
                                          values={"hunter2": ["hunter2"]})]
    _, iterations, _ = write(run, tmp_path)
    assert iterations[0]["verdicts"][0]["note"] == "[secret:PASSWORD] was never printed"
    assert iterations[0]["verdicts"][0]["values"] == {"[secret:PASSWORD]": ["[secret:PASSWORD]"]}
    assert "hunter2" not in (tmp_path / "run.jsonl").read_text(encoding="utf-8")


def test_the_record_imports_neither_the_prompts_nor_the_conversation() -> None:
    """The log is written by ``engine/record/jsonl.py``; the record module stays plain data.

    Checked in its source and by importing it alone in a fresh interpreter: the packages above it are bare
    stand-ins there, so ``rlm_jupyter/__init__.py`` (which imports the whole engine) cannot hide an import.
    """
    import rlm_jupyter
    import rlm_jupyter.engine.record.trajectory as trajectory

    tree = ast.parse(Path(trajectory.__file__).read_text(encoding="utf-8"))
    sources = {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    names = {alias.name for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))
             for alias in node.names}
    assert not (sources | names) & {"prompts", "conversation", "Conversation", "jsonl"}
    root = Path(rlm_jupyter.__file__).parent
    code = ("import sys, types\n"
            f"for name, path in (('rlm_jupyter', {str(root)!r}), ('rlm_jupyter.engine', {str(root / 'engine')!r})):\n"
            "    sys.modules[name] = package = types.ModuleType(name)\n"
            "    package.__path__ = [path]\n"
            "import rlm_jupyter.engine.record.trajectory\n"
            "print(' '.join(sorted(m for m in sys.modules if m.startswith('rlm_jupyter.'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    loaded = set(out.stdout.split())
    assert "rlm_jupyter.engine.record.trajectory" in loaded
    assert not loaded & {"rlm_jupyter.engine.dialogue.prompts", "rlm_jupyter.engine.dialogue.conversation"}, sorted(loaded)
    assert not hasattr(trajectory.Run, "to_jsonl")  # one writer of the log: rlm_jupyter.to_jsonl


# -- locals ----------------------------------------------------------------------------------------------------------
def test_locals_are_the_variables_each_block_created(tmp_path: Path) -> None:
    run = hand_built_run()
    _, iterations, _ = write(run, tmp_path)
    split, ask = blocks_of(iterations[0])
    # CodeBlock.tsx "Variables": Object.entries(result.locals), each value a bounded repr (string).
    assert split["locals"] == run.iterations[0].cells[0].created
    assert ask["locals"] == {"counts": "['service-1: 40', 'service-1: 38']"}


def test_locals_of_a_record_without_values_are_the_names_the_code_binds(tmp_path: Path) -> None:
    _, iterations, _ = write(hand_built_run(), tmp_path)
    tally, failed = blocks_of(iterations[1])
    # Top-level bindings in order: imports, a def (not its local `inner`), tuple targets (not `_scratch`), a for
    # target, a walrus, an if body; not a helper name (FINAL_VAR), not a comprehension's own variable (`k`).
    assert list(tally["locals"]) == ["col", "loads", "parse", "best", "row", "last", "n", "summary", "squares"]
    assert set(tally["locals"].values()) == {NOT_RECORDED}
    assert failed["locals"] == {}  # a failing block may have stopped before any of its assignments


def test_recorded_values_are_bounded(tmp_path: Path) -> None:
    run = hand_built_run()
    run.iterations[0].cells[0].created = {"lines": "x" * 5000}
    _, iterations, _ = write(run, tmp_path)
    shown = blocks_of(iterations[0])[0]["locals"]["lines"]
    assert len(shown) <= 200 and shown.startswith("xxx") and shown.endswith("...")


# -- sub-calls -------------------------------------------------------------------------------------------------------
def test_every_sub_call_carries_its_tokens_in_the_block_that_made_it(tmp_path: Path) -> None:
    run = hand_built_run()
    _, iterations, _ = write(run, tmp_path)
    for it, record in zip(iterations, run.iterations):
        for index, result in enumerate(blocks_of(it)):
            made = [c for c in record.subcalls if c.cell == index]
            assert len(result["rlm_calls"]) == len(made)  # ExecutionPanel.tsx "llm_query() from Block #n"
            for entry, call in zip(result["rlm_calls"], made):
                # ExecutionPanel.tsx / CodeBlock.tsx badges: `{call.prompt_tokens} in`, `{call.completion_tokens} out`.
                assert entry["prompt_tokens"] == call.prompt_tokens and entry["completion_tokens"] == call.completion_tokens
                assert entry["execution_time"] == call.latency_s  # ExecutionPanel.tsx execution_time.toFixed(2)
                assert entry["prompt"] == call.prompt and entry["response"] == call.response
                # rlm/core/types.py RLMChatCompletion.to_dict: root_model and the nested usage_summary.
                assert entry["root_model"] == "sub-m"
                assert entry["usage_summary"] == {"model_usage_summaries": {"sub-m": {
                    "total_calls": 1, "total_input_tokens": call.prompt_tokens,
                    "total_output_tokens": call.completion_tokens}}}
    assert _viewer_metadata(iterations)["totalSubLMCalls"] == len(run.subcalls) == 3


def test_a_sub_call_without_a_recorded_block_is_kept(tmp_path: Path) -> None:
    run = hand_built_run()
    run.iterations[0].subcalls[0].cell = None  # recorded before SubCall.cell existed
    _, iterations, _ = write(run, tmp_path)
    assert _viewer_metadata(iterations)["totalSubLMCalls"] == 3
    assert len(blocks_of(iterations[0])[-1]["rlm_calls"]) == 2


def test_a_failed_sub_call_still_renders(tmp_path: Path) -> None:
    run = hand_built_run()
    call = run.iterations[1].subcalls[0]
    call.response, call.latency_s, call.error = None, None, "SubCallError: HTTP 500"
    _, iterations, _ = write(run, tmp_path)
    entry = blocks_of(iterations[1])[0]["rlm_calls"][0]
    assert entry["response"] == "" and entry["execution_time"] == 0.0  # response.slice, execution_time.toFixed
    assert entry["error"] == "SubCallError: HTTP 500"  # RLMChatCompletion.to_dict's optional "error"


# -- final answers ------------------------------------------------------------------------------------------------------
def test_the_forced_last_answer_is_an_iteration_with_its_final_answer(tmp_path: Path) -> None:
    run = hand_built_run()
    _, iterations, _ = write(run, tmp_path)
    assert len(iterations) == len(run.iterations) + 1
    forced = iterations[-1]
    assert forced["iteration"] == 3 and forced["code_blocks"] == []
    assert forced["response"] == "I am out of turns.\nFINAL(service-1)"
    # The messages of the forced call (RLM._last_word): the whole conversation, then the out-of-turns request.
    assert forced["prompt"] == Conversation.of_run(run).request(prompts.OUT_OF_TURNS)
    assert forced["prompt"][-1] == {"role": "user", "content": prompts.OUT_OF_TURNS}
    # TrajectoryPanel.tsx "Final Answer", IterationTimeline.tsx FINAL badge, computeMetadata -> "Completed".
    assert forced["final_answer"] == "service-1"
    assert [it["final_answer"] for it in iterations[:-1]] == [None, None]
    assert _viewer_metadata(iterations)["finalAnswer"] == "service-1"
    assert dt.datetime.fromisoformat(forced["timestamp"]) == dt.datetime.fromisoformat(run.started_at) + dt.timedelta(
        seconds=3.5)


def test_a_record_without_the_last_reply_still_shows_the_forced_answer(tmp_path: Path) -> None:
    _, iterations, _ = write(hand_built_run(last_word=None), tmp_path)
    assert len(iterations) == 3 and iterations[-1]["response"] == "" and iterations[-1]["final_answer"] == "service-1"


def test_a_forced_reply_without_an_answer_is_an_iteration_without_one(tmp_path: Path) -> None:
    _, iterations, _ = write(hand_built_run(last_word="I could not decide.", answer=None), tmp_path)
    assert len(iterations) == 3 and iterations[-1]["final_answer"] is None
    assert _viewer_metadata(iterations)["finalAnswer"] is None  # "Not yet completed"


def test_no_forced_reply_no_extra_iteration(tmp_path: Path) -> None:
    _, iterations, _ = write(hand_built_run(last_word=None, answer=None), tmp_path)
    assert len(iterations) == 2 and all(it["final_answer"] is None for it in iterations)


def test_an_answered_run_has_its_final_answer_on_the_last_turn(tmp_path: Path) -> None:
    run = hand_built_run(last_word=None, answer={"service-1": 78})
    run.status = "final"
    _, iterations, _ = write(run, tmp_path)
    assert len(iterations) == 2 and iterations[0]["final_answer"] is None
    assert iterations[-1]["final_answer"] == "{'service-1': 78}"


# -- a real run ---------------------------------------------------------------------------------------------------------
def test_a_real_run_that_ran_out_of_turns_reads_fully(engine: Engine, tmp_path: Path) -> None:
    replies = [fence("notes = llm_query_batched(['count a', 'count b'])\nsize = len(notes)\nprint(size)"),
               fence("total = size * 2\nprint('probably', total * 10 + 2)") + "\n"
               + fence("answer = llm_query('pick one: ' + notes[0])"),
               "FINAL(probably 42)"]  # printed by the code, so the forced last word is kept
    run = engine.run(replies, {"logs": "x" * 5000}, question=QUESTION, max_iterations=2)
    assert run.status == "max_iterations" and run.answer == "probably 42"
    _, iterations, _ = write(run, tmp_path)
    meta = _viewer_metadata(iterations)
    assert meta["contextQuestion"] == SHOWN_QUESTION
    assert iterations[0]["prompt"][1:] == engine.server.requests[0].messages == run.root_prompt
    # Each logged prompt is what the server received for that root call, the forced one included.
    root_requests = [r.messages for r in engine.server.requests if r.model == ROOT]
    assert [it["prompt"] for it in iterations[1:]] == root_requests[1:]
    assert meta["totalIterations"] == 3 and meta["finalAnswer"] == "probably 42"
    assert iterations[-1]["final_answer"] == "probably 42" and iterations[-1]["code_blocks"] == []
    assert iterations[-1]["response"] == (getattr(run, "last_word", None) or "")
    # Sub-calls: the server's token counts on every entry, under the block that made them.
    calls = [entry for it in iterations for result in blocks_of(it) for entry in result["rlm_calls"]]
    assert len(calls) == len(run.subcalls) == meta["totalSubLMCalls"] == 3
    for entry, call in zip(calls, run.subcalls):
        assert entry["root_model"] == SUB and entry["prompt"] == call.prompt
        assert entry["prompt_tokens"] == call.prompt_tokens > 0 and entry["completion_tokens"] == call.completion_tokens > 0
    assert [len(r["rlm_calls"]) for r in blocks_of(iterations[1])] == [0, 1]
    # Locals: the variables each block created.
    assert [list(r["locals"]) for it in iterations[:2] for r in blocks_of(it)] == [["notes", "size"], ["total"], ["answer"]]
    for it, record in zip(iterations, run.iterations):
        for result, cell in zip(blocks_of(it), record.cells):
            created = getattr(cell, "created", None)
            expected = created if created is not None else dict.fromkeys(result["locals"], NOT_RECORDED)
            assert result["locals"] == expected
