"""``python -m benchmarks``: task quality and scaffold benchmarks for rlm_jupyter, rlms and dspy.RLM.

Run from the repository root. ``bash benchmarks/run`` first builds
``benchmarks/.venv`` with all three libraries; in an environment without
``rlms`` or ``dspy`` those libraries are reported as not run.

    python -m benchmarks                     # everything, bundled server, ~10 minutes on 2 cores
    python -m benchmarks --quick             # tiny sizes, < 1 minute
    python -m benchmarks --only ours --skip scaffold
    python -m benchmarks --skip scaffold --base-url https://api.openai.com/v1 --model gpt-5 --sub-model gpt-5-mini
    python -m benchmarks --real --base-url http://127.0.0.1:8777/v1 --model m --sub-model m \
        --instances 3 --max-iterations 4 --max-tokens 400       # small tasks on a real model, failure classes

``--real`` writes only the "Real model" section of RESULTS.md (the scripted sections stay as they are);
a scripted run keeps an existing "Real model" section.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .harness import run_tasks
from .libraries import LIBRARIES, Endpoint, Library, Options, dspy_default_sandbox_error
from .real import Outcome, load_outcomes, render_section, run_real
from .report import write, write_real
from .scaffold import fanout, memory, overhead, prompt_size, startup
from .tasks import all_tasks

SCAFFOLD = {"prompt_size": prompt_size, "fanout": fanout, "overhead": overhead, "memory": memory, "startup": startup}
HERE = Path(__file__).resolve().parent


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    tasks = [t.name for t in all_tasks()]
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes (CI, iteration): under a minute")
    parser.add_argument("--only", default=",".join(LIBRARIES), help=f"libraries, comma-separated ({', '.join(LIBRARIES)})")
    parser.add_argument("--skip", default="",
                        help="comma-separated: tasks, scaffold, or any of " + ", ".join([*tasks, *SCAFFOLD]))
    parser.add_argument("--out", type=Path, help="where RESULTS.md, fanout.png and results.json go "
                        "(default: benchmarks/, or benchmarks/.quick/ with --quick so a quick run never "
                        "overwrites the committed results)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--base-url", help="a real OpenAI-compatible endpoint for the tasks (key: OPENAI_API_KEY)")
    parser.add_argument("--model", help="root model at --base-url")
    parser.add_argument("--sub-model", help="sub-call model at --base-url (default: --model)")
    parser.add_argument("--real", action="store_true",
                        help="real-model mode: small tasks at --base-url, failure classes, only the Real model section")
    parser.add_argument("--instances", type=int, default=3, help="--real: seeded instances per task (default 3)")
    parser.add_argument("--max-iterations", type=int, default=4, help="--real: root turns per run (default 4)")
    parser.add_argument("--max-tokens", type=int, default=400, help="--real: output cap per call (default 400)")
    parser.add_argument("--resume", type=Path, help="--real: a real-results.json of a run that stopped; its attempts "
                                                    "are kept and not run again")
    args = parser.parse_args(argv)
    args.out = args.out or (HERE / ".quick" if args.quick else HERE)
    unknown = set(filter(None, args.only.split(","))) - set(LIBRARIES)
    if unknown:
        parser.error(f"unknown libraries {sorted(unknown)}; choose from {sorted(LIBRARIES)}")
    if args.base_url and not args.model:
        parser.error("--base-url needs --model")
    if args.real and not args.base_url:
        parser.error("--real needs --base-url and --model")
    if args.resume and not args.real:
        parser.error("--resume continues a --real run; add --real and the endpoint options")
    if args.resume and not args.resume.is_file():
        parser.error(f"--resume {args.resume}: no such file; pass the real-results.json a --real run wrote")
    try:
        args.done = load_outcomes(args.resume) if args.resume else []
    except (ValueError, TypeError, AttributeError) as exc:
        parser.error(f"--resume {args.resume}: not a real-results.json a --real run wrote ({type(exc).__name__})")
    if args.instances < 1 or args.max_iterations < 1 or args.max_tokens < 1:
        parser.error("--instances, --max-iterations and --max-tokens must be positive")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse(argv)
    started, load_before = time.perf_counter(), os.getloadavg()[0]
    skip = set(filter(None, args.skip.split(",")))
    libraries, skipped = [], {}
    for name in filter(None, args.only.split(",")):
        reason = LIBRARIES[name].unavailable()
        if reason:
            skipped[LIBRARIES[name].title] = reason
            print(f"skipping {name}: {reason}")
        else:
            libraries.append(LIBRARIES[name])
    if not libraries:
        print("no library can run", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    if args.real:
        return _real(args, libraries, skip, argv, started)

    endpoint = None
    endpoint_note = "the bundled fake server with the scripted reference strategies (identical replies for every library)"
    if args.base_url:
        endpoint = Endpoint(args.base_url, args.model, args.sub_model or args.model,
                            os.environ.get("OPENAI_API_KEY") or "not-needed")
        endpoint_note = (f"tasks: `{endpoint.model}` (sub-calls `{endpoint.sub_model}`) at {endpoint.base_url}; "
                         "scaffold benchmarks: the bundled fake server")

    tasks = [t for t in all_tasks() if t.name not in skip] if "tasks" not in skip else []
    task_results = []
    if tasks:
        print(f"task quality ({'real endpoint' if endpoint else 'scripted strategies'}):")
        task_results = run_tasks(tasks, libraries, endpoint, args.quick, seed=args.seed)

    scaffold: dict[str, Any] = {}
    if "scaffold" not in skip:
        print("scaffold benchmarks (bundled server):")
        for key, module in SCAFFOLD.items():
            if key not in skip:
                scaffold[key] = module.run(libraries, args.quick)

    dspy_sandbox = None
    if any(lib.name == "dspy" for lib in libraries):
        print("checking dspy.RLM's default Deno/Pyodide sandbox ...")
        dspy_sandbox = dspy_default_sandbox_error(timeout_s=30 if args.quick else 120)
    titles = {lib.name: lib.title for lib in libraries}
    plot_written = "fanout" in scaffold and fanout.plot(scaffold["fanout"], titles, args.out / "fanout.png")
    command = " ".join(["python -m benchmarks", *(argv if argv is not None else sys.argv[1:])])
    write(args.out / "RESULTS.md", quick=args.quick, command=command, libraries=libraries, skipped=skipped,
          tasks=tasks, task_results=task_results, scaffold=scaffold, endpoint_note=endpoint_note,
          dspy_sandbox=dspy_sandbox, plot_written=plot_written, load=(load_before, os.getloadavg()[0]),
          seconds=time.perf_counter() - started)
    raw = {"scaffold": scaffold, "tasks": [vars(r) for r in task_results]}
    (args.out / "results.json").write_text(json.dumps(raw, indent=1, default=str), encoding="utf-8")
    print(f"wrote {args.out / 'RESULTS.md'} in {time.perf_counter() - started:.0f} s")
    return 0


def _real(args: argparse.Namespace, libraries: list[Library], skip: set[str], argv: Sequence[str] | None,
          started: float) -> int:
    """``--real``: the tasks only (the scaffold benchmarks measure the library, not the model)."""
    import datetime as dt

    from rlm_jupyter.engine.dialogue.prompts import PROMPT_VERSION

    endpoint = Endpoint(args.base_url, args.model, args.sub_model or args.model,
                        os.environ.get("OPENAI_API_KEY") or "not-needed")
    options = Options(max_iterations=args.max_iterations, max_tokens=args.max_tokens, traced=True)
    tasks = [t for t in all_tasks() if t.name not in skip]
    print(f"real model: {endpoint.model} at {endpoint.base_url}, {args.instances} instance(s) per task")
    command = " ".join(["python -m benchmarks", *(argv if argv is not None else sys.argv[1:])])
    planned = len(tasks) * args.instances * len(libraries)

    def save(outcomes: list[Outcome]) -> None:
        section = render_section(outcomes, tasks, libraries, command=command, endpoint=endpoint, options=options,
                                 instances=args.instances, seed=args.seed, quick=args.quick,
                                 seconds=time.perf_counter() - started, prompt_version=PROMPT_VERSION,
                                 date=f"{dt.datetime.now().astimezone():%Y-%m-%d %H:%M %Z}", planned=planned)
        write_real(args.out / "RESULTS.md", section)
        raw = [{**vars(o), "solved": o.solved, "wrong_reported": o.wrong_reported, "invented": o.invented}
               for o in outcomes]
        (args.out / "real-results.json").write_text(json.dumps(raw, indent=1, default=str), encoding="utf-8")

    save(run_real(tasks, libraries, endpoint, options, args.instances, args.seed, args.quick, progress=save,
                  done=args.done))
    print(f"wrote the Real model section of {args.out / 'RESULTS.md'} in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
