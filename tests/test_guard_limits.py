"""What the in-process guard cannot stop (issue 26, point 2), each shown as it is, and held by the isolated REPL.

The README's "Security" section lists these limits and names the test that shows each one. A test here
passes when the limit is real (the action goes through with the guard on); where the isolated REPL is the
answer, the same action is tried there and must fail. Should CPython or a library close one of these
holes (an audit event for ``multiprocessing``'s spawn, say), its test fails, and the README must change.
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
from rlm_jupyter.engine.isolation import sandbox

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


# -- native I/O of pyarrow, polars and DuckDB ------------------------------------------------------------------------
NATIVE_WRITES = {
    "pyarrow": "import pyarrow as pa, pyarrow.parquet as pq\npq.write_table(pa.table({'a': [1]}), '{path}')",
    "polars": "import polars as pl\npl.DataFrame({'a': [1]}).write_csv('{path}')",
    "DuckDB": "import duckdb\nduckdb.sql(\"COPY (SELECT 1 AS a) TO '{path}' (FORMAT csv)\")",
}


@pytest.mark.parametrize("library", list(NATIVE_WRITES))
def test_native_io_is_not_seen_in_process_and_held_when_isolated(engine: Engine, tmp_path: Path,
                                                                 library: str) -> None:
    pytest.importorskip({"pyarrow": "pyarrow", "polars": "polars", "DuckDB": "duckdb"}[library])
    written = tmp_path / f"in-process-{library}.out"
    attempt(engine, NATIVE_WRITES[library].replace("{path}", str(written)))
    assert written.exists()  # the limit: their files are opened in C++/Rust, where no audit event is raised
    if sandbox.landlock_abi() >= 1:
        held = tmp_path / f"isolated-{library}.out"
        run = attempt(engine, NATIVE_WRITES[library].replace("{path}", str(held)), isolated=True)
        assert not held.exists(), output(run)


# -- threads and processes the interpreter does not show -------------------------------------------------------------
def test_a_thread_started_with__thread_directly_is_not_seen(engine: Engine, tmp_path: Path) -> None:
    marker = tmp_path / "marker"
    run = attempt(engine, f"import _thread, os, time\n_thread.start_new_thread(os.system, ('touch {marker}',))\n"
                          f"for _ in range(600):\n    if os.path.exists('{marker}'):\n        break\n"
                          "    time.sleep(0.05)")
    assert marker.exists() and run.guard == []  # threading.Thread would have been seen (tests/test_guard.py)


def test_multiprocessing_spawn_is_not_seen(engine: Engine, tmp_path: Path) -> None:
    """3.11 raises no audit event for spawn's fork_exec (the fork start method's os.fork is refused)."""
    written = tmp_path / "spawned"
    code = ("import multiprocessing\nctx = multiprocessing.get_context('spawn')\n"
            f"p = ctx.Process(target=exec, args=(\"open({str(written)!r}, 'w').close()\",))\np.start(); p.join(120)\n"
            "print('exit', p.exitcode)")
    run = attempt(engine, code)
    assert written.exists(), output(run)


def test_a_thread_left_running_after_the_run_is_no_longer_watched(engine: Engine, tmp_path: Path) -> None:
    written, later = tmp_path / "later", threading.Event()
    code = ("import threading\ndef wait_then_write():\n    go.wait(60)\n"
            f"    open({str(written)!r}, 'w').close()\n    done.set()\n"
            "threading.Thread(target=wait_then_write, daemon=True).start()\nprint('left a thread')")
    done = threading.Event()
    attempt(engine, code, {"go": later, "done": done})
    later.set()  # the run has ended: the thread's code is nobody's now
    assert done.wait(60) and written.exists()


# -- code written to defeat it --------------------------------------------------------------------------------------
def test_code_written_to_defeat_the_guard_can(engine: Engine, tmp_path: Path) -> None:
    marker = tmp_path / "marker"
    code = ("import sys, os\nsys.modules['rlm_jupyter.engine.guard']._watched = {}\n"
            f"os.system('touch {marker}')")
    run = attempt(engine, code)
    assert marker.exists() and run.guard == []  # not a sandbox: the isolated REPL is, for untrusted data


def test_cffi_the_kernel_already_imported_is_reachable(engine: Engine) -> None:
    """The guard refuses loading cffi's backend; a module already loaded raises no import event."""
    cffi = pytest.importorskip("cffi")
    cffi.FFI()  # the user's (or a library's) own use, before the run: ``_cffi_backend`` is loaded
    run = attempt(engine, "import cffi\nffi = cffi.FFI()\nffi.cdef('int getpid(void);')\n"
                          "print(ffi.dlopen(None).getpid())")
    assert output(run).strip() == str(os.getpid())


# -- what the run was handed, and who else acts for it ----------------------------------------------------------------
def test_an_object_handed_to_the_run_acts_for_it(engine: Engine, tmp_path: Path) -> None:
    """An open file (or an open requests.Session, a database connection) was checked when the user opened it."""
    target = tmp_path / "opened-by-the-user.txt"
    with target.open("w") as handle:
        attempt(engine, "log.write('written through the handle')", {"log": handle})
    assert target.read_text() == "written through the handle"


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


@ISOLATION
def test_isolation_holds_what_code_written_to_defeat_the_guard_does(engine: Engine, tmp_path: Path) -> None:
    marker = tmp_path / "marker"
    code = ("import sys, os\nsys.modules['rlm_jupyter.engine.guard']._watched = {}\n"
            f"print(os.system('touch {marker} 2>/dev/null'))")
    run = attempt(engine, code, isolated=True)
    assert not marker.exists(), output(run)  # the shell ran, under the REPL's limits, and could not write
