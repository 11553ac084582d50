"""What the in-process guard cannot stop (issues 26 and 37), each class shown as it is, and held by the isolated REPL.

docs/security.md ("What the guard cannot stop") has a row per class and names the test that shows it. A test here
passes when the limit is real (the action goes through with the guard on); where the isolated REPL is the answer,
the same action is tried there and must fail. Should CPython or a library close one of these holes (an audit event
for SQLite's ATTACH, say), its test fails, and that page must change. The classes:

- patching the guard's own state;
- patching the engine's classes (or compiling code under a file name of the package);
- descriptors, objects and threads that existed before the run (or a run's thread left running after it);
- I/O done in C without audit events (SQLite ``ATTACH``, pyarrow, DuckDB, polars);
- and, beside them: remote peers acting for the model, a host name resolved inside ``connect``, and the model's
  objects the user keeps after the run (a function it made runs its own code when called).
"""
from __future__ import annotations

import os
import socket
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from rlm_jupyter import Run
from rlm_jupyter.engine.run.isolation import sandbox
from rlm_jupyter.engine.safety import guard

from .scripted import Engine, assert_final, engine, fence

__all__ = ["engine"]

ISOLATION = pytest.mark.skipif(sandbox.landlock_abi() < 1, reason="this kernel offers no Landlock")


def attempt(engine: Engine, code: str, context: object = "tickets", **options: Any) -> Run:
    options.setdefault("acceptance", "off")
    run = engine.run([fence(code), "FINAL(it is done)"], context, **options)
    assert_final(run)
    return run


def output(run: Run) -> str:
    return run.iterations[0].cells[0].output_text()


# -- patching the guard's own state ----------------------------------------------------------------------------------
DEFEAT_THE_STATE = "import sys, os\nsys.modules['rlm_jupyter.engine.safety.registry']._watched = {}\n"


def test_patching_the_guards_own_state_defeats_it(engine: Engine, tmp_path: Path) -> None:
    marker = tmp_path / "marker"
    run = attempt(engine, DEFEAT_THE_STATE + f"os.system('touch {marker}')")
    assert marker.exists() and run.guard == []  # not a sandbox: the isolated REPL is, for untrusted data


@ISOLATION
def test_isolation_holds_what_patching_the_guards_state_does(engine: Engine, tmp_path: Path) -> None:
    marker = tmp_path / "marker"
    run = attempt(engine, DEFEAT_THE_STATE + f"print(os.system('touch {marker} 2>/dev/null'))", isolated=True)
    assert not marker.exists(), output(run)  # the shell ran, under the REPL's limits, and could not write


# -- patching the engine's classes -----------------------------------------------------------------------------------
DEFEAT_A_CLASS = "from rlm_jupyter.engine.safety.guard import Watch\nWatch.decide = lambda *args: None\n"


@pytest.fixture
def decide() -> Any:
    """The guard's class, put back after a test that patches it in this very process."""
    original = guard.Watch.decide
    yield original
    guard.Watch.decide = original  # type: ignore[method-assign]


def test_patching_an_engine_class_defeats_the_guard(engine: Engine, tmp_path: Path, decide: Any) -> None:
    written = tmp_path / "written"
    run = attempt(engine, DEFEAT_A_CLASS + f"open({str(written)!r}, 'w').close()")
    assert written.exists() and run.guard == []


def test_code_compiled_under_a_file_name_of_the_package_acts_as_the_engine(engine: Engine, tmp_path: Path) -> None:
    """The engine is told by the file a code object was compiled from; ``compile`` lets code name any file. Such
    code gets the engine's own work for the run (its cache folder, here), never more: a process is still refused."""
    from rlm_jupyter.engine.run import loop

    cache, marker = tmp_path / "cache", tmp_path / "marker"
    code = (f"import os\nsrc = \"open({str(cache / 'planted')!r}, 'w').close()\\nos.system('touch {marker}')\"\n"
            f"exec(compile(src, {loop.__file__!r}, 'exec'), {{'os': os}})")
    run = attempt(engine, code, cache_dir=str(cache))
    assert (cache / "planted").exists()  # the engine may write its cache for the run
    assert not marker.exists() and [a.category for a in run.guard] == ["proc"]


@ISOLATION
def test_isolation_holds_what_patching_an_engine_class_does(engine: Engine, tmp_path: Path) -> None:
    written = tmp_path / "written"
    run = attempt(engine, DEFEAT_A_CLASS + f"try:\n    open({str(written)!r}, 'w').close()\nexcept OSError as e:\n"
                          "    print(type(e).__name__)", isolated=True)
    assert not written.exists() and "PermissionError" in output(run)


# -- descriptors, objects and threads that existed before the run ----------------------------------------------------
def test_an_object_handed_to_the_run_acts_for_it(engine: Engine, tmp_path: Path) -> None:
    """An open file (or an open requests.Session, a database connection) was checked when the user opened it."""
    target = tmp_path / "opened-by-the-user.txt"
    with target.open("w") as handle:
        attempt(engine, "log.write('written through the handle')", {"log": handle})
    assert target.read_text() == "written through the handle"


@ISOLATION
def test_isolation_holds_an_object_handed_to_the_run(engine: Engine, tmp_path: Path) -> None:
    target = tmp_path / "opened-by-the-user.txt"
    with target.open("w") as handle:
        run = attempt(engine, "try:\n    log.write('x')\nexcept Exception as e:\n    print(type(e).__name__)",
                      {"log": handle}, isolated=True)
    assert target.read_text() == "" and "not available" in run.isolation  # described, not usable: nothing crosses


def test_cffi_the_kernel_already_imported_is_reachable(engine: Engine) -> None:
    """The guard refuses loading cffi's backend; a module already loaded raises no import event."""
    cffi = pytest.importorskip("cffi")
    cffi.FFI()  # the user's (or a library's) own use, before the run: ``_cffi_backend`` is loaded
    run = attempt(engine, "import cffi\nffi = cffi.FFI()\nffi.cdef('int getpid(void);')\n"
                          "print(ffi.dlopen(None).getpid())")
    assert output(run).strip() == str(os.getpid())


LEAVES_A_THREAD = ("import threading\ndef wait_then_write():\n    go.wait(60)\n    try:\n"
                   "        open({path!r}, 'w').close()\n    finally:\n        done.set()\n"
                   "threading.Thread(target=wait_then_write, daemon=True).start()\nprint('left a thread')")


def test_a_thread_left_running_after_the_run_is_no_longer_watched(engine: Engine, tmp_path: Path) -> None:
    written, later, done = tmp_path / "later", threading.Event(), threading.Event()
    attempt(engine, LEAVES_A_THREAD.format(path=str(written)), {"go": later, "done": done})
    later.set()  # the run has ended: the thread's code is nobody's now
    assert done.wait(60) and written.exists()


@ISOLATION
def test_isolation_holds_a_thread_left_running_after_the_run(engine: Engine, tmp_path: Path) -> None:
    """In the worker, a thread that outlives its run is still under the OS limits (shown in one run: the thread
    acts after the block that started it has ended)."""
    written = tmp_path / "later"
    code = ("import threading, time\ngo, done = threading.Event(), threading.Event()\n"
            + LEAVES_A_THREAD.format(path=str(written)))
    run = attempt(engine, code + "\ngo.set(); done.wait(60); print('it tried')", isolated=True)
    assert "it tried" in output(run) and not written.exists()


# -- the model's objects you keep -----------------------------------------------------------------------------------
HANDS_BACK_A_FUNCTION = "def tidy():\n    open({path!r}, 'w').close()\n    return 'tidied'"


def test_a_function_the_model_made_runs_its_code_when_used_after_the_run(engine: Engine, tmp_path: Path) -> None:
    written = tmp_path / "after-the-run"
    run = engine.run([fence(HANDS_BACK_A_FUNCTION.format(path=str(written))), "FINAL_VAR(tidy)"], "tickets",
                     acceptance="off")
    assert_final(run)
    assert run.answer() == "tidied" and written.exists()  # the user called it: the run had ended


@ISOLATION
def test_isolation_holds_a_function_the_model_made(engine: Engine, tmp_path: Path) -> None:
    from rlm_jupyter.engine.run.isolation.values import Described

    written = tmp_path / "after-the-run"
    run = engine.run([fence(HANDS_BACK_A_FUNCTION.format(path=str(written))), "FINAL_VAR(tidy)"], "tickets",
                     acceptance="off", isolated=True)
    assert_final(run)
    assert isinstance(run.answer, Described) and not written.exists()  # its type and repr, never its code


LATE_DEL = ("class Later:\n    pass\n"
            "Later.__del__ = lambda self: open({path!r}, 'w').close()  # set after the class was made: no hook sees it\n"
            "kept = Later()\nprint('left an object')")


def test_a_del_set_on_a_class_after_it_was_made_runs_after_the_run(engine: Engine, tmp_path: Path) -> None:
    """``class X`` with ``__del__`` is refused when the class is made; one assigned later is a plain attribute
    write on a type, which raises no audit event (CPython 3.11), so it runs, unwatched, when its object goes."""
    import gc

    written, namespace = tmp_path / "collected", {}
    attempt(engine, LATE_DEL.format(path=str(written)), namespace=namespace)
    assert not written.exists()
    namespace.clear()  # the user's kernel drops the model's object after the run
    gc.collect()
    assert written.exists()


@ISOLATION
def test_isolation_holds_a_del_set_after_the_class_was_made(engine: Engine, tmp_path: Path) -> None:
    """In the worker, whenever the object goes, its ``__del__`` runs under the OS limits, which do not depend on
    the guard: shown with the guard off, the object dropped at once (the write outside the scratch folder is
    refused by Landlock)."""
    written = tmp_path / "collected"
    run = attempt(engine, LATE_DEL.format(path=str(written)) + "\ndel kept\nimport gc; gc.collect()\n"
                  "print('dropped')", isolated=True, guard="off")
    assert "dropped" in output(run) and not written.exists()


# -- I/O done in C without audit events ------------------------------------------------------------------------------
NATIVE_WRITES = {
    "SQLite ATTACH": "import sqlite3\ncon = sqlite3.connect(':memory:')\ncon.execute(\"ATTACH DATABASE '{path}' AS x\")\n"
                     "con.execute('CREATE TABLE x.t (a)')\ncon.close()",
    "pyarrow": "import pyarrow as pa, pyarrow.parquet as pq\npq.write_table(pa.table({'a': [1]}), '{path}')",
    "polars": "import polars as pl\npl.DataFrame({'a': [1]}).write_csv('{path}')",
    "DuckDB": "import duckdb\nduckdb.sql(\"COPY (SELECT 1 AS a) TO '{path}' (FORMAT csv)\")",
}
MODULES = {"SQLite ATTACH": "sqlite3", "pyarrow": "pyarrow", "polars": "polars", "DuckDB": "duckdb"}


@pytest.mark.parametrize("library", list(NATIVE_WRITES))
def test_native_io_is_not_seen_in_process_and_held_when_isolated(engine: Engine, tmp_path: Path,
                                                                 library: str) -> None:
    """Their files are opened in C, C++ or Rust, where no audit event is raised; in the isolated REPL the OS
    refuses them, and the run says so in the guard's words."""
    pytest.importorskip(MODULES[library])
    written = tmp_path / f"in-process-{library}.out"
    attempt(engine, NATIVE_WRITES[library].replace("{path}", str(written)))
    assert written.exists()
    if sandbox.landlock_abi() >= 1:
        held = tmp_path / f"isolated-{library}.out"
        run = attempt(engine, NATIVE_WRITES[library].replace("{path}", str(held)), isolated=True)
        assert not held.exists(), output(run)
        assert "rlm guard" in output(run) and any(a.by == "os" or a.refused for a in run.guard)


# -- what others do for the run ----------------------------------------------------------------------------------------
@pytest.mark.slow
def test_a_remote_peer_acts_outside_the_guard(engine: Engine, tmp_path: Path) -> None:
    """A Dask worker (or a Spark executor) is another process: what it runs for the model is not watched."""
    pytest.importorskip("distributed")
    from distributed import Client, LocalCluster

    written = tmp_path / "from-a-worker"
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        code = (f"def write():\n    open({str(written)!r}, 'w').close()\n    return 'wrote'\n"
                "print(client.submit(write, pure=False).result(timeout=120))")
        run = attempt(engine, code, {"client": client})
    assert written.exists(), output(run)


def test_a_lookup_inside_connect_happens_before_the_guard_sees_it() -> None:
    """``socket.connect(("name", port))`` resolves the name in C, with no ``socket.getaddrinfo`` event: the guard
    sees the connect (and refuses a name that is not loopback) only after the lookup went out. Shown with
    ``localhost``, which needs no network."""
    seen: list[tuple[str, Any]] = []
    recording = [True]

    def record(event: str, args: tuple[Any, ...]) -> None:
        if recording[0] and event.startswith("socket."):
            seen.append((event, args[1] if event == "socket.connect" else args[0]))

    sys.addaudithook(record)
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    try:
        with socket.socket() as client:
            client.connect(("localhost", server.getsockname()[1]))
    finally:
        recording[0] = False
        server.close()
    events = [event for event, _ in seen]
    assert "socket.connect" in events and "socket.getaddrinfo" not in events
    assert next(args for event, args in seen if event == "socket.connect")[0] == "localhost"  # the name, unresolved
